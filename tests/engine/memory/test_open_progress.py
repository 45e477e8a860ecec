"""An open that reads thousands of files (a store never opened before) says how far it is."""
from __future__ import annotations

import shutil

from context_center.engine import open_engine
from support.store import write_many

FACTS = 2500


def _cold(state_root) -> None:
    """As if never opened: no catalog, no caches; only the fact files."""
    for part in state_root.glob("catalog.sqlite*"):
        part.unlink()
    shutil.rmtree(state_root / "cache", ignore_errors=True)


def test_a_first_open_reports_the_files_it_reads_and_a_warm_one_nothing(state_root, workspace):
    with open_engine(state_root, workspace) as engine:
        write_many(engine, [(f"fact-{i:04d}", f"the deploy number {i} waits for the cache") for i in range(FACTS)])
    _cold(state_root)
    heard: list[tuple[int, int]] = []
    with open_engine(state_root, workspace, progress=lambda done, total: heard.append((done, total))) as engine:
        assert len(engine.facts()) == FACTS
    assert heard[-1] == (FACTS, FACTS) and len(heard) >= FACTS // 500
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)
    assert {total for _, total in heard} == {FACTS}
    heard.clear()
    with open_engine(state_root, workspace, progress=lambda done, total: heard.append((done, total))) as engine:
        assert len(engine.facts()) == FACTS
    assert heard == []   # read from the catalog's snapshot: nothing to wait for, nothing said
