"""Every shortcut of the window does one thing: two actions on one key make Qt run neither."""
from __future__ import annotations

from collections import defaultdict

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QAction, QKeySequence  # noqa: E402


def test_no_two_actions_of_the_window_share_a_shortcut(ui):
    window = ui.window
    window.sync._enable(True)   # Conflicts… and Sync now are live once sync is set up
    holders: dict[str, set[str]] = defaultdict(set)
    for action in window.findChildren(QAction):
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
