"""Sync in the window: "Sync now", background sync on an interval, the result in the status bar,
and the facts two machines changed apart, each with its diff and keep mine / keep theirs / edit.

Every engine call goes through the worker (git runs there, bounded by a timeout); the GUI
thread only shows what comes back. An unreachable remote is a warning in the status bar, never
a dialog: work goes on, and the facts go out with the next sync.
"""
from __future__ import annotations

import difflib
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ..engine import Engine, FactInput
from .engine_client import EngineClient
from .icons import icon
from .messages import Messages, describe
from .theme import set_tone
from .words import QT_TR_NOOP, tr

INTERVALS = (0, 5, 15, 60)    # minutes; 0 is off
# a conflict's kind (the engine's code), in words
KIND_WORDS = {"edited_both": QT_TR_NOOP("edited both"), "forgotten_here": QT_TR_NOOP("forgotten here"),
              "forgotten_there": QT_TR_NOOP("forgotten there")}


def _conflict_rows(engine: Engine) -> list[dict[str, Any]]:
    """Each flagged fact with the text of both sides (worker thread)."""
    rows = []
    for fact, flag in engine.sync_conflicts():
        texts = {r.revision: f"# {r.fact.label}\n\n{r.body}" if r.fact else r.body for r in engine.history(fact.id)}
        rows.append({"ref": fact.ref, "id": fact.id, "scope": fact.scope, "kind": flag["kind"],
                     "mine": flag["ours_revision"], "theirs": flag["theirs_revision"],
                     "mine_text": texts.get(flag["ours_revision"], ""),
                     "theirs_text": texts.get(flag["theirs_revision"], ""), "body": fact.body})
    return rows


def describe_result(data: dict[str, Any]) -> str:
    if data.get("offline"):
        return tr("Sync: offline — the facts wait here for the next sync")
    text = tr("Synced {time} UTC · ↓{pulled} ↑{pushed}").format(time=data["at"][11:16], pulled=data["pulled"],
                                                               pushed=data["pushed"])
    if data["conflicts"]:
        text += " · " + tr("{count} conflict(s)").format(count=len(data["conflicts"]))
    if data.get("refused"):
        text += " · " + tr("{count} refused from the remote").format(count=len(data["refused"]))
    if data.get("archived"):
        text += " · " + tr("{count} deleted there, kept in the archive").format(count=len(data["archived"]))
    return text


