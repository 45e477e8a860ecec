"""The engine's errors: a small tree every face shows its own way.

- :class:`RefusedError` — the user can fix it (bad input, a conflict, a budget).
  It carries a stable ``code`` that the CLI prints and the MCP server returns.
- :class:`StorageError` — the environment broke (disk, lock, catalog).
- Anything else is a bug and propagates unchanged.

Messages say what happened in words that fit every face. What the user can do
next is a ``hint``, one of :data:`HINTS`, that each face words its own way (the
CLI names a command, the window a tab), never a command line in the message.
"""
from __future__ import annotations

HINTS = (
    "find_fact",        # a fact was not found: list the facts, or the archive
    "archived_paths",   # an archive path was not found: list the archive
    "revisions",        # a revision was not found: list the revisions of the fact
    "redact_secrets",   # a secret was refused: it can be stored masked instead
    "diagnostics",      # a file on disk is in the way: see the store's diagnostics
    "suggestions",      # a suggestion was not found: list the open ones
    "dismissed_suggestions",  # a dismissal was not found: list the dismissed ones
    "move",             # a scope change asked of an edit: a move does it
    "set_up_sync",      # sync was asked of a state root that has no remote yet
    "review",           # a review item was not found: list the review again
    "review_history",   # a review decision was not found: list what was decided
    "review_dismissed",  # a review item is not dismissed: list what is
    "align_source",     # an align needs the file whose text becomes AGENTS.md: name it
)


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "ENGINE_ERROR"

    def __init__(self, message: str, *, hint: str | None = None, **details: object) -> None:
        super().__init__(message)
        assert hint is None or hint in HINTS, hint
        self.message = message
        self.hint = hint
        self.details = details

    def to_json(self) -> dict[str, object]:
        return {"error": self.code, "message": self.message}


class RefusedError(EngineError):
    """An operation the engine refused; nothing was written."""


class NotFound(RefusedError):
    """No fact, revision, archive entry, review item or rule of that name or id (the message says which)."""

    code = "NOT_FOUND"


class RevisionConflict(RefusedError):
    """The fact changed since it was read (another process, or another window): read it again."""

    code = "REVISION_CONFLICT"


class SubjectConflict(RefusedError):
    """Another active fact of the scope already holds this subject key with another value."""

    code = "SUBJECT_CONFLICT"


class NameConflict(RefusedError):
    """Another fact of the scope already has this name."""

    code = "NAME_CONFLICT"


class ScopeConflict(RefusedError):
    """The change would move a fact between scopes, which a move does, not an edit."""

    code = "SCOPE_CONFLICT"


class PinnedBudgetExceeded(RefusedError):
    """Pinning this fact would take the pinned facts past their character budget."""

    code = "PINNED_BUDGET"


class AlreadyActive(RefusedError):
    """The archived fact's name or id is held by an active fact again."""

    code = "ALREADY_ACTIVE"


class InvalidInput(RefusedError):
    """A value is not what the field or option takes (the message names it and what is)."""

    code = "INVALID_INPUT"


class SensitiveContent(RefusedError):
    """The text holds what looks like a secret; it is refused where it would reach a prompt."""

    code = "SENSITIVE_CONTENT"


class NotCommitted(RefusedError):
    """A team fact's content that git does not hold would be lost (forgetting it deletes the file)."""

    code = "NOT_COMMITTED"


class StorageError(EngineError):
    """The disk, a lock or the catalog failed; retrying may help."""

    code = "STORAGE_ERROR"
