"""The personal store on several machines: real git, a bare remote, two state roots."""
from __future__ import annotations

from pathlib import Path

import pytest
from sync_support import git, git_home, make_machine, remote, two_machines  # noqa: F401 - fixtures

from context_center.engine import FactInput, SubjectConflict


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
    tracked = git("ls-files", cwd=laptop.root).split()
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
        engine.sync()
        [(fact_now, flag)] = engine.sync_conflicts()
        assert (flag["ours_revision"], flag["theirs_revision"]) == (3, 2)   # seen from the desk: its own is 3
        settled = engine.resolve_sync_conflict(fact.id, "theirs").fact      # the laptop's Thursday
        assert settled.body == "Thursday" and engine.sync_conflicts() == []
        assert "sync_conflict" not in engine.fact_json(settled)
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
