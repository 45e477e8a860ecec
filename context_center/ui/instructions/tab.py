"""The Instructions tab: load order, expanded bodies with imports marked, diagnostics, quick add;
and, per agent, what Claude Code or Codex actually receives, or the three side by side."""
from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, Slot
from PySide6.QtGui import QAction, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine import AGENT_DISPLAY_NAMES, INSTRUCTION_AGENTS, AgentComparison, AgentView, InstructionSet
from .. import dialogs
from ..editor import open_in_editor
from ..engine_client import EngineClient
from ..messages import Messages
from ..tables import fill, read_only_table
from ..theme import tone
from ..words import QT_TR_NOOP, tr
from . import agent_views
from .adherence import AdherenceView
from .align_dialog import AlignDialog
from .limit_bars import LimitBarDelegate

_IMPORT = re.compile(r'^(&lt;instruction-import path=&quot;(.*?)&quot;&gt;|&lt;/instruction-import&gt;)$')
_REJECTED = re.compile(r"&lt;!-- rejected: ([a-z_]+) --&gt;")
_SKIPPED = re.compile(r"&lt;!-- skipped: ([a-z ]+) --&gt;")


def body_html(body: str) -> str:
    """The expanded body, with import boundaries and rejected import lines visibly marked."""
    out = []
    info = f"background:{tone('info_bg')};color:{tone('info_fg')}"
    removed = f"background:{tone('removed_bg')};color:{tone('removed_fg')}"
    note = f"background:{tone('note_bg')};color:{tone('note_fg')}"
    for line in html.escape(body).split("\n"):
        match = _IMPORT.match(line)
        if match and match.group(2) is not None:
            out.append(f'<span style="{info}">' + tr("▼ imported from {path}").format(path=match.group(2))
                       + "</span>")
        elif match:
            out.append(f'<span style="{info}">' + tr("▲ end of import") + "</span>")
        else:
            line = _REJECTED.sub(lambda m: f'<span style="{removed}">'
                                 + tr("[rejected: {reason}]").format(reason=m.group(1)) + "</span>", line)
            out.append(_SKIPPED.sub(lambda m: f'<span style="{note}">'
                                    + tr("[skipped: {reason}]").format(reason=m.group(1)) + "</span>", line))
    return '<pre style="white-space: pre-wrap">' + "\n".join(out) + "</pre>"


def _display(path: Path, workspace: Path) -> str:
    """How a file is named in the tab: ``workspace/…`` inside the workspace, ``user/…`` otherwise."""
    try:
        return "workspace/" + path.relative_to(workspace).as_posix()
    except ValueError:
        return "user/" + path.name


REASONIX_HEADERS = [QT_TR_NOOP("Order"), QT_TR_NOOP("Scope"), QT_TR_NOOP("File"), QT_TR_NOOP("Priority"),
                    QT_TR_NOOP("Bytes received"), QT_TR_NOOP("≈ Tokens")]
# where an instruction file sits on the chain (the engine's words; an unknown one is shown as it is)
_SCOPE_WORDS = {"user": QT_TR_NOOP("user"), "project": QT_TR_NOOP("project"), "ancestor": QT_TR_NOOP("ancestor"),
                "local": QT_TR_NOOP("local")}
COMPARE = "compare"
_COMPARED_KEY = "instructions/compared_agents"   # the agents the side by side shows


