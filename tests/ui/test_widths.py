"""Issue #49 item 17: at 1280×800 and 1024×640 the tables of every tab show each cell whole (a
name, a kind, a type, a state), or, for free text (a title, a why, a path), elided with the whole
text in its tooltip; none scrolls sideways."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtGui import QFont, QFontMetrics  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyleOptionViewItem,
    QTreeWidget,
)

from context_center.engine import open_engine  # noqa: E402
from context_center.ui.app import create_window  # noqa: E402
from context_center.ui.words import tr  # noqa: E402
from support.git_repos import BOB, commit_all  # noqa: E402
from support.transcripts import claude_session  # noqa: E402
from ui.conftest import Harness  # noqa: E402

# the columns of free text, by header: elided where they must be, the whole in the tooltip
FREE_TEXT = {"Title", "Last commit", "Why", "Candidate", "Archive file"}


@pytest.fixture(params=["en", "zh_CN"])
def store_ui(request, qtbot, tmp_path, state_root, git_repo):
    """A window on a store with project, team and global facts, a duplicate to review, an archived
    fact and a transcript to suggest from; in English and in Chinese (a Chinese header such as
    最近提交 needs other widths than its English word)."""
    from PySide6.QtWidgets import QApplication

    from context_center.ui import language
    claude_session(Path(os.environ["HOME"]), git_repo, "aaaa1111", [
        ("2026-11-20T10:01:00Z", "Remember that the staging database is reset every night."),
        ("2026-11-20T10:02:00Z", "以后请始终用中文回复")])
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(language.SETTING, request.param)
    window, client = create_window(str(state_root), str(git_repo), settings)
    qtbot.addWidget(window)
    window.show()
    ui = Harness(qtbot, window, client, state_root, git_repo)
    qtbot.waitUntil(lambda: window.paths is not None, timeout=10000)
    ui.idle()
    ui.remember(name="deploy-day", title="Deploy day", body="Deploys go out on Tuesdays after the smoke tests pass.")
    ui.remember(name="deploy-days", title="Deploy days", body="Deploys go out on Tuesdays once the smoke tests "
                                                              "pass. Rollbacks use the previous image.")
    ui.remember(name="billing-database-engine", title="The billing database is PostgreSQL 16 with logical "
                "replication to the reporting cluster", body="Billing runs on PostgreSQL 16.", refs=("README.md",))
    ui.remember(name="team-review-rule", title="Every change needs two approvals", type="reference", scope="team",
                body="Two approvals.")
    ui.remember(name="terse-answers", title="Prefer terse answers", type="feedback", scope="global",
                body="No preamble.", activation="pinned")
    gone = ui.remember(name="old-staging-host", title="Staging host", body="staging-old.example.org",
                       description="the old staging host, retired when the cluster moved to the new region")
    with open_engine(state_root=state_root, workspace=git_repo) as engine:
        engine.forget(gone.id)
    commit_all(git_repo, "team facts", BOB)
    ui.show_facts("billing-database-engine", "deploy-day", "deploy-days", "team-review-rule", "terse-answers")
    yield ui
    window.close()
    client.shutdown()
    language.install(QApplication.instance(), "en")


def header_least(header, column: int) -> int:
    """A header's word whole: with the sort arrow where it is shown."""
    if header.isSortIndicatorShown() and header.sortIndicatorSection() == column:
        return header.sectionSizeHint(column)
    label = str(header.model().headerData(column, Qt.Orientation.Horizontal) or "")
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    bold = QFont(header.font())
    bold.setBold(True)   # as a header draws its word where the selected row crosses it
    return QFontMetrics(bold).horizontalAdvance(label) + 2 * margin


def _needed(view: QAbstractItemView, index) -> int:
    option = QStyleOptionViewItem()
    option.initFrom(view)
    option.font = view.font()
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
    if index.data(Qt.ItemDataRole.DecorationRole) is not None:
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasDecoration
        option.decorationSize = view.iconSize() if view.iconSize().isValid() else option.decorationSize
    width = view.itemDelegate().sizeHint(option, index).width()
    if isinstance(view, QTreeWidget) and index.column() == 0:   # the tree's indentation
        depth, parent = 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        width += view.indentation() * (depth + (1 if view.rootIsDecorated() else 0))
    return width


