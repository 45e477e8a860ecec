"""``context-center mcp token create|revoke|status``: the bearer token of ``mcp --http``, kept in
the OS keyring. ``create`` prints it once; nothing else ever prints it."""
from __future__ import annotations

import argparse
from typing import Any

from .. import engine as facade
from .output import Output

HEADER = "Authorization: Bearer "


def register(mcp_commands: Any) -> None:
    token = mcp_commands.add_parser(
        "token", help="the bearer token of `mcp --http` (in the OS keyring)",
        description="The HTTP server (`context-center mcp --http HOST:PORT`) answers only requests that carry "
                    "this token (Authorization: Bearer …). It lives in the OS keyring; `create` prints it once.")
    token.set_defaults(handler=status, opens_engine=False, json=False)
    actions = token.add_subparsers(dest="token_command", metavar="ACTION")
    create_parser = actions.add_parser("create", help="make a random token, store it, print it once")
    create_parser.add_argument("--replace", action="store_true",
                               help="replace the token already stored (its clients stop working)")
    create_parser.add_argument("--json", action="store_true", help="print JSON for machines")
    create_parser.set_defaults(handler=create)
    revoke_parser = actions.add_parser("revoke", help="remove the token: every client is refused (within seconds)")
    revoke_parser.add_argument("--json", action="store_true", help="print JSON for machines")
    revoke_parser.set_defaults(handler=revoke)
    status_parser = actions.add_parser("status", help="is a token stored (never shows it)")
    status_parser.add_argument("--json", action="store_true", help="print JSON for machines")
    status_parser.set_defaults(handler=status)


def _run(args: argparse.Namespace, action: Any) -> int:
    out = Output(args.json)
    try:
        return int(action(out))
    except facade.EngineError as exc:
        return out.error(exc)


def create(args: argparse.Namespace) -> int:
    def made(out: Output) -> int:
        try:
            token = facade.create_server_token(replace=args.replace)
        except facade.TokenExists as exc:
            raise facade.TokenExists(f"{exc.message} (`mcp token create --replace`, or `mcp token revoke`)") from None
        return out.emit({"token": token, "header": HEADER + token},
                        f"{token}\n\nThe token is in the OS keyring; it is shown this once. Clients of "
                        "`context-center mcp --http HOST:PORT` send the header\n"
                        f"  {HEADER}<the token>")
    return _run(args, made)


def revoke(args: argparse.Namespace) -> int:
    def revoked(out: Output) -> int:
        had = facade.revoke_server_token()
        return out.emit({"revoked": had}, "The token is gone from the keyring; a running server refuses every "
                                          "client within seconds." if had else "There was no token to revoke.")
    return _run(args, revoked)


def status(args: argparse.Namespace) -> int:
    def said(out: Output) -> int:
        state = facade.server_token_status()
        human = (f"A token is in the keyring ({state['backend']})." if state["token"]
                 else "No token: create one with `context-center mcp token create`.")
        if state["keyring_problem"]:
            human += f"\n{state['keyring_problem']}"
        return out.emit(state, human)
    return _run(args, said)
