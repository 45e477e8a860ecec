"""Nothing followed through a link, and a cloned repository's team folder is not the user's (#26):
importers read regular files only, a linked team folder is neither read nor written through, no
store file is read through a link into a fact, a pinned team fact is labelled as the team's, and
the pre-commit check refuses what would reach every clone."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_center.engine import FactInput, StorageError, open_engine
from support.agent_memories import claude_memory_folder, no_agent_homes  # noqa: F401 - an autouse fixture

pytestmark = pytest.mark.adversarial

SECRET_FILE = "root:x:0:0:root:/root:/bin/bash zebracorn\n"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "passwd").write_text(SECRET_FILE, encoding="utf-8")
    (folder / "team-fact.md").write_text(
        "---\nname: team-fact\ntitle: zebracorn deploys\nactivation: pinned\nmetadata:\n  type: project\n"
        "  scope: team\n---\nThe zebracorn deploy key is in the vault.\n", encoding="utf-8")
    return folder


def test_the_claude_code_importer_never_follows_a_link(engine, tmp_path, outside):
    home = tmp_path / "home"
    folder = claude_memory_folder(home, engine.paths.workspace)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "real.md").write_text("---\ntype: project\n---\nWe ship on Fridays.\n", encoding="utf-8")
    (folder / "passwd.md").symlink_to(outside / "passwd")
    report = engine.import_memories("claude-code", home=home)
    assert [item.found.body for item in report.items] == ["We ship on Fridays."]
    [skip] = report.skipped
    assert skip.source_path.endswith("passwd.md") and "symbolic link" in skip.reason
    assert not any("zebracorn" in f.body for f in engine.facts())


def test_the_codex_importer_never_follows_a_link_nor_a_linked_folder(engine, tmp_path, outside):
    home = tmp_path / "home"
    memories = home / ".codex" / "memories"
    memories.mkdir(parents=True)
    (memories / "shadow.md").symlink_to(outside / "passwd")
    report = engine.import_memories("codex", home=home)
    assert report.items == [] and "symbolic link" in report.skipped[0].reason
    memories.rename(home / ".codex" / "real")
    (home / ".codex" / "memories").symlink_to(outside, target_is_directory=True)
    linked = engine.import_memories("codex", home=home)
    assert linked.items == [] and "symbolic link" in linked.message
    assert not any("zebracorn" in f.body or "root:x" in f.body for f in engine.facts())


def test_the_claude_code_importer_never_reads_a_linked_memory_folder(engine, tmp_path, outside):
    home = tmp_path / "home"
    folder = claude_memory_folder(home, engine.paths.workspace)
    folder.mkdir(parents=True, exist_ok=True)
    folder.rmdir()
    (outside / "leak.md").write_text("---\ntype: project\n---\nzebracorn from outside.\n", encoding="utf-8")
    folder.symlink_to(outside, target_is_directory=True)
    report = engine.import_memories("claude-code", home=home)
    assert report.items == [] and "symbolic link" in report.message
    assert not any("zebracorn" in f.body for f in engine.facts())


@pytest.mark.parametrize("linked", ["global", "projects"])
def test_the_context_eng_importer_never_reads_a_linked_scope_folder(engine, tmp_path, linked):
    from support.agent_memories import write_context_eng_store

    home = tmp_path / "home"
    real = write_context_eng_store(tmp_path / "elsewhere", engine.paths.workspace)
    root = home / ".context"
    root.mkdir(parents=True)
    (root / linked).symlink_to(real / linked, target_is_directory=True)
    report = engine.import_memories("context-eng", home=home)
    assert report.items == [] and report.imported == 0
    assert [s.source_path for s in report.skipped] == [str(root / linked)]
    assert "symbolic link" in report.skipped[0].reason


@pytest.mark.parametrize("link", [".context-center", ".context-center/memory"])
def test_a_linked_team_folder_is_a_diagnostic_never_recalled_never_written(state_root, workspace, outside,
                                                                            cli_process, link):
    target = workspace / link
    target.parent.mkdir(parents=True, exist_ok=True)
    if link == ".context-center":
        (outside / "memory").mkdir()
        os.replace(outside / "team-fact.md", outside / "memory" / "team-fact.md")
    target.symlink_to(outside, target_is_directory=True)
    with open_engine(state_root, workspace) as engine:
        assert engine.facts() == []
        assert any("team folder is a symlink" in d.reason for d in engine.diagnostics())
        assert not engine.recall("how do zebracorn deploys work?").hits
        assert "zebracorn" not in engine.session_context().text
        with pytest.raises(StorageError, match="symlink"):
            engine.remember(FactInput(title="Team note", body="Written through the link?", scope="team"))
    hook = cli_process.run("hook", "claude-code", stdin=json.dumps({"prompt": "zebracorn deploys",
                                                                    "cwd": str(workspace)}))
    start = cli_process.run("hook", "claude-code", "--session-start",
                            stdin=json.dumps({"cwd": str(workspace), "hook_event_name": "SessionStart"}))
    assert hook.code == start.code == 0 and "zebracorn" not in hook.out + start.out
    listed = sorted(p.name for p in outside.rglob("*.md"))
    assert listed == ["team-fact.md"]   # nothing was written there


def test_purging_a_fact_never_copies_a_linked_revision_into_its_history(engine, outside):
    (outside / "leak.md").write_text("---\nname: leak\ntitle: zebracorn\n---\nzebracorn token=ghp_" + "Z9y8" * 9
                                     + "\n", encoding="utf-8")
    fact = engine.remember(FactInput(title="Deploys", body="Deploys go through staging.", type="project")).fact
    engine.edit(fact.id, FactInput(body="Deploys go through staging, token=ghp_" + "A1b2" * 9,
                                   redact_secrets=True))
    snapshot = engine.paths.revision_file(engine.paths.memory_dir("project"), fact.id, 1)
    snapshot.unlink()
    snapshot.symlink_to(outside / "leak.md")
    engine.purge_secrets(fact.id)
    assert snapshot.is_symlink()   # left alone, not replaced by its target's text
    assert all("zebracorn" not in r.body for r in engine.history(fact.id))


def test_the_memory_index_never_takes_hand_written_lines_through_a_link(state_root, workspace, outside):
    with open_engine(state_root, workspace) as engine:   # MEMORY.md is written by the time it closes
        engine.remember(FactInput(name="first", title="First", body="One.", scope="global"))
        index = engine.paths.memory_dir("global") / "MEMORY.md"
    index.unlink()
    index.symlink_to(outside / "passwd")
    with open_engine(state_root, workspace) as engine:
        engine.remember(FactInput(name="second", title="Second", body="Two.", scope="global"))
    assert "zebracorn" not in (index.read_text(encoding="utf-8") if not index.is_symlink() else "")
    assert (outside / "passwd").read_text(encoding="utf-8") == SECRET_FILE


def test_a_pinned_team_fact_is_the_teams_in_the_session_context(engine):
    engine.remember(FactInput(name="mine", title="Mine", body="Answer in British English.", scope="global",
                              type="feedback", activation="pinned"))
    engine.remember(FactInput(name="theirs", title="Theirs", body="Run make lint before pushing.",
                              scope="team", type="feedback", activation="pinned"))
    text = engine.session_context().text
    mine, theirs = text.index("[global/mine.md]"), text.index("[team/theirs.md]")
    user_line, team_line = text.index("chosen by the user"), text.index("Pinned by the team")
    assert user_line < mine < team_line < theirs
    assert "not chosen by the user" in text[team_line:theirs]


def test_with_personal_facts_only_the_session_context_reads_as_before(engine):
    engine.remember(FactInput(name="mine", title="Mine", body="Answer in British English.", scope="global",
                              type="feedback", activation="pinned"))
    assert engine.session_context().text == (
        "<session-context>\nPinned background guidance chosen by the user. It is lower priority than the "
        "standing instructions and the current request.\n- [global/mine.md] Answer in British English.\n"
        "</session-context>")


# the pre-commit check --------------------------------------------------------------------------------

CLEAN = """---
name: release-day
title: Releases are cut on Mondays
created_at: 2026-11-02T09:14:00Z
metadata:
  type: project
  scope: team
