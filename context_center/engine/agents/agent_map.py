"""``memory_map`` and ``memory_list_categories``: what a scope holds, by category, with ids.

Each collection lists promoted rows only, newest ``created_at`` first, at most 12, with
``lines_ids`` aligned to ``lines``; the staging block holds the newest 12 staging rows
with ``lines_ids`` and ``lines_categories`` aligned, and ``searched: false``. A registered
category with no memory left keeps its entry with a count of 0.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from .. import clock
from ..contract.categories import AUTO_PROMOTE, BUILT_INS
from ..memory.limits import describe
from ..records import Fact
from ..text.analysis import tokenize
from .memories import AgentMemory

MAX_LINES = 12
COLLECTION_KEYWORDS = 8
SCOPE_KEYWORDS = 12


def _created(memory: AgentMemory) -> float:
    moment = clock.parse_timestamp(memory.fact.created_at)
    return moment.timestamp() if moment else 0.0


def _keywords(memories: list[AgentMemory], count: int) -> list[str]:
    words: Counter[str] = Counter()
    for memory in memories:
        words.update(set(w for w in tokenize(memory.content, stemmed=False, drop_stopwords=True)
                         if len(w) >= 3 or not w.isascii()))
    return [word for word, _ in sorted(words.items(), key=lambda item: (-item[1], item[0]))[:count]]


def _newest(memories: list[AgentMemory]) -> list[AgentMemory]:
    return sorted(memories, key=_created, reverse=True)[:MAX_LINES]


def category_names(memories: list[AgentMemory], registered: dict[str, str]) -> dict[str, str]:
    """canonical → display for every category of a scope: registered, or holding a memory."""
    names = dict(registered)
    for memory in memories:
        names.setdefault(memory.category, memory.fact.effective_category)
    return names


def scope_index(memories: list[AgentMemory], registered: dict[str, str],
                grounding: Callable[[Fact], str] | None = None) -> dict[str, Any]:
    """``grounding(fact)``: the state of the code a memory cites (``lines_grounding``, aligned with
    ``lines``: grounded, changed, broken, unverified, or none); ``lines_limits``: where a memory kept
    to one task applies (a map lists every memory; search holds back those kept elsewhere)."""
    names = category_names(memories, registered)

    def grounded(rows: list[AgentMemory]) -> list[str]:
        return [grounding(m.fact) if grounding is not None and m.fact.refs else "none" for m in rows]

    def limited(rows: list[AgentMemory]) -> list[str | None]:
        """Aligned with ``lines``: the worktree or branch a memory is kept to (``worktree feat``), else None."""
        return [describe(m.fact) or None for m in rows]

    staging = [m for m in memories if m.staging]
    collections = []
    for canonical in sorted(names):
        rows = [m for m in memories if m.category == canonical]
        promoted = [m for m in rows if not m.staging]
        newest = _newest(promoted)
        collections.append({"name": names[canonical], "count": len(promoted),
                            "staging_count": len(rows) - len(promoted),
                            "keywords": _keywords(rows, COLLECTION_KEYWORDS),
                            "lines": [m.content for m in newest], "lines_ids": [m.id for m in newest],
                            "lines_grounding": grounded(newest), "lines_limits": limited(newest)})
    newest_staging = _newest(staging)
    return {
        "counts": {"promoted": len(memories) - len(staging), "staging": len(staging), "categories": len(names)},
        "keywords": _keywords(memories, SCOPE_KEYWORDS),
        "collections": collections,
        "staging": {"count": len(staging), "lines": [m.content for m in newest_staging],
                    "lines_ids": [m.id for m in newest_staging],
                    "lines_categories": [m.category for m in newest_staging],
                    "lines_grounding": grounded(newest_staging), "lines_limits": limited(newest_staging),
                    "searched": False},
    }


def category_list(memories: list[AgentMemory], registered: dict[str, str]) -> list[dict[str, Any]]:
    names = category_names(memories, registered)
    counts = Counter((m.category, m.staging) for m in memories)
    return [{"name": names[c], "count": counts[(c, False)], "staging_count": counts[(c, True)],
             "built_in": c in BUILT_INS, "auto_promote": c in AUTO_PROMOTE} for c in sorted(names)]
