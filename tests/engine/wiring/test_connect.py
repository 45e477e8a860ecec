"""Connect agents (#29): the exact change to each agent's file, a backup, nothing else touched, a file
changed meanwhile refused, and removing exactly what was added. Files shaped like the ones Claude
Code and Codex write."""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest

from context_center.engine import ChangedMeanwhile, connect_apply, connect_plan
from context_center.engine.wiring.connect import Unparseable, hook_command
from context_center.engine.wiring.registrations import program

CLAUDE_SETTINGS = {
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "permissions": {"allow": ["Bash(npm run lint)"], "deny": ["Read(./.env)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/check-bash.sh"}]}],
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "other-tool remind"}]}],
    },
    "model": "opus",
}
CLAUDE_JSON = {
    "numStartups": 42, "theme": "dark",
    "mcpServers": {"github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/",
                              "headers": {"Authorization": "Bearer ${GITHUB_TOKEN}"}}},
    "projects": {"/home/me/src/app": {"allowedTools": [], "mcpServers": {}, "hasTrustDialogAccepted": True}},
}
CODEX_TOML = """\
# my Codex settings
model = "gpt-5-codex"
approval_policy = "never"   # I review diffs myself

[mcp_servers.docs]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]   # documentation lookups

[profiles.fast]
model = "gpt-5-mini"
"""


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(json.dumps(CLAUDE_SETTINGS, indent=2) + "\n")
    (home / ".claude.json").write_text(json.dumps(CLAUDE_JSON, indent=2) + "\n")
    os.chmod(home / ".claude.json", 0o600)
    (home / ".codex").mkdir()
    (home / ".codex" / "config.toml").write_text(CODEX_TOML)
    return home


def test_claude_code_gets_both_hooks_and_the_server_pinned_and_nothing_else_changes(home: Path, tmp_path: Path):
    store = tmp_path / "store"
    edits = connect_plan("claude-code", store, home)
    assert [e.path for e in edits] == [home / ".claude" / "settings.json", home / ".claude.json"]
    added = [line for line in edits[0].diff.splitlines() if line.startswith("+")]
    assert any(line.endswith(f'"command": {json.dumps(hook_command(store))}') for line in added)
    assert "--state-root" in edits[1].diff and all(e.diff.startswith("---") for e in edits)
    backups = connect_apply(edits)
    settings = json.loads((home / ".claude" / "settings.json").read_text())
    assert settings["permissions"] == CLAUDE_SETTINGS["permissions"] and settings["model"] == "opus"
    assert settings["hooks"]["PreToolUse"] == CLAUDE_SETTINGS["hooks"]["PreToolUse"]
    assert settings["hooks"]["UserPromptSubmit"] == [
        {"hooks": [{"type": "command", "command": "other-tool remind"}]},
        {"hooks": [{"type": "command", "command": hook_command(store)}]}]
    assert settings["hooks"]["SessionStart"] == [
        {"hooks": [{"type": "command", "command": hook_command(store, session_start=True)}]}]
    claude = json.loads((home / ".claude.json").read_text())
    command, *rest = program()
    assert claude["mcpServers"]["context-center"] == {"type": "stdio", "command": command,
                                                      "args": [*rest, "--state-root", str(store), "mcp"], "env": {}}
    assert {k: v for k, v in claude.items() if k != "mcpServers"} == {k: v for k, v in CLAUDE_JSON.items()
                                                                      if k != "mcpServers"}
    assert claude["mcpServers"]["github"] == CLAUDE_JSON["mcpServers"]["github"]
    assert backups[1] is not None and json.loads(backups[1].read_text()) == CLAUDE_JSON
    assert (os.stat(home / ".claude.json").st_mode & 0o777) == (os.stat(backups[1]).st_mode & 0o777) == 0o600
    assert connect_plan("claude-code", store, home) == []          # connected: nothing to change
    connect_apply(connect_plan("claude-code", store, home, remove=True))
    assert json.loads((home / ".claude" / "settings.json").read_text()) == CLAUDE_SETTINGS
    assert json.loads((home / ".claude.json").read_text()) == CLAUDE_JSON


def test_connecting_to_another_store_re_pins_instead_of_adding(home: Path, tmp_path: Path):
    for store in (tmp_path / "one", tmp_path / "two"):
        connect_apply(connect_plan("claude-code", store, home))
    hooks = json.loads((home / ".claude" / "settings.json").read_text())["hooks"]["UserPromptSubmit"]
    assert [h["command"] for g in hooks for h in g["hooks"]] == ["other-tool remind", hook_command(tmp_path / "two")]


