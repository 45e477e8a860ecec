"""``context-center doctor`` and ``context-center connect AGENT``: what is wired to what, and wiring it.

``doctor`` exits 0 when every agent on this machine reaches the store these commands use, 1 when
something does not, each problem with the command that fixes it. ``connect`` prints the exact
change to the agent's files and writes it only with ``--yes`` (a backup of each file beside it)."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from .. import engine as facade
from ..engine import EngineError, detect_workspace
from .output import Output, Subcommands, add_json_option

SOURCE_SAID = {"flag": "its --state-root", "env": "$CONTEXT_CENTER_HOME", "config": "the config file",
               "default": "the platform default", "": "the server's own"}


def register(commands: Subcommands) -> None:
    doctor = commands.add_parser(
        "doctor", help="which store each face and each agent uses, and whether they agree",
        description="For this workspace: the store these commands use and why; the Claude Code hooks and the MCP "
                    "server registered for Claude Code and Codex, with the store each will open; and a live run "
                    "of the registered hook on a sample prompt (only when it runs this install). Exit 0 when "
                    "everything is wired, 1 when something is not.")
    doctor.add_argument("--no-live", action="store_true", help="do not run the registered hook")
    add_json_option(doctor)
    doctor.set_defaults(handler=doctor_command, opens_engine=False)
    connect = commands.add_parser(
        "connect", help="register the hooks and the MCP server for an agent, pinned to this store",
        description="Shows the exact change to the agent's files; --yes writes it, keeping a backup of each file. "
                    "Claude Code: the UserPromptSubmit and SessionStart hooks (~/.claude/settings.json) and the MCP "
                    "server (~/.claude.json, every project). Codex: the MCP server (~/.codex/config.toml).")
    connect.add_argument("agent", choices=["claude-code", "codex"])
    connect.add_argument("--remove", action="store_true", help="take out what connect added, nothing else")
    connect.add_argument("--yes", action="store_true", help="write the change (without it, only show it)")
    add_json_option(connect)
    connect.set_defaults(handler=connect_command, opens_engine=False)


def _home() -> Path:
    return Path(os.path.expanduser("~"))


def doctor_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    workspace = Path(args.workspace).absolute() if args.workspace else detect_workspace(None)
    prompt = _sample_prompt(args.state_root, workspace) if not args.no_live else ""
    report = facade.doctor(workspace, _home(), state_root=args.state_root, live=not args.no_live,
                           **({"prompt": prompt} if prompt else {}))
    enforced = _enforced(args.state_root, workspace)
    search = _search_legs(args.state_root, workspace)

    def said() -> str:
        lines = [_said(report)]
        lines += [f"enforced at the tool call: {e['source']} for {facade.AGENT_NAMES[e['agent']]} since "
                  f"{e['since'][:10]} ({e['denied']} call{'s' if e['denied'] != 1 else ''} denied): {e['text']}"
                  for e in enforced]
        if search is not None:
            lines.append(f"search: {search['describe']}" + (
                f", {search['embedded']:,} of {search['facts']:,} facts embedded" if search["meaning"] else ""))
        return "\n".join(lines)

    out.emit({**report.to_json(), "enforced": enforced, "search": search}, said)
    return 0 if report.wired else 1


def _enforced(state_root: str | None, workspace: Path) -> list[dict]:
    """The rules enforced in this workspace (`instructions enforce`), as the store keeps them; none
    when there is no store (doctor never makes one)."""
    try:
        root = facade.choose_state_root(state_root).path
        if not root.is_dir():
            return []
        with facade.open_engine(state_root=str(root), workspace=workspace) as engine:
            return [e.to_json() for e in engine.enforced()]
    except EngineError:
        return []


def _search_legs(state_root: str | None, workspace: Path) -> dict | None:
    """Which legs search runs on in this store (None when there is no store: doctor never makes one)."""
    try:
        root = facade.choose_state_root(state_root).path
        if not root.is_dir():
            return None
        with facade.open_engine(state_root=str(root), workspace=workspace) as engine:
            return engine.search_legs()
    except EngineError:
        return None


def _sample_prompt(state_root: str | None, workspace: Path) -> str:
    """A prompt in the words of this store's newest fact, so the live run shows a recall ("" when
    there is no such store, it cannot be read, or holds none: doctor's own prompt then). A store
    that does not exist is not made (a mistyped --state-root)."""
    try:
        root = facade.choose_state_root(state_root).path
        if not root.is_dir():
            return ""
        with facade.open_engine(state_root=str(root), workspace=workspace) as engine:
            return facade.doctor_sample_prompt(engine.facts())
    except EngineError:
        return ""


def _said(report: "facade.DoctorReport") -> str:
    lines = [f"workspace: {report.workspace}"]
    if report.store is not None:
        lines.append(f"store of these commands and the window: {report.store.path} "
                     f"({SOURCE_SAID[report.store.source]})")
    for registration in report.registrations:
        agent = facade.AGENT_NAMES[registration.agent]
        where = f"{agent} {registration.kind} ({registration.scope}, {registration.file})"
        reach = registration.store if registration.store is not None else registration.url or "?"
        source = SOURCE_SAID.get(registration.store_source, "")
        lines.append(f"{where}: {registration.command}\n    → {reach} ({source})")
    if report.live is not None:
        live = report.live
        lines.append(f"live hook run: exit {live.exit_code if live.exit_code is not None else 'none (timed out)'} in "
                     f"{live.seconds:.2f} s, {len(live.output)} characters out")
        lines += [f"    | {line}" for line in live.output.splitlines()[:8]]
        if live.exit_code == 0 and not live.output.strip():
            lines.append("    (nothing recalled for the test prompt: the hook runs, but this run shows no recall; "
                         "`memory recall --last` says why)")
    if report.problems:
        lines.append("problems:")
        lines += [f"- {p.what}" + (f"\n  fix: {p.fix}" if p.fix else "") for p in report.problems]
    else:
        lines.append("everything is wired to one store")
    return "\n".join(lines)


def connect_command(args: argparse.Namespace) -> int:
    out = Output(args.json)
    try:
        root = facade.choose_state_root(args.state_root).path
        edits = facade.connect_plan(args.agent, root, _home(), remove=args.remove)
        backups = facade.connect_apply(edits) if args.yes else []
    except EngineError as exc:
        return out.error(exc)
    data = {"agent": args.agent, "state_root": str(root), "written": bool(args.yes and edits),
            "edits": [edit.to_json() for edit in edits], "backups": [str(b) for b in backups if b is not None]}

    def human() -> str:
        if not edits:
            return (f"{facade.AGENT_NAMES[args.agent]} has no entry of this install; nothing to remove"
                    if args.remove else f"{facade.AGENT_NAMES[args.agent]} is already connected to {root}; "
                                        "nothing to change")
        said = "\n".join(edit.diff for edit in edits)
        if args.yes:
            return said + "\nwritten" + "".join(f"\nbackup: {b}" for b in backups if b is not None)
        return said + f"\n(nothing written: run `context-center connect {args.agent}" + \
            (" --remove" if args.remove else "") + " --yes` to write this)"
    return out.emit(data, human)
