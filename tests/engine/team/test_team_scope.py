"""The team scope: facts in the repository, with git's history, archive and merge conflicts (real git)."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine import FactInput, NotCommitted, SubjectConflict, open_engine, open_global_engine
from support.git_repos import ALICE, BOB, commit_all, git

TEAM_DIR = Path(".context-center") / "memory"


def remember(engine, name: str, body: str, scope: str = "team", **fields):
    return engine.remember(FactInput(name=name, title=name.replace("-", " "), description=f"about {name}",
                                     body=body, scope=scope, **fields)).fact


@pytest.fixture
def team_engine(state_root: Path, git_repo: Path):
    with open_engine(state_root=state_root, workspace=git_repo) as engine:
        yield engine


def test_a_team_fact_is_a_file_in_the_repository_with_nothing_of_ours_beside_it(team_engine, git_repo):
    fact = remember(team_engine, "package-manager", "The repository uses pnpm.")
    assert fact.scope == "team" and fact.ref == "team/package-manager.md"
    assert fact.path == git_repo / TEAM_DIR / "package-manager.md"
    team_engine.edit(fact.id, FactInput(body="The repository uses pnpm 9."))
    team_engine.flush()
    folder = git_repo / TEAM_DIR
    assert sorted(p.name for p in folder.iterdir()) == ["package-manager.md"]   # no .revisions, MEMORY.md
    assert team_engine.fact("team/package-manager.md").body == "The repository uses pnpm 9."
    assert team_engine.fact("package-manager", scope="team").id == fact.id
    assert [f.ref for f in team_engine.search("pnpm").hits] == ["team/package-manager.md"]
    assert [h.ref for h in team_engine.recall("which pnpm version do we use?").hits] == ["team/package-manager.md"]


def test_committed_edited_on_a_branch_merged_and_shown_with_git_history(team_engine, git_repo):
    fact = remember(team_engine, "package-manager", "The repository uses npm.")
    first = commit_all(git_repo, "Team: package manager", ALICE)
    git(git_repo, "checkout", "-q", "-b", "pnpm")
    team_engine.refresh()
    team_engine.edit(fact.id, FactInput(body="The repository uses pnpm."))
    second = commit_all(git_repo, "Switch to pnpm", BOB)
    git(git_repo, "checkout", "-q", "main")
    git(git_repo, "merge", "-q", "--no-ff", "-m", "Merge pnpm", "pnpm")
    team_engine.refresh()

    active, earlier = team_engine.revisions("team/package-manager.md")
    assert active.body == "The repository uses pnpm." and active.revision == 2
    assert [(r.commit, r.author, r.message, r.body) for r in earlier] == [
        (second, BOB[0], "Switch to pnpm", "The repository uses pnpm."),
        (first, ALICE[0], "Team: package manager", "The repository uses npm.")]
    assert earlier[0].to_json()["revision"] == second and earlier[0].to_json()["author"] == BOB[0]
    assert earlier[0].change == "edited text"
    status = team_engine.team_statuses()[active.path]
    assert (status.author, status.commit, status.uncommitted) == (BOB[0], second, False)

    team_engine.edit(fact.id, FactInput(body="The repository uses pnpm 9."))   # not committed
    history = team_engine.history(fact.id)
    assert history[0].commit == "uncommitted" and history[0].fact.body == "The repository uses pnpm 9."
    assert [r.commit for r in history[1:]] == [second, first]
    assert team_engine.team_statuses()[active.path].uncommitted


def test_restoring_a_commit_writes_it_as_a_new_uncommitted_change(team_engine, git_repo):
    fact = remember(team_engine, "style", "Tabs.")
    first = commit_all(git_repo, "Tabs")
    team_engine.edit(fact.id, FactInput(body="Spaces."))
    commit_all(git_repo, "Spaces", BOB)
    restored = team_engine.restore(fact.id, first).fact
    assert (restored.body, restored.revision, restored.revision_note) == ("Tabs.", 3, f"restored from commit {first}")
    assert git(git_repo, "status", "--porcelain").strip() == "M .context-center/memory/style.md"
    assert not (git_repo / TEAM_DIR / ".revisions").exists()
    with pytest.raises(Exception) as caught:
        team_engine.restore(fact.id, "0000000")
    assert caught.value.code == "NOT_FOUND"


def test_forget_is_the_files_deletion_listed_and_recovered_from_git(team_engine, git_repo):
    fact = remember(team_engine, "deploy", "Deploy on Tuesdays.")
    kept = commit_all(git_repo, "Deploy rule")
    entry = team_engine.forget(fact.id)
    assert not fact.path.exists() and str(entry.path) == f"git:{kept}:.context-center/memory/deploy.md"
    assert git(git_repo, "status", "--porcelain").strip() == "D .context-center/memory/deploy.md"
    listed = [e for e in team_engine.archived() if e.scope == "team"]
    assert [(str(e.path), e.id, e.revision) for e in listed] == [(str(entry.path), fact.id, 1)]
    assert "Deploy on Tuesdays." in team_engine.archived_text(str(entry.path))
    as_fact = team_engine.archived_fact(str(entry.path))   # read as a fact: the Archive tab's preview
    assert (as_fact.id, as_fact.scope, as_fact.body) == (fact.id, "team", "Deploy on Tuesdays.")
    back = team_engine.recover(str(entry.path)).fact
    assert (back.id, back.scope, back.revision, back.body) == (fact.id, "team", 2, "Deploy on Tuesdays.")
    assert team_engine.archived() == []

    commit_all(git_repo, "Deploy rule, revision 2")
    team_engine.forget(fact.id)
    deleted_by = commit_all(git_repo, "Drop the deploy rule", BOB)
    team_engine.refresh()
    parent = git(git_repo, "rev-parse", "--short", f"{deleted_by}^").strip()
    listed = team_engine.archived()
    assert [str(e.path) for e in listed] == [f"git:{parent}:.context-center/memory/deploy.md"]
    assert deleted_by in listed[0].reason and BOB[0] in listed[0].reason
    assert team_engine.recover(str(listed[0].path)).fact.revision == 3
    with pytest.raises(Exception) as caught:
        team_engine.recover(str(listed[0].path))
    assert caught.value.code == "ALREADY_ACTIVE"


def test_forgetting_what_git_does_not_hold_is_refused(team_engine, git_repo):
    fact = remember(team_engine, "draft", "Never committed.")
    with pytest.raises(NotCommitted, match="never committed"):
        team_engine.forget(fact.id)
    commit_all(git_repo, "Draft")
    team_engine.edit(fact.id, FactInput(body="Edited, not committed."))
    with pytest.raises(NotCommitted, match="not committed"):
        team_engine.forget(fact.id)
    assert fact.path.exists()


def test_a_merge_conflict_in_a_fact_file_is_a_diagnostic_with_both_sides(team_engine, git_repo):
    fact = remember(team_engine, "node", "Node 18.")
    commit_all(git_repo, "Node")
    git(git_repo, "checkout", "-q", "-b", "other")
    team_engine.refresh()
    team_engine.edit(fact.id, FactInput(body="Node 20 on the other branch."))
    commit_all(git_repo, "Node 20", BOB)
    git(git_repo, "checkout", "-q", "main")
    team_engine.refresh()
    team_engine.edit(fact.id, FactInput(body="Node 22 on main."))
    commit_all(git_repo, "Node 22")
    assert "CONFLICT" in git(git_repo, "merge", "other", check=False)
    team_engine.refresh()
    assert [f for f in team_engine.facts() if f.scope == "team"] == []   # never parsed as one fact
    [problem] = [d for d in team_engine.diagnostics() if d.path == fact.path]
    assert "merge conflict" in problem.reason and problem.severity == "error"
    assert "Node 22 on main." in problem.reason and "Node 20 on the other branch." in problem.reason
    assert "Ours (HEAD)" in problem.reason and "Theirs (other)" in problem.reason
    assert problem.line > 1


def test_precedence_project_over_team_over_global_is_an_override_explained(team_engine):
    glob = remember(team_engine, "pm-global", "The package manager is yarn everywhere", scope="global",
                    subject_key="tool.pm")
    team = remember(team_engine, "pm-team", "The package manager is npm in this repository", subject_key="tool.pm")
    assert team_engine.overrides() == {("global", glob.id): (team, "same subject")}
    with pytest.raises(SubjectConflict):   # within a scope a subject is still held once
        remember(team_engine, "pm-team-2", "pnpm", subject_key="tool.pm")
    mine = remember(team_engine, "pm-mine", "The package manager is pnpm on my machine", scope="project",
                    subject_key="tool.pm")
    overrides = team_engine.overrides()
    assert overrides[("team", team.id)] == (mine, "same subject")
    assert overrides[("global", glob.id)] == (mine, "same subject")
    assert team_engine.fact_json(team)["overridden_by"] == "project/pm-mine.md"
    result = team_engine.recall("which package manager: npm, yarn or pnpm?")
    assert [h.ref for h in result.hits] == ["project/pm-mine.md"]
    why = {r.ref: r.reason for r in result.rejected}
    assert why["team/pm-team.md"] == "overridden by project/pm-mine.md (same subject)"
    assert why["global/pm-global.md"] == "overridden by project/pm-mine.md (same subject)"


def test_share_with_the_team_copies_a_personal_fact_as_an_uncommitted_change(team_engine, git_repo):
    mine = remember(team_engine, "ci", "CI runs on every push.", scope="project", subject_key="ci.trigger")
    shared = team_engine.share_with_team(mine.id).fact
    assert shared.scope == "team" and shared.id != mine.id and shared.revision == 1
    assert (shared.name, shared.body, shared.subject_key) == (mine.name, mine.body, mine.subject_key)
    assert "?? .context-center/" in git(git_repo, "status", "--porcelain")
    assert team_engine.fact(mine.id).scope == "project"    # kept until the user removes it
    assert team_engine.overrides()[("team", shared.id)][0].id == mine.id
    team_engine.forget(mine.id)
    assert team_engine.overrides() == {}
    with pytest.raises(Exception) as caught:
        team_engine.share_with_team(shared.id)
    assert caught.value.code == "INVALID_INPUT"


def test_moving_into_and_out_of_the_team_scope_keeps_the_id(team_engine, git_repo):
    mine = remember(team_engine, "review", "Two approvals.", scope="project")
    moved = team_engine.move(mine.id, "team").fact
    assert (moved.id, moved.scope, moved.revision) == (mine.id, "team", 2)
    commit_all(git_repo, "Share the review rule")
    back = team_engine.move(mine.id, "project").fact
    assert (back.id, back.scope, back.revision) == (mine.id, "project", 3)
    assert git(git_repo, "status", "--porcelain").strip() == "D .context-center/memory/review.md"
    assert [r.revision for r in team_engine.revisions(mine.id)[1]] == [2, 1]   # the team's kept in the state root
    assert not (git_repo / TEAM_DIR / ".revisions").exists()


def test_without_git_the_team_folder_is_plain_files(state_root, workspace):
    with open_engine(state_root=state_root, workspace=workspace) as engine:   # a .git that is not a repository
        fact = remember(engine, "plain", "Works without git.")
        engine.edit(fact.id, FactInput(body="Still works."))
        active, earlier = engine.revisions(fact.id)
        assert active.body == "Still works." and earlier == []
        assert "not in a git repository" in engine.team_history_note()
        assert engine.team_statuses()[fact.path].note
        with pytest.raises(NotCommitted):
            engine.forget(fact.id)


def test_no_team_scope_without_a_workspace(state_root):
    with open_global_engine(state_root) as engine:
        assert engine.paths.scopes == ("global",)
        with pytest.raises(Exception) as caught:
            remember(engine, "x", "y")
        assert caught.value.code == "INVALID_INPUT" and "no project is bound" in caught.value.message


def test_opening_and_watching_a_workspace_creates_nothing_in_it(state_root, git_repo):
    with open_engine(state_root=state_root, workspace=git_repo) as engine:
        watcher = engine.watch(lambda _paths: None)
        watcher.stop()
        engine.flush()
    assert not (git_repo / ".context-center").exists()
    assert git(git_repo, "status", "--porcelain") == ""
