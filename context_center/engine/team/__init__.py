"""The team scope's history, archive and status, which are git's.

Team facts live in the workspace (``.context-center/memory/<name>.md``) and are committed with
the code, so their history is the repository's: no ``.revisions/``, ``.archive/`` or
``MEMORY.md`` of ours goes there. A revision is a commit, a forgotten fact is the file's deletion,
an uncommitted change is the work tree's. Without git, or outside a repository, the folder is
plain files: history is then just the current file, and the engine says so.

It also holds the pre-commit check of staged team facts (``hook``, ``staged_check``)."""
