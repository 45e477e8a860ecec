"""Real tmpfs mounts for the tests that need a read-only or a full disk (root only: elsewhere the
test is skipped, never faked)."""
from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def mount(*args: str) -> bool:
    if shutil.which("mount") is None:
        return False
    return subprocess.run(["mount", *args], capture_output=True, timeout=30).returncode == 0


@contextlib.contextmanager
def tmpfs(point: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` at ``point`` for the ``with`` block; the test is skipped where mounts
    are not allowed."""
    point.mkdir(parents=True, exist_ok=True)
    if not mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)):
        pytest.skip("this machine does not allow a tmpfs mount (needs root)")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], capture_output=True, timeout=30)


def remount_read_only(point: Path) -> None:
    assert mount("-o", "remount,ro", str(point)), f"could not remount {point} read-only"
