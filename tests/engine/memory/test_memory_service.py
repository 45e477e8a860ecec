"""The store's rules through the engine facade, on real files."""
import os
import re
from pathlib import Path

import pytest

from context_center.engine import (
    AlreadyActive,
    FactInput,
    InvalidInput,
    NameConflict,
    NotFound,
    PinnedBudgetExceeded,
    RevisionConflict,
    ScopeConflict,
    SensitiveContent,
    SubjectConflict,
    open_engine,
)
from support.store import rewrite_as_reasonix_does, wait_until


def remember(engine, name, body="a body", **fields):
    fields.setdefault("title", name.replace("-", " "))
    fields.setdefault("description", f"about {name}")
    return engine.remember(FactInput(name=name, body=body, **fields)).fact


def test_remember_writes_the_file_where_design_says(engine, state_root, workspace):
    fact = remember(engine, "release-branch", "Cut from release/2026.11")
    assert fact.path == engine.paths.memory_dir("project") / "release-branch.md"
    assert fact.path.parent.parent.parent == state_root / "projects"
    assert fact.path.parent.parent.name == str(workspace.resolve()).replace("/", "-")
    assert re.fullmatch(r"mem-[0-9a-f]{32}", fact.id) and fact.revision == 1


def test_global_facts_live_under_memory_global(engine, state_root):
    fact = remember(engine, "reply-language", type="user", scope="global")
    assert fact.path == state_root / "memory" / "global" / "reply-language.md"
    assert fact.ref == "global/reply-language.md"


def test_an_update_inherits_omitted_fields_and_snapshots_the_previous_revision(engine):
    first = remember(engine, "ci", "v1", keywords="ci pipeline", volatility="volatile",
                     subject_key="project.ci", expires_at="2030-01-01")
    second = engine.edit(first.id, FactInput(body="v2")).fact
    assert (second.revision, second.id, second.created_at) == (2, first.id, first.created_at)
    assert (second.keywords, second.volatility, second.subject_key, second.expires_at) == (
        "ci pipeline", "volatile", "project.ci", "2030-01-01T23:59:59Z")
    snapshot = engine.paths.memory_dir("project") / ".revisions" / first.id / "000000001.md"
    assert "v1" in snapshot.read_text()


def test_an_edit_that_changes_nothing_makes_no_revision(engine):
    fact = remember(engine, "same")
    result = engine.edit(fact.id, FactInput(body="a body"))
    assert not result.changed and result.fact.revision == 1


def test_rename_happens_through_the_id(engine):
    fact = remember(engine, "old-name")
    renamed = engine.edit(fact.id, FactInput(name="new-name")).fact
    folder = engine.paths.memory_dir("project")
    assert renamed.id == fact.id and renamed.ref == "project/new-name.md"
    assert (folder / "new-name.md").exists() and not (folder / "old-name.md").exists()
    assert [r.revision for r in engine.revisions(fact.id)[1]] == [1]


def test_a_rename_onto_a_used_name_is_refused(engine):
    remember(engine, "taken")
    other = remember(engine, "other")
    with pytest.raises(NameConflict):
        engine.edit(other.id, FactInput(name="taken"))


def test_remember_with_a_used_name_is_a_name_conflict(engine):
    remember(engine, "dup")
    with pytest.raises(NameConflict):
        remember(engine, "dup")


def test_the_same_name_in_both_scopes_is_two_facts_and_refs_tell_them_apart(engine):
    project = remember(engine, "deploy", "green", scope="project")
    glob = remember(engine, "deploy", "legacy", scope="global")
    assert engine.fact("deploy").id == project.id  # a bare name prefers the project
    assert engine.fact("global/deploy.md").id == glob.id
    assert engine.fact("deploy", scope="global").id == glob.id
    with pytest.raises(ScopeConflict):
        engine.fact("global/deploy.md", scope="project")


def test_an_edit_cannot_move_a_fact_to_the_other_scope(engine):
    fact = remember(engine, "stay")
    with pytest.raises(ScopeConflict):
        engine.edit(fact.id, FactInput(scope="global"))


def test_a_stale_expected_revision_changes_nothing(engine):
    fact = remember(engine, "racy", "v1")
    engine.edit(fact.id, FactInput(body="v2", expected_revision=1))
    with pytest.raises(RevisionConflict, match="expected at revision 1 but is at revision 2"):
        engine.edit(fact.id, FactInput(body="v3", expected_revision=1))
    assert engine.fact(fact.id).body == "v2"


