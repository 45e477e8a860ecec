"""after_next_paint: work that would compete with a paint waits for it, and never longer than needed."""
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from context_center.ui.after_paint import after_next_paint


class PaintLog(QObject):
    def __init__(self, widget: QWidget, log: list[str]) -> None:
        super().__init__(widget)
        self.log = log
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.log.append("painted")
        return False


def test_it_runs_after_the_next_paint_of_a_shown_widget(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    log: list[str] = []
    PaintLog(widget, log)
    after_next_paint(widget, lambda: log.append("ran"))
    assert log == []   # not before the paint
    qtbot.waitUntil(lambda: "ran" in log, timeout=5000)
    assert log.index("painted") < log.index("ran") and log.count("ran") == 1


def test_it_runs_at_once_for_a_hidden_widget(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    log: list[str] = []
    after_next_paint(widget, lambda: log.append("ran"))
    assert log == ["ran"]


def test_a_paint_that_never_comes_delays_it_only_so_long(qtbot, monkeypatch):
    from context_center.ui import after_paint
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    monkeypatch.setattr(widget, "update", lambda: None)   # no repaint is asked for, and none comes
    log: list[str] = []
    after_next_paint(widget, lambda: log.append("ran"))
    assert log == []
    qtbot.waitUntil(lambda: log == ["ran"], timeout=after_paint.FALLBACK_MS + 2000)
