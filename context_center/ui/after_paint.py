"""Run something once a widget has been painted: work that would compete with the paint for the
interpreter (the engine worker's next jobs) waits until the pixels are on the screen."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

FALLBACK_MS = 500   # a paint that never comes (a hidden or minimized window) delays nothing longer


class _AfterPaint(QObject):
    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._widget, self._then, self._done = widget, then, False
        widget.installEventFilter(self)
        QTimer.singleShot(FALLBACK_MS, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.Paint:
            # the paint is handled after this returns: run once the event loop turns again
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        if self._done:
            return
        self._done = True
        self._widget.removeEventFilter(self)
        self._then()
        self.deleteLater()


def after_next_paint(widget: QWidget, then: Callable[[], None]) -> None:
    """Call ``then`` once ``widget`` has been painted next (at once if it is not visible)."""
    if not widget.isVisible():
        then()
        return
    _AfterPaint(widget, then)
    widget.update()
