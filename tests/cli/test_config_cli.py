"""``config show|set|unset``, and a config file that cannot be used in every face (#29): the command
line exits 2, the hook says one line and lets the turn go on, the MCP server stops before its
handshake. Real subprocesses, each with its own $XDG_CONFIG_HOME."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture
def run(user_config_home: Path, tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if k != "CONTEXT_CENTER_HOME"}
    env.update(HOME=str(tmp_path / "home"), XDG_CONFIG_HOME=str(user_config_home),
               XDG_DATA_HOME=str(tmp_path / "data"))

    def run(*args: str, stdin: str = "", **extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "context_center", *args], input=stdin, capture_output=True,
                              text=True, timeout=60, env={**env, **extra}, cwd=tmp_path)
    return run


def test_config_set_show_and_unset_choose_the_store_of_every_command(run, tmp_path: Path, user_config_home: Path):
    shown = json.loads(run("config", "show", "--json").stdout)
    assert shown == {"state_root": str(tmp_path / "data" / "context-center"), "source": "default",
                     "config_file": None, "warnings": []}
    chosen = tmp_path / "chosen"
    set_ = run("config", "set", "state-root", str(chosen), "--json")
    assert set_.returncode == 0, set_.stderr
    config = user_config_home / "context-center" / "config.toml"
    assert json.loads(set_.stdout) == {"state_root": str(chosen), "source": "config", "config_file": str(config),
                                       "warnings": []}
    made = run("memory", "remember", "--title", "Deploy day", "--body", "We deploy on Fridays.", "--json")
    assert made.returncode == 0 and json.loads(made.stdout)["path"].startswith(str(chosen)), made.stderr
    human = run("config", "show").stdout
    assert f"state root: {chosen}" in human and "chosen by: the config file" in human
    assert json.loads(run("config", "show", "--json", CONTEXT_CENTER_HOME=str(tmp_path / "env")).stdout)[
        "source"] == "env"
    assert json.loads(run("--state-root", str(tmp_path / "f"), "config", "show", "--json").stdout)["source"] == "flag"
    assert run("config", "unset", "state-root").returncode == 0
    assert json.loads(run("config", "show", "--json").stdout)["source"] == "default"


def test_a_relative_state_root_is_refused_by_config_set(run, tmp_path: Path):
    refused = run("config", "set", "state-root", "", "--json")
    assert refused.returncode == 2 and json.loads(refused.stdout)["error"] == "CONFIG_ERROR"


@pytest.fixture
def broken(user_config_home: Path) -> Path:
    config = user_config_home / "context-center" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('# mine\nstate_root = "relative/store"\n')
    return config


def test_a_broken_config_file_stops_a_command_with_its_file_and_line(run, broken: Path):
    for args in (["memory", "list", "--json"], ["config", "show"]):
        done = run(*args)
        assert done.returncode == 2 and f"{broken}:2: state_root 'relative/store' is relative" in done.stderr, args
        assert "Traceback" not in done.stderr


def test_a_broken_config_file_never_fails_a_turn(run, broken: Path, tmp_path: Path):
    event = json.dumps({"prompt": "when do we deploy?", "cwd": str(tmp_path)})
    for extra in ([], ["--session-start"]):
        done = run("hook", "claude-code", *extra, stdin=event)
        assert done.returncode == 0 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and f"{broken}:2:" in done.stderr, done.stderr


def test_a_broken_config_file_stops_the_mcp_server_before_its_handshake(run, broken: Path):
    for args in (["mcp"], ["mcp", "--http", "127.0.0.1:0", "--no-token"]):
        done = run(*args)
        assert done.returncode == 2 and f"CONFIG_ERROR: {broken}:2:" in done.stderr, done.stderr
        assert done.stdout == ""
