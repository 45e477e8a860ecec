"""Files are never half-written: temp file in the same folder, fsync, then rename or link."""
from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

from ..errors import StorageError

TEMP_SUFFIX = ".tmp"


def is_temp_file(path: Path) -> bool:
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_temp(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    # short and independent of the name (Reasonix's ".atomic-*.tmp"): a 252-byte stem still fits
    temp = path.parent / f".atomic-{secrets.token_hex(6)}{TEMP_SUFFIX}"
    try:
        with open(temp, "xb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:   # a full disk: the half-written temp file goes now, not at the next open
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return temp


def stage_file(folder: Path, text: str) -> Path:
    """``text`` in a synced temp file of ``folder``, to be renamed into place later (same filesystem);
    a stale one is removed on the next open, as every temp file."""
    try:
        return _write_temp(folder / "staged", text.encode("utf-8"))
    except OSError as exc:
        raise StorageError(f"could not write in {folder}: {exc.strerror or exc}") from exc


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step (readers see the old or the new file)."""
    write_atomic_bytes(path, text.encode("utf-8"))


def write_atomic_bytes(path: Path, data: bytes) -> None:
    try:
        temp = _write_temp(path, data)
        try:
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                temp.unlink()
            raise
        _fsync_dir(path.parent)
    except OSError as exc:
        raise StorageError(f"could not write {path}: {exc.strerror or exc}") from exc


def create_exclusive(path: Path, text: str) -> bool:
    """Create ``path`` with ``text`` only if it does not exist; False if it does. Atomic."""
    try:
        temp = _write_temp(path, text.encode("utf-8"))
        try:
            try:
                os.link(temp, path)
            except FileExistsError:
                return False
            except OSError:  # no hard links here: fall back to an exclusive create
                try:
                    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                except FileExistsError:
                    return False
                with os.fdopen(fd, "wb") as handle:
                    handle.write(text.encode("utf-8"))
                    handle.flush()
                    os.fsync(handle.fileno())
        finally:
            with contextlib.suppress(OSError):
                temp.unlink()
        _fsync_dir(path.parent)
        return True
    except OSError as exc:
        raise StorageError(f"could not create {path}: {exc.strerror or exc}") from exc


STALE_TEMP_SECONDS = 60


def remove_stale_temp_files(folder: Path, now: float | None = None) -> int:
    """Remove our temp files (``.atomic-*.tmp``) a kill or a full disk left in ``folder``; call it
    holding the store lock, so no writer of ours is using one. Only those older than a minute go
    (a writer of another tool may not take our lock). Returns how many were removed."""
    import time

    now = time.time() if now is None else now
    removed = 0
    try:   # names only: an entry object per file of a folder of 100,000 facts costs a tenth of a second
        names = [name for name in os.listdir(folder) if name.startswith(".atomic-") and name.endswith(TEMP_SUFFIX)]
    except OSError:
        return 0
    for name in names:
        path = os.path.join(folder, name)
        with contextlib.suppress(OSError):
            found = os.lstat(path)
            if stat.S_ISREG(found.st_mode) and now - found.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(path)
                removed += 1
    return removed
