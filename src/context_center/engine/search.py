"""Explicit search: the read-only ``memory search`` over every promoted fact, stale and expired
included, scored by Whoosh (BM25F), with snippets centred on the match."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import sensitive
from .errors import InvalidInput
from .records import Fact, Snapshot
from .search_index import Progress, SearchIndex, SyncReport, document_key
from .snippets import make_snippet, redact_home
from .text_analysis import tokenize

DEFAULT_LIMIT, MAX_LIMIT = 8, 20
RELATIVE_FLOOR = 0.15
SNIPPET_CHARS = 240


@dataclass(frozen=True)
class SearchHit:
    fact: Fact
    score: float
    snippet: str

    @property
    def ref(self) -> str:
        return self.fact.ref


@dataclass(frozen=True)
class SearchResult:
    query: str
    hits: tuple[SearchHit, ...]


class SearchService:
    def __init__(self, folder: Path) -> None:
        self.index = SearchIndex(folder)
        self._synced: Snapshot | None = None

    @staticmethod
    def _searchable(snapshot: Snapshot) -> list[Fact]:
        return [f for f in snapshot.facts if f.status != "staging"]

    def sync(self, snapshot: Snapshot, progress: Progress | None = None) -> SyncReport:
        if snapshot is self._synced:
            return SyncReport()
        report = self.index.sync(self._searchable(snapshot), progress)
        self._synced = snapshot
        return report

    def rebuild(self, snapshot: Snapshot, progress: Progress | None = None) -> SyncReport:
        report = self.index.rebuild(self._searchable(snapshot), progress)
        self._synced = snapshot
        return report

    def search(self, query: str, snapshot: Snapshot, limit: int = DEFAULT_LIMIT) -> SearchResult:
        if not 1 <= limit <= MAX_LIMIT:
            raise InvalidInput(f"limit must be between 1 and {MAX_LIMIT}; got {limit}")
        self.sync(snapshot)
        terms = tokenize(query)
        by_key = {document_key(f): f for f in self._searchable(snapshot)}
        ranked = [(by_key[key], score) for key, score in self.index.search(terms, limit) if key in by_key]
        if not ranked:
            return SearchResult(query, ())
        floor = ranked[0][1] * RELATIVE_FLOOR
        hits = []
        for fact, score in ranked:
            if score < floor:
                break
            text, _ = sensitive.redact(fact.body or fact.description)
            hits.append(SearchHit(fact, score, redact_home(make_snippet(text, terms, SNIPPET_CHARS))))
        return SearchResult(query, tuple(hits))

    def close(self) -> None:
        self.index.close()


