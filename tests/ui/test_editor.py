"""Open in editor: the desktop's handler, else $VISUAL/$EDITOR (at the line), else the path in a dialog."""
import os
import stat
import sys

from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox

from context_center.ui.editor import editor_command


def _fake_editor(tmp_path):
    """A real program standing in for an editor: it writes down the arguments it got."""
    log = tmp_path / "editor.log"
    script = tmp_path / "fake-editor"
    # written to a temp file and renamed: the test never reads a half-written log
    script.write_text(f"#!{sys.executable}\nimport os, sys\ntemp = {str(log)!r} + '.tmp'\n"
                      "open(temp, 'w').write(' '.join(sys.argv[1:]))\n"
                      f"os.replace(temp, {str(log)!r})\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script, log


def _broken_rules(workspace):
    (workspace / "AGENTS.md").write_text("# Rules\n\n@../outside.md\n")


def test_a_diagnostic_opens_its_file_at_the_line_in_the_users_editor(ui, qtbot, workspace, tmp_path,
                                                                    monkeypatch):
    script, log = _fake_editor(tmp_path)
    monkeypatch.setenv("VISUAL", f"{script} --wait")
    _broken_rules(workspace)
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.diagnostics.rowCount() == 1, timeout=10000)
    tab.diagnostics.selectRow(0)
    assert str(workspace / "AGENTS.md") in tab.diagnostics.item(0, 2).toolTip()
    tab.open_diagnostic()
    qtbot.waitUntil(log.exists, timeout=10000)
    assert log.read_text() == f"--wait {workspace / 'AGENTS.md'}"  # an unknown editor gets no line syntax


def test_without_a_desktop_handler_the_editor_is_used_and_without_either_the_path_is_shown(
        ui, qtbot, workspace, tmp_path, monkeypatch):
    script, log = _fake_editor(tmp_path)
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda _url: False))
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", str(script))
    (workspace / "AGENTS.md").write_text("Run the tests.\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 1, timeout=10000)
    tab.open_in_editor()
    qtbot.waitUntil(log.exists, timeout=10000)
    assert log.read_text() == str(workspace / "AGENTS.md")
    monkeypatch.delenv("EDITOR")
    tab.open_in_editor()
    box = tab.findChild(QMessageBox, "editor_fallback")
    assert box is not None and box.isVisible() and str(workspace / "AGENTS.md") in box.text()
    box.close()


def test_known_editors_jump_to_the_line():
    assert editor_command("vim", "/a/b.md", 7) == ["vim", "+7", "/a/b.md"]
    assert editor_command("code --new-window", "/a/b.md", 7) == ["code", "--new-window", "-g", "/a/b.md:7"]
    assert editor_command("nano", "/a/b.md") == ["nano", "/a/b.md"]
    assert os.path.basename(editor_command("/usr/bin/nvim", "/x.md", 2)[0]) == "nvim"
