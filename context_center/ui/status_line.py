"""The status bar's words: an action's result, with Undo beside it for a while; a background note;
the progress of long work; and the counts kept in its corner (problems, the pinned budget).

An action's result stays until the next action's (a new user lost "Restored…" to the search
index's note a moment later); a background note waits while a result shows."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QProgressBar, QPushButton, QStatusBar, QTabWidget, QWidget

from .icons import icon
from .theme import set_tone
from .words import tr

UNDO_SECONDS = 10   # how long an action's Undo stays beside its result
ASIDE_MS = 6000     # how long a background note stays


class StatusBar(QStatusBar):
    """The status bar, its message cut with "…" where its permanent widgets begin (a long message ran
    on under the sync label), the whole message in its tooltip; ``currentMessage`` says it whole."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._permanent: list[QWidget] = []
        self._whole = ""

    def addPermanentWidget(self, widget: QWidget, stretch: int | None = 0) -> None:  # noqa: N802 - Qt's name
        self._permanent.append(widget)
        super().addPermanentWidget(widget, stretch or 0)

    def showMessage(self, text: str, timeout: int | None = 0) -> None:  # noqa: N802 - Qt's name
        self._whole = text
        super().showMessage(self._cut(text), timeout or 0)
        self.setToolTip(text if self._cut(text) != text else "")
        QTimer.singleShot(0, self, self.refit)   # once a widget shown with it (Undo) has its place

    def currentMessage(self) -> str:  # noqa: N802 - Qt's name
        return self._whole if super().currentMessage() else ""

    def _room(self) -> int:
        shown = [w.geometry().x() for w in self._permanent if w.isVisible() and w.width() > 0]
        return min(shown, default=self.width()) - 16

    def _cut(self, text: str) -> str:
        return self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, max(self._room(), 60))

    @Slot()
    def refit(self) -> None:
        shown = super().currentMessage()
        if shown and self._whole and self._cut(self._whole) != shown:
            super().showMessage(self._cut(self._whole))   # (an aside's time restarts: it is seen whole meanwhile)
            self.setToolTip(self._whole if self._cut(self._whole) != self._whole else "")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.refit()


class StatusLine(QObject):
    """What the window says in its status bar; ``corner`` are the widgets of other rooms shown
    between the progress and the counts (sync, the store's warning and name)."""

    undo_changed = Signal()   # an Undo was offered, taken or withdrawn

    def __init__(self, window: QMainWindow, tabs: QTabWidget, corner: list[QWidget]) -> None:
        super().__init__(window)
        self.tabs = tabs
        self.bar = StatusBar(window)
        window.setStatusBar(self.bar)
        self._asides: str | None = None   # the background note showing, if one is
        self._noted_on: QWidget | None = None   # the tab an action's result was said on
        self._undo: Callable[[], None] | None = None
        self.undo_button = QPushButton(icon("undo-2"), tr("&Undo"))
        self.undo_button.setObjectName("undo")
        self.undo_button.setFlat(True)
        self.undo_button.hide()
        self.undo_button.clicked.connect(self.take_back)
        self.undo_timer = QTimer(self)
        self.undo_timer.setSingleShot(True)
        self.undo_timer.timeout.connect(self.withdraw_undo)
        self.undo_timer.timeout.connect(self.leave_note_behind)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        self._progress_shown: tuple[str, int, int, bool] | None = None
        self.pinned = QLabel()
        self.pinned.setObjectName("pinned_budget")
        self.problem_count = QLabel()
        self.problem_count.setObjectName("problem_count")
        set_tone(self.problem_count, "error")
        self.problem_count.setToolTip(tr("Files that cannot be read, subject conflicts and facts whose cited code is "
                                         "gone: listed under the Facts tab"))
        # (a message hides the bar's other widgets)
        for widget in (self.undo_button, self.progress, *corner, self.pinned, self.problem_count):
            self.bar.addPermanentWidget(widget)

    @property
    def offers_undo(self) -> bool:
        return self._undo is not None

    @Slot(str)
    def note(self, text: str) -> None:
        """An action's result: it stays until the next action's, and the last one's Undo goes."""
        self._asides = None
        self.withdraw_undo()
        self._noted_on = self.tabs.currentWidget()
        self.bar.showMessage(text)

    @Slot()
    def leave_note_behind(self) -> None:
        """An action's result is its tab's: on another tab, once its Undo is gone, it goes ("Applied 1
        review item" stayed on every tab)."""
        if self._undo is None and self._noted_on is not None and self._noted_on is not self.tabs.currentWidget():
            self._noted_on = None
            if self._asides is None:
                self.bar.clearMessage()

    @Slot(str, object)
    def offer_undo(self, text: str, undo: Callable[[], None]) -> None:
        """The result, with Undo beside it for :data:`UNDO_SECONDS` (or until the next action)."""
        self.note(text)
        self._undo = undo
        self.undo_button.show()
        self.undo_timer.start(UNDO_SECONDS * 1000)
        self.undo_changed.emit()

    @Slot()
    def take_back(self) -> None:
        undo, self._undo = self._undo, None
        self.undo_button.hide()
        self.undo_timer.stop()
        self.undo_changed.emit()
        if undo is not None:
            undo()

    @Slot()
    def withdraw_undo(self) -> None:
        self._undo = None
        self.undo_button.hide()
        self.undo_changed.emit()

    @Slot(str)
    def aside(self, text: str) -> None:
        """A background note: shown for a while, unless an action's result is showing."""
        shown = self.bar.currentMessage()
        if not shown or shown == self._asides:
            self._asides = text
            self.bar.showMessage(text, ASIDE_MS)

    @Slot(str, int, int)
    def show_progress(self, what: str, done: int, total: int) -> None:
        """The bar moved only when a person could see it move (a hundredth of the way, or its end):
        each call into Qt waits for the interpreter while the engine works, and a build that said
        every step held the window for a few hundred milliseconds at 10,000 facts."""
        most, shown = max(total, 1), done < total
        last = self._progress_shown   # (what, done, most, shown) as the bar shows it
        if last is not None and last[0] == what and last[2] == most and last[3] == shown \
                and abs(done - last[1]) < most / 100:
            return
        bar = self.progress
        if last is None or last[0] != what:
            bar.setFormat(f"{what}: %v / %m")
        if last is None or last[2] != most:
            bar.setMaximum(most)
        bar.setValue(done)
        if last is None or last[3] != shown:
            bar.setVisible(shown)
        self._progress_shown = (what, done, most, shown)

    def end_progress(self) -> None:
        """The work is over (or failed half-way): the bar goes, and the next work's first step shows it."""
        self.progress.hide()
        self._progress_shown = None

    @Slot(int)
    def count_problems(self, count: int) -> None:
        """The count of the problems listed under the Facts tab."""
        if count == 1:
            self.problem_count.setText(tr("⚠ 1 problem"))
        else:
            self.problem_count.setText(tr("⚠ {count} problems").format(count=count) if count else "")

    @Slot(int, int)
    def show_pinned(self, total: int, budget: int) -> None:
        self.pinned.setText(tr("Pinned {total} / {budget} characters").format(total=f"{total:,}", budget=f"{budget:,}"))
        set_tone(self.pinned, "error" if total > budget else None)
