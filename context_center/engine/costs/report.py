"""What context costs each agent: every source it receives, with its tokens and when it is paid.

A source is an instruction file (as the agent's own view resolves it: imports, cuts and drops
included), its memory index (Claude Code's MEMORY.md, Codex's memory summary), the pinned facts
(the session context, for the agents given it at a session's start), what the hook recalled on
recorded turns, and the MCP tools' listing (when the server is registered for that agent). It
answers for one workspace; the injection record is that workspace's.
"""
from __future__ import annotations

import datetime as dt
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from ..contract.tool_schemas import TOOLS
from ..instructions.agent_rules import AGENTS
from ..instructions.agent_view import AgentDocument, AgentHomes, AgentView
from ..memory.sensitive import redact, shown_ref
from ..text.tokens import METHOD, approximate_tokens, tokens_of_chars
from ..wiring.agent_files import agent_files, load
from ..wiring.registrations import MCP, Registration, find
from .advice import Advice, Asked, advise, asked
from .sources import KINDS, MEMORY_INDEX_SCOPES, CostSource

if TYPE_CHECKING:
    from ..facade import Engine
    from ..recall.injection_log import Injection
    from ..records import SessionContext

# the agents given the pinned facts at a session's start: Reasonix reads the store itself; Claude
# Code through the SessionStart hook, when it is registered
PINNED_NATIVELY = frozenset({"reasonix"})
SESSION_START = "SessionStart"
DAYS = 7


@dataclass(frozen=True)
class RecallCost:
    """What the hook injected into this agent's turns, as the injection record kept it."""
    turns: int
    mean_tokens: int
    p95_tokens: int
    last_7_days: tuple[int, ...]   # token totals per UTC day, oldest first, today last
    mean_chars: int = 0            # what a turn received, in characters (the record keeps no more)

    def to_json(self) -> dict[str, Any]:
        return {"turns": self.turns, "mean_tokens": self.mean_tokens, "p95_tokens": self.p95_tokens,
                "last_7_days": list(self.last_7_days)}


@dataclass(frozen=True)
class AgentCost:
    agent: str
    sources: tuple[CostSource, ...]     # the largest first
    recall: RecallCost | None
    method: str
    advice: tuple[Advice, ...] = ()
    limits: dict[str, Any] = field(default_factory=dict)   # the agent view's limits, for a face's bars

    @property
    def per_turn_tokens(self) -> int:
        return sum(s.tokens for s in self.sources if s.when == "every_turn")

    @property
    def session_start_tokens(self) -> int:
        return sum(s.tokens for s in self.sources if s.when == "session_start")

    def per_turn_by_kind(self) -> dict[str, int]:
        totals = dict.fromkeys(KINDS, 0)
        for source in self.sources:
            if source.when == "every_turn":
                totals[source.kind] += source.tokens
        return totals

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "per_turn_tokens": self.per_turn_tokens,
                "session_start_tokens": self.session_start_tokens, "sources": [s.to_json() for s in self.sources],
                "recall": self.recall.to_json() if self.recall is not None else None, "method": self.method,
                "advice": [a.to_json() for a in self.advice]}


@dataclass(frozen=True)
class CostReport:
    workspace: str
    agents: tuple[AgentCost, ...]

    def to_json(self) -> dict[str, Any]:
        return {"workspace": self.workspace, "agents": [a.to_json() for a in self.agents],
                "method": {a.agent: a.method for a in self.agents}}


def tool_listing() -> str:
    """The nine tools as a client lists them (``tools/list``): what an agent's context holds of them."""
    return json.dumps([{"name": name, "description": description, "inputSchema": schema}
                       for name, description, schema in TOOLS], ensure_ascii=False, separators=(",", ":"))


def document_source(document: AgentDocument) -> CostSource:
    kind = "memory_index" if document.scope in MEMORY_INDEX_SCOPES else "instructions"
    if document.received:
        when, tokens, size = "every_turn", document.tokens, document.received_bytes
    elif document.status == "on_demand":
        when, tokens, size = "on_demand", document.tokens, document.bytes
    else:   # dropped or skipped: costs nothing, and does nothing
        when, tokens, size = "every_turn", 0, 0
    return CostSource(kind, str(document.path), None, size, tokens, document.status, when, document.label)