def test_a_file_the_agent_rewrote_meanwhile_is_refused(home: Path, tmp_path: Path):
    [_settings, claude] = connect_plan("claude-code", tmp_path / "store", home)
    (home / ".claude.json").write_text(json.dumps({**CLAUDE_JSON, "numStartups": 43}, indent=2) + "\n")
    with pytest.raises(ChangedMeanwhile, match="changed since the change was shown"):
        connect_apply([_settings, claude])
    assert json.loads((home / ".claude.json").read_text())["numStartups"] == 43
    assert not list(home.glob(".claude.json.context-center-backup-*"))
    # nothing at all: the other file of the same change was not written either
    assert json.loads((home / ".claude" / "settings.json").read_text()) == CLAUDE_SETTINGS


def test_codex_keeps_comments_and_order_and_is_approved_under_approval_policy_never(home: Path, tmp_path: Path):
    store = tmp_path / "store"
    [edit] = connect_plan("codex", store, home)
    connect_apply([edit])
    text = (home / ".codex" / "config.toml").read_text()
    assert text.startswith(CODEX_TOML.split("[profiles.fast]")[0].rstrip("\n"))   # untouched, comments and all
    assert "[profiles.fast]" in text and "# documentation lookups" in text
    entry = tomllib.loads(text)["mcp_servers"]["context-center"]
    assert entry["args"][-3:] == ["--state-root", str(store), "mcp"]
    assert entry["default_tools_approval_mode"] == "approve"
    [removed] = connect_plan("codex", store, home, remove=True)
    connect_apply([removed])
    assert tomllib.loads((home / ".codex" / "config.toml").read_text()) == tomllib.loads(CODEX_TOML)
    assert "# I review diffs myself" in (home / ".codex" / "config.toml").read_text()


def test_a_new_file_is_made_and_a_file_that_cannot_be_parsed_is_left_alone(tmp_path: Path):
    home = tmp_path / "fresh"
    (home / ".codex").mkdir(parents=True)
    [edit] = connect_plan("codex", tmp_path / "store", home)
    assert edit.before is None and edit.to_json()["new_file"] and connect_apply([edit]) == [None]
    assert "context-center" in tomllib.loads((home / ".codex" / "config.toml").read_text())["mcp_servers"]
    (home / ".claude").mkdir()
    (home / ".claude" / "settings.json").write_text('{"hooks": {,}')
    with pytest.raises(Unparseable, match="left as it is"):
        connect_plan("claude-code", tmp_path / "store", home)
    assert (home / ".claude" / "settings.json").read_text() == '{"hooks": {,}'


def test_a_file_keeps_its_own_indentation(tmp_path: Path):
    home = tmp_path / "compact"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text('{"model": "opus"}')
    (home / ".claude.json").write_text('{\n\t"theme": "dark"\n}\n')
    settings, claude = connect_plan("claude-code", tmp_path / "store", home)
    assert "\n" not in settings.after and settings.after.startswith('{"model": "opus", "hooks": ')
    assert claude.after.startswith('{\n\t"theme": "dark",\n\t"mcpServers": {\n\t\t"context-center"')


def test_a_store_whose_path_a_shell_would_act_on_is_connected_once_and_removed(home: Path, tmp_path: Path):
    store = tmp_path / "My Store (2) & $HOME #1"
    for _ in range(2):
        connect_apply(connect_plan("claude-code", store, home))
    hooks = json.loads((home / ".claude" / "settings.json").read_text())["hooks"]
    assert [h["command"] for g in hooks["UserPromptSubmit"] for h in g["hooks"]] == [
        "other-tool remind", hook_command(store)]
    connect_apply(connect_plan("claude-code", store, home, remove=True))
    assert json.loads((home / ".claude" / "settings.json").read_text()) == CLAUDE_SETTINGS


