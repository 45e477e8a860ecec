"""A kill between the steps of a rename, a move, a forget or a recover leaves a prefix that the
next open brings to one state, losing nothing (#13). Each test builds the files exactly as that
step leaves them (the store's own functions, stopped where the kill would land) and reopens."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine
from context_center.engine.memory.fact_file import render_fact
from context_center.engine.memory.repair import recovered_note
from context_center.engine.storage.atomic_write import create_exclusive

pytestmark = pytest.mark.adversarial


def made(state_root: Path, workspace: Path, **fields):
    with open_engine(state_root, workspace) as engine:
        return engine.remember(FactInput(title="Port", body="The API listens on 8080.", **fields)).fact


def test_a_rename_killed_before_the_old_file_went_is_finished(state_root: Path, workspace: Path):
    fact = made(state_root, workspace, name="port")
    with open_engine(state_root, workspace) as engine:   # the steps of store.replace, stopped before the unlink
        engine._memory.store.revisions.keep(fact)
        renamed = fact.evolve(name="api-port", revision=2, body="The API listens on 9090.",
                              path=fact.path.with_name("api-port.md"))
        assert create_exclusive(renamed.path, render_fact(renamed))
    with open_engine(state_root, workspace) as engine:
        [only] = engine.facts()
        assert (only.name, only.revision, only.body) == ("api-port", 2, "The API listens on 9090.")
        assert not fact.path.exists()
        assert [r.revision for r in engine.revisions(only.id)[1]] == [1]
        engine.edit(only.id, FactInput(body="The API listens on 7070."))   # no fork: one file, revision 3
        assert [f.revision for f in engine.facts()] == [3]


def test_a_move_killed_before_the_old_file_went_is_finished(state_root: Path, workspace: Path):
    fact = made(state_root, workspace, name="port")
    with open_engine(state_root, workspace) as engine:
        engine._memory.store.revisions.keep(fact)
        target = engine.paths.memory_dir("global") / "port.md"
        moved = fact.evolve(scope="global", revision=2, path=target)
        assert create_exclusive(target, render_fact(moved))
    with open_engine(state_root, workspace) as engine:
        [only] = engine.facts()
        assert (only.scope, only.revision) == ("global", 2) and not fact.path.exists()


def test_a_forget_killed_after_the_link_leaves_the_fact_active_and_the_archive_clean(state_root: Path,
                                                                                       workspace: Path):
    fact = made(state_root, workspace, name="port")
    archive = fact.path.parent / ".archive"
    archive.mkdir()
    os.link(fact.path, archive / "20261130-120000.000-port.md")   # store.archive's first step
    with open_engine(state_root, workspace) as engine:
        assert [f.name for f in engine.facts()] == ["port"] and engine.archived() == []
        engine.forget("port")   # and forgetting again works
        assert engine.facts() == [] and len(engine.archived()) == 1


def test_a_recover_killed_before_the_entry_went_is_finished(state_root: Path, workspace: Path):
    fact = made(state_root, workspace, name="port")
    with open_engine(state_root, workspace) as engine:
        entry = engine.forget(fact.id)
        archived = engine._memory.store.archive.read(entry.path, "project")
        engine._memory.store.revisions.keep(archived.evolve(path=entry.path))   # recover's steps, but the last
        recovered = archived.evolve(revision=2, path=fact.path, revision_note=recovered_note(entry.path.name))
        assert create_exclusive(fact.path, render_fact(recovered))
    with open_engine(state_root, workspace) as engine:
        assert [(f.name, f.revision) for f in engine.facts()] == [("port", 2)]
        assert engine.archived() == [] and not entry.path.exists()


WRITER = """
import sys
from context_center.engine import FactInput, open_engine
root, workspace = sys.argv[1], sys.argv[2]
with open_engine(root, workspace) as engine:
    for number in range(100000):
        fact = engine.facts()[0]
        engine.edit(fact.id, FactInput(name=f"port-{number % 7}", body=f"The API listens on {8000 + number}."))
        if number % 5 == 4:
            engine.forget(fact.id)
            engine.recover(str(engine.archived()[0].path))
        print(number, flush=True)
"""


def test_kill_9_at_random_points_of_renames_forgets_and_recovers_leaves_one_consistent_fact(
        state_root: Path, workspace: Path):
    import random
    import signal
    import subprocess
    import sys

    made(state_root, workspace, name="port-0")
    chance = random.Random(13)
    for _ in range(int(os.environ.get("CC_KILL_SOAK", "12"))):   # CC_KILL_SOAK=400 for a long soak
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(state_root), str(workspace)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        for _ in range(chance.randint(3, 12)):   # let it get somewhere, then kill it mid-write
            if not proc.stdout.readline():
                break
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        with open_engine(state_root, workspace) as engine:
            facts = engine.facts()
            assert not [d for d in engine.diagnostics() if "also used by" in d.reason or "left over" in d.reason]
            if not facts:   # killed inside a forget after its last step, or a recover before its first write:
                [entry] = engine.archived()   # the fact is wholly archived, once
                facts = [engine.recover(str(entry.path)).fact]
            assert len(facts) == 1, [f.path for f in facts]
            fact, earlier = engine.revisions(facts[0].id)
            numbers = [r.revision for r in earlier]
            assert numbers == list(range(fact.revision - 1, 0, -1)), numbers   # no gap, no fork
            assert all(e.id != fact.id for e in engine.archived())   # never both active and archived
