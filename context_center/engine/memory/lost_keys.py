"""Keys another tool dropped: Reasonix rewrites a fact with the keys it knows and loses ours.

Reasonix's save keeps the previous revision as a snapshot, then writes the fact with
its own keys only: ``category`` and ``status`` (so a staged agent memory becomes
promoted), the code it cites (``refs``, ``refs_evidence``), its limit to a worktree or
branch (``worktree``, ``branch``), a revision note, our
metadata (a suggestion's provenance) and any key it does not know are gone. When the
newest snapshot still has such keys and the active revision has none of them, the fact
was rewritten by another tool, and the keys can be put back as a new revision.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..records import Fact

# Context Center fields Reasonix does not know: context-eng's, and the code a fact cites
_OURS = ("category", "status", "refs", "refs_evidence", "worktree", "branch")
# keys only this app writes and removes, never lost to another tool: a revision's note, and the flag
# a sync leaves on a conflict (``sync.conflict_flag.FLAG_KEY``, a room above this one), which settling
# the conflict removes (the window called that a rewrite by another tool, and restoring the "lost"
# key flagged the fact again)
_OWN = ("revision_note", "sync_conflict")


@dataclass(frozen=True)
class LostKeys:
    """What the newest snapshot had that the active revision lacks."""

    revision: int                                   # the snapshot that still has them
    fields: dict[str, Any]                          # category, status, refs, refs_evidence, worktree, branch
    extra: tuple[tuple[str, str], ...] = ()         # other top-level keys, verbatim
    metadata_extra: tuple[tuple[str, str], ...] = ()  # keys under metadata:, verbatim

    @property
    def names(self) -> list[str]:
        return [*self.fields, *(k for k, _ in self.extra), *(f"metadata.{k}" for k, _ in self.metadata_extra)]

    def apply(self, fact: Fact) -> Fact:
        """``fact`` with the lost keys put back (nothing it has now is overwritten)."""
        return fact.evolve(**{k: v for k, v in self.fields.items() if not getattr(fact, k)},
                           extra=fact.extra + tuple(e for e in self.extra if e[0] not in dict(fact.extra)),
                           metadata_extra=fact.metadata_extra + tuple(
                               m for m in self.metadata_extra if m[0] not in dict(fact.metadata_extra)))


def lost_keys(active: Fact, previous: Fact | None, previous_revision: int) -> LostKeys | None:
    """The keys ``previous`` (the newest snapshot) has and ``active`` lost, when ``active`` has none of
    ours left: that is a rewrite by a tool that does not know them, not an edit that cleared one."""
    if previous is None:
        return None
    fields = {k: getattr(previous, k) for k in _OURS if getattr(previous, k) and not getattr(active, k)}
    extra = tuple(e for e in previous.extra if e[0] not in dict(active.extra) and e[0] not in _OWN)
    metadata_extra = tuple(m for m in previous.metadata_extra if m[0] not in dict(active.metadata_extra))
    ours_left = any(getattr(active, k) for k in _OURS) or active.extra or active.metadata_extra
    if ours_left or not (fields or extra or metadata_extra):
        return None
    return LostKeys(previous_revision, fields, extra, metadata_extra)
