"""A project folder made under the earlier project key is adopted on open, never overwritten."""
from pathlib import Path

from context_center.engine import FactInput, open_engine
from context_center.engine.storage.paths import legacy_project_key, project_key


def _write(folder: Path, name: str, fact_id: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.md"
    path.write_text(f"---\nid: {fact_id}\nrevision: 2\ncreated_at: 2026-01-01T00:00:00Z\n"
                    f"updated_at: 2026-01-02T00:00:00Z\nname: {name}\ntitle: {name}\ndescription: d\n"
                    f"metadata:\n  type: project\n  scope: project\n---\n\n{body}\n", encoding="utf-8")
    return path


def _old_memory(state_root: Path, workspace: Path) -> Path:
    return state_root / "projects" / legacy_project_key(workspace) / "memory"


def test_an_old_folder_moves_whole_to_the_reasonix_key(state_root, workspace):
    old = _old_memory(state_root, workspace)
    _write(old, "ci", "mem-" + "a" * 32, "pipeline v2")
    (old / ".revisions" / ("mem-" + "a" * 32)).mkdir(parents=True)
    (old / ".revisions" / ("mem-" + "a" * 32) / "000000001.md").write_text("---\nid: x\n---\nv1\n")
    (old / ".archive").mkdir()
    (old / ".archive" / "20260101-000000.000-gone.md").write_text("---\nname: gone\n---\ngone\n")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert [f.name for f in engine.facts()] == ["ci"]
        new = engine.paths.memory_dir("project")
        assert new.parent.name == project_key(workspace)
        assert (new / ".revisions" / ("mem-" + "a" * 32) / "000000001.md").is_file()
        assert [a.name for a in engine.archived()] == ["gone"]
        assert [r.revision for r in engine.revisions("ci")[1]] == [1]
        assert engine.diagnostics() == []
    assert not old.parent.exists()


def test_when_both_exist_missing_facts_move_and_clashes_stay_as_diagnostics(state_root, workspace):
    old = _old_memory(state_root, workspace)
    new = state_root / "projects" / project_key(workspace) / "memory"
    _write(old, "only-old", "mem-" + "1" * 32, "from the old folder")
    _write(old, "both", "mem-" + "2" * 32, "old copy")
    _write(old, "same-id", "mem-" + "3" * 32, "old copy of an id the new folder has")
    (old / ".revisions" / ("mem-" + "1" * 32)).mkdir(parents=True)
    (old / ".revisions" / ("mem-" + "1" * 32) / "000000001.md").write_text("---\nname: only-old\n---\nv1\n")
    (old / "MEMORY.md").write_text("# Memory index\n\n- [both](both.md) — d\n")
    _write(new, "both", "mem-" + "4" * 32, "new copy")
    _write(new, "renamed", "mem-" + "3" * 32, "new copy under another name")
    (new / "MEMORY.md").write_text("# Memory index\n")

    with open_engine(state_root=state_root, workspace=workspace) as engine:
        bodies = {f.name: f.body.strip() for f in engine.facts() if f.scope == "project"}
        assert bodies == {"only-old": "from the old folder", "both": "new copy",
                          "renamed": "new copy under another name"}
        assert [r.revision for r in engine.revisions("only-old")[1]] == [1]
        left = {d.path.name: d.reason for d in engine.diagnostics()}
        assert set(left) == {"both.md", "same-id.md"}
        assert "already exists" in left["both.md"] and "earlier project key" in left["both.md"]
        assert "mem-" + "3" * 32 in left["same-id.md"]
    # nothing was overwritten or lost; the derived index without hand-written lines is dropped
    assert "old copy" in (old / "both.md").read_text()
    assert (old / "same-id.md").is_file() and not (old / "MEMORY.md").exists()
    assert (new / "MEMORY.md").read_text().startswith("# Memory index")


def test_hand_written_lines_of_an_old_index_are_kept_and_named(state_root, workspace):
    old = _old_memory(state_root, workspace)
    new = state_root / "projects" / project_key(workspace) / "memory"
    _write(old, "a", "mem-" + "5" * 32, "a")
    (old / "MEMORY.md").write_text("# Memory index\n\nRemember to review these monthly.\n")
    _write(new, "b", "mem-" + "6" * 32, "b")
    (new / "MEMORY.md").write_text("# Memory index\n")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert {f.name for f in engine.facts()} == {"a", "b"}
        assert [d.path.name for d in engine.diagnostics()] == ["MEMORY.md"]
        assert "hand-written" in engine.diagnostics()[0].reason
    assert "monthly" in (old / "MEMORY.md").read_text()


def test_a_workspace_with_a_long_path_keeps_its_facts_across_opens(state_root, tmp_path):
    workspace = tmp_path
    for index in range(9):
        workspace = workspace / f"{'deeply-nested-folder-' * 2}{index}"
    workspace.mkdir(parents=True)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        fact = engine.remember(FactInput(name="deep", title="deep", description="d", body="b")).fact
        assert len(fact.path.parent.parent.name.encode()) <= 255
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert [f.name for f in engine.facts()] == ["deep"]
