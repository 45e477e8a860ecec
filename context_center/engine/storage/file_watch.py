"""Watching the files behind the store with watchdog, debounced.

Events are batched over a short window and delivered once, on watchdog's thread,
as the set of paths that changed. Temp files of atomic writes, the catalog and the
search index are ignored. Our own writes still arrive, but a refresh that finds
nothing new keeps the same snapshot object, so faces do not reload for an echo.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Callable, Iterable

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from .atomic_write import is_temp_file
from .paths import TEAM, StorePaths

DEBOUNCE_SECONDS = 0.25
_IGNORED_PARTS = {"index", ".revisions", "__pycache__", ".git", "sync.git"}


def watched_folders(paths: StorePaths) -> list[tuple[Path, bool]]:
    """(folder, recursive) of what a store's watcher looks at: the state root, each fact folder and
    its archive. Not recursive: ``.revisions/`` is ours and never needs watching. The team folder is
    in the user's repository: watched when it is there, never created by watching."""
    folders = [(paths.root, False)]
    for scope in paths.scopes:
        memory = paths.memory_dir(scope)
        if scope == TEAM:
            folders += [(memory, False)] if memory.is_dir() else []
            continue
        folders += [(memory, False), (paths.archive_dir(memory), False)]
    return folders


class _Handler(FileSystemEventHandler):
    def __init__(self, watcher: "FileWatcher") -> None:
        self.watcher = watcher

    def on_any_event(self, event: FileSystemEvent) -> None:
        # Facts and instructions are files; a folder's own "modified" event only echoes what
        # happened inside it (our catalog touching the state root, say) and would loop.
        if event.is_directory and event.event_type == "deleted":   # a watched folder itself gone (its watch
            self.watcher.notice(Path(os.fsdecode(event.src_path)))   # with it): its owner may reopen
            return
        if event.is_directory or event.event_type in ("opened", "closed_no_write"):
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if raw:
                self.watcher.notice(Path(os.fsdecode(raw)))


class FileWatcher:
    """Calls ``on_change(paths)`` at most once per debounce window while files change."""

    def __init__(self, folders: Iterable[tuple[Path, bool]], on_change: Callable[[set[Path]], None],
                 debounce: float = DEBOUNCE_SECONDS) -> None:
        self._folders = list(folders)   # (folder, recursive)
        self._on_change = on_change
        self._debounce = debounce
        self._pending: set[Path] = set()
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._observer = Observer()
        self._started = False
        self._handler = _Handler(self)
        self._followed: dict[Path, ObservedWatch] = {}   # folder → watchdog's watch, set by follow()
        # its own lock: watchdog holds its observer lock while it calls notice(), which takes _lock
        self._follow_lock = threading.Lock()

    @staticmethod
    def relevant(path: Path) -> bool:
        if is_temp_file(path) or path.name.startswith("catalog.sqlite") or path.name == ".lock":
            return False
        return not _IGNORED_PARTS.intersection(path.parts)

    def start(self) -> None:
        for folder, recursive in self._folders:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError:   # a read-only state root: a folder that is not there cannot change either
                if not folder.is_dir():
                    continue
            self._observer.schedule(self._handler, str(folder), recursive=recursive)
        self._observer.daemon = True
        self._observer.start()
        self._started = True

    def follow(self, folders: Iterable[Path]) -> None:
        """Watch exactly these folders besides the fixed ones (non-recursive; missing ones are
        skipped): what a resolved instruction chain reads changes as its files change."""
        fixed = {folder for folder, _recursive in self._folders}
        wanted = {folder for folder in folders if folder not in fixed and folder.is_dir()}
        with self._follow_lock:
            if not self._started:
                return
            for folder in set(self._followed) - wanted:
                self._observer.unschedule(self._followed.pop(folder))
            for folder in wanted - set(self._followed):
                self._followed[folder] = self._observer.schedule(self._handler, str(folder), recursive=False)

    @property
    def folders(self) -> set[Path]:
        """Every folder watched now."""
        return {folder for folder, _recursive in self._folders} | set(self._followed)

    def notice(self, path: Path) -> None:
        if not self.relevant(path):
            return
        with self._lock:
            self._pending.add(path)
            if self._timer is None:
                self._timer = threading.Timer(self._debounce, self._flush)
                self._timer.daemon = True
                self._timer.start()

    def _flush(self) -> None:
        with self._lock:
            paths, self._pending, self._timer = self._pending, set(), None
        if paths:
            self._on_change(paths)

    def stop(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._pending.clear()
        with self._follow_lock:
            started, self._started = self._started, False
            self._followed.clear()
        if started:
            self._observer.stop()
            self._observer.join(timeout=5)
