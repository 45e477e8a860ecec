"""Every shortcut of the window does one thing: two actions on one key make Qt run neither, and two
buttons sharing Alt+N make Qt move the focus between them instead of pressing either."""
from __future__ import annotations

from collections import Counter, defaultdict

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QAction, QKeySequence  # noqa: E402
from PySide6.QtWidgets import QAbstractButton, QMenu  # noqa: E402


def test_no_two_actions_of_the_window_share_a_shortcut(ui):
    window = ui.window
    window.sync._enable(True)   # Conflicts… and Sync now are live once sync is set up
    holders: dict[str, set[str]] = defaultdict(set)
    for action in window.findChildren(QAction):
        if action.shortcutContext() != Qt.ShortcutContext.WindowShortcut:
            continue   # a list's own key (Return in the Facts list, in the Suggestions list): below
        for keys in action.shortcuts():
            if not keys.isEmpty():
                holders[keys.toString(QKeySequence.SequenceFormat.PortableText)].add(action.text())
    assert holders, "the window has shortcuts"
    shared = {keys: sorted(texts) for keys, texts in holders.items() if len(texts) > 1}
    assert shared == {}


def test_the_fact_menu_edits_the_selected_fact(ui, qtbot):
    """The Fact menu lacked Edit… (a new user looked for it there)."""
    ui.remember(name="deploys", title="Deploys", body="Deploy on Tuesdays.")
    ui.show_facts("deploys")
    ui.select_fact("deploys")
    ui.window.tabs.setCurrentWidget(ui.window.overview)
    action = ui.window.fact_actions["edit"]
    assert action.text() == "&Edit…"
    action.trigger()
    assert ui.window.tabs.currentWidget() is ui.window.facts
    from context_center.ui.facts.form import FactForm
    qtbot.waitUntil(lambda: any(f.isVisible() for f in ui.window.findChildren(FactForm)), timeout=5000)
    form = next(f for f in ui.window.findChildren(FactForm) if f.isVisible())
    assert form.body.toPlainText() == "Deploy on Tuesdays."
    form.reject()


def _mnemonic(text: str) -> str | None:
    at = text.replace("&&", "").find("&")
    return f"Alt+{text.replace('&&', '')[at + 1].upper()}" if at >= 0 else None


def test_each_key_does_one_thing_wherever_the_focus_is(ui):
    window = ui.window
    tabs = [window.tabs.widget(n) for n in range(window.tabs.count())]

    def tab_of(widget) -> int | None:
        return next((n for n, tab in enumerate(tabs) if tab is widget or tab.isAncestorOf(widget)), None)

    menus = [key for action in window.menuBar().actions() if (key := _mnemonic(action.text()))]
    keys: dict[int | None, list[str]] = {None: list(menus)}
    for button in window.findChildren(QAbstractButton):
        if not button.shortcut().isEmpty():
            keys.setdefault(tab_of(button), []).append(
                button.shortcut().toString(QKeySequence.SequenceFormat.PortableText))
    for action in window.findChildren(QAction):
        if action.shortcuts() and not any(isinstance(o, QMenu) for o in action.associatedObjects()):
            keys.setdefault(tab_of(action.parent()), []).extend(
                k.toString(QKeySequence.SequenceFormat.PortableText) for k in action.shortcuts())
    assert len(keys) > 5   # the tabs' own keys were found
    for n in range(len(tabs)):
        twice = [key for key, count in Counter(keys.get(n, []) + keys[None]).items() if count > 1]
        assert not twice, (window.tabs.tabText(n), twice)
