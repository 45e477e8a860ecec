"""``context-center mcp token create|revoke|status``: the named bearer tokens of ``mcp --http``.
Values are kept in the OS keyring, names and scopes in the state root's settings; ``create``
prints a value once, nothing else ever prints one."""
from __future__ import annotations

import argparse
from typing import Any

from .. import engine as facade
from ..engine import Engine
from .output import Output, Subcommands, add_json_option

HEADER = "Authorization: Bearer "


def register(mcp_commands: Subcommands) -> None:
    token = mcp_commands.add_parser(
        "token", help="the bearer tokens of `mcp --http` (in the OS keyring)",
        description="The HTTP server (`context-center mcp --http HOST:PORT`) answers only requests that carry "
                    "one of these tokens (Authorization: Bearer …). Each has a name and a scope: all of the store, "
                    "one project (--project), read-only or not. Values live in the OS keyring; `create` prints "
                    "one once.")
    token.set_defaults(handler=status, opens_engine=True, json=False)
    actions = token.add_subparsers(dest="token_command", metavar="ACTION")
    create_parser = actions.add_parser("create", help="make a random token, store it, print it once")
    create_parser.add_argument("--name", default="default", help="its name (default: default)")
    create_parser.add_argument("--project", metavar="DIR", help="it may bind only this workspace")
    create_parser.add_argument("--read-only", action="store_true", help="every write with it is refused")
    create_parser.add_argument("--replace", action="store_true",
                               help="replace the token of that name (its clients stop working); it keeps its "
                                    "scope (to change one, revoke it and create it again)")
    add_json_option(create_parser)
    create_parser.set_defaults(handler=create)
    revoke_parser = actions.add_parser("revoke", help="remove a token: its clients are refused (within seconds)")
    revoke_parser.add_argument("name", nargs="?", default="default", help="its name (default: default)")
    add_json_option(revoke_parser)
    revoke_parser.set_defaults(handler=revoke)
    status_parser = actions.add_parser("status", help="the tokens by name and scope (never a value)")
    add_json_option(status_parser)
    status_parser.set_defaults(handler=status)


def _scope(grant: dict[str, Any]) -> str:
    return facade.TokenGrant(grant["name"], grant["project"], grant["read_only"]).scope_said


def create(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    try:
        token, made = facade.create_server_token(engine, args.name, project=args.project, read_only=args.read_only,
                                                 replace=args.replace)
    except facade.TokenExists as exc:
        raise facade.TokenExists(f"{exc.message} (`mcp token create --name {args.name} --replace`, or "
                                 f"`mcp token revoke {args.name}`)") from None
    grant = made.to_json()
    return out.emit({**grant, "token": token, "header": HEADER + token},
                    f"{token}\n\nThe token {args.name!r} ({_scope(grant)}) is in the OS keyring; it is shown this "
                    "once. Clients of `context-center mcp --http HOST:PORT` send the header\n"
                    f"  {HEADER}<the token>")


def revoke(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    had = facade.revoke_server_token(engine, args.name)
    return out.emit({"name": args.name, "revoked": had},
                    f"The token {args.name!r} is gone; a running server refuses its clients within seconds."
                    if had else f"There was no token named {args.name!r}.")


def status(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    state = facade.server_token_status(engine)
    if state["tokens"]:
        human = "\n".join(f"{g['name']}: {_scope(g)}" for g in state["tokens"]) + f"\n(in {state['backend']})"
    else:
        human = "No token: create one with `context-center mcp token create`."
    if state["keyring_problem"]:
        human += f"\n{state['keyring_problem']}"
    return out.emit(state, human)
