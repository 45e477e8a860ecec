"""A workspace's own git configuration runs nothing from a face that only reads: the summary, the
team's changes, revisions, archive and grounding, in this process, as a subprocess, and the
engine's calls the window makes (its summary and the Commit team facts dialog's listing)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from support.hostile_git import arm, fired

pytestmark = pytest.mark.adversarial


def test_every_reading_face_leaves_the_repository_config_unrun(cli, git_repo):
    markers = arm(git_repo)
    cli = replace(cli, workspace=git_repo)
    summary = cli.ok("memory")
    assert summary["facts"]["team"] == 2
    assert cli.run("memory").code == 0
    changes = cli.ok("team", "changes")
    assert sorted(change["path"] for change in changes["changes"]) == [
        ".context-center/memory/ci.md", ".context-center/memory/deploy-day.md"]
    assert cli.run("team", "changes").code == 0
    revisions = cli.ok("memory", "revisions", "team/deploy-day.md")["revisions"]
    assert [r["revision"] for r in revisions][0] == "uncommitted" and len(revisions) == 2
    archived = cli.ok("memory", "archived")["archived"]
    assert [a["name"] for a in archived] == ["old"]   # the signed commit that deleted it was read
    cli.ok("memory", "grounding")
    cli.ok("memory", "list")
    assert fired(markers) == []
    process = replace(cli, in_process=False)
    assert process.run("memory", "--json").code == 0
    assert process.run("team", "changes").code == 0
    assert fired(markers) == []


def test_the_windows_summary_and_commit_listing_leave_it_unrun(git_repo, state_root):
    from context_center.engine import open_engine

    markers = arm(git_repo)
    with open_engine(state_root=state_root, workspace=git_repo) as engine:
        assert len(engine.team_changes()) == 2
        views = engine.fact_views(team=True)   # the Facts tab's team columns
        assert len(views) == 2
        engine.revisions("team/deploy-day.md")
        engine.archived()
    assert fired(markers) == []


def test_the_hostile_config_does_fire_from_plain_git(git_repo):
    """The test's own check: the same configuration, read by plain ``git status``, runs."""
    import subprocess

    markers = arm(git_repo)
    subprocess.run(["git", "status", "--porcelain"], cwd=git_repo, capture_output=True, timeout=60)
    assert {"fsmonitor", "filter-process"} & set(fired(markers))
    subprocess.run(["git", "log", "-1"], cwd=git_repo, capture_output=True, timeout=60)
    assert "gpg" in fired(markers)   # the signed commit is checked by the hostile gpg.program