@pytest.mark.parametrize("field, value", [("type", "opinion"), ("scope", "company"), ("activation", "always"),
                                          ("volatility", "sometimes"), ("expires_at", "soon"),
                                          ("subject_key", "!!!")])
def test_bad_field_values_are_invalid_input(engine, field, value):
    with pytest.raises(InvalidInput):
        remember(engine, "bad", **{field: value})


def test_subject_conflict_names_the_holder_and_the_other_scope_is_an_override(engine):
    holder = remember(engine, "pm", "npm", subject_key="Project.Package Manager")
    with pytest.raises(SubjectConflict) as caught:
        remember(engine, "tooling", "pnpm", subject_key="project.package_manager")
    message = caught.value.message
    assert holder.id in message and "revision 1" in message and "pm" in message and "about pm" in message
    glob = remember(engine, "pm-global", "yarn", scope="global", subject_key="project.package_manager")
    assert engine.overrides()[("global", glob.id)][0].id == holder.id


def test_a_subject_conflict_names_what_a_fact_without_a_description_says(engine):
    """The holder had no description: the refusal named it as '' (a new user's walk)."""
    holder = remember(engine, "package-manager-is-pnpm", "Use pnpm.", title="Package manager is pnpm",
                      description="", subject_key="project.package_manager")
    with pytest.raises(SubjectConflict) as caught:
        remember(engine, "npm", "Use npm.", subject_key="project.package_manager")
    assert holder.id in caught.value.message and "'Package manager is pnpm'" in caught.value.message
    assert ": ''" not in caught.value.message


def test_pinned_budget_counts_legacy_pins_but_not_the_fact_being_saved(engine):
    folder = engine.paths.memory_dir("global")
    folder.mkdir(parents=True)
    (folder / "legacy-style.md").write_text(
        "---\nname: legacy-style\nmetadata:\n  type: feedback\n  scope: global\n---\n\n" + "L" * 1000 + "\n")
    engine.refresh()
    assert engine.fact("legacy-style").pinned  # legacy global feedback resolves to pinned
    small = remember(engine, "small", "s" * 400, activation="pinned")
    with pytest.raises(PinnedBudgetExceeded) as caught:
        engine.edit(small.id, FactInput(body="s" * 600))
    assert "1,600" in caught.value.message and "AGENTS.md" in caught.value.message
    engine.edit(small.id, FactInput(body="s" * 500))  # exactly 1,500: allowed
    engine.unpin("legacy-style")
    assert engine.fact("legacy-style").activation == "relevant"


def test_a_pin_counts_code_points_of_the_trimmed_body(engine):
    remember(engine, "cjk", "  " + "规" * 1500 + "  \n", activation="pinned")
    with pytest.raises(PinnedBudgetExceeded):
        remember(engine, "one-more", "x", activation="pinned")


def test_verify_is_a_new_revision_like_upstreams_save(engine):
    fact = remember(engine, "checked")
    verified = engine.verify(fact.id).fact
    assert verified.last_verified_at and verified.revision == 2 and verified.body == fact.body
    assert verified.updated_at >= fact.updated_at
    snapshot = engine.paths.memory_dir("project") / ".revisions" / fact.id / "000000001.md"
    assert snapshot.is_file() and "last_verified_at" not in snapshot.read_text()


def test_every_revision_says_what_it_changed(engine):
    fact = remember(engine, "story", "first")
    engine.pin(fact.id)
    engine.verify(fact.id)
    engine.edit(fact.id, FactInput(body="second", title="Story, retold"))
    engine.unpin(fact.id)
    engine.restore(fact.id, 1)
    history = engine.history(fact.id)
    assert [(r.revision, r.change) for r in history] == [
        (6, "restored from revision 1"), (5, "unpinned"), (4, "edited title, text"), (3, "verified"),
        (2, "pinned"), (1, "created")]
    assert engine.edit(fact.id, FactInput(body="third")).fact.revision_note == ""  # a note is not inherited
    assert engine.history(fact.id)[0].change == "edited text"


