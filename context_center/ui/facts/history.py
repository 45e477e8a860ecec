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
from ..words import tr


def diff_html(old: str, new: str, old_label: str, new_label: str) -> str:
    """A unified diff as HTML: removed lines red, added lines green."""
    lines = difflib.unified_diff(old.splitlines(), new.splitlines(), old_label, new_label, lineterm="")
    out = []
    for line in lines:
        color = tone("error") if line.startswith("-") else tone("ok") if line.startswith("+") else tone("muted")
        out.append(f'<span style="color:{color}">{html.escape(line)}</span>')
    return '<pre style="white-space: pre-wrap">' + ("\n".join(out) or html.escape(tr("(no difference)"))) + "</pre>"


class HistoryDialog(QDialog):
    restored = Signal(object)   # the WriteResult of the restore
    purged = Signal(object)

    def __init__(self, client: EngineClient, messages: Messages, history: list[Revision],
                 parent: QWidget | None = None, secrets: PurgeReport | None = None) -> None:
        """``history``: every revision, the active one first (``engine.history``); ``secrets``: the
        files of the fact that hold a secret (a purge's dry run): Purge is offered only then."""
        super().__init__(parent)
        fact = history[0].fact
        self.client, self.messages, self.fact = client, messages, fact
        self.setWindowTitle(tr("History of {ref}").format(ref=fact.ref))
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
                head = (tr("Uncommitted change") if revision.commit == "uncommitted"
                        else tr("Commit {commit}").format(commit=revision.commit) if revision.commit
                        else tr("The file (not in git)"))
                label = (head + (" " + tr("(active)") if position == 0 else "")
                         + f" — {revision.author or tr('you')}: {revision.message or revision.change}\n"
                         + revision.updated_at[:19].replace("T", " "))
            else:
                label = (tr("Revision {number}").format(number=number)
                         + (" " + tr("(active)") if number == fact.revision else "")
                         + f" — {revision.change}\n{revision.updated_at}")
            item = QListWidgetItem(label)
            item.setToolTip(label)
            item.setData(Qt.ItemDataRole.UserRole, number)
            self.list.addItem(item)
        self.list.currentRowChanged.connect(self.show_diff)
        self.against = QComboBox()
        self.against.setObjectName("compare_with")
        self.against.addItems([tr("Compare with the active revision"), tr("Compare with the revision before it")])
        self.against.currentIndexChanged.connect(lambda _i: self.show_diff(self.list.currentRow()))
        self.view = QTextBrowser()
        self.view.setObjectName("diff")
        splitter = QSplitter()
        splitter.addWidget(self.list)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(1, 3)
        self.restore_button = QPushButton(tr("&Restore this revision"))
        self.restore_button.clicked.connect(self.restore)
        self.purge_button = QPushButton(tr("&Purge secrets…"))
        self.purge_button.setObjectName("purge_secrets")
        self.purge_button.setToolTip(tr("Mask every secret in this fact's file, its revisions and its archive "
                                        "entries, in place (the one rewrite history allows)"))
        self.purge_button.clicked.connect(self.confirm_purge)
        self.purge_button.setVisible(bool(secrets and secrets.rewritten))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        # Return closes: it never leads to an irreversible action (it opened "Purge secrets…", the
        # first button that took Return), nor to a restore
        for button in (self.purge_button, self.restore_button):
            button.setAutoDefault(False)
        close.button(QDialogButtonBox.StandardButton.Close).setDefault(True)
        row = QHBoxLayout()
        explain = QLabel(tr("Restore copies the chosen revision, its verification date included, into a new "
                            "revision; nothing is rewound and freshness counts from the restore."))
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
        label = tr("revision {number}").format(number=number)
        if self.against.currentIndex() == 0:
            active = tr("revision {number} (active)").format(number=self.fact.revision)
            self.view.setHtml(diff_html(body, self.versions[0][2], label, active))
        elif row + 1 < len(self.versions):  # what this revision changed
            before, _, old_body = self.versions[row + 1]
            self.view.setHtml(diff_html(old_body, body, tr("revision {number}").format(number=before), label))
        else:
            self.view.setHtml(diff_html("", body, tr("(nothing)"),
                                        tr("revision {number}, the first kept").format(number=number)))

    @Slot()
    def restore(self) -> None:
        number, fact_id, scope = self.selected_revision(), self.fact.id, self.fact.scope
        self.restore_button.setEnabled(False)
        self.client.submit(lambda engine: engine.restore(fact_id, number, scope), self._restored,
                           self._failed, owner=self)

    def _restored(self, result: WriteResult) -> None:
        self.messages.info(tr("Restored revision {number} of {ref} as revision {revision}").format(
            number=self.selected_revision(), ref=result.fact.ref, revision=result.fact.revision))
        self.restored.emit(result)
        self.accept()

    @Slot()
    def confirm_purge(self) -> None:
        """Ask first (it rewrites history in place), then purge."""
        if dialogs.confirm(self, tr("Purge secrets from history"),
                           tr("Mask every secret found in {ref}, in each of its revisions and in its archive "
                              "entries? The files are rewritten in place; the masked values cannot be brought "
                              "back.").format(ref=self.fact.ref), action=tr("Purge")):
            self.purge()

    def purge(self) -> None:
        fact_id, scope = self.fact.id, self.fact.scope
        self.purge_button.setEnabled(False)
        self.client.submit(lambda engine: engine.purge_secrets(fact_id, scope), self._purged,
                           self._purge_failed, owner=self)

    def _purged(self, report: PurgeReport) -> None:
        self.purge_button.setEnabled(True)
        self.purge_button.hide()   # nothing left to purge
        if report.rewritten:
            self.messages.info(tr("Masked {kinds} in {count} file(s) of {ref}").format(
                kinds=", ".join(report.kinds), count=len(report.rewritten), ref=report.ref))
        else:
            self.messages.info(tr("No secret found in {ref}, its revisions or its archive entries").format(
                ref=report.ref))
        self.purged.emit(report)

    def _purge_failed(self, error: BaseException) -> None:
        self.purge_button.setEnabled(True)
        self.messages.failure(tr("purge the secrets"), error)

    def _failed(self, error: BaseException) -> None:
        self.restore_button.setEnabled(True)
        self.messages.failure(tr("restore the revision"), error)
