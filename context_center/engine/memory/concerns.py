"""What a batch of changed paths (the file watcher's) changed: the facts, the archive, or the
instructions, as a :class:`~..records.Change`. An archive change of our own (a forget, a recover)
was shown when it was made: it is told from another process's by the archive's listing as last
reported."""
from __future__ import annotations

import os
from pathlib import Path

from ..records import Change
from ..storage.paths import StorePaths
from .memory_service import MemoryService


class Concerns:
    def __init__(self, paths: StorePaths, memory: MemoryService) -> None:
        self._paths, self._memory = paths, memory
        self._archive_seen: frozenset[str] | None = None   # the archive as last reported to a face

    def _archive_listing(self) -> frozenset[str]:
        names: set[str] = set()
        for scope in self._paths.scopes:
            folder = self._paths.archive_dir(self._paths.memory_dir(scope))
            try:
                names.update(f"{scope}/{name}" for name in os.listdir(folder))
            except OSError:
                continue
        return frozenset(names)

    def archive_shown(self) -> None:
        """The archive changed by a write here, which reported it: the watcher's echo is no news."""
        self._archive_seen = self._archive_listing()

    def refresh_for(self, paths: set[Path]) -> Change:
        """Refresh the facts for ``paths``; what changed: the facts (and so the archive, which a
        fact may have moved into), an archive folder's entries (not our own change), and the
        instructions (a file outside the fact folders)."""
        before = self._memory.generation
        self._memory.reload_paths(paths)   # the files named, and any folder whose mtime moved
        facts = self._memory.generation != before
        archive = False
        fact_folders = [self._paths.memory_dir(scope) for scope in self._paths.scopes]
        archives = [self._paths.archive_dir(folder) for folder in fact_folders]
        if any(p.parent in archives for p in paths):
            listing = self._archive_listing()
            if listing != self._archive_seen:
                archive = True
                self._archive_seen = listing
        instructions = any(not any(folder == p.parent or folder in p.parents for folder in fact_folders)
                           for p in paths)
        return Change(facts=facts, archive=facts or archive, instructions=instructions)
