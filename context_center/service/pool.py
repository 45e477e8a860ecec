"""The service's open stores, kept warm and current.

A store is opened the first time a command asks for it (its state root and workspace, resolved by
the engine's own rules from the caller's environment and folder) and kept for the next one, at
most :data:`CAPACITY` of them (the least recently used is closed). Each is kept current two ways:

* every lease first looks at each fact folder's mtime (a handful of ``stat`` calls, whatever the
  number of facts): every Context Center write replaces a file, which moves it; so a write by any
  face that returned before the command started is seen by it;
* watchdog's inotify events name the files an editor or ``git pull`` changed in place; they are
  applied on the next lease (the debounce is a quarter of a second).

Nothing stats every fact file per command: at 100,000 facts that alone would cost more than the
hook's whole budget. Where inotify cannot watch (its limit reached), every file is compared
instead, at most once a second.
"""
from __future__ import annotations

import gc
import logging
import os
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ..engine import Engine, StorePaths, open_engine

CAPACITY = 4
FULL_CHECK_SECONDS = 1.0   # without a watcher: how stale an in-place edit may be
log = logging.getLogger("context_center.resident")


class WarmStore:
    """One open store, with what its watcher has reported since the last lease."""

    def __init__(self, paths: StorePaths) -> None:
        self.key = (paths.root, paths.workspace)
        self._root_identity = _identity(paths.root)
        self.engine = open_engine(paths.root, paths.workspace)
        self._folders: tuple[tuple[Path, tuple[int, int] | None], ...] = ()
        self._folder_gone = False   # the watcher saw a watched folder deleted (its watch went with it)
        self._pending: set[Path] = set()
        self._pending_lock = threading.Lock()
        self._last_full = time.monotonic()
        try:
            self.engine.watch(self._noticed)
            self.watched = True
        except OSError as exc:   # the inotify limit: compare every file instead, now and then
            log.warning("context-center service: cannot watch %s (%s); edits in place are found by a "
                        "full check at most once a second", paths.root, exc)
            self.watched = False
        # the folders as watched (watching made the missing ones): one put back in another's place
        # (a restore, a checkout, a synced folder adopted by another process) is a store to reopen
        self._folders = tuple((folder, _identity(folder)) for folder in self.engine.fact_folders())

    def _noticed(self, paths: set[Path]) -> None:
        with self._pending_lock:
            self._pending |= paths
            if any(path == folder for path in paths for folder, _identity in self._folders):
                self._folder_gone = True

    def current(self) -> bool:
        """Whether this open still stands for the store: the state root and each fact folder the
        ones it opened and watches (not removed or replaced), the workspace's repository the one it
        opened for (a worktree repaired, moved or removed since), and the store writable (an open
        that found it read-only, a full disk say, is not kept: the next one may find it writable)."""
        return (_identity(self.key[0]) == self._root_identity and not self.engine.read_only
                and not self._folder_gone
                and all(_identity(folder) == identity for folder, identity in self._folders)
                and StorePaths.create(self.key[0], self.key[1]).repository == self.engine.paths.repository)

    def catch_up(self) -> None:
        """Bring the engine in step with the files before a command reads it."""
        with self._pending_lock:
            paths, self._pending = self._pending, set()
        if not self.watched and time.monotonic() - self._last_full >= FULL_CHECK_SECONDS:
            self.engine.refresh()
            self._last_full = time.monotonic()
        self.engine.refresh_for(paths)   # the files named, and every folder whose mtime moved

    def close(self) -> None:
        try:
            self.engine.close()
        except Exception as exc:  # noqa: BLE001 - a store being let go: report it, keep serving others
            log.warning("context-center service: closing %s: %s: %s", self.key[0], type(exc).__name__, exc)


def _identity(folder: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(folder)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class Pool:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._stores: OrderedDict[tuple[Path, Path], WarmStore] = OrderedDict()

    @contextmanager
    def lease(self, state_root: Any = None, workspace: Any = None) -> Iterator[Engine]:
        """The engine for this state root and workspace (opened if need be), current; the
        caller's process would have closed its own engine after the command, which writes
        MEMORY.md when it is due: so does the end of a lease."""
        store = self._store(StorePaths.create(state_root, workspace))
        store.catch_up()
        yield store.engine
        store.engine.flush()

    def _store(self, paths: StorePaths) -> WarmStore:
        key = (paths.root, paths.workspace)
        store = self._stores.pop(key, None)
        let_go = []
        if store is not None and not store.current():
            let_go.append(store)
            store = None
        while len(self._stores) >= self._capacity:
            let_go.append(self._stores.popitem(last=False)[1])
        self._let_go(let_go)
        if store is None:
            store = WarmStore(paths)
        self._stores[key] = store
        return store

    @staticmethod
    def _let_go(stores: list[WarmStore]) -> None:
        """Close ``stores`` and free them: an open freezes what it loaded for the collector
        (gc.freeze), so what a closed store left in a reference cycle would otherwise stay for as
        long as the service runs."""
        if not stores:
            return
        for store in stores:
            store.close()
        stores.clear()
        gc.unfreeze()   # (the next open freezes what is alive then)
        gc.collect()

    def let_go_all(self) -> None:
        """Close every open store: a command stopped midway may have left one half brought in step
        (the next command opens it afresh)."""
        stores = list(self._stores.values())
        self._stores.clear()
        self._let_go(stores)

    def describe(self) -> list[dict[str, Any]]:
        return [{"state_root": str(root), "workspace": str(workspace), "facts": len(store.engine.facts()),
                 "watched": store.watched} for (root, workspace), store in self._stores.items()]

    def close(self) -> None:
        while self._stores:
            _key, store = self._stores.popitem()
            store.close()
