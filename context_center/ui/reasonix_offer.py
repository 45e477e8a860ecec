"""Reasonix's own memory store, found on this machine and offered: a bar once, a menu item always.

Reasonix keeps its facts under ``~/.reasonix``; a user who has both tools usually wants one store.
When such a store is found and the window has another open, a bar offers to open it (once: "Not
now" or opening it is remembered); File ▸ Open Reasonix memory… stays one click away while it
exists. The window looks again when it is shown again (Reasonix may have been installed meanwhile)
and on F5.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, QSettings, Signal, Slot
from PySide6.QtGui import QAction

from ..engine import reasonix_state_roots
from .engine_client import EngineClient
from .icons import icon
from .offer_bar import OfferBar
from .store_choice import short
from .words import tr

OFFERED_SETTING = "store/reasonix_offered"


class ReasonixOffer(QObject):
    """The bar and the File menu's action; ``open_root`` asks the window to open a store."""

    open_root = Signal(str)

    def __init__(self, client: EngineClient, settings: QSettings, opened: Callable[[], Path | None],
                 parent: QObject) -> None:
        super().__init__(parent)
        self._client, self._settings, self._opened = client, settings, opened
        self.roots: list[Path] = []
        self.bar = OfferBar("reasonix_offer", "info", [(tr("Open Reasonix memory"), "open_reasonix", self.open),
                                                       (tr("Not now"), "not_now", self.decline)])
        self.action = QAction(icon("brain"), tr("Open &Reasonix memory…"), self)
        self.action.setToolTip(tr("Open the state root Reasonix uses (~/.reasonix), so both tools share "
                                  "one memory"))
        self.action.setEnabled(False)  # until one is found on this machine
        self.action.triggered.connect(self.open)

    def look(self) -> None:
        """Look for a Reasonix store (on the worker: it reads the home folder)."""
        self._client.submit(lambda _engine: reasonix_state_roots(), self._found, lambda _e: None)

    def _found(self, roots: list[Path]) -> None:
        if roots == self.roots and self.action.isEnabled() == bool(roots):
            return   # nothing new (asked again on every return to the window)
        self.roots = roots
        self.action.setEnabled(bool(roots))
        if roots and self._opened() not in roots and not self._settings.value(OFFERED_SETTING, False, bool):
            self.bar.offer(tr("A Reasonix memory store is on this machine ({path}). Open it here, so "
                              "Context Center and Reasonix read and write the same facts?").format(
                path=short(roots[0])))

    @Slot()
    def decline(self) -> None:
        self._settings.setValue(OFFERED_SETTING, True)
        self.bar.hide()

    @Slot()
    def open(self) -> None:
        if self.roots:
            self.decline()   # (offered once: taken now)
            self.open_root.emit(str(self.roots[0]))
