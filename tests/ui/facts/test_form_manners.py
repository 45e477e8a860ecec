"""The fact form asks before losing typed text, saves from the keyboard, and keeps the user's words."""
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from context_center.engine import FactInput, open_engine
from context_center.ui import dialogs


def _answer_next_question(qtbot, choose: str, seen: list):
    """Click ``choose`` in the next modal question, recording its buttons (the real dialog runs)."""
    def answer():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.extend(button.text() for button in box.buttons())
        next(b for b in box.buttons() if b.text() == choose).click()
    QTimer.singleShot(0, answer)


def test_a_confirmation_names_its_action_not_yes_or_no(ui, qtbot):
    seen: list = []
    _answer_next_question(qtbot, "Cancel", seen)
    assert dialogs.confirm(ui.window, "Forget fact", "Move it?", action="Forget") is False
    assert sorted(seen) == ["Cancel", "Forget"]


def test_escape_asks_before_discarding_a_changed_form(ui, qtbot):
    form = ui.window.facts.writes.new_fact()
    QTest.keyClick(form, Qt.Key.Key_Escape)  # untouched: closes at once
    qtbot.waitUntil(lambda: not form.isVisible())
    form = ui.window.facts.writes.new_fact()
    QTest.keyClicks(form.fields["title"], "Half a thought")
    seen: list = []
    _answer_next_question(qtbot, "Keep editing", seen)
    QTest.keyClick(form, Qt.Key.Key_Escape)
    assert form.isVisible() and "Discard changes" in seen
    _answer_next_question(qtbot, "Discard changes", [])
    form.buttons.button(form.buttons.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: not form.isVisible())


def test_errors_wait_until_a_field_is_touched_and_ctrl_return_saves(ui, qtbot):
    form = ui.window.facts.writes.new_fact()
    assert not any(label.isVisible() for label in form.errors.values())  # nothing typed, nothing scolded
    QTest.keyClicks(form.fields["expires_at"], "soon")
    assert form.errors["expires_at"].isVisible() and not form.errors["title"].isVisible()
    form.fields["expires_at"].clear()
    form.save()  # a save attempt shows what is missing
    assert form.errors["title"].isVisible() and form.isVisible()
    QTest.keyClicks(form.fields["title"], "Deploy day")
    form.body.setPlainText("Deploys happen on Tuesdays.")
    form.activateWindow()  # shortcuts reach the active window only
    qtbot.waitUntil(form.isActiveWindow)
    with qtbot.waitSignal(form.saved, timeout=10000):
        QTest.keyClick(form.body, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    ui.idle()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["deploy-day"])
    qtbot.waitUntil(lambda: ui.window.focusWidget() is ui.window.facts.table)
    assert ui.window.facts.current_row().fact.name == "deploy-day"


def test_reload_after_a_revision_conflict_keeps_what_the_user_typed(ui, qtbot):
    fact = ui.remember(name="contested", body="original text")
    ui.show_facts("contested")
    ui.select_fact("contested")
    form = ui.window.facts.writes.edit_selected()
    form.body.setPlainText("my careful rewrite")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.edit(fact.id, FactInput(body="someone else's text"))
    form.save()
    qtbot.waitUntil(lambda: form.reload_button.isVisible(), timeout=10000)
    assert form.banner.toolTip() == "Error code: REVISION_CONFLICT"
    form.reload_button.click()
    qtbot.waitUntil(lambda: form.yours.isVisible(), timeout=10000)
    assert form.body.toPlainText() == "someone else's text" and form.expected_revision == 2
    assert "my careful rewrite" in form.yours.toPlainText()
    form.discard()


def test_gui_messages_carry_no_command_lines(ui, qtbot):
    fact = ui.remember(name="vanishing", body="b")
    ui.show_facts("vanishing")
    ui.select_fact("vanishing")
    ui.window.watcher.stop()  # the window has not seen the change when the user acts
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.forget(fact.id)
    with qtbot.waitSignal(ui.window.messages.problem, timeout=10000) as blocker:
        ui.window.facts.writes.verify_selected()
    title, text = blocker.args
    assert "NOT" not in title and "`" not in text and "memory list" not in text and "Archive tab" in text


def test_a_long_secret_refusal_wraps_inside_the_default_dialog_size(ui, qtbot):
    form = ui.window.facts.writes.new_fact()
    form.fields["title"].setText("Keys")
    form.body.setPlainText("ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 " + "AKIA" + "IOSFODNN7EXAMPLE "
                           + "sk-ant-" + "api03-" + "x" * 40 + " password=hunter2hunter2 "
                           + "-----BEGIN RSA PRIVATE KEY-----")
    label = form.errors["body"]
    qtbot.waitUntil(label.isVisible)
    assert "secret" in label.text() and label.wordWrap()
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))  # laid out in full
    assert label.geometry().right() <= form.width()
    form.discard()


def test_a_title_typed_then_erased_or_left_empty_says_what_is_missing(ui, qtbot):
    form = ui.window.facts.writes.new_fact()
    assert form.value("type") == "project"  # as `memory remember` without --type
    QTest.keyClicks(form.fields["title"], "x")
    QTest.keyClick(form.fields["title"], Qt.Key.Key_Backspace)
    assert form.errors["title"].isVisible() and "title" in form.errors["title"].text()
    form.discard()
    form = ui.window.facts.writes.new_fact()
    form.fields["title"].editingFinished.emit()  # tabbed through and left empty
    assert form.errors["title"].isVisible() and not form.errors["body"].isVisible()
    form.discard()
