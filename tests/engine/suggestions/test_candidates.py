"""Suggestions from realistic Claude Code and Codex transcripts."""
import re

import pytest

from context_center.engine import FactInput, InvalidInput, NameConflict, NotFound, SubjectConflict
from context_center.engine.suggestions.candidates import classify, is_request, overlaps, statements
from context_center.engine.suggestions.transcripts import ClaudeCodeSource, CodexSource
from support.transcripts import claude_session, codex_legacy_session, codex_session


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    return folder


# reading the transcripts ----------------------------------------------------------------------------

def test_only_typed_user_turns_are_read_from_claude_code(home, workspace):
    claude_session(home, workspace, "s-claude-1", [("2026-11-20T10:00:00Z", "Always run pnpm test before pushing."),
                                                   ("2026-11-20T10:01:00Z", [{"type": "text", "text": "And lint."}])])
    [session] = ClaudeCodeSource(home).sessions(workspace)
    assert [t.text for t in session.turns] == ["Always run pnpm test before pushing.", "And lint."]
    assert session.session == "s-claude-1" and session.turns[0].timestamp == "2026-11-20T10:00:00Z"


def test_codex_turns_come_from_user_message_events(home, workspace):
    codex_session(home, workspace, "s-codex-1", [("2026-11-21T09:00:00Z", "以后请始终用中文回复")])
    [session] = CodexSource(home).sessions(workspace)
    assert [t.text for t in session.turns] == ["以后请始终用中文回复"]  # no environment context, no agent text


def test_older_codex_files_are_read_too(home, workspace):
    codex_legacy_session(home, workspace, "s-old", [("2025-05-01T08:00:00Z", "Never commit generated files.")])
    [session] = CodexSource(home).sessions(workspace)
    assert [t.text for t in session.turns] == ["Never commit generated files."]


def test_another_workspaces_history_is_never_used(home, workspace, tmp_path):
    elsewhere = tmp_path / "other-repo"
    elsewhere.mkdir()
    claude_session(home, elsewhere, "s-other", [("2026-11-22T10:00:00Z", "Always use tabs.")])
    codex_session(home, elsewhere, "s-other-codex", [("2026-11-22T10:00:00Z", "Always use tabs.")])
    assert ClaudeCodeSource(home).sessions(workspace) == [] and CodexSource(home).sessions(workspace) == []


def test_missing_and_unreadable_sources_fail_closed(engine, home):
    (home / ".codex").mkdir()
    (home / ".codex" / "sessions").write_text("not a folder")
    result = engine.suggestions(home=home)
    assert {s.name: s.available for s in result.sources} == {"claude-code": False, "codex": False}
    assert result.memories == [] and result.skills == []


# clauses -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["I don't remember where the config lives", "I can't remember the flag",
                                  "never mind, skip it", "do you always use tabs?", "Did we prefer yarn?",
                                  "我不记得配置在哪里了", "Open the PR", "a short"])
def test_negations_questions_and_plain_turns_are_not_requests(text):
    assert is_request(text) is None


@pytest.mark.parametrize("text", ["Please remember that we deploy on Tuesdays", "Always run pnpm test first",
                                  "以后请始终用中文回复", "By default, use the staging database"])
def test_requests_are_found_by_whole_words(text):
    assert is_request(text)


def test_markers_are_whole_words():
    assert is_request("Open a pr for the preferences page") is None  # "pr" ⊄ "prefer", "preferences" ≠ marker


@pytest.mark.parametrize("text, expected", [
    ("Never push to main directly; open a pull request instead.",
     ["Never push to main directly; open a pull request instead."]),
    ("以后不要直接推送到主分支；先开合并请求", ["以后不要直接推送到主分支；先开合并请求"]),
    ("I don't remember the port; always use 8080 for the dev server.",
     ["I don't remember the port;", "always use 8080 for the dev server."]),
    ("Always squash commits; I can't remember why we started.",
     ["Always squash commits;", "I can't remember why we started."]),
])
def test_clauses_joined_by_a_semicolon_stay_with_their_request(text, expected):
    assert statements(text) == expected


