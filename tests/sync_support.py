"""Two machines and a remote, with real git: a bare repository in tmp_path and two state roots.
The fixtures are registered in conftest.py."""
from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def git_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """git's configuration isolated from the user's: its own HOME and global config."""
    home = tmp_path / "home"
    home.mkdir()
    config = home / ".gitconfig"
    config.write_text("[user]\n\tname = Test\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    return home


@pytest.fixture
def remote(tmp_path: Path, git_home: Path) -> str:
    path = tmp_path / "remote.git"
    git("init", "-q", "--bare", str(path), cwd=tmp_path)
    return str(path)


@dataclass
class Machine:
    root: Path
    workspace: Path

    def open(self):
        from context_center.engine import open_engine

        return open_engine(state_root=self.root, workspace=self.workspace)


def make_machine(tmp_path: Path, name: str, checkout: str = "app", origin: str = "") -> Machine:
    """A state root and a workspace (a real repository, with ``origin`` when given)."""
    workspace = tmp_path / name / "src" / checkout
    workspace.mkdir(parents=True)
    git("init", "-q", str(workspace), cwd=tmp_path)
    if origin:
        git("remote", "add", "origin", origin, cwd=workspace)
    return Machine(tmp_path / name / "state", workspace)


@pytest.fixture
def two_machines(tmp_path: Path, remote: str) -> tuple[Machine, Machine]:
    """Two machines with one repository checked out under different paths (its origin spelled two ways)."""
    return (make_machine(tmp_path, "laptop", "app", "git@github.com:acme/app.git"),
            make_machine(tmp_path, "desk", "work-app", "https://user:token@github.com/acme/app"))
