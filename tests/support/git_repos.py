"""Real git in tmp_path, isolated from the machine's configuration (no global or system config)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ALICE = ("Alice Example", "alice@example.org")
BOB = ("Bob Example", "bob@example.org")


def isolate_git(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """git reads only the test repository's config: HOME and the global config point into tmp_path."""
    home.mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_DIR",
                 "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        monkeypatch.delenv(name, raising=False)


def git(repo: Path, *args: str, author: tuple[str, str] = ALICE, check: bool = True) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": author[0], "GIT_AUTHOR_EMAIL": author[1],
           "GIT_COMMITTER_NAME": author[0], "GIT_COMMITTER_EMAIL": author[1]}
    proc = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True, timeout=60)
    if check and proc.returncode != 0:
        raise AssertionError(f"git {' '.join(args)}: {proc.stderr}{proc.stdout}")
    return proc.stdout


def init_repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "user.name", ALICE[0])
    git(path, "config", "user.email", ALICE[1])
    git(path, "config", "commit.gpgsign", "false")
    (path / "README.md").write_text("the code\n")
    git(path, "add", "README.md")
    git(path, "commit", "-q", "-m", "Start")
    return path


def commit_all(repo: Path, message: str, author: tuple[str, str] = ALICE) -> str:
    """Commit everything in the work tree; returns the short hash."""
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message, author=author)
    return git(repo, "rev-parse", "--short", "HEAD").strip()


@pytest.fixture
def git_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace that is a real git repository with one commit."""
    isolate_git(monkeypatch, tmp_path / "git-home")
    return init_repo(tmp_path / "repo")
