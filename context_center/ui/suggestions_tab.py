"""The Suggestions tab: memory and skill candidates from recent transcripts, with evidence.

It scans by itself the first time it is shown (in the background, with progress);
nothing is written until the user accepts, edits then accepts, or dismisses. Dismissed
candidates are listed last, where a dismissal can be undone.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import TypeAlias

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
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
    Acceptance,
    Dismissal,
    Engine,
    EngineError,
    Fact,
    FactInput,
    MemoryCandidate,
    SkillCandidate,
    SuggestionSet,
    default_skill_folder,
    skill_file,
)
from . import dialogs
from .engine_client import EngineClient
from .fact_form import FactForm
from .messages import Messages, describe

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
    accepted = Signal(object)   # an Acceptance: the stored fact, or the SKILL.md written

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
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
        self.tree.setColumnWidth(0, 340)
        self.tree.setColumnWidth(1, 120)
        self.tree.currentItemChanged.connect(self._show)
        self.detail = QTextBrowser()
        self.detail.setObjectName("suggestion_detail")
        self.status = QLabel()
        self.status.setObjectName("suggestion_status")
        self.status.setWordWrap(True)
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
        row.addWidget(self.status, 1)
        top = QHBoxLayout()
        top.addWidget(self.sources, 1)
        top.addWidget(self.progress)
        splitter = QSplitter()
        splitter.addWidget(self.tree)
        splitter.addWidget(self.detail)
        splitter.setSizes([520, 680])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(row)
        self._update_buttons()
        self.client.progress.connect(self._progress)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if not self.scanned:
            self.scan()

    def reset(self) -> None:
        """A new workspace: scan again when next shown."""
        self.scanned = False
        self.tree.clear()
        self.detail.clear()
        if self.isVisible():
            self.scan()

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
            self.status.setText(f"{what}: {result.ref}")
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
            self.status.setText(f"Dismissed “{title}”; it will not be suggested again here "
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
            self.status.setText(f"Restored “{title}”; it is suggested again while the recent sessions hold it.")
            self.show_current()

        self.client.submit(lambda e: e.undismiss_suggestion(cid), done, self._refused)
