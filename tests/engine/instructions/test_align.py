"""``instructions align``: every agent pointed at the workspace's AGENTS.md by its own means, shown
first, applied with backups, undone exactly (#35)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_center.engine import InvalidInput, NotFound, RefusedError, open_engine
from context_center.engine.instructions.agent_view import AgentHomes

AGENTS_MD = "# Rules\n- Never push to main.\n- Run the tests before a commit.\n"
CLAUDE_MD = "# Claude\n- Never push to main.\n- Claude only: keep answers short.\n"
SETTINGS = """{
  // the team's Gemini settings
  "theme": "GitHub",
  "context": {
    "loadMemoryFromIncludeDirectories": true
  },
  "mcpServers": {"x": {"command": "y"}}
}
"""


@pytest.fixture
def homes(tmp_path: Path) -> AgentHomes:
    home = tmp_path / "home"
    home.mkdir()
    return AgentHomes(home, home / ".codex", None)


@pytest.fixture
def engine(state_root, workspace):
    with open_engine(state_root, workspace) as engine:
        yield engine


def _files(workspace: Path) -> dict[str, bytes]:
    return {str(p.relative_to(workspace)): p.read_bytes() for p in sorted(workspace.rglob("*")) if p.is_file()}


def _shared(workspace: Path) -> None:
    (workspace / "AGENTS.md").write_text(AGENTS_MD, encoding="utf-8")
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD, encoding="utf-8")
    (workspace / ".gemini").mkdir()
    (workspace / ".gemini" / "settings.json").write_text(SETTINGS, encoding="utf-8")
    (workspace / "GEMINI.md").write_text("- Gemini only: prefer Flash.\n", encoding="utf-8")


def test_a_dry_run_shows_each_change_and_writes_nothing(engine, workspace):
    _shared(workspace)
    before = _files(workspace)
    plan = engine.align_agents()
    assert _files(workspace) == before
    assert [c.label for c in plan.changes] == ["CLAUDE.md", ".gemini/settings.json"]
    claude, gemini = plan.changes
    assert claude.after == "@AGENTS.md\n\n# Claude\n- Claude only: keep answers short.\n"
    assert "-- Never push to main." in claude.diff and "+@AGENTS.md" in claude.diff
    assert json.loads("\n".join(line for line in gemini.after.splitlines() if "//" not in line))["context"] == {
        "fileName": ["AGENTS.md", "GEMINI.md"], "loadMemoryFromIncludeDirectories": True}
    assert any("Codex reads AGENTS.md already" in note for note in plan.notes)
    assert any("CLAUDE.md has 1 line AGENTS.md lacks" in note for note in plan.notes)   # (not its heading)
    assert {"changes", "notes", "source", "agents"} <= set(plan.to_json())


def test_apply_leaves_every_other_byte_and_every_agent_receives_the_rules_once(engine, workspace, homes):
    _shared(workspace)
    engine.apply_align(engine.align_agents())
    settings = (workspace / ".gemini" / "settings.json").read_text(encoding="utf-8")
    inserted = '"fileName": ["AGENTS.md", "GEMINI.md"],\n    '
    assert settings.replace(inserted, "") == SETTINGS   # the comment, the order, the spacing: as they were
    for agent in ("reasonix", "claude-code", "codex", "copilot", "gemini", "cursor", "windsurf"):
        view = engine.agent_instructions(agent, workspace, homes)
        received = "\n".join(d.body for d in view.documents if d.received)
        assert received.count("Never push to main") == 1, agent   # the rules, once, for every agent
    claude = engine.agent_instructions("claude-code", workspace, homes)
    assert "Claude only" in "\n".join(d.body for d in claude.documents)
    assert engine.align_agents().changes == ()   # aligned: nothing more to do


def test_undo_restores_every_file_exactly_and_refuses_when_one_changed(engine, workspace):
    _shared(workspace)
    (workspace / "CLAUDE.md").unlink()
    before = _files(workspace)
    engine.apply_align(engine.align_agents())
    assert (workspace / "CLAUDE.md").read_text() == "@AGENTS.md\n"
    (workspace / ".gemini" / "settings.json").write_text(SETTINGS + " ", encoding="utf-8")
    with pytest.raises(RefusedError, match=r"\.gemini/settings\.json changed since the align"):
        engine.undo_align()
    assert (workspace / "CLAUDE.md").exists()   # nothing was undone
    (workspace / ".gemini" / "settings.json").write_text(
        SETTINGS.replace('  "context": {\n', '  "context": {\n    "fileName": ["AGENTS.md", "GEMINI.md"],\n'))
    assert engine.undo_align() == ["CLAUDE.md", ".gemini/settings.json"]
    assert _files(workspace) == before   # the file it created is gone, the other as it was, byte for byte
    assert sorted(p.name for p in workspace.iterdir()) == [".gemini", ".git", "AGENTS.md", "GEMINI.md"]
    with pytest.raises(NotFound):
        engine.undo_align()


def test_without_agents_md_the_user_names_the_source(engine, workspace):
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD, encoding="utf-8")
    with pytest.raises(NotFound) as refused:
        engine.align_agents()
    assert refused.value.hint == "align_source"
    plan = engine.align_agents(source=workspace / "CLAUDE.md")
    engine.apply_align(plan)
    assert (workspace / "AGENTS.md").read_text() == CLAUDE_MD
    assert (workspace / "CLAUDE.md").read_text() == "@AGENTS.md\n"
    assert json.loads((workspace / ".gemini" / "settings.json").read_text())["context"]["fileName"] == [
        "AGENTS.md", "GEMINI.md"]   # (a GEMINI.md written later is still read)
    with pytest.raises(InvalidInput, match="root"):
        engine.align_agents(source=workspace.parent / "elsewhere.md")


def test_a_gemini_md_that_only_copies_agents_md_is_no_longer_named_and_stays(engine, workspace):
    (workspace / "AGENTS.md").write_text(AGENTS_MD, encoding="utf-8")
    (workspace / "GEMINI.md").write_text("- Run the tests before a commit.\n", encoding="utf-8")
    plan = engine.align_agents(["gemini"])
    assert plan.agents == ("gemini",) and [c.label for c in plan.changes] == [".gemini/settings.json"]
    assert json.loads(plan.changes[0].after)["context"]["fileName"] == ["AGENTS.md"]
    assert any("no longer named (the file stays" in note for note in plan.notes)


def test_no_file_is_written_through_a_link_and_a_changed_file_refuses_the_apply(engine, workspace, tmp_path):
    (workspace / "AGENTS.md").write_text(AGENTS_MD, encoding="utf-8")
    outside = tmp_path / "outside.md"
    outside.write_text("mine\n", encoding="utf-8")
    os.symlink(outside, workspace / "CLAUDE.md")
    with pytest.raises(InvalidInput, match="symbolic link"):
        engine.align_agents(["claude-code"])
    os.unlink(workspace / "CLAUDE.md")
    shared = tmp_path / "shared-rules.md"   # an AGENTS.md that is a link to shared rules: read, never written
    (workspace / "AGENTS.md").rename(shared)
    os.symlink(shared, workspace / "AGENTS.md")
    plan = engine.align_agents(["claude-code"])
    (workspace / "CLAUDE.md").write_text("written meanwhile\n", encoding="utf-8")
    with pytest.raises(RefusedError, match="changed since the change was shown"):
        engine.apply_align(plan)
    assert (workspace / "CLAUDE.md").read_text() == "written meanwhile\n" and outside.read_text() == "mine\n"


def test_the_cli_dry_run_apply_and_undo(state_root, workspace, homes):
    _shared(workspace)
    env = {**os.environ, "HOME": str(homes.home)}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root),
                               "instructions", "align", *args], capture_output=True, text=True, env=env, cwd=workspace)

    dry = cli("--dry-run", "--json")
    assert dry.returncode == 0, dry.stderr
    data = json.loads(dry.stdout)
    assert data["applied"] is False and [c["label"] for c in data["changes"]] == ["CLAUDE.md", ".gemini/settings.json"]
    assert (workspace / "CLAUDE.md").read_text() == CLAUDE_MD
    only = json.loads(cli("--agents", "gemini", "--dry-run", "--json").stdout)
    assert [c["label"] for c in only["changes"]] == [".gemini/settings.json"]
    done = cli()
    assert done.returncode == 0 and "Applied; backups in" in done.stdout
    assert (workspace / "CLAUDE.md").read_text().startswith("@AGENTS.md")
    backups = list((state_root / "backups" / "align").rglob("record.json"))
    assert len(backups) == 1
    undone = json.loads(cli("--undo", "--json").stdout)
    assert undone == {"undone": ["CLAUDE.md", ".gemini/settings.json"]}
    assert (workspace / "CLAUDE.md").read_text() == CLAUDE_MD
    bad = cli("--agents", "vim")
    assert bad.returncode != 0 and "'vim'" in bad.stderr
    (workspace / "AGENTS.md").unlink()
    missing = cli("--dry-run")
    assert missing.returncode != 0 and "--source FILE" in missing.stderr


def test_an_undo_takes_away_the_folder_the_align_made(engine, workspace):
    (workspace / "AGENTS.md").write_text(AGENTS_MD, encoding="utf-8")
    engine.apply_align(engine.align_agents(["gemini"]))
    assert (workspace / ".gemini" / "settings.json").is_file()
    engine.undo_align()
    assert not (workspace / ".gemini").exists()   # as it was: no folder left behind


@pytest.mark.parametrize("linked", ["backups", "backups/align"])
def test_backups_are_never_written_through_a_link(state_root, workspace, tmp_path, linked: str):
    """#49: a symlinked ``<state root>/backups`` took the align's copies of the user's files
    wherever it pointed. Refused, and nothing written: not the files, not the copies."""
    _shared(workspace)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (state_root / linked).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(elsewhere, state_root / linked)
    before = _files(workspace)
    with open_engine(state_root, workspace) as engine:
        with pytest.raises(RefusedError, match="is a link") as refused:
            engine.apply_align(engine.align_agents())
        assert refused.value.code == "UNSAFE_TARGET"
        with pytest.raises(RefusedError, match="is a link"):
            engine.undo_align()
    assert _files(workspace) == before and list(elsewhere.rglob("*")) == []
