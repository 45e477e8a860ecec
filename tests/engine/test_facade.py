"""A closed engine is gone: nothing keeps it, or its facts, alive.

An open freezes what it loaded (``gc.freeze``: the collector need not walk 100,000 facts on every
full pass), so an engine held in a reference cycle would never be collected: the window opens a
new engine on every workspace switch, and each closed one kept its facts for the rest of the
session (about 35 MB at 10,000 facts, each time). Reference counting alone must free it.
"""
from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine


@pytest.fixture
def no_collector():
    """Only reference counting frees anything meanwhile, as for every object an open froze."""
    enabled = gc.isenabled()
    gc.disable()
    yield
    if enabled:
        gc.enable()


def _use_every_part(engine, home: Path) -> None:
    engine.remember(FactInput(name="deploy", title="Deploy", body="We deploy with pnpm.", type="project",
                              scope="project"))
    engine.facts()
    engine.refresh()
    engine.recall("how do we deploy")
    engine.search("deploy")
    engine.instructions()
    engine.archived()
    engine.overrides()
    engine.session_context()
    engine.suggestions(home=home)
    engine.agent_proposals()
    engine.sync_status()
    engine.injections()
    engine.last_recall()
    engine.setting("window.anything")
    engine.watch(lambda paths: None).stop()


def test_a_closed_engine_is_freed_by_reference_counting_alone(state_root, workspace, tmp_path, no_collector):
    engine = open_engine(state_root=state_root, workspace=workspace)
    _use_every_part(engine, tmp_path / "home")
    kept = engine.facts()   # a face may keep facts it was given: they hold no engine
    gone = weakref.ref(engine)
    engine.close()
    del engine
    assert gone() is None
    assert [f.name for f in kept] == ["deploy"]

