"""The engine's public face. Faces import from here and nothing below it.

    from context_center.engine import open_engine
    with open_engine(state_root=..., workspace=...) as engine:
        engine.facts()

What every command needs is imported with the package; the rest (:data:`_LAZY`) loads on first
use, so the command line's hot paths (``memory show``, the hook) never pay for the agents' room,
the suggestions' records or the agents' views of the instructions.

It exports what the faces use, and what the suite drives as a face would (126 names; a test holds
each to a use, and these counts to the lists): 50 with the package — opening a store and choosing
its root, the engine, facts and their fields, the errors the faces word, the instruction chain's
names, and the bulk loader's three (the window frees a large list off its thread) — and 76 on
first use: the agents' room and the
MCP server's tokens (34: the MCP face), suggestions and agents' proposals (12), agents wired to the
store and doctor (8), each agent's view of the instructions (7), the user's config file (4), the
team's pre-commit hook (3), and the review, the costs, the importers and adherence (2 each: a
type and a constant; their work is reached through the engine: ``engine.review``…).
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
from .instructions.resolver import InstructionDiagnostic, InstructionSet
from .memory.fact_input import FactFields, FactInput, WriteResult, validate_fact_input
from .memory.fields import FACT_CHOICES, SCOPES
from .memory.limits import describe as limit_text
from .memory.purge import PurgeReport
from .memory.revision_changes import changed_fields
from .memory.sensitive import mask_personal
from .opening import open_engine, open_global_engine
from .records import PINNED_BUDGET_CHARS, ArchivedFact, Change, Fact, Revision
from .storage.bulk_load import bulk_work_running, dismantle, paused_gc
from .storage.paths import StorePaths, detect_workspace, reasonix_state_roots
from .storage.user_config import ConfigError, StateRootChoice, choose_state_root
from .team.status import TeamStatus

# public name → "module:attribute" under this package, imported on first use
_LAZY = {
    # suggestions from transcripts (suggestions/) and agents' proposals (memory/proposals)
    "Acceptance": "suggestions.service:Acceptance", "Dismissal": "suggestions.candidates:Dismissal",
    "LeftOut": "suggestions.candidates:LeftOut",
    "MemoryCandidate": "suggestions.candidates:MemoryCandidate",
    "SkillCandidate": "suggestions.candidates:SkillCandidate", "SuggestionSet": "suggestions.candidates:SuggestionSet",
    "default_skill_folder": "suggestions.candidates:default_skill_folder",
    "skill_file": "suggestions.candidates:skill_file",
    "name_from_title": "memory.memory_service:name_from_title",
    "ArchiveDeletion": "memory.archive_deletion:ArchiveDeletion",
    "Proposal": "memory.proposals:Proposal", "STALE_DAYS": "memory.proposals:STALE_DAYS",
    # each agent's view of the instructions (instructions/)
    "AgentComparison": "instructions.agent_compare:AgentComparison",
    "FileRow": "instructions.agent_compare:FileRow",
    "AgentDocument": "instructions.agent_view:AgentDocument", "AgentHomes": "instructions.agent_view:AgentHomes",
    "AgentView": "instructions.agent_view:AgentView", "DOCUMENT_STATUS_WORDS": "instructions.agent_view:SHORT_STATUS",
    "Meter": "instructions.agent_view:Meter",
    # whether the agents followed each rule (adherence/)
    "ADHERENCE_AGENTS": "adherence:AGENTS", "ADHERENCE_DAYS": "adherence:DEFAULT_DAYS",
    # importing what other agents remember (importers/: engine.import_memories)
    "IMPORT_SOURCES": "importers.labels:SOURCE_LABELS",
    "ImportReport": "importers.records:ImportReport",
    # the agents' room: the context-eng contract over MCP (agents/, above the facade)
    "AgentMemoryService": "agents.service:AgentMemoryService", "tool_handlers": "agents.service:tool_handlers",
    "AgentStore": "agents.agent_store:AgentStore", "Judge": "agents.agent_search:Judge",
    "open_agent_memory": "agents.service:open_agent_memory", "open_agent_store": "agents.service:open_agent_store",
    "server_policy": "agents.service:server_policy", "server_judge": "agents.service:server_judge",
    "POLICIES": "agents.policy:POLICIES", "POLICY_SETTING": "agents.policy:POLICY_SETTING",
    "AgentRefusal": "contract.refusals:AgentRefusal",
    "json_said": "contract.refusals:said", "json_type": "contract.refusals:json_type",
    "configure_judge": "judge.config:configure_judge", "set_judge_key": "judge.config:set_judge_key",
    "clear_judge_key": "judge.config:clear_judge_key",
    "open_judge": "judge.config:open_judge", "keyring_problem": "judge.config:keyring_problem",
    "describe_judge": "judge.config:describe", "JudgeError": "judge.client:JudgeError",
    "guidance_block": "agents.guidance:guidance_block", "write_guidance": "agents.guidance:write_guidance",
    "TOOLS": "contract.tool_schemas:TOOLS", "TOOL_NAMES": "contract.tool_schemas:NAMES",
    "TOOL_HINT_KINDS": "contract.tool_schemas:HINT_KINDS", "TOOL_MAP_SCOPES": "contract.tool_schemas:MAP_SCOPES",
    # what context costs each agent (costs/: engine.costs, engine.overview())
    "counted": "text.counting:counted",
    "StoreOverview": "costs.overview:StoreOverview",
    # the HTTP server's tokens (agents/server_token)
    "create_server_token": "agents.server_token:create_server_token",
    "revoke_server_token": "agents.server_token:revoke_server_token",
    "server_token_status": "agents.server_token:server_token_status",
    "TokenExists": "agents.server_token:TokenExists", "TokenGrant": "agents.server_token:TokenGrant",
    "stored_tokens": "agents.server_token:stored_tokens", "given_token": "agents.server_token:given_token",
    "matching_grant": "agents.server_token:matching_grant",
    # the review queue (review/: engine.review)
    "MemoryReview": "review.service:MemoryReview",
    "REVIEW_TEAM_NOTE": "review.service:TEAM_NOTE",
    # the team's pre-commit hook (team/)
    "install_hook": "team.hook:install_hook", "uninstall_hook": "team.hook:uninstall_hook",
    "check_staged": "team.staged_check:check_staged",
    # the user's config file (storage/user_config)
    "set_state_root": "storage.user_config:set_state_root",
    "unset_state_root": "storage.user_config:unset_state_root", "config_file": "storage.user_config:config_file",
    "platform_default_state_root": "storage.user_config:platform_default",
    # agents wired to the store (wiring/)
    "doctor": "wiring.doctor:doctor", "DoctorReport": "wiring.doctor:DoctorReport",
    "doctor_sample_prompt": "wiring.doctor:sample_prompt",
    "connect_plan": "wiring.connect:plan", "connect_apply": "wiring.connect:apply",
    "ChangedMeanwhile": "wiring.connect:ChangedMeanwhile", "CONNECTABLE_AGENTS": "wiring.connect:AGENTS",
    "AGENT_NAMES": "wiring.agent_files:AGENT_NAMES",
}

__all__ = [
    "bulk_work_running",
    "dismantle",
    "paused_gc",
    "AGENT_DISPLAY_NAMES", "AlreadyActive", "ArchivedFact", "Change", "ConfigError", "Engine",
    "EngineError", "StateRootChoice", "choose_state_root",
    "FACT_CHOICES", "Fact", "FactFields", "FactInput", "FactView", "GROUNDING_STATES", "Grounding", "RefCheck",
    "INSTRUCTION_AGENTS", "InstructionDiagnostic",
    "InstructionSet", "InvalidInput", "NameConflict", "NotCommitted", "NotFound",
    "PINNED_BUDGET_CHARS", "PinnedBudgetExceeded", "PurgeReport", "RefusedError",
    "Revision", "RevisionConflict", "SCOPES", "ScopeConflict", "SensitiveContent",
    "StorageError", "StorePaths", "SubjectConflict", "TeamStatus", "WriteResult",
    "changed_fields", "detect_workspace", "import_deferred_modules",
    "limit_text",
    "mask_personal", "open_engine", "open_global_engine", "reasonix_state_roots",
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
