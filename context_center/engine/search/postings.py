"""Explicit search's scoring: the Whoosh index's own postings and field lengths, scored with NumPy.

Whoosh stays the index of record (what is written, synced and read here); only the per-posting
loop moves out of Python. Whoosh's matchers score one posting per Python call — ~900 calls per
query at 1,000 facts, ~90,000 at 100,000 (bench/recall.py) — while here a term's postings are
decoded once into arrays (segments never change once written, so the arrays are kept per segment)
and a query costs a few array operations per term. The scores are BM25F's, with the one BM25
(:mod:`..text.bm25`): per field, with the term frequency the stored posting weight (frequency ×
field boost) and the field length as Whoosh stores it (one byte), summed over the query's clauses;
ties go to the lower document number, as in Whoosh's collector.

Decoding reads the block layout of Whoosh's W3 codec (the pinned ``whoosh-ng``); any other
matcher or column falls back to Whoosh's public per-posting calls, slower but the same numbers.
(The two Whoosh modules imported with "type: ignore" start with a file-level one, which hides
their names from mypy.)
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Iterable

import numpy as np
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3LeafMatcher, _lenfield  # type: ignore[attr-defined]
from whoosh.matching.wrappers import WrappingMatcher  # type: ignore[attr-defined]
from whoosh.reading import IndexReader
from whoosh.searching import Searcher
from whoosh.util.numeric import byte_to_length

from ..text.bm25 import BM25

# Decoded postings kept across queries, by total postings (8 bytes each: ~32 MB).
POSTINGS_BUDGET = 4_000_000
_LENGTH_OF_BYTE = np.array([byte_to_length(i) for i in range(256)], dtype=np.float64)
_LENGTH_OF_BYTE[0] = 1.0   # Whoosh's scorer reads a missing length as 1

Clause = tuple[str, str, float]   # (field, term, boost)
Postings = tuple[np.ndarray, np.ndarray]   # (document numbers in the segment, weights)


def _w3_postings(matcher: W3LeafMatcher) -> Postings:
    ids, weights = [], []
    while True:
        matcher._read_data()
        block_ids, block_weights, _ = matcher._data
        count = matcher._blocklength
        ids.append(np.cumsum(np.asarray(block_ids, dtype=np.int64)))   # delta-encoded per block
        if block_weights is None:
            weights.append(np.ones(count))
        elif isinstance(block_weights, float):
            weights.append(np.full(count, block_weights))
        else:
            weights.append(np.asarray(block_weights, dtype=np.float64))
        if matcher._lastblock:
            break
        matcher._goto(matcher._nextoffset)
    return np.concatenate(ids), np.concatenate(weights)


def _read_postings(reader: IndexReader, field: str, term: str) -> Postings:
    """Every posting of ``term`` in one segment, deleted documents included (masked later)."""
    if (field, term) not in reader:
        return np.zeros(0, dtype=np.int64), np.zeros(0)
    matcher = reader.postings(field, term)
    while isinstance(matcher, WrappingMatcher):   # the deletions filter: applied by the caller
        matcher = matcher.child
    if isinstance(matcher, W3LeafMatcher):
        try:
            return _w3_postings(matcher)
        except (AttributeError, ValueError, TypeError):   # another layout: the public way below
            matcher = reader.postings(field, term)
            while isinstance(matcher, WrappingMatcher):
                matcher = matcher.child
    ids, weights = [], []
    while matcher.is_active():
        ids.append(matcher.id())
        weights.append(matcher.weight())
        matcher.next()
    return np.asarray(ids, dtype=np.int64), np.asarray(weights, dtype=np.float64)


def _read_lengths(reader: IndexReader, field: str) -> np.ndarray:
    """Every document's length of ``field`` in one segment, as Whoosh's scorer sees it."""
    count = reader.doc_count_all()
    try:
        column = reader._perdoc._cached_reader(_lenfield(field), LENGTHS_COLUMN)
        if column is None:
            return np.ones(count)
        raw = np.frombuffer(bytes(column._dbfile.get(column._basepos, column._count)), dtype=np.uint8)
        codes = np.zeros(count, dtype=np.uint8)
        codes[:min(count, len(raw))] = raw[:count]
        return _LENGTH_OF_BYTE[codes]
    except (AttributeError, TypeError, ValueError):
        return np.array([reader.doc_field_length(d, field, 1) or 1 for d in range(count)], dtype=np.float64)


def segment_id(reader: IndexReader) -> str | None:
    """The name of the segment ``reader`` reads (None for the reader of an empty index)."""
    segment = reader.segment() if reader.doc_count_all() else None
    return segment.segment_id() if segment is not None else None


class PostingsScorer:
    """BM25F over the segments of a Whoosh searcher, with the decoded postings kept between
    queries (per segment: a segment's postings never change, its deletions are read each time)."""

    def __init__(self, bm25: BM25) -> None:
        self.bm25 = bm25
        self._postings: OrderedDict[tuple[str, str, str], Postings] = OrderedDict()
        self._held = 0
        self._lengths: dict[tuple[str, str], np.ndarray] = {}
        # The last query's scores per segment: a query that extends it (feedback adds words to the
        # direct query) only scores what it adds.
        self._last: tuple[Any, tuple[Clause, ...], dict[str, np.ndarray]] = (None, (), {})
        self._lock = threading.Lock()

    def top(self, searcher: Searcher, clauses: Iterable[Clause], limit: int) -> list[tuple[int, float]]:
        """(global document number, score) of the best ``limit`` documents, best first."""
        clauses = tuple(clauses)
        with self._lock:
            last_searcher, last_clauses, last_scores = self._last
            reuse = last_searcher is searcher and clauses[:len(last_clauses)] == last_clauses
            added = clauses[len(last_clauses):] if reuse else clauses
            stats = [(field, term, boost * searcher.idf(field, term), searcher.avg_field_length(field) or 1.0)
                     for field, term, boost in added]
            best: list[tuple[float, int]] = []
            kept: dict[str, np.ndarray] = {}
            for reader, offset in searcher.reader().leaf_readers():
                segment = segment_id(reader)
                if segment is None:   # an empty index has a reader without a segment
                    continue
                scores = self._segment_scores(reader, segment, stats)
                if reuse and segment in last_scores:
                    scores += last_scores[segment]
                kept[segment] = scores
                best.extend(self._segment_top(reader, scores, offset, limit))   # (deleted: zero, kept so)
            self._last = (searcher, clauses, kept)
        best.sort(key=lambda item: (-item[0], item[1]))
        return [(docnum, score) for score, docnum in best[:limit]]

    def _segment_scores(self, reader: IndexReader, segment: str,
                        stats: list[tuple[str, str, float, float]]) -> np.ndarray:
        count = reader.doc_count_all()
        ids_parts, score_parts = [], []
        for field, term, idf, average in stats:
            ids, weights = self._postings_of(reader, segment, field, term)
            if not len(ids):
                continue
            lengths = self._lengths_of(reader, segment, field)[ids]
            ids_parts.append(ids)
            score_parts.append(self.bm25.scores(weights, self.bm25.norm(lengths, average), idf))
        if not ids_parts:
            return np.zeros(count)
        return np.bincount(np.concatenate(ids_parts), np.concatenate(score_parts), minlength=count)

    @staticmethod
    def _segment_top(reader: IndexReader, scores: np.ndarray, offset: int, limit: int) -> list[tuple[float, int]]:
        if reader.has_deletions():
            deleted = getattr(reader, "deleted_docs_set", None)
            if deleted is None:
                deleted = [d for d in np.flatnonzero(scores > 0).tolist() if reader.is_deleted(d)]
            gone = np.fromiter(deleted, dtype=np.int64, count=len(deleted))
            scores[gone[gone < len(scores)]] = 0.0
        candidates = np.flatnonzero(scores > 0)
        if len(candidates) > limit:
            # everything tied with the limit-th score is kept, so ties break by document number
            kth = np.partition(scores[candidates], len(candidates) - limit)[len(candidates) - limit]
            candidates = candidates[scores[candidates] >= kth]
        order = np.lexsort((candidates, -scores[candidates]))[:limit]
        return [(float(scores[d]), int(d) + offset) for d in candidates[order]]

    def _postings_of(self, reader: IndexReader, segment: str, field: str, term: str) -> Postings:
        key = (segment, field, term)
        found = self._postings.get(key)
        if found is not None:
            self._postings.move_to_end(key)
            return found
        found = _read_postings(reader, field, term)
        self._postings[key] = found
        self._held += len(found[0])
        while self._held > POSTINGS_BUDGET and len(self._postings) > 1:
            _, (old, _) = self._postings.popitem(last=False)
            self._held -= len(old)
        return found

    def _lengths_of(self, reader: IndexReader, segment: str, field: str) -> np.ndarray:
        key = (segment, field)
        if key not in self._lengths:
            self._lengths[key] = _read_lengths(reader, field)
        return self._lengths[key]

    def forget_segments_except(self, segments: set[str]) -> None:
        """Drop what belongs to segments no longer in the index (merged away, or a rebuild)."""
        with self._lock:
            for term_key in [k for k in self._postings if k[0] not in segments]:
                self._held -= len(self._postings.pop(term_key)[0])
            for field_key in [k for k in self._lengths if k[0] not in segments]:
                del self._lengths[field_key]
            self._last = (None, (), {})
