"""The Instructions tab's Adherence page over real transcripts in Claude Code's and Codex's layouts:
each rule with its counts, violations first and each one click from its evidence, the count of
rules violated on the page's title, a rule no transcript decides shown without a verdict, another
agent or span read again, where transcripts are read from when there are none, a rule enforced
only once its diff is confirmed, and the page in Chinese."""
from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel  # noqa: E402

from support.agent_actions import claude, codex  # noqa: E402

CLAUDE_MD = """# Project rules

- Never use npm; use pnpm.
- Run `pnpm test` before reporting completion.
- Do not edit files under src/generated/.
- Keep public APIs backward compatible.
"""
AGENTS_MD = """# Rules for Codex

- Use ripgrep, not grep.
"""


def stamp(days_ago: float, minute: int = 0) -> str:
    at = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=days_ago) + dt.timedelta(minutes=minute)
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.fixture
def sessions(workspace: Path) -> Path:
    """Two Claude Code sessions (one clean, one breaking three rules) and a Codex session that ran
    grep, all of this workspace, under the test's own home."""
    home = Path(os.environ["HOME"])
    ws = workspace
    (ws / "CLAUDE.md").write_text(CLAUDE_MD)
    (ws / "AGENTS.md").write_text(AGENTS_MD)
    claude(home, ws, "c-clean", [("bash", stamp(3), 'echo "npm is not used here"'),
                                 ("edit", stamp(3, 1), str(ws / "src/app.ts")),
                                 ("bash", stamp(3, 2), "pnpm test")])
    claude(home, ws, "c-broke", [("bash", stamp(2), "pnpm test"),
                                 ("edit", stamp(2, 1), str(ws / "src/generated/api.ts")),
                                 ("bash", stamp(2, 2), "npm install left-pad")])
    codex(home, ws, "x-grep", [("bash", stamp(5), "grep -rn TODO src | head")])
    return home


def page(ui):
    """The Adherence page, shown, once its first reading is on screen."""
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.pages.setCurrentWidget(tab.adherence)
    ui.qtbot.waitUntil(lambda: tab.adherence.report is not None and not tab.adherence.loading, timeout=15000)
    return tab.adherence


def rows(view) -> dict[str, tuple[str, str, str]]:
    """Each rule shown, by its source: how it is checked, followed, violated."""
    table = view.table
    return {table.item(r, 1).text(): (table.item(r, 2).text(), table.item(r, 3).text(), table.item(r, 4).text())
            for r in range(table.rowCount())}


def row_of(view, source: str) -> int:
    return next(r for r in range(view.table.rowCount()) if view.table.item(r, 1).text() == source)


def click(qtbot, table, row: int, column: int = 0) -> None:
    item = table.item(row, column)
    table.scrollToItem(item)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualItemRect(item).center())


def test_each_rule_shows_its_counts_violations_first_and_the_count_outside_the_page(sessions, ui, qtbot):
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    assert tab.pages.currentIndex() == 0   # the page of what agents receive comes first
    ui.window.refresh_all()   # F5: the transcripts are read again with the rest
    qtbot.waitUntil(lambda: tab.pages.tabText(tab.pages.indexOf(tab.adherence)) == "Adherence (4 violated)",
                    timeout=15000)
    assert "4 rules were violated" in tab.pages.tabToolTip(1)
    view = page(ui)
    shown = rows(view)
    assert shown == {
        "CLAUDE.md:3": ("forbids running npm; use pnpm", "1", "1"),
        "CLAUDE.md:4": ("pnpm test must run after the last edit", "1", "1"),
        "CLAUDE.md:5": ("forbids editing src/generated/", "1", "1"),
        "AGENTS.md:3": ("forbids running grep; use rg", "0", "1"),
        "CLAUDE.md:6": ("not checkable", "—", "—"),
    }
    violated = [view.table.item(r, 4).text() for r in range(view.table.rowCount())]
    assert violated == ["1", "1", "1", "1", "—"]   # violations first, what cannot be checked last
    assert view.table.item(row_of(view, "CLAUDE.md:6"), 0).text() == "Keep public APIs backward compatible."
    summary = view.summary.text()
    assert "4 of 5 rules violated in the last 30 days" in summary and "Claude Code 2, Codex 1" in summary


