"""A write made in the window reloads exactly what it changed, once; the UI thread touches no store file."""
import sys
import threading

import pytest

_opened: list[tuple[str, str]] = []   # (thread name, path) of every open() while recording
_recording = threading.Event()


def _audit(event: str, args: tuple) -> None:
    if event == "open" and _recording.is_set() and isinstance(args[0], (str, bytes)):
        _opened.append((threading.current_thread().name, str(args[0])))


sys.addaudithook(_audit)  # audit hooks cannot be removed: it only records while a test asks


class _Recorder:
    def __init__(self, root: str) -> None:
        self.root = root

    def start(self) -> None:
        """From now on (the test's own setup writes from this thread as another process would)."""
        _opened.clear()
        _recording.set()

    def gui_thread_opens(self) -> list[str]:
        """Paths under this test's folders (store, workspace) that the GUI thread opened."""
        return [path for thread, path in _opened if thread == "MainThread" and path.startswith(self.root)]


@pytest.fixture
def io_audit(tmp_path):
    yield _Recorder(str(tmp_path))
    _recording.clear()


def _count(obj, name, counter):
    original = getattr(obj, name)

    def counting(*args, **kwargs):
        counter[name] = counter.get(name, 0) + 1
        return original(*args, **kwargs)
    setattr(obj, name, counting)


def test_one_pin_is_one_reload_and_no_index_storm(ui, qtbot, io_audit):
    ui.remember(name="pin-me", body="Small commits.")
    ui.show_facts("pin-me")
    qtbot.waitUntil(lambda: not ui.window.index_builder.running, timeout=30000)
    counts: dict[str, int] = {}
    _count(ui.window.facts, "reload", counts)
    _count(ui.window.archive, "reload", counts)
    _count(ui.window.index_builder, "start", counts)
    ui.select_fact("pin-me")
    io_audit.start()
    with qtbot.waitSignal(ui.window.file_changes.changed, timeout=10000):  # the watcher's echo of our write
        ui.window.facts.writes.toggle_pin()
    ui.idle()
    qtbot.waitUntil(lambda: ui.window.facts.model.rows()[0].fact.pinned, timeout=10000)
    assert counts == {"reload": 1, "start": 1}  # facts once, the index once, the archive not at all
    assert io_audit.gui_thread_opens() == []


def test_forget_reloads_the_facts_and_the_archive_once_each(ui, qtbot, io_audit, monkeypatch):
    from context_center.ui import dialogs
    ui.remember(name="forget-me", body="b")
    ui.show_facts("forget-me")
    facts, archive = {}, {}
    _count(ui.window.facts, "reload", facts)
    _count(ui.window.archive, "reload", archive)
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: True)
    ui.select_fact("forget-me")
    io_audit.start()
    with qtbot.waitSignal(ui.window.file_changes.changed, timeout=10000):
        ui.window.facts.writes.forget_selected()
    ui.idle()
    qtbot.waitUntil(lambda: ui.window.archive.table.rowCount() == 1, timeout=10000)
    ui.window.archive.table.selectRow(0)
    qtbot.waitUntil(lambda: "forget-me" in ui.window.archive.preview.toPlainText(), timeout=10000)
    assert facts == {"reload": 1} and archive == {"reload": 1}
    assert io_audit.gui_thread_opens() == []
