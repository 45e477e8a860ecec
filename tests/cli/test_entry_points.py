"""``context-center --version``, and the window refusing politely when there is no display."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_center import __version__


def test_version_prints_the_package_version(cli):
    result = cli.run("--version")
    assert result.code == 0 and result.out == f"context-center {__version__}\n", result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the display check is for Linux (X11/Wayland)")
def test_without_a_display_the_window_says_what_to_do_instead_of_aborting(cli):
    env = {k: v for k, v in cli.env().items() if k not in {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}}
    root = cli.root / "untouched"
    for argv in ([sys.executable, "-m", "context_center", "--state-root", str(root)],
                 [os.path.join(os.path.dirname(sys.executable), "context-center-gui"), "--state-root", str(root)]):
        if not os.path.exists(argv[0]):
            continue  # the gui script exists only in an installed environment
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cli.workspace, timeout=60)
        assert proc.returncode == 1, (argv, proc)
        assert "no display" in proc.stderr and "xvfb-run -a" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr and not root.exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the display check is for Linux (X11/Wayland)")
def test_a_display_nobody_answers_on_is_said_too(cli, tmp_path):
    env = {k: v for k, v in cli.env().items() if k not in {"WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}}
    taken = {int(p.name[1:]) for p in Path("/tmp/.X11-unix").glob("X*") if p.name[1:].isdigit()}
    env["DISPLAY"] = f":{next(n for n in range(4242, 4342) if n not in taken)}"  # no server there
    proc = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(tmp_path / "root")],
                          capture_output=True, text=True, env=env, cwd=cli.workspace, timeout=60)
    assert proc.returncode == 1 and f"nothing answers on DISPLAY={env['DISPLAY']}" in proc.stderr, proc
    assert f"xvfb-run -a {sys.executable} -m context_center --state-root" in proc.stderr
