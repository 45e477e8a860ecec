"""Issue #36, point 11: an action's result stays in the status bar until the next action; what
happens in the background (the search index catching up) never writes over it."""
from __future__ import annotations


def test_an_actions_result_outlives_the_search_indexs_note(ui, qtbot):
    window = ui.window
    bar = window.statusBar()
    report = {"added": 2, "updated": 0, "removed": 0}
    window._index_ready(report)
    assert bar.currentMessage() == "Search index up to date (2 added, 0 updated, 0 removed)"   # nothing else showed

    ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.")
    ui.show_facts("deploy-order")
    ui.select_fact("deploy-order")
    window.facts.writes.verify_selected()
    qtbot.waitUntil(lambda: bar.currentMessage().startswith("Verified project/deploy-order"), timeout=10000)
    said = bar.currentMessage()
    window._index_ready(report)          # the index catches up with the write a moment later
    window._index_failed("disk full")
    assert bar.currentMessage() == said

    window.messages.info("Restored project/deploy-order.md")   # the next action's result replaces it
    assert bar.currentMessage() == "Restored project/deploy-order.md"


def test_a_long_message_is_cut_where_the_permanent_widgets_begin(ui, qtbot):
    """A long message ran on under the sync label: it is cut with "…", whole in the tooltip."""
    from PySide6.QtWidgets import QStatusBar
    window = ui.window
    window.resize(1280, 800)
    bar = window.statusBar()
    qtbot.waitUntil(lambda: bar.width() > 1200, timeout=5000)
    window.sync.label.setText("Synced 10:00 UTC · ↓0 ↑1")
    window.sync.label.show()
    long = "Imported 12 memories from Claude Code; " * 12
    window.messages.info(long)
    qtbot.waitUntil(lambda: QStatusBar.currentMessage(bar).endswith("…"), timeout=5000)
    shown = QStatusBar.currentMessage(bar)
    assert bar.currentMessage() == long and bar.toolTip() == long
    assert len(shown) > 20 and bar.fontMetrics().horizontalAdvance(shown) < window.sync.label.geometry().x()


def test_an_actions_result_stays_on_its_tab(ui, qtbot):
    """"Applied 1 review item" stayed on every tab: a result without Undo goes when another tab is shown."""
    window = ui.window
    window.tabs.setCurrentWidget(window.review)
    window.messages.info("Applied 1 review item")
    assert window.statusBar().currentMessage() == "Applied 1 review item"
    window.tabs.setCurrentWidget(window.facts)
    assert window.statusBar().currentMessage() == ""
    window.messages.undoable("Archived project/x.md", lambda: None)   # with its Undo, it stays a while
    window.tabs.setCurrentWidget(window.archive)
    assert window.statusBar().currentMessage() == "Archived project/x.md" and window.status.undo_button.isVisible()
