"""The Instructions tab's Adherence page: each standing rule Claude Code and Codex received in this
workspace, and whether each of their recent sessions followed it, read from their own transcripts
on the worker (never here); violations first, each one click from its evidence. A rule a
transcript cannot decide says so, with no verdict. A rule a tool call can break (a forbidden
command or path) can be enforced at the call, its change shown as a diff and written only when
the user says so.

The engine says how a rule is checked and what decided a verdict in English (the command line's
words); the page words them in the window's language from their parts (the programs, the command,
the paths), and shows a sentence it does not know as the engine says it. Commands, paths and the
rules' own text are the user's data and are shown as they are.
"""
from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine import ADHERENCE_AGENTS, ADHERENCE_DAYS, AGENT_DISPLAY_NAMES
from ..diffs import unified_html
from ..engine_client import EngineClient
from ..messages import Messages
from ..tables import fill, read_only_table
from ..theme import tone, tone_color
from ..words import QT_TR_NOOP, tr

RULE_HEADERS = [QT_TR_NOOP("Rule"), QT_TR_NOOP("Source"), QT_TR_NOOP("Checked by"), QT_TR_NOOP("Followed"),
                QT_TR_NOOP("Violated"), QT_TR_NOOP("Enforced")]
SESSION_HEADERS = [QT_TR_NOOP("Verdict"), QT_TR_NOOP("Agent"), QT_TR_NOOP("Session"), QT_TR_NOOP("Last activity")]
FOLLOWED_COLUMN, VIOLATED_COLUMN, ENFORCED_COLUMN = 3, 4, 5
VERDICT_WORDS = {"followed": QT_TR_NOOP("followed"), "violated": QT_TR_NOOP("violated"),
                 "not_applicable": QT_TR_NOOP("not applicable")}
_VERDICT_ORDER = {"violated": 0, "followed": 1, "not_applicable": 2}
BOTH = ""   # the agent choice that reads both agents' transcripts
# the kinds of check a tool call can break, and the agents that can be made to refuse it
ENFORCEABLE = {"forbidden_command": ("claude-code", "codex"), "forbidden_path": ("claude-code",)}

# What decided a verdict, as the engine says it (English), in the window's words: each pattern's
# named parts are the user's data (a command, a path, a count) and are kept as they are.
_EVIDENCE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^ran (?P<command>.+)$", re.DOTALL), QT_TR_NOOP("ran {command}")),
    (re.compile(r"^then ran (?P<command>.+)$", re.DOTALL), QT_TR_NOOP("then ran {command}")),
    (re.compile(r"^edited (?P<path>.+)$", re.DOTALL), QT_TR_NOOP("edited {path}")),
    (re.compile(r"^(?P<count>\d+) shell commands?, none running (?P<programs>.+)$", re.DOTALL),
     QT_TR_NOOP("{count} shell command(s), none running {programs}")),
    (re.compile(r"^(?P<count>\d+) edits?, none under (?P<paths>.+)$", re.DOTALL),
     QT_TR_NOOP("{count} edit(s), none under {paths}")),
    (re.compile(r"^no commit in this session$"), QT_TR_NOOP("no commit in this session")),
    (re.compile(r"^the session edited no file$"), QT_TR_NOOP("the session edited no file")),
    (re.compile(r"^committed \((?P<commit>.+)\) without running (?P<command>.+) after the last edit$", re.DOTALL),
     QT_TR_NOOP("committed ({commit}) without running {command} after the last edit")),
    (re.compile(r"^(?P<command>.+) ran before each of (?P<count>\d+) commit\(s\)$", re.DOTALL),
     QT_TR_NOOP("{command} ran before each of {count} commit(s)")),
    (re.compile(r"^last edit: (?P<path>.+?); (?P<command>.+) did not pass after it; it ran at (?P<at>\S+) and "
                r"failed$", re.DOTALL),
     QT_TR_NOOP("last edit: {path}; {command} did not pass after it (it ran at {at} and failed)")),
    (re.compile(r"^last edit: (?P<path>.+?); (?P<command>.+) did not (?P<verb>pass|run) after it; it last ran at "
                r"(?P<at>\S+), before that edit$", re.DOTALL),
     QT_TR_NOOP("last edit: {path}; {command} did not run after it (it last ran at {at}, before that edit)")),
    (re.compile(r"^last edit: (?P<path>.+?); (?P<command>.+) did not (?P<verb>pass|run) after it$", re.DOTALL),
     QT_TR_NOOP("last edit: {path}; {command} did not run after it")),
    (re.compile(r"^last edit: (?P<path>.+)$", re.DOTALL), QT_TR_NOOP("last edit: {path}")),
]


