"""Every file a user or an outsider can replace is read as a regular file, bounded: a FIFO where a
file is expected never hangs a command, and a link to /dev/zero never grows one without end."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine.agents.guidance import write_guidance
from context_center.engine.agents.server_token import given_token
from context_center.engine.errors import InvalidInput, StorageError
from context_center.engine.importers.sources import git_roots
from context_center.engine.team.hook import install_hook

pytestmark = pytest.mark.adversarial


def _pipe(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_an_instruction_file_that_is_a_fifo_is_refused_not_waited_on(tmp_path: Path):
    with pytest.raises(StorageError, match="not a regular file"):
        write_guidance(_pipe(tmp_path / "AGENTS.md"))


def test_a_token_file_swapped_for_a_device_is_refused(tmp_path: Path):
    link = tmp_path / "token"
    link.symlink_to("/dev/zero")
    with pytest.raises(InvalidInput, match="not a regular file"):
        given_token(str(link))


def test_a_pre_commit_hook_that_is_a_fifo_is_never_read(git_repo: Path):
    hooks = git_repo / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    _pipe(hooks / "pre-commit")
    report = install_hook(git_repo, ["context-center", "team", "check-staged"])   # a FIFO is not ours: kept aside
    assert report.path == hooks / "pre-commit" and report.action == "installed"


def test_a_workspaces_dot_git_file_pointing_at_dev_zero_is_not_read_without_end(tmp_path: Path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / ".git").symlink_to("/dev/zero")   # is_file() is False for a device: never read
    assert git_roots(workspace) == [workspace.resolve()]
    (workspace / ".git").unlink()
    gitdir = tmp_path / "gitdir"
    gitdir.mkdir()
    (gitdir / "commondir").write_text("x" * 10_000)   # far larger than any real one: refused, not read
    (workspace / ".git").write_text(f"gitdir: {gitdir}\n")
    assert git_roots(workspace) == [workspace.resolve()]


def test_a_body_file_of_dev_zero_is_refused_and_a_pipe_still_read(cli, tmp_path: Path):
    refused = cli.run("memory", "remember", "--title", "x", "--body-file", "/dev/zero", "--json")
    assert refused.code == 1 and "more than 262,144 characters" in refused.err
    piped = tmp_path / "piped"
    os.mkfifo(piped)
    import threading

    writer = threading.Thread(target=lambda: piped.write_text("from a pipe"))
    writer.start()
    made = cli.ok("memory", "remember", "--title", "y", "--body-file", str(piped))
    writer.join(10)
    assert made["body"] == "from a pipe"