def test_the_second_half_of_a_semicolon_statement_is_kept(engine, home, workspace):
    claude_session(home, workspace, "cccc3333", [
        ("2026-11-22T10:00:00Z", "Never push to main directly; open a pull request instead.")])
    [memory] = engine.suggestions(home=home).memories
    assert memory.description == "Never push to main directly; open a pull request instead"
    assert "open a pull request instead" in memory.body


@pytest.mark.parametrize("text, kind", [
    ("Remember the tracker is https://tracker.example/PROJ", ("reference", "project")),
    ("Always run pnpm test before committing", ("feedback", "project")),
    ("I prefer short answers", ("user", "global")),
    ("以后请始终用中文回复", ("user", "global")),
    ("Please remember that this repo deploys from the release branch", ("project", "project")),
])
def test_type_and_scope_are_inferred(text, kind):
    assert classify(text) == kind


def test_the_overlap_rule():
    assert overlaps("uses database migrations", "uses database backups")
    assert not overlaps("数据库迁移", "数据库备份")
    assert overlaps("run pnpm test before committing", "Always run pnpm test before committing")


# candidates ----------------------------------------------------------------------------------------------

@pytest.fixture
def transcripts(home, workspace):
    claude_session(home, workspace, "aaaa1111", [
        ("2026-11-20T10:00:00Z", "以后请始终用中文回复"),
        ("2026-11-20T10:02:00Z", "I don't remember where the config lives. Please remember that we deploy on "
                                 "Tuesdays."),
        ("2026-11-20T10:03:00Z", "Always run pnpm test before committing."),
        ("2026-11-20T10:04:00Z", "Run the release checklist: bump the version, then update the changelog, "
                                 "then tag the release"),
    ])
    codex_session(home, workspace, "bbbb2222", [
        ("2026-11-21T09:00:00Z", "The ticket tracker is https://tracker.example/PROJ, remember it."),
        ("2026-11-21T09:05:00Z", "run the release checklist again, then tag the release"),
        ("2026-11-21T09:06:00Z", "以后请始终用中文回复！"),
    ])
    return home


def test_candidates_carry_their_evidence(engine, transcripts):
    result = engine.suggestions(home=transcripts)
    by_statement = {m.description: m for m in result.memories}
    chinese = by_statement["以后请始终用中文回复"]
    assert (chinese.type, chinese.scope) == ("user", "global")
    assert {(e.source, e.session) for e in chinese.evidence} == {("claude-code", "aaaa1111"), ("codex", "bbbb2222")}
    assert chinese.evidence[0].text.startswith("以后请始终用中文回复") and chinese.evidence[0].timestamp
    assert chinese.body == "以后请始终用中文回复。" and chinese.how_to_apply
    assert by_statement["The ticket tracker is https://tracker.example/PROJ"].type == "reference"  # request words gone
    assert not any("don't remember" in m.description for m in result.memories)
    assert {s.name: s.sessions for s in result.sources} == {"claude-code": 1, "codex": 1}


def test_duplicates_of_facts_and_instructions_are_left_out(engine, transcripts, workspace):
    (workspace / "AGENTS.md").write_text("# Rules\n\n- Run pnpm test before committing\n")
    engine.remember(FactInput(name="deploy-day", title="Deploy day", body="We deploy on Tuesdays."))
    result = engine.suggestions(home=transcripts)
    descriptions = [m.description for m in result.memories]
    assert not any("pnpm test" in d for d in descriptions)
    assert not any("Tuesdays" in d for d in descriptions)
    assert result.skipped["already a fact or an instruction"] == 2
    # and which (issue #36, point 12): each statement, with the text that already says it
    known = {k.matches: k.statement for k in result.known}
    assert set(known) == {"Run pnpm test before committing", "We deploy on Tuesdays."}
    assert "pnpm test" in known["Run pnpm test before committing"] and "Tuesday" in known["We deploy on Tuesdays."]
    assert result.to_json()["already_known"] == [k.to_json() for k in result.known]


