"""The workspaces the window opened, newest first: File ▸ Recent workspaces, and the last one,
which the next start opens (kept in the window's settings)."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

MAX_RECENT = 8
RECENT_KEY, LAST_KEY = "workspaces/recent", "workspaces/last"


def last_workspace(settings: QSettings) -> str:
    """The workspace the window showed last ("" before the first)."""
    return str(settings.value(LAST_KEY, "", str) or "")


class RecentWorkspaces:
    """The recent list in ``settings``, shown in ``menu``; choosing one calls ``open_workspace``."""

    def __init__(self, settings: QSettings, menu: QMenu, open_workspace: Callable[[str], None]) -> None:
        self.settings, self.menu, self._open = settings, menu, open_workspace
        self.fill()

    def listed(self) -> list[str]:
        """The recent workspaces, newest first (QSettings gives back an object)."""
        recent = self.settings.value(RECENT_KEY, [], list)
        return [str(w) for w in recent] if isinstance(recent, list) else []

    def opened(self, workspace: str) -> None:
        """``workspace`` was opened: first in the list, and the one the next start opens."""
        recent = [w for w in self.listed() if w != workspace]
        self.settings.setValue(RECENT_KEY, [workspace, *recent][:MAX_RECENT])
        self.settings.setValue(LAST_KEY, workspace)
        self.fill()

    def fill(self) -> None:
        self.menu.clear()
        recent = self.listed()
        for workspace in recent:
            action = self.menu.addAction(workspace)
            action.triggered.connect(lambda _checked=False, w=workspace: self._open(w))
        self.menu.setEnabled(bool(recent))
