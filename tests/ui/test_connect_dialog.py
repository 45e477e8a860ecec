"""File ▸ Connect agents… (#29): what each agent reaches, the change shown as a diff before anything is
written, the write with its backup, and the status bar's warning while the agents reach another store."""
from __future__ import annotations

import json
from pathlib import Path

from context_center.engine.wiring.connect import hook_command


def claude_settings(home: Path) -> Path:
    return home / ".claude" / "settings.json"


def test_connect_agents_shows_the_change_then_writes_it_and_the_warning_goes(open_window, qtbot, own_home: Path):
    (own_home / ".claude").mkdir()
    claude_settings(own_home).write_text(json.dumps({"model": "opus", "hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": hook_command(own_home / "another-store")}]}]}}, indent=2) + "\n")
    ui = open_window()
    window = ui.window
    qtbot.waitUntil(lambda: window.store.warning.isVisible(), timeout=10000)
    assert window.store.warning.text() == "⚠ Agents reach another store"
    assert "another-store" in window.store.warning.toolTip()
    window.store.warning.click()                       # the warning opens Connect agents…
    from context_center.ui.connect_dialog import ConnectDialog
    dialog = window.findChild(ConnectDialog, "connect_agents")
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: "reaches the store" in dialog.status.text(), timeout=10000)
    before = claude_settings(own_home).read_text()
    dialog.buttons[("claude-code", False)].click()
    qtbot.waitUntil(lambda: dialog.diff.isVisible(), timeout=10000)
    shown = dialog.diff.toPlainText()
    assert "another-store" in shown and str(ui.state_root) in shown and "+++" in shown
    assert claude_settings(own_home).read_text() == before          # nothing written before the user says so
    dialog.write_button.click()
    qtbot.waitUntil(lambda: "Written." in dialog.preview_title.text(), timeout=10000)
    settings = json.loads(claude_settings(own_home).read_text())
    assert settings["model"] == "opus"
    assert [h["command"] for g in settings["hooks"]["UserPromptSubmit"] for h in g["hooks"]] == [
        hook_command(ui.state_root)]
    assert list(own_home.glob(".claude/settings.json.context-center-backup-*"))
    assert json.loads((own_home / ".claude.json").read_text())["mcpServers"]["context-center"]["args"][-3:] == [
        "--state-root", str(ui.state_root), "mcp"]
    qtbot.waitUntil(lambda: "Every agent reaches this store." in dialog.status.text(), timeout=10000)
    qtbot.waitUntil(lambda: not window.store.warning.isVisible(), timeout=10000)   # checked again
    dialog.buttons[("claude-code", False)].click()
    qtbot.waitUntil(lambda: "nothing to change" in dialog.preview_title.text(), timeout=10000)
    assert dialog.diff.isHidden() and dialog.write_button.isHidden()
    dialog.reject()


def test_a_file_that_cannot_be_parsed_is_said_and_left_alone(open_window, qtbot, own_home: Path):
    (own_home / ".claude").mkdir()
    claude_settings(own_home).write_text('{"hooks": ')
    ui = open_window()
    dialog = ui.window.open_connect()
    dialog.buttons[("claude-code", False)].click()
    qtbot.waitUntil(lambda: "left as it is" in dialog.preview_title.text(), timeout=10000)
    assert not dialog.write_button.isVisible() and claude_settings(own_home).read_text() == '{"hooks": '
    dialog.reject()


def test_the_empty_state_offers_to_connect_the_agents(open_window, qtbot):
    from PySide6.QtWidgets import QPushButton

    from context_center.ui.connect_dialog import ConnectDialog

    ui = open_window()
    qtbot.waitUntil(lambda: ui.window.facts.welcome_text.isVisible(), timeout=10000)
    assert "Ctrl+Shift+K" in ui.window.facts.welcome_text.toPlainText()
    ui.window.facts.findChild(QPushButton, "button_connect_agents").click()
    dialog = ui.window.findChild(ConnectDialog, "connect_agents")
    assert dialog is not None and dialog.isVisible()
    ui.idle()
    dialog.reject()


def test_the_diagnostics_are_in_the_windows_language(open_window, qtbot, own_home: Path):
    """The Chinese window showed doctor's English sentences: each problem is worded by its code."""
    from PySide6.QtWidgets import QApplication

    from context_center.ui import language
    (own_home / ".claude").mkdir()
    claude_settings(own_home).write_text(json.dumps({"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": hook_command(own_home / "another-store")}]}]}}, indent=2) + "\n")
    ui = open_window()
    app = QApplication.instance()
    language.install(app, "zh_CN")
    try:
        dialog = ui.window.open_connect()
        qtbot.waitUntil(lambda: "•" in dialog.status.text(), timeout=10000)
        shown = dialog.status.text()
        for english in ("reaches the store", "is not registered", "hook of Context Center", "entry in", "'s "):
            assert english not in shown, english
        assert "另一个存储" in shown or "存储" in shown
        dialog.reject()
    finally:
        language.install(app, "en")


def test_connect_agents_lists_the_rules_enforced_at_the_tool_call(ui, qtbot):
    from context_center.engine import open_engine
    from context_center.ui.connect_dialog import ConnectDialog

    (ui.workspace / "CLAUDE.md").write_text("- Never use npm; use pnpm.\n")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        engine.apply_enforcement(engine.enforce_plan("CLAUDE.md:1", "claude-code"))
    dialog = ConnectDialog(ui.window.client, ui.window.paths, ui.window)
    qtbot.waitUntil(lambda: "Enforced at the tool call: CLAUDE.md:1 for Claude Code" in dialog.status.text(),
                    timeout=15000)
    dialog.close()
