"""``doctor`` (#29): which store each face and each registered command reaches, the live hook run, and
what it never runs. Homes shaped like real ones, with and without each agent's files."""
from __future__ import annotations

import json
import os
import shlex
import stat
from pathlib import Path

import pytest

from context_center.engine import FactInput, connect_apply, connect_plan, doctor, open_engine
from context_center.engine.wiring.connect import hook_command
from context_center.engine.wiring.doctor import fix_command
from context_center.engine.wiring.registrations import program

pytestmark = pytest.mark.adversarial


@pytest.fixture
def store(tmp_path: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "store"
    monkeypatch.setenv("CONTEXT_CENTER_HOME", str(root))
    with open_engine(root, workspace) as engine:
        engine.remember(FactInput(title="Deploy day", body="This project deploys on Fridays.", type="project",
                                  scope="project"))
    return root


def connected(home: Path, store: Path, *agents: str) -> Path:
    for agent in agents:
        connect_apply(connect_plan(agent, store, home))
    return home


def test_a_home_without_any_agent_says_so(tmp_path: Path, workspace: Path, store: Path):
    report = doctor(workspace, tmp_path / "empty-home")
    assert not report.wired and report.registrations == [] and report.live is None
    assert report.store is not None and (report.store.path, report.store.source) == (store, "env")
    assert [p.what for p in report.problems] == [
        "neither Claude Code (~/.claude) nor Codex (~/.codex) is set up on this machine"]


def test_everything_connected_is_wired_and_the_live_hook_recalls_from_the_store(tmp_path: Path, workspace: Path,
                                                                                store: Path):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".codex").mkdir()
    before = doctor(workspace, home, live=False)
    assert {p.fix for p in before.problems} == {fix_command("connect", "claude-code"), fix_command("connect", "codex")}
    connected(home, store, "claude-code", "codex")
    report = doctor(workspace, home, prompt="When does this project deploy?")
    assert report.wired, [p.what for p in report.problems]
    assert {(r.agent, r.kind) for r in report.registrations} == {
        ("claude-code", "UserPromptSubmit"), ("claude-code", "SessionStart"), ("claude-code", "mcp"),
        ("codex", "mcp")}
    assert all(r.store == store and r.store_source == "flag" and r.this_install for r in report.registrations)
    assert report.live is not None and report.live.exit_code == 0
    assert "deploys on Fridays" in report.live.output and report.live.command == hook_command(store)
    json.dumps(report.to_json())   # the --json shape holds only plain values


def test_a_hook_that_reaches_another_store_is_found_and_explained(tmp_path: Path, workspace: Path, store: Path):
    home = tmp_path / "home"
    connected(home, tmp_path / "elsewhere", "claude-code")
    report = doctor(workspace, home, live=False)
    [reach, *_] = [p for p in report.problems if "reaches the store" in p.what]
    assert f"reaches the store {tmp_path / 'elsewhere'} (by flag), not {store}" in reach.what
    assert reach.fix == fix_command("connect", "claude-code")


