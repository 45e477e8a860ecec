"""What every part of the facade shares: the store's paths, its memory and lock, the catalog.

:class:`~.facade.Engine` is one object for the faces, made of parts that each own one noun
(:mod:`.facade_recall`, :mod:`.facade_suggestions`, :mod:`.facade_shared`); each part reads what
the engine holds through the names declared here.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Callable

from .memory.memory_service import MemoryService
from .records import Fact, SessionContext
from .storage.catalog_opener import CatalogOpener
from .storage.paths import StorePaths
from .storage.store_lock import StoreLock

if TYPE_CHECKING:
    from .instructions.resolver import InstructionResolver
    from .storage.catalog import Catalog

Progress = Callable[[int, int], None]   # (done, total) of a long job


class EngineBase:
    paths: StorePaths
    memory: MemoryService
    _lock: StoreLock
    _catalogs: CatalogOpener
    _instructions: InstructionResolver
    _archive_seen: frozenset[str] | None   # the archive as last reported to a face

    @property
    def _catalog(self) -> Catalog:
        """The catalog's state with no file of its own (settings, decisions, the injection
        record…), opened on first use: SQLAlchemy takes 0.13 s to import, and a command that
        reads or writes facts needs none of it (their rows and the recall traces go through
        :class:`.storage.catalog_file.DirectAccess`)."""
        return self._catalogs()

    def facts(self) -> list[Fact]:
        return list(self.memory.snapshot.facts)

    def session_context(self) -> SessionContext:
        return self.memory.session_context()

    def _archive_listing(self) -> frozenset[str]:
        """The names in both archive folders: tells another process's archive change from our own."""
        names: set[str] = set()
        for scope in self.paths.scopes:
            folder = self.paths.archive_dir(self.paths.memory_dir(scope))
            try:
                names.update(f"{scope}/{name}" for name in os.listdir(folder))
            except OSError:
                continue
        return frozenset(names)
