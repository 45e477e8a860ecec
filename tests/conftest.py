"""Fixtures shared by every suite: a real state root and workspace under tmp_path."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest


@pytest.fixture
def state_root(tmp_path: Path) -> Path:
    root = tmp_path / "state"
    root.mkdir()
    return root


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "work" / "demo-repo"
    (ws / ".git").mkdir(parents=True)
    return ws


@pytest.fixture
def engine(state_root: Path, workspace: Path):
    from context_center.engine import open_engine

    with open_engine(state_root=state_root, workspace=workspace) as opened:
        yield opened


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    @property
    def json(self):
        return json.loads(self.out)


@dataclass
class Cli:
    """Runs ``python -m context_center`` as a real subprocess on the test's state root."""

    root: Path
    workspace: Path
    home: Path

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "context_center", "--state-root", str(self.root),
                "--workspace", str(self.workspace), *args]

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "CONTEXT_CENTER_HOME"}
        env["HOME"] = str(self.home)
        return env

    def run(self, *args: str, stdin: str = "") -> CliResult:
        proc = subprocess.run(self.argv(*args), input=stdin, capture_output=True, text=True,
                              env=self.env(), cwd=self.workspace, timeout=60)
        return CliResult(proc.returncode, proc.stdout, proc.stderr)

    def ok(self, *args: str, stdin: str = "") -> dict:
        result = self.run(*args, "--json", stdin=stdin)
        assert result.code == 0, f"exit {result.code}: {result.out} {result.err}"
        return result.json

    def refused(self, *args: str, code: str) -> dict:
        result = self.run(*args, "--json")
        assert result.code == 1, f"exit {result.code}: {result.out} {result.err}"
        assert result.json["error"] == code, result.json
        assert result.err.startswith(f"{code}: "), result.err
        return result.json

    def remember(self, name: str, body: str, *extra: str) -> dict:
        return self.ok("memory", "remember", "--name", name, "--title", name.replace("-", " "),
                       "--description", f"about {name}", "--body", body, *extra)


@pytest.fixture
def cli(state_root: Path, workspace: Path, tmp_path: Path) -> Cli:
    home = tmp_path / "home"
    home.mkdir()
    return Cli(state_root, workspace, home)
