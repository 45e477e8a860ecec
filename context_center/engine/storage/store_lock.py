"""One inter-process lock per state root, held around every read-check-write."""
from __future__ import annotations

import contextlib
import errno
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

from ..errors import StorageError

# sys.platform rather than os.name: mypy checks only the branch for the platform it targets.
if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class StoreLock:
    """Exclusive, re-entrant within a thread, shared by every process on one state root."""

    def __init__(self, path: Path, timeout: float = 30.0) -> None:
        self.path = path
        self.timeout = timeout
        self._fd: int | None = None
        self._depth = 0
        self._owner: int | None = None
        self._thread_lock = threading.Lock()
        # True once the lock file could not be created because the state root is read-only (a
        # read-only mount, a full disk): reads go on without it; a write fails where it writes.
        self.read_only = False

    def __enter__(self) -> "StoreLock":
        self._acquire(self.timeout)
        return self

    def _acquire(self, timeout: float) -> None:
        me = threading.get_ident()
        if self._owner == me:
            self._depth += 1
            return
        deadline = time.monotonic() + timeout
        if not self._thread_lock.acquire(timeout=timeout):
            raise StorageError(f"timed out waiting for the store lock {self.path}")
        try:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                if exc.errno not in (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC):
                    raise
                self.read_only = True   # nothing can be written here, so there is nothing to serialize
                self._fd, self._owner, self._depth = None, me, 1
                return
            delay = 0.002
            while not _try_lock(fd):
                if time.monotonic() > deadline:
                    os.close(fd)
                    raise StorageError(
                        f"another process has held the store lock {self.path} for {timeout:.0f} s")
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        except BaseException:
            self._thread_lock.release()
            raise
        self._fd, self._owner, self._depth = fd, me, 1

    @contextlib.contextmanager
    def attempt(self) -> Iterator[bool]:
        """Hold the lock for the block if it is free now (True), else run the block without it
        (False): what a read may do while another process writes, never waiting for it."""
        try:
            self._acquire(0.0)
        except StorageError:
            held = False
        else:
            held = True
        try:
            yield held
        finally:
            if held:
                self.__exit__(None, None, None)

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._depth -= 1
        if self._depth:
            return
        fd, self._fd, self._owner = self._fd, None, None
        try:
            if fd is not None:
                _unlock(fd)
                os.close(fd)
        finally:
            self._thread_lock.release()
