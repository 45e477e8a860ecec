"""Importing what other agents remember: each source from its documented shape, landing staged."""
from __future__ import annotations

import pytest

from context_center.engine import FactInput, InvalidInput
from support.agent_memories import (  # noqa: F401 - no_agent_homes is an autouse fixture
    AWS_KEY,
    claude_memory_folder,
    no_agent_homes,
    write_claude_memory,
    write_codex_memories,
    write_context_eng_store,
)


def _by_title(report):
    return {item.found.title: item for item in report.items}


def _reasons(report):
    return {s.source_path.rsplit("/", 1)[-1]: s.reason for s in report.skipped}


def _files_under(root):
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in root.rglob("*.md"))


def test_claude_code_topics_become_staged_suggestions(engine, tmp_path, state_root):
    home = tmp_path / "home"
    folder = write_claude_memory(home, engine.paths.workspace)
    report = engine.import_memories("claude-code", home=home)
    assert report.location == str(folder)
    items = _by_title(report)
    assert {title: item.found.type for title, item in items.items()} == {
        "User role": "user", "Integration tests hit a real database": "feedback",
        "Release dashboard": "reference", "Build notes": "project"}
    assert all(item.status == "imported" and item.found.scope == "project" for item in report.items)
    reasons = _reasons(report)
    assert reasons["empty.md"].startswith("empty") and "secret" in reasons["deploy.md"]
    sources = [i.found.source_path for i in report.items] + [s.source_path for s in report.skipped]
    assert not any(path.endswith(("MEMORY.md", "notes.txt")) for path in sources)   # the index is no topic
    assert report.found == 6 and report.imported == 4
    facts = {fact.title: fact for fact in engine.facts()}
    assert set(facts) == set(items) and all(fact.staging for fact in facts.values())
    role = facts["User role"]
    assert role.created_at == role.updated_at == "2026-03-04T10:00:00.000Z"   # front matter `modified`
    assert facts["Integration tests hit a real database"].updated_at == "2026-03-05T00:00:00.000Z"
    assert role.body.startswith("The user is a data scientist") and role.description.startswith("The user is")
    assert facts["Build notes"].body.startswith("# Build notes")
    proposals = {p.fact.title: p for p in engine.agent_proposals()}
    assert proposals["User role"].imported_from == str(folder / "user_role.md")
    assert proposals["User role"].agent == "claude-code" and not proposals["User role"].stale  # waits since today
    assert AWS_KEY not in _files_under(state_root)


def test_claude_code_reads_only_the_folder_of_this_workspace(engine, tmp_path):
    home = tmp_path / "home"
    other = claude_memory_folder(home, tmp_path / "work" / "other-repo")
    (other / "topic.md").write_text("---\ntype: project\n---\nAnother project's memory.\n", encoding="utf-8")
    report = engine.import_memories("claude-code", home=home)
    assert report.found == 0 and report.items == [] and "No Claude Code auto memory" in report.message
    assert engine.facts() == []


def test_claude_code_of_a_linked_worktree_is_found_under_the_main_root(tmp_path, state_root):
    from context_center.engine import open_engine

    main = tmp_path / "main"
    (main / ".git" / "worktrees" / "feature").mkdir(parents=True)
    (main / ".git" / "worktrees" / "feature" / "commondir").write_text("../..\n", encoding="utf-8")
    worktree = tmp_path / "feature"
    worktree.mkdir()
    (worktree / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'feature'}\n", encoding="utf-8")
    home = tmp_path / "home"
    (claude_memory_folder(home, main) / "topic.md").write_text("Shared by every worktree.\n", encoding="utf-8")
    with open_engine(state_root=state_root, workspace=worktree) as engine:
        report = engine.import_memories("claude-code", home=home)
    assert [item.found.body for item in report.items] == ["Shared by every worktree."]


def test_codex_files_split_into_one_item_per_bullet_or_paragraph(engine, tmp_path):
    home = tmp_path / "home"
    folder = write_codex_memories(home)
    report = engine.import_memories("codex", home=home)
    imported = {item.found.body: item for item in report.items if item.status == "imported"}
    assert set(imported) == {
        "Always answer in British English.",
        "Prefer uv over pip for Python projects,\n  and pin versions in pyproject.toml.\n"
        "  - nested: keep the lock file committed",
        "Docs for the billing API are at https://docs.example.com/billing",
        "Never run the migrations against production by hand.",
        "The staging cluster is rebuilt every Monday night.",
        "Keep CI under ten minutes.",
    }
    assert all(item.found.scope == "global" for item in imported.values())
    assert imported["Docs for the billing API are at https://docs.example.com/billing"].found.type == "reference"
    assert imported["Never run the migrations against production by hand."].found.type == "feedback"
    assert imported["The staging cluster is rebuilt every Monday night."].found.type == "project"
    reasons = _reasons(report)   # the summary repeats MEMORY.md word for word: nothing to review
    assert reasons == {"tokens.md": reasons["tokens.md"], "headings.md": "headings only: no memory in it",
                       "empty.md": "empty file",
                       "memory_summary.md": f"the same text as {folder / 'MEMORY.md'}, word for word"}
    assert "secret" in reasons["tokens.md"]
    assert report.found == 10 and report.imported == 6
    assert {f.body for f in engine.facts()} == set(imported) and all(f.staging for f in engine.facts())


