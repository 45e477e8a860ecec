"""A fact folder as parsed, packed into one blob: what an open reads instead of a row per file.

Reading the catalog's row per file costs a SQL row, a JSON document and a frozen dataclass
per fact: about half a second at 10,000 facts, in every process. The snapshot holds the same
thing for a whole folder in one blob: ``marshal`` (Python's own format for plain values: no
code runs on load, unlike pickle), compressed in pieces of :data:`CHUNK_ROWS` files. Read in
a few tens of milliseconds at 10,000 facts; and no single step holds the interpreter for long
(one 76 MB ``marshal.loads`` at 100,000 facts froze the window's thread for 0.15 s).

A fact is packed as the dict its ``__dict__`` becomes, holding only the fields that differ from
their default: read back, that dict is the fact's state as it is, with no call per field.
Fewer names per fact made an open at 100,000 facts read its snapshot in half the time.

It is a cache like the rows: each file's (size, mtime, inode, ctime) is compared with the
disk on every open, and only the files that differ are looked up again. So a snapshot
that is behind (another process wrote since) is still correct, just a little slower; it
is written again when it has drifted far enough to matter (:func:`worth_saving`).
The blob names the format and the fact fields it was made with; anything else, or a
damaged blob (zlib checks its own sum), is a miss.
"""
from __future__ import annotations

import dataclasses
import marshal
import os
import zlib
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..records import Diagnostic, Fact
from .bulk_load import paused_gc
from .fact_cache import CachedFile, FileStamp

FORMAT = 8   # bump when what a row holds changes in meaning (its names are checked too: _KEYS); 8: secrets
CHUNK_ROWS = 2000   # packed and read in pieces: no single step holds the interpreter for long
_AHEAD = 2         # pieces inflated ahead of the one being read
_FIELDS = tuple(name for name in Fact.__dataclass_fields__ if name != "path")
# Fact's cached properties, worked out when the snapshot is written and carried with the fields; the
# values the memory rules derive (its freshness moments…) come from the caller, as ``derived``
_CACHED = ("content_digest",)
_KEYS = _FIELDS + _CACHED
Derived = Callable[[Fact], dict[str, Any]]   # name → value of what the rules above derive of a fact
# A field left at its default is not written: the dataclass keeps each default on the class, where
# an instance that lacks the attribute finds it. Most facts set a dozen of their 29 names, and
# marshal makes a dict in time with its length.
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Fact)
             if f.name != "path" and f.default is not dataclasses.MISSING}
_NO_DEFAULT = object()
_FIELD_DEFAULTS = tuple((name, _DEFAULTS.get(name, _NO_DEFAULT)) for name in _FIELDS)
_REQUIRED = frozenset(name for name in _KEYS if name not in _DEFAULTS)
_new = object.__new__
_set = object.__setattr__     # a frozen dataclass refuses its own: the snapshot sets its state whole
_tuple = tuple.__new__        # FileStamp and CachedFile from their values, without a call per field


def _state(fact: Fact, derived: Derived) -> dict[str, Any]:
    """What the fact's ``__dict__`` holds once read back: the fields that differ from their
    default (the default is on the class), the cached properties and the derived values."""
    held = fact.__dict__.get   # (a field at its default may be on the class only: a fact read back)
    state = {}
    for name, default in _FIELD_DEFAULTS:
        value = held(name, default)
        if value is not default and value != default:
            state[name] = value
    for name in _CACHED:
        state[name] = getattr(fact, name)
    state.update(derived(fact))
    return state


def _no_derived(_fact: Fact) -> dict[str, Any]:
    return {}


def pack(folder: Path, files: dict[str, CachedFile], derived: Derived = _no_derived,
         derived_names: tuple[str, ...] = ()) -> bytes:
    """Paths inside ``folder`` are kept as bare names (a Path made from a name is cheaper).
    ``derived`` gives, per fact, the values named ``derived_names`` (worked out by the rules above)."""
    rows = sorted(files.items())   # in path order: the table's sort finds it done
    return assemble([pack_piece(folder, rows[start:start + CHUNK_ROWS], derived)
                     for start in range(0, len(rows), CHUNK_ROWS)], derived_names)


Piece = tuple[int, bytes]   # a packed piece of rows: (its size inflated, the deflated bytes)


