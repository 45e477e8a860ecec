"""Ending a sync conflict: keep mine, keep theirs, or an edit — each a new revision (or a forget
when the side kept is the one that had forgotten the fact), and the flag goes."""
from __future__ import annotations

from ..errors import InvalidInput, NotFound
from ..memory.fact_input import FactInput, WriteResult, apply_input
from ..memory.memory_service import MemoryService
from ..records import ArchivedFact, Fact
from .conflict_flag import ConflictFlag, read_flag, without_flag

CHOICES = ("mine", "theirs", "edit")
_CONTENT = ("title", "description", "type", "keywords", "body", "activation", "volatility", "subject_key",
            "expires_at", "last_verified_at", "name")


def conflict_of(memory: MemoryService, ref: str, scope: str | None) -> tuple[Fact, ConflictFlag]:
    fact = memory.resolve(ref, scope)
    flag = read_flag(fact)
    if flag is None:
        raise InvalidInput(f"{fact.ref} has no sync conflict to resolve")
    return fact, flag


def resolve(memory: MemoryService, machine: str, ref: str, keep: str, scope: str | None = None,
            edits: FactInput | None = None) -> WriteResult | ArchivedFact:
    """Keep this machine's side (``mine``), the other machine's (``theirs``), or ``edit`` (the
    active text with ``edits`` applied). Keeping the side that had forgotten the fact forgets it."""
    if keep not in CHOICES:
        raise InvalidInput(f"keep one of {', '.join(CHOICES)}, not {keep!r}")
    fact, flag = conflict_of(memory, ref, scope)
    if keep == "edit":
        given = (edits or FactInput()).given()
        given.pop("scope", None)
        if not given:   # a forgotten --body would otherwise settle it with neither side chosen
            raise InvalidInput(f"settling {fact.ref} by an edit needs the new text (a body or a title); "
                               "or keep mine or theirs as they are")
        return memory.update(fact.ref, fact.scope, lambda current: apply_input(without_flag(current), given),
                             note="edited to settle a sync conflict")
    mine, other = flag.seen_from(machine)
    chosen = mine if keep == "mine" else other
    if chosen is None:
        return memory.forget(fact.ref, fact.scope)
    if chosen == fact.revision:
        return memory.update(fact.ref, fact.scope, without_flag,
                             note=f"kept revision {chosen} to settle a sync conflict")
    old = next((r.fact for r in memory.revisions(fact) if r.revision == chosen), None)
    if old is None or old.id != fact.id:
        raise NotFound(f"{fact.ref} has no revision {chosen}", hint="revisions", ref=fact.ref)
    content = {key: getattr(old, key) for key in _CONTENT}
    return memory.update(fact.ref, fact.scope, lambda current: without_flag(current).evolve(**content),
                         note=f"kept revision {chosen} to settle a sync conflict")