def test_a_skill_needs_evidence_in_two_sessions(engine, transcripts):
    [skill] = engine.suggestions(home=transcripts).skills
    assert {e.session for e in skill.evidence} == {"aaaa1111", "bbbb2222"}
    assert skill.body.startswith("---\nname: ") and "## Steps" in skill.body
    assert "1. Run the release checklist: bump the version" in skill.body and "Update the changelog" in skill.body


def test_accepting_a_memory_goes_through_the_store(engine, transcripts):
    result = engine.suggestions(home=transcripts)
    chinese = next(m for m in result.memories if m.description.startswith("以后"))
    fact = engine.accept_suggestion(chinese.id, home=transcripts).fact
    assert "以后请始终用中文回复" in fact.body and fact.scope == "global" and fact.type == "user"
    assert chinese.id not in {m.id for m in engine.suggestions(home=transcripts).memories}
    with pytest.raises(NotFound):
        engine.accept_suggestion(chinese.id, home=transcripts)


def test_an_accepted_memory_recalls_the_statement_only(engine, home, workspace, state_root):
    from context_center.engine import open_engine
    claude_session(home, workspace, "cccc3333", [
        ("2026-11-22T10:00:00Z", "Never push to main directly; open a pull request instead.")])
    [memory] = engine.suggestions(home=home).memories
    fact = engine.accept_suggestion(memory.id, home=home).fact
    assert fact.body == "Never push to main directly; open a pull request instead."
    result = engine.recall("can I push this fix to main directly?", record=False)
    [hit] = result.hits
    assert hit.fact.id == fact.id and hit.snippet.endswith(fact.body)  # name and title come first, as upstream's
    assert hit.snippet.count("open a pull request instead") <= 2  # description == body: not repeated
    for word in ("Why", "How to apply", "Evidence", "cccc3333", "session"):
        assert word not in result.block
    text = fact.path.read_text(encoding="utf-8")
    assert "metadata:" in text and "  suggestion:" in text and "how_to_apply:" in text
    engine.edit(fact.ref, FactInput(keywords="git"))
    with open_engine(state_root=state_root, workspace=workspace) as again:
        kept = again.suggestion_provenance(again.fact(fact.ref))
    assert kept["id"] == memory.id and kept["why"] == memory.reason and kept["how_to_apply"] == memory.how_to_apply
    assert kept["evidence"] == [{"source": "claude-code", "session": "cccc3333", "timestamp": "2026-11-22T10:00:00Z",
                                 "text": "Never push to main directly; open a pull request instead."}]
    assert engine.suggestion_provenance(engine.remember(FactInput(title="Plain", body="x")).fact) is None
    with pytest.raises(InvalidInput):  # metadata is written once, at creation
        engine.remember(FactInput(title="Plain", body="y", expected_revision=1, metadata_extra=(("k", "k: v"),)))


def test_accepting_with_edits_and_the_store_refusals(engine, transcripts):
    engine.remember(FactInput(name="holder", title="Holder", body="x", subject_key="project.deploy_day"))
    deploy = next(m for m in engine.suggestions(home=transcripts).memories if "Tuesdays" in m.description)
    with pytest.raises(SubjectConflict):
        engine.accept_suggestion(deploy.id, FactInput(subject_key="project.deploy_day"), home=transcripts)
    fact = engine.accept_suggestion(deploy.id, FactInput(title="Deploys happen on Tuesdays", scope="project"),
                                    home=transcripts).fact
    assert fact.title == "Deploys happen on Tuesdays" and "deploy on Tuesdays" in fact.body


def test_dismissed_candidates_stay_dismissed(engine, transcripts, state_root, workspace):
    from context_center.engine import open_engine
    first = engine.suggestions(home=transcripts).memories[0]
    engine.dismiss_suggestion(first.id, home=transcripts)
    with open_engine(state_root=state_root, workspace=workspace) as again:
        assert first.id not in {m.id for m in again.suggestions(home=transcripts).memories}


