"""The Suggestions tab: what agents proposed, and what recent transcripts suggest.

"From agents" lists the memories agents wrote over MCP that wait in staging (never recalled,
injected or searched until the user promotes them): promote, edit then promote, or delete to
the archive. The window keeps it current, and the tab's title counts what waits.

"From transcripts" lists memory and skill candidates from recent sessions, with evidence. It
scans by itself the first time it is shown (in the background, with progress); nothing is
written until the user accepts, edits then accepts, or dismisses. Dismissed candidates are
listed last, where a dismissal can be undone.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import TypeAlias

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..engine import (
    STALE_DAYS,
    Acceptance,
    ArchivedFact,
    Change,
    Dismissal,
    Engine,
    EngineError,
    Fact,
    FactInput,
    MemoryCandidate,
    Proposal,
    SkillCandidate,
    SuggestionSet,
    WriteResult,
    default_skill_folder,
    skill_file,
)
from . import dialogs
from .engine_client import EngineClient
from .fact_form import FactForm
from .facts_model import STALE_COLOR
from .messages import Messages, describe
from .tables import fill, read_only_table

Candidate: TypeAlias = MemoryCandidate | SkillCandidate


def _detail_html(candidate: Candidate) -> str:
    kind = (f"memory · {candidate.type} · offered as {candidate.scope}" if isinstance(candidate, MemoryCandidate)
            else f"skill · {candidate.name}/SKILL.md")
    evidence = "".join(f"<li><b>{html.escape(e.source)}</b> session <code>{html.escape(e.session[:8])}</code> "
                       f"at {html.escape(e.timestamp or 'unknown time')}<br>“{html.escape(e.text)}”</li>"
                       for e in candidate.evidence)
    how = (f"<p><b>How to apply:</b> {html.escape(candidate.how_to_apply)} <i>(kept with the fact, "
           "not recalled)</i></p>" if isinstance(candidate, MemoryCandidate) else "")
    return (f"<h3>{html.escape(candidate.title)}</h3><p><i>{html.escape(kind)}</i></p>"
            f"<p><b>Why suggested:</b> {html.escape(candidate.reason)}</p>{how}"
            f"<p><b>Evidence</b></p><ul>{evidence}</ul>"
            f"<p><b>{'Fact body' if isinstance(candidate, MemoryCandidate) else 'Draft SKILL.md'}</b></p>"
            f"<pre style='white-space: pre-wrap'>{html.escape(candidate.body)}</pre>")


def _when(stamp: str) -> str:
    """``2026-11-20 16:02`` (UTC) from an RFC 3339 timestamp."""
    return stamp[:16].replace("T", " ")


def _proposal_html(proposal: Proposal) -> str:
    fact = proposal.fact
    written = (f"imported from {proposal.agent} at {_when(proposal.written_at)} UTC (written there "
               f"{_when(fact.created_at)} UTC)" if proposal.imported_from else
               f"written by {proposal.agent} at {_when(proposal.written_at)} UTC")
    stale = (f"<p style='color:{STALE_COLOR.name()}'><b>Stale:</b> waiting for more than {STALE_DAYS} days. "
             "Promote it if it still holds; otherwise delete it.</p>" if proposal.stale else "")
    labels = [(name, value) for name, value in (("Subject", fact.subject), ("Topics", ", ".join(fact.topics)),
                                                ("Tags", ", ".join(fact.tags)), ("Links", ", ".join(fact.links)))
              if value]
    extra = "".join(f"<b>{name}:</b> {html.escape(value)}<br>" for name, value in labels)
    return (f"<h3>{html.escape(fact.label)}</h3>"
            f"<p><i>{html.escape(fact.effective_category)} · {fact.scope} · {html.escape(written)}</i></p>{stale}"
            f"<pre style='white-space: pre-wrap'>{html.escape(fact.body)}</pre>"
            + (f"<p><b>Source:</b> <code>{html.escape(proposal.imported_from)}</code></p>"
               if proposal.imported_from else "")
            + (f"<p><b>Possible duplicate</b> of <code>{html.escape(proposal.duplicate_of)}</code> (it overlaps "
               "it): promote it only if it adds something</p>" if proposal.duplicate_of else "") +
            f"<p>{extra}<small>{html.escape(fact.ref)} · revision {fact.revision} · not recalled, injected or "
            "searched until you promote it</small></p>")


def _dismissal_html(dismissal: Dismissal) -> str:
    when = (f"<p><b>Dismissed</b> at {html.escape(dismissal.dismissed_at)}: it is not suggested again here "
            "until you undo the dismissal.</p>")
    if dismissal.candidate is None:
        return (f"<h3>{html.escape(dismissal.id)}</h3>{when}<p>The recent sessions no longer hold it; undoing "
                "the dismissal lets it be suggested again if it is said again.</p>")
    return when + _detail_html(dismissal.candidate)


class SkillEditor(QDialog):
    """Edit a drafted SKILL.md before it is written."""

    def __init__(self, skill: SkillCandidate, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit skill {skill.name}")
        self.resize(680, 520)
        self.text = QPlainTextEdit(skill.body)
        self.text.setObjectName("skill_body")
        self.target: SkillTarget | None = None   # asked next, once the text is accepted
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)


class SkillTarget(QDialog):
    """Where a skill's SKILL.md goes: a folder (created when missing) and the skill's name,
    with the exact file that will be written."""

    def __init__(self, skill: SkillCandidate, workspace: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Write skill {skill.name}")
        self.resize(640, 180)
        self.folder = QLineEdit(str(default_skill_folder(workspace)))
        self.folder.setObjectName("skill_folder")
        browse = QPushButton("&Browse…")
        browse.setObjectName("skill_browse")
        browse.clicked.connect(self.browse)
        self.name = QLineEdit(skill.name)
        self.name.setObjectName("skill_name")
        self.target = QLabel()
        self.target.setObjectName("skill_target")
        self.target.setWordWrap(True)
        self.target.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Write SKILL.md")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(browse)
        form = QFormLayout()
        form.addRow("&Folder:", folder_row)
        form.addRow("Skill &name:", self.name)
        form.addRow("Writes:", self.target)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.folder.textChanged.connect(self._update)
        self.name.textChanged.connect(self._update)
        self._update()

    def _resolve(self) -> tuple[Path | None, str]:
        folder = Path(self.folder.text().strip()).expanduser()
        if not self.folder.text().strip() or not folder.is_absolute():
            return None, "Choose a folder (a full path)."
        try:
            return skill_file(folder, self.name.text()), ""
        except EngineError as exc:
            return None, f"The name cannot be used: {describe(exc)}"

    def path(self) -> Path | None:
        """The SKILL.md that will be written, or None while the folder or the name is unusable."""
        return self._resolve()[0]

    def _update(self) -> None:
        path, problem = self._resolve()
        if path is not None:
            missing = "" if path.parent.parent.is_dir() else " (the folder will be created)"
            self.target.setText(f"{path}{missing}")
        else:
            self.target.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(path is not None)

    @Slot()
    def browse(self) -> None:
        start = Path(self.folder.text().strip() or ".").expanduser()
        while not start.is_dir() and start != start.parent:
            start = start.parent  # a chooser cannot start in (or pick) a folder that does not exist yet
        chosen = dialogs.choose_directory(self, "Folder for the skill", str(start))
        if chosen:
            self.folder.setText(chosen)


class SuggestionsTab(QWidget):
    accepted = Signal(object)          # an Acceptance: the stored fact, or the SKILL.md written
    written = Signal(object, object)   # Change, (scope, id) to select or None: the window reloads
    waiting_changed = Signal(int)      # how many agents' proposals wait (the tab's title counts them)

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.proposals: list[Proposal] = []
        self.found: SuggestionSet | None = None
        self.workspace: Path | None = None
        self.scanned = False
        self.sources = QLabel("Not scanned yet.")
        self.sources.setObjectName("suggestion_sources")
        self.sources.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(200)
        self.progress.hide()
        self.tree = QTreeWidget()
        self.tree.setObjectName("suggestions")
        self.tree.setHeaderLabels(["Candidate", "Kind", "Sessions"])
        self.tree.setColumnWidth(0, 280)  # within the splitter's first 520 px, with "Sessions" in full
        self.tree.setColumnWidth(1, 100)
        self.tree.currentItemChanged.connect(self._show)
        self.detail = QTextBrowser()
        self.detail.setObjectName("suggestion_detail")
        self.status = QLabel()
        self.status.setObjectName("suggestion_status")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)  # titles in it are escaped: an agent wrote them
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for key, label, slot in (("accept", "&Accept", self.accept_current),
                                 ("edit", "&Edit and accept…", self.edit_current),
                                 ("dismiss", "&Dismiss", self.dismiss_current),
                                 ("undismiss", "&Undo dismiss", self.undismiss_current),
                                 ("scan", "&Scan again", self.scan)):
            button = QPushButton(label)
            button.setObjectName(f"suggestion_{key}")
            button.clicked.connect(slot)
            self.buttons[key] = button
            row.addWidget(button)
        row.addStretch(1)
        top = QHBoxLayout()
        top.addWidget(self.sources, 1)
        top.addWidget(self.progress)
        splitter = QSplitter()
        splitter.addWidget(self.tree)
        splitter.addWidget(self.detail)
        splitter.setSizes([520, 680])
        self.transcripts_box = QGroupBox("From transcripts")
        self.transcripts_box.setObjectName("from_transcripts")
        transcripts = QVBoxLayout(self.transcripts_box)
        transcripts.addLayout(top)
        transcripts.addWidget(splitter, 1)
        transcripts.addLayout(row)
        self.agents_box = self._from_agents()
        self.column = QVBoxLayout(self)
        self.column.addWidget(self.agents_box)
        self.column.addWidget(self.transcripts_box, 3)
        self.column.addWidget(self.status)
        self._update_buttons()
        self._fill_proposals([])
        self.client.progress.connect(self._progress)

    def _from_agents(self) -> QGroupBox:
        """The agents' proposals: a table, the selected one in full, and what to do with it."""
        box = QGroupBox("From agents")
        box.setObjectName("from_agents")
        self.no_proposals = QLabel("Nothing waits for you. A memory an agent writes over MCP that needs your "
                                   "review (the write policy is in File ▸ Settings), or one imported from another "
                                   "agent (File ▸ Import from another agent…), waits here until you promote it.")
        self.no_proposals.setObjectName("no_proposals")
        self.no_proposals.setWordWrap(True)
        self.proposal_table = read_only_table(["Memory", "Category", "Scope", "From", "Written (UTC)"], "proposals",
                                              stretch=0)
        self.proposal_table.currentCellChanged.connect(self._show_proposal)
        edit = QAction(self.proposal_table)  # Return opens the selected one, as in the Facts tab
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
                ("promote", "&Promote", "Keep it as it is: agents may recall it from now on", self.promote_proposal),
                ("edit", "Edi&t then promote…", "Edit its text, title or description, then promote it (Return)",
                 self.edit_proposal),
                ("delete", "De&lete", "Move it to the archive (recoverable from the Archive tab)",
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
        layout = QVBoxLayout(box)
        layout.addWidget(self.no_proposals)
        layout.addWidget(self.proposal_body, 1)
        return box

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if not self.scanned:
            self.scan()

    def reset(self) -> None:
        """A new workspace: its proposals are read by the window's reload; scan again when next shown."""
        self._fill_proposals([])
        self.status.clear()
        self.scanned = False
        self.tree.clear()
        self.detail.clear()
        if self.isVisible():
            self.scan()

    # from agents --------------------------------------------------------------------------------------

    def reload_proposals(self) -> None:
        """Read the staged memories again (the window calls this whenever the facts may have changed)."""
        self.client.submit(lambda engine: engine.agent_proposals(), self.show_proposals,
                           lambda e: self.messages.failure("read the agents' proposals", e))

    def show_proposals(self, proposals: list[Proposal]) -> None:
        if proposals != self.proposals:  # an echo of a change that left them alone keeps the view as it is
            self._fill_proposals(proposals)

    def _fill_proposals(self, proposals: list[Proposal]) -> None:
        shown, row = self.current_proposal(), self.proposal_table.currentRow()
        self.proposals = proposals
        fill(self.proposal_table,
             [(" ".join(p.fact.body.split())[:300], p.fact.effective_category, p.fact.scope, p.agent,
               _when(p.written_at) + (" · stale" if p.stale else "")) for p in proposals],
             [p.fact.body + (f"\n\nStale: waiting for more than {STALE_DAYS} days" if p.stale else "")
              for p in proposals])
        for number, proposal in enumerate(proposals):
            if proposal.stale:  # the whole row, as stale facts are in the Facts tab
                for column in range(self.proposal_table.columnCount()):
                    item = self.proposal_table.item(number, column)
                    if item is not None:
                        item.setForeground(STALE_COLOR)
        count = len(proposals)
        self.agents_box.setTitle(f"From agents ({count})" if count else "From agents")
        self.no_proposals.setVisible(not count)
        self.proposal_body.setVisible(bool(count))
        self._balance()
        if not (shown is not None and self.select_proposal(shown.fact.id)) and count:
            self.proposal_table.selectRow(min(max(row, 0), count - 1))  # the one after a decided one
        self._show_proposal(self.proposal_table.currentRow())
        self.waiting_changed.emit(count)

    def _balance(self) -> None:
        """Room where there is something to review: no memory waiting from agents is one line, not
        half the tab, and an empty transcript scan gives way to a long list from agents."""
        waiting = len(self.proposals) if self.proposals else 0
        candidates = len(self.found.memories) + len(self.found.skills) if self.found is not None else 0
        self.column.setStretchFactor(self.agents_box, 0 if not waiting else 3 if not candidates else 2)
        self.column.setStretchFactor(self.transcripts_box, 1 if waiting and not candidates else 3)

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
            self.proposal_detail.setHtml(_proposal_html(proposal))
        for button in self.proposal_buttons.values():
            button.setEnabled(proposal is not None)

    def _promoted(self, label: str, edited: bool = False):
        def done(fact: Fact) -> None:
            self.status.setText(f"Promoted “{html.escape(label)}” as {html.escape(fact.ref)} (revision "
                                f"{fact.revision}){', with your edits' if edited else ''}: agents may recall it now.")
            self.messages.info(f"Promoted {fact.ref}")
            self.written.emit(Change(facts=True, scopes=(fact.scope,)), (fact.scope, fact.id))
        return done

    @Slot()
    def promote_proposal(self) -> None:
        """Promote the selected proposal as it is; a refusal (a secret, a subject conflict, a
        duplicate) is said in the status line and the proposal stays."""
        proposal = self.current_proposal()
        if proposal is None:
            return
        fact_id, scope, promoted = proposal.fact.id, proposal.fact.scope, self._promoted(proposal.fact.label)

        def done(result: WriteResult) -> None:
            promoted(result.fact)

        self.client.submit(lambda e: e.approve_proposal(fact_id, scope), done, self._refused)

    @Slot()
    def edit_proposal(self) -> FactForm | None:
        """Edit the selected proposal in the fact form; saving promotes it with the edits, as one revision."""
        proposal = self.current_proposal()
        if proposal is None:
            return None
        fact_id, scope = proposal.fact.id, proposal.fact.scope

        def promote(engine: Engine, request: FactInput) -> Fact:
            return engine.approve_proposal(fact_id, scope, edits=request).fact

        form = FactForm(self.client, proposal.fact, self, save_job=promote)
        form.setWindowTitle(f"Edit then promote — from {proposal.agent}")
        form.buttons.button(QDialogButtonBox.StandardButton.Save).setText("&Promote")
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
            self.status.setText(f"Deleted “{html.escape(label)}” to the archive; recover it from the Archive tab.")
            self.messages.info(f"Archived {entry.scope}/{entry.name}.md")
            self.written.emit(entry.change, None)

        self.client.submit(lambda e: e.reject_proposal(fact_id, scope), done, self._refused)

    # scanning -----------------------------------------------------------------------------------------

    @Slot()
    def scan(self) -> None:
        self.scanned = True
        self.sources.setText("Scanning recent Claude Code and Codex sessions of this workspace…")
        self.progress.setRange(0, 0)
        self.progress.show()
        report = self.client.report_progress("Scanning transcripts")
        self.client.submit(lambda engine: (engine.suggestions(progress=report), engine.paths.workspace),
                           self._scanned, self._scan_failed)

    @Slot(str, int, int)
    def _progress(self, what: str, done: int, total: int) -> None:
        if what == "Scanning transcripts":
            self.progress.setRange(0, total)
            self.progress.setValue(done)

    def _scan_failed(self, error: BaseException) -> None:
        self.progress.hide()
        self.sources.setText(f"The scan failed: {describe(error)}")

    def _scanned(self, result: tuple[SuggestionSet, Path]) -> None:
        found, self.workspace = result
        self.found = found
        self.progress.hide()
        parts = [f"{s.name}: {s.sessions} session(s)" if s.available else f"{s.name}: unavailable ({s.detail})"
                 for s in found.sources]
        skipped = ", ".join(f"{n} {why}" for why, n in found.skipped.items())
        self.sources.setText("Sources — " + "; ".join(parts) + (f". Left out: {skipped}." if skipped else ""))
        self.tree.clear()
        for title, items in (("Memories", found.memories), ("Skills", found.skills)):
            group = QTreeWidgetItem([f"{title} ({len(items)})"])
            group.setFlags(group.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            self.tree.addTopLevelItem(group)
            for candidate in items:
                kind = (f"{candidate.type} · {candidate.scope}" if isinstance(candidate, MemoryCandidate)
                        else "skill")
                item = QTreeWidgetItem([candidate.title, kind, str(len({e.session for e in candidate.evidence}))])
                item.setData(0, Qt.ItemDataRole.UserRole, candidate)
                group.addChild(item)
            group.setExpanded(True)
        dismissed = QTreeWidgetItem([f"Dismissed ({len(found.dismissed)})"])
        dismissed.setFlags(dismissed.flags() & ~Qt.ItemFlag.ItemIsSelectable)
        self.tree.addTopLevelItem(dismissed)
        for dismissal in found.dismissed:
            candidate = dismissal.candidate
            kind = ("no longer in the recent sessions" if candidate is None
                    else "skill" if isinstance(candidate, SkillCandidate) else f"{candidate.type} · {candidate.scope}")
            sessions = str(len({e.session for e in candidate.evidence})) if candidate is not None else ""
            item = QTreeWidgetItem([dismissal.title, kind, sessions])
            item.setData(0, Qt.ItemDataRole.UserRole, dismissal)
            dismissed.addChild(item)
        self._balance()
        tops = [top for i in range(2) if (top := self.tree.topLevelItem(i)) is not None]
        first = next((top.child(0) for top in tops if top.childCount()), None)
        if first is not None:
            self.tree.setCurrentItem(first)
        else:
            self.detail.setHtml("<p>No suggestions: nothing new worth remembering in the recent sessions.</p>")
        self._update_buttons()

    # the current candidate ---------------------------------------------------------------------------------

    def current(self) -> Candidate | None:
        """The open candidate selected (None for a dismissed one)."""
        item = self.tree.currentItem()
        data = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return data if isinstance(data, (MemoryCandidate, SkillCandidate)) else None

    def current_dismissal(self) -> Dismissal | None:
        item = self.tree.currentItem()
        data = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return data if isinstance(data, Dismissal) else None

    def select(self, candidate_id: str) -> bool:
        for group in range(self.tree.topLevelItemCount()):
            parent = self.tree.topLevelItem(group)
            if parent is None:
                continue
            for row in range(parent.childCount()):
                child = parent.child(row)
                if child is not None and child.data(0, Qt.ItemDataRole.UserRole).id == candidate_id:
                    self.tree.setCurrentItem(child)
                    return True
        return False

    @Slot(QTreeWidgetItem, QTreeWidgetItem)
    def _show(self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        shown = current.data(0, Qt.ItemDataRole.UserRole) if current is not None else None
        if isinstance(shown, Dismissal):
            self.detail.setHtml(_dismissal_html(shown))
        elif shown is not None:
            self.detail.setHtml(_detail_html(shown))
        self._update_buttons()

    def _update_buttons(self) -> None:
        has = self.current() is not None
        for key in ("accept", "edit", "dismiss"):
            self.buttons[key].setEnabled(has)
        self.buttons["undismiss"].setEnabled(self.current_dismissal() is not None)

    # decisions -----------------------------------------------------------------------------------------------

    def _done(self, what: str, candidate_id: str = ""):
        def done(result: Acceptance | Fact) -> None:
            if isinstance(result, Fact):  # stored through the fact form (edit, then accept)
                assert result.path is not None
                result = Acceptance(candidate_id, "memory", result.path, result)
            self.status.setText(f"{what}: {html.escape(result.ref)}")
            self.messages.info(f"{what} {result.ref}")
            self.accepted.emit(result)
            self.show_current()
        return done

    def show_current(self) -> None:
        """After a decision: the last scan with the decision applied (no transcript is read again)."""
        self.client.submit(lambda engine: (engine.current_suggestions(), engine.paths.workspace),
                           self._scanned, self._scan_failed)

    def _refused(self, error: BaseException) -> None:
        self.status.setText(f"<span style='color:#b00020'>{getattr(error, 'code', 'ERROR')}: "
                            f"{html.escape(describe(error))}</span>")

    def _write_skill(self, skill: SkillCandidate, body: str | None = None) -> SkillTarget:
        """Ask where the SKILL.md goes, then write it there."""
        target = SkillTarget(skill, self.workspace or Path.cwd(), self)
        cid = skill.id

        def write() -> None:
            path = target.path()
            if path is None:
                return
            folder, name = str(path.parent.parent), path.parent.name
            self.client.submit(lambda e: e.accept_suggestion(cid, skill_dir=folder, skill_body=body, skill_name=name),
                               self._done("Wrote"), self._refused)

        target.accepted.connect(write)
        target.open()
        return target

    @Slot()
    def accept_current(self) -> QDialog | None:
        """Stores a memory at once; for a skill, returns the dialog that asks where to write it."""
        candidate = self.current()
        if candidate is None:
            return None
        cid = candidate.id
        if isinstance(candidate, SkillCandidate):
            return self._write_skill(candidate)
        self.client.submit(lambda e: e.accept_suggestion(cid), self._done("Remembered"), self._refused)
        return None

    @Slot()
    def edit_current(self) -> QDialog | None:
        candidate = self.current()
        if candidate is None:
            return None
        cid = candidate.id
        if isinstance(candidate, SkillCandidate):
            editor = SkillEditor(candidate, self)
            skill = candidate

            def ask_where() -> None:
                editor.target = self._write_skill(skill, editor.text.toPlainText())

            editor.accepted.connect(ask_where)
            editor.open()
            return editor
        initial = {"name": candidate.name, "title": candidate.title, "description": candidate.description,
                   "type": candidate.type, "scope": candidate.scope, "body": candidate.body}

        def store(engine: Engine, request: FactInput) -> Fact:
            accepted = engine.accept_suggestion(cid, request)
            assert accepted.fact is not None  # a memory candidate
            return accepted.fact

        form = FactForm(self.client, None, self, initial=initial, save_job=store)
        form.setWindowTitle("Edit and accept suggestion")
        form.saved.connect(self._done("Remembered", cid))
        form.open()
        return form

    @Slot()
    def dismiss_current(self) -> None:
        candidate = self.current()
        if candidate is None:
            return
        cid, title = candidate.id, candidate.title

        def done(_result: object) -> None:
            self.status.setText(f"Dismissed “{html.escape(title)}”; it will not be suggested again here "
                                "(undo it from the Dismissed list).")
            self.show_current()

        self.client.submit(lambda e: e.dismiss_suggestion(cid), done, self._refused)

    @Slot()
    def undismiss_current(self) -> None:
        dismissal = self.current_dismissal()
        if dismissal is None:
            return
        cid, title = dismissal.id, dismissal.title

        def done(_result: object) -> None:
            self.status.setText(f"Restored “{html.escape(title)}”; it is suggested again while the recent "
                                "sessions hold it.")
            self.show_current()

        self.client.submit(lambda e: e.undismiss_suggestion(cid), done, self._refused)
