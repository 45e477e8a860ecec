"""``context-center`` / ``python -m context_center``: the resident service's answer when it has one
(the hook, the read commands, a forked MCP server), else the command in this process
(:mod:`.launch`). Kept small: every hook starts here."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:2] == ["service", "run"]:
        from .service.server import main as run_service

        return run_service(argv[2:])
    if argv[:2] == ["service", "zygote"]:
        from .service.zygote import main as run_zygote

        return run_zygote(argv[2:])
    from .resident.client import forward, relay

    answered = forward(argv)   # the hook and the read commands, from the warm resident service
    if answered is None:
        answered = relay(argv)   # an MCP server over stdio, forked from the service's warm zygote
    if answered is not None:
        return answered
    from .launch import run_here

    return run_here(argv)


def gui_main() -> int:
    """The ``gui-scripts`` entry point (a double-click starts no console)."""
    from .cli.main import build_parser
    from .launch import gui

    args = build_parser().parse_args(sys.argv[1:])
    return gui(args.state_root, args.workspace)


if __name__ == "__main__":
    sys.exit(main())
