"""A real resident service for a test: its own private runtime folder, started as a user's hook
or ``service start`` would start it, stopped (and killed if need be) after the test."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from context_center.resident import address as addresses
from context_center.resident import client


@dataclass
class Service:
    root: Path
    workspace: Path
    runtime: Path
    env: dict[str, str]
    pids: set[int] = field(default_factory=set)

    @property
    def address(self) -> addresses.Address:
        return addresses.Address(str(self.runtime / addresses.FOLDER_NAME), addresses.installation_key())

    def command(self, *args: str, stdin: str = "", env: dict[str, str] | None = None,
                state_root: bool = True) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "context_center", *(["--state-root", str(self.root)] if state_root else []),
                *args]
        return subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env or self.env,
                              cwd=self.workspace, timeout=60)

    def start(self) -> dict:
        done = self.command("service", "start", "--json")
        assert done.returncode == 0, done.stderr
        state = json.loads(done.stdout)
        self.pids.add(state["pid"])
        return state

    def status(self) -> dict | None:
        try:
            state = client.request(self.address, "status")
        except client.NoAnswer:
            return None
        self.pids.add(state["pid"])
        return state

    def event(self, prompt: str, **extra: str) -> str:
        return json.dumps({"session_id": "s-test", "hook_event_name": "UserPromptSubmit",
                           "cwd": str(self.workspace), "prompt": prompt, **extra})

    def hook(self, prompt: str, *, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return self.command("hook", "claude-code", stdin=self.event(prompt), env=env)

    def wait_until(self, condition, seconds: float = 15.0, what: str = "the condition") -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline, f"timed out waiting for {what}"
            time.sleep(0.02)


@pytest.fixture
def service(state_root: Path, workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # a short path: a socket's name holds at most 107 bytes, and tmp_path's can be longer
    runtime = Path(tempfile.mkdtemp(prefix="cc-run-", dir="/tmp"))
    runtime.chmod(0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("CONTEXT_CENTER_SERVICE", "on")
    monkeypatch.setenv("CONTEXT_CENTER_SERVICE_IDLE", "120")
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    running = Service(state_root, workspace, runtime, dict(os.environ))
    yield running
    running.status()
    for pid in running.pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
    deadline = time.monotonic() + 10
    for pid in running.pids:
        while time.monotonic() < deadline and _alive(pid):
            time.sleep(0.02)
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
    shutil.rmtree(runtime, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # our own child (a service this test process started) is reaped here
        return os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        pass
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except OSError:
        return False