def pinned_sources(context: SessionContext) -> list[CostSource]:
    """Each pinned fact as the block gives it, and the block's framing (its tags and preambles).
    A fact is named as every face names it: a secret in a hand-written title or file name masked."""
    if not context.facts:
        return []
    sources = []
    for fact in context.facts:
        line = f"- [{fact.ref}] {fact.body.strip()}"
        sources.append(CostSource("pinned", None, shown_ref(fact.ref), len(line.encode("utf-8")),
                                  approximate_tokens(line), "pinned", "session_start", redact(fact.label)[0]))
    framing = max(0, approximate_tokens(context.text) - sum(s.tokens for s in sources))
    sources.append(CostSource("pinned", None, None, 0, framing, "pinned", "session_start",
                              "the session-context block's framing"))
    return sources


def recall_cost(records: Iterable[Injection], today: dt.date) -> RecallCost | None:
    """The recorded recalls' tokens (from their characters), per turn and over the last 7 days."""
    tokens, chars, days = [], 0, [0] * DAYS
    for record in records:
        if record.kind != "recall":
            continue
        spent = tokens_of_chars(record.chars)
        tokens.append(spent)
        chars += record.chars
        try:
            day = dt.date.fromisoformat(record.time[:10])
        except ValueError:
            continue
        back = (today - day).days
        if 0 <= back < DAYS:
            days[DAYS - 1 - back] += spent
    if not tokens:
        return None
    ordered = sorted(tokens)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return RecallCost(len(tokens), round(sum(tokens) / len(tokens)), p95, tuple(days), round(chars / len(tokens)))


def daily_injections(records: Iterable[Injection], today: dt.date, days: int) -> list[int]:
    """How many injections the record holds per UTC day over ``days`` days, oldest first."""
    counts = [0] * days
    for record in records:
        try:
            back = (today - dt.date.fromisoformat(record.time[:10])).days
        except ValueError:
            continue
        if 0 <= back < days:
            counts[days - 1 - back] += 1
    return counts


class ContextCosts:
    """The cost of context per agent for the engine's workspace."""

    def __init__(self, engine: Engine, homes: AgentHomes | None = None) -> None:
        self.engine = engine
        self.homes = homes or AgentHomes.from_environment()

    def registrations(self) -> list[Registration]:
        workspace = self.engine.paths.workspace
        return find([load(f) for f in agent_files(self.homes.home, workspace)], workspace)

    def report(self, agents: Iterable[str] | None = None, target: str | Path | None = None,
               now: dt.datetime | None = None, records: list[Injection] | None = None,
               registrations: list[Registration] | None = None) -> CostReport:
        """``records`` and ``registrations``: the injection record and the agents' registrations,
        when the caller read them already."""
        engine = self.engine
        chosen = tuple(agents) if agents else AGENTS
        registrations = self.registrations() if registrations is None else registrations
        records = engine.injections(traces=False) if records is None else records
        context = engine.session_context()
        today = (now or dt.datetime.now(dt.timezone.utc)).date()
        listing = tool_listing()
        # what the recorded prompts asked, once for every agent (and only when a fact is pinned)
        prompts = asked([r.query or r.prompt for r in records if r.kind == "recall"] if context.facts else [])
        return CostReport(str(engine.paths.workspace), tuple(
            self._agent(agent, engine.agent_instructions(agent, target, self.homes), registrations,
                        [r for r in records if r.agent == agent], context, listing, prompts, today)
            for agent in chosen))

    def _agent(self, agent: str, view: AgentView, registrations: list[Registration], records: list[Injection],
               context: SessionContext, listing: str, prompts: Asked, today: dt.date) -> AgentCost:
        sources = [document_source(d) for d in view.documents]
        mine = [r for r in registrations if r.agent == agent]
        pinned = agent in PINNED_NATIVELY or any(r.kind == SESSION_START for r in mine)
        if pinned:
            sources += pinned_sources(context)
        recall = recall_cost(records, today)
        if recall is not None:
            sources.append(CostSource("recall", None, None, recall.mean_chars, recall.mean_tokens, "recorded",
                                      "every_turn", "the hook's recall (mean of recorded turns)"))
        server = next((r for r in mine if r.kind == MCP), None)
        if server is not None:
            sources.append(CostSource("mcp_tools", str(server.file), None, len(listing.encode("utf-8")),
                                      approximate_tokens(listing), "registered", "every_turn",
                                      f"the MCP server {server.name!r} ({len(TOOLS)} tools)"))
        sources.sort(key=lambda s: (-s.tokens, s.kind, s.path or s.ref or ""))
        advice = advise(sources, view, context if pinned else None, prompts)
        return AgentCost(agent, tuple(sources), recall, METHOD, tuple(advice), dict(view.limits))
