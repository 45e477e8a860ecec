"""An in-memory BM25 index over the facts: recall's hot path, with no disk I/O per turn.

Kept in step with the engine's snapshot incrementally: a fact is re-tokenized only
when its text changed. Fields are weighted (name, title and keywords count double,
the description one and a half times) in one bag of words, scored with BM25
(k1 = 1.2, b = 0.75, idf = ln(1 + (N − df + 0.5) / (df + 0.5))).
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable

from .records import Fact
from .text_analysis import tokenize

K1 = 1.2
B = 0.75
FIELD_WEIGHTS = (("name", 2.0), ("title", 2.0), ("keywords", 2.0), ("description", 1.5), ("body", 1.0))

Key = tuple[str, str]  # (scope, id)


def fact_key(fact: Fact) -> Key:
    return fact.scope, fact.id


def _text_version(fact: Fact) -> int:
    return hash((fact.name, fact.title, fact.keywords, fact.description, fact.body))


def weighted_terms(fact: Fact, extra_fields: Iterable[tuple[str, float]] = ()) -> dict[str, float]:
    counts: dict[str, float] = defaultdict(float)
    for field, weight in FIELD_WEIGHTS:
        text = getattr(fact, field)
        if field == "name":
            text = text.replace("-", " ")
        for token in tokenize(text):
            counts[token] += weight
    for text, weight in extra_fields:
        for token in tokenize(text):
            counts[token] += weight
    return dict(counts)


@dataclass
class _Doc:
    fact: Fact
    version: int
    terms: dict[str, float]
    length: float


class RecallIndex:
    def __init__(self) -> None:
        self._docs: dict[Key, _Doc] = {}
        self._postings: dict[str, dict[Key, float]] = defaultdict(dict)
        self._total_length = 0.0

    def __len__(self) -> int:
        return len(self._docs)

    def sync(self, facts: Iterable[Fact]) -> int:
        """Bring the index in step with ``facts``; returns how many documents changed."""
        wanted = {fact_key(f): f for f in facts}
        changed = 0
        for key in [k for k in self._docs if k not in wanted]:
            self._remove(key)
            changed += 1
        for key, fact in wanted.items():
            doc = self._docs.get(key)
            version = _text_version(fact)
            if doc is not None and doc.version == version:
                doc.fact = fact  # metadata (activation, freshness inputs) may have changed
                continue
            if doc is not None:
                self._remove(key)
            terms = weighted_terms(fact)
            length = sum(terms.values())
            self._docs[key] = _Doc(fact, version, terms, length)
            self._total_length += length
            for term, tf in terms.items():
                self._postings[term][key] = tf
            changed += 1
        return changed

    def _remove(self, key: Key) -> None:
        doc = self._docs.pop(key)
        self._total_length -= doc.length
        for term in doc.terms:
            posting = self._postings.get(term)
            if posting is not None:
                posting.pop(key, None)
                if not posting:
                    del self._postings[term]

    def document_frequency(self, term: str) -> int:
        return len(self._postings.get(term, ()))

    def score(self, terms: Iterable[str]) -> dict[Key, tuple[float, set[str]]]:
        """BM25 of every fact matching at least one of ``terms``, with the terms it matched."""
        count = len(self._docs)
        if not count:
            return {}
        average = self._total_length / count or 1.0
        results: dict[Key, tuple[float, set[str]]] = {}
        for term in dict.fromkeys(terms):
            posting = self._postings.get(term)
            if not posting:
                continue
            df = len(posting)
            idf = math.log(1 + (count - df + 0.5) / (df + 0.5))
            for key, tf in posting.items():
                length = self._docs[key].length
                gain = idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average))
                score, matched = results.get(key, (0.0, set()))
                matched.add(term)
                results[key] = (score + gain, matched)
        return results

    def fact(self, key: Key) -> Fact:
        return self._docs[key].fact
