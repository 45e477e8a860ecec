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


@pytest.mark.adversarial
@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "folder", "link-to-fifo"])
def test_a_config_file_that_is_no_regular_file_is_refused_at_once(run, user_config_home: Path, tmp_path: Path,
                                                                   kind: str):
    """A link to /dev/zero grew the command line to 23 GB and a FIFO hung it: st_size is 0 for
    both, so a size check before reading let them through. Now the opened file decides."""
    config = user_config_home / "context-center" / "config.toml"
    config.parent.mkdir(parents=True)
    if kind == "dev-zero":
        config.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(config)
    elif kind == "folder":
        config.mkdir()
    else:
        os.mkfifo(tmp_path / "pipe")
        config.symlink_to(tmp_path / "pipe")
    for args in (["memory", "list", "--json"], ["config", "show"], ["config", "set", "state-root", str(tmp_path)]):
        done = run(*args)   # (the 60 s timeout of run() is the hang's witness)
        assert done.returncode == 2 and f"{config}: not a regular file" in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
    event = json.dumps({"prompt": "when do we deploy?", "cwd": str(tmp_path)})
    turn = run("hook", "claude-code", stdin=event)
    assert turn.returncode == 0 and turn.stdout == "" and turn.stderr.count("\n") == 1, turn.stderr


@pytest.mark.adversarial
@pytest.mark.parametrize("text, said", [
    ('state_root = "/tmp/a\\u0000b"\n', "control character (a NUL)"),
    ('state_root = "/tmp/a\\nb"\n', "control character (a newline)"),
    ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deep"),
    ('state_root = "/proc/self"\n', "inside /proc"),
])
def test_a_config_files_odd_values_are_one_line_errors(run, user_config_home: Path, text: str, said: str):
    config = user_config_home / "context-center" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(text)
    done = run("memory", "list", "--json")
    assert done.returncode == 2 and said in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("value, said", [("/proc/self", "inside /proc"), ("/sys/kernel", "inside /sys"),
                                         ("/tmp/a\nb", "a newline"), ("/tmp/a\tb", "a tab")])
def test_config_set_refuses_a_state_root_no_store_can_live_in(run, user_config_home: Path, value: str, said: str):
    done = run("config", "set", "state-root", value)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not (user_config_home / "context-center" / "config.toml").exists()