def test_a_violation_is_one_click_from_its_evidence(sessions, ui, qtbot):
    view = page(ui)
    click(qtbot, view.table, row_of(view, "CLAUDE.md:3"))
    qtbot.waitUntil(lambda: view.session_table.rowCount() == 2, timeout=5000)
    sessions_shown = [(view.session_table.item(r, 0).text(), view.session_table.item(r, 2).text()) for r in range(2)]
    assert sessions_shown == [("violated", "c-broke"), ("followed", "c-clean")]
    evidence = view.detail.toPlainText()
    assert "Never use npm; use pnpm." in evidence and "CLAUDE.md:3, received by Claude Code" in evidence
    assert "ran npm install left-pad" in evidence and stamp(2, 2)[:10] in evidence   # the command and its time
    click(qtbot, view.session_table, 1)
    qtbot.waitUntil(lambda: "none running npm" in view.detail.toPlainText(), timeout=5000)
    assert "2 shell command(s), none running npm" in view.detail.toPlainText()

    click(qtbot, view.table, row_of(view, "CLAUDE.md:4"))   # run after the last edit: the test ran before it
    qtbot.waitUntil(lambda: "last edit: src/generated/api.ts; pnpm test did not run after it"
                    in view.detail.toPlainText(), timeout=5000)


def test_a_rule_no_transcript_decides_shows_no_verdict(sessions, ui, qtbot):
    view = page(ui)
    click(qtbot, view.table, row_of(view, "CLAUDE.md:6"))
    qtbot.waitUntil(lambda: "cannot be decided from a transcript" in view.detail.toPlainText(), timeout=5000)
    assert view.session_table.rowCount() == 0
    assert not any(word in view.detail.toPlainText() for word in ("violated", "followed"))
    assert not view.enforce_button.isEnabled()


def test_another_agent_or_span_reads_again_and_says_where_transcripts_are(sessions, ui, qtbot):
    view = page(ui)
    tab = ui.window.instructions
    view.set_agent("codex")
    assert view.loading and view.summary.text() == "Reading transcripts…" and view.busy.isVisible()
    qtbot.waitUntil(lambda: not view.loading and list(rows(view)) == ["AGENTS.md:3"], timeout=15000)
    assert tab.pages.tabText(1) == "Adherence (1 violated)"
    view.days.setValue(1)   # the Codex session was five days ago
    qtbot.waitUntil(lambda: not view.loading and rows(view)["AGENTS.md:3"][1:] == ("0", "0"), timeout=15000)
    assert tab.pages.tabText(1) == "Adherence" and "No rule was violated" in tab.pages.tabToolTip(1)
    detail = view.detail.toPlainText()
    assert "No session of Codex in this workspace in the last 1 days." in detail
    assert str(sessions / ".codex" / "sessions") in detail and ".claude" not in detail


def test_with_no_transcripts_the_page_says_where_they_are_read_from(ui, qtbot, workspace, tmp_path, monkeypatch):
    (workspace / "CLAUDE.md").write_text("- Keep public APIs backward compatible.\n")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude-config"))
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    ui.window.refresh_all()
    view = page(ui)
    qtbot.waitUntil(lambda: list(rows(view)) == ["CLAUDE.md:1"], timeout=15000)
    detail = view.detail.toPlainText()
    assert "Transcripts are read from:" in detail
    assert str(tmp_path / "claude-config" / "projects") in detail
    assert str(tmp_path / "codex-home" / "sessions") in detail


def test_a_rule_is_enforced_only_once_its_change_is_confirmed(sessions, ui, qtbot, workspace):
    view = page(ui)
    settings = workspace / ".claude" / "settings.local.json"
    click(qtbot, view.table, row_of(view, "CLAUDE.md:3"))
    assert view.enforce_button.isEnabled() and view.enforce_button.text() == "Enforce…"
    offered = {action.objectName(): action for action in view.enforce_menu.actions()}
    assert set(offered) == {"enforce_claude-code"}   # Claude Code received it; Codex did not
    offered["enforce_claude-code"].trigger()
    qtbot.waitUntil(lambda: view.enforce_dialog is not None and view.enforce_dialog.isVisible(), timeout=10000)
    dialog = view.enforce_dialog
    diff = dialog.diff.toPlainText()
    assert "settings.local.json" in diff and "PreToolUse" in diff and "--pre-tool-use" in diff
    assert not settings.exists()   # shown, not written
    dialog.reject()
    ui.idle()
    assert not settings.exists()

    offered["enforce_claude-code"].trigger()
    qtbot.waitUntil(lambda: view.enforce_dialog is not dialog and view.enforce_dialog.isVisible(), timeout=10000)
    view.enforce_dialog.confirm.click()
    qtbot.waitUntil(lambda: settings.exists() and not view.loading
                    and bool(view.table.item(row_of(view, "CLAUDE.md:3"), 5).text()), timeout=15000)
    hooks = json.loads(settings.read_text())["hooks"]["PreToolUse"]
    assert [group["matcher"] for group in hooks] == ["Bash"]
    cell = view.table.item(row_of(view, "CLAUDE.md:3"), 5).text()
    assert cell == "Claude Code: no call denied"
    assert view.table.item(row_of(view, "CLAUDE.md:3"), 5).toolTip().endswith(": no call denied")
    assert "Claude Code: enforced since" in view.detail.toPlainText()
    assert view.enforce_button.text() == "Stop enforcing…"

    [stop] = view.enforce_menu.actions()
    assert stop.objectName() == "stop_claude-code"
    stop.trigger()
    qtbot.waitUntil(lambda: view.enforce_dialog is not None and view.enforce_dialog.plan.remove
                    and view.enforce_dialog.isVisible(), timeout=10000)
    view.enforce_dialog.confirm.click()
    qtbot.waitUntil(lambda: not view.loading and view.table.isColumnHidden(5), timeout=15000)
    assert "PreToolUse" not in settings.read_text()


