"""The Suggestions tab's "From transcripts": memory and skill candidates from the workspace's recent
Claude Code and Codex sessions, with their evidence. It scans by itself the first time it is
shown (in the background, with progress); nothing is written until the user accepts, edits then
accepts, or dismisses. Dismissed candidates are listed last, where a dismissal can be undone."""
from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...engine import Acceptance, Dismissal, Engine, FactInput, LeftOut, MemoryCandidate, SkillCandidate, SuggestionSet
from ..engine_client import EngineClient
from ..facts.form import FactForm
from ..instructions.agent_views import worded
from ..messages import Messages, describe
from ..words import QT_TR_NOOP, tr
from .render import Candidate, candidate_html, dismissal_html, refused, scope_word, type_word
from .skill_dialogs import SkillEditor, SkillTarget

# why the scan left statements out (the engine's words; one the window does not know is shown as it is)
_LEFT_OUT_WORDS = {"accepted": QT_TR_NOOP("accepted"), "dismissed": QT_TR_NOOP("dismissed"),
                   "already a fact or an instruction": QT_TR_NOOP("already a fact or an instruction"),
                   "over the limit of candidates": QT_TR_NOOP("over the limit of candidates")}


def _scanning() -> str:
    """What the progress bar says while the transcripts are read."""
    return tr("Scanning transcripts")


class OneLineLabel(QLabel):
    """A header kept to one line whatever it says: elided at its width, the whole in its tooltip and
    in ``text()``. (Word-wrapped, the sources line grew a second line when Accept added "Left out: 1
    accepted" to it, and the list below moved down.)"""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self._whole = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)   # never widens the window
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._whole = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:
        return self._whole

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        super().setText(self.fontMetrics().elidedText(self._whole, Qt.TextElideMode.ElideRight, self.width()))


