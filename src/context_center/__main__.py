"""``context-center`` / ``python -m context_center``: the command line, or the window when no
command is given. The one place that knows both faces."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from .cli.main import build_parser, run

    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    if args.command is None and not {"-h", "--help"} & set(argv):
        return gui(args.state_root, args.workspace)
    return run(argv)


def gui(state_root: str | None = None, workspace: str | None = None) -> int:
    from .ui.app import run

    return run(state_root, workspace)


def gui_main() -> int:
    """The ``gui-scripts`` entry point (a double-click starts no console)."""
    from .cli.main import build_parser

    args = build_parser().parse_args(sys.argv[1:])
    return gui(args.state_root, args.workspace)


if __name__ == "__main__":
    sys.exit(main())
