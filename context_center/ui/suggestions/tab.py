"""The Suggestions tab: what agents proposed (:mod:`.proposals`, "From agents") and what recent
transcripts suggest (:mod:`.candidates`, "From transcripts"), one above the other, each given room
by how much it holds, with one status line for what was decided."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..engine_client import EngineClient
from ..messages import Messages
from .candidates import CandidatesPanel
from .proposals import ProposalsPanel


class SuggestionsTab(QWidget):
    accepted = Signal(object)          # an Acceptance: the stored fact, or the SKILL.md written
    written = Signal(object, object)   # Change, (scope, id) to select or None: the window reloads
    waiting_changed = Signal(int)      # how many agents' proposals wait (the tab's title counts them)

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.status = QLabel()
        self.status.setObjectName("suggestion_status")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)  # titles in it are escaped: an agent wrote them
        self.agents = ProposalsPanel(client, messages, self.status)
        self.transcripts = CandidatesPanel(client, messages, self.status)
        self._waiting = self._candidates = 0
        self.agents.written.connect(self.written)
        self.agents.counted.connect(self._proposals_counted)
        self.transcripts.accepted.connect(self.accepted)
        self.transcripts.counted.connect(self._candidates_counted)
        self.column = QVBoxLayout(self)
        self.column.addWidget(self.agents)
        self.column.addWidget(self.transcripts, 3)
        self.column.addWidget(self.status)
        self._balance()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if not self.transcripts.scanned:
            self.transcripts.scan()

    def reset(self) -> None:
        """A new workspace: its proposals are read by the window's reload; scan again when next shown."""
        self.agents.clear()
        self.status.clear()
        self.transcripts.reset()
        if self.isVisible():
            self.transcripts.scan()

    def reload_proposals(self) -> None:
        """Read the agents' proposals again (the window calls this whenever the facts may have changed)."""
        self.agents.reload_proposals()

    def _proposals_counted(self, count: int) -> None:
        self._waiting = count
        self._balance()
        self.waiting_changed.emit(count)

    def _candidates_counted(self, count: int) -> None:
        self._candidates = count
        self._balance()

    def _balance(self) -> None:
        """Room where there is something to review: no memory waiting from agents is one line, not
        half the tab, and an empty transcript scan gives way to a long list from agents."""
        waiting, candidates = self._waiting, self._candidates
        self.column.setStretchFactor(self.agents, 0 if not waiting else 3 if not candidates else 2)
        self.column.setStretchFactor(self.transcripts, 1 if waiting and not candidates else 3)
