"""The engine, the command line, the hook, the MCP server and the resident service run on a machine
without PySide6: `./dev.sh test` runs every suite but the window's in a process where it cannot
be imported (tests/no_qt), and each suite once."""
import configparser
import importlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def _without_qt_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE / "no_qt"), env.get("PYTHONPATH")]))
    return env


def test_pyside6_really_is_blocked_there():
    proc = subprocess.run([sys.executable, "-c", "import PySide6"], env=_without_qt_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "blocked: running without Qt" in proc.stderr


def test_the_pass_without_qt_has_no_pyside6():
    """In `./dev.sh test`'s first pass this very process cannot import PySide6, so every test of
    that pass (in this process or in the commands it starts) ran without it."""
    if os.environ.get("CONTEXT_CENTER_TESTS_WITHOUT_QT") != "1":
        pytest.skip("checked in ./dev.sh test's pass without Qt")
    with pytest.raises(ModuleNotFoundError, match="blocked: running without Qt"):
        importlib.import_module("PySide6")
    assert not any(name.split(".")[0] in ("PySide6", "shiboken6") for name in sys.modules)


def test_the_pass_without_qt_is_configured_as_the_project_is():
    """tests/no_qt/pytest.ini says what pyproject.toml says, but for pytest-qt's own settings."""
    project = tomllib.loads((HERE.parent / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    parser = configparser.ConfigParser()
    parser.read(HERE / "no_qt" / "pytest.ini")
    without_qt = dict(parser["pytest"])

    def said(value: object) -> str:
        if isinstance(value, bool):
            return str(value).lower()
        return " ".join(map(str, value)) if isinstance(value, list) else str(value)

    expected = {key: said(value) for key, value in project.items()
                if not key.startswith("qt_") and key not in ("required_plugins", "testpaths")}
    assert without_qt == expected