def test_accepted_and_dismissed_candidates_are_counted_apart(engine, transcripts, tmp_path):
    found = engine.suggestions(home=transcripts)
    engine.accept_suggestion(found.memories[0].id, home=transcripts)
    engine.accept_suggestion(found.skills[0].id, skill_dir=tmp_path / "skills", home=transcripts)
    engine.dismiss_suggestion(found.memories[1].id, home=transcripts)
    skipped = engine.suggestions(home=transcripts).skipped
    assert skipped["accepted"] == 2 and skipped["dismissed"] == 1


def test_a_dismissal_can_be_listed_and_undone(engine, transcripts, tmp_path):
    found = engine.suggestions(home=transcripts)
    memory, accepted, [skill] = found.memories[0], found.memories[1], found.skills
    engine.dismiss_suggestion(memory.id, home=transcripts)
    engine.dismiss_suggestion(skill.id, home=transcripts)
    engine.accept_suggestion(accepted.id, home=transcripts)
    dismissed = engine.dismissed_suggestions(home=transcripts)
    assert {d.id: d.candidate for d in dismissed} == {memory.id: memory, skill.id: skill}
    assert all(d.dismissed_at for d in dismissed) and {d.title for d in dismissed} == {memory.title, skill.title}
    engine.undismiss_suggestion(memory.id)
    again = engine.suggestions(home=transcripts)
    assert memory.id in {m.id for m in again.memories} and [d.id for d in again.dismissed] == [skill.id]
    with pytest.raises(NotFound):
        engine.undismiss_suggestion(memory.id)        # no longer dismissed
    with pytest.raises(NotFound):
        engine.undismiss_suggestion(accepted.id)      # accepting is not undone here
    assert accepted.id not in {m.id for m in again.memories}


def test_a_dismissal_outlives_its_transcript_and_can_still_be_undone(engine, transcripts):
    memory = engine.suggestions(home=transcripts).memories[0]
    engine.dismiss_suggestion(memory.id, home=transcripts)
    empty = transcripts.parent / "empty-home"
    empty.mkdir()
    [gone] = engine.dismissed_suggestions(home=empty)
    assert (gone.id, gone.candidate, gone.title) == (memory.id, None, memory.id)
    assert gone.to_json()["kind"] is None
    engine.undismiss_suggestion(memory.id)
    assert engine.dismissed_suggestions(home=transcripts) == []


def test_an_accepted_skill_is_written_where_the_user_chooses(engine, transcripts, tmp_path):
    [skill] = engine.suggestions(home=transcripts).skills
    path = engine.accept_suggestion(skill.id, skill_dir=tmp_path / "skills", home=transcripts).path
    assert path == tmp_path / "skills" / skill.name / "SKILL.md" and path.read_text() == skill.body
    other = tmp_path / "skills2"
    (other / skill.name).mkdir(parents=True)
    (other / skill.name / "SKILL.md").write_text("mine")
    from context_center.engine.suggestions.service import write_skill
    with pytest.raises(NameConflict):
        write_skill(skill, other)
    assert (other / skill.name / "SKILL.md").read_text() == "mine"


def test_a_skill_goes_to_the_workspace_skills_folder_created_on_accept(engine, transcripts, workspace):
    from context_center.engine import default_skill_folder, skill_file
    [skill] = engine.suggestions(home=transcripts).skills
    assert not (workspace / ".claude").exists()
    with pytest.raises(InvalidInput):
        engine.accept_suggestion(skill.id, home=transcripts, skill_name="Release Checklist")
    assert not (workspace / ".claude").exists()
    path = engine.accept_suggestion(skill.id, home=transcripts, skill_name="release-checklist").path
    assert path == skill_file(default_skill_folder(workspace), "release-checklist")
    assert path == workspace / ".claude" / "skills" / "release-checklist" / "SKILL.md"
    assert path.read_text().startswith("---\nname: release-checklist\ndescription: ")