def _indexes(model, parent=None):
    from PySide6.QtCore import QModelIndex
    parent = parent or QModelIndex()
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            yield index
        yield from _indexes(model, model.index(row, 0, parent))


def cut_cells(view: QAbstractItemView) -> list[str]:
    """Each cell too narrow for its text, but for free text elided with its whole in the tooltip."""
    header = view.header() if isinstance(view, QTreeWidget) else view.horizontalHeader()
    model = view.model()
    problems = []
    if view.horizontalScrollBar().maximum() > 0:
        name = view.objectName() or type(view).__name__
        problems.append(f"{name}: scrolls sideways by {view.horizontalScrollBar().maximum()}")
    for column in range(model.columnCount()):
        if header.isSectionHidden(column):
            continue
        label = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        if header_least(header, column) > header.sectionSize(column):
            problems.append(f"{view.objectName()}: header {label!r} cut")
    for index in _indexes(model):
        if header.isSectionHidden(index.column()) or not index.data():
            continue
        if _needed(view, index) <= header.sectionSize(index.column()):
            continue
        label = str(model.headerData(index.column(), Qt.Orientation.Horizontal) or "")
        tip = index.data(Qt.ItemDataRole.ToolTipRole) or ""
        if label in {tr(text) for text in FREE_TEXT} and str(index.data()) in tip:
            continue
        problems.append(f"{view.objectName()}: {label!r} cell {index.data()!r} cut "
                        f"({_needed(view, index)} > {header.sectionSize(index.column())})")
    return problems


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_every_tables_cells_are_whole_or_elided_with_their_tooltip(store_ui, qtbot, size):
    ui = store_ui
    window = ui.window
    window.resize(*size)
    qtbot.waitUntil(lambda: window.width() == size[0], timeout=5000)
    views = {window.facts: [window.facts.table], window.review: [window.review.table],
             window.archive: [window.archive.table], window.suggestions: [window.suggestions.transcripts.tree]}
    ready = {window.facts: lambda: window.facts.proxy.rowCount() == 5,
             window.review: lambda: window.review.model.rowCount() >= 1,
             window.archive: lambda: window.archive.table.rowCount() == 1,
             window.suggestions: lambda: window.suggestions.transcripts.found is not None}
    problems = []
    for tab, tables in views.items():
        window.tabs.setCurrentWidget(tab)
        qtbot.waitUntil(ready[tab], timeout=15000)
        ui.idle()
        if tab is window.suggestions:
            window.suggestions.transcripts.tree.expandAll()
        for table in tables:
            QApplication.processEvents()   # what a fit left for the next turn of the loop (a scroll range)
            problems += cut_cells(table)
    assert not problems, "\n".join(problems)



def _every_agent_reads_files(workspace: Path, home: Path) -> None:
    """Instruction files every agent reads, a rule for each on demand, a file Codex cuts (its
    budget at 200 bytes), imports (Reasonix's "+ imports") and an import that leaves the workspace."""
    (workspace / "AGENTS.md").write_text("# Rules\n- Run the tests before every commit.\n@docs/setup.md\n"
                                         "@../secrets.md\n" + "- a filler rule for Codex's budget\n" * 6)
    (workspace / "docs").mkdir()
    (workspace / "docs" / "setup.md").write_text("Setup: make install.\n")
    (workspace / "CLAUDE.md").write_text("- Claude only: prefer small commits.\n@AGENTS.md\n")
    (workspace / "CLAUDE.local.md").write_text("- my local notes\n")
    (workspace / "GEMINI.md").write_text("- Gemini rule: keep answers short.\n")
    (workspace / ".github" / "instructions").mkdir(parents=True)
    (workspace / ".github" / "copilot-instructions.md").write_text("- Copilot: use pnpm.\n")
    (workspace / ".github" / "instructions" / "typescript.instructions.md").write_text(
        '---\napplyTo: "**/*.ts"\n---\n- TypeScript strict mode.\n')
    (workspace / ".cursor" / "rules").mkdir(parents=True)
    (workspace / ".cursor" / "rules" / "components.mdc").write_text("---\nglobs: src/**/*.tsx\n---\n- Functions.\n")
    (workspace / ".windsurf" / "rules").mkdir(parents=True)
    (workspace / ".windsurf" / "rules" / "python.md").write_text('---\ntrigger: glob\nglobs: "**/*.py"\n---\n- ruff.\n')
    (workspace / ".claude" / "rules").mkdir(parents=True)
    (workspace / ".claude" / "rules" / "typescript.md").write_text('---\npaths: "src/**/*.ts"\n---\n- ts rule\n')
    (workspace / "services" / "billing").mkdir(parents=True)
    (workspace / "services" / "billing" / "AGENTS.md").write_text("- Billing: amounts are integers in cents.\n")
    (home / ".codex").mkdir(parents=True, exist_ok=True)
    (home / ".codex" / "config.toml").write_text("project_doc_max_bytes = 200\n")


