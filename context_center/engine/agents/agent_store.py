"""What one MCP server opens for all its sessions: the global store, and a store per bound
workspace, each with the agents' search index and a watcher for other processes' writes.

A session binds (agents/service.py); the store opens. Sessions bound to one workspace share its
engine, so ten agents on one repository cost one open. At most :data:`MAX_OPEN_PROJECTS` are kept
open: the least recently used is closed, and opened again when a session bound to it calls.
Not thread-safe: the MCP face calls it from one worker, one call at a time.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from ..facade import Engine
from ..opening import open_engine, open_global_engine
from ..storage.paths import project_key
from .agent_index import AgentIndex

if TYPE_CHECKING:   # (watchdog loads when a server starts watching)
    from ..storage.file_watch import FileWatcher

MAX_OPEN_PROJECTS = 8


class OpenStore:
    """One open engine with the agents' index over its facts, and whether another process wrote."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.index = AgentIndex(engine.paths.agent_index_cache_file)
        self._changed = threading.Event()
        self._watcher: FileWatcher | None = None

    def watch(self) -> None:
        if self._watcher is None:
            self._watcher = self.engine.watch(lambda _paths: self._changed.set())

    def stale(self) -> None:
        """Another open of this process wrote: look again before the next call (its watcher may not
        have told yet)."""
        self._changed.set()

    def fresh(self) -> Engine:
        """The engine, brought in step first when another process wrote since the last call."""
        if self._changed.is_set():
            self._changed.clear()
            self.engine.refresh()
        return self.engine

    def close(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None
        self.engine.close()


class AgentStore:
    def __init__(self, state_root: str | os.PathLike[str] | None) -> None:
        self.state_root = state_root
        self.global_store = OpenStore(open_global_engine(state_root))
        self._projects: OrderedDict[str, OpenStore] = OrderedDict()
        self._watching = False

    def watch(self) -> None:
        """Notice other processes' writes (the window, the CLI, another server) before the next call."""
        self._watching = True
        self.global_store.watch()
        for opened in self._projects.values():
            opened.watch()

    def open(self, project: Path | None) -> OpenStore:
        """The store of ``project`` (a checked, existing directory), or the global one for None."""
        if project is None:
            return self.global_store
        key = project_key(project)
        opened = self._projects.get(key)
        if opened is None:
            opened = OpenStore(open_engine(self.state_root, project))
            if self._watching:
                opened.watch()
            self._projects[key] = opened
            while len(self._projects) > MAX_OPEN_PROJECTS:
                _key, oldest = self._projects.popitem(last=False)
                oldest.close()
        self._projects.move_to_end(key)
        return opened

    def wrote(self, through: OpenStore) -> None:
        """A write went through ``through``: every other open sees it on its next call."""
        for opened in (self.global_store, *self._projects.values()):
            if opened is not through:
                opened.stale()

    def close(self) -> None:
        for opened in self._projects.values():
            opened.close()
        self._projects.clear()
        self.global_store.close()
