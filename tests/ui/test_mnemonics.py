"""No two mnemonics a person can see in one window collide (Alt+F was the File menu, the Facts
tab and Forget…, and pressing it moved the focus to Forget…; Alt+A the Fact menu and the Archive
tab), in English and in Chinese (文件(F)/事实(F), 事实(A)/归档(A)); nor two items of one menu."""
from __future__ import annotations

from collections import defaultdict

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtGui import QKeySequence  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QMenu,
    QTabBar,
    QToolButton,
    QWidget,
)

from context_center.engine import FactInput, open_engine  # noqa: E402
from context_center.ui import language  # noqa: E402


def _key(text: str) -> str:
    return QKeySequence.mnemonic(text).toString(QKeySequence.SequenceFormat.PortableText)


def visible_mnemonics(window: QWidget) -> dict[str, list[str]]:
    """Each Alt+key a person can press in ``window`` as it is shown, with what holds it."""
    held: dict[str, list[str]] = defaultdict(list)

    def add(text: str) -> None:
        key = _key(text)
        if key:
            held[key].append(text)

    for action in window.menuBar().actions():
        if action.isVisible():
            add(action.text())
    for child in window.findChildren(QWidget):
        if not child.isVisible() or isinstance(child, QMenu) or child.window() is not window:
            continue
        if isinstance(child, QTabBar):
            for index in range(child.count()):
                if child.isTabVisible(index):
                    add(child.tabText(index))
        elif isinstance(child, QToolButton) and child.toolButtonStyle() == child.toolButtonStyle().ToolButtonIconOnly:
            continue   # an icon: its text is no mnemonic
        elif isinstance(child, QAbstractButton):
            add(child.text())
        elif isinstance(child, QGroupBox):
            add(child.title())
        elif isinstance(child, QLabel) and child.buddy() is not None:
            add(child.text())
    return held


def menu_collisions(window: QWidget) -> dict[str, list[str]]:
    shared: dict[str, list[str]] = {}
    for menu in window.findChildren(QMenu):
        held: dict[str, list[str]] = defaultdict(list)
        for action in menu.actions():
            if action.isVisible() and not action.isSeparator() and _key(action.text()):
                held[_key(action.text())].append(action.text())
        shared |= {f"{menu.title()} {key}": texts for key, texts in held.items() if len(texts) > 1}
    return shared


@pytest.mark.parametrize("chosen", ["en", "zh_CN"])
def test_no_two_visible_mnemonics_of_the_window_collide(qtbot, tmp_path, state_root, workspace, chosen):
    from context_center.ui.app import create_window

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    settings = QSettings(str(tmp_path / "mnemonics.ini"), QSettings.Format.IniFormat)
    settings.setValue(language.SETTING, chosen)
    collisions: dict[str, dict[str, list[str]]] = {}
    window, client = create_window(str(state_root), str(workspace), settings)
    try:
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.paths is not None and window.facts.stack.currentIndex() != 2, timeout=10000)

        def look(where: str) -> None:
            for tab in range(window.tabs.count()):
                window.tabs.setCurrentIndex(tab)
                shared = {k: v for k, v in visible_mnemonics(window).items() if len(v) > 1}
                if shared:
                    collisions[f"{where}, tab {tab}"] = shared

        window.status.undo_button.show()   # (the status bar's Undo, as after a forget)
        look("welcome")
        with open_engine(state_root=state_root, workspace=workspace) as engine:
            engine.remember(FactInput(name="deploys", title="Deploys", body="Deploy on Tuesdays."))
        # a memory an agent proposed: the Suggestions tab's Promote, Edit then promote, Delete
        (window.paths.memory_dir("project") / "tabs.md").write_text(
            "---\nid: mem-0123456789abcdef0123456789abcdef\nrevision: 1\ncreated_at: 2026-01-02T03:04:05.000Z\n"
            "updated_at: 2026-01-02T03:04:05.000Z\nname: tabs\ntitle: Tabs\ndescription: Tabs\nactivation: relevant\n"
            "category: workflow\nstatus: staging\nmetadata:\n  type: project\n  scope: project\n  written_by:\n"
            "    agent: codex\n    via: mcp\n---\n\nPrefer tabs.\n", encoding="utf-8")
        window.refresh_all()
        qtbot.waitUntil(lambda: window.facts.model.rowCount() == 1 and bool(window.suggestions.agents.proposals),
                        timeout=10000)
        look("listing")
        menus = menu_collisions(window)
    finally:
        window.close()
        client.shutdown()
        language.install(app, "en")
    assert collisions == {} and menus == {}
