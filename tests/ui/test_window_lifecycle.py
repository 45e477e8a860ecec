"""The window owns its jobs: nothing answers into, or starts from, a closed window."""
import threading

from PySide6.QtCore import QCoreApplication

from context_center.ui.fact_form import FactForm


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
    form = ui.window.facts.new_fact()
    form.fields["title"].setText("Unsaved thought")
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: False)  # "Keep editing"
    ui.window.close()
    assert ui.window.isVisible() and form.isVisible()
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: True)  # "Discard changes"
    ui.window.close()
    assert not ui.window.isVisible() and not form.isVisible()
