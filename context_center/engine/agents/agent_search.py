"""``memory_search``: eligible rows, the small and large modes, the local ranking, the judge, the caps
and the exact answer text (the context-eng contract's search).

::

    eligible rows
      rows ≤ 60 and tokens ≤ 12,000 → small: every eligible row is a candidate
      otherwise → large: FTS + exact hint labels (+ one typo retry when FTS is empty),
                  filled to 90 by project, hinted category, importance, freshness
    judge configured → ask it about the first 90 candidates, keep noul > 0.5
    no judge, or it failed → the local FTS + hint-label ranking
    cap 50 hits / 4,000 tokens

Local score = 0.75·lex/max + 0.15·coverage + 0.1·importance (+ 0.1 per hint kind matched);
queries of four terms or more need 25 % coverage; a query that says not/no/never keeps
only rows that say so too. Hints order and admit rows, never remove one. With the meaning leg
on (:mod:`..semantic`), the eligible rows nearest the query in meaning are fused with the local
ranking by reciprocal rank (channel ``meaning``), as explicit search fuses them with BM25's.
"""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Callable

import numpy as np

from .. import clock
from ..memory.limits import Place, held_back
from ..records import Fact, memo
from ..semantic.fusion import DEPTH, fuse
from ..text.analysis import QueryTerm, query_terms
from .agent_index import NEGATIONS, AgentIndex
from .memories import AgentMemory
from .search_request import SearchRequest

SMALL_ROWS = 60
SMALL_TOKENS = 12_000
MAX_CANDIDATES = 90
MAX_HITS = 50
MAX_HIT_TOKENS = 4_000
COVERAGE_FLOOR = 0.25
HINT_WEIGHT = 0.1
KEEP_ABOVE = 0.5
NO_MATCH = ("no matching memory. after work, memory_create if something happened and you need to save it "
            "for later.")
TOO_LARGE = "Memory is too large to evaluate."

Judge = Callable[[str, list[str]], list[float]]   # (query, memory texts) → noul per memory; raises on failure
# (query, allowed(scope, id), depth) → (scope, id, cosine) of the nearest in meaning, nearest first
Meaning = Callable[[str, Callable[[str, str], bool], int], list[tuple[str, str, float]]]
log = logging.getLogger("context_center.agents")


@dataclass(frozen=True)
class SearchOutcome:
    text: str
    mode: str                     # small | large
    eligible: int
    candidates: int
    channels: tuple[str, ...]
    hits: tuple[AgentMemory, ...]


def _eligible(index: AgentIndex, request: SearchRequest, category_codes: list[int] | None,
              now: dt.datetime) -> np.ndarray:
    mask = index.present.copy()
    if request.scope == "project":
        mask &= index.project
    elif request.scope == "global":
        mask &= ~index.project
    if not request.include_staging:
        mask &= ~index.staging
    if request.active is not None:
        active = index.active(now.timestamp())
        mask &= active if request.active else ~active
    if category_codes is not None:
        mask &= np.isin(index.category, category_codes)
    if request.min_importance is not None:
        mask &= index.importance >= request.min_importance
    if request.time is not None:
        moments = index.created if request.time.field == "created" else index.updated
        if request.time.start is not None:
            mask &= moments >= request.time.start.timestamp()
        if request.time.end is not None:
            mask &= moments <= request.time.end.timestamp()
    if request.subject or request.labels:
        for slot in np.flatnonzero(mask):
            if not _passes_labels(index, int(slot), request):
                mask[slot] = False
    return mask


def _passes_labels(index: AgentIndex, slot: int, request: SearchRequest) -> bool:
    if request.subject and index.subject_at(slot) != request.subject:
        return False
    for kind, wanted in request.labels.items():
        have = index.labels_at(slot)[kind]
        found = [value in have for value in wanted]
        if not (all(found) if request.match_all else any(found)):
            return False
    return True


def _hint_matches(index: AgentIndex, mask: np.ndarray, request: SearchRequest, hint_codes: list[int]) -> np.ndarray:
    """How many hint kinds (topics, tags, links, categories) each eligible row matches exactly."""
    matches = np.zeros(index.size, dtype=np.int32)
    if hint_codes:
        matches += (mask & np.isin(index.category, hint_codes)).astype(np.int32)
    if request.hints:
        for slot in np.flatnonzero(mask):
            labels = index.labels_at(int(slot))
            matches[slot] += sum(1 for kind, values in request.hints.items() if labels[kind] & set(values))
    return matches


@dataclass
class _Ranking:
    order: list[int]              # slots, best first
    score: np.ndarray
    channels: list[str]


def _query(request: SearchRequest) -> tuple[list[QueryTerm], bool]:
    """The query's terms (stopwords and single ASCII letters dropped) and whether it says not/no/never."""
    terms = [t for t in query_terms(request.query) if not t.stopword and not (len(t.term) == 1 and t.term.isascii())]
    negated = any(word in NEGATIONS for word in request.query.lower().replace("’", "'").split())
    return terms, negated