def test_context_eng_rows_of_this_project_and_global(engine, tmp_path):
    home = tmp_path / "home"
    root = write_context_eng_store(home, engine.paths.workspace)
    report = engine.import_memories("context-eng", home=home)
    items = {item.found.upstream_id: item for item in report.items}
    assert set(items) == {"g1", "p1", "p4"} and all(i.status == "imported" for i in items.values())
    reasons = {s.source_path.rsplit("#", 1)[-1]: s.reason for s in report.skipped}
    assert reasons == {"p2": "inactive upstream (active = 0)",
                       "p3": "belongs to another project (/elsewhere/other-repo)", "p5": reasons["p5"]}
    assert "secret" in reasons["p5"]
    assert "o1" not in str(report.to_json())          # another project's folder is not ours to read
    facts = {fact.body: fact for fact in engine.facts()}
    cache = facts["Use SQLite for the local cache."]
    assert (cache.scope, cache.category, cache.type, cache.subject, cache.tags) == (
        "project", "Decision", "project", "cache", ("storage", "sqlite"))
    assert (cache.created_at, cache.updated_at) == ("2026-03-04T10:00:00.000Z", "2026-03-04T11:00:00.000Z")
    assert cache.staging and "promoted upstream" in items["p1"].to_json()["note"]   # never straight into recall
    style = facts["Answer in short paragraphs."]
    assert (style.scope, style.category, style.type, style.topics, style.importance) == (
        "global", "preference", "user", ("style",), 0.7)
    assert items["g1"].to_json()["note"] == "staging upstream"
    workflow = facts["Run the linters before committing."]
    assert (workflow.scope, workflow.category, workflow.type, workflow.staging) == (
        "project", "workflow", "feedback", True)
    assert items["p1"].found.source_path == f"{root}/projects/demo-repo-3f2a9c0d1e4b/categories/" \
                                            "decision-0a1b2c3d4e5f.db#p1"


@pytest.mark.parametrize("source, write", [
    ("claude-code", lambda home, ws: write_claude_memory(home, ws)),
    ("codex", lambda home, ws: write_codex_memories(home)),
    ("context-eng", lambda home, ws: write_context_eng_store(home, ws)),
])
def test_importing_twice_adds_nothing(engine, tmp_path, source, write):
    home = tmp_path / "home"
    write(home, engine.paths.workspace)
    first = engine.import_memories(source, home=home)
    assert first.imported >= 3
    second = engine.import_memories(source, home=home)
    assert second.imported == 0 and second.items == []
    assert sum(s.reason.startswith("already imported") for s in second.skipped) == first.imported
    rejected = engine.agent_proposals()[0].fact
    engine.reject_proposal(rejected.id, rejected.scope)     # the user deleted one: it stays deleted
    third = engine.import_memories(source, home=home)
    assert third.imported == 0
    assert "already imported (its suggestion was deleted since)" in {s.reason for s in third.skipped}
    assert len(engine.facts()) == first.imported - 1


def test_a_changed_source_file_brings_its_new_content(engine, tmp_path):
    home = tmp_path / "home"
    folder = write_claude_memory(home, engine.paths.workspace)
    engine.import_memories("claude-code", home=home)
    (folder / "build_notes.md").write_text("# Build notes\n\nDeploys go out from the release branch only.\n",
                                           encoding="utf-8")
    again = engine.import_memories("claude-code", home=home)
    assert [(i.found.title, i.status) for i in again.items] == [("Build notes", "imported")]
    assert [f.title for f in engine.facts()].count("Build notes") == 2


