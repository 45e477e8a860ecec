"""The SQLite catalog (SQLAlchemy Core): a cache of parsed fact files, and the state with no file.

Files are the truth. The catalog remembers, per fact file, the (size, mtime, inode)
it was parsed at and the parsed record, so opening an unchanged store parses nothing,
and a file changed, added or removed behind our back is noticed on the next open.
It also holds what has no file of its own: recall traces, suggestion decisions, the record
of what the hooks injected, what was imported from other agents, the agents' categories and
the settings.

This module defines every table and creates and upgrades the schema. The statements nearly
every process runs (the fact rows: :mod:`.fact_cache`; appending a recall trace:
:mod:`.trace_log`) use sqlite3 directly, so a short command need not import SQLAlchemy
(:mod:`.catalog_file` says why); everything else is here.
"""
from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    or_,
    select,
)
from sqlalchemy.dialects.sqlite import insert
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DatabaseError
from sqlalchemy.pool import NullPool, StaticPool

from ..errors import StorageError
from .catalog_file import LOST_WITH_IT, SCHEMA_VERSION, aside_path, configure, first_line
from .store_lock import StoreLock

log = logging.getLogger("context_center.catalog")

metadata = MetaData()

fact_files = Table(
    "fact_files", metadata,
    Column("path", String, primary_key=True),
    Column("directory", String, nullable=False, index=True),
    Column("size", Integer, nullable=False),
    Column("mtime_ns", Integer, nullable=False),
    Column("inode", Integer, nullable=False),
    # a user cannot set the change time: a rewrite keeping size, mtime and inode is still noticed
    Column("ctime_ns", Integer, nullable=False, default=0),
    Column("fact", Text),           # JSON of the parsed Fact, or NULL when unparseable
    Column("problems", Text, nullable=False, default="[]"),  # JSON [[line, reason, severity]…]
)

folder_snapshots = Table(
    "folder_snapshots", metadata,   # derived: a whole folder's fact_files in one blob (folder_snapshot.py)
    Column("directory", String, primary_key=True),
    Column("files", Integer, nullable=False),
    Column("payload", LargeBinary, nullable=False),
)

recall_traces = Table(
    "recall_traces", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("created_at", String, nullable=False),
    Column("workspace", String, nullable=False, index=True),
    Column("trace", Text, nullable=False),   # JSON of the recall result and its rejected candidates
)

suggestion_decisions = Table(
    "suggestion_decisions", metadata,
    Column("id", String, primary_key=True),          # the candidate id (stable: from its words)
    Column("workspace", String, primary_key=True),
    Column("decision", String, nullable=False),      # accepted | dismissed
    Column("decided_at", String, nullable=False),
    Column("result", Text, nullable=False, default=""),  # what accepting wrote (a ref or a path)
)

agent_categories = Table(
    "agent_categories", metadata,   # the context-eng category registry: a category outlives its last memory
    Column("scope_key", String, primary_key=True),   # "global", or "project:<project key>"
    Column("canonical", String, primary_key=True),
    Column("display", String, nullable=False),
    Column("created_at", String, nullable=False),
)

injections = Table(
    "injections", metadata,         # what a hook gave an agent (engine/recall/injection_log.py)
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("created_at", String, nullable=False, index=True),
    Column("workspace", String, nullable=False, index=True),
    Column("session_id", String, nullable=False, default=""),
    Column("record", Text, nullable=False),          # JSON, secrets masked
)

imported_items = Table(
    "imported_items", metadata,     # what an import from another agent wrote: importing again adds nothing
    Column("scope_key", String, primary_key=True),   # "global", or "project:<project key>"
    Column("key", String, primary_key=True),         # the source, its path and the content's hash
    Column("fact_id", String, nullable=False),
    Column("imported_at", String, nullable=False),
)

search_returns = Table(
    "search_returns", metadata,     # what agents' searches returned (engine/storage/search_returns.py)
    Column("fact_id", String, primary_key=True),
    Column("count", Integer, nullable=False),
    Column("last", String, nullable=False, index=True),
)