def test_an_unpinned_hook_follows_the_environment_and_codex_unpinned_is_told(tmp_path: Path, workspace: Path,
                                                                              store: Path):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    ours = program()   # this install, as the README's lines register it, without a state root
    (home / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": shlex.join([*ours, "hook", "claude-code"])}]}]}}))
    (home / ".codex").mkdir()
    (home / ".codex" / "config.toml").write_text(
        f'approval_policy = "never"\n[mcp_servers.context-center]\ncommand = "{ours[0]}"\n'
        f'args = {json.dumps([*ours[1:], "mcp"])}\n')
    report = doctor(workspace, home, live=False)
    hook = next(r for r in report.registrations if r.kind == "UserPromptSubmit")
    assert (hook.store, hook.store_source) == (store, "env")     # Claude Code passes its environment on
    codex = next(r for r in report.registrations if r.agent == "codex")
    assert codex.store_source == "default"                       # Codex does not
    said = " ".join(p.what for p in report.problems)
    assert "Codex does not pass the environment on" in said and 'approval_policy = "never"' in said


@pytest.mark.parametrize("how", ["another program", "a shell line", "another subcommand of ours"])
def test_a_foreign_command_from_a_cloned_repository_is_reported_and_never_run(tmp_path: Path, workspace: Path,
                                                                              store: Path, how: str,
                                                                              user_config_home: Path):
    marker = tmp_path / "ran"
    evil = tmp_path / "cloned" / "context-center"
    evil.parent.mkdir()
    evil.write_text(f"#!/bin/sh\ntouch {shlex.quote(str(marker))}\n")
    evil.chmod(evil.stat().st_mode | stat.S_IXUSR)
    home = connected(tmp_path / "home", store, "claude-code")
    command = {"another program": f"{evil} hook claude-code",
               "a shell line": f"{hook_command(store)}; touch {shlex.quote(str(marker))}",
               # "hook" as another option's value: this install's program, but no hook of ours
               "another subcommand of ours": shlex.join([*program(), "--workspace", "hook", "config", "set",
                                                         "state-root", str(marker)])}[how]
    (workspace / ".claude").mkdir()
    (workspace / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": command}]}]}}))
    os.remove(home / ".claude" / "settings.json")   # only the repository's hook is registered
    report = doctor(workspace, home)
    [foreign] = [r for r in report.registrations if r.scope == "project"]
    assert not foreign.this_install or not foreign.argv
    assert report.live is None and not marker.exists()
    assert any(("not this install's" in p.what or "shell line" in p.what) and str(workspace) in p.what
               for p in report.problems)
    assert not (user_config_home / "context-center" / "config.toml").exists()


def test_a_config_file_that_cannot_be_used_is_a_problem_not_a_crash(tmp_path: Path, workspace: Path,
                                                                     user_config_home: Path,
                                                                     monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    (user_config_home / "context-center").mkdir(parents=True)
    (user_config_home / "context-center" / "config.toml").write_text("state_root = [")
    report = doctor(workspace, tmp_path / "home", live=False)
    assert report.store is None and "config.toml:1: not valid TOML" in report.store_problem
    assert report.problems[0].fix == ""                     # not TOML: only a hand can mend it
    (user_config_home / "context-center" / "config.toml").write_text('state_root = "relative"\n')
    report = doctor(workspace, tmp_path / "home", live=False)
    assert report.problems[0].fix == fix_command("config", "unset", "state-root")


def test_the_live_run_starts_the_file_judged_ours_even_with_dot_on_path(tmp_path: Path, workspace: Path, store: Path,
                                                                        monkeypatch: pytest.MonkeyPatch):
    marker = tmp_path / "ran"
    evil = workspace / "context-center"               # a cloned repository's file, named like our program
    evil.write_text(f"#!/bin/sh\ntouch {shlex.quote(str(marker))}\n")
    evil.chmod(evil.stat().st_mode | stat.S_IXUSR)
    here = tmp_path / "where-doctor-runs"
    here.mkdir()
    (here / "context-center").symlink_to(program()[0])   # from here, "context-center" is this install
    monkeypatch.chdir(here)
    monkeypatch.setenv("PATH", f".:{os.environ['PATH']}")
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": f"context-center --state-root {shlex.quote(str(store))} "
                                                  "hook claude-code"}]}]}}))
    report = doctor(workspace, home, prompt="When does this project deploy?")
    assert report.live is not None and report.live.exit_code == 0 and "deploys on Fridays" in report.live.output
    assert not marker.exists()


def test_the_readmes_claude_code_lines_work_together_and_doctor_finds_one_store(tmp_path: Path, workspace: Path,
                                                                               store: Path):
    """#49: the README's user and local lines used one name, so Claude Code warned "Conflicting
    scopes", and the local line named no store. Each line is applied as ``claude mcp add`` keeps it
    (user scope: ``mcpServers``; local: ``projects[<folder>].mcpServers``), this install's program
    for ``context-center`` and the test's store for ``~/.reasonix``."""
    readme = (Path(__file__).resolve().parents[3] / "docs" / "guides" / "mcp.md").read_text(encoding="utf-8")
    lines = [line for line in readme.splitlines() if line.startswith("claude mcp add -s ")
             and "--transport" not in line]
    assert len(lines) == 2
    claude: dict = {"mcpServers": {}, "projects": {str(workspace): {"mcpServers": {}}}}
    for line in lines:
        argv = shlex.split(line.replace("~/.reasonix", str(store)).replace('"$PWD"', str(workspace)))
        scope, name, command = argv[4], argv[5], argv[argv.index("--") + 1:]
        assert command[0] == "context-center"
        table = claude["mcpServers"] if scope == "user" else claude["projects"][str(workspace)]["mcpServers"]
        assert scope in ("user", "local") and name not in claude["mcpServers"] and name not in table
        table[name] = {"type": "stdio", "command": program()[0], "args": [*program()[1:], *command[1:]], "env": {}}
    home = tmp_path / "home"
    home.mkdir()
    (home / ".claude.json").write_text(json.dumps(claude))
    report = doctor(workspace, home, live=False)
    servers = [r for r in report.registrations if r.kind == "mcp"]
    assert sorted(r.scope for r in servers) == ["local", "user"] and len({r.name for r in servers}) == 2
    assert all(r.store == store and r.store_source == "flag" and r.this_install for r in servers)