def evidence_html(text: str) -> str:
    """What the engine says decided a verdict, in the window's language (as it is when unknown), as
    HTML: the commands and paths it names set as code."""
    def part(name: str, value: str) -> str:
        if name in ("count", "verb"):
            return value
        return html.escape(when(value)) if name == "at" else f"<code>{html.escape(value)}</code>"

    for pattern, words in _EVIDENCE:
        match = pattern.match(text)
        if match:
            return html.escape(tr(words)).format(**{name: part(name, value)
                                                    for name, value in match.groupdict().items()})
    return html.escape(text)


def how_checked(check: dict[str, Any] | None) -> str:
    """How a transcript decides a rule (its check's parts, in the window's words), or that it cannot."""
    if not check:
        return tr("not checkable")
    kind = check.get("kind")
    if kind == "forbidden_command":
        said = tr("forbids running {programs}").format(programs=tr(", ").join(check.get("programs", [])))
        if check.get("alternative"):
            said += tr("; use {alternative}").format(alternative=check["alternative"])
        return said
    if kind == "required_command":
        command = str(check.get("command", ""))
        if check.get("before") == "commit":
            return (tr("{command} must pass before each commit") if check.get("must_pass")
                    else tr("{command} must run before each commit")).format(command=command)
        return (tr("{command} must pass after the last edit") if check.get("must_pass")
                else tr("{command} must run after the last edit")).format(command=command)
    if kind == "forbidden_path":
        return tr("forbids editing {paths}").format(paths=tr(", ").join(check.get("paths", [])))
    return str(kind)


def verdict_words(verdict: str) -> str:
    return tr(VERDICT_WORDS[verdict]) if verdict in VERDICT_WORDS else verdict


def when(stamp: str) -> str:
    """An RFC 3339 time as a person reads it: ``2026-12-02 10:02``."""
    return stamp[:16].replace("T", " ") if stamp else ""


def agent_name(agent: str) -> str:
    return AGENT_DISPLAY_NAMES.get(agent, agent)


def transcript_folders() -> list[tuple[str, Path]]:
    """Where each agent's transcripts are read from (the same places the engine reads)."""
    home = Path(os.environ.get("HOME") or os.path.expanduser("~"))
    claude = os.environ.get("CLAUDE_CONFIG_DIR")
    codex = os.environ.get("CODEX_HOME")
    return [("claude-code", (Path(claude) if claude else home / ".claude") / "projects"),
            ("codex", (Path(codex) if codex else home / ".codex") / "sessions")]


def enforced_words(enforced: Any, *, short: bool = False) -> str:
    """``Claude Code: enforced since 2026-12-05 10:00: 3 calls denied`` (``short``, in a table's
    cell: ``Claude Code: 3 calls denied``)."""
    denied = int(enforced.denied)
    calls = tr("no call denied") if not denied else tr("1 call denied") if denied == 1 else \
        tr("{count} calls denied").format(count=f"{denied:,}")
    if short:
        return tr("{agent}: {calls}").format(agent=agent_name(enforced.agent), calls=calls)
    return tr("{agent}: enforced since {since}: {calls}").format(agent=agent_name(enforced.agent),
                                                                 since=when(enforced.since), calls=calls)


def codex_rules_note() -> str:
    """What Codex does with the rules written for it (said where one is written, and beside it)."""
    return tr("Codex marks its rules experimental, applies them to commands run outside its sandbox, and loads a "
              "project's rules only when it trusts the project.")


def enforceable_agents(rule_report: Any) -> list[str]:
    """The agents ``rule_report``'s rule can be enforced for at the tool call (none: it cannot be)."""
    check = rule_report.rule.check
    if check is None:
        return []
    return [a for a in ENFORCEABLE.get(check.kind, ()) if a in rule_report.rule.agents]