def test_only_the_twelve_most_recent_sessions_are_read(engine, home, workspace):
    import os
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo",
             "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor",
             "whiskey", "xray", "yankee", "zulu", "amber", "basil"]
    for n in range(14):
        statement = f"Never touch the {words[2 * n]} {words[2 * n + 1]} folder."  # no two overlap
        path = claude_session(home, workspace, f"s{n:02d}", [(f"2026-11-{n + 1:02d}T10:00:00Z", statement)],
                              noise=False)
        os.utime(path, (1_700_000_000 + n, 1_700_000_000 + n))
    result = engine.suggestions(home=home)
    assert {s.name: s.sessions for s in result.sources}["claude-code"] == 12
    seen = {e.session for m in result.memories for e in m.evidence}
    assert "s00" not in seen and "s01" not in seen and len(result.memories) == 6  # at most six candidates


def test_titles_and_names_are_cut_between_words(engine, home, workspace):
    statement = ("Always run the database migrations against a disposable copy of production before merging "
                 "anything into the release branch")
    skill_ask = "Run the localisation export for every storefront translation bundle, then upload the archive"
    claude_session(home, workspace, "dddd4444", [("2026-11-22T10:00:00Z", statement),
                                                 ("2026-11-22T10:01:00Z", skill_ask)])
    codex_session(home, workspace, "eeee5555", [("2026-11-23T10:00:00Z", skill_ask)])
    result = engine.suggestions(home=home)
    [memory], [skill] = result.memories, result.skills
    words = set(statement.lower().split()) | set(skill_ask.lower().rstrip(",").replace(",", "").split())
    for title, source in ((memory.title, statement), (skill.title, skill_ask)):
        assert title.endswith("…") and len(title) <= 60
        kept = title[:-1]
        assert source.startswith(kept) and source[len(kept)] in " ,"   # the next character starts a new word
    for name, limit in ((memory.name, 60), (skill.name, 48)):
        assert len(name) <= limit and re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name)
        assert all(part in words for part in name.split("-")), name


def test_chinese_titles_are_cut_at_a_character():
    from context_center.engine.suggestions.candidates import _title
    statement = "以后" + "请在每次提交之前运行完整的测试套件并检查格式" * 4
    title = _title(statement)
    assert len(title) == 60 and title.endswith("…") and statement.startswith(title[:-1])


def test_decisions_work_on_the_last_scan_without_reading_transcripts_again(engine, transcripts, tmp_path):
    import shutil
    found = engine.suggestions(home=transcripts)
    first, second = found.memories[0], found.memories[1]
    skill = found.skills[0]
    shutil.rmtree(transcripts / ".claude")  # a re-scan would now find nothing
    shutil.rmtree(transcripts / ".codex", ignore_errors=True)
    accepted = engine.accept_suggestion(first.id, home=transcripts)
    assert accepted.kind == "memory" and accepted.fact is not None and accepted.ref == accepted.fact.ref
    written = engine.accept_suggestion(skill.id, skill_dir=tmp_path / "skills", home=transcripts)
    assert written.kind == "skill" and written.fact is None and written.path.name == "SKILL.md"
    engine.dismiss_suggestion(second.id, home=transcripts)
    now = engine.current_suggestions(home=transcripts)
    assert {first.id, second.id, skill.id}.isdisjoint({c.id for c in [*now.memories, *now.skills]})
    assert now.skipped["accepted"] == 2 and now.skipped["dismissed"] == 1
    assert [d.id for d in now.dismissed][:1] == [second.id]
    assert first in found.memories  # what was handed out earlier never changes under its holder
    engine.undismiss_suggestion(second.id)
    assert second in engine.current_suggestions(home=transcripts).memories


# evidence is of the same statement only ---------------------------------------------------------------