def test_the_page_in_chinese_shows_no_english_of_its_own(sessions, qtbot, tmp_path, state_root, workspace):
    from context_center.ui import language
    from context_center.ui.app import create_window
    from ui.test_translations import TS, _english_left, _texts, pairs

    app = QApplication.instance()
    settings = QSettings(str(tmp_path / "zh.ini"), QSettings.Format.IniFormat)
    settings.setValue(language.SETTING, "zh_CN")
    try:
        window, client = create_window(str(state_root), str(workspace), settings)
        qtbot.addWidget(window)
        window.show()
        assert language.current() == "zh_CN"
        tab = window.instructions
        qtbot.waitUntil(lambda: window.paths is not None, timeout=10000)
        window.tabs.setCurrentWidget(tab)
        qtbot.waitUntil(lambda: tab.pages.tabText(1).startswith("遵守") and "4" in tab.pages.tabText(1),
                        timeout=15000)
        tab.pages.setCurrentWidget(tab.adherence)
        view = tab.adherence
        qtbot.waitUntil(lambda: view.report is not None and not view.loading, timeout=15000)
        view.table.setCurrentCell(row_of(view, "CLAUDE.md:3"), 0)
        texts = _texts(window) + [view.table.item(r, c).text() for r in range(view.table.rowCount())
                                  for c in (2, 3, 4)]
        texts += [view.session_table.item(r, 0).text() for r in range(view.session_table.rowCount())]
        assert _english_left(texts, {source for source, _ in pairs(TS)}) == []
        detail = view.detail.toPlainText()
        assert "npm install left-pad" in detail and "ran " not in detail and "violated" not in detail
        assert not any("forbids" in view.table.item(r, 2).text() for r in range(view.table.rowCount()))
        window.close()
        client.shutdown()
    finally:
        language.install(app, "en")


def test_a_command_rule_is_enforced_for_codex_in_its_rules_folder_with_codexs_caveat(sessions, ui, qtbot, workspace):
    view = page(ui)
    rules = workspace / ".codex" / "rules" / "context-center.rules"
    click(qtbot, view.table, row_of(view, "AGENTS.md:3"))
    offered = {action.objectName(): action for action in view.enforce_menu.actions()}
    assert set(offered) == {"enforce_codex"}
    offered["enforce_codex"].trigger()
    qtbot.waitUntil(lambda: view.enforce_dialog is not None and view.enforce_dialog.isVisible(), timeout=10000)
    how = view.enforce_dialog.findChild(QLabel, "enforce_how").text()
    assert "experimental" in how and "outside its sandbox" in how
    assert "prefix_rule(" in view.enforce_dialog.diff.toPlainText() and not rules.exists()
    view.enforce_dialog.confirm.click()
    qtbot.waitUntil(lambda: rules.exists() and not view.loading
                    and "Codex: no call denied" == view.table.item(row_of(view, "AGENTS.md:3"), 5).text(),
                    timeout=15000)
    assert 'decision = "forbidden"' in rules.read_text()
    view.table.setCurrentCell(row_of(view, "AGENTS.md:3"), 0)
    assert "experimental" in view.detail.toPlainText()

    click(qtbot, view.table, row_of(view, "CLAUDE.md:4"))   # required before completion: no single call breaks it
    assert not view.enforce_button.isEnabled() and "forbidden command" in view.enforce_button.toolTip()
