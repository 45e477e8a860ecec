"""The team folder's changes and a commit of them alone (real git): what else the user staged stays
staged and out of the commit, the pre-commit check runs first, and what was shown is what is
committed."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from context_center.engine import FactInput, InvalidInput, RefusedError, RevisionConflict, open_engine
from context_center.engine.team.commit import TeamCheckFailed
from support.git_repos import BOB, commit_all, git

TEAM_DIR = Path(".context-center") / "memory"


@pytest.fixture
def team_engine(state_root: Path, git_repo: Path):
    with open_engine(state_root=state_root, workspace=git_repo) as engine:
        yield engine


def remember(engine, name: str, body: str):
    return engine.remember(FactInput(name=name, title=name.replace("-", " "), description=f"about {name}",
                                     body=body, scope="team")).fact


def test_changes_list_each_file_with_its_diff_and_who_changed_it_last(team_engine, git_repo):
    kept = remember(team_engine, "package-manager", "The repository uses npm.")
    gone = remember(team_engine, "old-ci", "CI runs on Travis.")
    commit_all(git_repo, "Team facts", BOB)
    team_engine.edit(kept.id, FactInput(body="The repository uses pnpm."))
    (git_repo / TEAM_DIR / "old-ci.md").unlink()
    remember(team_engine, "node-version", "Node 22.")

    changes = {change.path: change for change in team_engine.team_changes()}
    folder = TEAM_DIR.as_posix()
    assert {path: change.state for path, change in changes.items()} == {
        f"{folder}/package-manager.md": "modified", f"{folder}/old-ci.md": "deleted",
        f"{folder}/node-version.md": "added"}
    edited = changes[f"{folder}/package-manager.md"]
    assert "-The repository uses npm.\n" in edited.diff and "+The repository uses pnpm.\n" in edited.diff
    assert edited.diff.startswith(f"--- a/{folder}/package-manager.md\n+++ b/{folder}/package-manager.md\n")
    assert (edited.last.author, edited.last.message) == (BOB[0], "Team facts")
    assert changes[f"{folder}/node-version.md"].last is None
    assert changes[f"{folder}/node-version.md"].diff.startswith("--- /dev/null\n")
    assert "-CI runs on Travis.\n" in changes[f"{folder}/old-ci.md"].diff and gone.path is not None
    assert all(not change.problems for change in changes.values())
    assert changes[f"{folder}/old-ci.md"].to_json()["digest"] is None


def test_a_commit_holds_the_team_files_only_and_what_else_was_staged_stays_staged(team_engine, git_repo):
    remember(team_engine, "package-manager", "The repository uses pnpm.")
    (git_repo / "README.md").write_text("the code, staged by the user\n")
    git(git_repo, "add", "README.md")
    (git_repo / "notes.txt").write_text("not staged, not ours\n")

    made = team_engine.commit_team_facts("Team: package manager")
    assert made.paths == (f"{TEAM_DIR.as_posix()}/package-manager.md",)
    assert git(git_repo, "show", "--name-only", "--format=%s", "HEAD").split() == [
        "Team:", "package", "manager", f"{TEAM_DIR.as_posix()}/package-manager.md"]
    assert git(git_repo, "rev-parse", "--short", "HEAD").strip() == made.commit
    assert git(git_repo, "diff", "--cached", "--name-only").split() == ["README.md"]   # still staged
    assert "?? notes.txt" in git(git_repo, "status", "--porcelain")
    assert team_engine.team_changes() == []
    with pytest.raises(InvalidInput, match="no changes"):
        team_engine.commit_team_facts("again")


def test_the_check_runs_first_and_a_refused_commit_leaves_the_index_as_it_was(team_engine, git_repo):
    remember(team_engine, "deploy", "We deploy on Fridays.")
    folder = git_repo / TEAM_DIR
    (folder / "token.md").write_text("---\nname: token\n---\nghp_" + "a1B2" * 9 + "\n", encoding="utf-8")
    changes = {change.path.rsplit("/", 1)[1]: change for change in team_engine.team_changes()}
    assert [p.kind for p in changes["token.md"].problems] == ["secret"] and not changes["deploy.md"].problems
    with pytest.raises(TeamCheckFailed, match="token.md") as refused:
        team_engine.commit_team_facts("Team facts")
    assert refused.value.details["problems"][0]["kind"] == "secret"
    assert git(git_repo, "diff", "--cached", "--name-only") == ""   # nothing added on the way
    assert git(git_repo, "log", "--format=%s") == "Start\n"

    (folder / "token.md").unlink()
    (folder / "linked.md").symlink_to(git_repo / "README.md")   # a link would point every clone elsewhere
    assert [p.kind for c in team_engine.team_changes() for p in c.problems] == ["symlink"]
    with pytest.raises(TeamCheckFailed, match="a link"):
        team_engine.commit_team_facts("Team facts")
    (folder / "linked.md").unlink()

    hook = git_repo / ".git" / "hooks" / "pre-commit"   # the user's own hook refuses: git's words, index as it was
    hook.write_text("#!/bin/sh\necho 'no commits on Fridays' >&2\nexit 1\n")
    hook.chmod(0o755)
    with pytest.raises(RefusedError, match="no commits on Fridays"):
        team_engine.commit_team_facts("Team facts")
    assert git(git_repo, "diff", "--cached", "--name-only") == "" and git(git_repo, "log", "--format=%s") == "Start\n"
    hook.unlink()
    assert team_engine.commit_team_facts("Team facts").paths == (f"{TEAM_DIR.as_posix()}/deploy.md",)


def test_what_changed_since_it_was_shown_refuses_the_commit(team_engine, git_repo):
    fact = remember(team_engine, "deploy", "We deploy on Fridays.")
    shown = {change.path: change.digest for change in team_engine.team_changes()}
    team_engine.edit(fact.id, FactInput(body="We deploy on Mondays."))
    with pytest.raises(RevisionConflict, match="deploy.md changed since"):
        team_engine.commit_team_facts("Team facts", shown)
    remember(team_engine, "other", "Another one.")
    shown = {change.path: change.digest for change in team_engine.team_changes()}
    with pytest.raises(RevisionConflict, match="other.md"):   # one it was not shown is not committed either
        team_engine.commit_team_facts("Team facts", {k: v for k, v in shown.items() if "other" not in k})
    with pytest.raises(InvalidInput, match="message"):
        team_engine.commit_team_facts("   ", shown)
    assert len(team_engine.commit_team_facts("Team facts", shown).paths) == 2


def test_a_name_git_would_read_as_a_pattern_commits_that_file_alone(team_engine, git_repo):
    folder = git_repo / TEAM_DIR
    remember(team_engine, "deploy", "We deploy on Fridays.")
    commit_all(git_repo, "Team facts")
    (folder / "deploy.md").write_text((folder / "deploy.md").read_text().replace("Fridays", "Mondays"))
    starred = folder / "d*.md"   # a glob that matches deploy.md too
    starred.write_text("---\nname: d*\n---\nA starred name.\n", encoding="utf-8")
    shown = {change.path: change.digest for change in team_engine.team_changes()}
    assert len(shown) == 2
    team_engine.commit_team_facts("Both", shown)
    assert team_engine.team_changes() == []


def test_without_git_or_a_project_it_says_why(state_root, workspace):
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        with pytest.raises(InvalidInput, match="not in a git repository"):
            engine.team_changes()


def test_the_cli_lists_and_commits(cli, git_repo):
    cli = replace(cli, workspace=git_repo)
    cli.remember("node-version", "Node 20.", "--scope", "team")
    listed = cli.ok("team", "changes")["changes"]
    assert [(c["path"], c["state"], c["last"]) for c in listed] == [
        (f"{TEAM_DIR.as_posix()}/node-version.md", "added", None)]
    assert "+Node 20.\n" in listed[0]["diff"]
    assert "added    .context-center/memory/node-version.md  (never committed)" in cli.run("team", "changes").out
    made = cli.ok("team", "commit", "-m", "Node 20")
    assert made["paths"] == [f"{TEAM_DIR.as_posix()}/node-version.md"]
    assert cli.run("team", "changes").out.strip() == "The team facts have no changes to commit."
    cli.refused("team", "commit", "-m", "again", code="INVALID_INPUT")


def test_a_commit_without_a_git_identity_says_in_one_line_what_to_set(team_engine, git_repo, monkeypatch):
    """A new user's machine with no user.name: the Commit team facts dialog showed git's dozen lines
    ("Author identity unknown / *** Please tell me who you are…")."""
    git(git_repo, "config", "--unset", "user.name")
    git(git_repo, "config", "--unset", "user.email")
    for name in ("EMAIL", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    remember(team_engine, "deploy-day", "We deploy on Tuesdays.")
    try:
        team_engine.commit_team_facts("Team memory: deploy day")
    except RefusedError as refused:
        said = str(refused)
    else:   # (git found an identity of this machine's own: nothing to say)
        pytest.skip("git auto-detected an identity on this machine")
    assert "\n" not in said and "git config --global user.name" in said, said
