"""Real watchdog events, debounced, for the files behind the store."""
import queue

from context_center.engine import Change, FactInput


def test_an_external_edit_is_reported_once_per_batch(engine):
    fact = engine.remember(FactInput(name="watched", title="Watched", body="v1")).fact
    changes: queue.Queue = queue.Queue()
    watcher = engine.watch(changes.put)
    try:
        fact.path.write_text(fact.path.read_text().replace("v1", "v2"))
        (fact.path.parent / "new-one.md").write_text("---\nname: new-one\n---\nhello\n")
        batch = changes.get(timeout=10)
        while fact.path not in batch or fact.path.parent / "new-one.md" not in batch:
            batch |= changes.get(timeout=10)
    finally:
        watcher.stop()
    engine.refresh()
    assert engine.fact("watched").body == "v2" and engine.fact("new-one").body == "hello"


def test_instruction_files_of_the_workspace_are_watched(engine, workspace):
    changes: queue.Queue = queue.Queue()
    watcher = engine.watch(changes.put)
    try:
        (workspace / "AGENTS.md").write_text("Run the tests.\n")
        batch = changes.get(timeout=10)
        while workspace / "AGENTS.md" not in batch:
            batch |= changes.get(timeout=10)
    finally:
        watcher.stop()


def test_temp_files_and_caches_are_ignored(engine):
    from context_center.engine.storage.file_watch import FileWatcher
    root = engine.paths.root
    assert not FileWatcher.relevant(root / "memory" / "global" / ".x.md.1a2b.tmp")
    assert not FileWatcher.relevant(root / "catalog.sqlite-wal")
    assert not FileWatcher.relevant(root / "index" / "MAIN_1.toc")
    assert FileWatcher.relevant(root / "memory" / "global" / "fact.md")


def test_a_refresh_that_finds_nothing_new_keeps_the_snapshot(engine):
    engine.remember(FactInput(name="same", title="Same", body="x"))
    before = engine.snapshot()
    engine.refresh()
    assert engine.snapshot() is before


def test_touching_the_catalog_does_not_report_a_change(engine):
    changes: queue.Queue = queue.Queue()
    watcher = engine.watch(changes.put)
    try:
        for _ in range(3):
            engine.refresh()
            engine.last_recall()
        marker = engine.paths.root / "AGENTS.md"
        marker.write_text("a user rule\n")
        batch = changes.get(timeout=10)
        while marker not in batch:
            batch |= changes.get(timeout=10)
        assert batch == {marker}
    finally:
        watcher.stop()


def test_the_watcher_follows_what_the_resolved_chain_reads(engine, workspace):
    (workspace / "docs" / "deep").mkdir(parents=True)
    (workspace / "docs" / "deep" / "notes.txt").write_text("v1\n")
    (workspace / "AGENTS.md").write_text("@docs/deep/notes.txt\n")
    (workspace / "web").mkdir()
    changes: queue.Queue = queue.Queue()
    watcher = engine.watch(changes.put, workspace)
    try:
        assert workspace / "docs" / "deep" in watcher.folders and workspace / "web" not in watcher.folders
        engine.instructions(workspace / "web")  # another target: its folder is followed too
        assert workspace / "web" in watcher.folders
        (workspace / "docs" / "deep" / "notes.txt").write_text("v2\n")
        batch = changes.get(timeout=10)
        while workspace / "docs" / "deep" / "notes.txt" not in batch:
            batch |= changes.get(timeout=10)
        assert engine.refresh_for(batch) == Change(instructions=True)
        (workspace / "AGENTS.md").write_text("No imports now.\n")
        engine.instructions(workspace)
        assert workspace / "docs" / "deep" not in watcher.folders  # no longer read: no longer watched
    finally:
        watcher.stop()


def test_a_suggestion_scan_does_not_change_what_the_watcher_follows(engine, workspace, tmp_path):
    (workspace / "web").mkdir()
    watcher = engine.watch(lambda _paths: None, workspace / "web")
    try:
        assert workspace / "web" in watcher.folders
        engine.suggestions(home=tmp_path / "empty-home")  # reads the instructions of the workspace root
        assert workspace / "web" in watcher.folders
    finally:
        watcher.stop()
