"""A real window over a real engine on tmp_path, driven through its widgets."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from context_center.engine import FactInput, open_engine  # noqa: E402
from context_center.ui.app import create_window  # noqa: E402


class Harness:
    def __init__(self, qtbot, window, client, state_root, workspace):
        self.qtbot, self.window, self.client = qtbot, window, client
        self.state_root, self.workspace = state_root, workspace

    def idle(self, timeout: int = 10000) -> None:
        """Wait until every engine job submitted so far has come back."""
        self.qtbot.waitUntil(lambda: not self.client.busy, timeout=timeout)

    def remember(self, **fields) -> object:
        """Write a fact from another 'process' (its own engine), as the CLI or an agent would."""
        fields.setdefault("title", fields.get("name", "fact").replace("-", " "))
        fields.setdefault("body", "a body")
        with open_engine(state_root=self.state_root, workspace=self.workspace) as engine:
            return engine.remember(FactInput(**fields)).fact

    def show_facts(self, *names: str) -> None:
        """Read the store again (F5) and wait until the Facts tab lists exactly ``names``."""
        self.window.refresh_all()
        self.idle()
        self.qtbot.waitUntil(lambda: self.facts_shown() == list(names), timeout=10000)

    def facts_shown(self) -> list[str]:
        proxy = self.window.facts.proxy
        return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]

    def select_fact(self, name: str) -> None:
        row = next(r for r in self.window.facts.model.rows() if r.fact.name == name)
        assert self.window.facts.select(row.key)


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    """The window reads the agents' files in the home folder (doctor): a test's own, never the
    developer's; the default store is under it too."""
    home = tmp_path / "user-home"   # not "home": the sync tests' git_home makes that one
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    for name in ("CODEX_HOME", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def open_window(qtbot, tmp_path, state_root, workspace):
    made = []

    def make(settings_name: str = "settings.ini", flag: bool = True) -> Harness:
        """A window on the test's store (``flag``: given as --state-root; else what the rule opens)."""
        settings = QSettings(str(tmp_path / settings_name), QSettings.Format.IniFormat)
        window, client = create_window(str(state_root) if flag else None, str(workspace), settings)
        qtbot.addWidget(window)
        window.show()
        harness = Harness(qtbot, window, client, state_root, workspace)
        qtbot.waitUntil(lambda: window.paths is not None, timeout=10000)
        harness.idle()
        qtbot.waitUntil(lambda: window.watcher is not None, timeout=10000)
        made.append(harness)
        return harness

    yield make
    for harness in made:
        harness.window.close()
        harness.client.shutdown()


@pytest.fixture
def ui(open_window) -> Harness:
    return open_window()


def _child_processes() -> set[int]:
    """Live child processes of this test process (Linux /proc; empty elsewhere)."""
    children = set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
        except OSError:
            continue
        if fields.get("PPid", "").strip() == str(os.getpid()) and not fields.get("State", "").startswith("Z"):
            children.add(int(status.parent.name))
    return children


@pytest.fixture(autouse=True)
def fails_on_leaks(qapp):
    """Fail the test that leaks a thread, a child process, an engine worker or an open window, so a
    leak fails where it is made, not in a later test (after napari's conftest). Autouse: set up
    first, torn down last, after the windows of the test are closed."""
    threads, children = set(threading.enumerate()), _child_processes()
    yield
    from context_center.ui.engine_client import EngineClient

    def python_threads(known: set) -> set:  # Qt's own threads show up as dummies: the workers are checked below
        return {t for t in threading.enumerate() if t not in known and not isinstance(t, threading._DummyThread)}

    deadline = time.monotonic() + 5
    for thread in python_threads(threads):
        thread.join(max(0.0, deadline - time.monotonic()))  # a stopping thread gets a moment to end
    leaked_threads = [t.name for t in python_threads(threads) if t.is_alive()]
    leaked_children = _child_processes() - children
    workers = [client for client in EngineClient.live if client.running]
    windows = [w.objectName() or type(w).__name__ for w in QApplication.topLevelWidgets() if w.isVisible()]
    for client in workers:
        client.shutdown()
    for widget in QApplication.topLevelWidgets():
        widget.hide()  # not close(): a changed form would ask, and a modal question would hang the run
    from context_center.ui.garbage import GuiThreadCollector
    collector = qapp.findChild(GuiThreadCollector)
    if collector is not None:   # Python's own collector again for the tests that follow, Qt-free ones too
        collector.stop()
        collector.setParent(None)
    assert not leaked_threads, f"threads left running: {leaked_threads}"
    assert not leaked_children, f"child processes left running: {sorted(leaked_children)}"
    assert not workers, f"{len(workers)} engine worker(s) left running"
    assert not windows, f"windows left open: {windows}"