def _local(index: AgentIndex, mask: np.ndarray, request: SearchRequest, hints: np.ndarray,
           *, typo_retry: bool) -> _Ranking:
    query, negated = _query(request)
    terms = [t.term for t in query]
    channels: list[str] = []
    size = index.size
    lexical = np.zeros(size, dtype=bool)
    score = np.zeros(size)
    scores = index.bm25.score(terms, set()) if terms else None
    if scores is not None and typo_retry and not (mask & (scores.matched > 0)).any():
        corrected = [index.nearest_term(t.word) or t.term for t in query]
        if corrected != terms:
            terms, scores = corrected, index.bm25.score(corrected, set())
            channels.append("typo")
    if scores is not None and terms:
        lexical = mask & (scores.matched > 0)
        coverage = scores.matched / len(terms)
        if len(terms) >= 4:
            lexical &= coverage >= COVERAGE_FLOOR
        if negated:
            lexical &= index.negated_among(lexical)
        if lexical.any():
            top = scores.raw[lexical].max() or 1.0
            score = np.where(lexical, 0.75 * scores.raw / top + 0.15 * coverage + 0.1 * index.importance, 0.0)
            channels.insert(0, "fts")
    hinted = mask & (hints > 0)
    if hinted.any():
        score = score + np.where(hinted, HINT_WEIGHT * hints + np.where(lexical, 0.0, 0.1 * index.importance), 0.0)
        channels.append("hints")
    found = np.flatnonzero(lexical | hinted)
    newest = index.updated[found]
    order = found[np.lexsort((-newest, ~index.project[found], -score[found]))]
    return _Ranking([int(s) for s in order], score, channels)


def _fill(index: AgentIndex, mask: np.ndarray, ranking: _Ranking, hint_codes: list[int]) -> list[int]:
    """The ranked rows, then the rest of the eligible rows by project, hinted category, importance
    and freshness, up to 90 candidates."""
    chosen = list(ranking.order[:MAX_CANDIDATES])
    if len(chosen) >= MAX_CANDIDATES:
        return chosen
    rest = mask.copy()
    rest[chosen] = False
    slots = np.flatnonzero(rest)
    hinted = np.isin(index.category[slots], hint_codes) if hint_codes else np.zeros(len(slots), dtype=bool)
    order = slots[np.lexsort((-index.updated[slots], -index.importance[slots], ~hinted, ~index.project[slots]))]
    chosen += [int(s) for s in order[: MAX_CANDIDATES - len(chosen)]]
    ranking.channels.append("fill")
    return chosen


def _same_subject_order(index: AgentIndex, slots: list[int]) -> list[int]:
    """Hits sharing a subject keep their places, taken project first, then newest first."""
    groups: dict[str, list[int]] = {}
    subjected = np.flatnonzero(index.subjected[np.asarray(slots, dtype=np.int64)]) if slots else np.empty(0, int)
    for position in subjected:   # (most memories have no subject: a thousand reads a search, before)
        subject = index.subject_at(slots[position])
        if subject:
            groups.setdefault(subject, []).append(int(position))
    result = list(slots)
    for positions in groups.values():
        if len(positions) > 1:
            members = sorted((slots[p] for p in positions),
                             key=lambda s: (not index.project[s], -index.updated[s]))
            for position, slot in zip(positions, members):
                result[position] = slot
    return result


def _sorted(index: AgentIndex, slots: list[int], request: SearchRequest) -> list[int]:
    if request.sort_by == "relevance":
        return slots if request.order == "desc" else slots[::-1]
    values = {"created": index.created, "updated": index.updated, "importance": index.importance}[request.sort_by]
    return sorted(slots, key=lambda s: float(values[s]), reverse=request.order == "desc")


def _iso_z(text: str) -> str:
    moment = clock.parse_timestamp(text)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else text


DISPUTED_HITS = 10   # the hits an agent reads first name what disputes them (each costs a reading of claims)


def render_hit(memory: AgentMemory, disputed: tuple[tuple[str, str], ...] = ()) -> str:
    """A memory as an agent reads it; a memory another one disputes names it, one line each
    (``conflicts with REF: what it says``), so that an agent never gets one side in silence."""
    where = memory.project if memory.scope == "project" and memory.project else "global"
    named = "".join(f"\n(conflicts with {ref}: {snippet})" for ref, snippet in disputed)
    updated = memo(memory.fact, "agent_updated", lambda fact: _iso_z(fact.updated_at))
    return (f"[last updated: {updated} | category: {memory.category} | project: {where}]\n"
            f"{memory.content}{named}")


def _broken_last(index: AgentIndex, slots: list[int], limit: int, broken: Callable[[Fact], bool]) -> list[int]:
    """``slots`` with the memories whose cited code is gone after the others (among the first few
    that can be answered; only a memory that cites code is checked)."""
    head, rest = slots[:4 * limit], slots[4 * limit:]
    gone = [slot for slot in head if index.fact_at(slot).refs and broken(index.fact_at(slot))]
    if not gone:
        return slots
    held = set(gone)
    return [slot for slot in head if slot not in held] + rest + gone


