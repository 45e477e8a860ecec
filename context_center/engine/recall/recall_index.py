"""An in-memory BM25 index over the facts: recall's hot path, with no disk I/O per turn.

Kept in step with the engine's snapshot incrementally: a fact is re-tokenized only
when its text changed. Fields are weighted (name, title and keywords count double,
the description one and a half times) in one bag of words, scored with the one BM25
(:mod:`..text.bm25`, recall's weights: k1 = 1.2, b = 0.75).

Scoring is vectorized (NumPy): each term's posting list is an array of document
slots and term frequencies, and everything recall needs per document — length,
project preference, when it turns stale or expires, whether it is pinned or
overridden — sits in arrays, so a turn costs a few array operations per query
term however many facts match.
"""
from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import AbstractSet, Any, Callable, Iterable, Iterator

import numpy as np

from ..memory.freshness import TYPE_WINDOWS, VOLATILITY_WINDOWS, YEAR_2, freshness, freshness_moments
from ..records import Fact
from ..text.bm25 import RECALL, idf
from . import recall_base
from .fact_terms import terms_of_many, weighted_terms

PROJECT_BOOST = 1.08   # × the score of a project or team fact: the project's own knowledge wins a tie

NEVER = math.inf
DAY = 86400.0
MEMO_SIZE = 4096   # values kept by RecallIndex.remembered until the next sync

Key = tuple[str, str]  # (scope, id)


def fact_key(fact: Fact) -> Key:
    return fact.scope, fact.id


def _text_version(fact: Fact) -> int:
    return hash((fact.name, fact.title, fact.keywords, fact.description, fact.body))


def _content_digest(fact: Fact) -> int:
    """What recall's saved base keys a fact by: everything :func:`weighted_terms` and the per-fact
    values read from it."""
    return fact.content_digest


def stale_after(fact: Fact) -> float:
    """Epoch seconds after which the fact is stale (inf: never)."""
    if fact.volatility == "evergreen":
        return NEVER
    moment, _ = freshness_moments(fact)   # µs since the epoch, parsed once per fact
    if moment is None or moment < YEAR_2:
        return NEVER
    _, current_days = VOLATILITY_WINDOWS.get(fact.volatility) or TYPE_WINDOWS.get(fact.type, TYPE_WINDOWS["project"])
    return moment / 1_000_000 + current_days * DAY


def _per_fact(fact: Fact) -> tuple[float, float, float]:
    """What recall filters and weighs a fact by besides its words: its boost, and when it turns
    stale and expires (epoch seconds, inf: never)."""
    boost = PROJECT_BOOST if fact.scope in ("project", "team") else 1.0   # team facts: the project's
    expires = freshness_moments(fact)[1]
    return boost, stale_after(fact), expires / 1_000_000 if expires is not None else NEVER


@dataclass
class _Doc:
    slot: int
    fact: Fact
    version: int
    terms: dict[str, float]
    length: float
    excluded: bool = False


@dataclass(frozen=True)
class Scores:
    """One query's scores over every slot (NumPy arrays) and the matched-term counts."""

    raw: np.ndarray
    matched: np.ndarray       # how many query terms each slot matched
    strong: np.ndarray        # how many of them pass the gate on their own


