"""What a recall decided, as plain records (no NumPy, so faces can import them cheaply)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..memory.sensitive import redact, shown_ref
from ..records import Fact
from ..text.coded import coded_json
from .reasons import suppression_code

DEFAULT_LIMIT = 4
DEFAULT_CHARS = 2400


@dataclass(frozen=True)
class RecallHit:
    fact: Fact
    score: float
    reason: str   # a :class:`.reasons.Reason`, in the trace with its code
    freshness: str
    snippet: str
    matched: tuple[str, ...]
    chars: int = 0   # the length of its entry in the block
    grounding: str = "none"   # grounded | changed | unverified | none (a broken fact is never a hit)
    conflicts_with: tuple[tuple[str, str], ...] = ()   # (ref, snippet) of the facts that dispute it

    @property
    def ref(self) -> str:
        return shown_ref(self.fact.ref)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.fact.id, "revision": self.fact.revision, "ref": self.ref,
                "scope": self.fact.scope, "type": self.fact.type, "freshness": self.freshness,
                "score": round(self.score, 3), **coded_json("reason", self.reason), "snippet": self.snippet,
                "title": redact(self.fact.label)[0], "matched": list(self.matched),
                "chars": self.chars, "grounding": self.grounding,
                "conflicts_with": [{"ref": ref, "snippet": snippet} for ref, snippet in self.conflicts_with]}


@dataclass(frozen=True)
class Rejection:
    ref: str
    id: str
    revision: int
    reason: str   # a :class:`.reasons.Reason`, in the trace with its code
    score: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.ref, "id": self.id, "revision": self.revision, **coded_json("reason", self.reason),
                "score": None if self.score is None else round(self.score, 3)}


@dataclass(frozen=True)
class RecallResult:
    query: str
    suppressed: str | None
    hits: tuple[RecallHit, ...] = ()
    omitted: int = 0
    char_budget: int = DEFAULT_CHARS
    limit: int = DEFAULT_LIMIT
    block: str = ""
    rejected: tuple[Rejection, ...] = field(default=())
    rejected_count: int = 0
    terms: tuple[str, ...] = ()

    @property
    def used_chars(self) -> int:
        return len(self.block)

    def to_json(self) -> dict[str, Any]:
        return {"query": self.query, "suppressed": self.suppressed,
                "suppressed_code": suppression_code(self.suppressed), "hits": [h.to_json() for h in self.hits],
                "omitted": self.omitted, "char_budget": self.char_budget, "used_chars": self.used_chars,
                "limit": self.limit, "block": self.block, "terms": list(self.terms),
                "rejected": [r.to_json() for r in self.rejected], "rejected_count": self.rejected_count}
