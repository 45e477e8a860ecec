"""``context-center import`` as a script sees it."""
from __future__ import annotations

from support.agent_memories import (  # noqa: F401 - no_agent_homes is an autouse fixture
    AWS_KEY,
    no_agent_homes,
    write_claude_memory,
    write_codex_memories,
    write_context_eng_store,
)


def test_the_json_shape(cli):
    write_context_eng_store(cli.home, cli.workspace)    # found under $HOME, as a user's would be
    report = cli.ok("import", "context-eng")
    assert report.keys() >= {"source", "found", "imported", "skipped", "items"}
    assert report["source"] == "context-eng" and report["found"] == 6 and report["imported"] == 3
    assert all(skip.keys() == {"source_path", "reason"} for skip in report["skipped"])
    item = report["items"][0]
    assert item.keys() >= {"id", "title", "body", "source_path", "status"}
    assert {i["status"] for i in report["items"]} == {"imported"}
    assert AWS_KEY not in str(report)
    listed = cli.ok("memory", "list")
    facts = listed["facts"] if isinstance(listed, dict) else listed
    staged = {f["id"]: f for f in facts}
    assert {i["id"] for i in report["items"]} <= set(staged)
    assert all(staged[i["id"]]["status"] == "staging" for i in report["items"])


def test_a_dry_run_then_the_import_then_nothing_more(cli):
    write_codex_memories(cli.home)
    dry = cli.ok("import", "codex", "--dry-run")
    assert dry["imported"] == 0 and {i["status"] for i in dry["items"]} == {"would_import"}
    done = cli.ok("import", "codex")
    assert done["imported"] == sum(i["status"] == "would_import" for i in dry["items"]) == 6
    again = cli.ok("import", "codex")
    assert again["imported"] == 0 and again["found"] == done["found"]


def test_human_output_says_what_was_imported_and_where_it_waits(cli):
    write_claude_memory(cli.home, cli.workspace)
    result = cli.run("import", "claude-code")
    assert result.code == 0, result.err
    assert "Claude Code: 6 found in" in result.out and "User role" in result.out
    assert "deploy.md: contains a secret" in result.out and "Suggestions" in result.out
    listed = cli.run("suggestions").out   # the command line reviews them too
    assert "From agents (" in listed and "suggestions promote REF" in listed
    staged = cli.ok("suggestions")["from_agents"]
    promoted = cli.ok("suggestions", "promote", staged[0]["id"])
    assert promoted["status"] == "promoted" and promoted["id"] == staged[0]["id"]
    deleted = cli.ok("suggestions", "delete", staged[1]["id"])
    assert deleted["id"] == staged[1]["id"] and deleted["path"]
    assert {p["id"] for p in cli.ok("suggestions")["from_agents"]} == {p["id"] for p in staged[2:]}
    assert "[staged: waiting for review in suggestions]" in cli.run("memory", "list").out
    dry = cli.run("import", "claude-code", "--dry-run")
    assert "already imported" in dry.out and "nothing was written" in dry.out


def test_a_missing_source_home_is_no_error(cli):
    result = cli.run("import", "codex")
    assert result.code == 0 and "No Codex memories" in result.out
    report = cli.ok("import", "codex", "--home", str(cli.home / "elsewhere"))
    assert report["found"] == 0 and report["items"] == [] and report["message"]


def test_an_unknown_source_is_a_usage_error(cli_process):
    result = cli_process.run("import", "vim", "--json")
    assert result.code == 2 and "invalid choice: 'vim'" in result.err
