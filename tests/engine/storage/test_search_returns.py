"""What agents' searches returned is noted on the search's path and written off it: a burst of
searches is one write, a catalog another process holds costs the search nothing, and nothing
noted is lost at close or to an earlier version's record."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine
from context_center.engine.storage import search_returns
from context_center.engine.storage.search_returns import LEGACY_SETTING


def _facts(engine, count: int) -> list[str]:
    return [engine.remember(FactInput(name=f"fact-{i}", body=f"Fact number {i} about deploys.")).fact.id
            for i in range(count)]


def _written(state_root: Path) -> dict[str, tuple[int, str]]:
    with sqlite3.connect(state_root / "catalog.sqlite") as db:
        return {row[0]: (row[1], row[2]) for row in db.execute("SELECT fact_id, count, last FROM search_returns")}


def test_noted_returns_are_written_at_close_and_read_back_meanwhile(state_root: Path, workspace: Path, monkeypatch):
    monkeypatch.setattr(search_returns, "FLUSH_DELAY", 3600.0)   # only close writes here
    with open_engine(state_root, workspace) as engine:
        ids = _facts(engine, 3)
        engine.record_search_returns([ids[0], ids[1]])
        engine.record_search_returns([ids[0]])
        assert {k: v[0] for k, v in engine.search_returns().items()} == {ids[0]: 2, ids[1]: 1}   # not written yet
        assert _written(state_root) == {}
    assert {k: v[0] for k, v in _written(state_root).items()} == {ids[0]: 2, ids[1]: 1}
    with open_engine(state_root, workspace) as engine:
        engine.record_search_returns([ids[0]])
        assert engine.search_returns()[ids[0]][0] == 3


def test_a_burst_of_searches_is_one_write_after_a_moment(state_root: Path, workspace: Path, monkeypatch):
    monkeypatch.setattr(search_returns, "FLUSH_DELAY", 0.05)
    with open_engine(state_root, workspace) as engine:
        ids = _facts(engine, 2)
        for _ in range(50):
            engine.record_search_returns(ids)
        deadline = time.monotonic() + 10
        while _written(state_root).get(ids[0], (0, ""))[0] != 50:
            assert time.monotonic() < deadline, "the timer never wrote"
            time.sleep(0.01)


def test_an_earlier_versions_record_is_folded_in_and_removed(state_root: Path, workspace: Path):
    with open_engine(state_root, workspace) as engine:
        ids = _facts(engine, 2)
        engine.set_setting(LEGACY_SETTING, {ids[0]: [4, "2026-11-01T00:00:00.000Z"], "junk": ["x", 1]})
        assert engine.search_returns() == {ids[0]: (4, "2026-11-01T00:00:00.000Z")}
        engine.record_search_returns([ids[0], ids[1]])
    assert {k: v[0] for k, v in _written(state_root).items()} == {ids[0]: 5, ids[1]: 1}
    with open_engine(state_root, workspace) as engine:
        assert engine.setting(LEGACY_SETTING) is None


def test_only_the_most_recently_returned_are_kept(state_root: Path, workspace: Path, monkeypatch):
    monkeypatch.setattr(search_returns, "KEPT", 3)
    with open_engine(state_root, workspace) as engine:
        for i in range(6):
            monkeypatch.setattr(search_returns, "FLUSH_DELAY", 3600.0)
            engine.record_search_returns([f"mem-{i}"])
            engine._search_returns.flush()
            time.sleep(0.002)   # (the stamps are milliseconds apart)
    assert sorted(_written(state_root)) == ["mem-3", "mem-4", "mem-5"]


HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()
"""


@pytest.mark.adversarial
def test_a_catalog_another_process_holds_costs_the_search_nothing_and_loses_nothing(state_root: Path,
                                                                                   workspace: Path, monkeypatch):
    monkeypatch.setattr(search_returns, "FLUSH_DELAY", 0.01)
    with open_engine(state_root, workspace) as engine:
        ids = _facts(engine, 2)
        engine.search_returns()   # (the catalog is open)
        holder = subprocess.Popen([sys.executable, "-c", HOLD, str(state_root / "catalog.sqlite")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert holder.stdout is not None and holder.stdout.readline() == "held\n"
            started = time.monotonic()
            for _ in range(20):
                engine.record_search_returns(ids)
            assert time.monotonic() - started < 1.0   # (a write would have waited on the lock each time)
        finally:
            holder.communicate("", timeout=30)
    assert {k: v[0] for k, v in _written(state_root).items()} == {ids[0]: 20, ids[1]: 20}
