"""Reading a file a user (or an attacker) put where we look: regular files only, bounded in size.

A FIFO named AGENTS.md would block a read forever and a device node would feed one without end;
``open`` with ``O_NONBLOCK`` never waits on a FIFO, and ``fstat`` of what was actually opened
decides, so swapping the file between a check and the read changes nothing.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_TEXT_BYTES = 1024 * 1024   # an instruction document or an import: far above any agent's own limit


class UnsafeFile(OSError):
    """Not a regular file, or larger than the cap; ``reason`` says which, in words, and ``code``
    and ``fields`` say it again for a face in another language."""

    def __init__(self, path: Path, reason: str, code: str = "", **fields: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason
        self.strerror = reason
        self.code, self.fields = code, fields


def read_regular_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_TEXT_BYTES, *,
                       follow_symlinks: bool = True) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; raises :class:`UnsafeFile` otherwise
    (and ``OSError`` when it cannot be opened: with ``follow_symlinks=False``, a symlink)."""
    return read_regular_file(path, max_bytes, follow_symlinks=follow_symlinks)[1]


_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_LINK_REFUSED = {errno.ELOOP, getattr(errno, "EMLINK", errno.ELOOP), getattr(errno, "EFTYPE", errno.ELOOP)}


def read_regular_file(path: str | os.PathLike[str], max_bytes: int = MAX_TEXT_BYTES, *,
                      follow_symlinks: bool = True) -> tuple[os.stat_result, bytes]:
    """:func:`read_regular_bytes`, with the file's status as it was opened (the stamp of exactly
    the bytes read: no ``lstat`` before the open, which the file could be replaced after)."""
    target = path if isinstance(path, Path) else Path(path)
    flags = _FLAGS
    if not follow_symlinks:
        if not _NO_FOLLOW and target.is_symlink():   # (where the platform cannot refuse one itself)
            raise UnsafeFile(target, "a symlink; not followed", "unsafe_symlink")
        flags |= _NO_FOLLOW
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        if not follow_symlinks and exc.errno in _LINK_REFUSED and target.is_symlink():
            raise UnsafeFile(target, "a symlink; not followed", "unsafe_symlink") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile(target, "not a regular file (a pipe, a device or a folder); not read",
                             "unsafe_not_regular")
        if info.st_size > max_bytes:
            raise UnsafeFile(target, f"{info.st_size:,} bytes, over the {max_bytes:,}-byte limit; not read",
                             "unsafe_over_limit", size=f"{info.st_size:,}", limit=f"{max_bytes:,}")
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 16, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:   # it grew while we read
            raise UnsafeFile(target, f"more than {max_bytes:,} bytes, over the limit; not read", "unsafe_grew",
                             limit=f"{max_bytes:,}")
        return info, b"".join(chunks)
    finally:
        os.close(fd)


def read_regular_prefix(path: str | os.PathLike[str], max_bytes: int) -> tuple[int, bytes]:
    """The size of a regular file and its first ``max_bytes`` bytes (an agent that reads only part of
    a large file: the report needs its size and the part that is read, never the whole of it)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(Path(path), flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile(Path(path), "not a regular file (a pipe, a device or a folder); not read",
                             "unsafe_not_regular")
        chunks, total = [], 0
        while total < max_bytes:
            chunk = os.read(fd, min(1 << 16, max_bytes - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        return max(info.st_size, total), b"".join(chunks)
    finally:
        os.close(fd)


def read_regular_text(path: str | os.PathLike[str], max_bytes: int = MAX_TEXT_BYTES, *,
                      follow_symlinks: bool = True) -> str:
    """UTF-8 text of a regular file (see :func:`read_regular_bytes`); ``UnicodeDecodeError`` on bad bytes."""
    return read_regular_bytes(path, max_bytes, follow_symlinks=follow_symlinks).decode("utf-8")
