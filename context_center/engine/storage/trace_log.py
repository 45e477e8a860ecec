"""Recall traces in the catalog, through :mod:`sqlite3` directly: a hook or ``memory recall``
appends one per call (:class:`.catalog_file.DirectAccess` says why not through SQLAlchemy).
The newest :data:`KEEP_TRACES` are kept; a trace that cannot be read is as if none were kept."""
from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from .catalog_file import DirectAccess, first_line

log = logging.getLogger("context_center.catalog")

TABLES = ("recall_traces",)
KEEP_TRACES = 500
PRUNE_EVERY = 50   # ids: the older traces go now and then, not on every append


class TraceLog:
    def __init__(self, db: DirectAccess) -> None:
        self._db = db

    def add(self, workspace: Path, created_at: str, trace: dict[str, Any]) -> int | None:
        """Keep ``trace``; returns its id, or None when it cannot be kept (a read-only state root
        keeps none; a full disk is logged): the recall it explains is answered all the same."""
        if self._db.read_only or not self._db.usable():
            return None
        try:
            with self._db.transaction() as cursor:
                cursor.execute("INSERT INTO recall_traces (created_at, workspace, trace) VALUES (?, ?, ?)",
                               (created_at, str(workspace), json.dumps(trace, ensure_ascii=False)))
                new_id = int(cursor.lastrowid or 0)
                if new_id % PRUNE_EVERY == 0:
                    cursor.execute("DELETE FROM recall_traces WHERE id <= ?", (new_id - KEEP_TRACES,))
        except sqlite3.Error as exc:
            log.warning("context-center: the recall trace could not be kept (%s)", first_line(exc))
            return None
        return new_id

    def last(self, workspace: Path | None = None) -> dict[str, Any] | None:
        """The newest trace (of ``workspace``, if given), with its id, time and workspace."""
        if not self._db.usable():
            return None
        where, parameters = ("WHERE workspace = ? ", (str(workspace),)) if workspace is not None else ("", ())
        try:
            rows = self._db.select(f"SELECT id, created_at, workspace, trace FROM recall_traces {where}"
                                   "ORDER BY id DESC LIMIT 1", parameters)
        except sqlite3.Error:
            return None
        if not rows:
            return None
        trace_id, created_at, trace_workspace, text = rows[0]
        try:
            trace = json.loads(text)
            trace.update(trace_id=trace_id, created_at=created_at, workspace=trace_workspace)
        except (ValueError, TypeError, AttributeError):
            return None   # a garbled trace: as if none had been kept
        return trace