def test_a_dry_run_writes_nothing_and_still_refuses_secrets(engine, tmp_path, state_root):
    home = tmp_path / "home"
    write_context_eng_store(home, engine.paths.workspace)
    report = engine.import_memories("context-eng", dry_run=True, home=home)
    assert report.dry_run and report.imported == 0 and report.would_import == 3
    assert {item.status for item in report.items} == {"would_import"}
    assert all(item.id.startswith("imp-") and item.ref == "" for item in report.items)
    assert any("secret" in s.reason for s in report.skipped)
    assert engine.facts() == [] and not list(state_root.rglob("*.md"))
    assert engine.import_memories("context-eng", home=home).imported == 3   # the dry run recorded nothing


def test_a_possible_duplicate_of_an_existing_fact_is_flagged_for_review(engine, tmp_path):
    existing = engine.remember(FactInput(title="Local cache", description="Use SQLite for the local cache",
                                         body="Use SQLite for the cache.", scope="project")).fact
    home = tmp_path / "home"
    write_context_eng_store(home, engine.paths.workspace)
    report = engine.import_memories("context-eng", home=home)
    [flagged] = [item for item in report.items if item.duplicate_of]
    assert flagged.found.upstream_id == "p1" and flagged.status == "imported"
    assert flagged.to_json()["duplicate_of"] == existing.ref
    [proposal] = [p for p in engine.agent_proposals() if p.fact.id == flagged.id]   # the user decides
    assert proposal.duplicate_of == existing.ref and proposal.to_json()["duplicate_of"] == existing.ref


def test_an_edited_source_with_something_new_is_imported_and_a_short_description_flags_nothing(engine, tmp_path):
    engine.remember(FactInput(title="Deploys", description="deploy steps", body="Releases are tagged by CI."))
    home = tmp_path / "home"
    folder = claude_memory_folder(home, engine.paths.workspace)
    (folder / "deploy.md").write_text("---\ntype: project\n---\nProduction deploys need two approvals.\n",
                                      encoding="utf-8")
    (folder / "mobile.md").write_text("The mobile app deploy steps are run with fastlane beta.\n", encoding="utf-8")
    first = engine.import_memories("claude-code", home=home)
    assert [(i.found.source_path.rsplit("/", 1)[1], i.duplicate_of) for i in first.items] == [
        ("deploy.md", ""), ("mobile.md", "")]
    earlier = next(i.ref for i in first.items if i.found.source_path.endswith("deploy.md"))
    (folder / "deploy.md").write_text("---\ntype: project\n---\nProduction deploys need two approvals.\n\n"
                                      "Production deploys are frozen on Fridays.\n", encoding="utf-8")
    again = engine.import_memories("claude-code", home=home)
    [update] = again.items
    assert update.status == "imported" and "frozen on Fridays" in update.found.body
    assert update.duplicate_of == earlier   # flagged: it repeats the earlier import, and adds to it


def test_imported_memories_are_not_recalled_until_promoted(engine, tmp_path):
    home = tmp_path / "home"
    write_context_eng_store(home, engine.paths.workspace)
    engine.import_memories("context-eng", home=home)
    question = "which database should the local cache use, sqlite?"
    assert engine.recall(question, record=False).hits == ()
    assert engine.search("sqlite local cache").hits == ()
    staged = next(f for f in engine.facts() if "SQLite" in f.body)
    engine.approve_proposal(staged.id, staged.scope)
    assert [hit.fact.id for hit in engine.recall(question, record=False).hits] == [staged.id]
    assert staged.id in [hit.fact.id for hit in engine.search("sqlite local cache").hits]


def test_a_missing_home_finds_nothing_and_says_where_it_looked(engine, tmp_path):
    home = tmp_path / "nobody"
    for source in ("claude-code", "codex", "context-eng"):
        report = engine.import_memories(source, home=home)
        assert (report.found, report.imported, report.items, report.skipped) == (0, 0, [], [])
        assert str(home) in report.message and report.location.startswith(str(home))


def test_the_environment_names_the_homes(engine, tmp_path, monkeypatch):
    write_codex_memories(tmp_path / "elsewhere")
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "elsewhere" / ".codex"))
    report = engine.import_memories("codex", dry_run=True, home=tmp_path / "home")
    assert report.location == str(tmp_path / "elsewhere" / ".codex" / "memories") and report.would_import == 6


def test_an_unknown_source_is_refused(engine, tmp_path):
    with pytest.raises(InvalidInput, match="unknown source"):
        engine.import_memories("vim", home=tmp_path)


def test_codex_split_keeps_a_code_block_with_its_bullet():
    from context_center.engine.importers.codex import split

    text = "# Commands\n\n- Run the tests with:\n\n```sh\nmake test\n\nmake lint\n```\n- Keep PRs small.\n"
    assert split(text) == ["Run the tests with:\n```sh\nmake test\n\nmake lint\n```", "Keep PRs small."]