def pack_piece(folder: Path, items: list[tuple[str, CachedFile]], derived: Derived = _no_derived) -> Piece:
    """One piece of a snapshot: these files (at most :data:`CHUNK_ROWS` of them, in path order).
    Pieces packed apart (by worker processes, :mod:`..memory.bulk_read`) make one snapshot."""
    prefix = str(folder) + os.sep
    rows = [(text[len(prefix):] if text.startswith(prefix) else text, tuple(item.stamp),
             _state(item.fact, derived) if item.fact is not None else None,
             tuple((d.line, d.reason, d.severity) for d in item.diagnostics))
            for text, item in items]
    piece = marshal.dumps(rows)
    return len(piece), zlib.compress(piece, 1)


def assemble(pieces: list[Piece], derived_names: tuple[str, ...] = ()) -> bytes:
    """The snapshot made of these pieces, in order."""
    return marshal.dumps((FORMAT, (*_KEYS, *derived_names), pieces))


def unpack(folder: Path, blob: bytes, derived_names: tuple[str, ...] = ()) -> dict[str, CachedFile] | None:
    """The files as packed for ``folder`` (with ``derived_names``), or ``None`` when the blob is not
    one this version can read."""
    with paused_gc():
        return _unpack(folder, blob, (*_KEYS, *derived_names))


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


def _can_start_thread() -> bool:
    """Whether a thread can be started here (a process limit may allow none: the pieces are then
    inflated one after another, on this thread)."""
    import threading

    try:
        probe = threading.Thread(target=lambda: None)
        probe.start()
    except RuntimeError:
        return False
    probe.join()
    return True


def _rows(chunks: list[tuple[int, bytes]]) -> Iterator[tuple[Any, ...]]:
    """The rows, piece by piece. zlib lets go of the interpreter while it inflates into a buffer
    of the size the piece was packed at, so the next pieces are inflated on another thread while
    this one makes facts of the rows (0.2 s less per unpack at 100,000 facts, on two cores).
    At most :data:`_AHEAD` pieces wait."""
    if len(chunks) < 2 or not _can_start_thread():
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


def _unpack(folder: Path, blob: bytes, keys: tuple[str, ...]) -> dict[str, CachedFile] | None:
    try:
        form, fields, chunks = marshal.loads(blob)
    except (ValueError, EOFError, TypeError):
        return None
    if form != FORMAT or tuple(fields) != keys or not isinstance(chunks, list):
        return None
    return _files(folder, _rows(chunks))


def unpack_piece(folder: Path, piece: Piece) -> dict[str, CachedFile] | None:
    """The files of one piece packed for ``folder`` by this version (:func:`pack_piece`), or ``None``."""
    with paused_gc():
        try:
            rows = marshal.loads(_inflate(piece))
        except (zlib.error, ValueError, EOFError, TypeError):
            return None
        return _files(folder, rows) if isinstance(rows, list) else None


def _files(folder: Path, rows: Iterable[tuple[Any, ...]]) -> dict[str, CachedFile] | None:
    files: dict[str, CachedFile] = {}
    prefix = str(folder) + os.sep
    child = _child_maker(folder)
    try:
        for name, stamp, state, problems in rows:
            if os.sep in name:   # an absolute path (packed from elsewhere) stays itself
                path = folder / name
                text = str(path)
            else:
                path, text = child(name), prefix + name
            if state is not None:
                if not state.keys() >= _REQUIRED:   # every field without a default: else no Fact
                    return None
                fact = _new(Fact)
                state["path"] = path
                _set(fact, "__dict__", state)   # read back as it was packed: its own dict, no copy
            else:
                fact = None
            found = tuple(Diagnostic(path, line, reason, severity) for line, reason, severity in problems) \
                if problems else ()
            files[text] = _tuple(CachedFile, (_tuple(FileStamp, stamp), fact, found))
    except (zlib.error, ValueError, EOFError, TypeError):
        return None
    return files


def worth_saving(stored: int | None, total: int, drift: int) -> bool:
    """Write the snapshot again? When there is none, or when the files that differ from it
    (each looked up on every open) have become more than a cheap handful."""
    if stored is None:
        return True
    return drift > max(64, total // 50)
