"""What agents' searches returned (MCP ``memory_search``): each fact's id, how often, and when last.

The review's "unused" rests on it, beside the injection record. An agent's search is a read, so
nothing is written on its path: the ids are noted in this process's memory and written on a
timer thread, a burst of searches in one transaction (``FLUSH_DELAY`` after the first of it), and
at close. A write that cannot happen now (a read-only store, a full disk, the catalog busy with
another process's write) keeps what it held for the next one; at most ``KEPT`` facts are kept,
in memory and in the catalog's ``search_returns`` table, the ones returned longest ago dropped.
"""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from .catalog import Catalog

log = logging.getLogger("context_center.catalog")

FLUSH_DELAY = 2.0   # seconds from a search to the write of what it (and those after it) returned
KEPT = 5000         # facts remembered, the most recently returned
# where an earlier version kept them: one JSON value, rewritten on every search (folded in, then removed)
LEGACY_SETTING = "memory.search_returns"

Returned = dict[str, tuple[int, str]]   # fact id → (times returned, when last)


class SearchReturns:
    """Notes what searches returned and writes it off their path. ``catalog`` gives the catalog to
    write to (asked on the thread that notes, so it is made there, never on the timer's)."""

    def __init__(self, catalog: Callable[[], Catalog], *, read_only: bool) -> None:
        self._catalog_of = catalog
        self._catalog: Catalog | None = None
        self._read_only = read_only
        self._pending: Returned = {}
        self._guard = threading.Lock()     # the pending ids and the timer
        self._writing = threading.Lock()   # one write at a time (the timer's, close's)
        self._timer: threading.Timer | None = None

    def note(self, fact_ids: list[str], stamp: str) -> None:
        """A search returned these facts at ``stamp``: remembered here, written shortly."""
        if not fact_ids or self._read_only:
            return
        if self._catalog is None:
            self._catalog = self._catalog_of()
        with self._guard:
            _add(self._pending, _counted(fact_ids, stamp))
            if self._timer is None:
                self._timer = threading.Timer(FLUSH_DELAY, self._flush_later)
                self._timer.daemon = True
                self._timer.start()

    def _flush_later(self) -> None:
        with self._guard:
            if self._timer is not threading.current_thread():
                return   # cancelled by close, which writes itself
            self._timer = None
        self.flush()

    def flush(self) -> None:
        """Write what was noted. Never raises: a write that fails keeps it for the next one."""
        with self._writing:
            with self._guard:
                pending, self._pending = self._pending, {}
            if not pending or self._catalog is None:
                return
            try:
                self._catalog.add_search_returns(pending, KEPT, fold=LEGACY_SETTING)
            except Exception as exc:  # noqa: BLE001 - a read's record must never fail a process
                log.warning("context-center: what agents' searches returned is kept for a later write (%s)", exc)
                with self._guard:
                    _add(pending, self._pending)
                    self._pending = _newest(pending)

    def read(self) -> Returned:
        """Fact id → (times an agent's search returned it, when last): the catalog's, and what this
        process noted and has not written yet."""
        catalog = self._catalog or self._catalog_of()
        found = catalog.search_returns(fold=LEGACY_SETTING)
        with self._guard:
            _add(found, self._pending)
        return found

    def close(self) -> None:
        with self._guard:
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
        self.flush()


def _counted(fact_ids: list[str], stamp: str) -> Returned:
    counts: Returned = {}
    for fact_id in fact_ids:
        counts[fact_id] = (counts.get(fact_id, (0, stamp))[0] + 1, stamp)
    return counts


def _add(into: Returned, more: Returned) -> None:
    for fact_id, (count, last) in more.items():
        had, when = into.get(fact_id, (0, ""))
        into[fact_id] = (had + count, max(when, last))


def _newest(returned: Returned) -> Returned:
    if len(returned) <= KEPT:
        return returned
    return dict(sorted(returned.items(), key=lambda item: item[1][1])[-KEPT:])
