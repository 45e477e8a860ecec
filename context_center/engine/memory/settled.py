"""Disputes the user settled: two facts the review proposed as a contradiction, dismissed ("both
are right"). Recall names a fact's disputes beside it; a settled one it no longer names.

A pair is settled as its two facts stood when dismissed (each one's scope, id, revision and what it
says): a change to either unsettles it, as it proposes the review item again.
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable

from ..records import Fact

SETTLED_KEY = "review.settled"
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
    """Read and written through ``setting(key, default)`` and ``set_setting(key, value)``."""

    def __init__(self, setting: Callable[[str, Any], Any], set_setting: Callable[[str, Any], None]) -> None:
        self._setting = setting
        self._set = set_setting

    def keys(self) -> frozenset[str]:
        value = self._setting(SETTLED_KEY, [])
        return frozenset(item for item in value if isinstance(item, str)) if isinstance(value, list) else frozenset()

    def settle(self, a: Fact, b: Fact) -> None:
        key = pair_key(a, b)
        value = [item for item in self._listed() if item != key]
        self._set(SETTLED_KEY, [*value, key][-KEPT_SETTLED:])

    def unsettle(self, a: Fact, b: Fact) -> None:
        key = pair_key(a, b)
        value = self._listed()
        if key in value:
            self._set(SETTLED_KEY, [item for item in value if item != key])

    def _listed(self) -> list[str]:
        value = self._setting(SETTLED_KEY, [])
        return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
