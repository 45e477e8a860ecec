"""Explicit search: the read-only ``memory search`` over every promoted fact, stale and expired
included, scored from the Whoosh index (BM25F, see .postings; a fact's words and the day it
was written, see .index), with snippets centred on the match. When the meaning leg is on
(:mod:`..semantic`), its nearest facts are fused with BM25's by reciprocal rank, and each hit
says which legs found it."""
from __future__ import annotations

import gc
import heapq
import logging
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidInput, StorageError
from ..memory import sensitive
from ..records import Fact, Snapshot
from ..semantic.fusion import DEPTH, MIN_COSINE, WEIGHT, WORDS, fuse
from ..semantic.meaning import MeaningLeg
from ..text.analysis import tokenize
from ..text.bm25 import idf
from ..text.limits import MAX_ANALYZED_CHARS
from ..text.snippets import make_snippet, redact_home
from .index import Progress, SearchIndex, SyncReport, document_key

log = logging.getLogger("context_center.search")
DEFAULT_LIMIT, MAX_LIMIT = 8, 20
SNIPPET_CHARS = 240
# Feedback only on stores big enough for word statistics to mean something.
FEEDBACK_MIN_FACTS = 50
BAGS_KEPT = 2048   # feedback facts' counted words kept (by text) before they are all let go


@dataclass(frozen=True)
class SearchParameters:
    """What can be tuned in explicit search, in one place. bench/locomo_cv.py chooses among such
    sets by leave-one-conversation-out cross-validation and prints the held-out figures."""

    k1: float = 0.6                  # BM25 saturation
    b: float = 0.2                   # BM25 length normalization (facts are short)
    relative_floor: float = 0.15     # hits scoring below this share of the best are left out
    # Pseudo-relevance feedback: the best ``feedback_docs`` results lend their ``feedback_terms``
    # most telling words (weighted like RM3, ``feedback_weight`` of the query) to a second query
    # that fills the page below the first ``feedback_keep`` direct matches.
    feedback_docs: int = 5
    feedback_terms: int = 20
    feedback_weight: float = 1.0
    feedback_keep: int = 5
    # the meaning leg, when it is on (:mod:`..semantic.fusion`): its weight beside BM25's, and how
    # near a fact only it found must be
    meaning_weight: float = WEIGHT
    meaning_floor: float = MIN_COSINE


@dataclass(frozen=True)
class SearchHit:
    fact: Fact
    score: float                 # BM25's; with the meaning leg on, the fused score (reciprocal rank)
    snippet: str
    legs: tuple[str, ...] = (WORDS,)   # what found it: its words, its meaning, or both

    @property
    def ref(self) -> str:
        return sensitive.shown_ref(self.fact.ref)


@dataclass(frozen=True)
class SearchResult:
    query: str
    hits: tuple[SearchHit, ...]


