"""The catalog's derived rows of fact files, read and written through :mod:`sqlite3` directly
(:class:`.catalog_file.DirectAccess` says why).

Every process reads them on open: a row per fact file (the (size, mtime, inode, ctime) it was
parsed at and the parsed fact) and a snapshot per folder (:mod:`.folder_snapshot`). They are
a cache: a row that cannot be read is a miss (the file is parsed again), a write that fails (a
full disk) is logged and left for the next open, and on a read-only state root nothing is
written.
"""
from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from ..records import Diagnostic, Fact
from .catalog_file import DirectAccess, first_line

log = logging.getLogger("context_center.catalog")
TABLES = ("fact_files", "folder_snapshots")
_COLUMNS = "path, size, mtime_ns, inode, ctime_ns, fact, problems"
_IN_CHUNK = 500   # bound parameters per statement (older SQLite builds allow 999)


class FileStamp(NamedTuple):
    """(size, mtime, inode, ctime) of a file as parsed. A named tuple: an open makes and compares
    one per fact file, and tuples do both in C."""

    size: int
    mtime_ns: int
    inode: int
    ctime_ns: int = 0


class CachedFile(NamedTuple):
    stamp: FileStamp
    fact: Fact | None
    diagnostics: tuple[Diagnostic, ...]


def fact_to_json(fact: Fact) -> str:
    data = {k: getattr(fact, k) for k in Fact.__dataclass_fields__ if k not in ("path",)}
    data["extra"] = [list(pair) for pair in fact.extra]
    data["metadata_extra"] = [list(pair) for pair in fact.metadata_extra]
    return json.dumps(data, ensure_ascii=False)


def fact_from_json(text: str, path: Path) -> Fact:
    data = json.loads(text)
    data["extra"] = tuple(tuple(pair) for pair in data["extra"])
    data["metadata_extra"] = tuple(tuple(pair) for pair in data["metadata_extra"])
    for key in ("topics", "tags", "links", "refs"):
        data[key] = tuple(data.get(key) or ())
    data["refs_evidence"] = tuple((ref, found, line, tuple(lines), at)
                                  for ref, found, line, lines, at in data.get("refs_evidence") or ())
    return Fact(path=path, **data)


