"""Deleting an archived fact for good: what goes is said first, and goes; its earlier revisions go
with it only when nothing else is that fact; nothing is deleted through a link, nor a team fact's
git history."""
from __future__ import annotations

import os

import pytest

from context_center.engine import FactInput, InvalidInput, NotFound, RevisionConflict


def remember(engine, name, body="a body", **fields):
    return engine.remember(FactInput(name=name, title=name.replace("-", " "), description=f"about {name}",
                                     body=body, **fields)).fact


def forgotten(engine, name, edits=2):
    fact = remember(engine, name, "first text")
    for number in range(edits):
        fact = engine.edit(fact.id, FactInput(body=f"text {number}")).fact
    engine.forget(fact.id)
    return fact, next(entry for entry in engine.archived() if entry.id == fact.id)


def test_a_dry_run_says_what_goes_and_the_delete_destroys_exactly_that(engine):
    fact, entry = forgotten(engine, "leaked-note")
    revisions = engine.paths.revisions_dir(entry.path.parent.parent, fact.id)
    assert sorted(p.name for p in revisions.iterdir()) == ["000000001.md", "000000002.md"]
    kept_fact, kept_entry = forgotten(engine, "other-note")

    plan = engine.delete_archived(str(entry.path), dry_run=True)
    assert (plan.entry, plan.fact_id, plan.name, plan.kept) == (entry.path, fact.id, "leaked-note", "")
    assert sorted(p.name for p in plan.revisions) == ["000000001.md", "000000002.md"]
    assert entry.path.exists() and revisions.is_dir()   # a dry run deletes nothing

    done = engine.delete_archived(str(entry.path), expected=plan)
    assert done == plan
    assert not entry.path.exists() and not revisions.exists()
    assert [e.id for e in engine.archived()] == [kept_fact.id]   # the other entry, untouched
    assert kept_entry.path.exists() and engine.paths.revisions_dir(kept_entry.path.parent.parent, kept_fact.id).is_dir()
    with pytest.raises(NotFound):
        engine.recover(str(entry.path))
    with pytest.raises(NotFound):
        engine.delete_archived(str(entry.path))


def test_revisions_stay_while_the_id_is_active_or_archived_again(engine):
    """Two archive entries of one fact (another machine's forget came by sync), or an active file
    with its id (put back by hand): the revisions are their history, and stay."""
    import shutil

    fact, entry = forgotten(engine, "comes-back")
    twin = entry.path.with_name("20260101T000000Z-comes-back.md")
    shutil.copy(entry.path, twin)
    plan = engine.delete_archived(str(entry.path), dry_run=True)
    assert plan.revisions == () and twin.name in plan.kept
    engine.delete_archived(str(entry.path))
    assert not entry.path.exists() and twin.exists()

    active = entry.path.parent.parent / "comes-back.md"
    shutil.copy(twin, active)
    engine.refresh()
    plan = engine.delete_archived(str(twin), dry_run=True)
    assert plan.revisions == () and "active fact project/comes-back.md" in plan.kept
    active.unlink()
    engine.refresh()
    plan = engine.delete_archived(str(twin), dry_run=True)   # now the last of it: its history goes too
    assert len(plan.revisions) == 2 and not plan.kept


def test_what_changed_since_it_was_listed_refuses_the_delete(engine):
    fact, entry = forgotten(engine, "note")
    plan = engine.delete_archived(str(entry.path), dry_run=True)
    remember(engine, "back-again")   # unrelated: the plan still holds
    engine.delete_archived(str(entry.path), expected=plan)
    fact, entry = forgotten(engine, "second")
    plan = engine.delete_archived(str(entry.path), dry_run=True)
    engine.recover(str(entry.path))   # the entry is gone from the archive: a stale plan is refused
    with pytest.raises(NotFound):
        engine.delete_archived(str(entry.path), expected=plan)
    engine.forget(engine.fact("second").id)
    entry = next(e for e in engine.archived() if e.id == fact.id)
    stale = engine.delete_archived(str(entry.path), dry_run=True)
    (stale.revisions[0].parent / "000000009.md").write_text("a snapshot made meanwhile\n")
    with pytest.raises(RevisionConflict, match="changed since"):
        engine.delete_archived(str(entry.path), expected=stale)


def test_nothing_is_deleted_through_a_link_or_outside_the_archive(engine, tmp_path):
    fact, entry = forgotten(engine, "linked")
    revisions = engine.paths.revisions_dir(entry.path.parent.parent, fact.id)
    outside = tmp_path / "elsewhere"
    revisions.rename(outside)
    revisions.symlink_to(outside, target_is_directory=True)
    plan = engine.delete_archived(str(entry.path), dry_run=True)
    assert plan.revisions == () and "is a link" in plan.kept
    engine.delete_archived(str(entry.path))
    assert sorted(p.name for p in outside.iterdir()) == ["000000001.md", "000000002.md"]

    active = remember(engine, "active")
    with pytest.raises(NotFound):   # an active fact's file is not an archive entry
        engine.delete_archived(str(active.path))
    with pytest.raises(NotFound):
        engine.delete_archived(str(tmp_path / "elsewhere" / "000000001.md"))
    archived_link = entry.path.parent / "link.md"
    archived_link.symlink_to(outside / "000000001.md")
    with pytest.raises(NotFound):
        engine.delete_archived(str(archived_link))
    assert os.path.exists(outside / "000000001.md")
    with pytest.raises(InvalidInput, match="git history"):
        engine.delete_archived("git:abc123:.context-center/memory/x.md")


def test_the_cli_says_first_and_deletes_with_yes(cli):
    cli.remember("leaky", "first")
    cli.ok("memory", "edit", "leaky", "--body", "second")
    cli.ok("memory", "forget", "leaky")
    path = cli.ok("memory", "archived")["archived"][0]["path"]
    said = cli.run("memory", "delete-archived", path).out
    assert f"Would delete {path}" in said and "and revision 000000001.md" in said and "--yes" in said
    dry = cli.ok("memory", "delete-archived", path)
    assert dry["deleted"] is False and len(dry["revisions"]) == 1 and os.path.exists(path)
    done = cli.ok("memory", "delete-archived", path, "--yes")
    assert done["deleted"] is True and not os.path.exists(path)
    assert cli.ok("memory", "archived")["archived"] == []
    cli.refused("memory", "delete-archived", path, "--yes", code="NOT_FOUND")
