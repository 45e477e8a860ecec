"""The manual's screenshots are made by a script, and the script still runs: it shoots every
picture the manual shows (and the committed set), on a demo store of its own."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_screenshot_script_makes_every_picture_the_manual_shows(tmp_path):
    pytest.importorskip("PySide6")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path / "home")}
    made = subprocess.run([sys.executable, str(ROOT / "docs" / "make_screenshots.py"), str(tmp_path / "shots"),
                           "--size", "800x500"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr[-3000:]
    shot = {path.name for path in (tmp_path / "shots").glob("*.png") if path.stat().st_size > 1000}
    pages = [*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]
    shown = {name for page in pages for name in re.findall(r"screenshots/([\w-]+\.png)", page.read_text("utf-8"))}
    committed = {path.name for path in (ROOT / "docs" / "screenshots").glob("*.png")}
    assert shown and shown <= committed, sorted(shown - committed)
    assert committed <= shot, sorted(committed - shot)
