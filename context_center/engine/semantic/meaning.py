"""The meaning leg of one fact set: its vectors, made in the background, and the nearest facts to
a query (nothing when the leg is off: the model not installed, not loading, or turned off)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..records import Fact
from .model import Leg, embedder, leg
from .vectors import TEXT_CHARS, FactVectors, Progress

QUERY_CHARS = TEXT_CHARS   # of a query, what is embedded (the model reads about 512 tokens; an agent's
# query may be far longer, and tokenizing all of it would cost time for nothing)


class MeaningLeg:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._vectors: FactVectors | None = None

    def state(self) -> Leg:
        return leg()

    def _store(self) -> FactVectors | None:
        model = embedder()
        if model is None:
            return None
        if self._vectors is None or self._vectors.model_name != model.name:
            self._vectors = FactVectors(self.path, model.name)
        return self._vectors

    def embedded(self) -> int:
        """How many facts of this set have a vector now (0 when the leg is off)."""
        store = self._store()
        return store.count() if store is not None else 0

    def update(self, facts: list[Fact], progress: Progress | None = None) -> int:
        """Embed the facts that are new or changed; how many (0 when the leg is off)."""
        store, model = self._store(), embedder()
        if store is None or model is None:
            return 0
        return store.update(facts, model, progress)

    def nearest(self, query: str, allowed: Callable[[str], bool], depth: int) -> list[tuple[str, float]]:
        store, model = self._store(), embedder()
        if store is None or model is None or not query.strip() or not store.count():
            return []
        return store.nearest(model.query(query[:QUERY_CHARS]), allowed, depth)
