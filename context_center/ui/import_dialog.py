"""File ▸ Import from another agent: what Claude Code, Codex or context-eng remember, brought in as
suggestions to review. A dry run shows what would come (off the GUI thread); Import writes it."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..engine import IMPORT_SOURCES, ImportReport
from .engine_client import EngineClient
from .messages import describe
from .tables import fill, read_only_table
from .theme import set_tone
from .words import QT_TR_NOOP, tr

STATUS_TEXT = {"would_import": QT_TR_NOOP("to import"), "imported": QT_TR_NOOP("imported")}


def _short(path: str, location: str) -> str:
    """A source path under the folder read, relative to it."""
    for separator in ("/", "\\"):
        prefix = location.rstrip(separator) + separator
        if path.startswith(prefix):
            return path[len(prefix):]
    return path


class ImportDialog(QDialog):
    """Choose a source; its dry run fills the tables; Import writes the items as staged suggestions."""

    imported = Signal(object)        # Change: the facts written (the Suggestions tab shows them)

    def __init__(self, client: EngineClient, parent: QWidget | None = None, *, home: str | None = None) -> None:
        super().__init__(parent)
        self.client, self.home = client, home
        self.report: ImportReport | None = None
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)   # a new one, freshly looked, each time
        self.setWindowTitle(tr("Import from another agent"))
        self.setMinimumSize(820, 520)
        self.source = QComboBox()
        self.source.setObjectName("import_source")
        for name, label in IMPORT_SOURCES.items():
            self.source.addItem(label, name)
        self.source.currentIndexChanged.connect(self.preview)
        explain = QLabel(tr("Every memory found lands as a suggestion in the Suggestions tab (From agents), where "
                            "you promote or delete it; nothing is recalled before that. Secrets are never imported, "
                            "memories that say what a fact already says are not imported twice, and importing "
                            "again adds nothing."))
        explain.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setObjectName("import_summary")
        self.summary.setWordWrap(True)
        self.items = read_only_table([tr("Status"), tr("Title"), tr("Scope"), tr("Category"), tr("Source")],
                                     "import_items", stretch=1)
        self.skipped = read_only_table([tr("Source"), tr("Why skipped")], "import_skipped")
        self.skipped_label = QLabel(tr("Skipped"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.import_button = QPushButton(tr("&Import"))
        self.import_button.setObjectName("import_run")
        self.import_button.setDefault(True)
        self.import_button.setEnabled(False)
        self.import_button.clicked.connect(self.run_import)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(tr("&Source:"), self.source)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(explain)
        layout.addWidget(self.summary)
        layout.addWidget(self.items, 3)
        layout.addWidget(self.skipped_label)
        layout.addWidget(self.skipped, 1)
        layout.addWidget(buttons)
        self.preview()

    @property
    def source_name(self) -> str:
        return str(self.source.currentData())

    def _run(self, dry_run: bool, on_done: Any) -> None:
        name, home = self.source_name, self.home
        self.import_button.setEnabled(False)
        self.source.setEnabled(False)
        self.client.submit(lambda engine: engine.import_memories(name, dry_run=dry_run, home=home), on_done,
                           self._failed, owner=self)

    @Slot()
    def preview(self) -> None:
        """A dry run of the chosen source: what would be imported, what is skipped and why."""
        set_tone(self.summary, None)
        self.summary.setText(tr("Looking for {source} memories…").format(source=self.source.currentText()))
        self._run(True, self._show)

    @Slot()
    def run_import(self) -> None:
        self.summary.setText(tr("Importing…"))
        self._run(False, self._done)

    def _show(self, report: ImportReport) -> None:
        self.report = report
        self.source.setEnabled(True)
        label = IMPORT_SOURCES[report.source]
        counts = {status: sum(i.status == status for i in report.items) for status in STATUS_TEXT}
        if report.message and not report.found:
            text = report.message
        else:
            count = counts["would_import"] or counts["imported"]
            parts = [tr("{count} imported").format(count=count) if not report.dry_run
                     else tr("{count} to import").format(count=count)]
            flagged = sum(bool(i.duplicate_of) for i in report.items)
            if flagged:
                parts.append(tr("{count} flagged as possible duplicates").format(count=flagged))
            if report.skipped:
                parts.append(tr("{count} skipped").format(count=len(report.skipped)))
            text = tr("{source}: {found} found in {location} — {counts}.").format(
                source=label, found=report.found, location=report.location, counts=tr(", ").join(parts))
        self.summary.setText(text)
        fill(self.items, [(self._status(i.status, i.duplicate_of),
                           i.found.title, i.found.scope, i.found.category or i.found.type,
                           _short(i.found.source_path, report.location)) for i in report.items],
             [i.found.body for i in report.items])
        fill(self.skipped, [(_short(s.source_path, report.location), s.reason) for s in report.skipped])
        self.skipped_label.setText(tr("Skipped ({count})").format(count=len(report.skipped)))
        self.import_button.setEnabled(report.dry_run and counts["would_import"] > 0)

    @staticmethod
    def _status(status: str, duplicate_of: str | None) -> str:
        """An item's status in words, with the fact it may repeat."""
        words = tr(STATUS_TEXT[status]) if status in STATUS_TEXT else status
        if duplicate_of:
            return tr("{status} (possible duplicate of {name})").format(status=words, name=duplicate_of)
        return words

    def _done(self, report: ImportReport) -> None:
        self._show(report)
        if report.imported:
            self.summary.setText(tr("Imported {count} as suggestions to review: see the Suggestions tab "
                                    "(From agents) to promote or delete them.").format(count=report.imported))
            self.imported.emit(report.change)

    def _failed(self, error: BaseException) -> None:
        self.source.setEnabled(True)
        set_tone(self.summary, "error")
        self.summary.setText(describe(error))