class SetUpSyncDialog(QDialog):
    """Sync ▸ Set up sync…: the remote's URL, then (on the worker) the engine's own set-up: it
    checks the remote answers as a git repository, commits what is here and syncs once. Its
    refusals are the command line's, said here in place."""

    set_up = Signal(object)   # the first sync's JSON

    def __init__(self, client: EngineClient, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self.setWindowTitle(tr("Set up sync"))
        self.setMinimumWidth(520)
        about = QLabel(tr("Sync keeps this store's facts in a git repository you can push to (a private one: "
                          "your facts are in it), so your other machines share them. Give its URL, as "
                          "<code>git clone</code> takes it: an SSH address, an HTTPS URL, or a folder."))
        about.setWordWrap(True)
        self.remote = QLineEdit()
        self.remote.setObjectName("sync_remote")
        self.remote.setPlaceholderText("git@github.com:me/my-facts.git")
        self.remote.textChanged.connect(self._typed)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)   # git says nothing of how far it is: busy, not a count
        self.progress.hide()
        self.status = QLabel()
        self.status.setObjectName("sync_setup_status")
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.go = self.buttons.addButton(tr("Check and &set up"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.go.setEnabled(False)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addWidget(self.remote)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)

    @Slot(str)
    def _typed(self, text: str) -> None:
        self.go.setEnabled(bool(text.strip()))
        self.status.clear()

    @Slot()
    def submit(self) -> None:
        remote = self.remote.text().strip()
        if not remote:
            return
        self.go.setEnabled(False)
        self.remote.setEnabled(False)
        self.progress.show()
        set_tone(self.status, None)
        self.status.setText(tr("Checking {remote} and syncing for the first time…").format(remote=remote))
        self.client.submit(lambda engine: engine.sync_init(remote).to_json(), self._done, self._refused, owner=self)

    def _done(self, data: dict[str, Any]) -> None:
        self.progress.hide()
        self.set_up.emit(data)
        self.accept()

    def _refused(self, error: BaseException) -> None:
        self.progress.hide()
        self.remote.setEnabled(True)
        self.go.setEnabled(True)
        set_tone(self.status, "error")
        self.status.setText(describe(error))
        self.status.setToolTip(tr("Error code: {code}").format(code=getattr(error, "code", "ERROR")))


class SyncController(QObject):
    """The Sync menu, the status-bar label and the background timer of one window."""

    synced = Signal(object)      # the sync's JSON: the window reloads what it shows (or reopens)

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget) -> None:
        super().__init__(parent)
        self.client, self.messages, self.window = client, messages, parent
        self.running = False
        self.initialised = False
        self.last: dict[str, Any] | None = None   # the result the label says
        self.label = QLabel()
        self.label.setObjectName("sync_status")
        self.label.setContentsMargins(0, 0, 14, 0)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.sync_now)
        self.menu = QMenu(tr("S&ync"), parent)
        self.sync_action = QAction(icon("folder-sync"), tr("&Sync now"), self)
        self.sync_action.setShortcut(QKeySequence("Ctrl+Shift+Y"))
        self.sync_action.setToolTip(tr("Pull the facts other machines pushed, commit the changes made here, push"))
        self.sync_action.triggered.connect(self.sync_now)
        self.conflicts_action = QAction(icon("git-merge"), tr("&Conflicts…"), self)
        self.conflicts_action.setShortcut(QKeySequence("Ctrl+Shift+C"))
        self.conflicts_action.triggered.connect(self.open_conflicts)
        self.setup_action = QAction(icon("cloud-cog"), tr("Set &up sync…"), self)
        self.setup_action.setToolTip(tr("Give a git repository you can push to: this store's facts go there, "
                                        "and your other machines' come back"))
        self.setup_action.triggered.connect(self.open_setup)
        self.menu.addAction(self.setup_action)
        self.menu.addSeparator()
        self.menu.addAction(self.sync_action)
        self.menu.addAction(self.conflicts_action)
        self.interval_menu = self.menu.addMenu(icon("timer"), tr("&Background sync"))
        self.interval_group = QActionGroup(self)
        self.interval_actions: dict[int, QAction] = {}
        for minutes in INTERVALS:
            action = QAction(tr("Off") if minutes == 0 else tr("Every {minutes} minutes").format(minutes=minutes), self)
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, m=minutes: self.set_interval(m))
            self.interval_group.addAction(action)
            self.interval_menu.addAction(action)
            self.interval_actions[minutes] = action
        self._enable(False)

    def _enable(self, ready: bool) -> None:
        self.initialised = ready
        for action in (self.sync_action, self.conflicts_action):
            action.setEnabled(ready)
        self.interval_menu.setEnabled(ready)
        self.setup_action.setEnabled(not ready)
        self.setup_action.setToolTip(tr("Sync is set up") if ready else tr(
            "Give a git repository you can push to: this store's facts go there, and your other machines' come back"))
        if not ready:
            self.timer.stop()
            self.label.setText("")
            self.sync_action.setToolTip(tr("Sync is not set up yet: Sync ▸ Set up sync… (or `context-center sync "
                                           "init --remote URL`)"))

    # status --------------------------------------------------------------------------------------

    def start(self) -> None:
        """A store was opened: read whether sync is set up, its interval and the last result."""
        self.client.submit(lambda engine: engine.sync_status(), self._status, lambda _e: self._enable(False),
                           owner=self)

    def _status(self, status: dict[str, Any]) -> None:
        self._enable(bool(status["initialised"]))
        if not self.initialised:
            return
        self.sync_action.setToolTip(tr("Sync with {remote}").format(remote=status["remote"]))
        self._apply_interval(int(status["interval_minutes"]))
        if status["last"]:
            self._show(status["last"])

    def _apply_interval(self, minutes: int) -> None:
        self.interval_actions.get(minutes, self.interval_actions[0]).setChecked(minutes in self.interval_actions)
        if minutes > 0:
            self.timer.start(minutes * 60_000)
        else:
            self.timer.stop()

    @Slot()
    def set_interval(self, minutes: int) -> None:
        self.client.submit(lambda engine: engine.set_sync_interval(minutes),
                           lambda _none: self._apply_interval(minutes),
                           lambda e: self.messages.failure(tr("change the sync interval"), e), owner=self)

    def _show(self, data: dict[str, Any]) -> None:
        self.last = data
        self.label.setText(describe_result(data))
        warning = bool(data.get("offline") or data.get("warning"))
        set_tone(self.label, "warning" if warning else "error" if data["conflicts"] else None)
        self.label.setToolTip(data.get("warning") or "")

    # syncing -------------------------------------------------------------------------------------

    @Slot()
    def sync_now(self) -> None:
        if self.running or not self.initialised:
            return
        self.running = True
        self.sync_action.setEnabled(False)
        set_tone(self.label, None)
        self.label.setText(tr("Syncing…"))
        self.client.submit(lambda engine: engine.sync().to_json(), self._done, self._failed, owner=self)

    def _done(self, data: dict[str, Any]) -> None:
        self.running = False
        self.sync_action.setEnabled(True)
        self._show(data)
        if data.get("warning"):
            self.messages.info(tr("Sync: {warning}").format(warning=data["warning"]))
        self.synced.emit(data)

    def _failed(self, error: BaseException) -> None:
        self.running = False
        self.sync_action.setEnabled(True)
        self.label.setText(tr("Sync failed"))
        set_tone(self.label, "error")
        self.messages.failure(tr("sync"), error)

    @Slot()
    def open_setup(self) -> "SetUpSyncDialog":
        dialog = SetUpSyncDialog(self.client, self.window)
        dialog.set_up.connect(self._set_up)
        dialog.open()
        return dialog

    def _set_up(self, data: dict[str, Any]) -> None:
        """The first sync of a new set-up came back: the menu, the timer and the label as for any."""
        self.start()
        self._show(data)   # (the label says it: the status bar said it a second time beside it)
        self.messages.info(tr("Sync is set up"))
        self.synced.emit(data)

    @Slot()
    def open_conflicts(self) -> "ConflictsDialog":
        dialog = ConflictsDialog(self.client, self.messages, self.window)
        dialog.settled.connect(self._settled)
        dialog.open()
        return dialog

    @Slot()
    def _settled(self) -> None:
        """A conflict was settled: the label counts the conflicts still flagged (it kept "1
        conflict" in red until the next sync), and the window reloads."""
        def recount(flagged: set[str]) -> None:
            if self.last is not None and self.last.get("conflicts"):
                self._show({**self.last, "conflicts": [c for c in self.last["conflicts"] if c.get("id") in flagged]})

        self.client.submit(lambda engine: {fact.id for fact, _flag in engine.sync_conflicts()}, recount,
                           lambda _e: None, owner=self)
        self.synced.emit({"settled": True})


