"""The window over a workspace that is a git repository: team facts, who changed them, Share with the team."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtGui import QKeySequence  # noqa: E402

from context_center.engine import FactInput, open_engine  # noqa: E402
from context_center.ui.app import create_window  # noqa: E402
from support.git_repos import BOB, commit_all  # noqa: E402
from ui.conftest import Harness  # noqa: E402


@pytest.fixture
def team_ui(qtbot, tmp_path, state_root, git_repo):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window, client = create_window(str(state_root), str(git_repo), settings)
    qtbot.addWidget(window)
    window.show()
    harness = Harness(qtbot, window, client, state_root, git_repo)
    qtbot.waitUntil(lambda: window.paths is not None, timeout=10000)
    harness.idle()
    yield harness
    window.close()
    client.shutdown()


def _row(ui, ref):
    return next(r for r in ui.window.facts.model.rows() if r.fact.ref == ref)


def _cell(ui, ref, column):
    model = ui.window.facts.model
    return model.index(model.row_of(_row(ui, ref).key), column).data()


def test_team_facts_show_who_changed_them_last_and_what_is_uncommitted(team_ui, qtbot, git_repo):
    ui = team_ui
    team = ui.remember(name="deploys", body="Deploy on Tuesdays.", scope="team")
    ui.remember(name="mine", body="My own note.")
    commit_all(git_repo, "Deploy rule", BOB)
    ui.show_facts("deploys", "mine")
    tab = ui.window.facts
    headers = [tab.model.headerData(i, Qt.Orientation.Horizontal) for i in range(tab.model.columnCount())]
    last = headers.index("Last commit")
    assert _cell(ui, "team/deploys.md", last).startswith(f"{BOB[0]}, ") and _cell(ui, "project/mine.md", last) == ""
    assert not tab.table.isColumnHidden(last)   # shown: there are team facts
    tab.filters["scope"].setCurrentIndex(tab.filters["scope"].findData("team"))
    assert ui.facts_shown() == ["deploys"]
    ui.select_fact("deploys")
    assert f"last changed by {BOB[0]}" in tab.detail.toPlainText()
    assert not tab.buttons["share"].isEnabled()   # already the team's

    with open_engine(state_root=ui.state_root, workspace=git_repo) as engine:   # an edit nobody committed
        engine.edit(team.id, FactInput(body="Deploy on Wednesdays."))
    ui.window.refresh_all()
    ui.idle()
    qtbot.waitUntil(lambda: _cell(ui, "team/deploys.md", last).endswith("· uncommitted"), timeout=10000)
    qtbot.waitUntil(lambda: "Uncommitted changes" in tab.detail.toPlainText(), timeout=10000)


def test_share_with_the_team_copies_a_personal_fact_and_explains_the_override(team_ui, qtbot, git_repo):
    ui = team_ui
    mine = ui.remember(name="review-rule", title="Two approvals", body="Every change needs two approvals.")
    ui.show_facts("review-rule")
    ui.select_fact("review-rule")
    tab = ui.window.facts
    assert tab.buttons["share"].isEnabled()
    action = next(a for a in ui.window.findChildren(type(ui.window.menuBar().actions()[0]))
                  if a.shortcut() == QKeySequence("Ctrl+Shift+T"))
    action.trigger()   # the Fact menu's Share with the team (Ctrl+Shift+T)
    ui.idle()
    qtbot.waitUntil(lambda: len(tab.model.rows()) == 2, timeout=10000)
    shared = _row(ui, "team/review-rule.md")
    assert shared.fact.id != mine.id and shared.fact.body == mine.body
    assert (git_repo / ".context-center" / "memory" / "review-rule.md").is_file()
    assert _row(ui, "project/review-rule.md").overridden_by is None
    assert shared.overridden_by == "project/review-rule.md" and shared.overridden_why == "same name"
    assert shared.team is not None and shared.team.summary == "never committed"
    qtbot.waitUntil(lambda: tab.current_row() is not None and tab.current_row().fact.scope == "team",
                    timeout=10000)
    text = tab.detail.toPlainText()
    assert "Overridden by project/review-rule.md (same name)" in text and "project, then team, then global" in text


def test_at_1024_by_640_the_title_keeps_its_room_when_the_team_column_appears(team_ui, qtbot, git_repo):
    """Issue #36, point 2: the Title column shrank to "…" once the team column appeared, while
    Updated kept its width. The other columns give way, by priority, down to a least width each."""
    ui = team_ui
    ui.window.resize(1024, 640)
    ui.remember(name="mine", body="My own note.")
    ui.show_facts("mine")
    table = ui.window.facts.table
    header = table.horizontalHeader()
    title, updated, team = 1, 7, 9
    assert table.isColumnHidden(team)
    ui.remember(name="deploys", body="Deploy on Tuesdays.", scope="team")
    commit_all(git_repo, "Deploy rule", BOB)
    ui.show_facts("deploys", "mine")
    assert not table.isColumnHidden(team)
    qtbot.waitUntil(lambda: header.sectionSize(title) >= table.TITLE_LEAST, timeout=5000)
    assert header.sectionSize(team) < table.WIDTHS[team] and header.sectionSize(updated) <= table.WIDTHS[updated]

    ui.window.resize(1800, 900)   # room again: every column its own width
    qtbot.waitUntil(lambda: header.sectionSize(team) == table.WIDTHS[team], timeout=5000)
    assert header.sectionSize(updated) == table.WIDTHS[updated] and header.sectionSize(title) > table.TITLE_LEAST


def test_at_the_default_1280_by_800_the_facts_table_needs_no_sideways_scroll(team_ui, qtbot, git_repo):
    """A new user's walk: at the window's default size, with team facts, the table was 140 pixels
    wider than its room and Updated showed "2026-12-0…". Updated shows the day (the time in its
    tooltip), the team column's header is short, and the title gives way to its floor when that
    ends the scroll; at 1,024 pixels, where nothing would, the detail pane goes below the table (#49 item 17)."""
    ui = team_ui
    ui.window.resize(1280, 800)
    ui.remember(name="mine", body="My own note.")
    ui.remember(name="deploys", body="Deploy on Tuesdays.", scope="team")
    commit_all(git_repo, "Deploy rule", BOB)
    ui.show_facts("deploys", "mine")
    table = ui.window.facts.table
    header, bar = table.horizontalHeader(), table.horizontalScrollBar()
    assert not table.isColumnHidden(9)
    qtbot.waitUntil(lambda: header.length() <= table.viewport().width(), timeout=5000)
    assert bar.maximum() == 0 and table.TITLE_FLOOR <= header.sectionSize(1) < table.TITLE_LEAST
    updated = _cell(ui, "project/mine.md", 7)
    model = ui.window.facts.model
    tip = model.index(model.row_of(_row(ui, "project/mine.md").key), 7).data(Qt.ItemDataRole.ToolTipRole)
    assert len(updated) == 10 and tip.startswith(updated + " ") and len(tip.split("\n")[0]) == 19
    assert header.fontMetrics().horizontalAdvance(updated) < header.sectionSize(7) - 8   # not elided

    ui.window.resize(1024, 640)   # no room beside the detail pane: it goes below, the table keeps no scroll
    qtbot.waitUntil(lambda: ui.window.facts.splitter.orientation() == Qt.Orientation.Vertical, timeout=5000)
    qtbot.waitUntil(lambda: header.length() <= table.viewport().width(), timeout=5000)
    assert bar.maximum() == 0 and header.sectionSize(1) >= table.TITLE_FLOOR
    ui.window.resize(1800, 900)   # room again: side by side
    qtbot.waitUntil(lambda: ui.window.facts.splitter.orientation() == Qt.Orientation.Horizontal, timeout=5000)


def test_the_window_opens_within_a_screen_smaller_than_its_default_size(qtbot, tmp_path, state_root, git_repo):
    """Issue #36, point 2: at 2× the window was larger than the screen (a 1,920-pixel screen is
    960 wide at 2×; the offscreen one here is 800). Qt's restoreGeometry clamps a saved geometry;
    the window's own first size, and one saved at another scale, are clamped too."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window, client = create_window(str(state_root), str(git_repo), settings)
    qtbot.addWidget(window)
    try:
        available = window.screen().availableGeometry()
        assert available.width() < 1200   # smaller than the window's default size
        assert window.width() <= available.width() and window.height() <= available.height()
        assert available.contains(window.frameGeometry().topLeft())
    finally:
        window.close()
        client.shutdown()


def test_commit_team_facts_shows_the_changes_with_diffs_and_commits_them_alone(team_ui, qtbot, git_repo):
    """Sync ▸ Commit team facts…: each changed file with who changed it last and its diff; a commit
    of those files only (what the user staged stays staged); the window says what was committed."""
    from support.git_repos import git

    ui = team_ui
    team = ui.remember(name="deploys", body="Deploy on Tuesdays.", scope="team")
    commit_all(git_repo, "Deploy rule", BOB)
    with open_engine(state_root=ui.state_root, workspace=git_repo) as engine:
        engine.edit(team.id, FactInput(body="Deploy on Wednesdays."))
    ui.remember(name="node", body="Node 22.", scope="team")
    ui.show_facts("deploys", "node")
    (git_repo / "README.md").write_text("staged by the user, not for this commit\n")
    git(git_repo, "add", "README.md")

    assert ui.window.team_commit_action.isEnabled()
    assert ui.window.team_commit_action.shortcut() == QKeySequence("Ctrl+Shift+G")
    dialog = ui.window.open_team_commit()
    qtbot.waitUntil(lambda: dialog.list.count() == 2, timeout=10000)
    rows = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert rows[0].startswith("Modified: deploys.md") and f"last changed by {BOB[0]}" in rows[0]
    assert rows[1].startswith("Added: node.md") and "never committed" in rows[1]
    text = dialog.diff.toPlainText()
    assert "-Deploy on Tuesdays." in text and "+Deploy on Wednesdays." in text and "Deploy rule" in text
    dialog.list.setCurrentRow(1)
    assert "+Node 22." in dialog.diff.toPlainText()
    assert not dialog.go.isEnabled()   # a message first
    qtbot.keyClicks(dialog.message, "Team: deploy day and Node")
    assert dialog.go.isEnabled()

    with qtbot.waitSignal(dialog.committed, timeout=10000) as committed:
        qtbot.mouseClick(dialog.go, Qt.MouseButton.LeftButton)
    assert sorted(committed.args[0]["paths"]) == [".context-center/memory/deploys.md", ".context-center/memory/node.md"]
    assert git(git_repo, "log", "-1", "--format=%s").strip() == "Team: deploy day and Node"
    assert git(git_repo, "diff", "--cached", "--name-only").split() == ["README.md"]
    qtbot.waitUntil(lambda: "Committed 2 team fact file(s)" in ui.window.statusBar().currentMessage(),
                    timeout=5000)
    # the Team column and the detail follow: a commit changes no fact file, and the list was kept
    headers = [ui.window.facts.model.headerData(i, Qt.Orientation.Horizontal)
               for i in range(ui.window.facts.model.columnCount())]
    last = headers.index("Last commit")
    qtbot.waitUntil(lambda: "uncommitted" not in _cell(ui, "team/deploys.md", last)
                    and "never committed" not in _cell(ui, "team/node.md", last), timeout=10000)
    ui.select_fact("node")
    assert "never committed" not in ui.window.facts.detail.toPlainText()


def test_f5_reads_git_again_after_a_commit_made_elsewhere(team_ui, qtbot, git_repo):
    """A commit in a terminal changes no fact file: F5 still shows what git now says (only a
    restart did)."""
    ui = team_ui
    ui.remember(name="deploys", body="Deploy on Tuesdays.", scope="team")
    ui.show_facts("deploys")
    headers = [ui.window.facts.model.headerData(i, Qt.Orientation.Horizontal)
               for i in range(ui.window.facts.model.columnCount())]
    last = headers.index("Last commit")
    assert "never committed" in _cell(ui, "team/deploys.md", last)
    commit_all(git_repo, "Deploy rule", BOB)
    ui.window.refresh_action.trigger()
    ui.idle()
    qtbot.waitUntil(lambda: _cell(ui, "team/deploys.md", last).startswith(f"{BOB[0]}, "), timeout=10000)
    ui.select_fact("deploys")
    assert "never committed" not in ui.window.facts.detail.toPlainText()


def test_commit_team_facts_refuses_in_place_what_the_check_or_a_later_edit_would_break(team_ui, qtbot, git_repo):
    ui = team_ui
    fact = ui.remember(name="deploys", body="Deploy on Tuesdays.", scope="team")
    folder = git_repo / ".context-center" / "memory"
    (folder / "leak.md").write_text("---\nname: leak\n---\nghp_" + "a1B2" * 9 + "\n", encoding="utf-8")
    dialog = ui.window.open_team_commit()
    qtbot.waitUntil(lambda: dialog.list.count() == 2, timeout=10000)
    assert "refused by the pre-commit check" in dialog.status.text()
    qtbot.keyClicks(dialog.message, "Team facts")
    assert not dialog.go.isEnabled()   # nothing is committed with a secret in it
    (folder / "leak.md").unlink()
    qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.list.count() == 1 and dialog.go.isEnabled(), timeout=10000)

    with open_engine(state_root=ui.state_root, workspace=git_repo) as engine:   # edited after it was shown
        engine.edit(fact.id, FactInput(body="Deploy on Fridays."))
    qtbot.mouseClick(dialog.go, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "changed since the list was shown" in dialog.status.text() and not dialog.busy,
                    timeout=10000)
    assert dialog.status.toolTip() == "Error code: REVISION_CONFLICT" and dialog.isVisible()
    assert "+Deploy on Fridays." in dialog.diff.toPlainText()   # shown as it is now
    with qtbot.waitSignal(dialog.committed, timeout=10000):
        qtbot.mouseClick(dialog.go, Qt.MouseButton.LeftButton)