def test_statements_in_the_same_words_are_not_one_candidate(engine, home, workspace):
    """A new user's case: "Always use date-fns" claimed two sessions, one of its quotes was about pnpm,
    and its body had lost the "Don't use moment.js" half."""
    claude_session(home, workspace, "s-datefns",
                   [("2026-11-20T10:00:00Z", "Always use date-fns. Don't use moment.js.")])
    claude_session(home, workspace, "s-pnpm-1", [("2026-11-21T10:00:00Z", "Again, always use pnpm please.")])
    codex_session(home, workspace, "s-pnpm-2", [("2026-11-22T10:00:00Z", "Always use pnpm.")])
    result = engine.suggestions(home=home)
    by_body = {m.body: m for m in result.memories}
    assert set(by_body) == {"Always use date-fns. Don't use moment.js.", "Always use pnpm."}
    dates, pnpm = by_body["Always use date-fns. Don't use moment.js."], by_body["Always use pnpm."]
    assert [e.text for e in dates.evidence] == ["Always use date-fns. Don't use moment.js."]
    assert "in 1 session;" in dates.reason
    assert [e.text for e in pnpm.evidence] == ["Always use pnpm.", "Again, always use pnpm please."]
    assert "in 2 sessions;" in pnpm.reason
    assert result.memories[0] is pnpm   # seen in more sessions first


def test_chinese_statements_in_the_same_words_are_not_one_candidate(engine, home, workspace):
    claude_session(home, workspace, "s-zh-1", [("2026-11-20T10:00:00Z", "以后都用 pnpm 安装依赖")])
    claude_session(home, workspace, "s-zh-2", [("2026-11-21T10:00:00Z", "以后都用 yarn 安装依赖")])
    codex_session(home, workspace, "s-zh-3", [("2026-11-22T10:00:00Z", "以后都请用 pnpm 安装依赖。")])
    by_sessions = {m.body: sorted(e.session for e in m.evidence) for m in engine.suggestions(home=home).memories}
    assert by_sessions == {"以后都请用 pnpm 安装依赖。": ["s-zh-1", "s-zh-3"], "以后都用 yarn 安装依赖。": ["s-zh-2"]}


def test_a_sentence_carrying_on_a_request_stays_with_it_and_a_new_request_stands_alone():
    assert statements("Always use date-fns. Don't use moment.js.") == ["Always use date-fns. Don't use moment.js."]
    assert statements("Always use pnpm. Never push to main.") == ["Always use pnpm.", "Never push to main."]
    assert statements("The build is slow. Don't worry about it.") == ["The build is slow.", "Don't worry about it."]
    assert statements("Always use date-fns. Don't you think moment.js is old?") == [
        "Always use date-fns.", "Don't you think moment.js is old?"]


def test_an_accepted_suggestion_gets_a_short_name_and_keeps_the_users_words(engine, home, workspace):
    said = "Please remember that we always squash merge pull requests into main before the release, please."
    claude_session(home, workspace, "s-squash", [("2026-11-20T10:00:00Z", said),
                                                 ("2026-11-20T10:05:00Z", "Always squash merge small fixes.")])
    found = {m.body: m for m in engine.suggestions(home=home).memories}
    squash = found["We always squash merge pull requests into main before the release, please."]
    assert squash.name == "we-always-squash-merge"   # a few words, never the sentence, never "please"
    assert found["Always squash merge small fixes."].name == "always-squash-merge-small"
    engine.remember(FactInput(name="we-always-squash-merge", title="Taken", body="A name already in use."))
    accepted = engine.accept_suggestion(squash.id, home=home)
    assert accepted.fact.name == "we-always-squash-merge-2"   # the short name's first free variant
    assert accepted.fact.body.strip() == "We always squash merge pull requests into main before the release, please."
    with pytest.raises(NameConflict):   # a name the user chose is theirs: a conflict is said
        engine.accept_suggestion(found["Always squash merge small fixes."].id,
                                 FactInput(name="we-always-squash-merge"), home=home)