def ordered(rules: tuple[Any, ...]) -> list[Any]:
    """Violations first (the most first), then the rules followed, then those not checkable."""
    return sorted(rules, key=lambda r: (-r.count("violated"), r.rule.check is None, -r.count("followed")))


class EnforceDialog(QDialog):
    """What enforcing a rule (or no longer enforcing it) writes, as a diff; written on Enforce only."""

    def __init__(self, plan: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plan = plan
        self.setObjectName("enforce_dialog")
        rule, agent = plan.rule, agent_name(plan.agent)
        self.setWindowTitle(tr("Stop enforcing a rule") if plan.remove else tr("Enforce a rule"))
        heading = QLabel((tr("No longer enforce {source} for {agent}:") if plan.remove
                          else tr("Make {agent} unable to break {source}:")).format(source=rule.source, agent=agent)
                         + f"<br><i>{html.escape(rule.text)}</i>")
        heading.setTextFormat(Qt.TextFormat.RichText)
        heading.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        if plan.agent == "claude-code":
            how = tr("A PreToolUse hook in this workspace's .claude/settings.local.json (yours, not committed) "
                     "refuses a tool call that breaks the rule, quoting it; every other call is allowed.")
        else:
            how = tr("A forbidden rule in this workspace's .codex/rules.") + " " + codex_rules_note()
        note = QLabel(how)
        note.setObjectName("enforce_how")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.diff = QTextBrowser()
        self.diff.setObjectName("enforce_diff")
        if plan.edits:
            self.diff.setHtml("".join(f"<p><b>{html.escape(str(edit.path))}</b>"
                                      + (" " + html.escape(tr("(a new file)")) if edit.before is None else "")
                                      + "</p>" + unified_html(edit.diff) for edit in plan.edits))
        else:
            self.diff.setHtml("<p>" + html.escape(tr("No file needs to change (the hook is already there); only "
                                                     "the list of enforced rules does.")) + "</p>")
        layout.addWidget(self.diff, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.confirm = buttons.addButton(tr("Stop enforcing") if plan.remove else tr("Enforce"),
                                         QDialogButtonBox.ButtonRole.AcceptRole)
        self.confirm.setObjectName("confirm_enforce")
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setText(tr("Cancel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(760, 480)


class AdherenceView(QWidget):
    """Rules, their sessions' verdicts, and the evidence of the session chosen."""

    counted = Signal(int)   # the rules violated at least once (-1: not known yet)

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.report: Any = None           # the engine's AdherenceReport last shown
        self.rules: list[Any] = []        # its RuleReports, in the order shown
        self.sessions: list[Any] = []     # the selected rule's verdicts, in the order shown
        self.loading = False
        self._asked = 0                   # the newest load asked for: an older answer is not shown
        self.enforce_dialog: EnforceDialog | None = None

        self.agent = QComboBox()
        self.agent.setObjectName("adherence_agent")
        self.agent.addItem(tr("Both agents"), BOTH)
        for agent in ADHERENCE_AGENTS:
            self.agent.addItem(agent_name(agent), agent)
        self.agent.setToolTip(tr("Whose transcripts are read, and whose rules are listed"))
        self.agent.currentIndexChanged.connect(lambda _index: self.reload())
        agent_label = QLabel(tr("Agent"))
        agent_label.setBuddy(self.agent)
        self.days = QSpinBox()
        self.days.setObjectName("adherence_days")
        self.days.setRange(1, 3650)
        self.days.setValue(ADHERENCE_DAYS)
        self.days.setKeyboardTracking(False)   # typed "90": one reload, not one for "9" first
        self.days.setToolTip(tr("How many days of sessions are read"))
        self._days_settled = QTimer(self)   # the arrows held down: one reading once they stop, not one a step
        self._days_settled.setSingleShot(True)
        self._days_settled.setInterval(300)
        self._days_settled.timeout.connect(self.reload)
        self.days.valueChanged.connect(lambda _value: self._days_settled.start())
        days_label = QLabel(tr("Days"))
        days_label.setBuddy(self.days)
        self.busy = QProgressBar()
        self.busy.setObjectName("adherence_busy")
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(160)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.enforce_button = QPushButton(tr("Enforce…"))
        self.enforce_button.setObjectName("enforce")
        self.enforce_menu = QMenu(self.enforce_button)
        self.enforce_button.setMenu(self.enforce_menu)
        self.enforce_button.setEnabled(False)
        self.summary = QLabel()
        self.summary.setObjectName("adherence_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)

        self.table = read_only_table([tr(h) for h in RULE_HEADERS], "adherence_rules", stretch=0)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.currentCellChanged.connect(self._rule_chosen)
        self.session_table = read_only_table([tr(h) for h in SESSION_HEADERS], "adherence_sessions", stretch=2)
        self.session_table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.session_table.currentCellChanged.connect(self._session_chosen)
        self.detail = QTextBrowser()
        self.detail.setObjectName("adherence_evidence")
        self.detail.setOpenLinks(False)

        top = QHBoxLayout()
        top.addWidget(agent_label)
        top.addWidget(self.agent)
        top.addWidget(days_label)
        top.addWidget(self.days)
        top.addWidget(self.busy)
        top.addStretch(1)
        top.addWidget(self.enforce_button)
        below = QSplitter()
        below.addWidget(self.session_table)
        below.addWidget(self.detail)
        below.setStretchFactor(1, 3)
        below.setSizes([420, 800])
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(below)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)

    # loading -------------------------------------------------------------------------------------

    @property
    def chosen_agent(self) -> str | None:
        return str(self.agent.currentData()) or None

    def set_agent(self, agent: str | None) -> None:
        self.agent.setCurrentIndex(self.agent.findData(agent or BOTH))

    def reset(self) -> None:
        """Another workspace was opened: nothing of the previous one's rules stays on screen."""
        self._asked += 1
        self.report, self.rules, self.sessions = None, [], []
        self._set_loading(False)
        fill(self.table, [])
        fill(self.session_table, [])
        self.detail.clear()
        self.summary.clear()
        self.enforce_button.setEnabled(False)
        self.counted.emit(-1)

    def reload(self) -> None:
        """Read the rules and the transcripts again, on the worker (F5, another agent or span)."""
        self._asked += 1
        self._days_settled.stop()
        asked, agent, days = self._asked, self.chosen_agent, self.days.value()
        self._set_loading(True)
        self.client.submit(lambda engine: engine.adherence(agent, days),
                           lambda report: self._loaded(asked, report), lambda e: self._failed(asked, e), owner=self)

    def _set_loading(self, loading: bool) -> None:
        self.loading = loading
        self.busy.setVisible(loading)
        if loading:
            self.summary.setText(tr("Reading transcripts…"))

    def _failed(self, asked: int, error: BaseException) -> None:
        if asked != self._asked:
            return
        self._set_loading(False)
        self.summary.setText(tr("The transcripts could not be read."))
        self.messages.failure(tr("read the agents' transcripts"), error)

    def _loaded(self, asked: int, report: Any) -> None:
        if asked != self._asked:   # another agent or span was chosen meanwhile: its answer is on the way
            return
        self._set_loading(False)
        self.show_report(report)

    # showing ---------------------------------------------------------------------------------------

    def show_report(self, report: Any) -> None:
        kept = self.rules[self.table.currentRow()].rule.id if 0 <= self.table.currentRow() < len(self.rules) else None
        self.report = report
        self.rules = ordered(report.rules)
        rows, tips = [], []
        for r in self.rules:
            check = r.rule.check
            checkable = check is not None
            rows.append((r.rule.text, r.rule.source, how_checked(check.to_json() if check else None),
                         r.count("followed") if checkable else "—", r.count("violated") if checkable else "—",
                         tr(", ").join(enforced_words(e, short=True) for e in r.enforced)))
            tips.append("\n".join([r.rule.text, f"{r.rule.source} — {tr(', ').join(map(agent_name, r.rule.agents))}",
                                   *(enforced_words(e) for e in r.enforced)]))
        fill(self.table, rows, tips)
        self._colour_rules()
        self.table.setColumnHidden(ENFORCED_COLUMN, not any(r.enforced for r in self.rules))
        self.summary.setText(self._summary(report))
        self.counted.emit(report.violated_rules)
        if self.rules:
            row = next((n for n, r in enumerate(self.rules) if r.rule.id == kept), 0)
            self.table.setCurrentCell(row, 0)
            self._rule_chosen(row)
        else:
            fill(self.session_table, [])
            self.sessions = []
            self.enforce_button.setEnabled(False)
            self.detail.setHtml(self._empty_html(report))

    def _summary(self, report: Any) -> str:
        read = tr(", ").join(tr("{agent} {count}").format(agent=agent_name(a), count=report.sessions.get(a, 0))
                         for a in report.agents)
        count = len(self.rules)
        checkable = sum(1 for r in self.rules if r.rule.check is not None)
        return tr("{violated} of {rules} rules violated in the last {days} days ({checkable} checkable from a "
                  "transcript); sessions read: {sessions}").format(violated=report.violated_rules, rules=count,
                                                                   days=report.days, checkable=checkable,
                                                                   sessions=read)

    def _empty_html(self, report: Any) -> str:
        agents = " " + tr("and") + " "
        return "<p>" + html.escape(tr("{agents} receive no standing rule in this workspace: no instruction file on "
                                      "their chain has a rule line.").format(
            agents=agents.join(agent_name(a) for a in report.agents))) + "</p>" + self._where_html()

    def _where_html(self) -> str:
        """Where the transcripts are read from (when there are none, the user sees where to look)."""
        chosen = self.report.agents if self.report is not None else ADHERENCE_AGENTS
        items = "".join(f"<li>{html.escape(agent_name(agent))}: <code>{html.escape(str(folder))}</code></li>"
                        for agent, folder in transcript_folders() if agent in chosen)
        return "<p>" + html.escape(tr("Transcripts are read from:")) + f"</p><ul>{items}</ul>"

    def _colour_rules(self) -> None:
        violated, faded = QBrush(tone_color("removed_fg")), QBrush(tone_color("faded"))
        for row, r in enumerate(self.rules):
            if r.rule.check is None:
                for column in range(self.table.columnCount()):
                    item = self.table.item(row, column)
                    if item is not None:
                        item.setForeground(faded)
            elif r.count("violated"):
                item = self.table.item(row, VIOLATED_COLUMN)
                if item is not None:
                    item.setForeground(violated)
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)

    @Slot(int, int, int, int)
    def _rule_chosen(self, row: int, *_: int) -> None:
        """A rule's sessions, violations first; the first of them chosen, so its evidence shows."""
        if not 0 <= row < len(self.rules):
            return
        r = self.rules[row]
        self.sessions = sorted(r.sessions, key=lambda s: (_VERDICT_ORDER.get(s.verdict, 3), _desc(s.ended)))
        fill(self.session_table, [(verdict_words(s.verdict), agent_name(s.agent), s.session, when(s.ended))
                                  for s in self.sessions],
             [f"{s.session}\n{when(s.started)} – {when(s.ended)}" for s in self.sessions])
        brush = QBrush(tone_color("removed_fg"))
        for number, s in enumerate(self.sessions):
            if s.verdict == "violated":
                item = self.session_table.item(number, 0)
                if item is not None:
                    item.setForeground(brush)
        self._offer_enforcement(r)
        if self.sessions:
            self.session_table.setCurrentCell(0, 0)
            self._session_chosen(0)
        else:
            self.detail.setHtml(self._rule_html(r, None))

    @Slot(int, int, int, int)
    def _session_chosen(self, row: int, *_: int) -> None:
        rule_row = self.table.currentRow()
        if not 0 <= rule_row < len(self.rules) or not 0 <= row < len(self.sessions):
            return
        self.detail.setHtml(self._rule_html(self.rules[rule_row], self.sessions[row]))

    def _rule_html(self, r: Any, session: Any) -> str:
        rule, check = r.rule, r.rule.check
        agents = tr(", ").join(agent_name(a) for a in rule.agents)
        parts = [f"<p><b>{html.escape(rule.text)}</b><br>"
                 + html.escape(tr("{source}, received by {agents}").format(source=rule.source, agents=agents))
                 + "</p>"]
        if check is None:
            parts.append("<p>" + html.escape(tr("This rule cannot be decided from a transcript: no verdict is given "
                                                "(never a guess).")) + "</p>")
            if self.report is not None and not any(self.report.sessions.values()):
                parts.append(self._where_html())
            return "".join(parts)
        parts.append("<p>" + html.escape(tr("Checked by: {how}").format(how=how_checked(check.to_json()))) + "</p>")
        for enforced in r.enforced:
            parts.append(f'<p style="color:{tone("ok")}">' + html.escape(enforced_words(enforced)) + "</p>")
        if any(e.agent == "codex" for e in r.enforced):
            parts.append(f'<p style="color:{tone("muted")}">' + html.escape(codex_rules_note()) + "</p>")
        if session is None:
            days = self.report.days if self.report is not None else ADHERENCE_DAYS
            parts.append("<p>" + html.escape(tr("No session of {agents} in this workspace in the last {days} days.")
                                             .format(agents=agents, days=days)) + "</p>" + self._where_html())
            return "".join(parts)
        colour = tone("removed_fg") if session.verdict == "violated" else tone("ok") \
            if session.verdict == "followed" else tone("muted")
        parts.append(f'<p><b style="color:{colour}">{html.escape(verdict_words(session.verdict))}</b> — '
                     + html.escape(tr("{agent} session {session}, {started} – {ended}").format(
                         agent=agent_name(session.agent), session=session.session, started=when(session.started),
                         ended=when(session.ended))) + "</p>")
        if session.evidence:
            parts.append("<p>" + html.escape(tr("Evidence:")) + "</p><ul>")
            for evidence in session.evidence:
                stamp = f"<code>{html.escape(when(evidence.timestamp))}</code> " if evidence.timestamp else ""
                parts.append(f"<li>{stamp}{evidence_html(evidence.text)}</li>")
            parts.append("</ul>")
        return "".join(parts)

    # enforcing --------------------------------------------------------------------------------------

    def _offer_enforcement(self, r: Any) -> None:
        self.enforce_menu.clear()
        agents = enforceable_agents(r)
        enforced = {e.agent for e in r.enforced}
        for agent in agents:
            remove = agent in enforced
            action = self.enforce_menu.addAction((tr("Stop enforcing for {agent}…") if remove
                                                  else tr("Enforce for {agent}…")).format(agent=agent_name(agent)))
            action.setObjectName(f"{'stop' if remove else 'enforce'}_{agent}")
            action.triggered.connect(lambda _checked=False, a=agent, rm=remove, rid=r.rule.id: self.plan(rid, a, rm))
        self.enforce_button.setEnabled(bool(agents))
        self.enforce_button.setText(tr("Stop enforcing…") if agents and set(agents) <= enforced else tr("Enforce…"))
        if agents:
            self.enforce_button.setToolTip(tr("Make the agent unable to break this rule at the tool call (the change "
                                              "is shown first)"))
        elif r.rule.check is None:
            self.enforce_button.setToolTip(tr("A rule that cannot be checked cannot be enforced"))
        else:
            self.enforce_button.setToolTip(tr("Only a forbidden command or a forbidden path can be enforced at the "
                                              "tool call"))

    def plan(self, rule: str, agent: str, remove: bool = False,
             shown: Callable[[EnforceDialog], None] | None = None) -> None:
        """What enforcing ``rule`` for ``agent`` (``remove``: no longer) writes, worked out on the
        worker, then shown for the user to confirm."""
        def done(plan: Any) -> None:
            dialog = EnforceDialog(plan, self)
            dialog.accepted.connect(lambda: self._apply(plan))
            self.enforce_dialog = dialog
            dialog.open()
            if shown is not None:
                shown(dialog)

        self.client.submit(lambda engine: engine.enforce_plan(rule, agent, remove=remove), done,
                           lambda e: self.messages.failure(tr("plan the enforcement"), e), owner=self)

    def _apply(self, plan: Any) -> None:
        source, agent = plan.rule.source, agent_name(plan.agent)

        def done(_backups: object) -> None:
            self.messages.info((tr("{source} is no longer enforced for {agent}") if plan.remove
                                else tr("{source} is enforced for {agent}")).format(source=source, agent=agent))
            self.reload()

        self.client.submit(lambda engine: engine.apply_enforcement(plan), done,
                           lambda e: self.messages.failure(tr("enforce the rule"), e), owner=self)


def _desc(stamp: str) -> str:
    """A sort key that puts the newest time first."""
    return "".join(chr(0x10FFFF - ord(c)) for c in stamp)
