"""The window owns its jobs: nothing answers into, or starts from, a closed window."""
import os
import sys
import threading

import pytest
from PySide6.QtCore import QCoreApplication, QSettings

from context_center.ui.facts.form import FactForm


def test_answers_arriving_after_close_run_no_callback_and_start_no_child(ui, qtbot):
    gate, answered = threading.Event(), []
    ui.window.client.submit(lambda engine: gate.wait(10), answered.append)
    ui.window.facts.reload()  # its answer would start an index sync on the closed window
    ui.window.close()
    gate.set()
    assert ui.client.shutdown(timeout_ms=10000)
    QCoreApplication.sendPostedEvents()  # deliver every queued answer (none may act)
    assert answered == [] and ui.window.index_builder.process is None
    ui.window.index_builder.start(str(ui.state_root), str(ui.workspace))
    assert ui.window.index_builder.process is None


def test_a_deleted_dialog_gets_no_answer(ui, qtbot):
    gate, answered = threading.Event(), []
    form = FactForm(ui.client, None, ui.window)
    ui.client.submit(lambda engine: gate.wait(10), answered.append, owner=form)
    form.deleteLater()
    qtbot.waitUntil(lambda: _deleted(form), timeout=5000)
    gate.set()
    ui.idle()
    assert answered == []


def _deleted(widget) -> bool:
    import shiboken6
    return not shiboken6.isValid(widget)


def test_closing_the_window_asks_about_a_changed_form(ui, qtbot, monkeypatch):
    from context_center.ui import dialogs
    form = ui.window.facts.writes.new_fact()
    form.fields["title"].setText("Unsaved thought")
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: False)  # "Keep editing"
    ui.window.close()
    assert ui.window.isVisible() and form.isVisible()
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: True)  # "Discard changes"
    ui.window.close()
    assert not ui.window.isVisible() and not form.isVisible()


def _record_loads(monkeypatch, order: list[str]) -> None:
    """Note when the other tabs are asked to load, when the Facts tab shows a list, and each problem."""
    from context_center.ui.archive_tab import ArchiveTab
    from context_center.ui.facts.tab import FactsTab
    from context_center.ui.instructions.tab import InstructionsTab
    from context_center.ui.main_window import MainWindow
    for cls, name, label in ((InstructionsTab, "reload", "instructions"), (ArchiveTab, "reload", "archive"),
                             (FactsTab, "show_view", "listed"), (MainWindow, "_problem", "problem")):
        real = getattr(cls, name)

        def noted(self, *args, _real=real, _label=label, **kwargs):
            order.append(_label if _label != "problem" else f"problem: {args[0]}")
            return _real(self, *args, **kwargs)
        monkeypatch.setattr(cls, name, noted)


def test_an_open_lists_the_facts_before_the_other_tabs_load(open_window, qtbot, monkeypatch):
    """At 100,000 facts the other tabs' jobs, run meanwhile, made the list's arrival the window's
    longest freeze: they wait until the list is shown."""
    order: list[str] = []
    _record_loads(monkeypatch, order)
    open_window()
    qtbot.waitUntil(lambda: {"instructions", "archive"} <= set(order), timeout=10000)
    assert order[0] == "listed" and order.index("instructions") > 0 and order.index("archive") > 0, order


def _paint_without_saying(monkeypatch, state_root, workspace) -> None:
    """A store with a fact (so the list, not the welcome page, is shown) whose Facts table paints
    without the window being told (as if its first paint had not come yet)."""
    from PySide6.QtWidgets import QTableView

    from context_center.engine import FactInput, open_engine
    from context_center.ui.facts.table import FactsTable
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="one", title="One", body="a body"))
    monkeypatch.setattr(FactsTable, "paintEvent", lambda self, event: QTableView.paintEvent(self, event))


def test_the_other_tabs_wait_for_the_lists_first_paint(open_window, qtbot, monkeypatch, state_root, workspace,
                                                        tmp_path):
    """Started before the table has painted the list, they shared the interpreter with that paint:
    each cell it asks about waited its turn (freezes of 100-170 ms at 100,000 facts)."""
    from context_center.ui import open_sequence
    monkeypatch.setattr(open_sequence, "REST_AFTER_MS", 60_000)
    _paint_without_saying(monkeypatch, state_root, workspace)
    order: list[str] = []
    _record_loads(monkeypatch, order)
    QSettings(str(tmp_path / "facts.ini"), QSettings.Format.IniFormat).setValue("window/tab", "facts")
    harness = open_window("facts.ini")   # the Facts tab remembered: the list is what is seen first
    qtbot.waitUntil(lambda: "listed" in order, timeout=10000)
    for _ in range(5):
        QCoreApplication.processEvents()   # a zero timer, had one been started, fires here
    assert order == ["listed"], order
    harness.window.facts.table.painted.emit()
    qtbot.waitUntil(lambda: {"instructions", "archive"} <= set(order), timeout=10000)
    harness.window.facts.table.painted.emit()   # later paints start nothing again
    harness.idle()
    assert order.count("instructions") == 1 and order.count("archive") == 1, order


