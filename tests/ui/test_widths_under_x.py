"""The width test again under a real X server (Xvfb), where a window's resize arrives as an event of
its own: at 1024×640 the Facts table scrolled sideways by two pixels there (its scroll range was
left from before its columns were fitted), while under the offscreen platform the suite uses it
never did."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run (.ci/run installs it)")
def test_every_table_is_whole_under_a_real_x_server():
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb"}
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-m", "pytest", "-q",
                           "-p", "no:cacheprovider", str(HERE / "test_widths.py")],
                          cwd=HERE.parents[1], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