kept = Table(
    "kept", metadata,               # what the user decided and the engine keeps row by row (storage/kept.py)
    Column("kind", String, primary_key=True),        # "review.decision", "review.dismissed", "review.settled"…
    Column("key", String, primary_key=True),
    Column("at", String, nullable=False, index=True),
    Column("body", Text, nullable=False),            # JSON
)

settings = Table(
    "settings", metadata,           # what every face reads alike (the MCP policy, the judge's URL and model)
    Column("key", String, primary_key=True),
    Column("value", Text, nullable=False),           # JSON
)


def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    configure(dbapi_connection)


class Catalog:
    """One SQLite file per state root, shared by every process on it."""

    def __init__(self, path: Path, lock: StoreLock) -> None:
        self.path = path
        self._lock = lock
        self.read_only = False   # True: the state root cannot be written; this catalog lives in memory
        self._engine = self._connect()

    def _connect(self) -> Engine:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.is_dir() and self._writable():   # a folder where the catalog belongs: not ours to read
            self._set_aside_corrupt()
        engine = create_engine(f"sqlite:///{self.path}", poolclass=NullPool)
        event.listen(engine, "connect", _on_connect)
        try:
            self._ensure_schema(engine)
        except DatabaseError as exc:
            if not self._writable():   # a read-only mount, a full disk: every read still works
                engine.dispose()
                return self._in_memory_copy()
            if "file is not a database" not in str(exc) and "malformed" not in str(exc):
                raise StorageError(f"catalog {self.path} is unusable: {exc}") from exc
            engine.dispose()
            self._set_aside_corrupt()
            engine = create_engine(f"sqlite:///{self.path}", poolclass=NullPool)
            event.listen(engine, "connect", _on_connect)
            self._ensure_schema(engine)
        return engine

    def _writable(self) -> bool:
        """Can the catalog be written here? Not on a read-only mount (nor, as root, anywhere
        ``os.access`` would say yes to), nor on a full disk: a probe file of one page tells (an
        empty one is made on a full tmpfs, where no page can be written)."""
        probe = self.path.parent / f".probe-{os.getpid()}.tmp"
        try:
            fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return True
        except OSError as exc:
            return exc.errno not in (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC)
        try:
            os.write(fd, b"\0" * 4096)
            os.fsync(fd)
        except OSError as exc:
            return exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EIO)
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(probe)
        return True

    def _in_memory_copy(self) -> Engine:
        """A read-only state root (or a full disk): the catalog is copied into memory, so every read
        works and derived rows are kept for this process only; what cannot be read is rebuilt."""
        memory = sqlite3.connect(":memory:", check_same_thread=False)
        if self.path.is_file():
            try:
                source = sqlite3.connect(f"file:{self.path}?immutable=1", uri=True)
                try:
                    source.backup(memory)
                finally:
                    source.close()
            except sqlite3.Error:
                memory.close()
                memory = sqlite3.connect(":memory:", check_same_thread=False)
        self.read_only = True
        engine = create_engine("sqlite://", creator=lambda: memory, poolclass=StaticPool)
        try:
            self._ensure_schema(engine)
        except DatabaseError:
            engine.dispose()
            memory = sqlite3.connect(":memory:", check_same_thread=False)
            engine = create_engine("sqlite://", creator=lambda: memory, poolclass=StaticPool)
            self._ensure_schema(engine)
        return engine

    def _set_aside_corrupt(self) -> None:
        with self._lock:
            for suffix in ("", "-wal", "-shm"):
                part = Path(str(self.path) + suffix)
                if part.exists():
                    part.replace(aside_path(part))
        log.warning("context-center: the catalog %s could not be read and was set aside as %s.corrupt; %s",
                    self.path, self.path.name, LOST_WITH_IT)

    def _ensure_schema(self, engine: Engine) -> None:
        with engine.connect() as conn:
            version = conn.exec_driver_sql("PRAGMA user_version").scalar()
            tables = {row[0] for row in conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == SCHEMA_VERSION and set(metadata.tables) <= tables:
            return
        if version == SCHEMA_VERSION:   # a table was dropped by hand: recreate it, keep the rest
            with self._lock:
                metadata.create_all(engine)
            return
        with self._lock:  # one process creates the schema; the others find it done
            with engine.begin() as conn:
                if conn.exec_driver_sql("PRAGMA user_version").scalar() == SCHEMA_VERSION:
                    return
                conn.exec_driver_sql("PRAGMA journal_mode = WAL")
                fact_files.drop(conn, checkfirst=True)  # derived: its shape changes with versions, parse again
                folder_snapshots.drop(conn, checkfirst=True)
                metadata.create_all(conn)  # the other tables are only ever added
                conn.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self._engine.dispose()

    # agent categories and settings --------------------------------------------------

    def agent_categories(self, scope_key: str) -> dict[str, str]:
        """canonical → display, for the registered categories of one scope."""
        with self._engine.connect() as conn:
            rows = conn.execute(select(agent_categories.c.canonical, agent_categories.c.display)
                                .where(agent_categories.c.scope_key == scope_key)).all()
        return {row.canonical: row.display for row in rows}

    def register_agent_category(self, scope_key: str, canonical: str, display: str, created_at: str) -> None:
        """Register a category once; the first display spelling is kept."""
        stmt = insert(agent_categories).values(scope_key=scope_key, canonical=canonical, display=display,
                                               created_at=created_at).on_conflict_do_nothing()
        with self._engine.begin() as conn:
            conn.execute(stmt)

    def setting(self, key: str) -> Any:
        with self._engine.connect() as conn:
            value = conn.execute(select(settings.c.value).where(settings.c.key == key)).scalar()
        try:
            return None if value is None else json.loads(value)
        except (ValueError, TypeError):
            return None   # garbled: as if unset (the default applies)

    def set_setting(self, key: str, value: Any) -> None:
        with self._engine.begin() as conn:
            if value is None:
                conn.execute(delete(settings).where(settings.c.key == key))
                return
            stmt = insert(settings).values(key=key, value=json.dumps(value))
            conn.execute(stmt.on_conflict_do_update(index_elements=["key"], set_={"value": stmt.excluded.value}))

    # what the user decided, row by row ---------------------------------------------------

    def kept(self, kind: str) -> list[tuple[str, str, Any]]:
        """(key, at, body) of each row of ``kind``, oldest first."""
        with self._engine.connect() as conn:
            rows = conn.execute(select(kept.c.key, kept.c.at, kept.c.body).where(kept.c.kind == kind)
                                .order_by(kept.c.at, kept.c.key)).all()
        found = []
        for key, at, body in rows:
            try:
                found.append((str(key), str(at), json.loads(body)))
            except (ValueError, TypeError):
                continue   # a garbled row: as if absent
        return found

    def keep(self, kind: str, key: str, at: str, body: Any, *, bound: int) -> None:
        """Write one row (replacing the row of that key); only the ``bound`` newest rows of the kind stay."""
        with self._engine.begin() as conn:
            stmt = insert(kept).values(kind=kind, key=key, at=at, body=json.dumps(body))
            conn.execute(stmt.on_conflict_do_update(index_elements=["kind", "key"],
                                                    set_={"at": stmt.excluded.at, "body": stmt.excluded.body}))
            cut = select(kept.c.at).where(kept.c.kind == kind).order_by(kept.c.at.desc()).offset(bound).limit(1)
            oldest_kept = conn.execute(cut).scalar()
            if oldest_kept is not None:
                conn.execute(delete(kept).where(kept.c.kind == kind, kept.c.at <= oldest_kept))

    def drop_kept(self, kind: str, key: str) -> bool:
        with self._engine.begin() as conn:
            return conn.execute(delete(kept).where(kept.c.kind == kind, kept.c.key == key)).rowcount > 0

    # what agents' searches returned ----------------------------------------------------

    def add_search_returns(self, returned: dict[str, tuple[int, str]], keep: int, *, fold: str) -> None:
        """Add to each fact's count and move its time on, in one transaction; only the ``keep`` facts
        returned most recently stay. The setting ``fold`` (an earlier version's one JSON value) is
        added in and removed on the way."""
        with self._engine.begin() as conn:
            legacy = conn.execute(select(settings.c.value).where(settings.c.key == fold)).scalar()
            if legacy is not None:
                returned = dict(returned)
                for fact_id, (count, last) in _legacy_returns(legacy).items():
                    had, when = returned.get(fact_id, (0, ""))
                    returned[fact_id] = (had + count, max(when, last))
                conn.execute(delete(settings).where(settings.c.key == fold))
            for fact_id, (count, last) in returned.items():
                stmt = insert(search_returns).values(fact_id=fact_id, count=count, last=last)
                conn.execute(stmt.on_conflict_do_update(index_elements=["fact_id"], set_={
                    "count": search_returns.c.count + stmt.excluded.count,
                    "last": func.max(search_returns.c.last, stmt.excluded.last)}))
            cut = select(search_returns.c.last).order_by(search_returns.c.last.desc()).offset(keep).limit(1)
            oldest_kept = conn.execute(cut).scalar()
            if oldest_kept is not None:
                conn.execute(delete(search_returns).where(search_returns.c.last <= oldest_kept))

    def search_returns(self, *, fold: str) -> dict[str, tuple[int, str]]:
        """Fact id → (times returned, when last), the setting ``fold`` (not folded in yet) included."""
        with self._engine.connect() as conn:
            rows = conn.execute(select(search_returns.c.fact_id, search_returns.c.count,
                                       search_returns.c.last)).all()
            legacy = conn.execute(select(settings.c.value).where(settings.c.key == fold)).scalar()
        found = {str(fact_id): (int(count), str(last)) for fact_id, count, last in rows}
        for fact_id, (count, last) in (_legacy_returns(legacy) if legacy is not None else {}).items():
            had, when = found.get(fact_id, (0, ""))
            found[fact_id] = (had + count, max(when, last))
        return found

    # imports from other agents -----------------------------------------------------

    def imported_keys(self, scope_key: str) -> dict[str, str]:
        """Import key → the id of the fact it wrote, for one scope."""
        with self._engine.connect() as conn:
            rows = conn.execute(select(imported_items.c.key, imported_items.c.fact_id)
                                .where(imported_items.c.scope_key == scope_key)).all()
        return {row.key: row.fact_id for row in rows}

    def record_import(self, scope_key: str, key: str, fact_id: str, imported_at: str) -> None:
        stmt = insert(imported_items).values(scope_key=scope_key, key=key, fact_id=fact_id,
                                             imported_at=imported_at).on_conflict_do_nothing()
        try:
            with self._engine.begin() as conn:
                conn.execute(stmt)
        except DatabaseError as exc:   # a full disk: the fact written keeps the key in its front matter too
            log.warning("context-center: the import of %s could not be recorded in the catalog (%s)", fact_id,
                        first_line(exc))

    # injections (what a hook gave an agent) ---------------------------------------------

    def add_injection(self, workspace: Path, created_at: str, session_id: str, record: dict[str, Any], *,
                      keep_entries: int, keep_from: str) -> int:
        """Keep one injection record; then only the newest ``keep_entries`` records (of every
        workspace) made at or after ``keep_from`` stay."""
        with self._engine.begin() as conn:
            key = conn.execute(injections.insert().values(
                created_at=created_at, workspace=str(workspace), session_id=session_id,
                record=json.dumps(record, ensure_ascii=False))).inserted_primary_key
            assert key is not None  # a single-row INSERT always has one
            self._prune_injections(conn, max(keep_entries, 1), keep_from)
        return int(key[0])

    def prune_injections(self, *, keep_entries: int, keep_from: str) -> int:
        """Apply new bounds now (0 entries: keep none); returns how many records went."""
        with self._engine.begin() as conn:
            return self._prune_injections(conn, keep_entries, keep_from)

    @staticmethod
    def _prune_injections(conn: Connection, keep_entries: int, keep_from: str) -> int:
        gone = conn.execute(delete(injections).where(injections.c.created_at < keep_from)).rowcount or 0
        if keep_entries <= 0:
            return gone + (conn.execute(delete(injections)).rowcount or 0)
        newest = (select(injections.c.id).order_by(injections.c.id.desc())
                  .limit(1).offset(keep_entries - 1).scalar_subquery())
        return gone + (conn.execute(delete(injections).where(injections.c.id < newest)).rowcount or 0)

    def injections(self, workspace: Path, session_id: str | None = None, limit: int | None = None,
                   injection_id: int | None = None) -> list[tuple[int, str, dict[str, Any]]]:
        """(id, created_at, record) newest first; a garbled record is left out."""
        query = (select(injections.c.id, injections.c.created_at, injections.c.record)
                 .where(injections.c.workspace == str(workspace)).order_by(injections.c.id.desc()))
        if session_id is not None:   # a session id, or the start of one (ids are long UUIDs)
            query = query.where(or_(injections.c.session_id == session_id,
                                    injections.c.session_id.startswith(session_id, autoescape=True)))
        if injection_id is not None:
            query = query.where(injections.c.id == injection_id)
        if limit is not None:
            query = query.limit(limit)
        with self._engine.connect() as conn:
            rows = conn.execute(query).all()
        found = []
        for row in rows:
            try:
                record = json.loads(row.record)
            except (ValueError, TypeError):
                continue
            if isinstance(record, dict):
                found.append((int(row.id), str(row.created_at), record))
        return found

    def injection_sessions(self, workspace: Path) -> list[str]:
        """The session ids with a record in ``workspace``, the most recently active first."""
        query = (select(injections.c.session_id).where(injections.c.workspace == str(workspace))
                 .group_by(injections.c.session_id).order_by(func.max(injections.c.id).desc()))
        with self._engine.connect() as conn:
            return [str(row.session_id) for row in conn.execute(query)]

    # suggestion decisions -----------------------------------------------------------

    def decide(self, workspace: Path, candidate_id: str, decision: str, decided_at: str, result: str = "") -> None:
        stmt = insert(suggestion_decisions).values(id=candidate_id, workspace=str(workspace), decision=decision,
                                                   decided_at=decided_at, result=result)
        stmt = stmt.on_conflict_do_update(index_elements=["id", "workspace"],
                                          set_={"decision": decision, "decided_at": decided_at, "result": result})
        with self._engine.begin() as conn:
            conn.execute(stmt)

    def decisions(self, workspace: Path) -> dict[str, str]:
        with self._engine.connect() as conn:
            rows = conn.execute(select(suggestion_decisions.c.id, suggestion_decisions.c.decision)
                                .where(suggestion_decisions.c.workspace == str(workspace))).all()
        return {row.id: row.decision for row in rows}

    def decided_at(self, workspace: Path, decision: str) -> dict[str, str]:
        """Candidate id → when, for the candidates given ``decision`` in ``workspace``."""
        with self._engine.connect() as conn:
            rows = conn.execute(select(suggestion_decisions.c.id, suggestion_decisions.c.decided_at)
                                .where(suggestion_decisions.c.workspace == str(workspace),
                                       suggestion_decisions.c.decision == decision)).all()
        return {row.id: row.decided_at for row in rows}

    def undecide(self, workspace: Path, candidate_id: str, decision: str) -> bool:
        """Forget a ``decision`` on a candidate; False if it had not been given that decision."""
        with self._engine.begin() as conn:
            removed = conn.execute(delete(suggestion_decisions).where(
                suggestion_decisions.c.id == candidate_id, suggestion_decisions.c.workspace == str(workspace),
                suggestion_decisions.c.decision == decision)).rowcount
        return bool(removed)


def _legacy_returns(value: str) -> dict[str, tuple[int, str]]:
    """An earlier version's ``{fact id: [count, when]}`` setting; garbled entries skipped."""
    try:
        data = json.loads(value)
    except (ValueError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): (v[0], v[1]) for k, v in data.items()
            if isinstance(v, list) and len(v) == 2 and isinstance(v[0], int) and not isinstance(v[0], bool)
            and isinstance(v[1], str)}
