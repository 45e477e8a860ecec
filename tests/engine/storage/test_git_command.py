"""The one way the engine runs git: real git, in tmp_path."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine.storage.git_command import GitError, repository_root, run_git


def test_runs_git_and_finds_the_work_tree(tmp_path: Path) -> None:
    run_git(["init", "-q", str(tmp_path / "repo")], tmp_path)
    inner = tmp_path / "repo" / "a" / "b"
    inner.mkdir(parents=True)
    assert repository_root(inner) == (tmp_path / "repo").resolve()
    assert repository_root(tmp_path) is None


def test_a_failure_carries_gits_own_message(tmp_path: Path) -> None:
    with pytest.raises(GitError) as caught:
        run_git(["log"], tmp_path)
    assert "not a git repository" in caught.value.message
    assert caught.value.returncode not in (None, 0)
    assert run_git(["log"], tmp_path, check=False).returncode != 0
