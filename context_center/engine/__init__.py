"""The engine's public face. Faces import from here and nothing below it.

    from context_center.engine import open_engine
    with open_engine(state_root=..., workspace=...) as engine:
        engine.facts()

What every command needs is imported with the package; the rest (:data:`_LAZY`) loads on first
use, so the command line's hot paths (``memory show``, the hook) never pay for the agents' room,
the suggestions' records or the agents' views of the instructions.
"""
from __future__ import annotations

import importlib
from typing import Any

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
from .facade import Engine
from .fact_views import FactView
from .grounding.check import FACT_STATES as GROUNDING_STATES
from .grounding.check import Grounding, RefCheck
from .instructions.agent_rules import AGENTS as INSTRUCTION_AGENTS
from .instructions.agent_rules import DISPLAY_NAMES as AGENT_DISPLAY_NAMES
from .instructions.resolver import InstructionDiagnostic, InstructionDocument, InstructionSet
from .memory.fact_input import FactFields, FactInput, WriteResult, validate_fact_input
from .memory.fields import FACT_CHOICES, SCOPES
from .memory.limits import describe as limit_text
from .memory.purge import PurgeReport
from .memory.revision_changes import changed_fields, describe_change
from .memory.sensitive import mask_personal
from .opening import open_engine, open_global_engine
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
from .storage.user_config import ConfigError, StateRootChoice, choose_state_root
from .team.status import TeamStatus

# public name → "module:attribute" under this package, imported on first use
_LAZY = {
    # the injection record (recall/)
    "Injection": "recall.injection_log:Injection", "WhyNot": "recall.injection_log:WhyNot",
    # suggestions from transcripts (suggestions/) and agents' proposals (memory/proposals)
    "Acceptance": "suggestions.service:Acceptance", "Dismissal": "suggestions.candidates:Dismissal",
    "Evidence": "suggestions.candidates:Evidence", "LeftOut": "suggestions.candidates:LeftOut",
    "MemoryCandidate": "suggestions.candidates:MemoryCandidate",
    "SkillCandidate": "suggestions.candidates:SkillCandidate", "SuggestionSet": "suggestions.candidates:SuggestionSet",
    "default_skill_folder": "suggestions.candidates:default_skill_folder",
    "skill_file": "suggestions.candidates:skill_file",
    "name_from_title": "memory.memory_service:name_from_title",
    "ArchiveDeletion": "memory.archive_deletion:ArchiveDeletion",
    "Proposal": "memory.proposals:Proposal", "STALE_DAYS": "memory.proposals:STALE_DAYS",
    # each agent's view of the instructions (instructions/)
    "AgentComparison": "instructions.agent_compare:AgentComparison",
    "AgentDifference": "instructions.agent_compare:AgentDifference", "FileRow": "instructions.agent_compare:FileRow",
    "AgentDocument": "instructions.agent_view:AgentDocument", "AgentHomes": "instructions.agent_view:AgentHomes",
    "AgentView": "instructions.agent_view:AgentView", "DOCUMENT_STATUS_WORDS": "instructions.agent_view:SHORT_STATUS",
    "Meter": "instructions.agent_view:Meter",
    "DOCUMENT_STATUSES": "instructions.agent_view:STATUSES",
    # whether the agents followed each rule (adherence/)
    "AdherenceReport": "adherence.report:AdherenceReport", "RuleReport": "adherence.report:RuleReport",
    "ADHERENCE_AGENTS": "adherence:AGENTS", "ADHERENCE_DAYS": "adherence:DEFAULT_DAYS",
    # importing what other agents remember (importers/: engine.import_memories)
    "import_memories": "importers.service:import_memories", "IMPORT_SOURCES": "importers.labels:SOURCE_LABELS",
    "ImportReport": "importers.records:ImportReport", "ImportItem": "importers.records:ImportItem",
    # the agents' room: the context-eng contract over MCP (agents/, above the facade)
    "AgentMemoryService": "agents.service:AgentMemoryService", "tool_handlers": "agents.service:tool_handlers",
    "AgentStore": "agents.agent_store:AgentStore", "Judge": "agents.agent_search:Judge",
    "open_agent_memory": "agents.service:open_agent_memory", "open_agent_store": "agents.service:open_agent_store",
    "server_policy": "agents.service:server_policy", "server_judge": "agents.service:server_judge",
    "POLICIES": "agents.policy:POLICIES", "POLICY_SETTING": "agents.policy:POLICY_SETTING",
    "AgentRefusal": "contract.refusals:AgentRefusal", "AGENT_CODES": "contract.refusals:CODES",
    "json_said": "contract.refusals:said", "json_type": "contract.refusals:json_type",
    "configure_judge": "judge.config:configure_judge", "set_judge_key": "judge.config:set_judge_key",
    "clear_judge_key": "judge.config:clear_judge_key", "judge_settings": "judge.config:judge_settings",
    "open_judge": "judge.config:open_judge", "keyring_problem": "judge.config:keyring_problem",
    "describe_judge": "judge.config:describe", "JudgeError": "judge.client:JudgeError",
    "guidance_block": "agents.guidance:guidance_block", "write_guidance": "agents.guidance:write_guidance",
    "TOOLS": "contract.tool_schemas:TOOLS", "TOOL_NAMES": "contract.tool_schemas:NAMES",
    "TOOL_HINT_KINDS": "contract.tool_schemas:HINT_KINDS", "TOOL_MAP_SCOPES": "contract.tool_schemas:MAP_SCOPES",
    # what context costs each agent (costs/: engine.costs, engine.overview())
    "ContextCosts": "costs.report:ContextCosts", "CostReport": "costs.report:CostReport",
    "AgentCost": "costs.report:AgentCost", "COST_KINDS": "costs.report:KINDS",
    "daily_injections": "costs.report:daily_injections", "TOKEN_METHOD": "text.tokens:METHOD",
    "counted": "text.counting:counted",
    "StoreOverview": "costs.overview:StoreOverview", "store_overview": "costs.overview:overview",
    "AgentLink": "costs.overview:AgentLink",
    # the HTTP server's tokens (agents/server_token)
    "create_server_token": "agents.server_token:create_server_token",
    "revoke_server_token": "agents.server_token:revoke_server_token",
    "server_token_status": "agents.server_token:server_token_status",
    "server_tokens": "agents.server_token:server_tokens", "token_matches": "agents.server_token:token_matches",
    "TokenExists": "agents.server_token:TokenExists", "TokenGrant": "agents.server_token:TokenGrant",
    "stored_tokens": "agents.server_token:stored_tokens", "given_token": "agents.server_token:given_token",
    "matching_grant": "agents.server_token:matching_grant",
    # the review queue (review/: engine.review)
    "MemoryReview": "review.service:MemoryReview", "ReviewItem": "review.items:ReviewItem",
    "REVIEW_KINDS": "review.items:KINDS", "REVIEW_TEAM_NOTE": "review.service:TEAM_NOTE",
    # the team's pre-commit hook (team/)
    "install_hook": "team.hook:install_hook", "uninstall_hook": "team.hook:uninstall_hook",
    "HookReport": "team.hook:HookReport", "HookConflict": "team.hook:HookConflict",
    "check_staged": "team.staged_check:check_staged", "StagedProblem": "team.staged_check:StagedProblem",
    "StagedReport": "team.staged_check:StagedReport",
    "TeamChange": "team.commit:TeamChange", "TeamCommit": "team.commit:TeamCommit",
    "TeamCheckFailed": "team.commit:TeamCheckFailed",
    # the user's config file (storage/user_config)
    "read_config": "storage.user_config:read_config", "set_state_root": "storage.user_config:set_state_root",
    "unset_state_root": "storage.user_config:unset_state_root", "config_file": "storage.user_config:config_file",
    "platform_default_state_root": "storage.user_config:platform_default",
    # agents wired to the store (wiring/)
    "doctor": "wiring.doctor:doctor", "DoctorReport": "wiring.doctor:DoctorReport",
    "doctor_sample_prompt": "wiring.doctor:sample_prompt",
    "connect_plan": "wiring.connect:plan", "connect_apply": "wiring.connect:apply",
    "ConnectEdit": "wiring.connect:Edit",
    "ChangedMeanwhile": "wiring.connect:ChangedMeanwhile", "CONNECTABLE_AGENTS": "wiring.connect:AGENTS",
    "AGENT_NAMES": "wiring.agent_files:AGENT_NAMES",
}

