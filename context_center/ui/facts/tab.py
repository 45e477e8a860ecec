"""The Facts tab: every active fact of both scopes, filters, details, and every action on a fact.

Memories agents wrote to staging are proposals, not knowledge yet: they are not listed here but
in the Suggestions tab (From agents), and a note here says how many wait."""
from __future__ import annotations

import functools

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine import (
    FACT_CHOICES,
    GROUNDING_STATES,
    dismantle,
)
from ..editor import open_in_editor
from ..engine_client import EngineClient
from ..messages import Messages
from ..theme import set_banner
from ..words import QT_TR_NOOP, tr
from .actions import FactActions, other_scope
from .detail_pane import DetailPane
from .loader import FactsView, load_facts_view
from .model import TEAM_COLUMN, FactRow, FactsFilterProxy, FactsTableModel, value_word
from .table import FactsTable

WELCOME = QT_TR_NOOP("""
<h2>Welcome to Context Center</h2>
<p>Context Center shows and steers what coding agents are told and what they remember.</p>
<ul>
<li><b>Overview</b> — what the store holds at a glance, and what needs you: each count goes to the tab that acts
on it.</li>
<li><b>Facts</b> — background memory: short Markdown notes that agents may recall when relevant,
in this project or globally. Pin a few to send them at the start of every session.</li>
<li><b>Instructions</b> — the standing rules agents load every turn (REASONIX.md, AGENTS.md, CLAUDE.md),
in load order, with imports and problems.</li>
<li><b>Recall</b> — type a message and see exactly which facts would be appended to it, and why.</li>
<li><b>Archive</b> — forgotten facts, ready to recover.</li>
<li><b>Suggestions</b> — memories your agents wrote that wait for you, and things you told your agents (in
Claude Code or Codex sessions of this project) that may be worth remembering; none reaches your agents until you
accept it.</li>
<li><b>Review</b> — duplicates, contradictions and stale or broken facts, each with a proposed fix that changes
nothing until you apply it (and Undo takes it back).</li>
</ul>
<p>To begin, add a first fact: a decision, a constraint, a link that an agent should know about this project.
Press <b>Ctrl+N</b> or the button below. Then connect your agents (<b>Ctrl+Shift+K</b>): Claude Code's hooks
and the MCP server for Claude Code and Codex, pinned to the store this window shows.</p>
""")


PAGE_LIST, PAGE_WELCOME, PAGE_LOADING = range(3)


DETAIL_LEAST = 300   # the detail pane gives way to the table's columns, down to this, then goes below