def test_re_pinning_keeps_the_entrys_own_settings_and_a_hand_written_entry_is_pinned_not_doubled(tmp_path: Path):
    home = tmp_path / "hand"
    (home / ".codex").mkdir(parents=True)
    written = """\
# the memory server, by hand as the README showed it
[mcp_servers.context-center]
command = "context-center"
args = ["mcp", "--policy", "review"]
env = { CONTEXT_CENTER_HOME = "/old/store" }
startup_timeout_sec = 30

[mcp_servers.fs]
command = "npx"
"""
    (home / ".codex" / "config.toml").write_text(written)
    store = tmp_path / "store"
    [edit] = connect_plan("codex", store, home)
    connect_apply([edit])
    text = (home / ".codex" / "config.toml").read_text()
    servers = tomllib.loads(text)["mcp_servers"]
    assert set(servers) == {"context-center", "fs"}        # pinned in place, not a second server
    entry = servers["context-center"]
    assert entry["command"] == program()[0] and entry["args"][-5:] == [
        "--state-root", str(store), "mcp", "--policy", "review"]
    assert entry["env"] == {"CONTEXT_CENTER_HOME": "/old/store"} and entry["startup_timeout_sec"] == 30
    assert text.startswith("# the memory server, by hand as the README showed it\n[mcp_servers.context-center]")
    assert connect_plan("codex", store, home) == []


def test_a_linked_file_stays_a_link_backups_never_overwrite_and_odd_json_is_kept_or_refused(tmp_path: Path):
    home = tmp_path / "dotfiles-home"
    (home / ".claude").mkdir(parents=True)
    real = tmp_path / "dotfiles" / "claude-settings.json"
    real.parent.mkdir()
    real.write_text('{\r\n  "model": "opus"\r\n}\r\n')
    (home / ".claude" / "settings.json").symlink_to(real)
    (home / ".claude.json").write_text('{"big": 1e400}')   # infinity to Python: kept as it is written
    for store in ("one", "two", "three"):   # three writes within a second: three backups
        connect_apply(connect_plan("claude-code", tmp_path / store, home))
    assert (home / ".claude.json").read_text().startswith('{"big": 1e400, "mcpServers": {')
    assert (home / ".claude" / "settings.json").is_symlink()
    assert b"\r\n" in real.read_bytes() and b"\n\n" not in real.read_bytes() and "--state-root" in real.read_text()
    assert len(list(real.parent.glob("claude-settings.json.context-center-backup-*"))) == 3


ODD_SETTINGS = """{
  "cleanupPeriodDays": 1.50e3,
  "env": {"A": "1", "B": "2"},
  "model": "opus",
  "model": "sonnet",
  "statusLine": {"type": "command", "command": "echo \\u2028 \\u00e9"},
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "check", "timeout": 6e1}]}],
    "UserPromptSubmit": [
      {"hooks": [{"type": "command", "command": "other-tool remind", "timeout": 1.0E1}]}
    ]
  },
  "permissions":{"allow":["Bash(npm run lint)"]}
}
"""
ODD_CLAUDE_JSON = '{"numStartups": 4.20e1, "tips": {"a":1,"a":2}, "mcpServers": {"github": {"url": "\\u2028"}}}'


