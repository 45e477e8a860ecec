"""The Archive tab: forgotten facts, a preview, and recovery (with the engine's refusals)."""
from __future__ import annotations

from pathlib import Path

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

from ..engine import ArchivedFact, Engine, WriteResult
from .engine_client import EngineClient
from .messages import Messages, describe
from .tables import fill, read_only_table


def _load(engine: Engine) -> list[tuple[ArchivedFact, str]]:
    entries = []
    for entry in engine.archived():
        try:
            text = Path(entry.path).read_text(encoding="utf-8")
        except OSError as exc:
            text = f"(unreadable: {exc.strerror})"
        entries.append((entry, text))
    return entries


class ArchiveTab(QWidget):
    recovered = Signal(object)

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.entries: list[tuple[ArchivedFact, str]] = []
        self.table = read_only_table(["Archived (UTC)", "Scope", "Name", "Revision", "Archive file"], "archive")
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
        self.client.submit(_load, self.show_entries, lambda e: self.messages.failure("read the archive", e))

    def show_entries(self, entries: list[tuple[ArchivedFact, str]]) -> None:
        self.entries = entries
        fill(self.table, [(entry.archived_at.replace("T", " ").rstrip("Z"), entry.scope, entry.name,
                           entry.revision, entry.path) for entry, _ in entries])
        if entries:
            self.table.selectRow(0)
        else:
            self.preview.setPlainText("The archive is empty. Forgotten facts land here and can be recovered.")
        self.recover_button.setEnabled(bool(entries))

    @Slot(int, int, int, int)
    def _preview(self, row: int, *_: int) -> None:
        if 0 <= row < len(self.entries):
            self.preview.setPlainText(self.entries[row][1])

    @Slot()
    def recover_selected(self) -> None:
        row = self.table.currentRow()
        if not 0 <= row < len(self.entries):
            return
        path = str(self.entries[row][0].path)
        self.status.setText("Recovering…")

        def done(result: WriteResult) -> None:
            self.status.setText(f"Recovered {result.fact.ref} as revision {result.fact.revision}.")
            self.messages.info(f"Recovered {result.fact.ref}")
            self.recovered.emit(result.fact)
            self.reload()

        def refused(error: BaseException) -> None:
            self.status.setText(f"<span style='color:#b00020'>{getattr(error, 'code', 'ERROR')}: "
                                f"{describe(error)}</span>")

        self.client.submit(lambda engine: engine.recover(path), done, refused)
