"""``context-center mcp``: serve the context-eng tools (started by ``__main__``, which knows the MCP
face), configure the relevance judge, print or insert the agents' tool guidance."""
from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from .. import engine as facade
from ..engine import Engine, InvalidInput
from ..mcp_server.arguments import add_server_arguments
from . import token_commands
from .output import Output, Subcommands, add_json_option


def register(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "mcp", help="serve the memory tools to agents over MCP (stdio, or HTTP with --http)",
        description="Serve the context-eng memory tools (memory_search, memory_create, …) over stdio on this "
                    "state root, or over streamable HTTP with --http HOST:PORT (clients send the bearer token of "
                    "`mcp token create`). Without --project no project is bound: global memory works, project "
                    "memory waits for projectPath or memory_bind. --workspace is not used here.")
    add_server_arguments(parser)
    parser.set_defaults(handler=_not_here, opens_engine=False)
    sub = parser.add_subparsers(dest="mcp_command", metavar="SUBCOMMAND", parser_class=type(parser))

    judge = sub.add_parser("judge", help="the optional relevance judge (an OpenAI-compatible endpoint)",
                           description="Search can ask an OpenAI-compatible chat endpoint whether each candidate "
                                       "memory is relevant. None by default. The API key lives in the OS keyring.")
    judge.set_defaults(handler=judge_show, opens_engine=True, json=False)
    judge_sub = judge.add_subparsers(dest="judge_command", metavar="ACTION")
    show = judge_sub.add_parser("show", help="the judge's settings (never the key)")
    add_json_option(show)
    show.set_defaults(handler=judge_show)
    configure = judge_sub.add_parser("set", help="use the judge at URL with MODEL")
    configure.add_argument("--url", required=True, help="base URL of the API, e.g. http://127.0.0.1:8080/v1")
    configure.add_argument("--model", required=True, help="the model to ask")
    configure.add_argument("--timeout", type=float, help="seconds per request (default 20)")
    add_json_option(configure)
    configure.set_defaults(handler=judge_set)
    off = judge_sub.add_parser("off", help="stop using a judge (local search only)")
    add_json_option(off)
    off.set_defaults(handler=judge_off)
    set_key = judge_sub.add_parser("set-key", help="store the API key in the OS keyring (read from stdin or "
                                                   "a prompt, never from the command line)")
    add_json_option(set_key)
    set_key.set_defaults(handler=judge_set_key)
    clear_key = judge_sub.add_parser("clear-key", help="remove the API key from the keyring")
    add_json_option(clear_key)
    clear_key.set_defaults(handler=judge_clear_key)
    test = judge_sub.add_parser("test", help="ask the judge one question and say how it went")
    add_json_option(test)
    test.set_defaults(handler=judge_test)

    token_commands.register(sub)

    guidance = sub.add_parser("guidance", help="the tool guidance for AGENTS.md or CLAUDE.md",
                              description="Print the guidance block agents need to use the memory tools, or "
                                          "insert it into a file between <!-- context-eng:start --> and "
                                          "<!-- context-eng:end --> (a second run replaces it).")
    guidance.add_argument("--write", metavar="FILE", help="insert or update the block in FILE (e.g. AGENTS.md)")
    add_json_option(guidance)
    guidance.set_defaults(handler=guidance_command, opens_engine=False)


def _not_here(_args: argparse.Namespace) -> int:
    sys.stderr.write("context-center mcp: start the server with the context-center command itself\n")
    return 2


def judge_show(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    described = facade.describe_judge(engine)
    if not described["url"]:
        return out.emit(described, "No relevance judge: search is local (FTS + hint labels). "
                                   "Set one with `context-center mcp judge set --url URL --model MODEL`.")
    key = "an API key in the keyring" if described["key"] else "no API key"
    return out.emit(described, f"Judge {described['url']} · model {described['model']} · "
                               f"timeout {described['timeout']:g} s · {key}")


def judge_set(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    facade.configure_judge(engine, args.url, args.model, args.timeout)
    return judge_show(engine, args, out)


def judge_off(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    facade.configure_judge(engine, None, None)
    return judge_show(engine, args, out)


def judge_set_key(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    if sys.stdin.isatty():
        key = getpass.getpass("API key (not shown): ")
    else:
        key = sys.stdin.readline()
    if not key.strip():
        raise InvalidInput("no API key was given (type it at the prompt, or pipe it on stdin)")
    facade.set_judge_key(key)
    return out.emit({"key": True}, "The API key is in the OS keyring.")


def judge_clear_key(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    facade.clear_judge_key()
    return out.emit({"key": False}, "The API key is gone from the keyring.")


def judge_test(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    judge = facade.open_judge(engine)
    if judge is None:
        raise InvalidInput("no judge is configured; set one with `context-center mcp judge set`")
    try:
        said = judge.check()
    except facade.JudgeError as exc:
        raise InvalidInput(f"the judge did not answer usefully: {exc}") from None
    return out.emit({"ok": True, "message": said}, said)


def guidance_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    if not args.write:
        block = facade.guidance_block()
        return out.emit({"guidance": block}, block)
    from ..engine import EngineError

    try:
        changed = facade.write_guidance(Path(args.write))
    except EngineError as exc:
        return out.error(exc)
    verb = "Wrote" if changed else "Already up to date:"
    return out.emit({"path": str(Path(args.write).resolve()), "changed": changed},
                    f"{verb} the memory tool guidance in {args.write}")
