"""Issue #36, point 1: a filter that hides the selected fact takes the detail pane and the actions
with it: the pane never shows a fact the list does not, and Forget… acts on what is shown."""
from __future__ import annotations

from context_center.ui import dialogs
from context_center.ui.status_line import UNDO_SECONDS


def test_a_filter_hiding_the_selected_fact_moves_the_selection_to_what_is_listed(ui, qtbot, monkeypatch):
    ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.")
    ui.remember(name="editor-tabs", title="Editor tabs", body="Tabs are four spaces.", scope="global")
    ui.show_facts("deploy-order", "editor-tabs")
    tab = ui.window.facts
    ui.select_fact("editor-tabs")
    assert "Editor tabs" in tab.detail.toPlainText()

    tab.filters["scope"].setCurrentIndex(tab.filters["scope"].findData("project"))
    assert ui.facts_shown() == ["deploy-order"]
    assert tab.current_row() is not None and tab.current_row().fact.name == "deploy-order"
    assert "Deploy order" in tab.detail.toPlainText() and "Editor tabs" not in tab.detail.toPlainText()

    asked = []
    monkeypatch.setattr(dialogs, "confirm", lambda parent, title, text, action="": asked.append(text) or True)
    tab.writes.forget_selected()
    ui.idle()
    assert asked and "deploy-order" in asked[0]   # what the pane showed is what was forgotten

    tab.search.setText("nothing matches this")
    assert ui.facts_shown() == []
    assert tab.current_row() is None and tab.detail.toPlainText() == ""
    assert not tab.buttons["forget"].isEnabled()


def test_forget_offers_undo_in_the_status_bar_for_a_few_seconds(ui, qtbot, monkeypatch):
    """Issue #36, point 10: Forget gets an Undo in the status bar."""
    ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.")
    ui.show_facts("deploy-order")
    ui.select_fact("deploy-order")
    window, tab = ui.window, ui.window.facts
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: True)
    tab.writes.forget_selected()
    qtbot.waitUntil(lambda: window.status.undo_button.isVisible(), timeout=10000)
    assert window.statusBar().currentMessage() == "Archived project/deploy-order.md"
    qtbot.waitUntil(lambda: ui.facts_shown() == [], timeout=10000)
    assert window.status.undo_timer.isActive() and window.status.undo_timer.interval() == UNDO_SECONDS * 1000
    window.status.undo_button.click()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["deploy-order"], timeout=10000)
    assert not window.status.undo_button.isVisible()
    assert window.statusBar().currentMessage().startswith("Recovered project/deploy-order.md")

    tab.writes.forget_selected()   # the next action withdraws the Undo
    qtbot.waitUntil(lambda: window.status.undo_button.isVisible(), timeout=10000)
    window.messages.info("Something else")
    assert not window.status.undo_button.isVisible()


def test_after_a_forget_the_selection_stays_where_the_fact_was(ui, qtbot, monkeypatch):
    """After Forget the selection jumped to the first row: the fact now in its place is selected."""
    for name in ("alpha", "bravo", "charlie", "delta"):
        ui.remember(name=name, title=name.title(), body=f"{name} body")
    ui.show_facts("alpha", "bravo", "charlie", "delta")
    ui.select_fact("charlie")
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: True)
    ui.window.facts.writes.forget_selected()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["alpha", "bravo", "delta"], timeout=10000)
    assert ui.window.facts.current_row().fact.name == "delta"
    ui.select_fact("delta")   # the last one: the one before it then
    ui.window.facts.writes.forget_selected()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["alpha", "bravo"], timeout=10000)
    assert ui.window.facts.current_row().fact.name == "bravo"
