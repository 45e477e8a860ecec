"""What reaches a prompt is the store's own: a personal fact folder reached through a symlink is
not read (nor written through), and MEMORY.md keeps the lines a person wrote into it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from context_center.engine import FactInput, StorageError, open_engine

OUTSIDE = """---
name: outside
title: Outside zebrafrost
description: not ours
type: project
---
OUTSIDE SECRET zebrafrost text
"""


@pytest.mark.adversarial
@pytest.mark.parametrize("link", ["memory", "project-folder", "global"])
def test_a_fact_folder_reached_through_a_symlink_never_reaches_recall(state_root: Path, workspace: Path,
                                                                      tmp_path: Path, link: str):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "outside.md").write_text(OUTSIDE)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        scope = "global" if link == "global" else "project"
        folder = engine.paths.memory_dir(scope)
    linked = {"memory": folder, "project-folder": folder.parent, "global": folder}[link]
    if linked.exists():
        shutil.rmtree(linked)
    linked.parent.mkdir(parents=True, exist_ok=True)
    if link == "project-folder":
        (elsewhere / "memory").mkdir()
        (elsewhere / "memory" / "outside.md").write_text(OUTSIDE)
    linked.symlink_to(elsewhere)
    before = sorted(str(p) for p in elsewhere.rglob("*"))
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert engine.facts() == []
        result = engine.recall("what about zebrafrost", record=False)
        assert "OUTSIDE SECRET" not in (result.block or "")
        assert any("symlink on the way" in d.reason for d in engine.diagnostics())
        with pytest.raises(StorageError, match="does not write facts through it"):
            engine.remember(FactInput(title="planted", body="written through the link", scope=scope))
    assert sorted(str(p) for p in elsewhere.rglob("*")) == before   # nothing written through the link


def test_a_hand_written_link_to_a_file_elsewhere_stays_in_memory_md(engine):
    engine.remember(FactInput(title="Deploy day", body="We deploy on Tuesdays."))
    engine.flush()   # (MEMORY.md is written off the write's path)
    index = engine.paths.memory_dir("project") / "MEMORY.md"
    mine = "- [Design doc](docs/design.md) \u2014 read first"
    index.write_text(mine + "\n" + index.read_text())
    engine.remember(FactInput(title="CI", body="CI runs on GitHub Actions."))   # the next write rebuilds the index
    engine.flush()
    text = index.read_text()
    assert mine in text and "[CI](ci.md)" in text