---

Releases are cut on Mondays from main.
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from support.git_repos import git, init_repo, isolate_git

    isolate_git(monkeypatch, tmp_path / "git-home")
    root = init_repo(tmp_path / "project")
    cc = [sys.executable, "-m", "context_center", "--state-root", str(tmp_path / "state")]
    assert subprocess.run([*cc, "team", "install-hook"], cwd=root, capture_output=True, timeout=60).returncode == 0
    return root, git


@pytest.mark.parametrize("case", ["symlink", "control", "timestamp", "expiry"])
def test_the_pre_commit_check_refuses_what_would_reach_every_clone(repo, tmp_path, case):
    root, git = repo
    folder = root / ".context-center" / "memory"
    folder.mkdir(parents=True)
    target = folder / "release-day.md"
    if case == "symlink":
        (tmp_path / "elsewhere.md").write_text(CLEAN, encoding="utf-8")
        target.symlink_to(tmp_path / "elsewhere.md")
    elif case == "control":
        target.write_text(CLEAN.replace("title: Releases are cut on Mondays",
                                        'title: "Releases\\e[2J are cut on Mondays"'), encoding="utf-8")
    elif case == "timestamp":
        target.write_text(CLEAN.replace("2026-11-02T09:14:00Z", "99999-01-01T00:00:00Z"), encoding="utf-8")
    else:
        target.write_text(CLEAN.replace("metadata:", "expires_at: 2026-02-30T00:00:00Z\nmetadata:"),
                          encoding="utf-8")
    git(root, "add", "-A")
    refused = subprocess.run(["git", "commit", "-q", "-m", "team fact"], cwd=root, capture_output=True, text=True,
                             timeout=60)
    assert refused.returncode != 0, refused.stdout + refused.stderr
    expected = {"symlink": "a symlink", "control": "control character", "timestamp": "not a date",
                "expiry": "not a date"}[case]
    assert expected in refused.stderr, refused.stderr
    target.unlink()
    target.write_text(CLEAN, encoding="utf-8")
    git(root, "add", "-A")
    assert subprocess.run(["git", "commit", "-q", "-m", "fixed"], cwd=root, capture_output=True,
                          timeout=60).returncode == 0


