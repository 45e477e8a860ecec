"""The revisions of a fact, a diff between any two, and restore as a new revision."""
from __future__ import annotations

import difflib
import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine import PurgeReport, Revision, WriteResult, changed_fields
from .. import dialogs
from ..engine_client import EngineClient
from ..messages import Messages
from ..theme import tone


def diff_html(old: str, new: str, old_label: str, new_label: str) -> str:
    """A unified diff as HTML: removed lines red, added lines green."""
    lines = difflib.unified_diff(old.splitlines(), new.splitlines(), old_label, new_label, lineterm="")
    out = []
    for line in lines:
        color = tone("error") if line.startswith("-") else tone("ok") if line.startswith("+") else tone("muted")
        out.append(f'<span style="color:{color}">{html.escape(line)}</span>')
    return '<pre style="white-space: pre-wrap">' + ("\n".join(out) or "(no difference)") + "</pre>"


class HistoryDialog(QDialog):
    restored = Signal(object)   # the WriteResult of the restore
    purged = Signal(object)

    def __init__(self, client: EngineClient, messages: Messages, history: list[Revision],
                 parent: QWidget | None = None) -> None:
        """``history``: every revision, the active one first (``engine.history``)."""
        super().__init__(parent)
        fact = history[0].fact
        self.client, self.messages, self.fact = client, messages, fact
        self.setWindowTitle(f"History of {fact.ref}")
        self.resize(860, 540)
        # (what restore takes: a number, or a team fact's commit; its date; its text)
        self.versions: list[tuple[int | str, str, str]] = [(r.point, r.updated_at, changed_fields(r.fact))
                                                           for r in history]
        self.team = fact.scope == "team"
        self.list = QListWidget()
        self.list.setObjectName("revisions")
        for position, revision in enumerate(history):
            number = revision.point
            if self.team:   # git's history: commits, and the work tree's uncommitted change
                head = ("Uncommitted change" if revision.commit == "uncommitted"
                        else f"Commit {revision.commit}" if revision.commit else "The file (not in git)")
                label = (head + (" (active)" if position == 0 else "")
                         + f" — {revision.author or 'you'}: {revision.message or revision.change}\n"
                         + revision.updated_at[:19].replace("T", " "))
            else:
                label = (f"Revision {number}" + (" (active)" if number == fact.revision else "")
                         + f" — {revision.change}\n{revision.updated_at}")
            item = QListWidgetItem(label)
            item.setToolTip(label)
            item.setData(Qt.ItemDataRole.UserRole, number)
            self.list.addItem(item)
        self.list.currentRowChanged.connect(self.show_diff)
        self.against = QComboBox()
        self.against.setObjectName("compare_with")
        self.against.addItems(["Compare with the active revision", "Compare with the revision before it"])
        self.against.currentIndexChanged.connect(lambda _i: self.show_diff(self.list.currentRow()))
        self.view = QTextBrowser()
        self.view.setObjectName("diff")
        splitter = QSplitter()
        splitter.addWidget(self.list)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(1, 3)
        self.restore_button = QPushButton("&Restore this revision")
        self.restore_button.clicked.connect(self.restore)
        self.purge_button = QPushButton("&Purge secrets…")
        self.purge_button.setObjectName("purge_secrets")
        self.purge_button.setToolTip("Mask every secret in this fact's file, its revisions and its archive entries, "
                                     "in place (the one rewrite history allows)")
        self.purge_button.clicked.connect(self.confirm_purge)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row = QHBoxLayout()
        explain = QLabel("Restore copies the chosen revision, its verification date included, into a new "
                         "revision; nothing is rewound and freshness counts from the restore.")
        explain.setWordWrap(True)
        explain.setObjectName("restore_explained")
        row.addWidget(explain, 1)
        row.addWidget(self.purge_button)
        row.addWidget(self.restore_button)
        row.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.against)
        layout.addWidget(splitter)
        layout.addLayout(row)
        self.list.setCurrentRow(min(1, len(self.versions) - 1))

    def selected_revision(self) -> int | str:
        return self.versions[max(0, self.list.currentRow())][0]

    @Slot(int)
    def show_diff(self, row: int) -> None:
        if row < 0:
            return
        number, _, body = self.versions[row]
        self.restore_button.setEnabled(row > 0 if self.team else number != self.fact.revision)
        if self.against.currentIndex() == 0:
            active = f"revision {self.fact.revision} (active)"
            self.view.setHtml(diff_html(body, self.versions[0][2], f"revision {number}", active))
        elif row + 1 < len(self.versions):  # what this revision changed
            before, _, old_body = self.versions[row + 1]
            self.view.setHtml(diff_html(old_body, body, f"revision {before}", f"revision {number}"))
        else:
            self.view.setHtml(diff_html("", body, "(nothing)", f"revision {number}, the first kept"))

    @Slot()
    def restore(self) -> None:
        number, fact_id, scope = self.selected_revision(), self.fact.id, self.fact.scope
        self.restore_button.setEnabled(False)
        self.client.submit(lambda engine: engine.restore(fact_id, number, scope), self._restored,
                           self._failed, owner=self)

    def _restored(self, result: WriteResult) -> None:
        self.messages.info(f"Restored revision {self.selected_revision()} of {result.fact.ref} "
                           f"as revision {result.fact.revision}")
        self.restored.emit(result)
        self.accept()

    @Slot()
    def confirm_purge(self) -> None:
        """Ask first (it rewrites history in place), then purge."""
        if dialogs.confirm(self, "Purge secrets from history",
                           f"Mask every secret found in {self.fact.ref}, in each of its revisions and in its "
                           "archive entries? The files are rewritten in place; the masked values cannot be "
                           "brought back.", action="Purge"):
            self.purge()

    def purge(self) -> None:
        fact_id, scope = self.fact.id, self.fact.scope
        self.purge_button.setEnabled(False)
        self.client.submit(lambda engine: engine.purge_secrets(fact_id, scope), self._purged,
                           self._purge_failed, owner=self)

    def _purged(self, report: PurgeReport) -> None:
        self.purge_button.setEnabled(True)
        if report.rewritten:
            self.messages.info(f"Masked {', '.join(report.kinds)} in {len(report.rewritten)} file(s) of "
                               f"{report.ref}")
        else:
            self.messages.info(f"No secret found in {report.ref}, its revisions or its archive entries")
        self.purged.emit(report)

    def _purge_failed(self, error: BaseException) -> None:
        self.purge_button.setEnabled(True)
        self.messages.failure("purge the secrets", error)

    def _failed(self, error: BaseException) -> None:
        self.restore_button.setEnabled(True)
        self.messages.failure("restore the revision", error)