def test_restore_brings_the_verification_of_the_restored_text(engine):
    fact = remember(engine, "claim", "old claim")
    engine.edit(fact.id, FactInput(body="new claim"))
    verified = engine.verify(fact.id).fact
    restored = engine.restore(fact.id, 1).fact
    assert restored.body == "old claim" and restored.last_verified_at == ""  # revision 1 was never verified
    assert verified.last_verified_at and engine.freshness(restored) == "fresh"


def test_restore_copies_an_old_revision_forward_and_the_active_one_is_a_no_op(engine):
    fact = remember(engine, "wording", "first")
    engine.edit(fact.id, FactInput(body="second", title="Second title"))
    assert not engine.restore(fact.id, 2).changed
    restored = engine.restore(fact.id, 1).fact
    assert (restored.revision, restored.body, restored.title) == (3, "first", "wording")
    with pytest.raises(NotFound):
        engine.restore(fact.id, 9)


def test_forget_archives_under_a_utc_stamp_and_collisions_get_a_counter(engine):
    first = remember(engine, "gone")
    entry = engine.forget(first.id)
    assert re.fullmatch(r"\d{8}-\d{6}\.\d{3}-gone\.md", entry.path.name)
    second = remember(engine, "gone")
    second_entry = engine.forget(second.id)
    assert second_entry.path != entry.path and second_entry.path.exists() and entry.path.exists()
    assert {a.id for a in engine.archived()} == {first.id, second.id}


def test_recover_refuses_when_the_id_or_name_is_active_and_keeps_the_archive(engine):
    fact = remember(engine, "back")
    entry = engine.forget(fact.id)
    remember(engine, "back", "a new fact with the same name")
    with pytest.raises(AlreadyActive, match="same name"):
        engine.recover(str(entry.path))
    assert entry.path.exists()


def test_recover_refuses_symlinks_and_escapes(engine, tmp_path):
    fact = remember(engine, "linked")
    entry = engine.forget(fact.id)
    link = entry.path.parent / "20260101-000000.000-alias.md"
    os.symlink(entry.path, link)
    for path in (link, tmp_path / "stray.md", entry.path.parent / ".." / ".archive" / ".." / "x.md"):
        with pytest.raises(NotFound):
            engine.recover(str(path))


def test_recover_makes_a_new_revision_above_every_known_one(engine):
    fact = remember(engine, "phoenix", "v1")
    engine.edit(fact.id, FactInput(body="v2"))
    engine.edit(fact.id, FactInput(body="v3"))
    entry = engine.forget(fact.id)
    recovered = engine.recover(str(entry.path)).fact
    assert recovered.revision == 4 and recovered.body == "v3" and not entry.path.exists()
    assert [r.revision for r in engine.revisions(fact.id)[1]] == [3, 2, 1]


def test_secrets_are_refused_or_stored_masked_on_request(engine):
    key = "sk-proj-" + "Q" * 32
    with pytest.raises(SensitiveContent) as caught:
        remember(engine, "creds", f"the key is {key}")
    assert key not in caught.value.message
    stored = engine.remember(FactInput(name="creds", title="creds", body=f"the key is {key}",
                                       redact_secrets=True))
    assert stored.redacted == ("OpenAI API key",)
    assert key not in stored.fact.path.read_text() and "[REDACTED]" in stored.fact.path.read_text()