def test_the_other_tabs_do_not_wait_for_a_paint_that_does_not_come(open_window, qtbot, monkeypatch, state_root,
                                                                   workspace):
    from context_center.ui import open_sequence
    monkeypatch.setattr(open_sequence, "REST_AFTER_MS", 50)
    _paint_without_saying(monkeypatch, state_root, workspace)
    order: list[str] = []
    _record_loads(monkeypatch, order)
    open_window()
    qtbot.waitUntil(lambda: {"instructions", "archive"} <= set(order), timeout=10000)
    assert order[0] == "listed", order


def test_the_other_tabs_load_even_when_the_facts_cannot(open_window, qtbot, monkeypatch):
    from context_center.engine import StorageError
    from context_center.ui.facts import tab as facts_tab

    def broken(engine, sort=None):
        raise StorageError("the facts folder could not be read")
    monkeypatch.setattr(facts_tab, "load_facts_view", broken)
    order: list[str] = []
    _record_loads(monkeypatch, order)
    open_window()
    qtbot.waitUntil(lambda: {"instructions", "archive"} <= set(order), timeout=10000)
    assert order[0] == "problem: Could not load the facts" and "listed" not in order, order


IMPORT_SPY = r"""
import importlib.abc, json, sys, threading, time
from context_center.engine.deferred_imports import DEFERRED
watched = set(DEFERRED) | {"watchdog"}
imported_by = {}

class Spy(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name in watched:
            imported_by.setdefault(name, threading.current_thread().name)
        return None

sys.meta_path.insert(0, Spy())
from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from context_center.ui.app import create_window
root, workspace, ini = sys.argv[1:4]
window, client = create_window(root, workspace, QSettings(ini, QSettings.Format.IniFormat))
window.show()
ticks = QTimer()
ticks.start(20)
deadline = time.monotonic() + 30
while (window.watcher is None or client.busy or set(imported_by) < watched) and time.monotonic() < deadline:
    app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 100)
window.close()
client.shutdown()
print(json.dumps(imported_by))
"""