class ConflictsDialog(QDialog):
    """The facts two machines changed apart: the diff, and keep mine / keep theirs / edit."""

    settled = Signal()

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.setWindowTitle(tr("Sync conflicts"))
        self.setObjectName("sync_conflicts")
        self.resize(900, 560)
        self.rows: list[dict[str, Any]] = []
        self.list = QListWidget()
        self.list.currentRowChanged.connect(self._show_row)
        self.diff = QPlainTextEdit()
        self.diff.setReadOnly(True)
        self.diff.setObjectName("sync_diff")
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("sync_edit")
        self.editor.setPlaceholderText(tr("Edit the text to keep, then Save edit"))
        self.empty = QLabel(tr("No conflicts: every fact is as both machines last agreed."))
        right = QWidget()
        column = QVBoxLayout(right)
        column.addWidget(QLabel(tr("What differs (mine → theirs):")))
        column.addWidget(self.diff, 2)
        column.addWidget(QLabel(tr("Or edit the body to keep:")))
        column.addWidget(self.editor, 1)
        split = QSplitter()
        split.addWidget(self.list)
        split.addWidget(right)
        split.setSizes([260, 640])
        self.keep_mine = QPushButton(tr("Keep &mine"))
        self.keep_theirs = QPushButton(tr("Keep &theirs"))
        self.save_edit = QPushButton(tr("Save &edit"))
        self.keep_mine.clicked.connect(lambda: self.resolve("mine"))
        self.keep_theirs.clicked.connect(lambda: self.resolve("theirs"))
        self.save_edit.clicked.connect(lambda: self.resolve("edit"))
        buttons = QHBoxLayout()
        for button in (self.keep_mine, self.keep_theirs, self.save_edit):
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.empty)
        layout.addWidget(split, 1)
        layout.addLayout(buttons)
        self._set_buttons(False)
        self.reload()

    def reload(self) -> None:
        self.client.submit(_conflict_rows, self._loaded, lambda e: self.messages.failure(tr("list the conflicts"), e),
                           owner=self)

    def _loaded(self, rows: list[dict[str, Any]]) -> None:
        self.rows = rows
        self.list.clear()
        for row in rows:
            kind = tr(KIND_WORDS[row["kind"]]) if row["kind"] in KIND_WORDS else row["kind"].replace("_", " ")
            self.list.addItem(QListWidgetItem(tr("{ref} ({kind})").format(ref=row["ref"], kind=kind)))
        self.empty.setVisible(not rows)
        if rows:
            self.list.setCurrentRow(0)
        else:
            self.diff.clear()
            self.editor.clear()
            self._set_buttons(False)

    def _set_buttons(self, enabled: bool) -> None:
        for button in (self.keep_mine, self.keep_theirs, self.save_edit):
            button.setEnabled(enabled)

    def _show_row(self, index: int) -> None:
        if not 0 <= index < len(self.rows):
            return
        row = self.rows[index]
        mine = tr("revision {revision}").format(revision=row["mine"]) if row["mine"] else tr("forgotten")
        theirs = tr("revision {revision}").format(revision=row["theirs"]) if row["theirs"] else tr("forgotten")
        self.keep_mine.setText(tr("Keep &mine ({side})").format(side=mine))
        self.keep_theirs.setText(tr("Keep &theirs ({side})").format(side=theirs))
        lines = difflib.unified_diff(row["mine_text"].splitlines(), row["theirs_text"].splitlines(),
                                     tr("mine ({side})").format(side=mine), tr("theirs ({side})").format(side=theirs),
                                     lineterm="")
        self.diff.setPlainText("\n".join(lines) or tr("The two versions have the same text."))
        self.editor.setPlainText(row["body"])
        self._set_buttons(True)

    def current(self) -> dict[str, Any] | None:
        index = self.list.currentRow()
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def resolve(self, keep: str) -> None:
        row = self.current()
        if row is None:
            return
        edits = FactInput(body=self.editor.toPlainText()) if keep == "edit" else None
        self._set_buttons(False)
        self.client.submit(lambda engine: engine.resolve_sync_conflict(row["id"], keep, row["scope"], edits),
                           self._resolved, self._refused, owner=self)

    def _resolved(self, _result: object) -> None:
        self.settled.emit()
        self.reload()

    def _refused(self, error: BaseException) -> None:
        self._set_buttons(True)
        self.messages.failure(tr("settle the conflict"), error)
