"""Enforcing a checkable rule at the tool call: Claude Code's PreToolUse hook in the workspace's
settings.local.json and Codex's .codex/rules file, each shown first, written on consent, taken back
leaving everything else as it was; the hook as a whole process denies what breaks the rule."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from context_center.engine import InvalidInput, NotFound

CLAUDE_MD = """# Rules

- Never use npm; use pnpm.
- Do not edit files under src/generated/.
- Run `pnpm test` before reporting completion.
- Keep public APIs backward compatible.
"""
AGENTS_MD = "- Use ripgrep, not grep.\n- Never force-push.\n"
USERS_OWN = """{
  "permissions": {"allow": ["Bash(ls:*)"]},
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "my-own-check"}]}]
  },
  "number": 1.50e3
}
"""
USERS_RULE = 'prefix_rule(pattern = ["rm", "-rf"], decision = "forbidden")\n'


@pytest.fixture
def store(engine, workspace: Path):
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD)
    (workspace / "AGENTS.md").write_text(AGENTS_MD)
    return engine


def event(workspace: Path, tool: str, **given) -> dict:
    return {"session_id": "s1", "transcript_path": "/nowhere.jsonl", "cwd": str(workspace),
            "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": given}


def test_claude_code_gets_one_hook_per_kind_and_denies_what_breaks_an_enforced_rule(store, workspace):
    settings = workspace / ".claude" / "settings.local.json"
    settings.parent.mkdir()
    settings.write_text(USERS_OWN)
    plan = store.enforce_plan("CLAUDE.md:3", "claude-code")
    assert settings.read_text() == USERS_OWN   # shown, not written
    [edit] = plan.edits
    assert "+" in edit.diff and "--pre-tool-use" in edit.diff
    store.apply_enforcement(plan)
    store.apply_enforcement(store.enforce_plan("CLAUDE.md:4", "claude-code"))
    data = json.loads(settings.read_text())
    groups = data["hooks"]["PreToolUse"]
    assert [g["matcher"] for g in groups] == ["Bash", "Bash", "Edit|Write|MultiEdit"]
    assert groups[0]["hooks"][0]["command"] == "my-own-check" and "1.50e3" in settings.read_text()
    assert sorted((e.source, e.agent) for e in store.enforced()) == [("CLAUDE.md:3", "claude-code"),
                                                                      ("CLAUDE.md:4", "claude-code")]

    denied = store.tool_call_decision(event(workspace, "Bash", command="cd web && sudo npm ci"))
    assert denied.deny and '"Never use npm; use pnpm."' in denied.reason and "Use pnpm instead." in denied.reason
    for allowed in (event(workspace, "Bash", command='echo "npm is not used"'),
                    event(workspace, "Bash", command="pnpm install"),
                    event(workspace, "Read", file_path=str(workspace / "src/generated/api.ts")),
                    event(workspace, "Edit", file_path=str(workspace / "src/generated-docs/x.md"))):
        assert not store.tool_call_decision(allowed).deny, allowed
    assert store.tool_call_decision(event(workspace, "Write", file_path=str(
        workspace / "src/components/../generated/api.ts"), content="x")).deny
    assert [e.denied for e in store.enforced()] == [1, 1]

    for source in ("CLAUDE.md:3", "CLAUDE.md:4"):
        store.apply_enforcement(store.enforce_plan(source, "claude-code", remove=True))
    assert settings.read_text() == USERS_OWN and store.enforced() == []


def test_codex_gets_a_forbidden_prefix_rule_and_the_users_own_rules_stay(store, workspace):
    rules = workspace / ".codex" / "rules"
    rules.mkdir(parents=True)
    (rules / "mine.rules").write_text(USERS_RULE)
    store.apply_enforcement(store.enforce_plan("AGENTS.md:1", "codex"))
    store.apply_enforcement(store.enforce_plan("AGENTS.md:2", "codex"))
    written = (rules / "context-center.rules").read_text()
    assert 'pattern = ["grep"]' in written and 'decision = "forbidden"' in written
    assert 'justification = "AGENTS.md:1: \\"Use ripgrep, not grep.\\" Use rg instead."' in written
    assert 'match = ["grep install"]' in written and 'not_match = ["rg"]' in written
    assert 'pattern = ["git", "push", ["--force", "--force-with-lease", "-f"]]' in written
    with (rules / "context-center.rules").open("a") as handle:
        handle.write('\nprefix_rule(pattern = ["curl"], decision = "prompt")   # the user\'s, added by hand\n')
    assert {e.source for e in store.enforced()} == {"AGENTS.md:1", "AGENTS.md:2"}
    store.apply_enforcement(store.enforce_plan("AGENTS.md:1", "codex", remove=True))
    store.apply_enforcement(store.enforce_plan("AGENTS.md:2", "codex", remove=True))
    left = (rules / "context-center.rules").read_text()
    assert '"grep"' not in left and '"push"' not in left and 'pattern = ["curl"]' in left
    assert (rules / "mine.rules").read_text() == USERS_RULE


def test_what_cannot_be_enforced_is_refused_saying_why(store):
    with pytest.raises(InvalidInput, match="cannot be checked"):
        store.enforce_plan("CLAUDE.md:6", "claude-code")
    with pytest.raises(InvalidInput, match="nothing at a single tool call"):
        store.enforce_plan("CLAUDE.md:5", "claude-code")
    (store.paths.workspace / "AGENTS.md").write_text(AGENTS_MD + "- Do not edit files under vendor/.\n")
    with pytest.raises(InvalidInput, match="Codex's rules decide commands only"):
        store.enforce_plan("AGENTS.md:3", "codex")
    with pytest.raises(NotFound):
        store.enforce_plan("CLAUDE.md:99", "claude-code")
    with pytest.raises(NotFound, match="not enforced"):
        store.enforce_plan("CLAUDE.md:3", "claude-code", remove=True)


def test_the_hook_as_a_whole_process_denies_in_claude_codes_words_and_allows_in_silence(store, workspace,
                                                                                       state_root, tmp_path):
    store.apply_enforcement(store.enforce_plan("CLAUDE.md:3", "claude-code"))
    command = json.loads((workspace / ".claude" / "settings.local.json").read_text())[
        "hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    assert command.endswith("hook claude-code --pre-tool-use") and str(state_root) in command

    environment = {"HOME": str(tmp_path), "PATH": "/usr/bin"}

    def run(given: dict) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "hook",
                               "claude-code", "--pre-tool-use"], input=json.dumps(given), capture_output=True,
                              text=True, cwd=workspace, timeout=60, env=environment)

    try:
        denied = run(event(workspace, "Bash", command="npm install left-pad"))
        assert denied.returncode == 0, denied.stderr
        said = json.loads(denied.stdout)["hookSpecificOutput"]
        assert said["hookEventName"] == "PreToolUse" and said["permissionDecision"] == "deny"
        assert "CLAUDE.md:3" in said["permissionDecisionReason"]
        allowed = run(event(workspace, "Bash", command="pnpm install left-pad"))
        assert allowed.returncode == 0 and allowed.stdout == ""
        garbled = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "hook",
                                  "claude-code", "--pre-tool-use"], input="{not json", capture_output=True, text=True,
                                 cwd=workspace, timeout=60)
        assert garbled.returncode == 0 and garbled.stdout == ""   # a hook that cannot decide allows the call
    finally:   # (the hook started the resident service, as it does for a user: it is stopped, not left idling)
        subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "service", "stop"],
                       capture_output=True, text=True, cwd=workspace, timeout=60, env=environment)
