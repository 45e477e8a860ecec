"""The SQLAlchemy catalog of a state root, opened on first use."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .store_lock import StoreLock

if TYPE_CHECKING:
    from .catalog import Catalog


class CatalogOpener:
    """The SQLAlchemy catalog of ``path``, opened on first use (SQLAlchemy takes 0.13 s to import,
    and a command that reads or writes facts needs none of it). One object owns it, so the engine
    and the direct statements that may need it first share it without holding each other (an
    engine in a reference cycle outlives its close: the collector no longer walks the objects an
    open freezes)."""

    def __init__(self, path: Path, lock: StoreLock) -> None:
        self._path, self._lock = path, lock
        self._catalog: Catalog | None = None

    def __call__(self) -> Catalog:
        if self._catalog is None:
            from .catalog import Catalog

            self._catalog = Catalog(self._path, self._lock)
        return self._catalog

    def close(self) -> None:
        if self._catalog is not None:
            self._catalog.close()
