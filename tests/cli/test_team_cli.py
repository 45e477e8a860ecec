"""``--scope team`` on the command line, and the JSON shapes git's history and archive take."""
from __future__ import annotations

from dataclasses import replace

from support.git_repos import BOB, commit_all


def test_team_facts_from_the_command_line_with_git_history(cli, git_repo):
    cli = replace(cli, workspace=git_repo)
    made = cli.remember("node-version", "Node 20.", "--scope", "team")
    assert made["scope"] == "team" and made["ref"] == "team/node-version.md"
    assert made["path"] == str(git_repo / ".context-center" / "memory" / "node-version.md")
    first = commit_all(git_repo, "Node 20")
    cli.ok("memory", "edit", "node-version", "--scope", "team", "--body", "Node 22.")
    second = commit_all(git_repo, "Node 22", BOB)
    cli.ok("memory", "edit", "team/node-version.md", "--body", "Node 24.")

    history = cli.ok("memory", "revisions", "team/node-version.md")
    assert history["active"]["body"] == "Node 24." and history["active"]["revision"] == 3
    assert [(r["revision"], r["author"], r["message"], r["body"]) for r in history["revisions"]] == [
        ("uncommitted", None, "not committed yet", "Node 24."),
        (second, BOB[0], "Node 22", "Node 22."),
        (first, "Alice Example", "Node 20", "Node 20.")]
    assert all({"revision", "updated_at", "body", "author", "message"} <= set(r) for r in history["revisions"])
    human = cli.run("memory", "revisions", "team/node-version.md").out
    assert "uncommitted" in human and second in human and BOB[0] in human

    restored = cli.ok("memory", "restore", "team/node-version.md", first)
    assert (restored["body"], restored["revision"]) == ("Node 20.", 4)
    cli.refused("memory", "restore", "team/node-version.md", "feedface", code="NOT_FOUND")
    cli.ok("memory", "show", "node-version", "--scope", "team")
    cli.refused("memory", "show", "node-version", "--scope", "global", code="NOT_FOUND")
    cli.refused("memory", "show", "team/node-version.md", "--scope", "project", code="SCOPE_CONFLICT")

    cli.refused("memory", "forget", "team/node-version.md", code="NOT_COMMITTED")   # the restore is uncommitted
    kept = commit_all(git_repo, "Back to Node 20")
    forgotten = cli.ok("memory", "forget", "team/node-version.md")["forgotten"]
    assert forgotten["path"] == f"git:{kept}:.context-center/memory/node-version.md"
    archived = cli.ok("memory", "archived")["archived"]
    assert [(a["path"], a["scope"], a["name"], a["revision"]) for a in archived] == [
        (forgotten["path"], "team", "node-version", 4)]
    recovered = cli.ok("memory", "recover", forgotten["path"])
    assert (recovered["scope"], recovered["revision"], recovered["body"]) == ("team", 5, "Node 20.")
    cli.refused("memory", "recover", "git:nope:.context-center/memory/node-version.md", code="NOT_FOUND")
    cli.refused("memory", "recover", f"git:{kept}:README.md", code="NOT_FOUND")   # not a team fact


def test_move_to_team_and_the_summary_counts_each_scope(cli):
    mine = cli.remember("lint", "ruff everywhere", "--subject-key", "tool.lint")
    cli.remember("lint-global", "flake8", "--scope", "global", "--subject-key", "tool.lint")
    moved = cli.ok("memory", "move", mine["id"], "--to", "team")
    assert (moved["id"], moved["scope"], moved["revision"]) == (mine["id"], "team", 2)
    summary = cli.ok("memory")
    assert summary["facts"] == {"project": 0, "team": 1, "global": 1}
    assert summary["overrides"] == [{"global": "global/lint-global.md", "team": "team/lint.md",
                                     "overridden": "global/lint-global.md", "by": "team/lint.md",
                                     "why": "same subject"}]
    listed = {f["ref"]: f for f in cli.ok("memory", "list")["facts"]}
    assert listed["global/lint-global.md"]["overridden_by"] == "team/lint.md"
    history = cli.ok("memory", "revisions", "team/lint.md")   # no git here: just the file, and why
    assert history["revisions"] == [] and "not in a git repository" in history["history_note"]