class FactsTab(QWidget):
    pinned_changed = Signal(int, int)      # total, budget
    problems_counted = Signal(int)         # files that cannot be read, subject conflicts, facts whose code is gone
    listed = Signal()                      # a list of facts arrived and is shown
    settled = Signal()                     # a load of the facts ended: shown, or failed and said so
    written = Signal(object, object)       # Change, (scope, id) to select or None: the window reloads
    review_proposals = Signal()            # the note about agents' proposals was followed
    connect_agents = Signal()              # the empty state's "Connect your agents…"

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.generation = -1
        self.workspace = ""              # what refs are relative to (the listing says)
        self.writes = FactActions(self)   # every write on the selected fact
        self.model = FactsTableModel(self)
        self.proxy = FactsFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Search facts (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._search_changed)
        self.filters: dict[str, QComboBox] = {}
        top = QHBoxLayout()
        top.addWidget(self.search, 2)
        anything = {"scope": tr("Any scope"), "type": tr("Any type"), "activation": tr("Any activation"),
                    "freshness": tr("Any freshness"), "grounding": tr("Any grounding")}
        for name in ("scope", "type", "activation", "freshness", "grounding"):
            values = GROUNDING_STATES if name == "grounding" else FACT_CHOICES[name]
            combo = QComboBox()
            combo.setObjectName(f"filter_{name}")
            combo.addItem(anything[name], "")
            for value in values:
                combo.addItem(value_word(value), value)
            combo.currentIndexChanged.connect(lambda _i, n=name, c=combo: self.proxy.set_filter(n, c.currentData()))
            self.filters[name] = combo
            top.addWidget(combo)

        self.table = FactsTable()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()  # fixed widths: sizing to contents reads every row
        for column, width in enumerate(FactsTable.WIDTHS):
            header.resizeSection(column, width)
        # (not Stretch: a stretched section squeezed by the others shrinks to "…"; fit_columns sizes it)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.doubleClicked.connect(self.writes.edit_selected)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.file_problems: dict[str, list[str]] = {}   # what each file's reading warned of (the last listing)
        self.pinned_total = 0   # every pinned body, as the last listing counted
        # a search or filter that hides the selected fact: the pane and the actions follow (a new
        # listing, a reset, is followed by show_view itself)
        for signal in (self.proxy.rowsRemoved, self.proxy.layoutChanged):
            signal.connect(self._follow_selection)
        self.detail = DetailPane(client, self.current_row, lambda: self.workspace)
        self.detail.restore_keys.connect(self.writes.restore_lost_keys_selected)
        self.detail.use_subject.connect(self.writes.use_proposed_subject)
        self.detail.fact_asked.connect(self.show_fact)
        splitter = QSplitter()
        splitter.addWidget(self.table)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([780, 420])
        self.splitter = splitter
        self.table.resized.connect(self.give_table_room)   # after the splitter laid out its panes
        header.sortIndicatorChanged.connect(lambda _c, _o: self.give_table_room())   # the arrow's room

        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        writes = self.writes
        for key, label, slot in (("new", tr("&New fact"), writes.new_fact),
                                 ("edit", tr("E&dit"), writes.edit_selected), ("pin", tr("&Pin"), writes.toggle_pin),
                                 ("verify", tr("&Verify"), writes.verify_selected),
                                 ("history", tr("H&istory"), writes.history_selected),
                                 ("move", tr("&Move to global"), writes.move_selected),
                                 ("share", tr("Share with &team"), writes.share_selected),
                                 ("forget", tr("F&orget…"), writes.forget_selected)):
            button = QPushButton(label)
            button.setObjectName(f"button_{key}")
            button.clicked.connect(slot)
            self.buttons[key] = button
            row.addWidget(button)
        row.addStretch(1)
        self.count_label = QLabel()
        self.count_label.setObjectName("fact_count")
        row.addWidget(self.count_label)
        for signal in (self.proxy.modelReset, self.proxy.rowsInserted, self.proxy.rowsRemoved,
                       self.proxy.layoutChanged):
            signal.connect(self._update_count)

        self.problems = QListWidget()
        self.problems.setObjectName("problems")
        self.problems.setMaximumHeight(110)
        self.problems.itemDoubleClicked.connect(self._open_problem)
        self.problems.hide()
        self.problems_heading = QLabel()   # (a new user saw a list under the table and no word on what it was)
        self.problems_heading.setObjectName("problems_heading")
        self.problems_heading.hide()

        listing = QWidget()
        layout = QVBoxLayout(listing)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self.no_results = QLabel(tr('No fact matches the search and filters. <a href="clear">Clear them</a>'))
        self.no_results.setObjectName("no_results")
        self.no_results.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_results.linkActivated.connect(lambda _link: self.clear_filters())
        self.no_results.hide()
        layout.addWidget(self.no_results)
        layout.addWidget(self.problems_heading)
        layout.addWidget(self.problems)
        layout.addLayout(row)

        welcome = QWidget()
        welcome_layout = QVBoxLayout(welcome)
        self.welcome_text = QTextBrowser()
        self.welcome_text.setObjectName("welcome")
        self.welcome_text.setHtml(tr(WELCOME))
        first = QPushButton(tr("Add your fi&rst fact"))
        first.setObjectName("button_first_fact")
        first.clicked.connect(self.writes.new_fact)
        agents = QPushButton(tr("&Connect your agents…"))
        agents.setObjectName("button_connect_agents")
        agents.clicked.connect(self.connect_agents.emit)
        welcome_layout.addWidget(self.welcome_text)
        buttons = QHBoxLayout()
        buttons.addWidget(first)
        buttons.addWidget(agents)
        buttons.addStretch(1)
        welcome_layout.addLayout(buttons)

        loading = QWidget()
        loading_layout = QVBoxLayout(loading)
        loading_layout.addStretch(1)
        self.loading_label = QLabel(tr("Reading the facts…"))
        self.loading_label.setObjectName("loading")
        self.loading_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        busy = QProgressBar()
        busy.setRange(0, 0)  # busy: the size of a store is not known before it is read
        busy.setMaximumWidth(260)
        loading_layout.addWidget(self.loading_label)
        loading_layout.addWidget(busy, 0, Qt.AlignmentFlag.AlignHCenter)
        loading_layout.addStretch(2)

        self.stack = QStackedWidget()
        self.stack.addWidget(listing)
        self.stack.addWidget(welcome)
        self.stack.addWidget(loading)
        self.stack.setCurrentIndex(PAGE_LOADING)
        self.waiting_note = QLabel()
        self.waiting_note.setObjectName("waiting_proposals")
        self.waiting_note.setTextFormat(Qt.TextFormat.RichText)
        set_banner(self.waiting_note, "info")
        self.waiting_note.linkActivated.connect(lambda _link: self.review_proposals.emit())
        self.waiting_note.hide()
        outer = QVBoxLayout(self)
        outer.addWidget(self.waiting_note)
        outer.addWidget(self.stack)
        self._add_shortcuts()
        self._update_buttons()

    def _add_shortcuts(self) -> None:
        # window-wide shortcuts (new, search, pin, verify, history, forget) live in the main window's
        # Fact menu; Return edits the fact under the cursor.
        action = QAction(tr("Edit the fact under the cursor"), self)
        action.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(self.writes.edit_selected)
        self.table.addAction(action)

    # loading -------------------------------------------------------------------------------------

    def _let_go(self, released: list[list[FactRow]]) -> None:
        """Rows no longer shown are freed on the worker, a slice at a time (see set_rows)."""
        if any(released):
            self.client.submit(lambda _engine: dismantle(*released))

    def reset(self) -> None:
        """Another store or workspace was opened: drop everything shown from the previous one.
        Generations start again at 0 in a new engine, so they cannot tell the two apart."""
        self.generation = -1
        self._let_go(self.model.set_rows([]))
        self.stack.setCurrentIndex(PAGE_LOADING)
        self.detail.clear()
        self.problems.clear()
        self.problems.hide()
        self.problems_heading.hide()
        self.count_label.clear()
        self.waiting_note.hide()
        self._update_buttons()

    def reload(self, force: bool = False, select: tuple[str, str] | None = None) -> None:
        """Read the facts again; ``select`` a fact (and give the table focus) once they are shown."""
        def shown(view: FactsView) -> None:
            self.show_view(view, force)
            if select is not None and self.select(select):
                self.table.setFocus()  # typing goes to the table, on that fact, not to a stale row
            self.settled.emit()

        def failed(error: BaseException) -> None:
            self.messages.failure(tr("load the facts"), error)
            self.settled.emit()

        self.client.submit(functools.partial(load_facts_view, sort=self.model.sort_state()), shown, failed)

    def give_table_room(self) -> None:
        """The detail pane narrower rather than a cell cut: at 1,280 pixels with team facts "reference"
        showed "refer…" and the names were cut while the pane kept 420 pixels. The table gets what
        its columns need (the title at its floor) while the pane keeps DETAIL_LEAST; where both do
        not fit side by side (1,024 pixels) the pane goes below the table, which then has the width."""
        splitter = self.splitter
        width, need = splitter.width() - splitter.handleWidth(), self.table.room_needed()   # the panes' room
        if width <= 0:
            return
        side_by_side = splitter.orientation() == Qt.Orientation.Horizontal
        if side_by_side and need + DETAIL_LEAST > width:
            splitter.setOrientation(Qt.Orientation.Vertical)
            height = splitter.height() - splitter.handleWidth()
            splitter.setSizes([height * 3 // 5, height - height * 3 // 5])
        elif not side_by_side and need + DETAIL_LEAST + 24 <= width:   # (24: a scroll bar come and gone)
            splitter.setOrientation(Qt.Orientation.Horizontal)
            wanted = max(need, width * 3 // 5)
            splitter.setSizes([wanted, width - wanted])
        elif side_by_side and splitter.sizes()[0] < need:
            splitter.setSizes([need, width - need])   # (the table's resize fits its columns)
        self.table.fit_columns()

    def show_view(self, view: FactsView, force: bool = False) -> None:
        self.pinned_total = view.pinned_total
        self.pinned_changed.emit(view.pinned_total, view.pinned_budget)
        self._show_waiting(view.waiting)
        if view.generation == self.generation and not force:
            self.listed.emit()
            return  # nothing changed: our own write echoing back, or a touch
        self.generation = view.generation
        selected = self.current_row()
        selected_at = self.table.currentIndex().row()   # where it was listed: a forgotten fact's place
        self._let_go(self.model.set_rows(view.rows, view.sorted_by, view.longest_names))
        # the git column only where there are team facts: elsewhere its width is the title's
        if self.table.isColumnHidden(TEAM_COLUMN) == view.has_team:
            self.table.setColumnHidden(TEAM_COLUMN, not view.has_team)
        self.give_table_room()
        self.workspace = view.workspace
        self.problems.clear()
        self.file_problems = {}
        for path, _line, reason in view.problems:
            self.file_problems.setdefault(path, []).append(reason)
        self.problems.addItems([f"⚠ {c}" for c in view.conflicts])
        for path, line, reason in view.problems:
            item = QListWidgetItem(f"✗ {path}:{line}: {reason}")
            item.setToolTip(f"{path}:{line}\n{reason}\n\n" + tr("Double-click to open the file at this line"))
            item.setData(Qt.ItemDataRole.UserRole, (path, line))
            self.problems.addItem(item)
        for ref in view.broken:
            item = QListWidgetItem("✗ " + tr("{ref}: the code it cites is gone; recall holds it back").format(ref=ref))
            item.setToolTip(f"{ref}\n" + tr("Double-click to see what it cites and what removed it: verify, edit or "
                                            "forget it"))
            item.setData(Qt.ItemDataRole.UserRole + 1, ref)
            self.problems.addItem(item)
        count = len(view.conflicts) + len(view.problems) + len(view.broken)
        self.problems.setVisible(bool(count))
        self.problems_heading.setText(
            tr("<b>1 problem in the facts</b> — double-click one to open it") if count == 1
            else tr("<b>{count} problems in the facts</b> — double-click one to open it").format(count=f"{count:,}"))
        self.problems_heading.setVisible(bool(count))
        self.problems_counted.emit(count)
        self.stack.setCurrentIndex(PAGE_WELCOME if not view.rows and not view.problems else PAGE_LIST)
        self._update_count()
        moved = None if selected is None else next((r.key for r in view.rows if r.fact.id == selected.fact.id), None)
        if not (selected is not None and self.select(selected.key)) and not (moved and self.select(moved)):
            if self.proxy.rowCount():  # the fact shown is gone (forgotten): the one now in its place
                # (the first row was selected: after a Forget the selection jumped to the top)
                self.table.selectRow(min(max(selected_at, 0), self.proxy.rowCount() - 1))
        # a reset model keeps no current row and says nothing: the detail follows what is current now
        self._current_changed(self.table.currentIndex(), QModelIndex())
        self.listed.emit()

    def _show_waiting(self, count: int) -> None:
        self.waiting_note.setText(
            tr('1 memory from an agent waits in Suggestions — <a href="review">review it</a>') if count == 1
            else tr('{count} memories from agents wait in Suggestions — <a href="review">review them</a>').format(
                count=f"{count:,}"))
        self.waiting_note.setVisible(count > 0)

    # selection --------------------------------------------------------------------------------------

    def current_row(self) -> FactRow | None:
        index = self.table.currentIndex()
        return index.data(Qt.ItemDataRole.UserRole) if index.isValid() else None

    def select(self, key: tuple[str, str]) -> bool:
        source_row = self.model.row_of(key)
        if source_row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(source_row, 0))
        if not index.isValid():
            return False
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        return True

    @Slot(str)
    def _search_changed(self, text: str) -> None:
        """Search results come most relevant first, and the header says no column orders them; a
        header click sorts them by that column; an empty search is in the column's order again."""
        header = self.table.horizontalHeader()
        self.proxy.set_text(text)
        if text.split():
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        else:
            column, order = self.model.sort_state()
            if header.sortIndicatorSection() != column:
                header.setSortIndicator(column, order)

    @Slot()
    def _follow_selection(self) -> None:
        """The list changed under the selection: when the fact the pane shows is no longer the one
        selected (hidden by a filter, gone), select the first one listed, or show none."""
        row, shown = self.current_row(), self.detail.shown
        if row is not None and row.key == shown:
            return
        if row is None and shown is not None and self.proxy.rowCount():
            self.table.selectionModel().setCurrentIndex(   # (its signal shows it)
                self.proxy.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            return
        if row is not None or shown is not None:
            self._current_changed(self.table.currentIndex(), QModelIndex())

    @Slot(QModelIndex, QModelIndex)
    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.detail.show_row(current.data(Qt.ItemDataRole.UserRole) if current.isValid() else None)
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.current_row()
        for key in ("edit", "pin", "verify", "history", "move", "forget"):
            self.buttons[key].setEnabled(row is not None)
        self.buttons["share"].setEnabled(row is not None and row.fact.scope != "team")
        self.buttons["share"].setToolTip(tr("Copy this personal fact into the team scope (the repository's "
                                            ".context-center/memory), as an uncommitted change to review and commit; "
                                            "yours is kept, and overrides the copy until you remove it "
                                            "(Ctrl+Shift+T)"))
        self.buttons["pin"].setText(tr("Un&pin") if row and row.fact.pinned else tr("&Pin"))
        target = other_scope(row.fact.scope) if row else "global"
        self.buttons["move"].setText(tr("&Move to global") if target == "global" else tr("&Move to project"))

    @Slot(str)
    def show_fact(self, ref: str) -> None:
        """Select the fact ``ref`` (an override's link, a problem), clearing the filters that hide it."""
        match = next((r for r in self.model.rows() if r.fact.ref == ref), None)
        if match is not None:
            self.clear_filters()
            self.select(match.key)

    @Slot()
    def _update_count(self) -> None:
        shown, total = self.proxy.rowCount(), self.model.total()
        if shown == total:
            said = tr("1 fact") if total == 1 else tr("{total} facts")
        else:
            said = tr("{shown} of 1 fact") if total == 1 else tr("{shown} of {total} facts")
        self.count_label.setText(said.format(shown=f"{shown:,}", total=f"{total:,}"))
        self.no_results.setVisible(total > 0 and shown == 0)

    def clear_filters(self) -> None:
        for combo in self.filters.values():
            combo.setCurrentIndex(0)
        self.search.clear()

    def _open_problem(self, item: QListWidgetItem) -> None:
        where = item.data(Qt.ItemDataRole.UserRole)
        if where:
            open_in_editor(self, where[0], where[1])
            return
        self.show_fact(item.data(Qt.ItemDataRole.UserRole + 1))   # a fact whose cited code is gone

    @Slot()
    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    # actions ------------------------------------------------------------------------------------------
