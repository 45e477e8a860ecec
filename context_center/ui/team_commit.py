"""Sync ▸ Commit team facts…: the team folder's changes as a git GUI shows them (each file added,
modified or deleted, who changed it last, its diff, what the pre-commit check finds) and one commit
of exactly those files with a message. The engine checks them first and commits them alone
(``git commit --only``): whatever else the user staged stays staged. What is committed is what the
dialog showed; a file changed since refuses the commit, and the list is read again."""
from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine import Engine
from .diffs import unified_html
from .engine_client import EngineClient
from .messages import describe
from .theme import set_tone, tone, tone_color
from .words import QT_TR_NOOP, tr

STATE_WORDS = {"added": QT_TR_NOOP("Added"), "modified": QT_TR_NOOP("Modified"), "deleted": QT_TR_NOOP("Deleted")}
STATE_WORDS_IN_SENTENCE = {"added": QT_TR_NOOP("added"), "modified": QT_TR_NOOP("modified"),
                           "deleted": QT_TR_NOOP("deleted")}


def _changes(engine: Engine) -> list[dict[str, Any]]:
    """Each change as the dialog shows it (worker thread: git runs, the diffs are made here)."""
    return [change.to_json() for change in engine.team_changes()]


def last_words(change: dict[str, Any]) -> str:
    last = change["last"]
    if not last:
        return tr("never committed")
    return tr("last changed by {author}, {date}").format(author=last["author"], date=last["date"][:10])


class CommitTeamDialog(QDialog):
    committed = Signal(object)   # the commit's JSON: {"commit", "paths"}

    def __init__(self, client: EngineClient, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self.changes: list[dict[str, Any]] = []
        self.setWindowTitle(tr("Commit team facts"))
        self.resize(900, 560)
        about = QLabel(tr("The team facts in this repository's <code>.context-center/memory/</code> that differ "
                          "from the last commit. Committing checks them as the pre-commit hook does and commits "
                          "them alone: anything else you staged stays staged."))
        about.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("team_changes")
        self.list.currentRowChanged.connect(self._show)
        self.diff = QTextBrowser()
        self.diff.setObjectName("team_diff")
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.list)
        split.addWidget(self.diff)
        split.setSizes([320, 580])
        self.message = QLineEdit()
        self.message.setObjectName("team_commit_message")
        self.message.setPlaceholderText(tr("What changed in the team's facts (the commit message)"))
        self.message.textChanged.connect(self._enable)
        self.status = QLabel()
        self.status.setObjectName("team_commit_status")
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.go = self.buttons.addButton(tr("&Commit"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.again = self.buttons.addButton(tr("&Look again"), QDialogButtonBox.ButtonRole.ResetRole)
        self.again.clicked.connect(self.load)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addWidget(split, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.busy = False
        self.note = ""   # why the list was read again, said once it is
        self._enable()
        self.load()

    # reading -------------------------------------------------------------------------------------

    @Slot()
    def load(self) -> None:
        self.busy = True
        self._enable()
        self._say(tr("Looking at the team folder…"))
        self.client.submit(_changes, self._loaded, self._refused, owner=self)

    def _loaded(self, changes: list[dict[str, Any]]) -> None:
        self.busy = False
        self.changes = changes
        self.list.clear()
        for change in changes:
            problems = change["problems"]
            state = tr(STATE_WORDS[change["state"]])
            item = QListWidgetItem(tr("{state}: {file}").format(state=state, file=change["path"].rsplit("/", 1)[-1])
                                   + "\n    " + last_words(change)
                                   + (" · " + tr("{count} problem(s)").format(count=len(problems)) if problems else ""))
            item.setToolTip(change["path"] + "".join(f"\n{p['reason']}" for p in problems))
            if problems:
                item.setForeground(tone_color("error"))
            self.list.addItem(item)
        refused = sum(1 for change in changes if change["problems"])
        if changes:
            self.list.setCurrentRow(0)
        else:
            self.diff.clear()
        if self.note:
            self._say(self.note, error=True, code="REVISION_CONFLICT")
            self.note = ""
        elif refused:
            self._say(tr("{count} file(s) would be refused by the pre-commit check: fix them, then look again.")
                      .format(count=refused), error=True)
        else:
            self._say(tr("{count} file(s) to commit.").format(count=len(changes)) if changes
                      else tr("The team facts have no changes to commit."))
        self._enable()

    @Slot(int)
    def _show(self, row: int) -> None:
        if not 0 <= row < len(self.changes):
            self.diff.clear()
            return
        change = self.changes[row]
        problems = "".join(f"<p style='color:{tone('error')}'>{html.escape(p['reason'])}"
                           + (" " + tr("(line {line})").format(line=p["line"]) if p["line"] else "") + "</p>"
                           for p in change["problems"])
        last = change["last"]
        fields = {"path": html.escape(change["path"]), "state": tr(STATE_WORDS_IN_SENTENCE[change["state"]]),
                  "last": html.escape(last_words(change))}
        if last:
            head = tr("<p><b>{path}</b> — {state}; {last} in {commit} “{message}”</p>").format(
                commit=last["commit"], message=html.escape(last["message"]), **fields)
        else:
            head = tr("<p><b>{path}</b> — {state}; {last}</p>").format(**fields)
        self.diff.setHtml(head + problems + unified_html(change["diff"]))

    # committing ----------------------------------------------------------------------------------

    @Slot()
    def _enable(self) -> None:
        ready = (not self.busy and bool(self.changes) and bool(self.message.text().strip())
                 and not any(change["problems"] for change in self.changes))
        self.go.setEnabled(ready)
        self.again.setEnabled(not self.busy)
        self.message.setEnabled(not self.busy)

    @Slot()
    def submit(self) -> None:
        if not self.go.isEnabled():
            return
        message = self.message.text().strip()
        expected = {change["path"]: change["digest"] or "" for change in self.changes}
        self.busy = True
        self._enable()
        self._say(tr("Checking and committing…"))
        self.client.submit(lambda engine: engine.commit_team_facts(message, expected).to_json(), self._done,
                           self._refused_commit, owner=self)

    def _done(self, made: dict[str, Any]) -> None:
        self.busy = False
        self.committed.emit(made)
        self.accept()

    def _refused_commit(self, error: BaseException) -> None:
        self._refused(error)
        if getattr(error, "code", "") == "REVISION_CONFLICT":   # the files moved: show them as they are now
            self.note = describe(error)
            self.load()

    def _refused(self, error: BaseException) -> None:
        self.busy = False
        self._say(describe(error), error=True, code=getattr(error, "code", "ERROR"))
        self._enable()

    def _say(self, text: str, *, error: bool = False, code: str = "") -> None:
        self.status.setText(text)
        set_tone(self.status, "error" if error else None)
        self.status.setToolTip(tr("Error code: {code}").format(code=code) if code else "")
