"""What the README tells a new user to click and run is what the window has (#49 item 23)."""
from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QGroupBox

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_readme_names_the_window_and_the_commands_as_they_are(ui, qtbot):
    assert "Settings ▸ Appearance" not in README.replace("File ▸ Settings… ▸ Appearance", "")
    assert "File ▸ Settings… ▸ Appearance" in README
    file_menu = next(a.menu() for a in ui.window.menuBar().actions() if a.text().replace("&", "") == "File")
    [settings] = [a for a in file_menu.actions() if a.text().replace("&", "") == "Settings…"]
    dialog = ui.window.open_settings()
    try:
        assert "Appearance" in [box.title() for box in dialog.findChildren(QGroupBox)]
    finally:
        dialog.reject()
    assert settings.isEnabled()
    blocks = re.findall(r"```sh\n(.*?)```", README, re.DOTALL)
    assert any("xvfb-run -a ./dev.sh run" in block.splitlines() for block in blocks)
    assert "run in the current\ndirectory" not in README and "open the last\nworkspace again" in README
