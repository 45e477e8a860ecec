"""The options of ``context-center mcp`` (serving), in one place for the command line's parser and
for ``__main__``, which starts the server without building that parser: the server answers its
client's handshake before the engine is imported, so it starts fast."""
from __future__ import annotations

import argparse

POLICIES = ("contract", "review", "read-only")   # the engine's, repeated to stay light; a test ties them


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--project", metavar="DIR", help="bind this project directory at start")
    parser.add_argument("--policy", choices=POLICIES,
                        help="how agents' writes are governed (default: the window's setting, else contract)")
    parser.add_argument("--http", metavar="HOST:PORT",
                        help="serve over streamable HTTP at http://HOST:PORT/mcp instead of stdio; clients send "
                             "the bearer token of `mcp token create` (port 0: any free port)")
    parser.add_argument("--no-token", action="store_true",
                        help="with --http on loopback only: serve without a token (every local user can connect)")
    parser.add_argument("--token-file", metavar="F",
                        help="with --http: the one token clients send, read from F (mode 600), instead of the "
                             "keyring's (also $CONTEXT_CENTER_MCP_TOKEN); for a headless machine without a keyring")


class _NotServing(Exception):
    pass


class _QuietParser(argparse.ArgumentParser):
    """Says nothing: whatever it cannot parse is the full parser's to explain."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _NotServing(message)


def server_arguments(argv: list[str]) -> argparse.Namespace | None:
    """The parsed options when ``argv`` asks to serve (``[--state-root DIR] mcp [--project DIR]
    [--policy P] [--http HOST:PORT [--no-token] [--token-file F]]``), else None (another command,
    ``mcp judge …``, ``--help``…)."""
    if "mcp" not in argv:
        return None
    parser = _QuietParser(add_help=False)
    parser.add_argument("--state-root")
    parser.add_argument("--workspace")
    commands = parser.add_subparsers(dest="command", parser_class=_QuietParser)
    add_server_arguments(commands.add_parser("mcp", add_help=False))
    try:
        args, rest = parser.parse_known_args(argv)
    except _NotServing:
        return None
    return args if args.command == "mcp" and not rest else None
