"""``context-center config show|set|unset``: the user's config file, and which store every face opens.

The state root is, in order: ``--state-root``, ``$CONTEXT_CENTER_HOME``, ``state_root`` in the
config file, the platform's default; ``config show`` says which one decided."""
from __future__ import annotations

import argparse

from .. import engine as facade
from ..engine import EngineError
from .output import Output, Subcommands, add_json_option

SOURCES_SAID = {"flag": "--state-root", "env": "$CONTEXT_CENTER_HOME", "config": "the config file",
                "default": "the platform's default"}


def register(commands: Subcommands) -> None:
    config = commands.add_parser(
        "config", help="the user's config file: the store every face opens",
        description="Every face (the window, these commands, the Claude Code hook, the MCP server) opens the "
                    "same store: --state-root, else $CONTEXT_CENTER_HOME, else state_root in the config file, "
                    "else the platform's default.")
    actions = config.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    show = actions.add_parser("show", help="the store in use, and which source chose it")
    add_json_option(show)
    show.set_defaults(handler=show_command, opens_engine=False)
    set_parser = actions.add_parser("set", help="write a setting into the config file")
    set_parser.add_argument("key", choices=["state-root"])
    set_parser.add_argument("value", metavar="DIR",
                            help="the folder (a relative one is taken from the current directory; config unset "
                                 "clears it)")
    add_json_option(set_parser)
    set_parser.set_defaults(handler=set_command, opens_engine=False)
    unset = actions.add_parser("unset", help="remove a setting from the config file")
    unset.add_argument("key", choices=["state-root"])
    add_json_option(unset)
    unset.set_defaults(handler=unset_command, opens_engine=False)


def _said(choice: facade.StateRootChoice) -> str:
    lines = [f"state root: {choice.path}", f"chosen by: {SOURCES_SAID[choice.source]}",
             f"config file: {choice.config_file or f'none (it would be {facade.config_file()})'}"]
    return "\n".join(lines + [f"warning: {w}" for w in choice.warnings])


def show_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    try:
        choice = facade.choose_state_root(args.state_root)
    except EngineError as exc:
        return out.error(exc)
    return out.emit(choice.to_json(), lambda: _said(choice))


def set_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    try:
        written = facade.set_state_root(args.value)
        choice = facade.choose_state_root(args.state_root)
    except EngineError as exc:
        return out.error(exc)
    human = f"state_root = {written.state_root} is in {written.file}"
    if choice.source in ("flag", "env"):   # it is written, yet this very call would not use it
        human += f"\n(here {SOURCES_SAID[choice.source]} still decides: {choice.path})"
    return out.emit(choice.to_json(), human)


def unset_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    try:
        facade.unset_state_root()
        choice = facade.choose_state_root(args.state_root)
    except EngineError as exc:
        return out.error(exc)
    return out.emit(choice.to_json(), f"state_root is no longer set; the store is {choice.path} "
                                      f"({SOURCES_SAID[choice.source]})")