class FactCache:
    """The fact rows of one catalog file."""

    def __init__(self, db: DirectAccess) -> None:
        self._db = db

    @property
    def read_only(self) -> bool:
        return self._db.read_only

    # reading ------------------------------------------------------------------------

    def cached_files(self, directory: Path) -> dict[str, CachedFile]:
        """Path (as text: a Path object per row would be most of an open's time) → what it held."""
        if not self._db.usable():
            return {}
        try:
            rows = self._db.select(f"SELECT {_COLUMNS} FROM fact_files WHERE directory = ?", (str(directory),))
        # a full disk (WAL needs room even to read), a folder name SQLite cannot hold: parse the files instead
        except (sqlite3.Error, UnicodeEncodeError) as exc:
            log.warning("context-center: the catalog could not be read (%s); the files are read instead",
                        first_line(exc))
            return {}
        return _cached_rows(rows)

    def cached_paths(self, paths: list[str]) -> dict[str, CachedFile]:
        """The rows of these files only (a few that differ from a folder's snapshot)."""
        paths = [path for path in paths if _storable(path)]
        if not paths or not self._db.usable():
            return {}
        cached: dict[str, CachedFile] = {}
        try:
            for start in range(0, len(paths), _IN_CHUNK):
                chunk = paths[start:start + _IN_CHUNK]
                marks = ", ".join("?" * len(chunk))
                cached.update(_cached_rows(self._db.select(
                    f"SELECT {_COLUMNS} FROM fact_files WHERE path IN ({marks})", chunk)))
        except (sqlite3.Error, UnicodeEncodeError) as exc:
            log.warning("context-center: the catalog could not be read (%s); the files are read instead",
                        first_line(exc))
            return {}
        return cached

    def folder_snapshot(self, directory: Path) -> tuple[int, bytes] | None:
        """(how many files, the packed blob) last saved for ``directory``, if any."""
        if not self._db.usable():
            return None
        try:
            with self._db.reading() as connection:
                row = connection.execute("SELECT rowid, files, typeof(payload) FROM folder_snapshots "
                                         "WHERE directory = ?", (str(directory),)).fetchone()
                if row is None or row[2] != "blob":   # none, or garbled by hand: a miss
                    return None
                # Read through the blob API: SQLite gathers the pages of a column's value while the
                # interpreter is held (80 ms for the 8.6 MB of 100,000 facts: the window froze), and
                # lets it go for the whole of a blob read.
                with connection.blobopen("folder_snapshots", "payload", row[0], readonly=True) as blob:
                    payload = blob.read()
            return int(row[1]), payload
        except (sqlite3.Error, TypeError, ValueError):   # (ValueError: a name SQLite cannot hold too)
            return None

    # writing ------------------------------------------------------------------------

    def _write(self, what: str, statements: list[tuple[str, Any]]) -> bool:
        """Whether the statements were written."""
        if self.read_only or not self._db.usable():
            return False
        try:
            with self._db.transaction() as cursor:
                for sql, parameters in statements:
                    if isinstance(parameters, list):
                        cursor.executemany(sql, parameters)
                    else:
                        cursor.execute(sql, parameters)
        # a full disk, a name SQLite cannot hold: these rows are derived, the next look finds the files
        except (sqlite3.Error, UnicodeEncodeError) as exc:
            log.warning("context-center: %s could not be written to the catalog (%s); it is brought in step "
                        "with the files on the next open", what, first_line(exc))
            return False
        return True

    def save_folder_snapshot(self, directory: Path, files: int, payload: bytes) -> bool:
        """Derived, so a failure (a full disk) only means the next open reads rows instead; returns
        whether it was saved."""
        return self._write("a folder snapshot", [(
            "INSERT INTO folder_snapshots (directory, files, payload) VALUES (?, ?, ?) "
            "ON CONFLICT (directory) DO UPDATE SET files = excluded.files, payload = excluded.payload",
            (str(directory), files, payload))])

    def update_files(self, directory: Path, changed: Iterable[tuple[Path | str, CachedFile]],
                     removed: Iterable[Path]) -> None:
        rows = [(str(path), str(directory), item.stamp.size, item.stamp.mtime_ns, item.stamp.inode,
                 item.stamp.ctime_ns, fact_to_json(item.fact) if item.fact else None,
                 json.dumps([[d.line, d.reason, d.severity] for d in item.diagnostics]))
                for path, item in changed if _storable(str(path)) and _storable(str(directory))]
        gone = [str(p) for p in removed if _storable(str(p))]
        statements: list[tuple[str, Any]] = []
        if rows:
            statements.append((
                "INSERT INTO fact_files (path, directory, size, mtime_ns, inode, ctime_ns, fact, problems) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET directory = excluded.directory, "
                "size = excluded.size, mtime_ns = excluded.mtime_ns, inode = excluded.inode, "
                "ctime_ns = excluded.ctime_ns, fact = excluded.fact, problems = excluded.problems", rows))
        for start in range(0, len(gone), _IN_CHUNK):
            chunk = gone[start:start + _IN_CHUNK]
            statements.append((f"DELETE FROM fact_files WHERE path IN ({', '.join('?' * len(chunk))})",
                               tuple(chunk)))
        if statements:
            self._write("the rows of changed files", statements)


def _storable(text: str) -> bool:
    """Whether SQLite can hold ``text``: a file name that is not UTF-8 (read as lone surrogates) is
    no row, only a file read again on each open (the folder's snapshot still holds it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _cached_rows(rows: Iterable[tuple[Any, ...]]) -> dict[str, CachedFile]:
    cached: dict[str, CachedFile] = {}
    for text, size, mtime_ns, inode, ctime_ns, fact_json, problems_json in rows:
        path = Path(text)
        try:
            found = json.loads(problems_json)
            problems = tuple(Diagnostic(path, line, reason, severity) for line, reason, severity in found)
            fact = fact_from_json(fact_json, path) if fact_json else None
            stamp = FileStamp(int(size), int(mtime_ns), int(inode), int(ctime_ns))
        except (ValueError, TypeError, KeyError):
            continue   # a garbled row is a cache miss: the file is parsed again and the row rewritten
        cached[text] = CachedFile(stamp, fact, problems)
    return cached
