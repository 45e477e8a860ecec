"""``context-center suggestions`` as a script sees it."""
import json

from support.transcripts import claude_session, codex_session


def write_transcripts(cli):
    claude_session(cli.home, cli.workspace, "aaaa1111", [("2026-11-20T10:00:00Z", "以后请始终用中文回复"),
                                                         ("2026-11-20T10:01:00Z", "I don't remember the port.")])
    codex_session(cli.home, cli.workspace, "bbbb2222", [("2026-11-21T09:00:00Z", "Never force-push to main.")])


def test_the_json_shape_and_sources(cli):
    write_transcripts(cli)
    found = cli.ok("suggestions")
    assert set(found) >= {"memories", "skills", "sources"} and found["skills"] == []
    memory = found["memories"][0]
    assert memory.keys() >= {"id", "name", "title", "description", "type", "scope", "body", "reason", "evidence"}
    assert memory["evidence"][0].keys() >= {"source", "session", "timestamp", "text"}
    assert {s["name"]: (s["available"], s["sessions"]) for s in found["sources"]} == {
        "claude-code": (True, 1), "codex": (True, 1)}


def test_an_empty_home_gives_empty_arrays_and_unavailable_sources(cli):
    found = cli.ok("suggestions")
    assert found["memories"] == [] and found["skills"] == []
    assert all(s["available"] is False for s in found["sources"])


def test_accept_prints_the_stored_fact_and_dismiss_sticks(cli):
    write_transcripts(cli)
    memories = {m["description"]: m for m in cli.ok("suggestions")["memories"]}
    fact = cli.ok("suggestions", "accept", memories["以后请始终用中文回复"]["id"])
    assert "以后请始终用中文回复" in fact["body"] and fact["ref"].startswith("global/")
    cli.ok("suggestions", "dismiss", memories["Never force-push to main"]["id"])
    after = cli.ok("suggestions")
    assert after["memories"] == [] and after["skipped"] == {"accepted": 1, "dismissed": 1}
    cli.refused("suggestions", "accept", memories["Never force-push to main"]["id"], code="NOT_FOUND")


def test_accept_with_edits(cli):
    write_transcripts(cli)
    memory = next(m for m in cli.ok("suggestions")["memories"] if "force-push" in m["description"])
    fact = cli.ok("suggestions", "accept", memory["id"], "--title", "No force pushes", "--scope", "project")
    assert fact["title"] == "No force pushes" and fact["scope"] == "project"


def test_a_dismissal_is_listed_and_restored(cli):
    write_transcripts(cli)
    memory = next(m for m in cli.ok("suggestions")["memories"] if "force-push" in m["description"])
    assert cli.ok("suggestions", "dismissed") == {"dismissed": []}
    cli.ok("suggestions", "dismiss", memory["id"])
    [listed] = cli.ok("suggestions", "dismissed")["dismissed"]
    assert listed["id"] == memory["id"] and listed["kind"] == "memory" and listed["title"] == memory["title"]
    assert listed["dismissed_at"] and listed["candidate"]["description"] == memory["description"]
    human = cli.run("suggestions", "dismissed")
    assert human.code == 0 and memory["id"] in human.out and memory["title"] in human.out
    assert cli.ok("suggestions", "restore", memory["id"]) == {"restored": memory["id"]}
    assert memory["id"] in {m["id"] for m in cli.ok("suggestions")["memories"]}
    assert cli.ok("suggestions", "dismissed") == {"dismissed": []}
    cli.refused("suggestions", "restore", memory["id"], code="NOT_FOUND")


GITHUB = "ghp_" + "Zq8" * 12
AWS = "AKIAQ3EGT5JXKZ7PLM2R"
# the same keys as a transcript may hold them: plain, full-width, split by zero-width characters
FULL_WIDTH = "".join(chr(ord(c) + 0xFEE0) for c in AWS)
SPLIT = "\u200b".join(GITHUB)
SECRET_TURNS = [("2026-11-20T10:00:00Z", f"Always deploy with the token {GITHUB} from now on."),
                ("2026-11-20T10:01:00Z", f"Remember that the CI key id is {FULL_WIDTH} on staging."),
                ("2026-11-20T10:02:00Z", f"Never rotate the key {SPLIT} without telling ops."),
                ("2026-11-20T10:03:00Z", f"Always use the AWS key {AWS} for the nightly backup."),
                ("2026-11-20T10:04:00Z", f"run the deploy script with {AWS} then tag the release")]


def leaks(text: str) -> list[str]:
    return [key for key in (GITHUB, AWS, FULL_WIDTH, SPLIT, "Zq8Zq8", "Ｑ３ＥＧＴ") if key in text]


def test_suggestions_never_show_a_secret_a_transcript_holds(cli):
    """#49: ``suggestions --json`` showed transcript secrets verbatim (plain, full-width, zero-width
    split, AKIA) in titles, bodies, descriptions, evidence and skill drafts."""
    claude_session(cli.home, cli.workspace, "aaaa1111", SECRET_TURNS)
    codex_session(cli.home, cli.workspace, "bbbb2222", [("2026-11-21T09:00:00Z", SECRET_TURNS[4][1])])
    found = cli.run("suggestions", "--json")
    assert found.code == 0, found.err
    data = found.json
    assert len(data["memories"]) == 4 and len(data["skills"]) == 1   # every statement still offered, masked
    assert leaks(found.out) == [] and leaks(json.dumps(data, ensure_ascii=False)) == []
    assert all("[REDACTED]" in m["body"] and "[REDACTED]" in m["evidence"][0]["text"] for m in data["memories"])
    assert "[REDACTED]" in data["skills"][0]["body"]
    human = cli.run("suggestions")
    assert human.code == 0 and leaks(human.out) == [] and "[REDACTED]" in human.out
    accepted = cli.ok("suggestions", "accept", data["memories"][0]["id"])
    assert leaks(json.dumps(accepted, ensure_ascii=False)) == [] and "[REDACTED]" in accepted["body"]
