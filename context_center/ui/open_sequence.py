"""What an open does after the list of facts: the rest waits for the list's first paint.

Opening a workspace lists its facts first; everything else (the other tabs, whether sync is set
up, a Reasonix store nearby, the agents' connections, the search index) starts once the list is
painted. Run meanwhile, it competed for the interpreter with the list's arrival and first paint:
the window's longest freezes at 100,000 facts (each cell the paint asks about waited for the
interpreter while the archive, the proposals and the sync status were read). A list that will not
paint soon (another tab is current, the window is hidden or minimised) does not hold the rest
back: one loop turn, or :data:`REST_AFTER_MS` at most.
"""
from __future__ import annotations

from typing import Callable, Protocol

from PySide6.QtCore import QObject, Qt, QTimer, SignalInstance, Slot

REST_AFTER_MS = 500
ONCE_AFTER = Qt.ConnectionType(Qt.ConnectionType.QueuedConnection.value | Qt.ConnectionType.SingleShotConnection.value)


class Painting(Protocol):
    """A widget that says when it has painted (the list's table, the Overview)."""

    @property
    def painted(self) -> SignalInstance: ...

    def isVisible(self) -> bool: ...  # noqa: N802 - Qt's name


class OpenSequence(QObject):
    """Starts ``rest`` once per open, after ``shown()`` (the widget the user sees first: the list,
    or the Overview) has painted the first list. ``minimised`` tells whether the window is."""

    def __init__(self, shown: Callable[[], Painting], minimised: Callable[[], bool], rest: Callable[[], None],
                 parent: QObject) -> None:
        super().__init__(parent)
        self._shown, self._minimised, self._rest = shown, minimised, rest
        self._waits_for_list = False   # an open's rest waits for its list
        self._pending = False          # ... and the list is shown: the rest starts at its first paint

    def opened(self) -> None:
        """A new open: its rest waits for this list (a previous open's rest, not yet started, too)."""
        self._waits_for_list, self._pending = True, False

    @Slot()
    def list_settled(self) -> None:
        """The list is shown (or its load failed): start the rest once it is painted."""
        if not self._waits_for_list:
            return
        self._waits_for_list, self._pending = False, True
        shown = self._shown()
        if shown.isVisible() and not self._minimised():
            # queued: the rest starts once this paint and the window's other paints are done
            shown.painted.connect(self._start, ONCE_AFTER)
            QTimer.singleShot(REST_AFTER_MS, self, self._start)
        else:
            QTimer.singleShot(0, self, self._start)

    @Slot()
    def _start(self) -> None:
        if not self._pending:   # already started (by the paint, or by the timer)
            return
        self._pending = False
        self._rest()
