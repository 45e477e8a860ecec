"""The engine's public facade. Faces import from here and nothing below it.

    from context_center.engine import open_engine
    with open_engine(state_root=..., workspace=...) as engine:
        engine.facts()
"""
from .errors import (
    AlreadyActive,
    EngineError,
    InvalidInput,
    NameConflict,
    NotFound,
    PinnedBudgetExceeded,
    RefusedError,
    RevisionConflict,
    ScopeConflict,
    SensitiveContent,
    StorageError,
    SubjectConflict,
)
from .facade import Engine, open_engine
from .instructions.resolver import InstructionDiagnostic, InstructionDocument, InstructionSet
from .memory.fact_input import FactFields, FactInput, WriteResult, validate_fact_input
from .memory.fields import FACT_CHOICES
from .memory.revision_changes import changed_fields, describe_change
from .recall.recall_records import RecallHit, RecallResult, Rejection
from .records import PINNED_BUDGET_CHARS, ArchivedFact, Change, Diagnostic, Fact, Revision, SessionContext, Subject
from .storage.paths import (
    StorePaths,
    default_state_root,
    detect_workspace,
    reasonix_state_roots,
    state_root_from_environment,
)

__all__ = [
    "Acceptance", "AlreadyActive", "ArchivedFact", "Change", "Diagnostic", "Dismissal",
    "Engine", "EngineError", "Evidence", "Fact", "FACT_CHOICES", "FactFields", "FactInput",
    "InstructionDiagnostic", "InstructionDocument", "InstructionSet", "InvalidInput",
    "MemoryCandidate", "NameConflict", "NotFound", "PINNED_BUDGET_CHARS", "PinnedBudgetExceeded",
    "RecallHit", "RecallResult", "RefusedError", "Rejection", "Revision", "RevisionConflict",
    "ScopeConflict", "SensitiveContent", "SessionContext", "SkillCandidate", "StorageError",
    "StorePaths", "Subject", "SubjectConflict", "SuggestionSet", "WriteResult",
    "changed_fields", "default_skill_folder", "default_state_root", "describe_change", "detect_workspace",
    "open_engine", "reasonix_state_roots", "skill_file", "state_root_from_environment", "validate_fact_input",
]


_LAZY = {"Acceptance", "Dismissal", "Evidence", "MemoryCandidate", "SkillCandidate", "SuggestionSet",
         "default_skill_folder", "skill_file"}


def __getattr__(name: str):
    """Suggestion records load on first use: the command line's hot paths never need them."""
    if name == "Acceptance":
        from .suggestions.service import Acceptance

        return Acceptance
    if name in _LAZY:
        from .suggestions import candidates as suggestions

        return getattr(suggestions, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