__all__ = [
    "AGENT_DISPLAY_NAMES", "AlreadyActive", "ArchivedFact", "Change", "ConfigError", "Diagnostic", "Engine",
    "EngineError", "StateRootChoice", "choose_state_root",
    "FACT_CHOICES", "Fact", "FactFields", "FactInput", "FactView", "GROUNDING_STATES", "Grounding", "RefCheck",
    "INSTRUCTION_AGENTS", "InstructionDiagnostic",
    "InstructionDocument", "InstructionSet", "InvalidInput", "NameConflict", "NotCommitted", "NotFound",
    "PINNED_BUDGET_CHARS", "PinnedBudgetExceeded", "PurgeReport", "RecallHit", "RecallResult", "RefusedError",
    "Rejection", "Revision", "RevisionConflict", "SCOPES", "ScopeConflict", "SensitiveContent", "SessionContext",
    "StorageError", "StorePaths", "Subject", "SubjectConflict", "TEAM", "TeamStatus", "WriteResult",
    "changed_fields", "default_state_root", "describe_change", "detect_workspace", "import_deferred_modules",
    "limit_text",
    "mask_personal", "open_engine", "open_global_engine", "reasonix_state_roots", "state_root_from_environment",
    "validate_fact_input", *_LAZY,
]


def __getattr__(name: str) -> Any:
    """A name of :data:`_LAZY`, imported on first use (and kept: the next use is a plain lookup)."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = where.split(":")
    value = getattr(importlib.import_module(f".{module}", __name__), attribute)
    globals()[name] = value
    return value
