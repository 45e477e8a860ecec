"""The injection record: what a hook gave an agent, bounded, secrets masked, and "why not" asked of
the same gate recall uses."""
import datetime as dt
import sqlite3

import pytest

from context_center.engine import FactInput, InvalidInput, NotFound, clock

TOKEN = "ghp_" + "A1b2C3d4E5" * 4   # a GitHub token: 4 + 40 characters


def remember(engine, name, body, **fields):
    fields.setdefault("title", name.replace("-", " "))
    return engine.remember(FactInput(name=name, body=body, **fields)).fact


def hook_turn(engine, prompt, session="s1"):
    """What the Claude Code hook does on a user turn."""
    result = engine.recall(prompt, record=False)
    return result, engine.record_injection(result, agent="claude-code", session_id=session)


def stored_rows(engine) -> list[str]:
    with sqlite3.connect(engine.paths.catalog_file) as db:
        return [row[0] for row in db.execute("SELECT record FROM injections")]


def test_a_recall_is_recorded_with_what_was_injected(engine):
    fact = remember(engine, "build-cache", "The build cache lives in S3.")
    result, key = hook_turn(engine, "where does the build cache live?\nand a second line")
    [record] = engine.injections()
    assert record.id == key and record.agent == "claude-code" and record.session_id == "s1"
    assert record.kind == "recall" and record.prompt == "where does the build cache live?"
    assert clock.parse_timestamp(record.time) is not None and record.time.endswith("Z")
    [item] = record.injected
    assert (item.id, item.revision, item.ref) == (fact.id, 1, "project/build-cache.md")
    assert 0 < item.chars < record.chars == len(result.block) and record.suppressed is None
    assert [(t.ref, t.decision) for t in record.trace] == [("project/build-cache.md", "injected")]
    data = record.to_json()
    assert data.keys() >= {"id", "agent", "session_id", "time", "kind", "prompt", "injected", "chars",
                           "suppressed", "trace"}
    assert "query" not in data   # the masked prompt is kept for "why not", not shown


def test_what_counts_or_costs_the_records_reads_no_trace(engine, monkeypatch):
    """The Overview, the cost report and the review's usage read every record but no trace (at
    2,000 records, reading the traces was two thirds of the Overview's time)."""
    from context_center.engine import MemoryReview
    from context_center.engine.costs.report import ContextCosts
    from context_center.engine.recall import injection_log

    remember(engine, "build-cache", "The build cache lives in S3.")
    hook_turn(engine, "where does the build cache live?")
    [whole] = engine.injections()
    [bare] = engine.injections(traces=False)
    assert whole.trace and bare.trace == () and bare.injected == whole.injected and bare.chars == whole.chars

    def no_trace(*args):
        raise AssertionError("a trace was read")

    monkeypatch.setattr(injection_log, "_stored_entry", no_trace)
    assert sum(engine.overview().injections_per_day) == 1
    ContextCosts(engine).report()
    MemoryReview(engine).items()


def test_a_suppressed_turn_records_why_and_what_was_held_back(engine):
    remember(engine, "plan", "The plan is to cut the release on Friday.", title="Release plan")
    hook_turn(engine, "continue")
    hook_turn(engine, "what is the plan for the day")
    weak, generic = engine.injections()
    assert generic.suppressed == "generic user turn" and generic.injected == () and generic.chars == 0
    assert weak.suppressed == "no sufficiently distinctive match"
    [held] = weak.trace
    assert held.decision == "rejected" and "weak match" in held.reason


def test_the_session_context_is_recorded_with_what_was_overridden(engine):
    remember(engine, "style", "Answer in short paragraphs.", activation="pinned")
    context = engine.session_context()
    engine.record_injection(context, agent="claude-code", session_id="s2", source="startup")
    [record] = engine.injections()
    assert record.kind == "session-context" and record.source == "startup" and record.prompt == ""
    assert [i.ref for i in record.injected] == ["project/style.md"] and record.chars == len(context.text)