class InstructionsTab(QWidget):
    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None, *,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages, self.settings = client, messages, settings
        self.resolved: InstructionSet | None = None
        self.view: AgentView | AgentComparison | None = None   # the chosen agent's view (not Reasonix's)
        self.target: str | None = None   # None: the workspace root
        # Quick add goes to the document in view unless the user picks another file: that pick (and
        # only a pick: not what the list showed by default) is kept across reloads.
        self._picked: str | None = None
        self._showing = False   # a reload is showing what it read (not the user choosing a document)
        self.align_dialog: AlignDialog | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.agent = QComboBox()
        self.agent.setObjectName("agent")
        for agent in INSTRUCTION_AGENTS:
            self.agent.addItem(tr("{agent} (Context Center's chain)").format(agent=AGENT_DISPLAY_NAMES[agent])
                               if agent == "reasonix" else AGENT_DISPLAY_NAMES[agent], agent)
        self.agent.addItem(tr("Side by side"), COMPARE)
        self.agent.setToolTip(tr("Resolve the chain the way this agent does, and show what it actually receives"))
        self.agent.currentIndexChanged.connect(lambda _index: self._agent_changed())
        agent_label = QLabel(tr("Age&nt"))
        agent_label.setBuddy(self.agent)
        self.compared = self._saved_agents()
        # a push button: its size makes room for the menu's arrow (a tool button's arrow sat on "…")
        self.pick_agents = QPushButton()
        self.pick_agents.setObjectName("pick_agents")
        self.pick_agents.setText(tr("Agents…"))
        self.pick_agents.setToolTip(tr("Which agents the side by side shows (remembered)"))
        menu = QMenu(self.pick_agents)
        self.agent_actions: dict[str, QAction] = {}
        for agent in INSTRUCTION_AGENTS:
            action = menu.addAction(AGENT_DISPLAY_NAMES[agent])
            action.setCheckable(True)
            action.setChecked(agent in self.compared)
            action.toggled.connect(lambda _on, agent=agent: self._pick_agents(agent))
            self.agent_actions[agent] = action
        self.pick_agents.setMenu(menu)
        self.pick_agents.hide()
        self.warning = QLabel()
        self.warning.setObjectName("agent_warning")
        self.warning.setWordWrap(True)
        self.warning.setTextFormat(Qt.TextFormat.RichText)
        self.warning.hide()
        self.target_button = QPushButton(tr("&Target folder…"))
        self.target_button.setObjectName("choose_target")
        self.target_button.setToolTip(tr("Show what an agent started in another folder of the workspace receives"))
        self.target_button.clicked.connect(self.choose_target)
        self.align_button = QPushButton(tr("A&lign agents…"))
        self.align_button.setObjectName("align_agents_button")
        self.align_button.setToolTip(tr("Make every agent receive the workspace's rules from AGENTS.md, each by its "
                                        "own import or setting (shown first, backed up, undoable)"))
        self.align_button.clicked.connect(self.align_agents)
        self.documents = read_only_table([tr(h) for h in REASONIX_HEADERS], "documents", stretch=2)
        self.documents.setItemDelegate(LimitBarDelegate(self.documents))   # (a cell with meters: bars)
        self.documents.currentCellChanged.connect(self._show_document)
        self.documents.doubleClicked.connect(self.open_in_editor)
        self.body = QTextBrowser()
        self.body.setObjectName("instruction_body")
        self.diagnostics = read_only_table([tr("Code"), tr("File and line"), tr("Message")], "diagnostics")
        self.diagnostics.setToolTip(tr("Double-click a diagnostic to open its file at that line"))
        self.diagnostics.doubleClicked.connect(self.open_diagnostic)

        self.note = QLineEdit()
        self.note.setObjectName("quick_add")
        self.note.setPlaceholderText(tr("Quick add a standing rule (like /remember): e.g. Run the tests before "
                                        "pushing"))
        self.note.returnPressed.connect(self.quick_add)
        self.add_to = QComboBox()
        self.add_to.setObjectName("quick_add_file")
        self.add_to.setToolTip(tr("The instruction file the note is added to (.local.md files are not committed)"))
        self.add_to.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.add_to.activated.connect(self._pick_target)
        add_to_label = QLabel(tr("to"))
        add_to_label.setBuddy(self.add_to)
        add = QPushButton(tr("A&dd note"))
        add.clicked.connect(self.quick_add)
        self.open_button = QPushButton(tr("&Open in editor"))
        self.open_button.clicked.connect(self.open_in_editor)
        refresh = QPushButton(tr("&Refresh"))
        refresh.clicked.connect(self.reload)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        agent_row = QHBoxLayout()
        agent_row.addWidget(agent_label)
        agent_row.addWidget(self.agent, 1)
        agent_row.addWidget(self.pick_agents)
        agent_row.addWidget(self.target_button)
        agent_row.addWidget(self.align_button)
        left_layout.addLayout(agent_row)
        left_layout.addWidget(self.summary)
        left_layout.addWidget(self.warning)
        left_layout.addWidget(self.documents)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.body)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([470, 800])
        self.splitter = splitter
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(splitter)
        vertical.addWidget(self.diagnostics)
        vertical.setStretchFactor(0, 3)
        self.vertical = vertical
        # the panes are fitted to what they show until the user moves a divider (then theirs stays)
        self._fitted = True
        vertical.splitterMoved.connect(self._user_sized)
        splitter.splitterMoved.connect(self._user_sized)
        add_row = QHBoxLayout()
        add_row.addWidget(self.note, 1)
        add_row.addWidget(add_to_label)
        add_row.addWidget(self.add_to)
        add_row.addWidget(add)
        add_row.addWidget(self.open_button)
        add_row.addWidget(refresh)
        self.add_to_note = QLabel()   # which file the agent in view reads, or that it reads none of them
        self.add_to_note.setObjectName("quick_add_note")
        self.add_to_note.setWordWrap(True)
        self.add_to_note.hide()
        chain = QWidget()   # what each agent receives: the first page; whether they followed it: the second
        layout = QVBoxLayout(chain)
        margins = layout.contentsMargins()   # (the pages' bar above: no margin between them, as the tab had none)
        layout.setContentsMargins(margins.left(), 0, margins.right(), margins.bottom())
        layout.addWidget(vertical, 1)
        layout.addWidget(self.add_to_note)
        layout.addLayout(add_row)
        self.adherence = AdherenceView(client, messages)
        self.adherence.counted.connect(self._adherence_counted)
        self.pages = QTabWidget()
        self.pages.setObjectName("instruction_pages")
        self.pages.setDocumentMode(True)
        self.pages.addTab(chain, tr("What agents receive"))
        self.pages.addTab(self.adherence, tr("Adherence"))
        page_layout = QVBoxLayout(self)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.pages)

    @Slot(int)
    def _adherence_counted(self, count: int) -> None:
        """The Adherence page's title counts the rules violated, seen without opening it."""
        index = self.pages.indexOf(self.adherence)
        self.pages.setTabText(index, tr("Adherence ({count} violated)").format(count=count) if count > 0
                              else tr("Adherence"))
        self.pages.setTabToolTip(index, "" if count < 0 else tr("No rule was violated in the sessions read")
                                 if count == 0 else tr("1 rule was violated in the sessions read") if count == 1
                                 else tr("{count} rules were violated in the sessions read").format(count=count))

    @property
    def mode(self) -> str:
        """``reasonix``, ``claude-code``, ``codex`` or ``compare``."""
        return str(self.agent.currentData())

    def set_agent(self, agent: str) -> None:
        self.agent.setCurrentIndex(self.agent.findData(agent))

    def _agent_changed(self) -> None:
        self.pick_agents.setVisible(self.mode == COMPARE)
        self._fit_panes()
        self.reload()

    def _saved_agents(self) -> list[str]:
        saved = self.settings.value(_COMPARED_KEY, "") if self.settings is not None else ""
        chosen = [a for a in INSTRUCTION_AGENTS if a in str(saved or "").split(",")]
        return chosen or list(INSTRUCTION_AGENTS)

    def _pick_agents(self, agent: str) -> None:
        """The side by side shows the agents checked (at least one: the last stays checked)."""
        chosen = [a for a, action in self.agent_actions.items() if action.isChecked()]
        if not chosen:
            self.agent_actions[agent].setChecked(True)
            return
        self.compared = chosen
        if self.settings is not None:
            self.settings.setValue(_COMPARED_KEY, ",".join(chosen))
        if self.mode == COMPARE:
            self.reload()

    def set_compared(self, agents: list[str]) -> None:
        """Check exactly ``agents`` in the picker (as a user would, one by one)."""
        for agent in agents:
            self.agent_actions[agent].setChecked(True)
        for agent, action in self.agent_actions.items():
            if agent not in agents:
                action.setChecked(False)

    def _fit_panes(self) -> None:
        """An agent's table has more to say (status, bytes, why) than Reasonix's: give it room. The
        side by side (the file and up to seven agents' columns) takes the whole width, the detail
        below it: beside the detail the file's name was squeezed to "…" and the last agent's column
        cut off at 1280 pixels. A hidden tab has no size yet: it is fitted when shown."""
        compare = self.mode == COMPARE
        orientation = Qt.Orientation.Vertical if compare else Qt.Orientation.Horizontal
        if self.splitter.orientation() != orientation:
            self.splitter.setOrientation(orientation)
        self._fit_diagnostics()
        total = self.splitter.height() if compare else self.splitter.width()
        if not self.isVisible() or total <= 0:
            return
        if compare:   # the files' table above the detail: as many of its rows as fit in 70% (below the pages' bar)
            share = 70
        else:
            share = 37 if self.mode == "reasonix" else 55
        self.splitter.setSizes([total * share // 100, total - total * share // 100])

    def _fit_diagnostics(self) -> None:
        """The diagnostics get the height of their rows (one at least, four at most) and never more
        than a quarter of the tab: at 1024×640 they kept a third of it for two lines, and the side
        by side showed two files."""
        total = self.vertical.height() - self.vertical.handleWidth()
        if not self.isVisible() or total <= 0:
            return
        table = self.diagnostics
        rows = max(1, min(table.rowCount(), 4))
        wanted = (table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
                  + rows * table.verticalHeader().defaultSectionSize()
                  + (table.horizontalScrollBar().sizeHint().height() if table.rowCount() > rows else 0))
        wanted = min(wanted, total // 4)
        self.vertical.setSizes([total - wanted, wanted])

    @Slot()
    def _user_sized(self) -> None:
        self._fitted = False

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self._fitted:
            self._fit_panes()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._fitted:
            self._fit_panes()

    def reset(self) -> None:
        """Another workspace was opened: nothing of the previous chain stays on screen."""
        self.resolved = None
        self.view = None
        self.target = None
        self._picked = None
        fill(self.documents, [])
        fill(self.diagnostics, [])
        self.body.clear()
        self.summary.clear()
        self.adherence.reset()

    def reload(self) -> None:
        target, mode, compared = self.target, self.mode, list(self.compared)

        def load(engine):
            folder = target or engine.paths.workspace
            resolved, targets = engine.instructions(folder), engine.quick_add_targets(folder)
            view = None if mode == "reasonix" else engine.compare_agents(folder, agents=compared) \
                if mode == COMPARE else engine.agent_instructions(mode, folder)
            return resolved, targets, view, mode

        self.client.submit(load, self._loaded, lambda e: self.messages.failure(tr("resolve the instructions"), e))

    def _loaded(self, loaded: tuple[InstructionSet, list[tuple[Path, bool]], AgentView | AgentComparison | None,
                                    str]) -> None:
        resolved, targets, view, mode = loaded
        if mode != self.mode:   # the user chose another agent meanwhile: its own answer is on the way
            return
        self.add_to.blockSignals(True)
        self.add_to.clear()
        for path, exists in targets:
            shown = _display(path, resolved.workspace)
            self.add_to.addItem(shown if exists else tr("{file} (new file)").format(file=shown), str(path))
        self.add_to.blockSignals(False)
        self._showing = True
        try:
            if isinstance(view, AgentComparison):
                self.show_comparison(resolved, view)
            elif isinstance(view, AgentView):
                self.show_agent(resolved, view)
            else:
                self.show_set(resolved)
        finally:
            self._showing = False
        picked = self.add_to.findData(self._picked) if self._picked is not None else -1
        if picked >= 0:
            self.add_to.setCurrentIndex(picked)
        else:
            self._picked = None   # (no longer one of the chain's files)
        self._target_for_agent(view if isinstance(view, AgentView) else None)

    def _target_for_agent(self, view: AgentView | None) -> None:
        """With one agent in view, quick add goes to a file that agent reads (a new user's note went
        to AGENTS.md while the view showed Claude Code, which does not read it), and says which."""
        self.add_to_note.hide()
        if view is None or view.agent == "reasonix":
            return
        name = AGENT_DISPLAY_NAMES.get(view.agent, view.agent)
        read = {str(d.path) for d in view.documents if d.status in ("loaded", "truncated")}
        reads = next((i for i in range(self.add_to.count()) if self.add_to.itemData(i) in read), -1)
        if reads < 0:
            self.add_to_note.setText(tr("{agent} reads none of the files quick add writes to: a note would not reach "
                                        "it. Align agents… can make it read AGENTS.md.").format(agent=name))
            self.add_to_note.show()
            return
        if self._picked is None:
            self.add_to.setCurrentIndex(reads)
        chosen = self.add_to.currentIndex()
        if self.add_to.itemData(chosen) in read:
            self.add_to_note.setText(tr("Quick add writes to {file}, which {agent} reads.").format(
                file=self.add_to.itemText(chosen), agent=name))
        else:
            self.add_to_note.setText(tr("{agent} does not read {file}: a note there would not reach it.").format(
                agent=name, file=self.add_to.itemText(chosen)))
        self.add_to_note.show()

    @Slot(int)
    def _pick_target(self, index: int) -> None:
        self._picked = self.add_to.itemData(index)

    @Slot()
    def align_agents(self) -> None:
        """Align agents…: the dialog over this window's worker; the tab reads the files again after a change."""
        if self.resolved is None:
            return
        dialog = AlignDialog(self.client, self.resolved.workspace, self)
        dialog.changed.connect(self.reload)
        self.align_dialog = dialog
        dialog.open()

    @Slot()
    def choose_target(self) -> None:
        """Resolve the chain for another folder of the workspace (``web/src`` reads its AGENTS.md too)."""
        start = self.target or (str(self.resolved.workspace) if self.resolved else "")
        chosen = dialogs.choose_directory(self, tr("Resolve the instructions for the folder"), start)
        if chosen:
            self.set_target(chosen)

    def set_target(self, folder: str | None) -> None:
        self.target = folder
        self.reload()

    def _headers(self, headers: list[str], stretch: int) -> None:
        shown = [self.documents.horizontalHeaderItem(c) for c in range(self.documents.columnCount())]
        if [item.text() if item is not None else None for item in shown] != headers:
            self.documents.setColumnCount(len(headers))
            self.documents.setHorizontalHeaderLabels(headers)
            header = self.documents.horizontalHeader()
            for column in range(len(headers)):
                header.setSectionResizeMode(column, header.ResizeMode.Stretch if column == stretch
                                            else header.ResizeMode.ResizeToContents)

    def _show_warnings(self, warnings: list[str]) -> None:
        self.warning.setText(agent_views.warnings_html(warnings))
        self.warning.setVisible(bool(warnings))

    def _diagnostics(self, diagnostics) -> None:
        refit = self._fitted and self.diagnostics.rowCount() != len(diagnostics)
        said = [agent_views.worded(d.message) for d in diagnostics]   # (in the window's language)
        fill(self.diagnostics, [(d.code, f"{d.source}:{d.line}" if d.line else d.source, message)
                                for d, message in zip(diagnostics, said)],
             [f"{d.source}:{d.line}\n{message}" if d.line else f"{d.source}\n{message}"
              for d, message in zip(diagnostics, said)])
        if refit:
            self._fit_diagnostics()

    def _select(self, row_before: int, count: int) -> None:
        if count:
            row = min(row_before, count - 1) if row_before >= 0 else 0
            self.documents.selectRow(row)
            self._show_document(row)
        self.open_button.setEnabled(bool(count))

    def show_agent(self, resolved: InstructionSet, view: AgentView) -> None:
        """What one agent receives, by its own rules: status, bytes and why, per file."""
        row_before = self.documents.currentRow() if isinstance(self.view, AgentView) else -1
        self.resolved, self.view = resolved, view
        self._headers(agent_views.agent_headers(), agent_views.WHY_COLUMN)
        self.documents.setTextElideMode(Qt.TextElideMode.ElideRight)
        rows, tips = agent_views.agent_rows(view)
        fill(self.documents, rows, tips)
        agent_views.put_meters(self.documents, view)
        agent_views.colour_rows(self.documents, agent_views.agent_statuses(view))
        self.summary.setText(agent_views.summary(view))
        self._show_warnings(list(view.warnings))
        self._diagnostics(view.diagnostics)
        self._select(row_before, len(view.documents))
        if not view.documents:
            self.body.setHtml("<p>" + html.escape(tr("{agent} finds no instruction files for this folder.").format(
                agent=AGENT_DISPLAY_NAMES[view.agent])) + "</p>")

    def show_comparison(self, resolved: InstructionSet, comparison: AgentComparison) -> None:
        """The agents picked, side by side: each file's fate per agent, and where they differ."""
        row_before = self.documents.currentRow() if isinstance(self.view, AgentComparison) else -1
        self.resolved, self.view = resolved, comparison
        self._headers(agent_views.compare_headers(comparison), 0)
        self.documents.setTextElideMode(Qt.TextElideMode.ElideMiddle)   # long paths differ at their end
        rows, tips = agent_views.comparison_rows(comparison)
        fill(self.documents, rows, tips)
        agent_views.colour_rows(self.documents, agent_views.comparison_statuses(comparison))
        count = len(comparison.differences)
        files, agents = len(comparison.rows), len(comparison.views)
        self.summary.setText(tr("{files} file(s) across {agents} agents; no differences").format(
            files=files, agents=agents) if not count else
            tr("{files} file(s) across {agents} agents; {count} difference(s)").format(
                files=files, agents=agents, count=count))
        self._show_warnings([tr("{agent}: {warning}").format(agent=AGENT_DISPLAY_NAMES[a],
                                                             warning=agent_views.worded(w))
                             for a, v in comparison.views.items() for w in v.warnings])
        self._diagnostics([d for v in comparison.views.values() for d in v.diagnostics])
        self._select(row_before, len(comparison.rows))
        if not comparison.rows:
            self.body.setHtml(agent_views.comparison_html(comparison, None))

    def show_set(self, resolved: InstructionSet) -> None:
        row_before = self.documents.currentRow() if self.view is None else -1
        self.view = None
        self._headers([tr(h) for h in REASONIX_HEADERS], 2)
        self.documents.setTextElideMode(Qt.TextElideMode.ElideRight)
        self._show_warnings([])
        self.resolved = resolved
        docs = resolved.documents
        where = resolved.target.relative_to(resolved.workspace).as_posix()
        count = tr("No documents") if not docs else tr("1 document") if len(docs) == 1 else \
            tr("{count} documents").format(count=len(docs))
        # in bytes, as every agent's view and the side by side count (a character is not a byte)
        size, tokens = sum(_bytes(d.body) for d in docs), sum(d.tokens for d in docs)
        self.summary.setText(tr("{documents} for {folder}, {bytes} bytes received (imports expanded, blank edges "
                                "trimmed), ≈{tokens} tokens; later entries win")
                             .format(documents=count, folder=tr("the workspace root") if where == "." else where,
                                     bytes=f"{size:,}", tokens=f"{tokens:,}"))
        fill(self.documents, [(d.order, tr(_SCOPE_WORDS[d.scope]) if d.scope in _SCOPE_WORDS else d.scope, d.label,
                               d.priority, f"{_bytes(d.body):,}", f"{d.tokens:,}") for d in docs],
             [str(d.path) + ("\n" + tr("imports: {files}").format(files=", ".join(d.imports)) if d.imports else "")
              for d in docs])
        self._diagnostics(resolved.diagnostics)
        if docs:
            # the same row as before; at first the most specific document (later entries win)
            row = min(row_before, len(docs) - 1) if row_before >= 0 else len(docs) - 1
            self.documents.selectRow(row)
            self._show_document(row)  # the same row stays selected: show its new body all the same
        else:
            self.body.setHtml("<p>" + tr("No instruction files on the chain from the workspace root to the target. "
                                         "Quick add a note below to create <code>AGENTS.md</code>.") + "</p>")
        self.open_button.setEnabled(bool(docs))

    def _row_path(self, row: int) -> Path | None:
        if isinstance(self.view, AgentView):
            return self.view.documents[row].path if 0 <= row < len(self.view.documents) else None
        if isinstance(self.view, AgentComparison):
            return self.view.rows[row].path if 0 <= row < len(self.view.rows) else None
        if self.resolved is not None and 0 <= row < len(self.resolved.documents):
            return self.resolved.documents[row].path
        return None

    @Slot(int, int, int, int)
    def _show_document(self, row: int, *_: int) -> None:
        if isinstance(self.view, AgentView):
            if 0 <= row < len(self.view.documents):
                self.body.setHtml(agent_views.document_html(self.view.documents[row]))
            return
        if isinstance(self.view, AgentComparison):
            self.body.setHtml(agent_views.comparison_html(self.view, row))
            return
        if self.resolved is None or not 0 <= row < len(self.resolved.documents):
            return
        document = self.resolved.documents[row]
        self.body.setHtml(body_html(document.body))
        if not self._showing:
            self._picked = None   # the user looks at another document: quick add follows it again
        index = self.add_to.findData(str(document.path))
        if index >= 0:  # quick add goes to the document in view unless the user picks another
            self.add_to.setCurrentIndex(index)

    @Slot()
    def open_in_editor(self) -> None:
        path = self._row_path(self.documents.currentRow())
        if path is not None:
            open_in_editor(self, path)

    @Slot()
    def open_diagnostic(self) -> None:
        """A diagnostic's file, at its line when the editor can jump there."""
        row = self.diagnostics.currentRow()
        if self.resolved is None or not 0 <= row < len(self.resolved.diagnostics):
            return
        diagnostic = self.resolved.diagnostics[row]
        open_in_editor(self, diagnostic.source, diagnostic.line)

    @Slot()
    def quick_add(self) -> None:
        note, file = self.note.text(), self.add_to.currentData()
        if not note.strip():
            return

        def done(path) -> None:
            self.note.clear()
            self.messages.info(tr("Added to {path}").format(path=path))
            self.reload()

        self.client.submit(lambda engine: engine.add_instruction_note(note, file=file), done,
                           lambda e: self.messages.failure(tr("add the note"), e))


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))
