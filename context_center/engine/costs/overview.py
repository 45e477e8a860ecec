"""The store and its wiring at a glance, for the window's Overview: facts by scope and freshness,
what waits for review, which agents reach this store, what a turn costs each agent, and the
hook's injections per day. Made in one pass on the worker; a face draws it."""
from __future__ import annotations

import datetime as dt
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..instructions.agent_view import AgentHomes
from ..semantic.model import known_leg
from ..wiring.agent_files import CLAUDE, CODEX, installed
from ..wiring.registrations import MCP, Registration
from .report import AgentCost, ContextCosts, daily_injections

if TYPE_CHECKING:
    from ..facade import Engine

SEED_AGENTS = ("reasonix", "claude-code", "codex")   # the three the product began with: always a bar each
CONNECTABLE = (CLAUDE, CODEX)
DAYS = 30


@dataclass(frozen=True)
class AgentLink:
    """How an agent that runs hooks or MCP servers reaches this store."""
    agent: str
    installed: bool            # its configuration is on this machine
    hook: bool                 # a hook of ours that opens this store
    server: bool               # an MCP server of ours that opens this store
    elsewhere: bool            # one of ours that opens another store

    @property
    def connected(self) -> bool:
        return self.hook or self.server


@dataclass(frozen=True)
class StoreOverview:
    facts: int
    by_scope: dict[str, int]
    by_freshness: dict[str, int]
    staged: int                          # agents' memories waiting for review
    broken: int                          # facts whose cited code is gone
    agents: tuple[AgentLink, ...]
    costs: tuple[AgentCost, ...]
    injections_per_day: tuple[int, ...]  # the last DAYS UTC days, oldest first
    seconds: float                       # what making it took
    search: tuple[str, str] = ("turned_off", "")   # the meaning leg: its state's code, and its model


def _link(agent: str, mine: list[Registration], root: Path, homes: AgentHomes) -> AgentLink:
    stores = [(r, Path(r.store).resolve()) for r in mine if r.store is not None]
    here = [r for r, store in stores if store == root]
    return AgentLink(agent, installed(agent, homes.home), any(r.kind != MCP for r in here),
                     any(r.kind == MCP for r in here), any(store != root for _r, store in stores))


def overview(engine: Engine, homes: AgentHomes | None = None, now: dt.datetime | None = None) -> StoreOverview:
    started = time.perf_counter()
    homes = homes or AgentHomes.from_environment()
    facts = [f for f in engine.facts() if not f.staging]
    freshness = Counter(engine.freshness_of(facts))
    costs = ContextCosts(engine, homes)
    registrations = costs.registrations()
    root = Path(engine.paths.root).resolve()
    today = (now or dt.datetime.now(dt.timezone.utc)).date()
    records = engine.injections(traces=False)
    report = costs.report(now=now, records=records, registrations=registrations)
    charted = tuple(a for a in report.agents if a.agent in SEED_AGENTS or a.per_turn_tokens)   # the others: when used
    return StoreOverview(
        len(facts), dict(Counter(f.scope for f in facts)), dict(freshness), len(engine.agent_proposals()),
        sum(1 for f in facts if f.refs and engine.grounding(f).state == "broken"),
        tuple(_link(agent, [r for r in registrations if r.agent == agent], root, homes) for agent in CONNECTABLE),
        charted, tuple(daily_injections(records, today, DAYS)), time.perf_counter() - started,
        _search_leg())


def _search_leg() -> tuple[str, str]:
    """(code, model) of search's meaning leg, told without loading the model or opening the search
    index: the Overview asked the search service, whose first use imports Whoosh on the worker,
    and the window froze for a quarter of a second as its charts waited on the imports (and, with
    the extra, it loaded the model)."""
    state = known_leg()
    return state.code, state.model
