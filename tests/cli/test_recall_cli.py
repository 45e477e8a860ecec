"""``memory recall``, ``memory search`` and the Claude Code hook, as processes."""
import json

import pytest


def event(cli, prompt, **extra):
    return json.dumps({"session_id": "s1", "transcript_path": "/tmp/t.jsonl", "cwd": str(cli.workspace),
                       "hook_event_name": "UserPromptSubmit", "prompt": prompt, **extra})


def test_recall_json_shape(cli):
    cli.remember("build-cache", "The build cache lives in S3.")
    result = cli.ok("memory", "recall", "where does the build cache live", "--max-chars", "900", "--limit", "2")
    assert result.keys() >= {"query", "suppressed", "hits", "omitted", "char_budget", "used_chars", "block"}
    assert result["hits"][0].keys() >= {"id", "revision", "ref", "scope", "type", "freshness", "score",
                                        "reason", "snippet"}
    assert result["char_budget"] == 900 and result["used_chars"] == len(result["block"])


def test_recall_last_shows_the_previous_trace_of_another_process(cli):
    cli.remember("build-cache", "The build cache lives in S3.")
    cli.run("hook", "claude-code", stdin=event(cli, "where does the build cache live"))
    last = cli.ok("memory", "recall", "--last")
    assert last["query"] == "where does the build cache live" and last["hits"][0]["ref"] == "project/build-cache.md"
    text = cli.run("memory", "recall", "--last").out
    assert "Selected:" in text and "<memory-recall>" in text


def test_recall_needs_a_message_or_last(cli):
    cli.refused("memory", "recall", code="INVALID_INPUT")


def test_search_json_shape(cli):
    cli.remember("build-cache", "The build cache lives in S3.")
    result = cli.ok("memory", "search", "cache", "--limit", "3")
    assert result["query"] == "cache"
    [hit] = result["hits"]
    assert hit["ref"] == "project/build-cache.md" and {"score", "snippet", "id"} <= hit.keys()


def test_the_hook_prints_exactly_the_block(cli_process):  # a real process: what Claude Code runs
    cli = cli_process
    cli.remember("build-cache", "The build cache lives in S3.")
    expected = cli.ok("memory", "recall", "where does the build cache live")["block"]
    result = cli.run("hook", "claude-code", stdin=event(cli, "where does the build cache live"))
    assert result.code == 0 and result.out == expected + "\n"


def test_the_hook_prints_nothing_when_suppressed(cli):
    cli.remember("build-cache", "The build cache lives in S3.")
    result = cli.run("hook", "claude-code", stdin=event(cli, "continue"))
    assert (result.code, result.out) == (0, "")


def test_the_hook_finds_the_workspace_from_the_event_cwd(cli):
    cli.remember("build-cache", "The build cache lives in S3.")
    nested = cli.workspace / "src" / "deep"
    nested.mkdir(parents=True)
    argv = [a for a in cli.argv("hook", "claude-code") if a not in ("--workspace", str(cli.workspace))]
    import subprocess
    proc = subprocess.run(argv, input=json.dumps({"prompt": "build cache location", "cwd": str(nested)}),
                          capture_output=True, text=True, env=cli.env(), cwd="/")
    assert proc.returncode == 0 and "<memory-recall>" in proc.stdout, proc.stderr


def test_a_malformed_event_never_breaks_the_turn(cli_process):  # a real process: what Claude Code runs
    cli = cli_process
    result = cli.run("hook", "claude-code", stdin="{not json")
    assert result.code == 0 and result.out == "" and "unreadable event" in result.err


def test_session_start_prints_the_pinned_context(cli):
    cli.remember("style", "Answer in short paragraphs.", "--activation", "pinned")
    result = cli.run("hook", "claude-code", "--session-start", stdin=json.dumps({"hook_event_name": "SessionStart"}))
    assert result.code == 0 and "<session-context>" in result.out and "Answer in short paragraphs." in result.out


def test_the_hook_never_breaks_a_turn_even_on_a_database_error(cli_process):  # a real process: what Claude Code runs
    cli = cli_process
    import sqlite3
    cli.remember("build-cache", "The build cache lives in S3.")
    with sqlite3.connect(cli.root / "catalog.sqlite") as db:  # a catalog another version left garbled
        db.execute("DROP TABLE recall_traces")
        db.execute("CREATE TABLE recall_traces (x)")
    result = cli.run("hook", "claude-code", stdin=event(cli, "where does the build cache live"))
    assert result.code == 0 and "Traceback" not in result.err
    assert result.out.startswith("<memory-recall>")  # the recall still reaches the turn
    assert "the recall trace could not be kept (table recall_traces has no column" in result.err   # and why


# the injection record ---------------------------------------------------------------------------

