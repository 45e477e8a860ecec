"""The personal store on several machines: real git, a bare remote, two state roots."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine import FactInput, SubjectConflict
from support.sync_remotes import synced_git


def remember(engine, title: str, body: str, **fields):
    return engine.remember(FactInput(title=title, body=body, type="project", **fields)).fact


def bodies(engine, ref: str) -> list[tuple[int, str]]:
    return [(r.revision, r.body) for r in engine.history(ref)]


def test_a_fact_made_on_one_machine_appears_on_the_other(two_machines, remote):
    laptop, desk = two_machines
    with laptop.open() as engine:
        fact = remember(engine, "Package manager", "pnpm", scope="global")
        first = engine.sync_init(remote)
    assert first.pushed >= 1 and not first.offline and first.conflicts == []
    with desk.open() as engine:
        assert engine.facts() == []
        engine.sync_init(remote)
        assert [f.id for f in engine.facts()] == [fact.id]
        engine.edit(fact.id, FactInput(body="pnpm 9"))
        assert engine.sync().pushed >= 1
    with laptop.open() as engine:
        result = engine.sync()
        assert result.pulled >= 1
        assert bodies(engine, fact.id) == [(2, "pnpm 9"), (1, "pnpm")]
        assert (laptop.root / "memory" / "global" / "MEMORY.md").read_text().count("Package manager") == 1


def test_what_travels_is_the_facts_not_the_catalog_index_or_memory_md(two_machines, remote):
    laptop, _desk = two_machines
    with laptop.open() as engine:
        remember(engine, "Tracked", "yes")
        engine.search("tracked")        # builds the index
        engine.sync_init(remote)
    engine.close()
    tracked = synced_git(laptop.root, "ls-files").split()
    assert any(p.endswith("/memory/tracked.md") for p in tracked)
    assert not [p for p in tracked if p.startswith(("catalog", "index/", ".lock", "sync-machine"))
                or p.endswith("MEMORY.md")]


def test_one_fact_edited_on_two_machines_keeps_both_as_revisions_and_is_flagged(two_machines, remote):
    laptop, desk = two_machines
    with laptop.open() as engine:
        fact = remember(engine, "Deploy day", "Tuesday", scope="global")
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
        engine.edit(fact.id, FactInput(body="Wednesday"))
        engine.sync()
    with laptop.open() as engine:
        engine.edit(fact.id, FactInput(body="Thursday"))
        result = engine.sync()
        assert [c.to_json() | {"path": None} for c in result.conflicts] == [{
            "ref": "global/deploy-day.md", "path": None, "id": fact.id, "kind": "edited_both",
            "ours_revision": 2, "theirs_revision": 3}]
        # the other machine's version is the next revision; ours is kept under its number
        assert bodies(engine, fact.id) == [(3, "Wednesday"), (2, "Thursday"), (1, "Tuesday")]
        flagged = engine.fact_json(engine.fact(fact.id))["sync_conflict"]
        assert flagged["ours_revision"] == 2 and flagged["theirs_revision"] == 3
    with desk.open() as engine:
        pulled = engine.sync()   # the flagged fact came in: this sync says so too
        assert [(c.ref, c.kind, c.ours_revision, c.theirs_revision) for c in pulled.conflicts] == [
            ("global/deploy-day.md", "edited_both", 3, 2)]
        [(fact_now, flag)] = engine.sync_conflicts()
        assert (flag["ours_revision"], flag["theirs_revision"]) == (3, 2)   # seen from the desk: its own is 3
        settled = engine.resolve_sync_conflict(fact.id, "theirs").fact      # the laptop's Thursday
        assert settled.body == "Thursday" and engine.sync_conflicts() == []
        assert "sync_conflict" not in engine.fact_json(settled)
        # the flag this settling removed is no key another tool lost: nothing to restore (the
        # window offered "Restore the lost keys", which wrote the flag back)
        assert engine.lost_keys(fact.id) == []
        from context_center.engine.memory.lost_keys import _OWN
        from context_center.engine.sync.conflict_flag import FLAG_KEY
        assert FLAG_KEY in _OWN   # (named there by its text: the memory room is below the sync room)
        engine.sync()
    with laptop.open() as engine:
        engine.sync()
        assert engine.sync_conflicts() == [] and engine.fact(fact.id).body == "Thursday"
        assert [b for _, b in bodies(engine, fact.id)] == ["Thursday", "Wednesday", "Thursday", "Tuesday"]


def test_revision_files_written_under_one_number_on_both_machines_are_renumbered_not_lost(two_machines, remote):
    laptop, desk = two_machines
    with laptop.open() as engine:
        fact = remember(engine, "Linter", "ruff")     # a project fact: both checkouts share its folder
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
    for machine, words in ((laptop, ("ruff 1", "ruff 2", "ruff 3")), (desk, ("flake8", "pylint"))):
        with machine.open() as engine:
            target = _the_fact(engine, fact.id)
            for body in words:
                target = engine.edit(target.ref, FactInput(body=body), scope=target.scope).fact
            if machine is desk:
                engine.sync()
    with laptop.open() as engine:
        result = engine.sync()
        assert len(result.conflicts) == 1
        history = bodies(engine, fact.id)
        assert [n for n, _ in history] == list(range(len(history), 0, -1))   # no gap, no duplicate
        assert [b for _, b in history] == ["pylint", "flake8", "ruff 3", "ruff 2", "ruff 1", "ruff"]
        folder = engine.fact(fact.id).path.parent / ".revisions" / fact.id
        assert sorted(p.name for p in folder.iterdir()) == [f"{n:09d}.md" for n in range(1, 6)]


def _the_fact(engine, fact_id):
    return next(f for f in engine.facts() if f.id == fact_id)


def test_forgotten_on_one_machine_and_edited_on_the_other_loses_nothing(two_machines, remote):
    laptop, desk = two_machines
    with laptop.open() as engine:
        fact = remember(engine, "Node version", "20", scope="global")
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
        engine.edit(fact.id, FactInput(body="22"))
        engine.sync()
    with laptop.open() as engine:
        engine.forget(fact.id)
        result = engine.sync()
        assert [(c.kind, c.ours_revision, c.theirs_revision) for c in result.conflicts] == [
            ("forgotten_here", None, 2)]
        assert engine.fact(fact.id).body == "22"                      # the edit is active again
        assert [a.id for a in engine.archived()] == [fact.id]         # and the forget is still recoverable
    with laptop.open() as engine:   # opening again: not mistaken for an interrupted recover and removed
        assert [a.id for a in engine.archived()] == [fact.id]
        engine.resolve_sync_conflict(fact.id, "mine")                 # keeping "mine" forgets it again
        assert fact.id not in [f.id for f in engine.facts()]
        assert len(engine.archived()) == 2


def test_two_facts_with_one_subject_key_are_a_subject_conflict_as_ever(two_machines, remote):
    laptop, desk = two_machines
    with laptop.open() as engine:
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
        remember(engine, "Tests run with pytest", "pytest -q", scope="global", subject_key="test.runner")
        engine.sync()
    with laptop.open() as engine:
        remember(engine, "Tests run with nox", "nox", scope="global", subject_key="test.runner")
        engine.sync()
        [(scope, key, facts)] = engine.subject_conflicts()
        assert (scope, key, len(facts)) == ("global", "test.runner", 2)
        with pytest.raises(SubjectConflict):
            remember(engine, "Tests run with tox", "tox", scope="global", subject_key="test.runner")


def test_two_facts_created_with_one_name_keep_both(two_machines, remote):
    laptop, desk = two_machines
    with laptop.open() as engine:
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
        theirs = remember(engine, "Editor", "helix", scope="global", name="editor")
        engine.sync()
    with laptop.open() as engine:
        ours = remember(engine, "Editor", "vim", scope="global", name="editor")
        result = engine.sync()
        assert [(Path(a).name, Path(b).name) for a, b in result.renamed] == [("editor.md", "editor-2.md")]
        assert engine.fact("global/editor.md").id == ours.id
        assert engine.fact("global/editor-2.md").id == theirs.id


def test_an_unreachable_remote_is_a_warning_and_the_facts_wait_committed(two_machines, tmp_path, remote):
    laptop, _desk = two_machines
    with laptop.open() as engine:
        engine.sync_init(remote)
        (tmp_path / "remote.git").rename(tmp_path / "gone.git")
        remember(engine, "Offline note", "written on a train")
        result = engine.sync()
        assert result.offline and "could not be reached" in result.warning and result.committed
        assert engine.sync_status()["last"]["offline"] is True
        (tmp_path / "gone.git").rename(tmp_path / "remote.git")
        back = engine.sync()
        assert not back.offline and back.pushed >= 1


def test_sync_before_set_up_is_refused(two_machines):
    laptop, _desk = two_machines
    with laptop.open() as engine:
        assert engine.sync_status()["initialised"] is False and engine.sync_interval() == 0
        with pytest.raises(Exception) as caught:
            engine.sync()
        assert getattr(caught.value, "code", "") == "SYNC_NOT_SET_UP"


def test_one_repository_under_two_checkout_paths_shares_one_folder_without_ping_pong(two_machines, remote):
    laptop, desk = two_machines
    with laptop.open() as engine:
        laptop_fact = remember(engine, "Laptop fact", "from the laptop")
        engine.sync_init(remote)
    with desk.open() as engine:
        desk_fact = remember(engine, "Desk fact", "from the desk")   # both machines had project facts
        result = engine.sync_init(remote)
    assert result.reopen or result.project_folder
    keys = {laptop.root: "", desk.root: ""}
    for _round in range(3):    # both machines keep syncing: nothing moves again
        for machine in (laptop, desk, laptop):
            with machine.open() as engine:
                engine.sync()
            with machine.open() as engine:
                assert {f.id for f in engine.facts()} >= {laptop_fact.id, desk_fact.id}
                keys[machine.root] = engine.paths.project_folder_key
        tracked = {p.split("/")[1] for p in synced_git(laptop.root, "ls-files", "projects").split()}
        assert len(tracked) == 1     # one folder for the repository, on both machines
    assert keys[laptop.root] == keys[desk.root] == min(tracked)
    log = synced_git(laptop.root, "log", "--format=%s", "--name-status")
    assert log.count("R\t") == 0 and log.count("D\tprojects/") <= 3   # moved once, not back and forth


def test_origin_urls_name_one_repository_however_they_are_spelled():
    from context_center.engine.sync.repository_identity import normalize_origin

    same = ["git@github.com:acme/app.git", "https://github.com/acme/app", "https://user:tok@GitHub.com/acme/app.git/",
            "ssh://git@github.com:22/acme/app.git", "github.com:acme/app"]
    assert {normalize_origin(u) for u in same} == {"github.com/acme/app"}
    assert normalize_origin("/srv/git/app.git") == "file:/srv/git/app"
    assert normalize_origin("https://github.com/acme/other") != normalize_origin(same[0])
