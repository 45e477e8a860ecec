"""Fixtures shared by every suite: a real state root and workspace under tmp_path."""
from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from support.git_repos import git_repo  # noqa: F401 - the fixture: a real git repository as the workspace
from support.sync_remotes import git_home, remote, two_machines  # noqa: F401 - fixtures for the sync tests

MARKERS = {
    "adversarial": "hostile input (a remote, a cloned repository, another tool's files, an MCP client) and what "
                   "it must not do",
    "slow": "takes seconds by design (a client that trickles, a soak): `-m 'not slow'` for a quick loop",
}


def pytest_configure(config: pytest.Config) -> None:
    """The markers, declared once for both configurations (pyproject's, and tests/no_qt's)."""
    for name, meaning in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")


@pytest.fixture(autouse=True)
def user_config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test has a config directory of its own (``$XDG_CONFIG_HOME``): a developer's own
    config.toml never chooses a test's store, and a test that writes one writes it here."""
    folder = tmp_path / "xdg-config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_resident_service(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands run in their own process unless a test asks for the resident service
    (tests/resident): a hook in a test must not leave a service behind it, nor reach a developer's."""
    monkeypatch.setenv("CONTEXT_CENTER_SERVICE", "off")


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
    """Runs the command line on the test's state root: in this process through ``main(argv)``
    (fast: JSON shapes and refusals), or as a real ``python -m context_center`` subprocess
    (``in_process=False``: exit codes, the hook, parallel writers, import budgets)."""

    root: Path
    workspace: Path
    home: Path
    in_process: bool = True

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "context_center", "--state-root", str(self.root),
                "--workspace", str(self.workspace), *args]

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "CONTEXT_CENTER_HOME"}
        env["HOME"] = str(self.home)
        return env

    def run(self, *args: str, stdin: str = "") -> CliResult:
        if self.in_process:
            return self._run_here(list(self.argv(*args)[3:]), stdin)
        proc = subprocess.run(self.argv(*args), input=stdin, capture_output=True, text=True,
                              env=self.env(), cwd=self.workspace, timeout=60)
        return CliResult(proc.returncode, proc.stdout, proc.stderr)

    def _run_here(self, argv: list[str], stdin: str) -> CliResult:
        from context_center.__main__ import main

        out, err = io.StringIO(), io.StringIO()
        saved = dict(os.environ), os.getcwd(), sys.stdin
        environment = self.env()   # (read before the clear below: it starts from this process's own)
        os.environ.clear()
        os.environ.update(environment, CONTEXT_CENTER_HOOK_BUDGET="off")  # its deadline would end pytest
        os.chdir(self.workspace)
        sys.stdin = io.StringIO(stdin)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(argv)
                except SystemExit as exit_:  # argparse's usage errors
                    code = exit_.code if isinstance(exit_.code, int) else 1
        finally:
            os.environ.clear()
            os.environ.update(saved[0])
            os.chdir(saved[1])
            sys.stdin = saved[2]
        return CliResult(code, out.getvalue(), err.getvalue())

    def ok(self, *args: str, stdin: str = "") -> dict:
        result = self.run(*args, "--json", stdin=stdin)
        assert result.code == 0, f"exit {result.code}: {result.out} {result.err}"
        return result.json

    def refused(self, *args: str, code: str, stdin: str = "") -> dict:
        result = self.run(*args, "--json", stdin=stdin)
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


@pytest.fixture
def cli_process(cli: Cli) -> Cli:
    """The same command line as a real subprocess."""
    return Cli(cli.root, cli.workspace, cli.home, in_process=False)
