"""File ▸ Import from another agent: a dry run off the GUI thread, then the import into Suggestions."""
from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from support.agent_memories import (  # noqa: F401 - no_agent_homes is an autouse fixture
    no_agent_homes,
    write_codex_memories,
    write_context_eng_store,
)


def _rows(table):
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def _open(ui, monkeypatch, home):
    monkeypatch.setenv("HOME", str(home))     # the dialog reads the agents' homes under ~, as it would for real
    dialog = ui.window.open_import()
    ui.qtbot.waitUntil(lambda: dialog.report is not None, timeout=10000)
    ui.idle()
    return dialog


def test_the_menu_offers_it_with_a_shortcut(ui):
    [action] = [a for a in ui.window.findChildren(QAction) if a.text() == "&Import from another agent…"]
    assert action.shortcut() == QKeySequence("Ctrl+Shift+I")


def test_a_dry_run_shows_what_would_come_and_import_puts_it_in_suggestions(ui, monkeypatch, tmp_path):
    home = tmp_path / "home"
    write_context_eng_store(home, ui.workspace)
    dialog = _open(ui, monkeypatch, home)
    assert dialog.source.currentData() == "claude-code" and "No Claude Code auto memory" in dialog.summary.text()
    assert not dialog.import_button.isEnabled() and dialog.items.rowCount() == 0
    dialog.report = None
    dialog.source.setCurrentIndex(dialog.source.findData("context-eng"))
    ui.qtbot.waitUntil(lambda: dialog.report is not None and dialog.report.source == "context-eng", timeout=10000)
    assert "6 found" in dialog.summary.text() and "3 to import" in dialog.summary.text()
    rows = _rows(dialog.items)
    assert sorted(row[1] for row in rows) == ["Answer in short paragraphs.", "Run the linters before committing.",
                                              "Use SQLite for the local cache."]
    assert {row[0] for row in rows} == {"to import"}
    reasons = [row[1] for row in _rows(dialog.skipped)]
    assert any("secret" in reason for reason in reasons) and "inactive upstream (active = 0)" in reasons
    assert dialog.import_button.isEnabled() and ui.window.suggestions.agents.proposals == []   # nothing written yet

    with ui.qtbot.waitSignal(dialog.imported, timeout=10000):
        dialog.import_button.click()
    ui.idle()
    assert {row[0] for row in _rows(dialog.items)} == {"imported"} and not dialog.import_button.isEnabled()
    assert "Imported 3" in dialog.summary.text()
    assert ui.window.tabs.currentWidget() is ui.window.suggestions
    ui.qtbot.waitUntil(lambda: len(ui.window.suggestions.agents.proposals) == 3, timeout=10000)
    tab = ui.window.suggestions
    assert tab.agents.select_proposal(next(p.fact.id for p in tab.agents.proposals if "SQLite" in p.fact.body))
    detail = tab.agents.proposal_detail.toPlainText()
    assert "imported from context-eng" in detail and "decision-0a1b2c3d4e5f.db#p1" in detail
    assert ui.facts_shown() == []   # staged: waiting for review, not facts yet
    dialog.reject()


def test_importing_again_finds_everything_already_there(ui, monkeypatch, tmp_path):
    home = tmp_path / "home"
    write_codex_memories(home)
    dialog = _open(ui, monkeypatch, home)
    dialog.report = None
    dialog.source.setCurrentIndex(dialog.source.findData("codex"))
    ui.qtbot.waitUntil(lambda: dialog.report is not None and dialog.report.source == "codex", timeout=10000)
    with ui.qtbot.waitSignal(dialog.imported, timeout=10000):
        dialog.import_button.click()
    ui.idle()
    dialog.reject()
    again = _open(ui, monkeypatch, home)
    again.report = None
    again.source.setCurrentIndex(again.source.findData("codex"))
    ui.qtbot.waitUntil(lambda: again.report is not None and again.report.source == "codex", timeout=10000)
    assert not again.import_button.isEnabled()
    assert sum("already imported" in row[1] for row in _rows(again.skipped)) == 6
    again.reject()
