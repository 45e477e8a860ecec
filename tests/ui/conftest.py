"""A real window over a real engine on tmp_path, driven through its widgets."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings  # noqa: E402

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

    def facts_shown(self) -> list[str]:
        proxy = self.window.facts.proxy
        return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]

    def select_fact(self, name: str) -> None:
        row = next(r for r in self.window.facts.model.rows() if r.fact.name == name)
        assert self.window.facts.select(row.key)


@pytest.fixture
def open_window(qtbot, tmp_path, state_root, workspace):
    made = []

    def make(settings_name: str = "settings.ini") -> Harness:
        settings = QSettings(str(tmp_path / settings_name), QSettings.Format.IniFormat)
        window, client = create_window(str(state_root), str(workspace), settings)
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
