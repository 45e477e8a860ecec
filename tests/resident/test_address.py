"""One user and installation, one service, whatever environment its caller was started with."""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from context_center.resident import address


@pytest.fixture
def system_runtime(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A stand-in for /run/user: this user's runtime folder as logind makes it (0700, ours); a
    short path, as a socket's name must be."""
    base = Path(tempfile.mkdtemp(prefix="cc-ru-", dir="/tmp"))
    mine = base / str(os.getuid())
    mine.mkdir(mode=0o700)
    monkeypatch.setattr(address, "SYSTEM_RUNTIME", str(base))
    yield mine
    shutil.rmtree(base, ignore_errors=True)


def test_a_caller_without_xdg_runtime_dir_finds_the_service_its_shell_started(system_runtime, monkeypatch):
    """Codex starts an MCP server with a few variables and no XDG_RUNTIME_DIR: it used the /tmp
    folder and started a second service (and zygote) beside the one the user's shell had."""
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(system_runtime))
    from_the_shell = address.locate(create=True)
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    from_codex = address.locate(create=True)
    assert from_codex == from_the_shell
    assert from_codex.folder == str(system_runtime / address.FOLDER_NAME)


def test_a_runtime_folder_others_can_enter_or_not_ours_is_passed_over(system_runtime, monkeypatch):
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    system_runtime.chmod(0o755)
    assert address.locate(create=True).folder == f"/tmp/{address.FOLDER_NAME}-{os.getuid()}"
    system_runtime.chmod(0o700)
    system_runtime.rmdir()
    system_runtime.symlink_to("/tmp")
    assert address.locate(create=True).folder == f"/tmp/{address.FOLDER_NAME}-{os.getuid()}"