def test_a_secret_in_the_prompt_is_never_stored(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    hook_turn(engine, f"build cache token {TOKEN} where does it live")
    [record] = engine.injections()
    assert TOKEN not in record.prompt and "[REDACTED]" in record.prompt
    assert all(TOKEN not in row and TOKEN[:20] not in row for row in stored_rows(engine))
    assert all(TOKEN[4:20].lower() not in row.lower() for row in stored_rows(engine))   # nor a term cut from it


def test_the_record_is_bounded_by_entries(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    engine.set_injection_bounds(entries=3)
    for n in range(5):
        hook_turn(engine, f"build cache question {n}")
    assert [r.prompt for r in engine.injections()] == [f"build cache question {n}" for n in (4, 3, 2)]
    assert engine.injection_bounds() == (30, 3)


def test_the_record_is_bounded_by_days(engine, monkeypatch):
    remember(engine, "build-cache", "The build cache lives in S3.")
    start = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.timezone.utc)
    monkeypatch.setattr(clock, "now", lambda: start)
    hook_turn(engine, "build cache first")
    monkeypatch.setattr(clock, "now", lambda: start + dt.timedelta(days=29))
    hook_turn(engine, "build cache second")
    assert len(engine.injections()) == 2
    monkeypatch.setattr(clock, "now", lambda: start + dt.timedelta(days=31))
    hook_turn(engine, "build cache third")
    assert [r.prompt for r in engine.injections()] == ["build cache third", "build cache second"]
    engine.set_injection_bounds(days=1)
    hook_turn(engine, "build cache fourth")
    assert [r.prompt for r in engine.injections()] == ["build cache fourth", "build cache third"]


def test_zero_turns_the_record_off_and_bad_bounds_are_refused(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    engine.set_injection_bounds(entries=0)
    assert hook_turn(engine, "build cache")[1] is None and engine.injections() == []
    with pytest.raises(InvalidInput):
        engine.set_injection_bounds(days=-1)
    engine.set_setting("injections.keep_days", "a lot")   # unreadable: the default applies
    assert engine.injection_bounds() == (30, 0)


def test_records_are_filtered_by_session_and_listed_per_workspace(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    hook_turn(engine, "build cache one", session="a")
    hook_turn(engine, "build cache two", session="b")
    hook_turn(engine, "build cache three", session="a")
    assert [r.prompt for r in engine.injections("a")] == ["build cache three", "build cache one"]
    assert engine.injection_sessions() == ["a", "b"]
    assert [r.prompt for r in engine.injections(limit=1)] == ["build cache three"]


def test_a_garbled_record_is_left_out(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    hook_turn(engine, "build cache one")
    hook_turn(engine, "build cache two")
    with sqlite3.connect(engine.paths.catalog_file) as db:
        db.execute("UPDATE injections SET record = '{broken' WHERE id = 1")
        db.execute("UPDATE injections SET record = '{\"agent\": 1}' WHERE id = 2")
    assert engine.injections() == []


def test_why_not_names_the_gate_decision_for_each_fact(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    remember(engine, "cache-style", "Build cache keys are short.", activation="pinned")
    remember(engine, "holidays", "The office closes in August.")
    remember(engine, "cache-size", "The cache holds 40 GB.")
    _, key = hook_turn(engine, "where does the build cache live")

    def why(ref):
        return engine.why_not(ref, key)

    assert why("build-cache").decision == "recalled" and why("build-cache").recorded.startswith("injected")
    assert why("cache-style").reason == "pinned: already in the session context"
    assert why("holidays").reason == "no search term of the prompt occurs in it"
    weak = why("cache-size")
    assert weak.decision == "rejected" and "weak match" in weak.reason and weak.recorded.startswith("rejected")
    assert "asked again on the facts as they are now" in weak.note


def test_why_not_for_a_fact_past_the_traced_few(engine):
    """The trace names the best 25 rejections; the gate's answer about any fact is still exact."""
    remember(engine, "build-cache", "The build cache lives in S3.")
    for n in range(30):
        remember(engine, f"cache-{n}", f"Cache note {n}.")
    target = remember(engine, "long-note", "cache " + " ".join(f"filler{n}" for n in range(300)))
    _, key = hook_turn(engine, "where does the build cache live")
    assert all(t.id != target.id for t in engine.injection(key).trace)
    answer = engine.why_not("long-note", key)
    assert answer.decision == "rejected" and "weak match: only 'cache'" in answer.reason
    assert answer.recorded is None


def test_why_not_follows_the_fact_as_it_is_now(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    _, key = hook_turn(engine, "where does the build cache live")
    engine.pin("build-cache")
    answer = engine.why_not("build-cache", key)
    assert answer.reason == "pinned: already in the session context"
    assert answer.recorded.startswith("injected") and "revision 2 now, 1 then" in answer.note


def test_why_not_for_a_session_start(engine):
    remember(engine, "style", "Answer in short paragraphs.", activation="pinned")
    remember(engine, "holidays", "The office closes in August.")
    key = engine.record_injection(engine.session_context(), agent="claude-code", session_id="s")
    assert engine.why_not("style", key).decision == "included"
    assert engine.why_not("holidays", key).reason.startswith("not pinned")


def test_the_record_and_why_not_keep_each_reason_s_code_for_a_face_to_word(engine):
    """A face words the record's reasons in its own language from their codes and values (the
    sentences alone were English only); a value cut from a secret is masked there too."""
    remember(engine, "build-cache", "The build cache lives in S3.")
    remember(engine, "cache-size", "The cache holds 40 GB.")
    _, key = hook_turn(engine, f"where does the build cache live {TOKEN}")
    [record] = engine.injections()
    data = {entry["ref"]: entry for entry in record.to_json()["trace"]}
    assert data["project/build-cache.md"]["reason_code"] == "matched"
    weak = data["project/cache-size.md"]
    assert weak["reason_code"] == "weak_match" and weak["reason_args"] == {"word": "'cache'", "count": "4"}
    assert all(TOKEN[4:20].lower() not in row.lower() for row in stored_rows(engine))
    engine.pin("build-cache")
    answer = engine.why_not("cache-size", key).to_json()
    assert answer["reason_code"] == "weak_match" and answer["recorded_entry"]["reason_code"] == "weak_match"
    assert [note["code"] for note in answer["notes"]] == ["asked_again"]
    answer = engine.why_not("build-cache", key).to_json()
    assert answer["reason_code"] == "pinned"
    assert answer["notes"] == [{"code": "asked_again", "args": {}},
                               {"code": "revised", "args": {"now": "2", "then": "1"}}]
    assert answer["note"] == ("the recorded prompt, secrets masked, asked again on the facts as they are now; "
                              "the fact is at revision 2 now, 1 then")
    context_key = engine.record_injection(engine.session_context(), agent="claude-code", session_id="s")
    [entry] = [t for t in engine.injections()[0].trace if t.ref == "project/build-cache.md"]
    assert (entry.reason, entry.reason_code) == ("pinned", "in_context")
    assert engine.why_not("cache-size", context_key).to_json()["reason_code"] == "not_pinned"


def test_an_unknown_record_or_fact_is_not_found(engine):
    remember(engine, "build-cache", "The build cache lives in S3.")
    _, key = hook_turn(engine, "build cache")
    with pytest.raises(NotFound):
        engine.why_not("build-cache", key + 1)
    with pytest.raises(NotFound):
        engine.why_not("nothing-like-it", key)


def test_a_read_only_store_does_not_record(engine, monkeypatch):
    remember(engine, "build-cache", "The build cache lives in S3.")
    monkeypatch.setattr(engine._catalog, "read_only", True)
    assert hook_turn(engine, "build cache")[1] is None
    monkeypatch.setattr(engine._catalog, "read_only", False)
    assert engine.injections() == []
