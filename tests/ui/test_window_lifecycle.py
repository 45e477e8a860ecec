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


def _record_loads(monkeypatch, order: list[str]) -> None:
    """Note when the other tabs are asked to load, when the Facts tab shows a list, and each problem."""
    from context_center.ui.archive_tab import ArchiveTab
    from context_center.ui.facts_tab import FactsTab
    from context_center.ui.instructions_tab import InstructionsTab
    from context_center.ui.main_window import MainWindow
    for cls, name, label in ((InstructionsTab, "reload", "instructions"), (ArchiveTab, "reload", "archive"),
                             (FactsTab, "show_view", "listed"), (MainWindow, "_problem", "problem")):
        real = getattr(cls, name)

        def noted(self, *args, _real=real, _label=label, **kwargs):
            order.append(_label if _label != "problem" else f"problem: {args[0]}")
            return _real(self, *args, **kwargs)
        monkeypatch.setattr(cls, name, noted)


def test_an_open_lists_the_facts_before_the_other_tabs_load(open_window, qtbot, monkeypatch):
    """At 100,000 facts the other tabs' jobs, run meanwhile, made the list's arrival the window's
    longest freeze: they wait until the list is shown."""
    order: list[str] = []
    _record_loads(monkeypatch, order)
    open_window()
    qtbot.waitUntil(lambda: {"instructions", "archive"} <= set(order), timeout=10000)
    assert order[0] == "listed" and order.index("instructions") > 0 and order.index("archive") > 0, order


def test_the_other_tabs_load_even_when_the_facts_cannot(open_window, qtbot, monkeypatch):
    from context_center.engine import StorageError
    from context_center.ui import facts_tab

    def broken(engine, sort=None):
        raise StorageError("the facts folder could not be read")
    monkeypatch.setattr(facts_tab, "load_facts_view", broken)
    order: list[str] = []
    _record_loads(monkeypatch, order)
    open_window()
    qtbot.waitUntil(lambda: {"instructions", "archive"} <= set(order), timeout=10000)
    assert order[0] == "problem: Could not load the facts" and "listed" not in order, order
