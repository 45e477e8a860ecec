"""One Undo for every undoable action: Edit ▸ Undo and Ctrl+Z take back what the status bar's Undo
offers (a forget, an edit), in whichever tab it was done (Ctrl+Z did nothing in the Facts tab while
the status bar offered Undo: it worked in Review only)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialogButtonBox

from context_center.ui import dialogs


def _ctrl_z(qtbot, widget) -> None:
    widget.window().activateWindow()   # (as the desktop does once a dialog closes)
    qtbot.waitUntil(widget.window().isActiveWindow, timeout=5000)
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    # Control let go: Qt keeps the last key event's modifiers, and a held Control made a later
    # selectRow() toggle the row off (in this test and the next)
    qtbot.keyRelease(widget, Qt.Key.Key_Control)


def test_the_edit_menu_has_undo_on_ctrl_z_enabled_only_with_something_to_undo(ui):
    window = ui.window
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles[:3] == ["&File", "&Edit", "F&act"]
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert window.undo_action in window.edit_menu.actions()
    assert not window.undo_action.isEnabled()


def test_ctrl_z_in_the_facts_tab_takes_a_forget_back(ui, qtbot, monkeypatch):
    ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.")
    ui.show_facts("deploy-order")
    ui.select_fact("deploy-order")
    window = ui.window
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: True)
    window.facts.writes.forget_selected()
    qtbot.waitUntil(lambda: window.status.undo_button.isVisible() and ui.facts_shown() == [], timeout=10000)
    assert window.undo_action.isEnabled()
    _ctrl_z(qtbot, window.facts.table)
    qtbot.waitUntil(lambda: ui.facts_shown() == ["deploy-order"], timeout=10000)
    assert not window.status.undo_button.isVisible() and not window.undo_action.isEnabled()


def test_an_edit_offers_undo_and_ctrl_z_puts_the_text_back(ui, qtbot):
    ui.remember(name="deploy-order", title="Deploy order", body="Migrations first.")
    ui.show_facts("deploy-order")
    ui.select_fact("deploy-order")
    window = ui.window
    form = window.facts.writes.edit_selected()
    form.body.setPlainText("Migrations last.")
    with qtbot.waitSignal(form.saved, timeout=10000):
        form.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: window.status.undo_button.isVisible(), timeout=10000)
    qtbot.waitUntil(lambda: window.facts.current_row() is not None
                    and window.facts.current_row().fact.body == "Migrations last.", timeout=10000)
    _ctrl_z(qtbot, window.facts.table)
    qtbot.waitUntil(lambda: window.facts.current_row() is not None
                    and window.facts.current_row().fact.body == "Migrations first.", timeout=10000)
    assert window.facts.current_row().fact.revision == 3   # taken back as a new revision
    assert not window.status.undo_button.isVisible()


def test_ctrl_z_in_review_still_takes_an_apply_back_through_the_one_undo(ui, qtbot):
    from ui.test_review_tab import duplicates, open_review
    duplicates(ui)
    ui.show_facts("deploy-day", "deploy-days")
    review = open_review(ui, qtbot)
    review.buttons["apply"].click()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 1, timeout=15000)
    qtbot.waitUntil(lambda: ui.window.undo_action.isEnabled(), timeout=10000)
    _ctrl_z(qtbot, review.table)
    qtbot.waitUntil(lambda: sorted(ui.facts_shown()) == ["deploy-day", "deploy-days"], timeout=15000)
    qtbot.waitUntil(lambda: not review.buttons["undo"].isEnabled(), timeout=10000)
    assert not ui.window.undo_action.isEnabled()
