"""The Archive tab: forgotten facts, a preview, recovery, and deletion for good (listed and confirmed first)."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine import ArchiveDeletion, ArchivedFact, Engine, Fact, InvalidInput, WriteResult
from .engine_client import EngineClient
from .facts.model import value_word
from .icons import icon
from .messages import Messages, describe
from .tables import fill, read_only_table
from .theme import tone
from .words import tr


def archived_markdown(fact: Fact, entry: ArchivedFact) -> str:
    """An archive entry as the Facts tab shows a fact: its title, what it was, its body (a new user
    found raw YAML here)."""
    def plain(text: str) -> str:   # a field's text, never read as Markdown
        return "".join(f"\\{ch}" if ch in "\\`*_{}[]()#+-.!|<>" else ch for ch in text)

    fields = [(tr("Archived"), entry.archived_at.replace("T", " ").rstrip("Z") + " UTC"),
              (tr("Why"), entry.reason or tr("forgotten")), (tr("Name"), fact.name),
              (tr("Scope"), value_word(entry.scope)), (tr("Type"), value_word(fact.type)),
              (tr("Revision"), str(fact.revision)), (tr("Keywords"), fact.keywords),
              (tr("Subject key"), fact.subject_key), (tr("Description"), fact.description)]
    lines = [f"## {plain(fact.label)}", ""]
    lines += [f"- **{label}:** {plain(value)}" for label, value in fields if value]
    return "\n".join(lines) + "\n\n---\n\n" + fact.body + "\n"


class ArchiveTab(QWidget):
    written = Signal(object, object)   # Change, (scope, id) of the recovered fact: the window reloads

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.entries: list[ArchivedFact] = []   # shown (those the search matches)
        self.all_entries: list[ArchivedFact] = []
        self.search = QLineEdit()
        self.search.setObjectName("archive_search")
        self.search.setPlaceholderText(tr("Search the archive by name, title or why"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda _text: self._show(self.all_entries))
        self.table = read_only_table([tr("Archived (UTC)"), tr("Scope"), tr("Name"), tr("Revision"), tr("Why"),
                                      tr("Archive file")], "archive")
        self.table.currentCellChanged.connect(self._preview)
        self.preview = QTextBrowser()
        self.preview.setObjectName("archive_preview")
        self.status = QLabel()
        self.status.setObjectName("archive_status")
        self.status.setWordWrap(True)
        self.recover_button = QPushButton(icon("archive-restore"), tr("&Recover"))
        self.recover_button.clicked.connect(self.recover_selected)
        self.delete_button = QPushButton(icon("trash-2"), tr("&Delete permanently…"))
        self.delete_button.setObjectName("archive_delete")
        self.delete_button.setShortcut(QKeySequence("Shift+Del"))
        self.delete_button.setToolTip(tr("Delete this archived fact for good, with its earlier revisions when nothing "
                                         "else is that fact (Shift+Del). It cannot be recovered."))
        self.delete_button.clicked.connect(self.delete_selected)
        self.confirm: QMessageBox | None = None   # the question open, if any
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.preview)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.recover_button)
        row.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(splitter, 1)
        layout.addLayout(row)

    def reset(self) -> None:
        """Another workspace was opened: forget the previous archive until the new one is read."""
        self.show_entries([])
        self.status.clear()

    def reload(self) -> None:
        self.client.submit(lambda engine: engine.archived(), self.show_entries,
                           lambda e: self.messages.failure(tr("read the archive"), e))

    def show_entries(self, entries: list[ArchivedFact]) -> None:
        self.all_entries = entries
        self._show(entries)

    def _show(self, entries: list[ArchivedFact]) -> None:
        words = self.search.text().lower().split()
        if words:
            entries = [e for e in entries
                       if all(w in f"{e.name} {e.title} {e.reason} {e.scope} {value_word(e.scope)}".lower()
                               for w in words)]
        row = self.table.currentRow()
        chosen = self.entries[row].path if 0 <= row < len(self.entries) else None
        self.entries = entries
        fill(self.table, [(entry.archived_at.replace("T", " ").rstrip("Z"), value_word(entry.scope), entry.name,
                           entry.revision, entry.reason or tr("forgotten"), entry.path) for entry in entries])
        if entries:
            self.preview.clear()  # the entry's text arrives from the engine; nothing stale meanwhile
            # the entry chosen stays chosen: a late reload (the watcher's echo) chose the first one, and
            # Delete permanently then asked about, and deleted, another fact than the one chosen
            self.table.selectRow(next((r for r, e in enumerate(entries) if e.path == chosen), 0))
            self._preview(self.table.currentRow())
        elif self.all_entries:
            self.preview.setPlainText(tr("No archived fact matches the search."))
        else:
            self.preview.setPlainText(tr("The archive is empty. Forgotten facts land here and can be recovered."))
        self.recover_button.setEnabled(bool(entries))
        self.delete_button.setEnabled(bool(entries))

    @Slot(int, int, int, int)
    def _preview(self, row: int, *_: int) -> None:
        """The entry's text, read by the engine when it is selected (not every file on every reload)."""
        if not 0 <= row < len(self.entries):
            return
        path = self.entries[row].path

        def show(fact: Fact | str) -> None:
            current = self.table.currentRow()
            if 0 <= current < len(self.entries) and self.entries[current].path == path:
                if isinstance(fact, str):   # no longer a fact: its text as it is
                    self.preview.setPlainText(fact)
                else:
                    self.preview.setMarkdown(archived_markdown(fact, self.entries[current]))

        def read(engine: Engine) -> Fact | str:
            try:
                return engine.archived_fact(path)
            except InvalidInput:
                return engine.archived_text(path)

        def unreadable(error: BaseException) -> None:
            self.preview.setPlainText(tr("(cannot be shown: {error})").format(error=describe(error)))

        self.client.submit(read, show, unreadable, owner=self)

    @Slot()
    def recover_selected(self) -> None:
        row = self.table.currentRow()
        if not 0 <= row < len(self.entries):
            return
        path = str(self.entries[row].path)
        self.status.setText(tr("Recovering…"))

        def done(result: WriteResult) -> None:
            self.status.setToolTip("")
            self.status.setText(tr("Recovered {ref} as revision {revision}.").format(ref=result.fact.ref,
                                                                                   revision=result.fact.revision))
            self.messages.info(tr("Recovered {ref}").format(ref=result.fact.ref))
            self.written.emit(result.change, (result.fact.scope, result.fact.id))

        self.client.submit(lambda engine: engine.recover(path), done, self._refused)

    # deleting for good ---------------------------------------------------------------------------

    @Slot()
    def delete_selected(self) -> None:
        """Ask the engine what would go, list it, and delete exactly that once confirmed."""
        row = self.table.currentRow()
        if not 0 <= row < len(self.entries):
            return
        path = str(self.entries[row].path)

        def plan(engine: Engine) -> tuple[ArchiveDeletion, bool]:
            return engine.delete_archived(path, dry_run=True), bool(engine.sync_status()["initialised"])

        self.client.submit(plan, lambda found: self._confirm(*found), self._refused)

    def _confirm(self, plan: ArchiveDeletion, synced: bool) -> None:
        lines = [tr("<p>This deletes <b>{name}</b> for good; it cannot be recovered.</p>").format(
                     name=html.escape(plan.name)),
                 tr("<p>Destroyed:</p>") + "<ul>",
                 tr("<li>the archive entry {name}</li>").format(name=html.escape(plan.entry.name))]
        if plan.revisions:
            names = (", ".join(html.escape(p.name) for p in plan.revisions[:8])
                     + (" …" if len(plan.revisions) > 8 else ""))
            lines.append(tr("<li>{count} earlier revision(s): {names}</li>").format(count=len(plan.revisions),
                                                                                     names=names))
        lines.append("</ul>")
        if plan.kept:
            lines.append(tr("<p>Its earlier revisions stay: {kept}.</p>").format(kept=html.escape(plan.kept)))
        if synced:
            lines.append(tr("<p>Sync is set up: the next sync deletes it on the remote too, but the sync "
                            "repository's earlier commits still hold it.</p>"))
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Delete permanently"), "".join(lines),
                          QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("archive_delete_confirm")
        delete = box.addButton(tr("Delete permanently"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)   # Enter never destroys
        self.confirm = box

        def answered() -> None:
            self.confirm = None
            if box.clickedButton() is delete:
                self._delete(plan)

        box.finished.connect(lambda _result: answered())
        box.open()

    def _delete(self, plan: ArchiveDeletion) -> None:
        self.status.setText(tr("Deleting…"))

        def done(gone: ArchiveDeletion) -> None:
            self.status.setToolTip("")
            if gone.revisions:
                self.status.setText(tr("Deleted {name} and {count} earlier revision(s) for good.").format(
                    name=gone.name, count=len(gone.revisions)))
            else:
                self.status.setText(tr("Deleted {name} for good.").format(name=gone.name))
            self.messages.info(tr("Deleted {name} from the archive for good").format(name=gone.name))
            self.reload()

        self.client.submit(lambda engine: engine.delete_archived(str(plan.entry), expected=plan), done,
                           self._refused)

    def _refused(self, error: BaseException) -> None:   # in words; the code in the tooltip
        self.status.setText(f"<span style='color:{tone('error')}'>{html.escape(describe(error))}</span>")
        self.status.setToolTip(tr("Error code: {code}").format(code=getattr(error, "code", "ERROR")))
