"""Instructions ▸ Align agents…: the change shown first, applied with the user's word, undone (#35)."""
from __future__ import annotations

from PySide6.QtCore import Qt

CLAUDE_MD = "# Claude\n- Never push to main.\n- Claude only: keep answers short.\n"


def _open(ui, qtbot):
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.resolved is not None, timeout=10000)
    qtbot.mouseClick(tab.align_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.align_dialog is not None and tab.align_dialog.isVisible(), timeout=10000)
    return tab, tab.align_dialog


def test_align_shows_the_change_applies_it_and_undoes_it(own_home, ui, qtbot, workspace):
    (workspace / "AGENTS.md").write_text("- Never push to main.\n", encoding="utf-8")
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD, encoding="utf-8")
    tab, dialog = _open(ui, qtbot)
    qtbot.waitUntil(lambda: dialog.apply_button.isEnabled(), timeout=10000)
    shown = dialog.changes.toPlainText()
    assert "Change CLAUDE.md" in shown and "Create .gemini/settings.json" in shown
    assert "Codex reads AGENTS.md already" in shown
    dialog.boxes["gemini"].setChecked(False)   # only Claude Code's change, then
    qtbot.waitUntil(lambda: dialog.apply_button.isEnabled() and "settings.json" not in dialog.changes.toPlainText(),
                    timeout=10000)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Applied" in dialog.outcome.text(), timeout=10000)
    assert (workspace / "CLAUDE.md").read_text() == "@AGENTS.md\n\n# Claude\n- Claude only: keep answers short.\n"
    assert not (workspace / ".gemini").exists()
    qtbot.waitUntil(lambda: "Nothing to change" in dialog.status.text(), timeout=10000)
    # the worker says whether there is an align to undo after it has worked out the new preview: a
    # click before that lands on a disabled button (under load, it did)
    qtbot.waitUntil(dialog.undo_button.isEnabled, timeout=10000)
    qtbot.mouseClick(dialog.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Restored CLAUDE.md" in dialog.outcome.text(), timeout=10000)
    assert (workspace / "CLAUDE.md").read_text() == CLAUDE_MD
    dialog.close()


def test_without_agents_md_the_dialog_asks_for_the_source(own_home, ui, qtbot, workspace):
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD, encoding="utf-8")
    tab, dialog = _open(ui, qtbot)
    qtbot.waitUntil(lambda: "no AGENTS.md" in dialog.status.text(), timeout=10000)
    assert "Choose the file whose text becomes AGENTS.md" in dialog.status.text()
    assert not dialog.apply_button.isEnabled()
    dialog.source.setCurrentIndex(dialog.source.findData("CLAUDE.md"))
    qtbot.waitUntil(lambda: dialog.apply_button.isEnabled(), timeout=10000)
    assert "Create AGENTS.md" in dialog.changes.toPlainText()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: (workspace / "AGENTS.md").exists(), timeout=10000)
    assert (workspace / "AGENTS.md").read_text() == CLAUDE_MD
    qtbot.waitUntil(lambda: "Applied" in dialog.outcome.text(), timeout=10000)
    dialog.close()


def test_undo_last_align_is_offered_only_with_an_align_to_undo_and_never_takes_apply(own_home, ui, qtbot,
                                                                                    workspace):
    """It was enabled with nothing to undo, and clicking it disabled Apply while the preview still
    listed files to change."""
    (workspace / "AGENTS.md").write_text("- Never push to main.\n", encoding="utf-8")
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD, encoding="utf-8")
    tab, dialog = _open(ui, qtbot)
    qtbot.waitUntil(lambda: dialog.apply_button.isEnabled(), timeout=10000)
    ui.idle()
    assert not dialog.undo_button.isEnabled()   # nothing aligned yet
    dialog.undo()   # (as a click that came before the answer)
    ui.idle()
    assert dialog.apply_button.isEnabled() and "Change CLAUDE.md" in dialog.changes.toPlainText()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Applied" in dialog.outcome.text() and dialog.undo_button.isEnabled(), timeout=10000)
    qtbot.mouseClick(dialog.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Restored CLAUDE.md" in dialog.outcome.text(), timeout=10000)
    ui.idle()
    assert not dialog.undo_button.isEnabled() and dialog.apply_button.isEnabled()
    dialog.close()