class SearchService:
    def __init__(self, folder: Path, parameters: SearchParameters = SearchParameters(),
                 meaning: MeaningLeg | None = None) -> None:
        self.parameters = parameters
        self.meaning = meaning
        self.index = SearchIndex(folder, k1=parameters.k1, b=parameters.b)
        self._synced: Snapshot | None = None
        self._keyed: tuple[Snapshot | None, dict[str, Fact]] = (None, {})
        self._bags: dict[str, Counter[str]] = {}   # :meth:`_bag`

    @staticmethod
    def _searchable(snapshot: Snapshot) -> list[Fact]:
        return [f for f in snapshot.facts if f.status != "staging"]

    def _by_key(self, snapshot: Snapshot) -> dict[str, Fact]:
        """The searchable facts by index key, worked out once per snapshot (snapshots never change)."""
        if self._keyed[0] is not snapshot:
            self._keyed = (snapshot, {document_key(f): f for f in self._searchable(snapshot)})
        return self._keyed[1]

    def sync(self, snapshot: Snapshot, progress: Progress | None = None) -> SyncReport:
        if snapshot is self._synced:
            return SyncReport()
        report = self.index.sync(self._searchable(snapshot), progress)
        self._synced = snapshot
        gc.freeze()   # what sync keeps (a hash per fact) lives on: full collections need not walk it each time
        return report

    def rebuild(self, snapshot: Snapshot, progress: Progress | None = None) -> SyncReport:
        report = self.index.rebuild(self._searchable(snapshot), progress)
        self._synced = snapshot
        return report

    def search(self, query: str, snapshot: Snapshot, limit: int = DEFAULT_LIMIT) -> SearchResult:
        if not 1 <= limit <= MAX_LIMIT:
            raise InvalidInput(f"limit must be between 1 and {MAX_LIMIT}; got {limit}")
        try:
            return self._search(query, snapshot, limit)
        except StorageError:   # locked by another process past the timeout: not damage
            raise
        except Exception as exc:  # noqa: BLE001 - a damaged index (a truncated segment, garbage): it is
            # derived, so it is rebuilt from the facts; a bug would fail again below and propagate
            log.warning("context-center: the search index %s was damaged (%s); rebuilding it from the facts",
                        self.index.folder, type(exc).__name__)
            self.rebuild(snapshot)
            return self._search(query, snapshot, limit)

    def _search(self, query: str, snapshot: Snapshot, limit: int) -> SearchResult:
        self.sync(snapshot)
        p = self.parameters
        terms = tokenize(query, drop_stopwords=True)
        by_key = self._by_key(snapshot)
        depth = max(limit, p.feedback_keep, p.feedback_docs, DEPTH if self.meaning is not None else 0)
        found = self.index.search(terms, depth)
        if p.feedback_weight > 0 and len(by_key) >= FEEDBACK_MIN_FACTS and len(found) >= p.feedback_docs:
            feedback = [by_key[key] for key, _ in found[:p.feedback_docs] if key in by_key]
            expanded = self.index.search(terms, depth, self._expansion(terms, feedback))
            # the direct matches keep the top places; feedback fills the rest of the page
            head = found[:p.feedback_keep]
            seen = {key for key, _ in head}
            # (their scores come from the wider query, so they are capped below the last direct match)
            cap = head[-1][1] if head else float("inf")
            found = head + [(key, min(score, cap)) for key, score in expanded if key not in seen]
        ranked = [(by_key[key], score) for key, score in found if key in by_key]
        if ranked:   # BM25's weak tail is left out
            floor = ranked[0][1] * p.relative_floor
            ranked = [(fact, score) for fact, score in ranked if score >= floor]
        legs: dict[str, tuple[str, ...]] = {}
        near = self.meaning.nearest(query, by_key.__contains__, DEPTH) if self.meaning is not None else []
        if near:
            fused = fuse([document_key(fact) for fact, _ in ranked], near, p.meaning_weight, p.meaning_floor)
            ranked = [(by_key[key], score) for key, score, _ in fused]
            legs = {key: found_by for key, _, found_by in fused}
        hits = []
        for fact, score in ranked[:limit]:
            # what search reads of a field is what it shows of it: a 50 MB hand-written body costs
            # no more than its first MAX_ANALYZED_CHARS (the redaction of all of it took 39 s)
            text, _ = sensitive.redact((fact.body or fact.description)[:MAX_ANALYZED_CHARS])
            shown = fact.evolve(**{field: sensitive.redact(getattr(fact, field)[:MAX_ANALYZED_CHARS])[0]
                                   for field in ("title", "description", "keywords") if getattr(fact, field)})
            hits.append(SearchHit(shown, score, redact_home(make_snippet(text, terms, SNIPPET_CHARS)),
                                  legs.get(document_key(fact), (WORDS,))))
        return SearchResult(query, tuple(hits))

    def _expansion(self, terms: list[str], feedback: list[Fact]) -> dict[str, float]:
        """Words frequent in the feedback facts and rare in the store, weighted like RM3."""
        weights: defaultdict[str, float] = defaultdict(float)
        bags = [self._bag(f"{f.title} {f.description} {f.body}") for f in feedback]
        count, frequencies = self.index.document_frequencies({t for bag in bags for t in bag})
        for bag in bags:
            length = sum(bag.values()) or 1
            for term, tf in bag.items():
                df = frequencies.get(term, 0)
                weights[term] += tf / length * idf(count, df)
        for term in terms:
            weights.pop(term, None)
        # What Counter.most_common(n) does, for float weights.
        p = self.parameters
        top = heapq.nlargest(p.feedback_terms, weights.items(), key=lambda item: item[1])
        total = sum(w for _, w in top) or 1.0
        return {term: p.feedback_weight * w / total * len(set(terms)) for term, w in top if w > 0}

    def _bag(self, text: str) -> Counter[str]:
        """The words of a feedback fact, counted (kept by text: the best few facts of one store come
        back as feedback query after query, and reading them again was a fifth of a search)."""
        bag = self._bags.get(text)
        if bag is None:
            if len(self._bags) >= BAGS_KEPT:
                self._bags.clear()
            bag = self._bags[text] = Counter(tokenize(text, drop_stopwords=True))
        return bag

    def close(self) -> None:
        self.index.close()


