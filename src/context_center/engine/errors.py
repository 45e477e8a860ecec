"""The engine's errors: a small tree every face shows its own way.

- :class:`RefusedError` — the user can fix it (bad input, a conflict, a budget).
  It carries a stable ``code`` that the CLI prints and the MCP server returns.
- :class:`StorageError` — the environment broke (disk, lock, catalog).
- Anything else is a bug and propagates unchanged.
"""
from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "ENGINE_ERROR"

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def to_json(self) -> dict[str, object]:
        return {"error": self.code, "message": self.message}


class RefusedError(EngineError):
    """An operation the engine refused; nothing was written."""


class NotFound(RefusedError):
    code = "NOT_FOUND"


class RevisionConflict(RefusedError):
    code = "REVISION_CONFLICT"


class SubjectConflict(RefusedError):
    code = "SUBJECT_CONFLICT"


class NameConflict(RefusedError):
    code = "NAME_CONFLICT"


class ScopeConflict(RefusedError):
    code = "SCOPE_CONFLICT"


class PinnedBudgetExceeded(RefusedError):
    code = "PINNED_BUDGET"


class AlreadyActive(RefusedError):
    code = "ALREADY_ACTIVE"


class InvalidInput(RefusedError):
    code = "INVALID_INPUT"


class SensitiveContent(RefusedError):
    code = "SENSITIVE_CONTENT"


class StorageError(EngineError):
    """The disk, a lock or the catalog failed; retrying may help."""

    code = "STORAGE_ERROR"
