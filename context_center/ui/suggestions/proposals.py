"""The Suggestions tab's "From agents": memories agents wrote over MCP (or imported from another
agent's memory) that wait in staging, never recalled, injected or searched until the user
promotes them. Promote, edit then promote, or delete to the archive; the window keeps the list
current, and the tab's title counts what waits."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine import STALE_DAYS, ArchivedFact, Engine, FactInput, Proposal, WriteResult
from ..engine_client import EngineClient
from ..facts.form import FactForm
from ..icons import badge
from ..messages import Messages
from ..tables import fill, read_only_table
from ..theme import tone_color
from ..words import tr
from .render import proposal_html, refused, scope_word, when


class ProposalsPanel(QGroupBox):
    written = Signal(object, object)   # Change, (scope, id) to select or None: the window reloads
    counted = Signal(int)              # how many proposals wait

    def __init__(self, client: EngineClient, messages: Messages, status: QLabel,
                 parent: QWidget | None = None) -> None:
        """``status`` is the tab's status line, where a decision (or a refusal) is said."""
        super().__init__(tr("From agents"), parent)
        self.client, self.messages, self.status = client, messages, status
        self.proposals: list[Proposal] = []
        self.setObjectName("from_agents")
        self.no_proposals = QLabel(tr("Nothing waits for you. A memory an agent writes over MCP that needs your "
                                      "review (the write policy is in File ▸ Settings), or one imported from another "
                                      "agent (File ▸ Import from another agent…), waits here until you promote it."))
        self.no_proposals.setObjectName("no_proposals")
        self.no_proposals.setWordWrap(True)
        self.proposal_table = read_only_table([tr("Memory"), tr("Category"), tr("Scope"), tr("From"),
                                               tr("Written (UTC)")], "proposals", stretch=0)
        self.proposal_table.currentCellChanged.connect(self._show_proposal)
        edit = QAction(tr("Edit the suggestion under the cursor"), self.proposal_table)   # as in the Facts tab
        edit.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
        edit.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        edit.triggered.connect(self.edit_proposal)
        self.proposal_table.addAction(edit)
        self.proposal_detail = QTextBrowser()
        self.proposal_detail.setObjectName("proposal_detail")
        self.proposal_buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        for key, label, tip, slot in (
                ("promote", tr("&Promote"), tr("Keep it as it is: agents may recall it from now on"),
                 self.promote_proposal),
                ("edit", tr("Edi&t then promote…"), tr("Edit its text, title or description, then promote it (Return)"),
                 self.edit_proposal),
                ("delete", tr("De&lete"), tr("Move it to the archive (recoverable from the Archive tab)"),
                 self.delete_proposal)):
            button = QPushButton(label)
            button.setObjectName(f"proposal_{key}")
            button.setToolTip(tip)
            button.clicked.connect(slot)
            self.proposal_buttons[key] = button
            row.addWidget(button)
        row.addStretch(1)
        splitter = QSplitter()
        splitter.addWidget(self.proposal_table)
        splitter.addWidget(self.proposal_detail)
        splitter.setSizes([620, 580])
        self.proposal_body = QWidget()
        body = QVBoxLayout(self.proposal_body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(splitter, 1)
        body.addLayout(row)
        layout = QVBoxLayout(self)
        layout.addWidget(self.no_proposals)
        layout.addWidget(self.proposal_body, 1)
        self._fill_proposals([])

    # the list ------------------------------------------------------------------------------------

    def reload_proposals(self) -> None:
        """Read the staged memories again (the window calls this whenever the facts may have changed)."""
        self.client.submit(lambda engine: engine.agent_proposals(), self.show_proposals,
                           lambda e: self.messages.failure(tr("read the agents' proposals"), e))

    def clear(self) -> None:
        """A new workspace: nothing shown until its proposals are read."""
        self._fill_proposals([])

    def show_proposals(self, proposals: list[Proposal]) -> None:
        if proposals != self.proposals:  # an echo of a change that left them alone keeps the view as it is
            self._fill_proposals(proposals)

    def _fill_proposals(self, proposals: list[Proposal]) -> None:
        shown, row = self.current_proposal(), self.proposal_table.currentRow()
        self.proposals = proposals
        fill(self.proposal_table,
             [(" ".join(p.fact.body.split())[:300], p.fact.effective_category, scope_word(p.fact.scope), p.agent,
               tr("{time} · stale").format(time=when(p.written_at)) if p.stale else when(p.written_at))
              for p in proposals],
             [p.fact.body + ("\n\n" + tr("Stale: waiting for more than {days} days").format(days=STALE_DAYS)
                             if p.stale else "")
              for p in proposals])
        staged = badge("staged")
        for number, proposal in enumerate(proposals):
            first = self.proposal_table.item(number, 0)
            if first is not None and staged is not None:
                first.setIcon(staged)
            if proposal.stale:  # the whole row, as stale facts are in the Facts tab
                for column in range(self.proposal_table.columnCount()):
                    item = self.proposal_table.item(number, column)
                    if item is not None:
                        item.setForeground(tone_color("warning"))
        count = len(proposals)
        self.setTitle(tr("From agents ({count})").format(count=count) if count else tr("From agents"))
        self.no_proposals.setVisible(not count)
        self.proposal_body.setVisible(bool(count))
        if not (shown is not None and self.select_proposal(shown.fact.id)) and count:
            self.proposal_table.selectRow(min(max(row, 0), count - 1))  # the one after a decided one
        self._show_proposal(self.proposal_table.currentRow())
        self.counted.emit(count)

    def current_proposal(self) -> Proposal | None:
        row = self.proposal_table.currentRow()
        return self.proposals[row] if 0 <= row < len(self.proposals) else None

    def select_proposal(self, fact_id: str) -> bool:
        row = next((n for n, p in enumerate(self.proposals) if p.fact.id == fact_id), -1)
        if row >= 0:
            self.proposal_table.selectRow(row)
        return row >= 0

    @Slot(int, int, int, int)
    def _show_proposal(self, row: int, *_: int) -> None:
        proposal = self.proposals[row] if 0 <= row < len(self.proposals) else None
        if proposal is None:
            self.proposal_detail.clear()
        else:
            self.proposal_detail.setHtml(proposal_html(proposal))
        for button in self.proposal_buttons.values():
            button.setEnabled(proposal is not None)

    def _promoted(self, label: str, edited: bool = False):
        def done(result: WriteResult) -> None:
            fact = result.fact
            said = tr("Promoted “{label}” as {ref} (revision {revision}), with your edits: agents may recall it "
                      "now.") if edited else \
                tr("Promoted “{label}” as {ref} (revision {revision}): agents may recall it now.")
            self.status.setText(said.format(label=html.escape(label), ref=html.escape(fact.ref),
                                            revision=fact.revision))
            self.messages.info(tr("Promoted {ref}").format(ref=fact.ref))
            self.written.emit(result.change, (fact.scope, fact.id))
        return done

    @Slot()
    def promote_proposal(self) -> None:
        """Promote the selected proposal as it is; a refusal (a secret, a subject conflict, a
        duplicate) is said in the status line and the proposal stays."""
        proposal = self.current_proposal()
        if proposal is None:
            return
        fact_id, scope = proposal.fact.id, proposal.fact.scope
        self.client.submit(lambda e: e.approve_proposal(fact_id, scope), self._promoted(proposal.fact.label),
                           self._refused)

    @Slot()
    def edit_proposal(self) -> FactForm | None:
        """Edit the selected proposal in the fact form; saving promotes it with the edits, as one revision."""
        proposal = self.current_proposal()
        if proposal is None:
            return None
        fact_id, scope = proposal.fact.id, proposal.fact.scope

        def promote(engine: Engine, request: FactInput) -> WriteResult:
            return engine.approve_proposal(fact_id, scope, edits=request)

        form = FactForm(self.client, proposal.fact, self, save_job=promote)
        form.setWindowTitle(tr("Edit then promote — from {agent}").format(agent=proposal.agent))
        form.buttons.button(QDialogButtonBox.StandardButton.Save).setText(tr("&Promote"))
        form.saved.connect(self._promoted(proposal.fact.label, edited=True))
        form.refused.connect(self._refused)
        form.open()
        return form

    @Slot()
    def delete_proposal(self) -> None:
        """Delete the selected proposal to the archive (recoverable there)."""
        proposal = self.current_proposal()
        if proposal is None:
            return
        fact_id, scope, label = proposal.fact.id, proposal.fact.scope, proposal.fact.label

        def done(entry: ArchivedFact) -> None:
            self.status.setText(tr("Deleted “{label}” to the archive; recover it from the Archive tab.").format(
                label=html.escape(label)))
            self.messages.info(tr("Archived {file}").format(file=f"{entry.scope}/{entry.name}.md"))
            self.written.emit(entry.change, None)

        self.client.submit(lambda e: e.reject_proposal(fact_id, scope), done, self._refused)

    def _refused(self, error: BaseException) -> None:
        refused(self.status, error)