def test_what_the_engine_imports_on_first_use_is_imported_before_the_window_runs(tmp_path):
    """An import on the worker once the window is shown holds the interpreter while the GUI waits
    (importing watchdog froze it 131–154 ms under PySide6's import hook at 100,000 facts): the window imports the
    engine's deferred modules on the GUI thread before its event loop starts."""
    import json
    import os
    import subprocess
    import sys

    workspace = tmp_path / "ws"
    workspace.mkdir()
    proc = subprocess.run([sys.executable, "-c", IMPORT_SPY, str(tmp_path / "state"), str(workspace),
                           str(tmp_path / "s.ini")], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported_by = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(imported_by) >= {"watchdog", "context_center.engine.storage.file_watch",
                                "context_center.engine.sync.service"}
    assert set(imported_by.values()) == {"MainThread"}, imported_by


def test_the_windows_modules_load_neither_sqlalchemy_nor_numpy(tmp_path):
    """Every module imported before the window is shown is paid before the first list (under
    PySide6's import hook, about twice its own time): the catalog's SQLAlchemy and recall's
    NumPy load on the worker when a tab first needs them, not with the window's modules."""
    import os
    import subprocess
    import sys

    probe = ("import sys\nfrom PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
             "import context_center.ui.app\n"
             "print(' '.join(sorted(m for m in ('sqlalchemy', 'numpy', 'whoosh') if m in sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == ""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sent", ["SIGINT", "SIGTERM"])
def test_ctrl_c_or_sigterm_closes_the_window_as_quit_does(tmp_path, qtbot, sent):
    """The window ignored Ctrl+C in the terminal that started it (Qt's loop runs no Python while
    nothing happens), and SIGTERM killed it without saving anything: both now close it as File >
    Quit does, its geometry saved and its engine closed."""
    import signal
    import subprocess

    home, workspace = tmp_path / "home", tmp_path / "ws"
    home.mkdir()
    workspace.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "QT_QPA_PLATFORM": "offscreen"}
    env.pop("CONTEXT_CENTER_HOME", None)
    settings = home / ".config" / "Context Center" / "context-center.conf"
    proc = subprocess.Popen([sys.executable, "-m", "context_center", "--state-root", str(tmp_path / "state"),
                             "--workspace", str(workspace)], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:   # the window remembers the workspace once it is open: its loop runs, the handlers are set
        qtbot.waitUntil(lambda: proc.poll() is not None or (settings.is_file() and "workspaces" in
                                                             settings.read_text(encoding="utf-8")), timeout=60000)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(getattr(signal, sent))
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    assert "geometry" in settings.read_text(encoding="utf-8")


def test_a_store_never_opened_before_shows_how_far_its_reading_is(qtbot, tmp_path, state_root, workspace):
    import shutil

    from PySide6.QtCore import QSettings

    from context_center.engine import open_engine
    from context_center.ui.app import create_window
    from context_center.ui.engine_client import READING
    from support.store import write_many

    with open_engine(state_root=state_root, workspace=workspace) as engine:
        write_many(engine, [(f"fact-{i:04d}", f"the deploy number {i} waits for the cache") for i in range(2500)])
    for part in state_root.glob("catalog.sqlite*"):
        part.unlink()
    shutil.rmtree(state_root / "cache", ignore_errors=True)
    window, client = create_window(str(state_root), str(workspace),
                                   QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    shown: list[tuple[str, int, int, bool]] = []
    # (the worker's reports reach the window through queued signals: none is delivered before this
    # test's event loop runs, and each reaches the window's own slot first)
    client.progress.connect(lambda what, done, total: shown.append((what, done, total,
                                                                   window.status.progress.isVisible())))
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: bool(shown) and shown[-1][1:3] == (2500, 2500), timeout=30000)
        reading = [entry for entry in shown if entry[0] == READING]
        assert reading[0][3] and reading[0][1] < 2500     # the bar is up while the files are read
        assert not reading[-1][3]                          # … and gone once they are
        qtbot.waitUntil(lambda: window.paths is not None, timeout=30000)
    finally:
        window.close()
        client.shutdown()


def test_a_store_with_facts_opens_on_the_overview_and_the_rest_waits_for_its_first_paint(
        open_window, qtbot, monkeypatch, state_root, workspace):
    """No tab remembered: the first list chooses the Overview (the store has facts), and what the
    user sees first is its counts — the other tabs, the charts and NumPy come after it painted."""
    from PySide6.QtWidgets import QWidget

    from context_center.ui import open_sequence
    from context_center.ui.overview import tab as overview_tab
    monkeypatch.setattr(open_sequence, "REST_AFTER_MS", 60_000)
    _paint_without_saying(monkeypatch, state_root, workspace)
    monkeypatch.setattr(overview_tab._Body, "paintEvent", lambda self, event: QWidget.paintEvent(self, event))
    order: list[str] = []
    _record_loads(monkeypatch, order)
    harness = open_window()
    window = harness.window
    qtbot.waitUntil(lambda: "listed" in order, timeout=10000)
    for _ in range(5):
        QCoreApplication.processEvents()
    assert window.tabs.currentWidget() is window.overview and order == ["listed"], order
    assert window.overview.charts is None
    window.overview._body_painted()
    qtbot.waitUntil(lambda: {"instructions", "archive"} <= set(order), timeout=10000)
    qtbot.waitUntil(lambda: window.overview.data is not None, timeout=10000)
    window.overview._body_painted()   # the counts painted: the charts load after
    qtbot.waitUntil(lambda: window.overview.charts is not None, timeout=10000)


def test_the_progress_bar_moves_when_it_can_be_seen_to_move(ui):
    """A search index build said every step of 10,000; each said moved the bar, and each call into
    Qt waited for the interpreter the engine held (a few hundred milliseconds of stalls)."""
    window = ui.window
    bar = window.status.progress
    moves: list[int] = []
    bar.valueChanged.connect(moves.append)
    for done in range(10_000):
        window._index_progress(done, 10_000)
    assert bar.isVisibleTo(window) and bar.maximum() == 10_000 and 9_900 <= bar.value() < 10_000
    assert len(moves) <= 101
    window._index_progress(10_000, 10_000)
    assert not bar.isVisibleTo(window)
    window._index_progress(0, 500)   # a new build after the end: the bar is seen again
    assert bar.isVisibleTo(window) and bar.maximum() == 500 and bar.value() == 0
