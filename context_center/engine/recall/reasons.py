"""Why recall decided what it did, as a code and its values.

A reason is the English sentence agents and scripts read (``reason``, ``suppressed`` in the trace
and ``memory recall --json``); beside it the JSON carries its code and values (``reason_code``,
``reason_args``, ``suppressed_code``), so a face says the same in its own language (the window in
Chinese showed these sentences in English). The injection record keeps each reason's code and values
too, and a "why not" answer gives its reason and what it rests on (:data:`NOTES`) the same way. A
value the engine words itself (a grounding check's detail) stays as the engine said it.
"""
from __future__ import annotations

from ..memory.limits import HELD_BACK
from ..text.coded import Coded

# a decision about one fact: code → its English sentence, with the values named in braces
REASONS: dict[str, str] = {
    "matched": "matched {terms}; {scope} scope",
    "weak_match": "weak match: only {word} of {count} query terms",
    "pinned": "pinned: already in the session context",
    "overridden": "overridden by {ref} ({why})",
    "expired": "expired",
    **HELD_BACK,   # a fact kept to another worktree or branch
    "below_floor": "below the relative floor ({floor} × top score)",
    "broken_grounding": "broken grounding: {ref} ({detail})",
    "broken": "broken grounding",
    "over_budget": "does not fit the character budget",
    "over_limit": "over the limit of {limit}",
    "staged": "a staged proposal: not recalled until it is approved",
    "not_in_pool": "not in the recall pool",
    "no_term": "no search term of the prompt occurs in it",
    "turn_suppressed": "the whole turn was suppressed: {why}",
    # the session context's choices (a session start's record, and "why not" about one)
    "in_context": "pinned",
    "overridden_here": "overridden by {ref}",
    "staged_unused": "a staged proposal: not used until it is approved",
    "not_pinned": "not pinned: only pinned facts go into the session context",
}

# why a whole turn injected nothing: code → the sentence Reasonix's trace gives (ours where marked)
SUPPRESSIONS: dict[str, str] = {
    "generic": "generic user turn",
    "empty": "memory store is empty",
    "no_terms": "no searchable terms",
    "weak": "no sufficiently distinctive match",
    "budget": "matched facts exceeded recall budget",
    "broken": "matched facts cite code that is gone",                       # ours: grounded facts
    "elsewhere": "matched facts are kept to another worktree or branch",    # ours: a fact's limits
    "expired": "matched facts have expired",                                # ours: said, not "weak"
    "no_pinned": "no pinned facts",                                         # ours: a session's start
}

# what a "why not" answer rests on: code → its English clause (the clauses are joined by "; ")
NOTES: dict[str, str] = {
    "now": "decided on the facts as they are now",
    "asked_again": "the recorded prompt, secrets masked, asked again on the facts as they are now",
    "prompt_cut": "only its first {chars} characters were kept",
    "revised": "the fact is at revision {now} now, {then} then",
}
_SUPPRESSION_CODES = {sentence: code for code, sentence in SUPPRESSIONS.items()}


def suppression_code(sentence: str | None) -> str | None:
    """The code of a turn's suppression sentence (None: nothing suppressed, or not one of ours)."""
    return None if sentence is None else _SUPPRESSION_CODES.get(sentence)


class Reason(Coded):
    """A decision's English sentence (:data:`REASONS` ``[code]``), carrying its code and values."""

    TABLE = REASONS


class Note(Coded):
    """A clause of what a "why not" answer rests on (:data:`NOTES` ``[code]``)."""

    TABLE = NOTES