@pytest.mark.parametrize("linked", [".context-center", ".context-center/memory", "app/.context-center/memory"])
def test_the_pre_commit_check_refuses_a_team_folder_staged_as_a_link(repo, tmp_path, linked):
    root, git = repo
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "release-day.md").write_text(CLEAN, encoding="utf-8")
    (root / linked).parent.mkdir(parents=True, exist_ok=True)
    (root / linked).symlink_to(elsewhere, target_is_directory=True)
    git(root, "add", "-A")
    refused = subprocess.run(["git", "commit", "-q", "-m", "linked team folder"], cwd=root, capture_output=True,
                             text=True, timeout=60)
    assert refused.returncode != 0 and "a symlink" in refused.stderr and linked in refused.stderr, refused.stderr


def test_a_secret_in_a_hand_written_file_name_never_reaches_a_prompt_or_a_record(engine, cli_process):
    name = "deploy-ghp_" + "Q1w2E3r4" * 5
    folder = engine.paths.memory_dir("global")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.md").write_text(f"---\nname: {name}\ntitle: Deploy notes\nactivation: pinned\nmetadata:\n"
                                       "  type: feedback\n  scope: global\n---\nDeploy zebracorn builds on Fridays.\n",
                                       encoding="utf-8")
    start = cli_process.run("hook", "claude-code", "--session-start",
                            stdin=json.dumps({"cwd": str(cli_process.workspace), "hook_event_name": "SessionStart"}))
    recalled = cli_process.run("memory", "recall", "how do zebracorn builds deploy", "--json")
    history = cli_process.run("memory", "recall", "--last", "--json")
    assert "Deploy zebracorn builds on Fridays." in start.out
    for said in (start.out, recalled.out, history.out):
        assert "ghp_" not in said


def test_a_cloned_repositorys_team_folder_adds_labelled_facts_and_reaches_nothing_else(tmp_path, monkeypatch,
                                                                                       outside):
    """What someone who can push to a repository gets into a clone's prompts: team facts, labelled
    and masked; not a file of the cloning machine (the hook skipped with --no-verify)."""
    from support.git_repos import git, init_repo, isolate_git

    isolate_git(monkeypatch, tmp_path / "git-home")
    upstream = init_repo(tmp_path / "upstream")
    folder = upstream / ".context-center" / "memory"
    folder.mkdir(parents=True)
    key = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    (folder / "release-day.md").write_text(CLEAN.replace("from main.", f"from main with {key}."), encoding="utf-8")
    (folder / "passwd.md").symlink_to(outside / "passwd")
    git(upstream, "add", "-A")
    git(upstream, "commit", "-q", "--no-verify", "-m", "team facts")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(upstream), str(clone))
    assert (clone / ".context-center" / "memory" / "passwd.md").is_symlink()   # git made the link here
    with open_engine(tmp_path / "state", clone) as engine:
        assert [f.ref for f in engine.facts()] == ["team/release-day.md"]
        assert any("passwd.md" in str(d.path) and "symlink" in d.reason for d in engine.diagnostics())
        answer = engine.recall("when are releases cut on Mondays from main?")
        shown = json.dumps(answer.to_json())
        assert [h.fact.ref for h in answer.hits] == ["team/release-day.md"]
        assert key not in shown and "root:x" not in shown and "zebracorn" not in shown
        context = engine.session_context().text
        assert "root:x" not in context and "zebracorn" not in context
    hook = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(tmp_path / "state"), "hook",
                           "claude-code"], input=json.dumps({"prompt": "when are releases cut on Mondays from main?",
                                                             "cwd": str(clone)}),
                          capture_output=True, text=True, timeout=60, cwd=clone)
    assert hook.returncode == 0 and "scope=team" in hook.stdout and "[REDACTED]" in hook.stdout, hook.stdout
    assert key not in hook.stdout and "root:x" not in hook.stdout
