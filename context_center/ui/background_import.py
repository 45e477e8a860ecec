"""Heavy modules imported on a thread of their own, so that no first show of a tab imports them on
the GUI thread (pyqtgraph with NumPy under it took half a second: the window could not repaint).

Importing is thread-safe in Python; only the widgets these modules make must be made on the GUI
thread, which :attr:`BackgroundImport.done` returns to.
"""
from __future__ import annotations

import importlib
import logging
import sys
import threading

from PySide6.QtCore import QObject, QTimer, Signal

log = logging.getLogger("context_center.ui")


class BackgroundImport(QObject):
    """Imports ``modules`` once, off the GUI thread; :attr:`done` is emitted on the GUI thread
    when they are there (right after :meth:`start` when they already were)."""

    done = Signal()

    def __init__(self, modules: tuple[str, ...], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.modules = modules
        self._started = False

    @property
    def ready(self) -> bool:
        return all(name in sys.modules for name in self.modules)

    def start(self) -> None:
        if self.ready:   # (after the event that asked, as a thread's answer would come)
            QTimer.singleShot(0, self, self.done.emit)
            return
        if self._started:
            return
        self._started = True
        threading.Thread(target=self._import, name="context-center-import", daemon=True).start()

    def _import(self) -> None:
        for name in self.modules:
            try:
                importlib.import_module(name)
            except Exception as exc:  # noqa: BLE001 - said, and then raised where it is used
                log.warning("context-center: %s could not be imported: %s", name, exc)
        self.done.emit()   # (emitted on this thread: delivered on the GUI thread, the object's)
