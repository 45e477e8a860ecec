"""``context-center``: the parser and the dispatch. Handlers live with their noun."""
from __future__ import annotations

import argparse
import sys
from typing import cast

from .. import __version__
from ..engine import EngineError, StorageError, open_engine
from . import (
    config_commands,
    cost_commands,
    desktop_commands,
    hook_commands,
    import_commands,
    instruction_commands,
    mcp_commands,
    memory_commands,
    recall_commands,
    review_commands,
    service_commands,
    suggestion_commands,
    sync_commands,
    team_commands,
    wiring_commands,
)
from .output import Opener, Output, Subcommands


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a one-line hint on a usage error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="context-center",
                     description="See and steer what coding agents are told and what they remember.")
    parser.add_argument("--state-root", metavar="DIR",
                        help="state root (default: $CONTEXT_CENTER_HOME, else state_root in the config file, else "
                             "the user data directory; `config show` says which)")
    parser.add_argument("--workspace", metavar="DIR",
                        help="workspace (default: nearest ancestor of the current directory with .git)")
    parser.add_argument("--version", action="version", version=f"context-center {__version__}")
    # (each noun's parsers are _Parser too; the nouns need only know they are ArgumentParsers)
    commands = cast(Subcommands, parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser))
    memory_sub = memory_commands.register(commands)
    instruction_commands.register_report(memory_sub)
    recall_commands.register(memory_sub)
    review_commands.register(memory_sub)
    cost_commands.register(memory_sub)
    instruction_commands.register(commands)
    hook_commands.register(commands)
    suggestion_commands.register(commands)
    import_commands.register(commands)
    desktop_commands.register(commands)
    mcp_commands.register(commands)
    team_commands.register(commands)
    sync_commands.register(commands)
    config_commands.register(commands)
    wiring_commands.register(commands)
    service_commands.register(commands)
    return parser


def run(argv: list[str], parser: argparse.ArgumentParser | None = None, opener: Opener = open_engine) -> int:
    """``parser``: one already built (building it is a tenth of a command's own time); ``opener``:
    what gives the command its engine (the resident service lends a warm one)."""
    parser = parser or build_parser()
    args = parser.parse_args(argv)
    if args.command is None:  # the window is started by __main__; here, say what there is
        parser.print_help()
        return 0
    if not getattr(args, "opens_engine", True):
        return args.handler(args)
    out = Output(getattr(args, "json", False))
    try:
        with opener(state_root=args.state_root, workspace=args.workspace) as engine:
            return args.handler(engine, args, out)
    except EngineError as exc:
        return out.error(exc)
    except OSError as exc:  # the disk said no somewhere we did not expect: say so, no traceback
        return out.error(StorageError(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")))
    except KeyboardInterrupt:
        return 130
