"""One fact file read from disk: its stamp, its fact, its problems as diagnostics (never exceptions).

Every open reads its files through here, in this process or in a worker (:mod:`.bulk_read`)."""
from __future__ import annotations

import os
from pathlib import Path

from ..records import Diagnostic
from ..storage.fact_cache import CachedFile, FileStamp
from ..storage.safe_read import read_regular_file
from .fact_file import FactFileError, decode_fact_bytes, parse_fact

MAX_FACT_FILE_BYTES = 64 * 1024 * 1024   # a hand-written fact far beyond any we write, still read


def is_fact_file_name(name: str) -> bool:
    """A fact folder's file that is a fact: Markdown, not hidden, not the index (``MEMORY.md``)."""
    return name.endswith(".md") and not name.startswith(".") and name != "MEMORY.md"


def file_stamp(stat: os.stat_result) -> FileStamp:
    return FileStamp(stat.st_size, stat.st_mtime_ns, stat.st_ino, stat.st_ctime_ns)


def read_fact_file(path: Path, scope: str, *, name_from_file: bool = True) -> CachedFile:
    """Parse one file; problems become diagnostics, never exceptions. A symlink is not followed (its
    target would reach an agent's prompt), nor anything but a regular file read."""
    try:
        stat, raw = read_regular_file(path, MAX_FACT_FILE_BYTES, follow_symlinks=False)
    except OSError as exc:
        try:   # what was refused (a symlink, a FIFO, a file past the cap) is stamped: not read again each open
            stamp = file_stamp(path.lstat())
        except OSError:
            stamp = FileStamp(0, 0, 0)
        return CachedFile(stamp, None, (Diagnostic(path, 1, f"unreadable: {exc.strerror or exc}"),))
    try:
        text, encoding = decode_fact_bytes(raw)
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        return CachedFile(file_stamp(stat), None, (Diagnostic(
            path, line, "not text in any encoding Reasonix reads (UTF-8, UTF-16 with a BOM, GB18030)"),))
    try:
        fact, warnings = parse_fact(text, path=path, scope=scope, mtime=stat.st_mtime,
                                    name_from_file=name_from_file, encoding=encoding)
    except FactFileError as exc:
        return CachedFile(file_stamp(stat), None, (Diagnostic(path, exc.line, exc.reason),))
    return CachedFile(file_stamp(stat), fact,
                      tuple(Diagnostic(path, 1, w, "warning") for w in warnings))
