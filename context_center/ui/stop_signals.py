"""Ctrl+C in the terminal that started the window, or a SIGTERM (a logout, ``kill``), closes it
as File > Quit does: the geometry is saved, the engine closes and ``MEMORY.md`` is written.

Python runs a signal handler only between two bytecodes of the main thread, and Qt's event loop
runs none while nothing happens on screen: the window ignored Ctrl+C. Python writes each signal's
number to a socket (``signal.set_wakeup_fd``) that the loop watches, so the loop wakes, reads it,
and the handler runs at once.
"""
from __future__ import annotations

import signal
import socket
from typing import Callable

from PySide6.QtCore import QObject, QSocketNotifier

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class StopSignals(QObject):
    """While it lives, SIGINT and SIGTERM call ``stop`` on the GUI thread (a second Ctrl+C while a
    dialog asks about unsaved changes calls it again)."""

    def __init__(self, stop: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        self._previous = {sig: signal.signal(sig, lambda _sig, _frame: stop()) for sig in STOP_SIGNALS}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)

    def _drain(self) -> None:
        """The loop woke for a signal; Python has run its handler by the time this slot runs."""
        try:
            while self._reader.recv(64):
                pass
        except BlockingIOError:
            pass

    def restore(self) -> None:
        """Put back the handlers and the wakeup socket that were there before."""
        self._notifier.setEnabled(False)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._reader.close()
        self._writer.close()
