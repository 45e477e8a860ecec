"""Disputes the user settled: two facts the review proposed as a contradiction, dismissed ("both
are right"). Recall names a fact's disputes beside it; a settled one it no longer names.

A pair is settled as its two facts stood when dismissed (each one's scope, id, revision and what it
says): a change to either unsettles it, as it proposes the review item again.
"""
from __future__ import annotations

import hashlib
from typing import Callable

from ..records import Fact
from ..storage.kept import KeptRows

SETTLED_KEY = "review.settled"   # the kind of their kept rows
KEPT_SETTLED = 2000

_SAID = ("title", "description", "body", "keywords", "type", "activation", "volatility", "subject_key", "expires_at",
         "status", "category", "refs")


def said_digest(fact: Fact) -> str:
    """What a fact says and how it acts, not when it was written: a restore that puts the same text
    back has the same digest (an undo after a later decision's undo), a hand edit another."""
    text = "\0".join(str(getattr(fact, key)) for key in _SAID)
    if fact.worktree or fact.branch:   # (only then: the digests of facts without a limit stay as they were)
        text += f"\0worktree={fact.worktree}\0branch={fact.branch}"
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def stood(fact: Fact) -> str:
    """A fact as it stands: which one, at which revision, saying what."""
    return f"{fact.scope}/{fact.id}@{fact.revision}:{said_digest(fact)}"


def pair_key(a: Fact, b: Fact) -> str:
    """The two facts as they stand, in either order."""
    first, second = sorted((stood(a), stood(b)))
    return hashlib.sha1(f"{first}\0{second}".encode("utf-8")).hexdigest()[:16]


class SettledDisputes:
    """The pairs settled, kept row by row (``rows``: :meth:`..facade.Engine.kept_rows`)."""

    def __init__(self, rows: Callable[[str, int], KeptRows]) -> None:
        self._rows = rows(SETTLED_KEY, KEPT_SETTLED)

    def keys(self) -> frozenset[str]:
        return frozenset(self._rows.keys())

    def settle(self, a: Fact, b: Fact) -> None:
        self._rows.put(pair_key(a, b), {})

    def unsettle(self, a: Fact, b: Fact) -> None:
        self._rows.drop(pair_key(a, b))
