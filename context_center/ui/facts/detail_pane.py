"""The Facts tab's detail pane: the selected fact, and what the worker finds out about it after.

Shown at once from the row (:func:`.detail.detail_markdown`); then, asked on the worker, each
added when it comes back while the fact is still the one shown: the keys another tool's rewrite
dropped (a banner with a link that puts them back), who changed or removed the code it cites
(git's word), and the subject key the engine reads from a fact with none. Its links: a ref opens
the cited file in the editor; ``fact:REF`` (an override's explanation) asks the tab to show that
fact; restoring the lost keys and using the proposed subject key are the tab's writes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QUrl, Signal, Slot
from PySide6.QtWidgets import QTextBrowser, QWidget

from ...engine import Grounding
from ..editor import open_in_editor
from ..engine_client import EngineClient
from ..words import tr
from .detail import OPEN_SCHEME, USE_SUBJECT_SCHEME, detail_markdown
from .model import FactRow

RESTORE_SCHEME = "restore-keys"
FACT_SCHEME = "fact"


class DetailPane(QTextBrowser):
    """``current`` gives the row selected now (a late answer about another fact is dropped);
    ``workspace`` the folder cited paths are relative to."""

    restore_keys = Signal()        # the banner's link: put back the keys another tool dropped
    use_subject = Signal()         # the proposed subject key's link: set it
    fact_asked = Signal(str)       # a ``fact:REF`` link: show that fact

    def __init__(self, client: EngineClient, current: Callable[[], FactRow | None], workspace: Callable[[], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("detail")
        self.setOpenLinks(False)
        self.anchorClicked.connect(self._link)
        self._client, self._current, self._workspace = client, current, workspace
        self.shown: tuple[str, str] | None = None   # the key of the fact shown
        self.lost_keys: list[str] = []               # of the fact shown, when another tool's rewrite dropped some
        self.proposed: str | None = None             # the subject key the engine reads from the fact shown
        self._banner = ""                            # said above the fact (the keys another tool dropped)
        self._explained: Grounding | None = None     # the fact's grounding, with git's word

    def show_row(self, row: FactRow | None) -> None:
        """Show ``row`` (None: nothing) and ask the worker what more there is to say of it."""
        self.shown = row.key if row is not None else None
        self.lost_keys, self.proposed, self._banner, self._explained = [], None, "", None
        self._render(row)
        if row is not None:
            self._check_rewritten(row)
            self._explain_grounding(row)
            self._propose_subject(row)

    def _render(self, row: FactRow | None) -> None:
        self.setMarkdown("" if row is None else self._banner + detail_markdown(row, self._explained, self.proposed))

    def _still_shown(self, key: tuple[str, str]) -> FactRow | None:
        current = self._current()
        return current if current is not None and current.key == key else None

    def _propose_subject(self, row: FactRow) -> None:
        """The subject key the engine reads from a fact with none (``project.package_manager`` for
        "Always use pnpm"), shown with a link that sets it."""
        if row.fact.subject_key:
            return
        fact, key = row.fact, row.key

        def show(proposed: str | None) -> None:
            current = self._still_shown(key)
            if proposed and current is not None:
                self.proposed = proposed
                self._render(current)

        self._client.submit(lambda e: e.proposed_subject_key(fact), show, lambda _e: None, owner=self)

    def _explain_grounding(self, row: FactRow) -> None:
        """Who changed or removed what the fact cites: git's word."""
        if row.view.grounding.state not in ("changed", "broken"):
            return
        fact, key = row.fact, row.key

        def show(explained: Grounding) -> None:
            current = self._still_shown(key)
            if current is not None:
                self._explained = explained
                self._render(current)

        self._client.submit(lambda e: e.grounding_explained(fact), show, lambda _e: None, owner=self)

    def _check_rewritten(self, row: FactRow) -> None:
        """Did another tool rewrite this fact and drop our keys? (one snapshot read)"""
        fact_id, scope, key, ref = row.fact.id, row.fact.scope, row.key, row.fact.ref

        def show(lost: list[str]) -> None:
            current = self._still_shown(key)
            if lost and current is not None:
                self.lost_keys = lost
                self._banner = "> " + tr("**Rewritten by another tool**: the last save dropped {keys} (kept in the "
                                         "revision before). [Restore the lost keys]({link})").format(
                    keys=", ".join(lost), link=f"{RESTORE_SCHEME}:{ref}") + "\n\n"
                self._render(current)

        self._client.submit(lambda e: e.lost_keys(fact_id, scope), show, lambda _e: None, owner=self)

    @Slot(QUrl)
    def _link(self, url: QUrl) -> None:
        scheme, _, rest = url.toString().partition(":")
        if scheme == RESTORE_SCHEME:
            self.restore_keys.emit()
        elif scheme == USE_SUBJECT_SCHEME:
            self.use_subject.emit()
        elif scheme == OPEN_SCHEME and self._workspace():
            path, _, line = rest.rpartition(":")
            open_in_editor(self, Path(self._workspace()).joinpath(*path.split("/")), int(line or 0))
        elif scheme == FACT_SCHEME:
            self.fact_asked.emit(rest)
