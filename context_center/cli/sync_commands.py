"""``context-center sync``: the personal store on several machines, over git."""
from __future__ import annotations

import argparse
from typing import Any

from ..engine import ArchivedFact, Engine, FactInput, counted
from .output import Output, Subcommands, add_json_option, table


def register(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "sync", help="carry the personal facts between machines over git (pull, commit, push)",
        description="Pull the facts other machines pushed, commit the changes made here, push. Two "
                    "machines' edits of one fact are both kept as revisions and the fact is flagged; "
                    "an unreachable remote is a warning (exit 0). Credentials are git's own.")
    add_json_option(parser)
    parser.set_defaults(handler=sync_command)
    sub = parser.add_subparsers(dest="sync_command", metavar="SUBCOMMAND")
    init = sub.add_parser("init", help="make the state root's facts a git work tree with a remote, and sync",
                          description="A remote that already has history (set up on another machine) is "
                                      "merged with the facts here; nothing is lost.")
    init.add_argument("--remote", required=True, metavar="URL", help="a git repository you can push to")
    add_json_option(init)
    init.set_defaults(handler=init_command)
    status = sub.add_parser("status", help="whether sync is set up, its remote, and the last result")
    add_json_option(status)
    status.set_defaults(handler=status_command)
    conflicts = sub.add_parser("conflicts", help="the facts a sync flagged, with both revisions")
    add_json_option(conflicts)
    conflicts.set_defaults(handler=conflicts_command)
    resolve = sub.add_parser("resolve", help="settle a flagged fact: keep mine, keep theirs, or edit it")
    resolve.add_argument("ref", metavar="REF", help="its id, name or project/<name>.md")
    resolve.add_argument("--keep", required=True, choices=("mine", "theirs", "edit"))
    resolve.add_argument("--scope", choices=("project", "global"), help="where to look a name up")
    resolve.add_argument("--title", help="with --keep edit: the new title")
    resolve.add_argument("--body", help="with --keep edit: the new body")
    add_json_option(resolve)
    resolve.set_defaults(handler=resolve_command)
    interval = sub.add_parser("interval", help="minutes between the window's background syncs (0: off)")
    interval.add_argument("minutes", type=int, nargs="?", help="omit to print the current interval")
    add_json_option(interval)
    interval.set_defaults(handler=interval_command)


def _human(data: dict[str, Any]) -> str:
    lines = []
    if data.get("warning"):
        lines.append(f"Warning: {data['warning']}")
    merged = (f", merged {counted(data['merged'], 'fact')} changed on both machines" if data.get("merged")
              else "")
    lines.append(f"Pulled {counted(data['pulled'], 'file')}{merged}, pushed {counted(data['pushed'], 'file')} "
                 f"({data['remote']}).")
    for item in data["renamed"]:
        lines.append(f"Two facts had one name: {item['from']} kept, the other is now {item['to']}.")
    if data["conflicts"]:
        lines.append("Changed on two machines (both kept as revisions; settle with `sync resolve REF --keep "
                     "mine|theirs|edit`):")
        lines.append(table(("ref", "kind", "mine", "theirs"),
                           [(c["ref"], c["kind"], str(c["ours_revision"] or "forgotten"),
                             str(c["theirs_revision"] or "forgotten")) for c in data["conflicts"]]))
    if data.get("reopen"):
        lines.append(f"This workspace now uses the project folder {data['project_folder']} (same repository).")
    return "\n".join(lines)


def sync_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    data = engine.sync().to_json()
    return out.emit(data, lambda: _human(data))


def init_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    data = engine.sync_init(args.remote).to_json()
    return out.emit(data, lambda: f"Sync is set up with {args.remote}.\n" + _human(data))


def status_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    data = engine.sync_status()

    def human() -> str:
        if not data["initialised"]:
            return "Sync is not set up: `context-center sync init --remote URL`."
        last = data["last"]
        said = (f"last sync {last['at']}: pulled {last['pulled']}"
                + (f", merged {last['merged']}" if last.get("merged") else "") + f", pushed {last['pushed']}"
                + (f", {counted(len(last['conflicts']), 'conflict')}" if last["conflicts"] else "")
                + (" (offline)" if last["offline"] else "")) if last else "never synced on this machine"
        return f"Remote {data['remote']} · machine {data['machine']} · {said}"
    return out.emit(data, human)


def conflicts_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    found = [{**engine.fact_json(fact), **flag, "ref": fact.ref} for fact, flag in engine.sync_conflicts()]
    return out.emit({"conflicts": found}, lambda: table(
        ("ref", "kind", "mine", "theirs"),
        [(c["ref"], c["kind"], str(c["ours_revision"] or "forgotten"), str(c["theirs_revision"] or "forgotten"))
         for c in found]) if found else "No sync conflicts.")


def resolve_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    edits = FactInput(title=args.title, body=args.body) if args.keep == "edit" else None
    result = engine.resolve_sync_conflict(args.ref, args.keep, args.scope, edits)
    if isinstance(result, ArchivedFact):
        return out.emit({"forgotten": result.to_json()}, f"Forgotten (kept in the archive): {result.path}")
    data = engine.fact_json(result.fact, body=True)
    return out.emit(data, f"Settled {result.fact.ref}: revision {result.fact.revision}.")


def interval_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    if args.minutes is not None:
        engine.set_sync_interval(args.minutes)
    minutes = engine.sync_interval()
    return out.emit({"interval_minutes": minutes},
                    f"Background sync every {counted(minutes, 'minute')}." if minutes else "Background sync is off.")
