"""The catalog's file without SQLAlchemy: the schema's version, the connection's settings, the
copy set aside when the file could not be read, and :class:`DirectAccess`.

``catalog.sqlite`` is opened two ways. :mod:`.catalog` (SQLAlchemy Core) defines every table,
creates and upgrades the schema, and holds the state with no file of its own. The few
statements nearly every process runs (read the fact rows on open, write those of a changed
file, append a recall trace) go through :mod:`sqlite3` directly (:mod:`.fact_cache`,
:mod:`.trace_log`): importing SQLAlchemy alone takes 0.13 s, a quarter of a command's budget,
and ``memory show`` needs nothing else from it.
"""
from __future__ import annotations

import contextlib
import logging
import sqlite3
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..records import Diagnostic
from .store_lock import StoreLock

log = logging.getLogger("context_center.catalog")

SCHEMA_VERSION = 7   # 4: context-eng labels, categories, settings; 5: ctime_ns in a file's stamp; 6: refs;
#                    7: worktree and branch limits
BUSY_TIMEOUT_S = 30.0
LOST_WITH_IT = ("what only it held was lost with it: the settings, suggestion and review decisions, the rules "
                "enforced at the tool call, agents' categories, "
                "recall traces, the injection record, and which imported memories were deleted (an import may "
                "offer those again)")


def configure(connection: sqlite3.Connection) -> None:
    """Every connection waits for another process's write instead of failing, and commits
    without an fsync per transaction (WAL keeps it consistent; the rows it risks are derived)."""
    cursor = connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


def aside_path(catalog: Path) -> Path:
    return Path(str(catalog) + ".corrupt")


def aside_diagnostics(catalog: Path) -> tuple[Diagnostic, ...]:
    """A catalog set aside as unreadable is named for as long as it is kept: the state with no
    file of its own that it held could not be carried over."""
    aside = aside_path(catalog)
    if not aside.exists():
        return ()
    return (Diagnostic(aside, 1, f"the catalog could not be read and was set aside here; {LOST_WITH_IT} "
                                 "(remove this file once you no longer need it)", "warning"),)


def first_line(exc: BaseException) -> str:
    return str(getattr(exc, "orig", None) or exc).split("\n")[0]


class DirectAccess:
    """Statements on the catalog's tables ``tables`` through :mod:`sqlite3`, one connection per
    call (as the catalog's own pool does: any thread may call). ``prepare`` opens the catalog
    proper, which creates or upgrades the schema and sets an unreadable file aside; it is
    called when the file is not (yet) one these statements can use."""

    def __init__(self, path: Path, lock: StoreLock, prepare: Callable[[], object], tables: tuple[str, ...]) -> None:
        self.path = path
        self._lock = lock
        self._prepare = prepare
        self._tables = tables
        self._ready: bool | None = None   # None: not looked at yet
        self._frozen = False              # the catalog proper found it cannot write (a full disk)

    @property
    def read_only(self) -> bool:
        """The state root cannot be written (the store lock found out on open, or the catalog on a
        full disk): read the file as it is, never write."""
        return self._lock.read_only or self._frozen

    def _connect(self) -> sqlite3.Connection:
        if self.read_only:   # nothing writes a read-only mount: read the file as it is, without a WAL index
            return sqlite3.connect(f"{self.path.absolute().as_uri()}?immutable=1", uri=True)
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S)
        configure(connection)
        return connection

    def _schema_ok(self) -> bool:
        if not self.path.is_file():
            return False
        with self.reading() as connection:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return version == SCHEMA_VERSION and set(self._tables) <= tables

    def usable(self) -> bool:
        """Is the file one these statements can use? Asked once per process; if not, the catalog
        proper is opened to make it so (a first open, an older version, a dropped table, a file
        that is not a database), and the answer is asked again."""
        if self._ready is None:
            try:
                ready = self._schema_ok()
            except sqlite3.Error:
                ready = False
            if not ready and not self.read_only:
                prepared = self._prepare()
                self._frozen = getattr(prepared, "read_only", False) is True
                try:
                    ready = self._schema_ok()
                except sqlite3.Error as exc:
                    log.warning("context-center: the catalog %s could not be read (%s)", self.path, first_line(exc))
                    ready = False
            self._ready = ready
        return self._ready

    def select(self, sql: str, parameters: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows; raises :class:`sqlite3.Error` (the caller decides what a failed read means)."""
        with self.reading() as connection:
            return connection.execute(sql, tuple(parameters)).fetchall()

    @contextlib.contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """A connection for a few reads; raises :class:`sqlite3.Error` as :meth:`select` does."""
        connection = self._connect()
        try:
            yield connection
        finally:
            connection.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Cursor]:
        """One transaction, committed when the block ends and rolled back if it raises
        (:class:`sqlite3.Error` included: the caller decides what a failed write means)."""
        connection = self._connect()
        try:
            with connection:
                yield connection.cursor()
        finally:
            connection.close()