def search(index: AgentIndex, request: SearchRequest, *, category_codes: list[int] | None, project: str | None,
           judge: Judge | None = None, now: dt.datetime | None = None,
           broken: Callable[[Fact], bool] | None = None, place: Place | None = None,
           disputed: Callable[[Fact], tuple[tuple[str, str], ...]] | None = None,
           meaning: Meaning | None = None) -> SearchOutcome:
    """``broken(fact)``: whether a memory's cited code is gone (such memories rank last); ``place``:
    where the agent works (a memory kept to another worktree or branch is not eligible);
    ``disputed(fact)``: (ref, snippet) of the memories that give one of its subjects another value."""
    now = now or clock.now()
    mask = _eligible(index, request, category_codes, now)
    for slot, fact in index.limited:
        if mask[slot] and held_back(fact, place) is not None:
            mask[slot] = False
    eligible = int(mask.sum())
    small = eligible <= SMALL_ROWS and int(index.tokens_at(np.flatnonzero(mask)).sum()) <= SMALL_TOKENS
    hint_codes = index.codes(request.hint_categories)
    hints = _hint_matches(index, mask, request, hint_codes)
    ranking = _local(index, mask, request, hints, typo_retry=not small)
    if meaning is not None and request.query.strip():
        ranking = _with_meaning(index, mask, request.query, ranking, meaning)
    local = ranking.order
    judged: list[int] | None = None
    candidates = len(local)
    if judge is not None and eligible:
        pool = [int(s) for s in np.flatnonzero(mask)] if small else _fill(index, mask, ranking, hint_codes)
        if small:  # every eligible row, the local ranking's first
            ranked = set(local)
            pool = local + [s for s in pool if s not in ranked]
        candidates = len(pool) if small else max(len(local), len(pool))
        judged = _judge(judge, request.query, index, pool[:MAX_CANDIDATES])
        if judged is not None:
            ranking.channels.append("judge")
    if judged is None:
        ranking.channels.append("local")
    kept = _sorted(index, _same_subject_order(index, judged if judged is not None else local), request)
    if broken is not None:
        kept = _broken_last(index, kept, min(request.limit, MAX_HITS), broken)
    hits = _capped(index, kept, request.limit, project)
    mode = "small" if small else "large"
    if not hits:
        return SearchOutcome(NO_MATCH, mode, eligible, candidates, tuple(ranking.channels), ())
    head = (f"retrieval: small · eligible {eligible}" if small else
            f"retrieval: large · {candidates} candidates · {', '.join(ranking.channels)}")
    blocks = [head, "\n\n".join(render_hit(hit, disputed(hit.fact) if disputed and n < DISPUTED_HITS else ())
                                  for n, hit in enumerate(hits))]
    if candidates > MAX_CANDIDATES:
        blocks.append(TOO_LARGE)
    return SearchOutcome("\n".join(blocks), mode, eligible, candidates, tuple(ranking.channels), tuple(hits))


def _with_meaning(index: AgentIndex, mask: np.ndarray, query: str, ranking: _Ranking, meaning: Meaning) -> _Ranking:
    """The local ranking fused with the eligible rows nearest ``query`` in meaning."""
    def allowed(scope: str, fact_id: str) -> bool:
        key = (scope, fact_id)
        return key in index.bm25 and bool(mask[index.bm25.slot_of(key)])

    near = [(str(index.bm25.slot_of((scope, fact_id))), cosine)
            for scope, fact_id, cosine in meaning(query, allowed, DEPTH)]
    if not near:
        return ranking
    fused = fuse([str(slot) for slot in ranking.order], near)
    # (fusion reads the first DEPTH of each; the local ranking's rest follows)
    order = list(dict.fromkeys([int(key) for key, _, _ in fused] + ranking.order[DEPTH:]))
    return _Ranking(order, ranking.score, [*ranking.channels, "meaning"])


def _judge(judge: Judge, query: str, index: AgentIndex, pool: list[int]) -> list[int] | None:
    """The pool's rows the judge says yes to (noul > 0.5), most probable first; None when it failed."""
    memories = [AgentMemory(index.fact_at(s), None).content for s in pool]
    try:
        noul = judge(query, memories)
    except Exception as exc:  # noqa: BLE001 - any failure of the judge: one line, then the local path
        log.warning("relevance judge failed (%s); answering from local search", str(exc).splitlines()[0][:200])
        return None
    ranked = sorted(((p, i) for i, p in enumerate(noul) if p > KEEP_ABOVE), key=lambda pair: (-pair[0], pair[1]))
    return [pool[i] for _, i in ranked]


def _capped(index: AgentIndex, slots: list[int], limit: int, project: str | None) -> list[AgentMemory]:
    hits: list[AgentMemory] = []
    used = 0
    for slot in slots[: min(limit, MAX_HITS)]:
        tokens = int(index.tokens_at(np.array([slot]))[0])
        if hits and used + tokens > MAX_HIT_TOKENS:
            break
        used += tokens
        hits.append(AgentMemory(index.fact_at(slot), project))
    return hits
