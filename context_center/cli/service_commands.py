"""``context-center service start|stop|status``: the resident service that answers the hook and
the read commands from a warm store (``service run`` runs it in the foreground; the hook starts
it by itself, and it stops by itself when idle)."""
from __future__ import annotations

import argparse
import os
import time

from ..engine import InvalidInput
from ..resident import address as addresses
from ..resident import client
from .output import Output, Subcommands, add_json_option


def register(commands: Subcommands) -> None:
    service = commands.add_parser(
        "service", help="the resident service that answers the hook and the read commands",
        description="The resident service keeps your stores open so the Claude Code hook and the read "
                    "commands answer in milliseconds, and starts `context-center mcp` servers from a process "
                    "that has already loaded their code. The hook starts it when it is not running; it stops "
                    "by itself after 20 minutes without a command. `service run` runs it in the "
                    "foreground. Set CONTEXT_CENTER_SERVICE=off to run every command in its own process.")
    sub = service.add_subparsers(dest="service_command", metavar="ACTION", required=True)
    for name, handler, text in (("start", start, "start it in the background (no-op when it runs)"),
                                ("stop", stop, "stop it (the next hook call starts it again)"),
                                ("status", status, "whether it runs, its process, its stores and its size")):
        action = sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        add_json_option(action)
        action.set_defaults(handler=handler, opens_engine=False)


def _where() -> addresses.Address:
    if not addresses.supported():
        raise InvalidInput("the resident service needs Linux; every command runs in its own process here")
    try:
        return addresses.locate(create=True)
    except addresses.NoPrivateFolder as exc:
        raise InvalidInput(f"there is no private folder for the service's socket: {exc}") from None


def _answer(args: argparse.Namespace, work) -> int:
    out = Output(args.json)
    try:
        return work(out, _where())
    except InvalidInput as exc:
        return out.error(exc)


def _describe(state: dict) -> str:
    stores = "".join(f"\n  {s['state_root']}  (workspace {s['workspace']}, {s['facts']:,} facts)"
                     for s in state.get("stores", []))
    mcp = state.get("mcp") or {}
    zygote = mcp.get("zygote")
    servers = (f"\nMCP servers: {mcp.get('servers_started', 0):,} handed to a warm process"
               + (f" (pid {zygote['pid']}, {zygote['resident_kb'] / 1024:.0f} MB"
                  f"{'' if zygote['ready'] else ', still importing'})" if zygote else " (none running)"))
    return (f"Running: pid {state['pid']}, {state['served']:,} commands answered, "
            f"{state['resident_kb'] / 1024:.0f} MB resident, stops after {state['idle_limit']:.0f} s idle"
            + servers + (f"\nStores:{stores}" if stores else ""))


def start(args: argparse.Namespace) -> int:
    def work(out: Output, where: addresses.Address) -> int:
        try:
            state = client.request(where, "status")
        except client.NoAnswer:
            client.start(where, mcp=True)
            try:
                state = client.wait_until_up(where)
            except client.NoAnswer:
                return out.error(InvalidInput(f"the service did not start; see its log: {where.log}"))
        return out.emit({"running": True, "socket": where.socket, **state}, lambda: _describe(state))
    return _answer(args, work)


def stop(args: argparse.Namespace) -> int:
    def work(out: Output, where: addresses.Address) -> int:
        try:
            client.request(where, "stop")
        except client.NoAnswer:
            return out.emit({"running": False, "stopped": False}, "The service was not running.")
        deadline = time.monotonic() + 10
        while os.path.exists(where.socket) and time.monotonic() < deadline:
            time.sleep(0.05)
        return out.emit({"running": False, "stopped": True}, "Stopped the service.")
    return _answer(args, work)


def status(args: argparse.Namespace) -> int:
    def work(out: Output, where: addresses.Address) -> int:
        try:
            state = client.request(where, "status")
        except client.NoAnswer:
            return out.emit({"running": False, "socket": where.socket},
                            "Not running (the next hook call starts it; or `context-center service start`).")
        return out.emit({"running": True, "socket": where.socket, **state}, lambda: _describe(state))
    return _answer(args, work)