def test_short_names_of_chinese_and_of_long_words():
    from context_center.engine.suggestions.candidates import short_name

    assert short_name("请记住以后请始终用中文回复", "x") == "以后始终用中文回复"
    assert short_name("以后提交代码之前一定要先运行完整的测试套件并且检查格式", "x") == "以后提交代码之前一定"
    assert short_name("Always use supercalifragilisticexpialidocious-configuration-management-tools", "x") == (
        "always-use")   # the next word would pass 40 characters
    assert short_name("!!!", "mem-abc") == "mem-abc"


def test_a_decision_taken_before_grouping_by_statement_still_holds(engine, home, workspace):
    """A candidate's id was the hash of its text as said; a dismissal under that id is kept."""
    import hashlib

    claude_session(home, workspace, "s-old", [("2026-11-20T10:00:00Z", "Always use pnpm.")])
    earlier = "mem-" + hashlib.sha1("always use pnpm.".encode()).hexdigest()[:12]
    engine._suggestions._catalog.decide(workspace, earlier, "dismissed", "2026-11-21T00:00:00Z")
    result = engine.suggestions(home=home)
    assert result.memories == [] and result.skipped == {"dismissed": 1}
    assert [d.id for d in result.dismissed] == [earlier] and result.dismissed[0].candidate is not None


def test_english_prohibitions_and_stated_facts_are_proposed_and_chatter_is_not(engine, home, workspace):
    """"Don't commit directly to main" and "Do not use moment.js" were proposed only when said in
    Chinese; a fact stated about the project (where the staging database is) was not proposed."""
    said = ["Don't commit directly to main; open a branch first.", "Do not use moment.js in this repo.",
            "the staging DB is at db-staging.internal", "Don't worry about the flaky test for now."]
    claude_session(home, workspace, "pppp1111", [(f"2026-11-22T10:0{n}:00Z", text) for n, text in enumerate(said)])
    codex_session(home, workspace, "qqqq2222", [(f"2026-11-23T10:0{n}:00Z", text) for n, text in enumerate(said)])
    found = {m.body: m for m in engine.suggestions(home=home).memories}
    assert set(found) == {"Don't commit directly to main; open a branch first.", "Do not use moment.js in this repo.",
                          "The staging DB is at db-staging.internal."}
    assert found["Do not use moment.js in this repo."].type == "feedback"
    assert {e.session for e in found["Do not use moment.js in this repo."].evidence} == {"pppp1111", "qqqq2222"}


def test_a_candidate_restating_a_fact_in_another_language_is_already_known(engine, home, workspace):
    engine.remember(FactInput(name="package-manager", title="包管理器", body="项目使用 pnpm 管理依赖。"))
    claude_session(home, workspace, "rrrr1111", [("2026-11-22T10:00:00Z", "Always use pnpm in this repository."),
                                                 ("2026-11-22T10:01:00Z", "Always use Node 20 for this project.")])
    result = engine.suggestions(home=home)
    assert [m.body for m in result.memories] == ["Always use Node 20 for this project."]
    assert {k.statement: k.matches for k in result.known} == {
        "Always use pnpm in this repository.": "项目使用 pnpm 管理依赖。"}


def test_a_skill_is_named_for_what_it_does_and_its_steps_do_not_ask(engine, home, workspace):
    ask = "Please write the release notes for 1.3 and open a PR, then ping the release channel"
    claude_session(home, workspace, "ssss1111", [("2026-11-22T10:00:00Z", ask)])
    codex_session(home, workspace, "tttt2222", [("2026-11-23T10:00:00Z", "please write the release notes for 1.4")])
    [skill] = engine.suggestions(home=home).skills
    assert skill.name == "write-release-notes"   # was please-write-the-release-notes-for-1-3-and-open
    assert skill.title.startswith("Write the release notes")
    assert "1. Write the release notes for 1.3 and open a PR" in skill.body
    assert "2. Ping the release channel" in skill.body
    assert "Please" not in skill.body.split("## Steps")[1].split("## Where")[0]
