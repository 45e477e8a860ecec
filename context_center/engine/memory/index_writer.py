"""``MEMORY.md``, derived from every fact of a folder, rewritten after the writes that changed it.

A write marks its folder behind and returns; the rewrite comes on a timer thread, coalesced
(``INDEX_DELAY`` after the last write of a burst, at most ``INDEX_STALE`` after its first), and at
close. It is the one thread besides the engine's: it shares the fact tables with it through the
store's guard, renders holding neither the guard nor the store lock, and writes atomically under
the lock only when no write came between.
"""
from __future__ import annotations

import logging
import threading
import time

from ..errors import StorageError
from ..storage.paths import versioned_by_git
from ..storage.store_lock import StoreLock
from .fact_store import FactStore
from .memory_index import IndexLines, prepare_index

log = logging.getLogger("context_center.memory")

INDEX_DELAY = 0.5   # seconds without a write before MEMORY.md is rewritten (a burst of writes shares one)
INDEX_STALE = 5.0   # ... but never more than this after the first write it is behind
_ATTEMPTS = 5       # renders before giving up to writes that keep coming (the next write tries again)


class IndexWriter:
    """Keeps each personal folder's ``MEMORY.md`` in step with its facts. A rewrite that finds
    another process wrote meanwhile brings the tables in step (their version moves, so the memory
    service's next read makes a new snapshot). It holds no callback into the memory service: no
    reference cycle keeps a closed store alive."""

    def __init__(self, store: FactStore, lock: StoreLock) -> None:
        self._store, self._lock = store, lock
        self._dirty: set[str] = set()     # scopes whose MEMORY.md is behind
        self._behind_since = 0.0          # (monotonic) the first write it is behind, and the last
        self._last_write = 0.0
        self._timer: threading.Timer | None = None
        self._pending = threading.Lock()
        self._flushing = threading.Lock()  # one rewrite at a time (the timer's, close's)
        self._lines: dict[str, IndexLines] = {}   # scope → its MEMORY.md block, kept between rewrites

    def behind(self, scope: str) -> None:
        """A write changed ``scope``'s folder: rewrite its MEMORY.md shortly. The team folder has
        none (derived, it would conflict on every merge of the repository)."""
        if versioned_by_git(scope):
            return
        with self._pending:
            now = time.monotonic()
            if not self._dirty:
                self._behind_since = now
            self._dirty.add(scope)
            self._last_write = now
            if self._timer is None:
                self._start_timer(INDEX_DELAY)

    def _start_timer(self, delay: float) -> None:
        self._timer = threading.Timer(delay, self._flush_later)
        self._timer.daemon = True
        self._timer.start()

    def _flush_later(self) -> None:
        with self._pending:
            if self._timer is not threading.current_thread():
                return   # cancelled (closing), or replaced
            now = time.monotonic()
            quiet, behind = now - self._last_write, now - self._behind_since
            if quiet < INDEX_DELAY and behind < INDEX_STALE:   # writes still coming: after them
                self._start_timer(min(INDEX_DELAY - quiet, INDEX_STALE - behind))
                return
            self._timer = None
        try:
            self.flush()
        except Exception as exc:  # noqa: BLE001 - a background rewrite must never take a process down
            log.warning("context-center: MEMORY.md could not be rewritten (%s); the next write tries again", exc)

    def flush(self) -> None:
        """Rewrite the MEMORY.md of every folder a write changed. One that cannot be written (a
        full disk) does not turn a done write into a failure: it is said, and rewritten by the
        next write that can."""
        with self._flushing:
            with self._pending:
                dirty, self._dirty = self._dirty, set()
            for scope in sorted(dirty):
                self._flush_scope(scope)

    def _flush_scope(self, scope: str) -> None:
        store = self._store
        lines = self._lines.setdefault(scope, IndexLines())
        for _attempt in range(_ATTEMPTS):
            with store.guard:
                store.sync(full=False)   # another process wrote since: its facts are listed too
                table = store.table(scope)
                if table.reloaded or not lines.filled:
                    lines.fill(table.kept.values())
                else:
                    for fact_id in table.changed_ids:
                        lines.update(fact_id, table.kept.get(fact_id))
                table.changed_ids.clear()
                table.reloaded = False
                version = store.version
            prepared = None
            try:   # at 100,000 facts rendering takes a while: writes go on meanwhile
                prepared = prepare_index(store.directory(scope), lines)
                if prepared is None:
                    return
                prepared.stage()   # written and synced holding nothing
                with self._lock, store.guard:
                    if store.version == version and prepared.commit():
                        store.note_own_change(scope)
                        return
                prepared.discard()
            except (StorageError, OSError) as exc:
                if prepared is not None:
                    prepared.discard()
                log.warning("context-center: the write is done, but MEMORY.md could not be rewritten (%s); "
                            "the next write rebuilds it", getattr(exc, "message", None) or exc)
                return

    def close(self) -> None:
        """Stop the pending rewrite and do it now: MEMORY.md is current when the store is closed."""
        with self._pending:
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
            if timer.is_alive() and timer is not threading.current_thread():
                timer.join()
        self.flush()
