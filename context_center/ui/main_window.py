"""The main window: composes the tabs, the menus, the status bar. Little else."""
from __future__ import annotations

import os
import re
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Qt, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..engine import Acceptance, Change, StorePaths
from . import dialogs
from .archive_tab import ArchiveTab
from .connect_dialog import ConnectDialog
from .engine_client import EngineClient
from .facts.tab import FactsTab
from .icons import icon
from .import_dialog import ImportDialog
from .index_builder import IndexBuilder
from .instructions.tab import InstructionsTab
from .messages import Messages
from .offer_bar import OfferBar
from .open_sequence import OpenSequence
from .overview.tab import OverviewTab
from .reasonix_offer import ReasonixOffer
from .recall.tab import RecallTab
from .recent_workspaces import RecentWorkspaces
from .refresh import Refresh
from .review_tab import ReviewTab
from .settings_dialog import SettingsDialog
from .status_line import StatusLine
from .store_choice import StoreChoice, short
from .suggestions.tab import SuggestionsTab
from .sync_panel import SyncController
from .team_commit import CommitTeamDialog
from .theme import ThemeFollower
from .words import tr

# a title's mnemonic: "&Facts", or a translation's "事实(&F)"
_MNEMONIC = re.compile(r"\(&[^&]\)|&(?=[^&])")


def without_mnemonic(text: str) -> str:
    """``text`` without its mnemonic (a tab's title: the Go menu's item has it)."""
    return _MNEMONIC.sub("", text)


class FileChanges(QObject):
    """Lives on the GUI thread; the watchdog thread emits, Qt queues the call here."""

    changed = Signal(object)