@pytest.fixture(params=["en", "zh_CN"])
def instructions_ui(request, qtbot, tmp_path, state_root, workspace):
    """A window, in English or Chinese, whose Instructions tab shows every agent side by side."""
    from PySide6.QtWidgets import QApplication

    from context_center.ui import language
    _every_agent_reads_files(workspace, Path(os.environ["HOME"]))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(language.SETTING, request.param)
    window, client = create_window(str(state_root), str(workspace), settings)
    qtbot.addWidget(window)
    window.show()
    ui = Harness(qtbot, window, client, state_root, workspace)
    qtbot.waitUntil(lambda: window.paths is not None, timeout=10000)
    ui.idle()
    yield ui
    window.close()
    client.shutdown()
    language.install(QApplication.instance(), "en")


def _settle(qtbot, condition) -> None:
    """Wait a moment for ``condition`` (a layout settles over a few events); the assert says what failed."""
    from pytestqt.exceptions import TimeoutError as NotYet
    try:
        qtbot.waitUntil(condition, timeout=3000)
    except NotYet:
        pass


def _side_by_side(ui, size: tuple[int, int]):
    window = ui.window
    window.resize(*size)
    ui.qtbot.waitUntil(lambda: window.width() == size[0] and window.height() == size[1], timeout=5000)
    tab = window.instructions
    window.tabs.setCurrentWidget(tab)
    tab.set_agent("compare")
    ui.qtbot.waitUntil(lambda: tab.documents.columnCount() == 8 and tab.documents.rowCount() >= 10, timeout=10000)
    ui.idle()
    return tab


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_side_by_side_shows_each_file_and_every_agent_whole(instructions_ui, qtbot, size):
    """The side by side squeezed its File column to "…" and cut the last agent's column off at
    1280×800: every agent's column is whole, the file's name has room, nothing scrolls sideways."""
    tab = _side_by_side(instructions_ui, size)
    table = tab.documents
    header = table.horizontalHeader()
    file_room = min(max(_needed(table, table.model().index(r, 0)) for r in range(table.rowCount())), 200)

    def problems() -> list[str]:
        found = [p for p in cut_cells(table) if "'" + str(table.model().headerData(0, Qt.Orientation.Horizontal))
                 + "' cell" not in p]   # (a long path is elided in its middle, the whole in its tooltip)
        if header.sectionSize(0) < file_room:
            found.append(f"File column {header.sectionSize(0)} < {file_room}")
        return found
    _settle(qtbot, lambda: not problems())
    assert not problems(), "\n".join(problems())


def test_the_side_by_side_shows_more_than_two_files_at_1024_by_640(instructions_ui, qtbot):
    """At 1024×640 the side by side showed two files, the diagnostics below keeping a third of
    the tab for two lines: the files' table has room for several rows."""
    tab = _side_by_side(instructions_ui, (1024, 640))
    table = tab.documents
    shown = lambda: table.viewport().height() // max(1, table.rowHeight(0))   # noqa: E731
    _settle(qtbot, lambda: shown() >= 5)
    assert shown() >= 5, (shown(), table.viewport().height(), table.rowHeight(0))
