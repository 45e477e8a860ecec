"""``context-center desktop install|uninstall``: the desktop entry for a pip or pipx install.

The ``.deb`` ships its own entry (``packaging/linux/``). A pip or pipx install has no place to
put one, so this command writes it into the user's data directory (``$XDG_DATA_HOME``, else
``~/.local/share``) with an absolute ``Exec`` for the interpreter running it, and copies the
icon beside it. It never opens the engine: no state root is needed or created.
"""
from __future__ import annotations

import argparse
import os
import sys
from importlib import resources
from pathlib import Path

from .. import APP_ID, APP_NAME
from ..engine import StorageError
from .output import Output, Subcommands, add_json_option

# The same entry as packaging/linux/<APP_ID>.desktop (a test keeps them in step), with
# TryExec and Exec filled in for this install.
ENTRY = """\
[Desktop Entry]
Type=Application
Name=Context Center
GenericName=Agent context manager
Comment=See and steer what coding agents are told and what they remember
Exec={exec}
TryExec={try_exec}
Icon={app_id}
Terminal=false
Categories=Development;
Keywords=agent;memory;instructions;AGENTS.md;CLAUDE.md;recall;
StartupWMClass={wm_class}
"""

# Characters that make an Exec argument need double quotes (Desktop Entry Specification, "The
# Exec key"), and the ones to escape with a backslash inside the quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
_ESCAPED_IN_QUOTES = set('"`$\\')


def register(commands: Subcommands) -> None:
    desktop = commands.add_parser(
        "desktop", help="add or remove the desktop entry (application menu, launcher) of this install",
        description="For a pip or pipx install: write (or remove) the desktop entry and the icon in "
                    "$XDG_DATA_HOME (default ~/.local/share), so Context Center starts from the "
                    "application menu. The .deb installs its own entry; this is not needed there.")
    sub = desktop.add_subparsers(dest="desktop_command", metavar="ACTION", required=True)
    install = sub.add_parser("install", help="write the desktop entry and the icon for this install")
    add_json_option(install)
    install.set_defaults(handler=install_command, opens_engine=False)
    uninstall = sub.add_parser("uninstall", help="remove what `desktop install` wrote")
    add_json_option(uninstall)
    uninstall.set_defaults(handler=uninstall_command, opens_engine=False)


def data_home() -> Path:
    """``$XDG_DATA_HOME`` when it is an absolute path (the spec ignores relative ones), else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def entry_path() -> Path:
    return data_home() / "applications" / f"{APP_ID}.desktop"


def icon_path() -> Path:
    return data_home() / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"


def gui_command() -> list[str]:
    """How to start the window of the install running this command, as absolute argv."""
    if getattr(sys, "frozen", False):  # a PyInstaller bundle: its executable opens the window
        return [sys.executable]
    # Not resolved: a venv's python is a symlink to the base interpreter, and the scripts
    # live beside the link.
    script = Path(sys.executable).parent / "context-center-gui"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "context_center"]


def _exec_argument(arg: str) -> str:
    if any(c in _RESERVED for c in arg):
        arg = '"' + "".join("\\" + c if c in _ESCAPED_IN_QUOTES else c for c in arg) + '"'
    return arg.replace("%", "%%")


def _string_value(text: str) -> str:
    """A desktop entry string value: backslashes and control characters escaped."""
    return (text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r"))


def render_entry(argv: list[str]) -> str:
    return ENTRY.format(exec=_string_value(" ".join(_exec_argument(a) for a in argv)),
                        try_exec=_string_value(argv[0]), app_id=APP_ID, wm_class=APP_NAME)


def install_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    argv = gui_command()
    entry, icon = entry_path(), icon_path()
    try:
        for path in (entry, icon):
            path.parent.mkdir(parents=True, exist_ok=True)
        icon.write_bytes((resources.files("context_center.resources") / "context-center.svg").read_bytes())
        entry.write_text(render_entry(argv), encoding="utf-8")
    except OSError as exc:
        return out.error(StorageError(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")))
    data = {"written": [str(entry), str(icon)], "exec": argv}
    human = "\n".join([f"Wrote {entry}", f"Wrote {icon}", "The entry starts: " + " ".join(argv),
                       "Context Center is in the application menu (Development); "
                       "`context-center desktop uninstall` removes it."])
    return out.emit(data, human)


def uninstall_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    removed, absent = [], []
    for path in (entry_path(), icon_path()):
        try:
            path.unlink()
            removed.append(str(path))
        except FileNotFoundError:
            absent.append(str(path))
        except OSError as exc:
            return out.error(StorageError(f"{exc.strerror or exc}: {path}"))
    human = "\n".join([f"Removed {p}" for p in removed] + [f"Not there: {p}" for p in absent])
    return out.emit({"removed": removed, "absent": absent}, human)
