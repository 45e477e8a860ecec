"""The Archive tab: forgotten facts, a preview, and recovery (with the engine's refusals)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine import ArchivedFact, WriteResult
from .engine_client import EngineClient
from .messages import Messages, describe
from .tables import fill, read_only_table


class ArchiveTab(QWidget):
    written = Signal(object, object)   # Change, (scope, id) of the recovered fact: the window reloads

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.entries: list[ArchivedFact] = []
        self.table = read_only_table(["Archived (UTC)", "Scope", "Name", "Revision", "Why", "Archive file"],
                                     "archive")
        self.table.currentCellChanged.connect(self._preview)
        self.preview = QTextBrowser()
        self.preview.setObjectName("archive_preview")
        self.status = QLabel()
        self.status.setObjectName("archive_status")
        self.status.setWordWrap(True)
        self.recover_button = QPushButton("&Recover")
        self.recover_button.clicked.connect(self.recover_selected)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.preview)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.recover_button)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(row)

    def reset(self) -> None:
        """Another workspace was opened: forget the previous archive until the new one is read."""
        self.show_entries([])
        self.status.clear()

    def reload(self) -> None:
        self.client.submit(lambda engine: engine.archived(), self.show_entries,
                           lambda e: self.messages.failure("read the archive", e))

    def show_entries(self, entries: list[ArchivedFact]) -> None:
        self.entries = entries
        fill(self.table, [(entry.archived_at.replace("T", " ").rstrip("Z"), entry.scope, entry.name,
                           entry.revision, entry.reason or "forgotten", entry.path) for entry in entries])
        if entries:
            self.preview.clear()  # the entry's text arrives from the engine; nothing stale meanwhile
            self.table.selectRow(0)
            self._preview(self.table.currentRow())
        else:
            self.preview.setPlainText("The archive is empty. Forgotten facts land here and can be recovered.")
        self.recover_button.setEnabled(bool(entries))

    @Slot(int, int, int, int)
    def _preview(self, row: int, *_: int) -> None:
        """The entry's text, read by the engine when it is selected (not every file on every reload)."""
        if not 0 <= row < len(self.entries):
            return
        path = self.entries[row].path

        def show(text: str) -> None:
            current = self.table.currentRow()
            if 0 <= current < len(self.entries) and self.entries[current].path == path:
                self.preview.setPlainText(text)

        self.client.submit(lambda engine: engine.archived_text(path), show,
                           lambda e: self.preview.setPlainText(f"(cannot be shown: {describe(e)})"), owner=self)

    @Slot()
    def recover_selected(self) -> None:
        row = self.table.currentRow()
        if not 0 <= row < len(self.entries):
            return
        path = str(self.entries[row].path)
        self.status.setText("Recovering…")

        def done(result: WriteResult) -> None:
            self.status.setText(f"Recovered {result.fact.ref} as revision {result.fact.revision}.")
            self.messages.info(f"Recovered {result.fact.ref}")
            self.written.emit(result.change, (result.fact.scope, result.fact.id))

        def refused(error: BaseException) -> None:
            self.status.setText(f"<span style='color:#b00020'>{getattr(error, 'code', 'ERROR')}: "
                                f"{describe(error)}</span>")

        self.client.submit(lambda engine: engine.recover(path), done, refused)
