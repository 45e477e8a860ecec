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


def test_doctor_then_connect_then_the_hook_recalls_from_the_store_the_window_shows(cc, tmp_path: Path,
                                                                                   workspace: Path):
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
    assert "nothing recalled" not in human.stdout
    # doctor's run is a test, not a turn an agent was given: it stays out of what agents received
    # (a new user's walk: it filled that list and lowered what memory cost counts a turn's recall)
    assert json.loads(cc("memory", "recall", "--history", "--json").stdout)["injections"] == []
    event = json.dumps({"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": str(workspace),
                        "prompt": "When does the release train leave?"})
    hook = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(store), "hook", "claude-code"],
                          input=event, capture_output=True, text=True, timeout=120)
    assert "Releases leave on Thursdays" in hook.stdout, hook.stderr
    received = json.loads(cc("memory", "recall", "--history", "--json").stdout)
    [given] = received["injections"]
    assert given["session_id"] == "s1" and "When does the release train leave?" in json.dumps(given)


def test_the_live_run_recalls_a_fact_named_in_one_word_and_says_when_nothing_is_recalled(cc, tmp_path: Path):
    """A new user's walk: a fact titled "pnpm" gave the prompt "Remind me about pnpm?", which recall's
    gate held back (one word of two), and doctor still said all was well with nothing to show."""
    store = tmp_path / "reasonix"
    assert cc("config", "set", "state-root", str(store)).returncode == 0
    assert cc("memory", "remember", "--title", "pnpm", "--body", "We use pnpm for installs, never npm.").returncode == 0
    assert cc("connect", "claude-code", "--yes").returncode == 0
    report = json.loads(cc("doctor", "--json").stdout)
    assert "We use pnpm for installs" in report["live_hook"]["output"]
    assert cc("memory", "forget", "project/pnpm.md").returncode == 0
    human = cc("doctor").stdout
    assert "0 characters out" in human and "nothing recalled for the test prompt" in human


def test_doctor_lists_the_rules_enforced_here(cc, tmp_path: Path, workspace: Path):
    store = tmp_path / "reasonix"
    assert cc("config", "set", "state-root", str(store)).returncode == 0
    assert cc("memory", "remember", "--title", "x", "--body", "y").returncode == 0
    (workspace / "CLAUDE.md").write_text("- Never use npm; use pnpm.\n")
    shown = cc("instructions", "enforce", "CLAUDE.md:1", "--agent", "claude-code")
    assert shown.returncode == 0 and "--pre-tool-use" in shown.stdout and "Nothing written" in shown.stdout
    assert json.loads(cc("doctor", "--json", "--no-live").stdout)["enforced"] == []
    wrote = cc("instructions", "enforce", "CLAUDE.md:1", "--agent", "claude-code", "--yes")
    assert wrote.returncode == 0, wrote.stderr
    [enforced] = json.loads(cc("doctor", "--json", "--no-live").stdout)["enforced"]
    assert (enforced["source"], enforced["agent"], enforced["denied"]) == ("CLAUDE.md:1", "claude-code", 0)
    assert "enforced at the tool call: CLAUDE.md:1 for Claude Code" in cc("doctor", "--no-live").stdout
    listed = json.loads(cc("instructions", "enforce", "--list", "--json").stdout)["enforced"]
    assert [e["source"] for e in listed] == ["CLAUDE.md:1"]