def test_the_hook_writes_an_injection_record(cli_process):  # a real process: what Claude Code runs
    cli = cli_process
    cli.remember("build-cache", "The build cache lives in S3.")
    cli.run("hook", "claude-code", stdin=event(cli, "where does the build cache live\nmore", session_id="sess-1"))
    cli.run("hook", "claude-code", "--session-start",
            stdin=json.dumps({"session_id": "sess-1", "hook_event_name": "SessionStart", "source": "resume",
                              "cwd": str(cli.workspace)}))
    [start, turn] = cli.ok("memory", "recall", "--history")["injections"]
    assert turn.keys() >= {"id", "agent", "session_id", "time", "kind", "prompt", "injected", "chars",
                           "suppressed", "trace"}
    assert (turn["agent"], turn["session_id"], turn["kind"]) == ("claude-code", "sess-1", "recall")
    assert turn["prompt"] == "where does the build cache live" and turn["suppressed"] is None
    [item] = turn["injected"]
    assert item.keys() == {"id", "revision", "ref", "chars"} and item["ref"] == "project/build-cache.md"
    assert turn["trace"][0]["decision"] == "injected" and turn["chars"] > item["chars"] > 0
    assert (start["kind"], start["source"], start["suppressed"]) == ("session-context", "resume", "no pinned facts")


def test_history_filters_by_session_and_reads_as_a_table(cli):
    cli.remember("build-cache", "The build cache lives in S3.")
    cli.run("hook", "claude-code", stdin=event(cli, "where does the build cache live", session_id="a"))
    cli.run("hook", "claude-code", stdin=event(cli, "continue", session_id="b"))
    cli.run("hook", "claude-code", stdin=event(cli, "continue", session_id="9d4a7c10-8e2b-4f6a"))
    [only] = cli.ok("memory", "recall", "--history", "--session", "b")["injections"]
    assert only["session_id"] == "b" and only["suppressed"] == "generic user turn"
    [by_prefix] = cli.ok("memory", "recall", "--history", "--session", "9d4a")["injections"]   # a UUID's start
    assert by_prefix["session_id"] == "9d4a7c10-8e2b-4f6a"
    none = cli.run("memory", "recall", "--history", "--session", "nope").out
    assert none.startswith("No injection has been recorded for a session starting 'nope'")
    text = cli.run("memory", "recall", "--history").out
    assert text.startswith("ID") and "suppressed: generic user turn" in text and "project/build-cache.md" in text
    assert "keeps the last 30 days, at most 2,000 records" in text


def test_history_bounds_are_settings(cli):
    cli.remember("build-cache", "The build cache lives in S3.")
    for n in range(3):
        cli.run("hook", "claude-code", stdin=event(cli, f"build cache question {n}"))
    now = cli.run("memory", "recall", "--history", "--keep-entries", "2").out   # applied at once
    assert "1 record(s) beyond the new bounds were removed" in now and "question 0" not in now
    cli.run("hook", "claude-code", stdin=event(cli, "build cache question 3"))
    assert [r["prompt"] for r in cli.ok("memory", "recall", "--history")["injections"]] == [
        "build cache question 3", "build cache question 2"]
    assert "at most 2 records" in cli.run("memory", "recall", "--history").out
    cli.refused("memory", "recall", "--history", "--keep-days", "-1", code="INVALID_INPUT")
    off = cli.run("memory", "recall", "--history", "--keep-entries", "0").out   # off: what it held goes too
    assert "The injection record is off" in off and cli.ok("memory", "recall", "--history")["injections"] == []


@pytest.mark.parametrize("argv", [("--history", "a message"), ("--history", "--last"),
                                  ("--history", "--limit", "2"), ("--session", "a", "a message"),
                                  ("--last", "--session", "a")])
def test_history_in_conflicting_use_is_a_usage_error(cli, argv):
    result = cli.run("memory", "recall", *argv)
    assert result.code == 2 and "usage:" in result.err
    assert "unrecognized" not in result.err and ("--history takes no" in result.err
                                                 or "go with --history" in result.err)


def test_the_hook_answers_even_when_the_record_cannot_be_kept(cli_process):  # a real process
    cli = cli_process
    import sqlite3
    cli.remember("build-cache", "The build cache lives in S3.")
    with sqlite3.connect(cli.root / "catalog.sqlite") as db:  # a catalog another version left garbled
        db.execute("DROP TABLE injections")
        db.execute("CREATE TABLE injections (x)")
    result = cli.run("hook", "claude-code", stdin=event(cli, "where does the build cache live"))
    assert result.code == 0 and result.out.startswith("<memory-recall>") and "Traceback" not in result.err
    assert "the injection record was not kept (OperationalError" in result.err
    assert cli.ok("memory", "recall", "--last")["query"] == "where does the build cache live"  # the trace still is
