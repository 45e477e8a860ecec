"""``context-center`` / ``python -m context_center``: the command line, or the window when no
command is given. The one place that knows both faces."""
from __future__ import annotations

import os
import sys

NO_DISPLAY = """\
context-center: there is no display to open the window on ($DISPLAY and $WAYLAND_DISPLAY are unset).
  On a machine without a screen, run it under Xvfb:   xvfb-run -a context-center
  Over ssh, forward X11 (ssh -X) or set DISPLAY to a running X server.
  Commands need no display: context-center memory list, context-center --help.
"""


def _no_display() -> bool:
    """True on Linux with no X11 or Wayland display and no Qt platform chosen: Qt would abort."""
    if not sys.platform.startswith("linux"):
        return False
    return not any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def main(argv: list[str] | None = None) -> int:
    from .cli.main import build_parser, run

    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    if args.command is None and not {"-h", "--help"} & set(argv):
        return gui(args.state_root, args.workspace)
    return run(argv)


def gui(state_root: str | None = None, workspace: str | None = None) -> int:
    if _no_display():  # say what to do rather than let Qt abort with a core dump
        sys.stderr.write(NO_DISPLAY)
        return 1
    from .ui.app import run

    return run(state_root, workspace)


def gui_main() -> int:
    """The ``gui-scripts`` entry point (a double-click starts no console)."""
    from .cli.main import build_parser

    args = build_parser().parse_args(sys.argv[1:])
    return gui(args.state_root, args.workspace)


if __name__ == "__main__":
    sys.exit(main())