class MainWindow(QMainWindow):
    def __init__(self, client: EngineClient, settings: QSettings, state_root: str | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.settings = client, settings
        app = QApplication.instance()
        assert isinstance(app, QApplication), "the window needs a QApplication"
        self.theme = ThemeFollower(app, settings, self)   # before any widget is polished
        self.theme.changed.connect(self._theme_changed)
        self.messages = Messages(self)
        self.store = StoreChoice(self, client, settings, self.messages, state_root)
        self.store.reopen.connect(self._reopen)
        self.paths: StorePaths | None = None
        self.watcher = None
        self.file_changes = FileChanges(self)
        self.index_builder = IndexBuilder(self)

        self.facts = FactsTab(client, self.messages)
        self.instructions = InstructionsTab(client, self.messages, settings=settings)
        self.recall = RecallTab(client, self.messages)
        self.archive = ArchiveTab(client, self.messages)
        self.suggestions = SuggestionsTab(client, self.messages)
        self.review = ReviewTab(client, self.messages)
        self.overview = OverviewTab(client, self.messages)
        self.tabs = QTabWidget()
        self.tab_titles: list[str] = []   # each tab's title with its mnemonic (the Go menu's)
        self.tabs.setDocumentMode(True)
        # the Overview first (Ctrl+0), then the tabs that act (Ctrl+1…6)
        for widget, title, glyph in ((self.overview, tr("&Overview"), "layout-dashboard"),
                                     (self.facts, tr("&Facts"), "notebook-text"),
                                     (self.instructions, tr("&Instructions"), "file-text"),
                                     (self.recall, tr("&Recall"), "radar"), (self.archive, tr("&Archive"), "archive"),
                                     (self.suggestions, tr("&Suggestions"), "lightbulb"),
                                     (self.review, tr("Re&view"), "list-checks")):
            # the tab without its mnemonic, the Go menu's item with it: the tabs' letters took
            # every tab's Alt+F, Alt+A… from the menus and the tabs' buttons (Alt+F was the File menu,
            # the Facts tab and Forget…); a tab is Ctrl+0…6, or Alt+G and its letter
            self.tabs.addTab(widget, icon(glyph), without_mnemonic(title))
            self.tab_titles.append(title)
        # each tab's name, as the last tab shown is remembered (an index would move with a new tab)
        self.tab_names = {self.overview: "overview", self.facts: "facts", self.instructions: "instructions",
                          self.recall: "recall", self.archive: "archive", self.suggestions: "suggestions",
                          self.review: "review"}
        self.reasonix = ReasonixOffer(client, settings, lambda: self.paths.root if self.paths else None, self)
        self.started_in: str | None = None   # the folder the window was started in, when another opened
        self.workspace_bar = OfferBar("workspace_offer", "info", [
            (tr("Open this folder"), "open_started_in", self.open_started_in),
            (tr("Keep"), "keep_workspace", lambda: self.workspace_bar.hide())])
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.workspace_bar)
        column.addWidget(self.reasonix.bar)
        column.addWidget(self.store.offer)
        column.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        self.sync = SyncController(client, self.messages, self)
        self.status = StatusLine(self, self.tabs, [self.sync.label, self.store.warning, self.store.label])
        self.refresh = Refresh(self.tabs, facts=self.facts, overview=self.overview, instructions=self.instructions,
                               recall=self.recall, archive=self.archive, suggestions=self.suggestions,
                               review=self.review, sync_index=self._sync_index)
        # what the user sees first: the list, or the Overview's counts (the first list chose it)
        self.open_sequence = OpenSequence(
            lambda: self.overview if self.tabs.currentWidget() is self.overview else self.facts.table,
            self.isMinimized, self._rest_of_open, self)
        self._build_menus()
        self._connect_signals()
        self.resize(1200, 760)
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        self._fit_on_screen()
        saved = str(settings.value("window/tab", "") or "")   # a name (an older index is no name: not kept)
        remembered = next((w for w, name in self.tab_names.items() if name == saved), None)
        # no tab remembered: the Facts tab, until the first list says whether the store has facts
        # (then the Overview comes first; an empty store keeps the Facts tab's welcome)
        self._tab_to_choose = remembered is None
        self.tabs.setCurrentWidget(remembered or self.facts)

    def _fit_on_screen(self) -> None:
        """A geometry saved on a larger screen, or at another scale, is clamped to this screen's
        available area (at 2× the restored window was larger than the screen)."""
        screen = self.screen()
        if screen is None:
            return
        available = screen.availableGeometry()
        frame = self.frameGeometry()
        extra_w, extra_h = frame.width() - self.width(), frame.height() - self.height()   # the title bar, borders
        width = min(self.width(), available.width() - extra_w)
        height = min(self.height(), available.height() - extra_h)
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        x = min(max(frame.x(), available.x()), available.right() - width - extra_w + 1)
        y = min(max(frame.y(), available.y()), available.bottom() - height - extra_h + 1)
        if (x, y) != (frame.x(), frame.y()):
            self.move(x, y)

    # composition -----------------------------------------------------------------------------

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(tr("&File"))
        self.open_action = QAction(icon("folder-open"), tr("&Open workspace…"), self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.choose_workspace)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu(icon("history"), tr("Recent &workspaces"))
        file_menu.addAction(self.reasonix.action)
        other_store = QAction(icon("database"), tr("Open another &store…"), self)
        other_store.setToolTip(tr("Open a state root folder: for every agent too, or for this window only"))
        other_store.triggered.connect(self.choose_state_root)
        file_menu.addAction(other_store)
        self.connect_action = QAction(icon("plug"), tr("&Connect agents…"), self)
        self.connect_action.setShortcut(QKeySequence("Ctrl+Shift+K"))
        self.connect_action.setToolTip(tr("Register the Claude Code hooks and the MCP server for Claude Code and "
                                          "Codex, pinned to this store; see what each agent reaches"))
        self.connect_action.triggered.connect(self.open_connect)
        file_menu.addAction(self.connect_action)
        self.refresh_action = refresh = QAction(icon("refresh-cw"), tr("Re&fresh"), self)
        refresh.setShortcut(QKeySequence.StandardKey.Refresh)
        refresh.triggered.connect(self.refresh_all)
        file_menu.addAction(refresh)
        import_action = QAction(icon("import"), tr("&Import from another agent…"), self)
        import_action.setShortcut(QKeySequence("Ctrl+Shift+I"))
        import_action.setToolTip(tr("Bring in what Claude Code, Codex or context-eng remember, as suggestions to "
                                    "review"))
        import_action.triggered.connect(self.open_import)
        file_menu.addAction(import_action)
        file_menu.addSeparator()
        settings = QAction(icon("settings"), tr("Se&ttings…"), self)
        preferences = QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)  # none on some desktops
        comma = QKeySequence("Ctrl+,")
        settings.setShortcuts(preferences + ([comma] if comma not in preferences else []))
        settings.setMenuRole(QAction.MenuRole.PreferencesRole)
        settings.triggered.connect(self.open_settings)
        file_menu.addAction(settings)
        file_menu.addSeparator()
        quit_action = QAction(icon("log-out"), tr("&Quit"), self)
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)   # none on some desktops
        quit_action.setShortcuts(quit_keys or [QKeySequence("Ctrl+Q")])
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        self.edit_menu = self.menuBar().addMenu(tr("&Edit"))
        # one Undo for every undoable action: what the status bar's Undo offers (a forget, an edit, a
        # review decision), else the Review tab's last decision while it is shown (Ctrl+Z did nothing
        # in the Facts tab while the status bar offered Undo)
        self.undo_action = QAction(icon("undo-2"), tr("&Undo"), self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.setEnabled(False)
        self.undo_action.triggered.connect(self.undo_last)
        self.edit_menu.addAction(self.undo_action)
        fact_menu = self.menuBar().addMenu(tr("F&act"))
        self.fact_actions: dict[str, QAction] = {}
        writes = self.facts.writes
        for key, glyph, label, keys, slot in (
                ("new", "plus", tr("&New fact"), QKeySequence.StandardKey.New, self._new_fact),
                ("search", "search", tr("&Search facts"), QKeySequence.StandardKey.Find, self._search_facts),
                # (Return in the list: the list's own key, not the window's)
                ("edit", "file-text", tr("&Edit…"), "", self._edit_fact),
                ("pin", "pin", tr("&Pin / unpin"), "Ctrl+P", writes.toggle_pin),
                ("verify", "badge-check", tr("&Verify"), "Ctrl+Shift+V", writes.verify_selected),
                ("history", "history", tr("&History"), "Ctrl+H", writes.history_selected),
                ("move", "arrow-left-right", tr("&Move to the other scope"), "Ctrl+M", writes.move_selected),
                ("share", "users", tr("Share with the &team"), "Ctrl+Shift+T", writes.share_selected),
                ("forget", "archive", tr("&Forget…"), QKeySequence.StandardKey.Delete, writes.forget_selected)):
            action = QAction(icon(glyph), label, self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(slot)
            fact_menu.addAction(action)
            self.fact_actions[key] = action
        self.menuBar().addMenu(self.sync.menu)
        self.sync.menu.addSeparator()
        self.team_commit_action = QAction(icon("git-commit-horizontal"), tr("Commit &team facts…"), self)
        self.team_commit_action.setShortcut(QKeySequence("Ctrl+Shift+G"))
        self.team_commit_action.setToolTip(tr("The team facts changed in this repository, with their diffs; commit "
                                              "them alone, checked first"))
        self.team_commit_action.triggered.connect(self.open_team_commit)
        self.sync.menu.addAction(self.team_commit_action)
        go_menu = self.menuBar().addMenu(tr("&Go"))
        for number in range(self.tabs.count()):   # each tab by its title (translated where the tabs are added)
            action = QAction(self.tabs.tabIcon(number), self.tab_titles[number], self)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))   # the Overview Ctrl+0, Facts Ctrl+1…
            action.triggered.connect(lambda _checked=False, n=number: self.tabs.setCurrentIndex(n))
            go_menu.addAction(action)
        help_menu = self.menuBar().addMenu(tr("&Help"))
        about = QAction(icon("info"), tr("&About Context Center"), self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)
        self.recent = RecentWorkspaces(self.settings, self.recent_menu, self.open_workspace)
        self._build_toolbar()

    def _build_toolbar(self) -> None:
        """The actions of every day, one click away (each also in its menu, with its shortcut)."""
        bar = self.addToolBar(tr("Toolbar"))
        bar.setObjectName("main_toolbar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        bar.setIconSize(QSize(20, 20))
        for group in (("new", "search"), ("pin", "verify", "history", "forget")):
            for key in group:
                bar.addAction(self.fact_actions[key])
            bar.addSeparator()
        bar.addAction(self.sync.sync_action)
        bar.addAction(self.team_commit_action)
        bar.addSeparator()
        bar.addAction(self.refresh_action)
        bar.addAction(self.connect_action)
        for action in bar.actions():   # the tip names the shortcut, as a menu does
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if keys and not action.isSeparator():
                action.setToolTip(tr("{what} ({keys})").format(what=action.toolTip(), keys=keys))

    def _connect_signals(self) -> None:
        self.store.connect_agents.connect(self.open_connect)
        self.reasonix.open_root.connect(self.open_state_root)
        self.facts.connect_agents.connect(self.open_connect)
        self.messages.note.connect(self.status.note)
        self.messages.aside.connect(self.status.aside)
        self.messages.undo_offered.connect(self.status.offer_undo)
        self.status.undo_changed.connect(self._update_undo)
        self.messages.problem.connect(self._problem)
        self.client.opened.connect(self._opened)
        self.client.open_failed.connect(self._open_failed)
        self.client.progress.connect(self.status.show_progress)
        self.facts.pinned_changed.connect(self.status.show_pinned)
        self.facts.problems_counted.connect(self.status.count_problems)
        self.facts.written.connect(self.refresh.reload)
        self.archive.written.connect(self.refresh.reload)
        self.review.written.connect(self.refresh.reload)
        self.review.counted.connect(self._review_counted)
        self.review.undo_changed.connect(self._update_undo)
        self.review.counted.connect(lambda count: self.overview.count("review", count))
        self.suggestions.transcripts.counted.connect(lambda count: self.overview.count("suggestions", count))
        self.overview.go_to.connect(self._go_to)
        self.overview.connect_agents.connect(self.open_connect)
        self.facts.listed.connect(self._first_list)
        self.tabs.currentChanged.connect(self._tab_shown)
        self.suggestions.accepted.connect(self._suggestion_accepted)
        self.suggestions.written.connect(self.refresh.reload)
        self.suggestions.waiting_changed.connect(self._proposals_waiting)
        self.facts.review_proposals.connect(self.show_proposals)
        self.file_changes.changed.connect(self._files_changed)
        self.sync.synced.connect(self._synced)
        self.facts.settled.connect(self.open_sequence.list_settled)
        self.index_builder.progress.connect(self._index_progress)
        self.index_builder.meaning_progress.connect(self._meaning_progress)
        self.index_builder.finished.connect(self._index_ready)
        self.index_builder.failed.connect(self._index_failed)

    # workspaces ----------------------------------------------------------------------------------

    def open_workspace(self, workspace: str | None) -> None:
        self._stop_watching()
        self.status.aside(tr("Opening the store…"))
        self.client.open(self.store.state_root, workspace)

    def opened_last_workspace(self, last: str, started_in: str) -> None:
        """The window opened ``last`` (the last workspace used) though it was started in another
        folder: say so, with the switch one click away (a new user took the old project for the new)."""
        self.started_in = started_in
        self.workspace_bar.offer(tr("Opened {last}, the last workspace you used. You started Context Center in "
                                    "{started_in}.").format(last=short(Path(last)), started_in=short(Path(started_in))))

    @Slot()
    def open_started_in(self) -> None:
        self.workspace_bar.hide()
        if self.started_in:
            self.open_workspace(self.started_in)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """Coming back to the window (after installing Reasonix, say): look again for its store."""
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() and self.paths is not None:
            self.reasonix.look()
        super().changeEvent(event)

    def open_state_root(self, root: str) -> None:
        """Open another state root for the current workspace: for every agent too, or this session only."""
        self.store.open_other(root)

    @Slot()
    def choose_state_root(self) -> None:
        start = str(self.paths.root) if self.paths else os.path.expanduser("~")
        chosen = dialogs.choose_directory(self, tr("Open another store"), start)
        if chosen:
            self.open_state_root(chosen)

    def _reopen(self) -> None:
        self.open_workspace(str(self.paths.workspace) if self.paths else None)

    @Slot()
    def open_connect(self) -> ConnectDialog:
        dialog = ConnectDialog(self.client, self.paths, self)
        dialog.connected.connect(self._check_agents)
        dialog.open()
        return dialog

    def _check_agents(self) -> None:
        if self.paths is not None:
            self.store.check(self.paths.root, self.paths.workspace)

    @Slot(object)
    def _opened(self, paths: StorePaths) -> None:
        self.paths = paths
        self.store.opened(paths.root)
        self.setWindowTitle(f"{paths.workspace.name} — Context Center")
        self.setWindowFilePath(str(paths.workspace))
        self.recent.opened(str(paths.workspace))
        # (the store is the permanent label's to say)
        self.status.aside(tr("Workspace {path}").format(path=paths.workspace))
        for tab in (self.overview, self.facts, self.instructions, self.recall, self.archive, self.suggestions,
                    self.review):
            tab.reset()  # a new engine restarts its generations: nothing of the previous store may stay
        changes, target = self.file_changes, self.instructions.target
        self.client.submit(lambda engine: engine.watch(changes.changed.emit, target or engine.paths.workspace),
                           self._watching,
                           lambda e: self.messages.failure(tr("watch the files"), e))
        # the list of facts comes next; the rest of the open once it is painted (:mod:`.open_sequence`)
        self.open_sequence.opened()
        self.facts.reload()

    @Slot(object)
    def _open_failed(self, error: BaseException) -> None:
        if not self.store.open_failed(error):
            self.messages.failure(tr("open the store"), error)

    def _watching(self, watcher) -> None:
        self.watcher = watcher

    def _stop_watching(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None

    @Slot(object)
    def _index_ready(self, report: dict | None) -> None:
        self.status.end_progress()
        if report and (report["added"] or report["updated"] or report["removed"]):
            self.messages.background(tr("Search index up to date ({added} added, {updated} updated, {removed} "
                                        "removed)").format(added=report["added"], updated=report["updated"],
                                                           removed=report["removed"]))
        elif report and report.get("embedded"):
            self.messages.background(tr("The meaning of {count} new or changed facts read for search").format(
                count=f"{report['embedded']:,}"))

    @Slot(str)
    def _index_failed(self, error: str) -> None:
        self.status.end_progress()
        self.messages.background(tr("The search index could not be built: {error}").format(
            error=error.splitlines()[-1] if error else ""))

    @Slot(int, int)
    def _index_progress(self, done: int, total: int) -> None:
        self.status.show_progress(tr("Building the search index"), done, total)

    @Slot(int, int)
    def _meaning_progress(self, done: int, total: int) -> None:
        self.status.show_progress(tr("Reading what each fact means"), done, total)

    @Slot()
    def choose_workspace(self) -> None:
        start = str(self.paths.workspace) if self.paths else os.getcwd()
        chosen = dialogs.choose_directory(self, tr("Open workspace"), start)
        if chosen:
            self.open_workspace(chosen)

    # keeping live --------------------------------------------------------------------------------

    @Slot()
    def refresh_all(self) -> None:
        """Read the store again and reload every tab (F5); look again for a Reasonix store (one
        made since the window started lit nothing)."""
        self.reasonix.look()
        self.client.submit(lambda engine: engine.refresh(), lambda _changed: self.refresh.reload(Change.everything()),
                           lambda e: self.messages.failure(tr("read the store"), e))

    @Slot(object)
    def _synced(self, data: dict) -> None:
        """A sync or a settled conflict changed files: reload, or open the workspace again when it
        now uses the project folder another machine made for the same repository."""
        if data.get("reopen") and self.paths is not None:
            self.open_workspace(str(self.paths.workspace))
        else:
            self.refresh_all()

    @Slot(object)
    def _files_changed(self, paths: set[Path]) -> None:
        self.client.submit(lambda engine: engine.refresh_for(paths), self.refresh.reload,
                           lambda e: self.messages.failure(tr("read the store"), e))

    @Slot(object)
    def _suggestion_accepted(self, accepted: Acceptance) -> None:
        fact = accepted.fact   # (a skill is a SKILL.md file: its change touches no tab)
        self.refresh.reload(accepted.change, (fact.scope, fact.id) if fact is not None else None)

    @Slot(int)
    def _tab_shown(self, _index: int) -> None:
        self._update_undo()
        self.status.leave_note_behind()
        if self.paths is not None:
            self.refresh.shown()

    @Slot()
    def _first_list(self) -> None:
        """With no tab remembered, the first list chooses: the Overview once the store has facts,
        the Facts tab (its welcome) while it has none."""
        if self._tab_to_choose:
            self._tab_to_choose = False
            if self.facts.model.rows():
                self.tabs.setCurrentWidget(self.overview)

    @Slot(str)
    def _go_to(self, where: str) -> None:
        """An Overview link: the tab that acts on what it counts."""
        if where == "broken":   # the facts whose cited code is gone: the Facts tab, filtered to them
            combo = self.facts.filters["grounding"]
            combo.setCurrentIndex(combo.findData("broken"))
            where = "facts"
        widget = next(w for w, name in self.tab_names.items() if name == where)
        self.tabs.setCurrentWidget(widget)

    @Slot(int)
    def _review_counted(self, count: int) -> None:
        """The Review tab's title counts its items."""
        self.tabs.setTabText(self.tabs.indexOf(self.review),
                             without_mnemonic(tr("Re&view ({count})").format(count=count) if count
                                              else tr("Re&view")))

    @Slot(int)
    def _proposals_waiting(self, count: int) -> None:
        """The Suggestions tab's title counts the agents' proposals that wait."""
        index = self.tabs.indexOf(self.suggestions)
        self.tabs.setTabText(index, without_mnemonic(tr("&Suggestions ({count})").format(count=count) if count
                                                     else tr("&Suggestions")))
        self.tabs.setTabToolTip(index, "" if not count else tr("1 memory from an agent waits for you") if count == 1
                                else tr("{count} memories from agents wait for you").format(count=count))

    @Slot()
    def show_proposals(self) -> None:
        self.tabs.setCurrentWidget(self.suggestions)
        self.suggestions.agents.proposal_table.setFocus()

    def _rest_of_open(self) -> None:
        self.refresh.beside_facts(Change.everything())   # (the facts were just listed)
        self.reasonix.look()
        self._check_agents()
        self.sync.start()
        self._sync_index()

    def _sync_index(self) -> None:
        """Keep the persistent search index in step (only what changed is re-indexed), off this process."""
        if self.paths is not None:
            self.index_builder.start(str(self.paths.root), str(self.paths.workspace))

    # status --------------------------------------------------------------------------------------------

    @Slot()
    def undo_last(self) -> None:
        """Edit ▸ Undo (Ctrl+Z): what the status bar offers to take back, else the Review tab's last
        decision while that tab is shown."""
        if self.status.offers_undo:
            self.status.take_back()
        elif self.tabs.currentWidget() is self.review and self.review.can_undo():
            self.review.undo_last()

    @Slot()
    def _update_undo(self) -> None:
        self.undo_action.setEnabled(self.status.offers_undo
                                    or (self.tabs.currentWidget() is self.review and self.review.can_undo()))

    @Slot(str, str)
    def _problem(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text.split("\n\n")[0], QMessageBox.StandardButton.Ok, self)
        if "\n\n" in text:
            box.setDetailedText(text.split("\n\n", 1)[1])
        box.setObjectName("problem_box")
        box.open()

    @Slot()
    def _new_fact(self) -> None:
        self.tabs.setCurrentWidget(self.facts)
        self.facts.writes.new_fact()

    @Slot()
    def _edit_fact(self) -> None:
        self.tabs.setCurrentWidget(self.facts)
        self.facts.writes.edit_selected()

    @Slot()
    def _search_facts(self) -> None:
        self.tabs.setCurrentWidget(self.facts)
        self.facts.focus_search()

    @Slot()
    def open_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.client, self, theme=self.theme, settings=self.settings)
        dialog.accepted.connect(lambda: self.messages.info(tr("Settings saved")))
        dialog.open()
        return dialog

    @Slot(str)
    def _theme_changed(self, _name: str) -> None:
        """Labels follow the new style sheet by themselves; what was rendered as HTML (details,
        diffs, instruction bodies) is rendered again."""
        self.refresh.reload(Change.everything())

    @Slot()
    def open_team_commit(self) -> CommitTeamDialog:
        dialog = CommitTeamDialog(self.client, self)
        dialog.committed.connect(self._team_committed)
        dialog.open()
        return dialog

    @Slot(object)
    def _team_committed(self, made: dict) -> None:
        self.messages.info(tr("Committed {count} team fact file(s) as {commit}").format(count=len(made["paths"]),
                                                                                         commit=made["commit"]))
        self.refresh.reload(Change.everything())   # the Team column's "uncommitted" and last authors

    @Slot()
    def open_import(self) -> ImportDialog:
        dialog = ImportDialog(self.client, self)
        dialog.imported.connect(self._imported)
        dialog.open()
        return dialog

    @Slot(object)
    def _imported(self, change: Change) -> None:
        """Imported memories wait in Suggestions: reload and show them there."""
        self.refresh.reload(change)
        self.tabs.setCurrentWidget(self.suggestions)

    @Slot()
    def _about(self) -> None:
        from .. import __version__
        QMessageBox.about(self, tr("About Context Center"),
                          tr("<b>Context Center</b> {version}<p>See and steer what coding agents are told and what "
                             "they remember.</p><p>Icons: Lucide (lucide.dev), ISC licence; its text ships with the "
                             "app as LICENSE-lucide.md.</p>").format(version=__version__))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        for dialog in self.findChildren(QDialog):  # its dialogs go with it; a changed form asks first
            if dialog.isVisible():
                dialog.reject()
                if dialog.isVisible():  # "Keep editing"
                    event.ignore()
                    return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/tab", self.tab_names.get(self.tabs.currentWidget(), "facts"))
        self.client.close()  # answers still on their way have no window to go to
        self._stop_watching()
        self.index_builder.close()
        super().closeEvent(event)
