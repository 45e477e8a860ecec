"""``doctor`` and ``connect`` as a new user runs them (#29): nothing wired, connect each agent with
the change shown first, then every registered command reaches the store and the live hook run
recalls from it, and shows in what agents received. Real subprocesses, a home of their own."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_center.engine.wiring.doctor import fix_command


@pytest.fixture
def cc(tmp_path: Path, user_config_home: Path, workspace: Path):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".codex").mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("CONTEXT_CENTER_HOME", "CODEX_HOME",
                                                             "CLAUDE_CONFIG_DIR")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(user_config_home), XDG_DATA_HOME=str(tmp_path / "data"))

    def cc(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "context_center", *args], capture_output=True, text=True,
                              timeout=120, env=env, cwd=workspace)
    return cc


def test_doctor_then_connect_then_the_hook_recalls_from_the_store_the_window_shows(cc, tmp_path: Path):
    store = tmp_path / "reasonix"
    assert cc("config", "set", "state-root", str(store)).returncode == 0
    made = cc("memory", "remember", "--title", "Release train", "--body", "Releases leave on Thursdays at noon.",
              "--json")
    assert made.returncode == 0, made.stderr
    before = cc("doctor", "--json")
    assert before.returncode == 1
    fixes = {p["fix"] for p in json.loads(before.stdout)["problems"]}
    assert fixes == {fix_command("connect", "claude-code"), fix_command("connect", "codex")}
    shown = cc("connect", "claude-code")
    assert shown.returncode == 0 and "+++" in shown.stdout and "nothing written" in shown.stdout
    assert not (tmp_path / "home" / ".claude" / "settings.json").exists()
    for agent in ("claude-code", "codex"):
        wrote = cc("connect", agent, "--yes", "--json")
        assert wrote.returncode == 0 and json.loads(wrote.stdout)["written"], wrote.stderr
    after = cc("doctor", "--json")
    report = json.loads(after.stdout)
    assert after.returncode == 0, report["problems"]
    assert {r["store"] for r in report["registrations"]} == {str(store)}
    assert "Releases leave on Thursdays" in report["live_hook"]["output"]
    human = cc("doctor")
    assert human.returncode == 0 and "everything is wired to one store" in human.stdout
    received = json.loads(cc("memory", "recall", "--history", "--json").stdout)
    assert "Release train" in json.dumps(received)
