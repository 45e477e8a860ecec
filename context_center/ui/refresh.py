"""What reloads on which change, in one place, so that no tab can forget: a write made here (its
result's :class:`Change`; the watcher's echo of it then finds nothing new), the files seen
changing (the engine says what that changed), or everything (F5, a sync, a team commit, an open).

Work that takes seconds at 10,000 facts (the review's queue, the overview's counts) is done for
the tab that is looked at, and once at an open; the other tabs show their last result meanwhile."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QTabWidget

from ..engine import Change
from .archive_tab import ArchiveTab
from .facts.tab import FactsTab
from .instructions.tab import InstructionsTab
from .overview.tab import OverviewTab
from .recall.tab import RecallTab
from .review_tab import ReviewTab
from .suggestions.tab import SuggestionsTab


class Refresh(QObject):
    """The tabs reloaded for each change. ``sync_index`` keeps the search index in step with the
    facts (off this process)."""

    def __init__(self, tabs: QTabWidget, *, facts: FactsTab, overview: OverviewTab, instructions: InstructionsTab,
                 recall: RecallTab, archive: ArchiveTab, suggestions: SuggestionsTab, review: ReviewTab,
                 sync_index: Callable[[], None]) -> None:
        super().__init__(tabs)
        self.tabs = tabs
        self.facts, self.overview, self.instructions = facts, overview, instructions
        self.recall, self.archive, self.suggestions, self.review = recall, archive, suggestions, review
        self._sync_index = sync_index

    @Slot(object, object)
    def reload(self, change: Change, select: tuple[str, str] | None = None) -> None:
        """Reload exactly what ``change`` touched, once. ``select`` keeps a written fact selected.
        Everything is shown again even when no fact file changed: a git commit changes none, and the
        team column kept "uncommitted" until a restart."""
        if change.facts:
            self._sync_index()
            self.facts.reload(force=change == Change.everything(), select=select)
        self.beside_facts(change)

    def beside_facts(self, change: Change) -> None:
        """The tabs that show something of the facts, the archive or the instructions (an open
        calls this once the list is shown)."""
        looked_at = self.tabs.currentWidget()
        if change.facts:
            self.suggestions.reload_proposals()
            if looked_at is self.recall:
                self.recall.reload()
            if looked_at is self.review or change == Change.everything():
                self.review.reload()   # (once at an open: the count in its title)
        if looked_at is self.overview or change == Change.everything():
            self.overview.reload()
        if change.archive:
            self.archive.reload()
        if change.instructions:
            self.instructions.reload()
            self.instructions.adherence.reload()   # (the rules, and the transcripts read again: F5)

    def shown(self) -> None:
        """A tab is shown: the review and the overview are worked out now (their last result shown
        meanwhile)."""
        if self.tabs.currentWidget() is self.review:
            self.review.reload()
        if self.tabs.currentWidget() is self.overview:
            self.overview.reload()