def test_migrate_writes_legacy_files_once(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    (folder / "old.md").write_text("---\nname: old\ntype: project\n---\nold body\n")
    engine.refresh()
    legacy_id = engine.fact("old").id
    assert engine.migrate() == 1 and engine.migrate() == 0
    text = (folder / "old.md").read_text()
    assert f"id: {legacy_id}" in text and "revision: 1" in text and "metadata:\n  type: project" in text


def test_memory_index_is_rebuilt_and_keeps_hand_written_lines(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("# My notes\n\nKeep this line.\n- [Stale](gone.md) — derived\n")
    remember(engine, "indexed", title="Indexed fact")
    # rewritten shortly after the write, by itself (INDEX_DELAY; the wait is long for a loaded machine)
    assert wait_until(lambda: "[Indexed fact](indexed.md)" in (folder / "MEMORY.md").read_text(), timeout=30)
    text = (folder / "MEMORY.md").read_text()
    assert "Keep this line." in text and "gone.md" not in text and "[Indexed fact](indexed.md)" in text
    engine.forget("indexed")
    engine.close()   # and current when the store is closed
    assert "indexed.md" not in (folder / "MEMORY.md").read_text()


def test_a_broken_file_is_a_diagnostic_and_never_touched(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    broken = folder / "broken.md"
    broken.write_bytes(b"---\nname: [x\n---\nbody\n")
    remember(engine, "fine")
    engine.migrate()
    assert broken.read_bytes() == b"---\nname: [x\n---\nbody\n"
    [diagnostic] = engine.diagnostics()
    assert diagnostic.path == broken and diagnostic.line >= 2


def test_the_catalog_notices_files_added_changed_and_removed_behind_its_back(state_root, workspace):
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        fact = remember(engine, "watched", "original")
        folder = engine.paths.memory_dir("project")
    path = folder / "watched.md"
    path.write_text(path.read_text().replace("original", "edited by hand"))
    (folder / "added.md").write_text("---\nname: added\n---\nnew\n")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert engine.fact(fact.id).body == "edited by hand"
        assert engine.fact("added").body == "new"
    path.unlink()
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert [f.name for f in engine.facts()] == ["added"]


def test_a_corrupt_catalog_is_set_aside_and_rebuilt(state_root, workspace):
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        remember(engine, "survivor")
    (state_root / "catalog.sqlite").write_bytes(b"this is not a database" * 100)
    for suffix in ("-wal", "-shm"):
        Path(str(state_root / "catalog.sqlite") + suffix).unlink(missing_ok=True)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert [f.name for f in engine.facts()] == ["survivor"]
    assert (state_root / "catalog.sqlite.corrupt").exists()


def test_session_context_prefers_project_facts_over_equivalent_globals(engine):
    remember(engine, "style", "global style", scope="global", type="user", activation="pinned")
    remember(engine, "style", "project style", activation="pinned")
    remember(engine, "other-global", "always reply briefly", scope="global", type="user",
             activation="pinned")
    context = engine.session_context()
    assert [f.ref for f in context.facts] == ["project/style.md", "global/other-global.md"]
    assert "project style" in context.text and "global style" not in context.text
    assert [(g.ref, p.ref) for g, p in context.suppressed] == [("global/style.md", "project/style.md")]


def test_non_utf8_files_and_duplicate_ids_are_diagnostics(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    (folder / "latin1.md").write_bytes("---\nname: latin1\n---\ncaf\xe9\n".encode("latin-1"))
    front = ("---\nid: mem-" + "a" * 32 + "\nrevision: 1\nname: {name}\n"
             "metadata:\n  type: project\n  scope: project\n---\nx\n")
    (folder / "first.md").write_text(front.format(name="first"))
    (folder / "second.md").write_text(front.format(name="second"))
    engine.refresh()
    reasons = {d.path.name: d.reason for d in engine.diagnostics()}
    assert reasons["latin1.md"].startswith("not text in any encoding Reasonix reads")
    assert "also used by first.md" in reasons["second.md"]
    assert [f.name for f in engine.facts()] == ["first"]


def test_an_edit_of_an_untitled_fact_invents_no_title(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    (folder / "deploy-notes.md").write_text("---\nname: deploy-notes\ndescription: how we deploy\n"
                                            "metadata:\n  type: project\n  scope: project\n---\n\nv1\n")
    engine.refresh()
    edited = engine.edit("deploy-notes", FactInput(body="v2")).fact
    assert edited.title == "" and edited.label == "deploy notes"
    assert "title:" not in edited.path.read_text()
    engine.flush()
    index = (folder / "MEMORY.md").read_text()
    assert "[deploy notes](deploy-notes.md)" in index


def test_subjects_list_normalized_keys_and_never_an_empty_one(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    for name, key in (("a", "Project.Package Manager"), ("b", "。。")):
        (folder / f"{name}.md").write_text(f"---\nname: {name}\nsubject_key: {key}\n"
                                           "metadata:\n  type: project\n  scope: project\n---\n\nbody\n")
    engine.refresh()
    assert [(s.subject_key, s.name) for s in engine.subjects()] == [("project.package_manager", "a")]
    assert engine.fact("a").subject_key == "project.package_manager"


def test_memory_index_lines_are_in_reasonix_managed_form_and_both_forms_are_read(engine):
    import re
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("# Notes\n\n- [Old style](old.md) (pinned) — ours, before\n"
                                      "- [Theirs](theirs.md) — [project/project] upstream's line\nHand text.\n")
    remember(engine, "pinned-rule", title="Small commits", description="Keep commits\n small",
             activation="pinned")
    engine.flush()
    text = (folder / "MEMORY.md").read_text()
    # Reasonix's own test for a managed line: a "- [..](<name>.md)" link followed by spaces and an em dash
    managed = [line for line in text.splitlines() if re.match(r"^- \[[^\]]*\]\([^)]+\.md\) +—", line)]
    assert managed == ["- [Small commits](pinned-rule.md) — [project/project pinned] Keep commits small"]
    assert "Hand text." in text and "old.md" not in text and "theirs.md" not in text


@pytest.mark.parametrize("encoding, bom", [("gb18030", b""), ("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"),
                                           ("utf-8", b"\xef\xbb\xbf")])
def test_files_in_reasonix_encodings_are_read_and_rewritten_as_utf8(engine, encoding, bom):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    text = ("---\nname: 迁移\ntitle: 数据库迁移\ndescription: 用 Alembic\n"
            "metadata:\n  type: project\n  scope: project\n---\n\n迁移脚本放在 migrations/。\n")
    (folder / "迁移.md").write_bytes(bom + text.encode(encoding))
    engine.refresh()
    fact = engine.fact("迁移")
    assert fact.title == "数据库迁移" and fact.body == "迁移脚本放在 migrations/。" and engine.diagnostics() == []
    result = engine.edit(fact.id, FactInput(body="迁移脚本放在 db/migrations/。"))
    assert result.reencoded_from == ("GB18030" if encoding == "gb18030" else f"{encoding} with BOM")
    assert fact.path.read_bytes().decode("utf-8").endswith("迁移脚本放在 db/migrations/。\n")
    [earlier] = engine.revisions(fact.id)[1]
    assert earlier.body == "迁移脚本放在 migrations/。"  # the snapshot keeps the old text (in UTF-8)


def test_bytes_no_encoding_of_the_cascade_reads_stay_a_diagnostic(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    (folder / "broken.md").write_bytes(b"---\nname: broken\n---\n\n\xff\xff\xff\n")
    engine.refresh()
    [problem] = engine.diagnostics()
    assert problem.path.name == "broken.md" and problem.line == 5 and "GB18030" in problem.reason
    assert engine.facts() == []


def test_long_names_reasonix_writes_are_read_edited_archived_and_recovered(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    stem = "长" * 84  # 252 bytes: the longest stem Reasonix writes
    (folder / f"{stem}.md").write_text(f"---\nname: {stem}\ntitle: Long\nmetadata:\n  type: project\n"
                                       "  scope: project\n---\n\nv1\n")
    engine.refresh()
    fact = engine.fact(stem)
    edited = engine.edit(fact.id, FactInput(name=stem, body="v2")).fact  # the form sends the name back
    assert edited.revision == 2 and edited.name == stem and edited.path.read_text().endswith("v2\n")
    entry = engine.forget(fact.id)
    assert len(entry.path.name.encode()) <= 255 and entry.path.is_file()
    assert [a.name for a in engine.archived()] == [stem]
    recovered = engine.recover(str(entry.path)).fact
    assert recovered.name == stem and recovered.body == "v2"


def test_a_new_name_is_bounded_in_bytes_with_a_clear_refusal(engine):
    with pytest.raises(InvalidInput, match="bytes"):
        remember(engine, "名" * 80)  # 240 bytes: its archive entry would not fit a file name
    assert remember(engine, "名" * 76).name == "名" * 76  # 228 bytes
    assert all(not p.name.startswith(".") for p in engine.paths.memory_dir("project").iterdir()
               if p.is_file())  # no temp file left behind


def test_move_keeps_the_id_and_the_history_across_both_folders(engine):
    fact = remember(engine, "house-style", "v1")
    engine.edit(fact.id, FactInput(body="v2"))
    moved = engine.move(fact.id, "global").fact
    assert (moved.id, moved.scope, moved.revision, moved.body) == (fact.id, "global", 3, "v2")
    assert not (engine.paths.memory_dir("project") / "house-style.md").exists()
    old_revisions = engine.paths.memory_dir("project") / ".revisions" / fact.id
    assert sorted(p.name for p in old_revisions.iterdir()) == ["000000001.md", "000000002.md"]
    history = engine.history(fact.id)
    assert [(r.revision, r.change) for r in history] == [
        (3, "moved from the project scope"), (2, "edited text"), (1, "created")]
    restored = engine.restore(fact.id, 1).fact  # a revision kept in the folder the fact left
    assert (restored.scope, restored.body, restored.revision) == ("global", "v1", 4)
    assert not engine.move(fact.id, "global").changed


def test_a_move_is_refused_by_the_other_scopes_rules(engine):
    remember(engine, "pm", "npm", scope="global", type="user", subject_key="project.package_manager")
    fact = remember(engine, "pm-here", "pnpm", subject_key="project.package_manager")
    with pytest.raises(SubjectConflict):
        engine.move(fact.id, "global")
    same_name = remember(engine, "pm", "pnpm again")
    with pytest.raises(NameConflict):
        engine.move(same_name.id, "global")
    with pytest.raises(ScopeConflict) as refused:
        engine.edit(fact.id, FactInput(scope="global"))
    assert refused.value.hint == "move"


def test_keys_dropped_by_another_tools_rewrite_are_found_and_restored(engine):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True)
    (folder / "agent-note.md").write_text(
        "---\nid: mem-" + "c" * 32 + "\nrevision: 1\ncreated_at: 2026-11-01T00:00:00Z\n"
        "updated_at: 2026-11-01T00:00:00Z\nname: agent-note\ntitle: Agent note\ndescription: d\n"
        "category: decision\nstatus: staging\nmetadata:\n  type: project\n  scope: project\n"
        "  suggestion:\n    id: s1\n---\n\nan agent's staged memory\n")
    engine.refresh()
    fact = engine.fact("agent-note")
    assert engine.lost_keys(fact.id) == []
    rewrite_as_reasonix_does(fact)
    engine.refresh()
    assert engine.fact("agent-note").status == ""  # to Reasonix it is now promoted
    assert engine.lost_keys(fact.id) == ["category", "status", "metadata.suggestion"]
    restored = engine.restore_lost_keys(fact.id).fact
    assert (restored.revision, restored.status, restored.category) == (3, "staging", "decision")
    assert restored.body == "edited in Reasonix"  # their edit stays; only our keys come back
    assert "suggestion:" in restored.path.read_text() and engine.lost_keys(fact.id) == []
    assert engine.history(fact.id)[0].change.startswith("restored keys lost in a rewrite by another tool")


def test_an_archive_entry_made_by_another_tools_save_by_name_says_so(engine):
    import os
    glob = remember(engine, "deploy", "global deploy rule", scope="global", type="user")
    # Reasonix saves a project fact named "deploy" by name: it archives the global one of that name
    archive = engine.paths.archive_dir(engine.paths.memory_dir("global"))
    archive.mkdir(parents=True)
    from context_center.engine.clock import format_timestamp, now
    moment = now()
    stamp = moment.strftime("%Y%m%d-%H%M%S.") + f"{moment.microsecond // 1000:03d}"
    os.replace(glob.path, archive / f"{stamp}-deploy.md")
    remember(engine, "deploy", "project deploy rule")
    engine.refresh()
    [entry] = engine.archived()
    assert "saved by name" in entry.reason and "project/deploy.md" in entry.reason
    assert format_timestamp(moment)[:19] == entry.archived_at[:19]
    assert engine.recover(str(entry.path)).fact.scope == "global"  # one recovery mends the pair
    remember(engine, "plain", "b")
    engine.forget("plain")
    assert next(e for e in engine.archived() if e.name == "plain").reason == ""


def test_an_archive_entry_reads_as_a_fact_and_nothing_else_does(engine):
    from context_center.engine import FactInput, NotFound

    fact = engine.remember(FactInput(name="phoenix", title="Phoenix", body="rises", scope="global")).fact
    entry = engine.forget(fact.id)
    read = engine.archived_fact(str(entry.path))
    assert (read.id, read.name, read.scope, read.body) == (fact.id, "phoenix", "global", "rises")
    with pytest.raises(NotFound):
        engine.archived_fact(str(fact.path))   # not an archive entry of this store
