"""The window on a read-only state root (a read-only mount): it opens, lists the facts, searches,
and a write says why it cannot be done, instead of failing to open (#13). Skipped where this
machine does not allow mounts."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine
from support.mounts import remount_read_only, tmpfs


@pytest.fixture
def state_root(tmp_path: Path, workspace: Path):
    with tmpfs(tmp_path / "mnt", "16m") as point:
        root = point / "state"
        with open_engine(root, workspace) as engine:
            engine.remember(FactInput(name="deploys", title="Deploys", body="Deploys go through staging."))
        remount_read_only(point)
        yield root


def test_the_window_opens_lists_and_searches_a_read_only_store(ui, qtbot):
    ui.show_facts("deploys")
    found = []
    ui.window.client.submit(lambda engine: [h.ref for h in engine.search("staging").hits], found.append)
    qtbot.waitUntil(lambda: found == [["project/deploys.md"]], timeout=10000)
    failed = []
    ui.window.client.submit(lambda engine: engine.remember(FactInput(title="x", body="y")), None, failed.append)
    qtbot.waitUntil(lambda: bool(failed), timeout=10000)
    assert getattr(failed[0], "code", "") == "STORAGE_ERROR" and "Read-only" in str(failed[0])
