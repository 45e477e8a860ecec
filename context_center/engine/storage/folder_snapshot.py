"""A fact folder as parsed, packed into one blob: what an open reads instead of a row per file.

Reading the catalog's row per file costs a SQL row, a JSON document and a frozen dataclass
per fact: about half a second at 10,000 facts, in every process. The snapshot holds the same
thing for a whole folder in one blob: ``marshal`` (Python's own format for plain values: no
code runs on load, unlike pickle), compressed in pieces of :data:`CHUNK_ROWS` files. Read in
a few tens of milliseconds at 10,000 facts; and no single step holds the interpreter for long
(one 76 MB ``marshal.loads`` at 100,000 facts froze the window's thread for 0.15 s).

It is a cache like the rows: each file's (size, mtime, inode, ctime) is compared with the
disk on every open, and only the files that differ are looked up again. So a snapshot
that is behind (another process wrote since) is still correct, just a little slower; it
is written again when it has drifted far enough to matter (:func:`worth_saving`).
The blob names the format and the fact fields it was made with; anything else, or a
damaged blob (zlib checks its own sum), is a miss.
"""
from __future__ import annotations

import marshal
import os
import zlib
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterator

from ..records import Diagnostic, Fact
from .bulk_load import paused_gc
from .fact_cache import CachedFile, FileStamp

FORMAT = 6   # bump when what a row holds changes in meaning (its names are checked too: _KEYS)
CHUNK_ROWS = 2000   # packed and read in pieces: no single step holds the interpreter for long
_AHEAD = 2         # pieces inflated ahead of the one being read
_FIELDS = tuple(name for name in Fact.__dataclass_fields__ if name != "path")
_new = object.__new__


def _fact_values(fact: Fact) -> tuple[Any, ...]:
    return tuple(getattr(fact, name) for name in _FIELDS)


# Fact's cached properties, worked out when the snapshot is written and carried with the fields
_CACHED = ("freshness_moments", "content_digest", "identity_keys")
_KEYS = _FIELDS + _CACHED


def _fact(values: tuple[Any, ...], path: Path) -> Fact:
    """A Fact from values a Fact held: its fields are set as the frozen dataclass's own
    ``__init__`` would set them (it checks nothing), without paying for it per field; its
    cached properties come already worked out."""
    fact = _new(Fact)
    state = dict(zip(_KEYS, values))
    state["path"] = path
    fact.__dict__.update(state)
    return fact


def pack(folder: Path, files: dict[str, CachedFile]) -> bytes:
    """Paths inside ``folder`` are kept as bare names (a Path made from a name is cheaper)."""
    prefix = str(folder) + os.sep
    rows = [(text[len(prefix):] if text.startswith(prefix) else text,
             item.stamp.size, item.stamp.mtime_ns, item.stamp.inode, item.stamp.ctime_ns,
             (*_fact_values(item.fact), *(getattr(item.fact, name) for name in _CACHED))
             if item.fact is not None else None,
             tuple((d.line, d.reason, d.severity) for d in item.diagnostics))
            for text, item in sorted(files.items())]   # in path order: the table's sort finds it done
    pieces = (marshal.dumps(rows[start:start + CHUNK_ROWS]) for start in range(0, len(rows), CHUNK_ROWS))
    chunks = [(len(piece), zlib.compress(piece, 1)) for piece in pieces]   # (its size inflated, deflated)
    return marshal.dumps((FORMAT, _KEYS, chunks))


def unpack(folder: Path, blob: bytes) -> dict[str, CachedFile] | None:
    """The files as packed for ``folder``, or ``None`` when the blob is not one this version can read."""
    with paused_gc():
        return _unpack(folder, blob)


def _child_maker(folder: Path) -> Callable[[str], Path]:
    """``folder / name`` for a bare file name. CPython's pathlib (3.11, the version we ship on)
    has a private method making a child from a name it need not parse, four times cheaper
    (0.02 s less per 10,000 facts, on every open); where it is missing, the public way. A test
    checks that both give the same paths."""
    fast = getattr(folder, "_make_child_relpath", None)
    return fast if callable(fast) else folder.joinpath


def _inflate(chunk: tuple[int, bytes]) -> bytes:
    size, deflated = chunk
    return zlib.decompress(deflated, zlib.MAX_WBITS, size)   # one buffer of the final size: one pass


def _rows(chunks: list[tuple[int, bytes]]) -> Iterator[tuple[Any, ...]]:
    """The rows, piece by piece. zlib lets go of the interpreter while it inflates into a buffer
    of the size the piece was packed at, so the next pieces are inflated on another thread while
    this one makes facts of the rows (0.2 s less per unpack at 100,000 facts, on two cores).
    At most :data:`_AHEAD` pieces wait."""
    if len(chunks) < 2:
        for chunk in chunks:
            yield from marshal.loads(_inflate(chunk))
        return
    with ThreadPoolExecutor(1, thread_name_prefix="snapshot-inflate") as pool:
        pending = deque(pool.submit(_inflate, chunk) for chunk in chunks[:_AHEAD])
        following = iter(chunks[_AHEAD:])
        while pending:
            raw = pending.popleft().result()
            upcoming = next(following, None)
            if upcoming is not None:
                pending.append(pool.submit(_inflate, upcoming))
            yield from marshal.loads(raw)


def _unpack(folder: Path, blob: bytes) -> dict[str, CachedFile] | None:
    try:
        form, fields, chunks = marshal.loads(blob)
    except (ValueError, EOFError, TypeError):
        return None
    if form != FORMAT or tuple(fields) != _KEYS or not isinstance(chunks, list):
        return None
    files: dict[str, CachedFile] = {}
    prefix = str(folder) + os.sep
    child = _child_maker(folder)
    try:
        for name, size, mtime_ns, inode, ctime_ns, values, problems in _rows(chunks):
            if os.sep in name:   # an absolute path (packed from elsewhere) stays itself
                path = folder / name
                text = str(path)
            else:
                path, text = child(name), prefix + name
            fact = _fact(values, path) if values is not None else None
            found = tuple(Diagnostic(path, line, reason, severity) for line, reason, severity in problems) \
                if problems else ()
            files[text] = CachedFile(FileStamp(size, mtime_ns, inode, ctime_ns), fact, found)
    except (zlib.error, ValueError, EOFError, TypeError):
        return None
    return files


def worth_saving(stored: int | None, total: int, drift: int) -> bool:
    """Write the snapshot again? When there is none, or when the files that differ from it
    (each looked up on every open) have become more than a cheap handful."""
    if stored is None:
        return True
    return drift > max(64, total // 50)
