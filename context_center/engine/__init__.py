"""The engine's public facade. Faces import from here and nothing below it.

    from context_center.engine import open_engine
    with open_engine(state_root=..., workspace=...) as engine:
        engine.facts()
"""
from .deferred_imports import import_deferred_modules
from .errors import (
    AlreadyActive,
    EngineError,
    InvalidInput,
    NameConflict,
    NotCommitted,
    NotFound,
    PinnedBudgetExceeded,
    RefusedError,
    RevisionConflict,
    ScopeConflict,
    SensitiveContent,
    StorageError,
    SubjectConflict,
)
from .facade import Engine, open_engine, open_global_engine
from .instructions.agent_rules import AGENTS as INSTRUCTION_AGENTS
from .instructions.agent_rules import DISPLAY_NAMES as AGENT_DISPLAY_NAMES
from .instructions.resolver import InstructionDiagnostic, InstructionDocument, InstructionSet
from .memory.fact_input import FactFields, FactInput, WriteResult, validate_fact_input
from .memory.fields import FACT_CHOICES, SCOPES
from .memory.memory_service import PurgeReport
from .memory.revision_changes import changed_fields, describe_change
from .memory.sensitive import mask_personal
from .recall.injection_log import Injection, WhyNot
from .recall.recall_records import RecallHit, RecallResult, Rejection
from .records import PINNED_BUDGET_CHARS, ArchivedFact, Change, Diagnostic, Fact, Revision, SessionContext, Subject
from .storage.paths import (
    TEAM,
    StorePaths,
    default_state_root,
    detect_workspace,
    reasonix_state_roots,
    state_root_from_environment,
)
from .team.status import TeamStatus

# the agents' room (MCP): name → its module under .agents, loaded only by the faces that use it
_AGENTS = {
    "AgentMemoryService": "service", "tool_handlers": "service", "open_agent_memory": "service",
    "open_agent_store": "service", "server_policy": "service", "server_judge": "service",
    "POLICIES": "policy", "POLICY_SETTING": "policy", "AgentRefusal": "refusals", "AGENT_CODES": "refusals",
    "configure_judge": "judge_config", "set_judge_key": "judge_config", "clear_judge_key": "judge_config",
    "judge_settings": "judge_config", "open_judge": "judge_config", "keyring_problem": "judge_config",
    "describe_judge": "judge_config", "JudgeError": "judge", "guidance_block": "guidance",
    "write_guidance": "guidance", "Proposal": "review", "STALE_DAYS": "review",
}
# importing what other agents remember: name → its module under .importers
_IMPORTERS = {"IMPORT_SOURCES": "labels", "ImportReport": "records", "ImportItem": "records"}

__all__ = [
    "AGENT_DISPLAY_NAMES", "AgentComparison", "AgentDifference", "AgentDocument", "AgentHomes", "AgentView",
    "DOCUMENT_STATUS_WORDS", "DOCUMENT_STATUSES", "FileRow", "INSTRUCTION_AGENTS",
    "Acceptance", "AlreadyActive", "ArchivedFact", "Change", "Diagnostic", "Dismissal",
    "Engine", "EngineError", "Evidence", "Fact", "FACT_CHOICES", "FactFields", "FactInput",
    "Injection", "InstructionDiagnostic", "InstructionDocument", "InstructionSet", "InvalidInput",
    "MemoryCandidate", "NameConflict", "PurgeReport", "NotFound", "PINNED_BUDGET_CHARS", "PinnedBudgetExceeded",
    "RecallHit", "RecallResult", "RefusedError", "Rejection", "Revision", "RevisionConflict",
    "NotCommitted", "SCOPES", "TEAM", "TeamStatus",
    "ScopeConflict", "SensitiveContent", "SessionContext", "SkillCandidate", "StorageError",
    "StorePaths", "Subject", "SubjectConflict", "SuggestionSet", "WhyNot", "WriteResult",
    "changed_fields", "default_skill_folder", "default_state_root", "describe_change", "detect_workspace",
    "import_deferred_modules", "mask_personal",
    "open_engine", "open_global_engine", "reasonix_state_roots", "skill_file", "state_root_from_environment",
    "validate_fact_input", *_AGENTS, *_IMPORTERS,
]


# --- issue 16: the HTTP server's token and the team pre-commit hook (name → module under engine) ---
_SHARING = {
    "create_server_token": "agents.server_token", "revoke_server_token": "agents.server_token",
    "server_token_status": "agents.server_token", "server_tokens": "agents.server_token",
    "token_matches": "agents.server_token", "TokenExists": "agents.server_token",
    "TokenGrant": "agents.server_token", "stored_tokens": "agents.server_token",
    "given_token": "agents.server_token", "matching_grant": "agents.server_token",
    "install_hook": "team.hook", "uninstall_hook": "team.hook", "HookReport": "team.hook",
    "HookConflict": "team.hook", "check_staged": "team.staged_check", "StagedProblem": "team.staged_check",
    "StagedReport": "team.staged_check",
}
__all__ += list(_SHARING)
# --- end issue 16 ---

# each agent's view of the instructions: name → (module under .instructions, its name there); loaded
# on first use, not by every command
_AGENT_VIEWS = {
    "AgentComparison": ("agent_compare", "AgentComparison"), "AgentDifference": ("agent_compare", "AgentDifference"),
    "FileRow": ("agent_compare", "FileRow"), "AgentDocument": ("agent_view", "AgentDocument"),
    "AgentHomes": ("agent_view", "AgentHomes"), "AgentView": ("agent_view", "AgentView"),
    "DOCUMENT_STATUS_WORDS": ("agent_view", "SHORT_STATUS"), "DOCUMENT_STATUSES": ("agent_view", "STATUSES"),
}
_LAZY = {"Acceptance", "Dismissal", "Evidence", "MemoryCandidate", "SkillCandidate", "SuggestionSet",
         "default_skill_folder", "skill_file"}
_RENAMED = {"AGENT_CODES": "CODES", "describe_judge": "describe"}


def __getattr__(name: str):
    """Suggestion records, agents' views and the agents' room load on first use: the command
    line's hot paths never need them."""
    if name == "Acceptance":
        from .suggestions.service import Acceptance

        return Acceptance
    if name in _LAZY:
        from .suggestions import candidates as suggestions

        return getattr(suggestions, name)
    if name in _AGENTS:
        import importlib

        module = importlib.import_module(f".agents.{_AGENTS[name]}", __name__)
        return getattr(module, _RENAMED.get(name, name))
    if name in _AGENT_VIEWS:
        import importlib

        module_name, attribute = _AGENT_VIEWS[name]
        return getattr(importlib.import_module(f".instructions.{module_name}", __name__), attribute)
    if name in _SHARING:  # issue 16
        import importlib

        return getattr(importlib.import_module(f".{_SHARING[name]}", __name__), name)
    if name in _IMPORTERS:
        import importlib

        module = importlib.import_module(f".importers.{_IMPORTERS[name]}", __name__)
        return getattr(module, "SOURCE_LABELS" if name == "IMPORT_SOURCES" else name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
