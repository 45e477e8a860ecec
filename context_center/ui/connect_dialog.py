"""File ▸ Connect agents…: what each agent reaches, and wiring it to the store this window shows.

It shows doctor's report (engine/wiring/doctor.py) for the workspace and, for Claude Code and Codex,
connects or removes: the exact change to each file is shown as a diff first, and written only when
the user says so, with a backup beside each file (engine/wiring/connect.py). A file that changed
meanwhile, or cannot be parsed, is left as it is and said.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..engine import AGENT_NAMES, CONNECTABLE_AGENTS, StorePaths
from . import language
from .engine_client import EngineClient
from .messages import describe
from .store_choice import short
from .theme import tone
from .words import QT_TR_NOOP, tr

# doctor's problems in the window's words, by their code (the engine says them in English: the
# Chinese window showed them so); {where} is the entry, worded by _where
PROBLEM_WORDS = {
    "store": QT_TR_NOOP("The store this install opens cannot be used. Details: {details}"),
    "unreadable": QT_TR_NOOP("{path} cannot be read: left as it is"),
    "no_agents": QT_TR_NOOP("Neither Claude Code (~/.claude) nor Codex (~/.codex) is set up on this machine"),
    "no_hook": QT_TR_NOOP("No Claude Code {event} hook of Context Center is registered"),
    "no_start_hook": QT_TR_NOOP("No Claude Code {event} hook of Context Center is registered (the pinned facts at "
                                "a session's start)"),
    "no_mcp": QT_TR_NOOP("The MCP server is not registered for {agent}"),
    "shell_line": QT_TR_NOOP("{where} is a shell line, not a plain command: it is not run here"),
    "not_this_install": QT_TR_NOOP("{where} runs {command}, not this install's context-center: it is reported, "
                                   "never run"),
    "entry": QT_TR_NOOP("{where}: its store cannot be told. Details: {problem}"),
    "codex_unpinned": QT_TR_NOOP("{where} has no state root of its own (it reaches {store}): Codex does not pass the "
                                 "environment on, so pin it"),
    "other_store": QT_TR_NOOP("{where} reaches the store {store}, not {mine}"),
    "codex_never": QT_TR_NOOP("Codex runs with approval_policy = \"never\", which refuses every call to the MCP "
                              "server {name} unless its entry says default_tools_approval_mode = \"approve\""),
    "hook_timed_out": QT_TR_NOOP("The registered hook ({file}) did not answer within 30 s"),
    "hook_failed": QT_TR_NOOP("The registered hook ({file}) exited {code}"),
}
# an entry's kind and its file's scope, in words
KIND_WORDS = {"mcp": QT_TR_NOOP("MCP server"), "UserPromptSubmit": QT_TR_NOOP("UserPromptSubmit hook"),
              "SessionStart": QT_TR_NOOP("SessionStart hook")}
SCOPE_WORDS = {"user": QT_TR_NOOP("user"), "project": QT_TR_NOOP("project"), "local": QT_TR_NOOP("local")}


def _word(words: dict[str, str], value: str) -> str:
    """An entry's kind or scope in words (in English, as the agents' files name it)."""
    return tr(words[value]) if value in words and language.current() != "en" else value


def _where(fields: dict[str, str]) -> str:
    said = (tr("{agent}'s {kind} {name} in {file}") if fields.get("kind") == "mcp"
            else tr("{agent}'s {kind} in {file}")).format(agent=fields.get("agent", ""),
                                                          kind=_word(KIND_WORDS, fields.get("kind", "")),
                                                          name=fields.get("name", ""), file=fields.get("file", ""))
    if fields.get("scope", "user") != "user":
        said += " " + tr("(the {scope} file: edit it, Connect does not)").format(
            scope=_word(SCOPE_WORDS, fields["scope"]))
    return said


def problem_words(problem: Any) -> str:
    """One of doctor's problems in the window's language: the engine's sentence in English, else
    the window's words for its code (a problem without a known code: the engine's sentence)."""
    if language.current() == "en" or problem.code not in PROBLEM_WORDS:
        return str(problem.what)
    fields = dict(problem.fields)
    if problem.code == "store":
        fields["details"] = problem.what
    return tr(PROBLEM_WORDS[problem.code]).format_map({**fields, "where": _where(fields)})

LABELS = {("claude-code", False): QT_TR_NOOP("&Connect Claude Code…"),
          ("claude-code", True): QT_TR_NOOP("&Remove from Claude Code…"),
          ("codex", False): QT_TR_NOOP("C&onnect Codex…"), ("codex", True): QT_TR_NOOP("R&emove from Codex…")}


class ConnectDialog(QDialog):
    """Connect agents… over the window's worker: every file read and written there."""

    connected = Signal()       # a change was written: the window checks its agents again

    def __init__(self, client: EngineClient, paths: StorePaths | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("connect_agents")
        self.setWindowTitle(tr("Connect agents"))
        self.client, self.paths = client, paths
        self.home = Path.home()
        self.pending: list[Any] = []     # the edits on show, written by "Write these changes"
        self.report: Any = None
        layout = QVBoxLayout(self)
        where = f"<b>{html.escape(short(paths.root))}</b>" if paths else tr("no store (open one first)")
        intro = QLabel(tr("Your agents should read and write the store this window shows: {store}. Connecting "
                          "registers the Claude Code hooks and the MCP server with that store pinned, whatever "
                          "the agent's environment. Each change is shown before it is written.").format(store=where))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.status = QLabel(tr("Looking at your agents' settings…"))
        self.status.setObjectName("report")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.status)
        agents = QGroupBox(tr("Agents"))
        grid = QGridLayout(agents)
        self.buttons: dict[tuple[str, bool], QPushButton] = {}
        for row, agent in enumerate(CONNECTABLE_AGENTS):
            grid.addWidget(QLabel(AGENT_NAMES[agent]), row, 0)
            for column, remove in ((1, False), (2, True)):
                button = QPushButton(tr(LABELS[(agent, remove)]))
                button.setObjectName(f"{'remove' if remove else 'connect'}_{agent}")
                button.clicked.connect(lambda _checked=False, a=agent, r=remove: self.preview(a, r))
                button.setEnabled(paths is not None)
                grid.addWidget(button, row, column)
                self.buttons[(agent, remove)] = button
        layout.addWidget(agents)
        self.preview_title = QLabel()
        self.preview_title.setWordWrap(True)
        layout.addWidget(self.preview_title)
        self.diff = QPlainTextEdit()
        self.diff.setObjectName("diff")
        self.diff.setReadOnly(True)
        self.diff.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.diff.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.diff.hide()
        layout.addWidget(self.diff, 1)
        actions = QHBoxLayout()
        self.write_button = QPushButton(tr("&Write these changes"))
        self.write_button.setObjectName("write")
        self.write_button.clicked.connect(self.write)
        self.write_button.hide()
        self.check_button = QPushButton(tr("Check again and run the &hook"))
        self.check_button.setObjectName("check")
        self.check_button.clicked.connect(lambda: self.check(live=True))
        self.check_button.setEnabled(paths is not None)
        actions.addWidget(self.check_button)
        actions.addStretch(1)
        actions.addWidget(self.write_button)
        layout.addLayout(actions)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.resize(820, 620)
        if paths is not None:
            self.check(live=False)

    # the report ------------------------------------------------------------------------------------

    def check(self, live: bool) -> None:
        assert self.paths is not None
        root, workspace, home = self.paths.root, self.paths.workspace, self.home
        self.status.setText(tr("Running the registered hook on a sample prompt…") if live else tr("Looking…"))

        def look(engine: Any) -> Any:
            from ..engine import doctor, doctor_sample_prompt

            report = doctor(workspace, home, state_root=str(root), live=live,
                            prompt=doctor_sample_prompt(engine.facts()))
            return report, engine.enforced()   # and the rules enforced at the tool call here, as doctor lists them
        self.client.submit(look, self._reported, self._failed, owner=self)

    def _reported(self, found: tuple[Any, list[Any]]) -> None:
        report, enforced_here = found
        self.report = report
        lines = []
        for registration in report.registrations:
            reach = registration.store if registration.store is not None else registration.url
            lines.append(tr("{agent} · {kind} ({scope}): reaches {place}").format(
                agent=AGENT_NAMES[registration.agent], kind=_word(KIND_WORDS, registration.kind),
                scope=_word(SCOPE_WORDS, registration.scope),
                place=html.escape(short(str(reach)))))
        if report.live is not None:
            live = report.live
            said = tr("did not answer in time") if live.exit_code is None else tr("exit {code}").format(
                code=live.exit_code)
            lines.append(tr("The registered hook ran: {result} in {seconds} s, {count} characters for the agent")
                         .format(result=said, seconds=f"{live.seconds:.2f}", count=len(live.output)))
            lines += [f"<tt>{html.escape(line)}</tt>" for line in live.output.splitlines()[:6]]
        for enforced in enforced_here:
            lines.append(tr("Enforced at the tool call: {rule} for {agent} since {date}, {count} calls denied").format(
                rule=html.escape(enforced.source), agent=AGENT_NAMES[enforced.agent], date=enforced.since[:10],
                count=enforced.denied))
        if report.problems:
            lines += [f"<span style='color:{tone('error')}'>• {html.escape(problem_words(p))}</span>"
                      for p in report.problems]
        else:
            lines.append(f"<span style='color:{tone('ok')}'>" + tr("Every agent reaches this store.") + "</span>")
        self.status.setText("<br>".join(lines))

    @Slot(object)
    def _failed(self, error: BaseException) -> None:
        self.status.setText(f"<span style='color:{tone('error')}'>{html.escape(describe(error))}</span>")

    # a change ------------------------------------------------------------------------------------------

    def preview(self, agent: str, remove: bool) -> None:
        assert self.paths is not None
        root, home = self.paths.root, self.home

        def plan(_engine: object) -> Any:
            from ..engine import connect_plan

            return connect_plan(agent, root, home, remove=remove)
        self.client.submit(plan, lambda edits: self._show(agent, remove, edits), self._plan_failed, owner=self)

    def _show(self, agent: str, remove: bool, edits: list[Any]) -> None:
        self.pending = edits
        name = AGENT_NAMES[agent]
        if not edits:
            self.preview_title.setText(tr("{agent} has no entry of this install: nothing to remove.").format(agent=name)
                                       if remove else
                                       tr("{agent} is already connected to this store: nothing to change.").format(
                                           agent=name))
            self.diff.hide()
            self.write_button.hide()
            return
        files = ", ".join(short(edit.path) for edit in edits)
        said = (tr("Removing {agent} changes {files} as below (a backup of each is kept beside it). Nothing is "
                   "written until you say so.") if remove else
                tr("Connecting {agent} changes {files} as below (a backup of each is kept beside it). Nothing is "
                   "written until you say so."))
        self.preview_title.setText(said.format(agent=name, files=files))
        self.diff.setPlainText("\n".join(edit.diff for edit in edits))
        self.diff.show()
        self.write_button.show()
        self.write_button.setDefault(True)

    @Slot(object)
    def _plan_failed(self, error: BaseException) -> None:
        self.pending = []
        self.diff.hide()
        self.write_button.hide()
        self.preview_title.setText(f"<span style='color:{tone('error')}'>{html.escape(describe(error))}</span>")

    @Slot()
    def write(self) -> None:
        edits, self.pending = self.pending, []
        self.write_button.hide()

        def apply(_engine: object) -> list[Path | None]:
            from ..engine import connect_apply

            return connect_apply(edits)
        self.client.submit(apply, self._written, self._plan_failed, owner=self)

    def _written(self, backups: list[Path | None]) -> None:
        kept = [short(b) for b in backups if b is not None]
        self.preview_title.setText(f"<span style='color:{tone('ok')}'>" + tr("Written.") + "</span>" +
                                   (" " + tr("Backups: {files}").format(files=html.escape(", ".join(kept)))
                                    if kept else ""))
        self.diff.hide()
        self.connected.emit()
        self.check(live=False)
