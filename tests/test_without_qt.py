"""The engine, the command line and the hook run on a machine without PySide6."""
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def _without_qt_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE / "no_qt"), env.get("PYTHONPATH")]))
    env.pop("CC_CMD", None)
    return env


def test_pyside6_really_is_blocked_there():
    proc = subprocess.run([sys.executable, "-c", "import PySide6"], env=_without_qt_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "blocked: running without Qt" in proc.stderr


def test_the_cli_suite_passes_without_pyside6(tmp_path):
    """The command line's suite drives every command (the hook, the MCP server's, the engine behind
    them) in processes of their own; the engine's own suite adds nothing a missing Qt could break
    that these miss (its modules import no Qt: import-linter holds them to it), and took three
    minutes of the suite's ten to run a second time. Its temporary folders live under this test's:
    a session of its own in the shared temporary root would clean up other sessions' folders, and
    fail on whatever those left behind."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:pytest-qt", "-p", "no:cacheprovider",
                           "-c", str(HERE / "no_qt" / "pytest.ini"), "--rootdir", str(HERE.parent),
                           "--confcutdir", str(HERE.parent), "--basetemp", str(tmp_path / "cli"), str(HERE / "cli")],
                          env=_without_qt_env(), capture_output=True, text=True, cwd=HERE.parent, timeout=600)
    tail = "\n".join(proc.stdout.splitlines()[-15:])
    assert proc.returncode == 0, f"{tail}\n{proc.stderr[-2000:]}"
    assert " passed" in tail and "skipped" not in tail.split("\n")[-1], tail