def test_connect_changes_only_the_entries_it_adds_and_every_other_byte_stays(tmp_path: Path):
    """#49: connect wrote the whole file back: ``1.50e3`` became ``1500.0``, a duplicate key was
    dropped, an escaped ``\\u2028`` unescaped and compact objects expanded."""
    home = tmp_path / "odd"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(ODD_SETTINGS)
    (home / ".claude.json").write_text(ODD_CLAUDE_JSON)
    store = tmp_path / "store"
    settings, claude = connect_plan("claude-code", store, home)
    removed = [line for line in settings.diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    assert len(removed) == 1 and removed[0].endswith('"timeout": 1.0E1}]}')   # it only gets a comma after it
    connect_apply([settings, claude])
    text = (home / ".claude" / "settings.json").read_text()
    ours = json.dumps(hook_command(store))
    assert text == ODD_SETTINGS.replace(
        '"timeout": 1.0E1}]}\n    ]\n  },',
        '"timeout": 1.0E1}]},\n      {\n        "hooks": [\n          {\n            "type": "command",\n'
        f'            "command": {ours}\n          }}\n        ]\n      }}\n    ],\n'
        '    "SessionStart": [\n      {\n        "hooks": [\n          {\n            "type": "command",\n'
        f'            "command": {json.dumps(hook_command(store, session_start=True))}\n          }}\n        ]\n'
        '      }\n    ]\n  },')
    written = (home / ".claude.json").read_text()
    assert written.startswith('{"numStartups": 4.20e1, "tips": {"a":1,"a":2}, "mcpServers": {"github": '
                              '{"url": "\\u2028"}, "context-center": {"type": "stdio", ') and "\n" not in written
    connect_apply(connect_plan("claude-code", store, home, remove=True))
    assert (home / ".claude" / "settings.json").read_text() == ODD_SETTINGS
    assert (home / ".claude.json").read_text() == ODD_CLAUDE_JSON


@pytest.mark.parametrize("settings,said", [
    ('{"hooks": "none"}', '"hooks" is a string, not an object'),
    ('{"hooks": null}', '"hooks" is null, not an object'),
    ('{"hooks": {"UserPromptSubmit": {"command": "x"}}}', '"hooks" "UserPromptSubmit" is an object, not a list'),
    ('{"hooks": {"SessionStart": 3}}', '"hooks" "SessionStart" is a number, not a list'),
    ('{"hooks": {"UserPromptSubmit": []}, "hooks": {}}', 'key "hooks" stands twice')])
def test_a_wrongly_typed_hooks_value_is_refused_not_replaced(tmp_path: Path, settings: str, said: str):
    home = tmp_path / "typed"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(settings)
    with pytest.raises(Unparseable, match=said):
        connect_plan("claude-code", tmp_path / "store", home)
    assert (home / ".claude" / "settings.json").read_text() == settings


def test_a_link_to_nothing_is_refused_and_nothing_is_made_where_it_points(tmp_path: Path):
    """#49: writing through a dangling link made the link's target, folders and all."""
    from context_center.engine.wiring.connect import UnsafeTarget

    home = tmp_path / "linked"
    home.mkdir()
    (home / ".claude").symlink_to(tmp_path / "elsewhere" / "deep" / "claude")
    with pytest.raises(UnsafeTarget, match="which does not exist"):
        connect_plan("claude-code", tmp_path / "store", home)
    (home / ".claude").unlink()
    (home / ".claude").mkdir()
    (home / ".claude" / "settings.json").symlink_to(tmp_path / "dotfiles" / "settings.json")
    with pytest.raises(UnsafeTarget, match="which does not exist"):
        connect_plan("claude-code", tmp_path / "store", home)
    assert not (tmp_path / "elsewhere").exists() and not (tmp_path / "dotfiles").exists()
    assert not (home / ".claude.json").exists()   # nothing at all: the other file of the change neither


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_another_users_file_is_refused_and_the_file_keeps_its_owner(tmp_path: Path):
    """#49: connect as root through a link replaced another user's settings.json with a root-owned one."""
    from context_center.engine.wiring.connect import UnsafeTarget

    home = tmp_path / "root-home"
    (home / ".claude").mkdir(parents=True)
    theirs = tmp_path / "theirs" / "settings.json"
    theirs.parent.mkdir()
    theirs.write_text('{"model": "opus"}\n')
    os.chown(theirs, 65534, 65534)
    (home / ".claude" / "settings.json").symlink_to(theirs)
    with pytest.raises(UnsafeTarget, match="belongs to another user"):
        connect_plan("claude-code", tmp_path / "store", home)
    (home / ".claude" / "settings.json").unlink()
    (home / ".claude" / "settings.json").write_text('{"model": "opus"}\n')
    edits = connect_plan("claude-code", tmp_path / "store", home)
    os.chown(home / ".claude" / "settings.json", 65534, 65534)   # given away after the change was shown
    with pytest.raises(UnsafeTarget, match="belongs to another user"):
        connect_apply(edits)
    assert os.stat(theirs).st_uid == os.stat(home / ".claude" / "settings.json").st_uid == 65534
    assert theirs.read_text() == '{"model": "opus"}\n' and not (home / ".claude.json").exists()


def test_a_written_file_keeps_its_mode_and_group(tmp_path: Path):
    home = tmp_path / "grouped"
    (home / ".claude").mkdir(parents=True)
    settings = home / ".claude" / "settings.json"
    settings.write_text("{}\n")
    os.chmod(settings, 0o640)
    if os.geteuid() == 0:
        os.chown(settings, -1, 65534)
    group = os.stat(settings).st_gid
    connect_apply(connect_plan("claude-code", tmp_path / "store", home))
    assert "hooks" in json.loads(settings.read_text())
    assert (os.stat(settings).st_mode & 0o777, os.stat(settings).st_gid) == (0o640, group)