class CandidatesPanel(QGroupBox):
    accepted = Signal(object)   # an Acceptance: the stored fact, or the SKILL.md written
    counted = Signal(int)       # how many candidates the last scan found

    def __init__(self, client: EngineClient, messages: Messages, status: QLabel,
                 parent: QWidget | None = None) -> None:
        """``status`` is the tab's status line, where a decision (or a refusal) is said."""
        super().__init__(tr("From transcripts"), parent)
        self.setObjectName("from_transcripts")
        self.client, self.messages, self.status = client, messages, status
        self.found: SuggestionSet | None = None
        self.workspace: Path | None = None
        self.scanned = False
        self.sources = OneLineLabel(tr("Not scanned yet."))
        self.sources.setObjectName("suggestion_sources")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(200)
        self.progress.hide()
        self.tree = QTreeWidget()
        self.tree.setObjectName("suggestions")
        self.tree.setHeaderLabels([tr("Candidate"), tr("Kind"), tr("Sessions")])
        # the kind and the count whole ("project · proj…" was cut at 100 px); the candidate, free
        # text, takes the rest, elided, the whole in its tooltip
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.currentItemChanged.connect(self._show)
        self.detail = QTextBrowser()
        self.detail.setObjectName("suggestion_detail")
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for key, label, slot in (("accept", tr("A&ccept"), self.accept_current),
                                 ("edit", tr("Ed&it and accept…"), self.edit_current),
                                 ("dismiss", tr("&Dismiss"), self.dismiss_current),
                                 ("undismiss", tr("U&ndo dismiss"), self.undismiss_current),
                                 ("scan", tr("&Scan again"), self.scan)):
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
        transcripts = QVBoxLayout(self)
        transcripts.addLayout(top)
        transcripts.addWidget(splitter, 1)
        transcripts.addLayout(row)
        self._update_buttons()
        self.client.progress.connect(self._progress)

    def reset(self) -> None:
        """A new workspace: scan again when next shown."""
        self.scanned = False
        self.tree.clear()
        self.detail.clear()

    @Slot()
    def scan(self) -> None:
        self.scanned = True
        self.sources.setText(tr("Scanning recent Claude Code and Codex sessions of this workspace…"))
        self.progress.setRange(0, 0)
        self.progress.show()
        report = self.client.report_progress(_scanning())
        self.client.submit(lambda engine: (engine.suggestions(progress=report), engine.paths.workspace),
                           self._scanned, self._scan_failed)

    @Slot(str, int, int)
    def _progress(self, what: str, done: int, total: int) -> None:
        if what == _scanning():
            self.progress.setRange(0, total)
            self.progress.setValue(done)

    def _scan_failed(self, error: BaseException) -> None:
        self.progress.hide()
        self.sources.setText(tr("The scan failed: {error}").format(error=describe(error)))

    def _scanned(self, result: tuple[SuggestionSet, Path]) -> None:
        found, self.workspace = result
        self.found = found
        self.progress.hide()
        parts = [tr("{source}: {count} session(s)").format(source=s.name, count=s.sessions) if s.available
                 else tr("{source}: unavailable (no transcripts at {folder})").format(source=s.name, folder=s.missing)
                 if s.missing else tr("{source}: unavailable ({detail})").format(source=s.name, detail=worded(s.detail))
                 for s in found.sources]
        # each reason with where its items are listed (the dismissed ones are under Dismissed: the
        # header said they were under Already known)
        under = {"dismissed": tr(" (listed under Dismissed)") if found.dismissed else "",
                 "already a fact or an instruction": tr(" (listed under Already known)") if found.known else ""}
        skipped = ", ".join(tr("{count} {reason}").format(count=n, reason=tr(_LEFT_OUT_WORDS[why])
                                                          if why in _LEFT_OUT_WORDS else why) + under.get(why, "")
                            for why, n in found.skipped.items())
        self.sources.setText(tr("Sources — {sources}").format(sources="; ".join(parts))
                             + (tr(". Left out: {reasons}.").format(reasons=skipped) if skipped else ""))
        self.tree.clear()
        for title, items in ((tr("Memories ({count})"), found.memories), (tr("Skills ({count})"), found.skills)):
            group = QTreeWidgetItem([title.format(count=len(items))])
            group.setFlags(group.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            self.tree.addTopLevelItem(group)
            for candidate in items:
                kind = (f"{type_word(candidate.type)} · {scope_word(candidate.scope)}"
                        if isinstance(candidate, MemoryCandidate) else tr("skill"))
                item = QTreeWidgetItem([candidate.title, kind, str(len({e.session for e in candidate.evidence}))])
                item.setToolTip(0, candidate.title)
                item.setData(0, Qt.ItemDataRole.UserRole, candidate)
                group.addChild(item)
            group.setExpanded(True)
        dismissed = QTreeWidgetItem([tr("Dismissed ({count})").format(count=len(found.dismissed))])
        dismissed.setFlags(dismissed.flags() & ~Qt.ItemFlag.ItemIsSelectable)
        self.tree.addTopLevelItem(dismissed)
        for dismissal in found.dismissed:
            candidate = dismissal.candidate
            kind = (tr("no longer in the recent sessions") if candidate is None
                    else tr("skill") if isinstance(candidate, SkillCandidate)
                    else f"{type_word(candidate.type)} · {scope_word(candidate.scope)}")
            sessions = str(len({e.session for e in candidate.evidence})) if candidate is not None else ""
            item = QTreeWidgetItem([dismissal.title, kind, sessions])
            item.setToolTip(0, dismissal.title)
            item.setToolTip(1, kind)
            item.setData(0, Qt.ItemDataRole.UserRole, dismissal)
            dismissed.addChild(item)
        known = QTreeWidgetItem([tr("Already known ({count})").format(count=len(found.known))])
        known.setFlags(known.flags() & ~Qt.ItemFlag.ItemIsSelectable)
        known.setToolTip(0, tr("Statements left out because a fact or an instruction already says them"))
        self.tree.addTopLevelItem(known)
        for left_out in found.known:
            item = QTreeWidgetItem([left_out.statement, tr("already said"), ""])
            said = tr("Already said by: {matches}").format(matches=left_out.matches)
            item.setToolTip(0, f"{left_out.statement}\n{said}")
            item.setData(0, Qt.ItemDataRole.UserRole, left_out)
            known.addChild(item)
        self.counted.emit(len(found.memories) + len(found.skills))
        tops = [top for i in range(2) if (top := self.tree.topLevelItem(i)) is not None]
        first = next((top.child(0) for top in tops if top.childCount()), None)
        if first is not None:
            self.tree.setCurrentItem(first)
        else:
            self.detail.setHtml("<p>" + tr("No suggestions: nothing new worth remembering in the recent sessions.")
                                + "</p>")
        self._update_buttons()

    # the current candidate -------------------------------------------------------------------------

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
                if child is not None and getattr(child.data(0, Qt.ItemDataRole.UserRole), "id", None) == candidate_id:
                    self.tree.setCurrentItem(child)
                    return True
        return False

    @Slot(QTreeWidgetItem, QTreeWidgetItem)
    def _show(self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        shown = current.data(0, Qt.ItemDataRole.UserRole) if current is not None else None
        if isinstance(shown, Dismissal):
            self.detail.setHtml(dismissal_html(shown))
        elif isinstance(shown, LeftOut):
            self.detail.setHtml(f"<p><b>{html.escape(shown.statement)}</b></p><p>"
                                + tr("Left out: a fact or an instruction already says it:")
                                + f"</p><blockquote>{html.escape(shown.matches)}</blockquote>")
        elif shown is not None:
            self.detail.setHtml(candidate_html(shown))
        elif current is not None:   # a group's header: what the group holds, not the last item's preview
            self.detail.setHtml("<p>" + html.escape(tr("{group}: choose one of its items to see it.").format(
                group=current.text(0))) + "</p>")
        self._update_buttons()

    def _update_buttons(self) -> None:
        has = self.current() is not None
        for key in ("accept", "edit", "dismiss"):
            self.buttons[key].setEnabled(has)
        self.buttons["undismiss"].setEnabled(self.current_dismissal() is not None)

    # decisions -----------------------------------------------------------------------------------

    def _done(self, said: str, note: str):
        """``said`` (the status line) and ``note`` (the status bar) name the result as ``{ref}``."""
        def done(result: Acceptance) -> None:
            self.status.setText(said.format(ref=html.escape(result.ref)))
            self.messages.info(note.format(ref=result.ref))
            self.accepted.emit(result)
            self.show_current()
        return done

    def show_current(self) -> None:
        """After a decision: the last scan with the decision applied (no transcript is read again)."""
        self.client.submit(lambda engine: (engine.current_suggestions(), engine.paths.workspace),
                           self._scanned, self._scan_failed)

    def _refused(self, error: BaseException) -> None:
        refused(self.status, error)

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
                               self._done(tr("Wrote: {ref}"), tr("Wrote {ref}")), self._refused)

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
        self.client.submit(lambda e: e.accept_suggestion(cid),
                           self._done(tr("Remembered: {ref}"), tr("Remembered {ref}")), self._refused)
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

        def store(engine: Engine, request: FactInput) -> Acceptance:
            return engine.accept_suggestion(cid, request)

        form = FactForm(self.client, None, self, initial=initial, save_job=store)
        form.setWindowTitle(tr("Edit and accept suggestion"))
        form.saved.connect(self._done(tr("Remembered: {ref}"), tr("Remembered {ref}")))
        form.open()
        return form

    @Slot()
    def dismiss_current(self) -> None:
        candidate = self.current()
        if candidate is None:
            return
        cid, title = candidate.id, candidate.title

        def done(_result: object) -> None:
            self.status.setText(tr("Dismissed “{title}”; it will not be suggested again here (undo it from the "
                                   "Dismissed list).").format(title=html.escape(title)))
            self.show_current()

        self.client.submit(lambda e: e.dismiss_suggestion(cid), done, self._refused)

    @Slot()
    def undismiss_current(self) -> None:
        dismissal = self.current_dismissal()
        if dismissal is None:
            return
        cid, title = dismissal.id, dismissal.title

        def done(_result: object) -> None:
            self.status.setText(tr("Restored “{title}”; it is suggested again while the recent sessions hold "
                                   "it.").format(title=html.escape(title)))
            self.show_current()

        self.client.submit(lambda e: e.undismiss_suggestion(cid), done, self._refused)
