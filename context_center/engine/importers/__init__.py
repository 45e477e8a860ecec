"""What other agents already remember, brought in as suggestions to review.

One module per source reads that agent's memory where it keeps it (``claude_code``,
``codex``, ``context_eng``) and answers :class:`~.records.Found` units; ``service``
checks each (secrets, already imported, duplicates) and writes the accepted ones as
staged facts, so they wait in the Suggestions tab and are never recalled before the
user promotes them.
"""