class RecallIndex:
    """``terms_of`` weighs a fact's words (default: recall's fields); ``version_of`` tells when
    they must be weighed again (default: when a field ``terms_of`` reads changed).

    With a ``store`` (a file path), the index starts from the base saved there
    (:mod:`.recall_base`): slots ``0 … len(base)-1`` are the base's facts, kept while their digest
    (``digest_of``: 64 bits of everything ``terms_of`` reads) is unchanged; the facts tokenized in
    this process (new or changed ones) take slots after them.
    A base slot whose fact changed or went away is dead (``alive`` is False) and never reused."""

    def __init__(self, terms_of: Callable[[Fact], dict[str, float]] = weighted_terms,
                 version_of: Callable[[Fact], int] = _text_version, *, store: Path | None = None,
                 digest_of: Callable[[Fact], int] = _content_digest) -> None:
        self._terms_of, self._version_of, self._digest_of = terms_of, version_of, digest_of
        self._store = store
        self._base_tried = store is None
        self._reset(None, [])

    def _reset(self, base: recall_base.RecallBase | None, facts: list[Fact | None]) -> None:
        size = len(base) if base is not None else 0
        self._base = base
        self._base_slot: dict[Key, int] = dict(zip(base.keys, range(size))) if base is not None else {}
        self._base_facts: list[Fact | None] = facts or [None] * size
        self._base_ids: dict[str, int] = dict(zip(base.vocabulary, range(len(base.vocabulary)))) if base else {}
        self._docs: dict[Key, _Doc] = {}
        self._keys: list[Key | None] = list(base.keys) if base is not None else []
        self._free: list[int] = []        # slots of this process's documents (a base slot is never reused)
        self._postings: dict[str, dict[int, float]] = defaultdict(dict)
        self._arrays: dict[str, tuple[np.ndarray, np.ndarray]] = {}   # term → (slots, tfs), built lazily
        self._changes = 0   # syncs and documents added or removed: what was worked out before them may be stale
        self._masks: dict[tuple[str, ...], tuple[int, np.ndarray]] = {}   # (terms) → (changes, holding any)
        self._memo: dict[Any, Any] = {}   # :meth:`remembered`
        self._counted: dict[str, int] = {}   # :meth:`document_frequency`, while _counted_changes == _changes
        self._counted_changes = 0
        self._memo_changes = 0
        self._excluded_keys: set[Key] = set()
        self._killed: set[Key] = set()    # base facts changed or gone
        self._capacity = size
        if base is not None:
            self.length, self.boost = base.length.astype(float), base.boost.astype(float)
            self.stale_at, self.expires_at = base.stale_at.astype(float), base.expires_at.astype(float)
            self.excluded = base.pinned.astype(bool)   # pinned or overridden: not in the recall pool
            self.alive = np.ones(size, dtype=bool)
        else:
            self.length = np.zeros(0)
            self.boost = np.zeros(0)          # project preference (0 for empty slots)
            self.stale_at = np.zeros(0)
            self.expires_at = np.zeros(0)
            self.excluded = np.zeros(0, dtype=bool)
            self.alive = np.zeros(0, dtype=bool)
        self._total_length = float(self.length.sum())
        self.norm = np.zeros(0)

    def __len__(self) -> int:
        return len(self._docs) + len(self._base_slot)

    def __contains__(self, key: object) -> bool:
        return key in self._docs or key in self._base_slot

    # keeping in step ------------------------------------------------------------------------

    def _grow(self, needed: int) -> None:
        if needed <= self._capacity:
            return
        size = max(needed, self._capacity * 2, 64)
        for name, fill, dtype in (("length", 0.0, float), ("boost", 0.0, float), ("stale_at", NEVER, float),
                                  ("expires_at", NEVER, float), ("excluded", True, bool), ("alive", False, bool)):
            old = getattr(self, name)
            new = np.full(size, fill, dtype=dtype)
            new[: len(old)] = old
            setattr(self, name, new)
        self._capacity = size

    def sync(self, facts: Iterable[Fact], excluded: AbstractSet[Key] = frozenset()) -> int:
        """Bring the index in step with ``facts``; ``excluded`` facts match but are not recalled.
        Returns how many documents were (re)tokenized or removed."""
        self._changes += 1   # (any fact may have been replaced: what was remembered of them is forgotten)
        if not self._base_tried:
            self._base_tried = True
            assert self._store is not None
            self._reset(recall_base.load(self._store), [])
        wanted = {fact_key(f): f for f in facts}
        if self._base is None and not self._docs and self._store is not None and self._terms_of is weighted_terms \
                and recall_base.worth_saving(None, len(wanted), len(wanted)):
            self._build_base(wanted, excluded)   # nothing known yet: straight to a saved base
            return len(wanted)
        changed = 0
        for key in [k for k in self._docs if k not in wanted]:
            self._remove(key)
            changed += 1
        for key in [k for k in self._base_slot if k not in wanted]:
            self._kill(key)
            changed += 1
        base_slot, base_facts = self._base_slot, self._base_facts
        for key, fact in wanted.items():
            slot = base_slot.get(key)
            if slot is not None:
                if base_facts[slot] is fact:
                    continue
                assert self._base is not None
                if self._digest_of(fact) == int(self._base.digests[slot]):
                    base_facts[slot] = fact
                    continue
                self._kill(key)
            doc = self._docs.get(key)
            if doc is not None and doc.fact is fact and doc.excluded == (key in excluded):
                continue
            version = self._version_of(fact)
            fresh = doc is None or doc.version != version
            if doc is None or fresh:
                if doc is not None:
                    self._remove(key)
                doc = self._add(key, fact, version)
                changed += 1
            if fresh or doc.fact != fact or doc.excluded != (key in excluded):
                doc.fact = fact
                self._describe(doc, key in excluded)
        if self._base is not None:
            for key in self._excluded_keys.symmetric_difference(excluded):
                slot = base_slot.get(key)
                if slot is not None:
                    self.excluded[slot] = key in excluded or bool(self._base.pinned[slot])
        self._excluded_keys = set(excluded)
        self._normalize()
        return changed

    def _normalize(self) -> None:
        count = len(self)
        average = self._total_length / count if count else 1.0
        self.norm = RECALL.norm(self.length, average)

    def save_if_worth(self) -> bool:
        """Write the base again when enough facts differ from it (:func:`recall_base.worth_saving`),
        and carry on from it, so the drift counted is always since the last save."""
        if self._store is None:
            return False
        base = self._base
        drift = len(self._docs.keys() | self._killed)   # facts new, changed or gone since the base
        if not recall_base.worth_saving(len(base) if base is not None else None, len(self), drift):
            return False
        keep = np.fromiter(sorted(self._base_slot.values()), dtype=np.int64, count=len(self._base_slot))
        docs = sorted(self._docs.items(), key=lambda item: item[1].slot)
        fresh = [recall_base.Fresh(key, self._digest_of(doc.fact), doc.terms, doc.length,
                                   float(self.boost[doc.slot]), float(self.stale_at[doc.slot]),
                                   float(self.expires_at[doc.slot]), doc.fact.pinned) for key, doc in docs]
        facts: list[Fact | None] = [self._base_facts[int(slot)] for slot in keep] + [doc.fact for _, doc in docs]
        new = recall_base.compact(base, keep, fresh)
        recall_base.save(self._store, new)
        self._adopt(new, facts, self._excluded_keys)
        return True

    def _build_base(self, facts: dict[Key, Fact], excluded: AbstractSet[Key]) -> None:
        """The first build of a saved index: every fact weighed at once (by worker processes when
        there are many), packed into a base and saved, without the per-fact postings an index
        kept in step one fact at a time needs (a second and a half at 100,000 facts)."""
        assert self._store is not None
        fresh = [recall_base.Fresh(key, self._digest_of(fact), terms, sum(terms.values()), *_per_fact(fact),
                                   fact.pinned)
                 for (key, fact), terms in zip(facts.items(), terms_of_many(list(facts.values())))]
        new = recall_base.compact(None, np.zeros(0, dtype=np.int64), fresh)
        recall_base.save(self._store, new)
        self._adopt(new, list(facts.values()), excluded)

    def _adopt(self, base: recall_base.RecallBase, facts: list[Fact | None], excluded: AbstractSet[Key]) -> None:
        """Carry on from ``base`` (just saved; ``facts``: its slots' facts), ``excluded`` kept."""
        self._reset(base, facts)
        for key in excluded:
            slot = self._base_slot.get(key)
            if slot is not None:
                self.excluded[slot] = True
        self._excluded_keys = set(excluded)
        self._normalize()

    def _kill(self, key: Key) -> None:
        """A base fact changed or went away: its slot stays, dead."""
        slot = self._base_slot.pop(key)
        self._killed.add(key)
        self._base_facts[slot] = None
        self._keys[slot] = None
        self._total_length -= float(self.length[slot])
        self.length[slot] = 0.0
        self.boost[slot] = 0.0
        self.excluded[slot] = True
        self.alive[slot] = False

    def _add(self, key: Key, fact: Fact, version: int) -> _Doc:
        slot = self._free.pop() if self._free else len(self._keys)
        if slot == len(self._keys):
            self._keys.append(key)
            self._grow(len(self._keys))
        else:
            self._keys[slot] = key
        terms = self._terms_of(fact)
        self._changes += 1
        doc = self._docs[key] = _Doc(slot, fact, version, terms, sum(terms.values()))
        self.length[slot] = doc.length
        self.alive[slot] = True
        self._total_length += doc.length
        for term, tf in terms.items():
            self._postings[term][slot] = tf
            self._arrays.pop(term, None)
        return doc

    def _describe(self, doc: _Doc, excluded: bool) -> None:
        fact, slot = doc.fact, doc.slot
        self.boost[slot], self.stale_at[slot], self.expires_at[slot] = _per_fact(fact)
        doc.excluded = excluded
        self.excluded[slot] = excluded or fact.pinned

    def _remove(self, key: Key) -> None:
        doc = self._docs.pop(key)
        self._changes += 1
        self._total_length -= doc.length
        self._keys[doc.slot] = None
        self._free.append(doc.slot)
        self.length[doc.slot] = 0.0
        self.boost[doc.slot] = 0.0
        self.excluded[doc.slot] = True
        self.alive[doc.slot] = False
        for term in doc.terms:
            posting = self._postings.get(term)
            if posting is not None:
                posting.pop(doc.slot, None)
                self._arrays.pop(term, None)
                if not posting:
                    del self._postings[term]

    # scoring ---------------------------------------------------------------------------------

    def _posting_arrays(self, term: str) -> tuple[np.ndarray, np.ndarray] | None:
        arrays = self._arrays.get(term)
        if arrays is None:
            posting = self._postings.get(term)
            if not posting:
                return None
            arrays = self._arrays[term] = (np.fromiter(posting.keys(), dtype=np.int64, count=len(posting)),
                                           np.fromiter(posting.values(), dtype=float, count=len(posting)))
        return arrays

    def _base_postings(self, term: str) -> tuple[np.ndarray, np.ndarray] | None:
        term_id = self._base_ids.get(term)
        if term_id is None or self._base is None:
            return None
        slots, tfs = self._base.postings(term_id)
        return (slots, tfs) if len(slots) else None

    def score(self, terms: list[str], strong_terms: set[str]) -> Scores | None:
        """BM25 over every slot for ``terms`` (distinct), counting matched and gate-passing terms."""
        count = len(self)
        if not count:
            return None
        size = len(self._keys)
        raw = np.zeros(size)
        matched = np.zeros(size, dtype=np.int32)
        strong = np.zeros(size, dtype=np.int32)
        norm = self.norm[:size]
        alive = self.alive[:size]
        for term in terms:
            parts = [p for p in (self._base_postings(term), self._posting_arrays(term)) if p is not None]
            df = sum(int(np.count_nonzero(alive[slots])) for slots, _ in parts)
            if not df:
                continue
            weight = idf(count, df)
            for slots, tfs in parts:
                raw[slots] += RECALL.scores(tfs, norm[slots], weight)
                matched[slots] += 1
                if term in strong_terms:
                    strong[slots] += 1
        if self._base is not None:   # a dead base slot still sits in the base's postings
            dead = ~alive
            raw[dead], matched[dead], strong[dead] = 0.0, 0, 0
        return Scores(raw, matched, strong)

    def slots_with(self, terms: Iterable[str]) -> set[int]:
        """The live slots of the facts holding any of ``terms`` (analysed terms, as indexed)."""
        found: set[int] = set()
        alive = self.alive
        for term in terms:
            for part in (self._base_postings(term), self._posting_arrays(term)):
                if part is not None:
                    slots = part[0]
                    found.update(int(slot) for slot in slots[alive[slots]])
        return found

    def remembered(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()``, kept under ``key`` until the next sync (a few facts' disputes, asked of the
        same hits prompt after prompt by the resident service); at most :data:`MEMO_SIZE` kept."""
        if self._memo_changes != self._changes or len(self._memo) >= MEMO_SIZE:
            self._memo.clear()
            self._memo_changes = self._changes
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def holding_any(self, terms: tuple[str, ...]) -> np.ndarray:
        """A mask over the slots: the live facts holding any of ``terms``, kept until a fact is added
        or removed (a question asked of a few facts per recall, about a word list that does not change)."""
        cached = self._masks.get(terms)
        if cached is not None and cached[0] == self._changes and len(cached[1]) == len(self.alive):
            return cached[1]
        mask = np.zeros(len(self.alive), dtype=bool)
        for term in terms:
            for part in (self._base_postings(term), self._posting_arrays(term)):
                if part is not None:
                    mask[part[0]] = True
        mask &= self.alive
        self._masks[terms] = (self._changes, mask)
        return mask

    def matched_terms(self, slot: int, terms: list[str]) -> list[str]:
        if self._base is not None and slot < len(self._base):
            own = set(self._base.terms_of(slot))
            return [t for t in terms if t in own]
        terms_of = self._docs[self._keys[slot]].terms  # type: ignore[index]
        return [t for t in terms if t in terms_of]

    def document_frequency(self, term: str) -> int:
        """How many live facts hold ``term`` (counted once until a fact is added or removed: a name
        thousands of facts hold is asked of nearly every hit)."""
        if self._counted_changes != self._changes:
            self._counted.clear()
            self._counted_changes = self._changes
        count = self._counted.get(term)
        if count is None:
            base = self._base_postings(term)
            in_base = int(np.count_nonzero(self.alive[base[0]])) if base is not None else 0
            count = self._counted[term] = in_base + len(self._postings.get(term, ()))
        return count

    def vocabulary(self) -> Iterable[str]:
        if self._base is None:
            return self._postings.keys()
        return dict.fromkeys([*self._base.vocabulary, *self._postings]).keys()

    def slots(self) -> Iterator[tuple[int, Fact]]:
        for slot in self._base_slot.values():
            yield slot, self.fact_at(slot)
        for doc in self._docs.values():
            yield doc.slot, doc.fact

    @property
    def size(self) -> int:
        """How many slots the score arrays have (empty slots included)."""
        return len(self._keys)

    def fact_at(self, slot: int) -> Fact:
        if self._base is not None and slot < len(self._base):
            fact = self._base_facts[slot]
            assert fact is not None, slot
            return fact
        return self._docs[self._keys[slot]].fact  # type: ignore[index]

    def freshness_at(self, slot: int, now: dt.datetime) -> str:
        fact = self.fact_at(slot)
        return freshness(fact, now)

    def fact(self, key: Key) -> Fact:
        slot = self._base_slot.get(key)
        return self.fact_at(slot) if slot is not None else self._docs[key].fact

    def slot_of(self, key: Key) -> int:
        slot = self._base_slot.get(key)
        return slot if slot is not None else self._docs[key].slot
