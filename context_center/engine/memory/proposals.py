"""The user's side of agents' writes: staged memories ("From agents", and imports from other
agents' memory) to promote, edit then promote, or delete to the archive. Approval checks again,
at that moment, what may have changed since the agent wrote: secrets, subject conflicts and
duplicates. A staged fact is memory's (its ``status``), so its review is too: the MCP room writes
staged facts, this module decides on them."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Iterable

from .. import clock
from ..errors import InvalidInput, NotFound
from ..records import ArchivedFact, Fact
from ..text.snippets import collapse
from .fact_file import metadata_value
from .fact_input import FactInput, WriteResult, apply_input
from .memory_service import MemoryService

STALE_DAYS = 30


@dataclass(frozen=True)
class Proposal:
    fact: Fact
    agent: str            # who wrote it ("claude-code", "codex"…), as its MCP client named itself
    written_at: str       # when it started to wait: written over MCP, or imported
    stale: bool           # waiting for more than 30 days
    imported_from: str = ""   # an import from another agent's memory: the file (or row) it came from
    duplicate_of: str = ""    # an import the overlap rule flagged: what it seems to repeat

    def to_json(self) -> dict[str, Any]:
        return {"id": self.fact.id, "ref": self.fact.ref, "scope": self.fact.scope,
                "category": self.fact.effective_category, "content": self.fact.body, "agent": self.agent,
                "written_at": self.written_at, "stale": self.stale, "imported_from": self.imported_from or None,
                "duplicate_of": self.duplicate_of or None}


def _agent(fact: Fact) -> str:
    written = metadata_value(fact, "written_by")
    if isinstance(written, dict) and written.get("agent"):
        return str(written["agent"])
    return "an agent"


def proposals(facts: Iterable[Fact], now: dt.datetime | None = None) -> list[Proposal]:
    """Every staged memory of ``facts``, newest first."""
    now = now or clock.now()
    found = []
    for fact in facts:
        if not fact.staging:
            continue
        origin = metadata_value(fact, "imported_from")   # an import keeps the source's created_at
        imported = origin if isinstance(origin, dict) else {}
        since = str(imported.get("imported_at") or fact.created_at)
        written = clock.parse_timestamp(since)
        stale = written is not None and (now - written) > dt.timedelta(days=STALE_DAYS)
        found.append(Proposal(fact, _agent(fact), since, stale, str(imported.get("path") or ""),
                              str(imported.get("duplicate_of") or "")))
    return sorted(found, key=lambda p: p.written_at, reverse=True)


def _staged(memory: MemoryService, ref: str, scope: str | None) -> Fact:
    fact = memory.resolve(ref, scope)
    if not fact.staging:
        raise NotFound(f"{fact.ref} is not waiting for review (it is already promoted)", hint="find_fact")
    return fact


def duplicate_of(facts: Iterable[Fact], fact: Fact) -> Fact | None:
    """A promoted fact of ``fact``'s scope that says the same thing, if any."""
    text = collapse(fact.body).lower()
    for other in facts:
        if other.id != fact.id and other.scope == fact.scope and not other.staging and (
                collapse(other.body).lower() == text or other.description.lower() == text):
            return other
    return None


def approve_proposal(memory: MemoryService, ref: str, scope: str | None = None,
                     edits: FactInput | None = None) -> WriteResult:
    """Promote a staged memory (with the user's ``edits`` first), as a new revision."""
    current = _staged(memory, ref, scope)
    given = edits.given() if edits else {}
    draft = apply_input(current, given)
    other = duplicate_of(memory.snapshot.facts, draft)
    if other is not None:
        raise InvalidInput(f"{current.ref} says the same as {other.ref} ({other.label!r}); edit it, or delete it "
                           "as a duplicate")
    # the store checks secrets and subject conflicts again, under its lock
    return memory.update(current.id, current.scope,
                                lambda fact: apply_input(fact, given).evolve(status="promoted"),
                                note="promoted by the user from an agent's proposal",
                                expected_revision=edits.expected_revision if edits else None)


def reject_proposal(memory: MemoryService, ref: str, scope: str | None = None) -> ArchivedFact:
    """Delete a staged memory to the archive (recoverable)."""
    current = _staged(memory, ref, scope)
    return memory.forget(current.id, current.scope, expected_revision=current.revision)
