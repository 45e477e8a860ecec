"""``memory instructions`` and ``instructions add``: standing instructions from the shell."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..engine import (
    ADHERENCE_AGENTS,
    ADHERENCE_DAYS,
    AGENT_DISPLAY_NAMES,
    INSTRUCTION_AGENTS,
    Engine,
    InstructionDiagnostic,
    InvalidInput,
    counted,
)
from .output import Output, Subcommands, add_json_option, table

if TYPE_CHECKING:
    from ..engine import AgentComparison, AgentView


def register_report(memory_sub: Subcommands) -> None:
    parser = memory_sub.add_parser("instructions", help="resolved standing instructions: order, imports, problems")
    parser.add_argument("--target", metavar="DIR", help="directory the agent works in (default: current)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--agent", choices=INSTRUCTION_AGENTS, default="reasonix",
                       help="resolve the chain as this agent does: its files, walk, imports and size limits, "
                            "and what it actually receives (default: reasonix, Context Center's own chain)")
    which.add_argument("--compare", nargs="?", const=",".join(INSTRUCTION_AGENTS), metavar="AGENTS",
                       help="agents side by side (all, or those named: --compare claude-code,cursor): each "
                            "file's fate per agent, and the differences")
    add_json_option(parser)
    parser.set_defaults(handler=report)


def register(commands: Subcommands) -> None:
    parser = commands.add_parser("instructions", help="standing instructions (AGENTS.md, REASONIX.md, …)")
    sub = parser.add_subparsers(dest="instructions_command", metavar="SUBCOMMAND", required=True)
    add_parser = sub.add_parser("add", help="quick add: a '- NOTE' line under '## Notes' (/remember)")
    add_parser.add_argument("note", metavar="NOTE", nargs="+", help="the note, one line (the words are joined)")
    add_parser.add_argument("--local", action="store_true", help="write the .local.md variant (not committed)")
    add_parser.add_argument("--file", metavar="FILE",
                            help="the instruction file to add to (default: REASONIX.md, AGENTS.md or CLAUDE.md "
                                 "of the workspace root, whichever exists first)")
    add_json_option(add_parser)
    add_parser.set_defaults(handler=add)
    align_parser = sub.add_parser("align", help="one set of rules reaching every agent: each pointed at AGENTS.md "
                                                "by its own import or setting (shown first; backed up; undoable)")
    align_parser.add_argument("--agents", metavar="AGENTS",
                              help=f"the agents to align, separated by commas (default: all of "
                                   f"{', '.join(INSTRUCTION_AGENTS)})")
    align_parser.add_argument("--source", metavar="FILE",
                              help="a file of the workspace root whose text becomes AGENTS.md (when there is none, "
                                   "or to choose between differing copies)")
    align_parser.add_argument("--dry-run", action="store_true", help="show the change as a diff; write nothing")
    align_parser.add_argument("--undo", action="store_true",
                              help="take the latest align of this workspace back (refused if a file changed since)")
    add_json_option(align_parser)
    align_parser.set_defaults(handler=align)
    adherence_parser = sub.add_parser("adherence", help="whether Claude Code and Codex followed each standing rule, "
                                                        "session by session, read from their own transcripts")
    adherence_parser.add_argument("--agent", choices=ADHERENCE_AGENTS, help="one agent only (default: both)")
    adherence_parser.add_argument("--days", type=int, default=ADHERENCE_DAYS, metavar="N",
                                  help=f"sessions of the last N days (default: {ADHERENCE_DAYS})")
    adherence_parser.add_argument("--target", metavar="DIR", help="directory the agent works in (default: current)")
    adherence_parser.add_argument("--all", action="store_true",
                                  help="list every session's verdict, not only the violations")
    add_json_option(adherence_parser)
    adherence_parser.set_defaults(handler=adherence)
    enforce_parser = sub.add_parser("enforce", help="make an agent unable to break a checkable rule at the tool "
                                                    "call (shown as a diff first; written with --yes)")
    enforce_parser.add_argument("rule", metavar="RULE", nargs="?",
                                help="the rule's id or its source (CLAUDE.md:7), as `instructions adherence` lists it")
    enforce_parser.add_argument("--agent", choices=ADHERENCE_AGENTS, required=False,
                                help="claude-code (a PreToolUse hook) or codex (a rule in .codex/rules)")
    enforce_parser.add_argument("--remove", action="store_true", help="no longer enforce it")
    enforce_parser.add_argument("--yes", action="store_true", help="write the change shown")
    enforce_parser.add_argument("--list", action="store_true", help="list the rules enforced in this workspace")
    add_json_option(enforce_parser)
    enforce_parser.set_defaults(handler=enforce)


def report(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    if args.compare is not None:
        return _compare(engine.compare_agents(args.target, agents=_agent_names(args.compare)), out)
    if args.agent != "reasonix":
        return _agent(engine.agent_instructions(args.agent, args.target), out)
    resolved = engine.agent_instructions("reasonix", args.target)   # Context Center's own chain, as before

    def human() -> str:
        lines = [f"Workspace  {resolved.workspace}", f"Target     {resolved.target}", ""]
        if resolved.documents:
            lines.append(table(("ORDER", "PRIORITY", "SCOPE", "FILE", "CHARS", "~TOKENS", "IMPORTS"),
                               [(str(d.order), str(d.priority), d.scope, d.label, f"{d.chars:,}", f"{d.tokens:,}",
                                 ", ".join(d.imports) or "-") for d in resolved.documents], max_width=70))
            chars = sum(d.chars for d in resolved.documents)
            lines.append(f"\n{counted(len(resolved.documents), 'document')}, {chars:,} "
                         f"characters, ~{resolved.total_tokens:,} tokens; digest {resolved.extra['digest'][:12]}")
        else:
            lines.append("No instruction files on the chain (REASONIX.md, AGENTS.md, CLAUDE.md, *.local.md).")
        if resolved.diagnostics:
            lines += ["", "Diagnostics:"]
            lines += [_diagnostic(d) for d in resolved.diagnostics]
        return "\n".join(lines)

    return out.emit(resolved.to_json(), human)


def _agent_names(text: str, option: str = "--compare") -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in INSTRUCTION_AGENTS]
    if unknown or not names:
        raise InvalidInput(f"{option} takes agents separated by commas, of {', '.join(INSTRUCTION_AGENTS)}"
                           + (f"; not {unknown[0]!r}" if unknown else ""))
    return names


_STATUS = {"loaded": "loaded", "truncated": "TRUNCATED", "dropped": "DROPPED", "on_demand": "on demand",
           "skipped": "skipped"}


def _received(d) -> str:
    if d.status == "truncated":
        return f"{d.kept_bytes:,} of {d.bytes:,}"
    return f"{d.bytes:,}" if d.status == "loaded" else "-"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _agent(view: AgentView, out: Output) -> int:
    def human() -> str:
        name = AGENT_DISPLAY_NAMES[view.agent]
        where = view.target.relative_to(view.workspace).as_posix() if view.target.is_relative_to(view.workspace) \
            else str(view.target)
        lines = [f"{name}, started in {'the workspace root' if where == '.' else where} ({view.target})", ""]
        if view.documents:
            lines.append(table(("#", "STATUS", "FILE", "BYTES RECEIVED", "~TOKENS", "WHY"),
                               [(str(d.order), _STATUS[d.status], d.label, _received(d),
                                 f"{d.tokens:,}" if d.received or d.status == "on_demand" else "-", d.reason)
                                for d in view.documents], max_width=110))
        else:
            lines.append(f"{name} finds no instruction files here.")
        received = sum(1 for d in view.documents if d.received)
        lines.append(f"\n{name} receives {received} of {counted(len(view.documents), 'file')}: "
                     f"{view.total_bytes:,} bytes, ~{view.total_tokens:,} tokens")
        lines.append("Limits: " + ", ".join(f"{k} {_value(v)}" for k, v in view.limits.items()
                                            if v not in (None, [], "")))
        lines += [f"WARNING: {w}" for w in view.warnings]
        if view.diagnostics:
            lines += ["", "Diagnostics:"] + [_diagnostic(d) for d in view.diagnostics]
        return "\n".join(lines)

    return out.emit(view.to_json(), human)


def _compare(comparison: AgentComparison, out: Output) -> int:
    def human() -> str:
        agents = list(comparison.views)
        names = [AGENT_DISPLAY_NAMES[a] for a in agents]
        lines = [f"Target {comparison.target}", ""]
        rows = [(row.label, *(row.cell(a) for a in agents)) for row in comparison.rows]
        rows.append(("= bytes received", *(f"{comparison.views[a].total_bytes:,} B" for a in agents)))
        lines.append(table(("FILE", *names), rows, max_width=60))
        warnings = [f"WARNING ({AGENT_DISPLAY_NAMES[a]}): {w}" for a, v in comparison.views.items() for w in v.warnings]
        if warnings:
            lines += [""] + warnings
        if comparison.differences:
            lines += ["", "Differences:"] + [f"  - {d.message}" for d in comparison.differences]
        else:
            lines += ["", f"The {len(agents)} agents receive the same files."]
        return "\n".join(lines)

    return out.emit(comparison.to_json(), human)


def align(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    if args.undo:
        if args.agents or args.source or args.dry_run:
            raise InvalidInput("--undo takes no other option")
        restored = engine.undo_align()
        return out.emit({"undone": restored}, "Restored " + ", ".join(restored) if restored else "Nothing to restore")
    plan = engine.align_agents(_agent_names(args.agents, "--agents") if args.agents else None, args.source)
    written = None if args.dry_run or not plan.changes else engine.apply_align(plan)
    data = {**plan.to_json(), "applied": written is not None, "backups": str(written) if written else None}

    def human() -> str:
        lines = [f"Source: {plan.source}"]
        lines += [f"- {note}" for note in plan.notes]
        for change in plan.changes:
            lines += ["", f"{'Create' if change.before is None else 'Change'} {change.label}: {change.why}",
                      change.diff.rstrip("\n")]
        if not plan.changes:
            lines.append("\nNothing to change: every agent chosen receives AGENTS.md.")
        elif written is None:
            lines.append("\nDry run: nothing written. Run it again without --dry-run to apply.")
        else:
            lines.append(f"\nApplied; backups in {written}. Undo with `instructions align --undo`.")
        return "\n".join(lines)

    return out.emit(data, human)


def adherence(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    result = engine.adherence(args.agent, args.days, args.target)

    def human() -> str:
        sessions = ", ".join(f"{counted(n, 'session')} of {AGENT_DISPLAY_NAMES[a]}" for a, n in result.sessions.items())
        lines = [f"Rules received in this workspace, against {sessions} since {result.since[:10]}:"]
        for rule in result.rules:
            if rule.rule.check is None:
                lines.append(f"- {rule.rule.source}  not checkable from a transcript: {rule.rule.text}")
                continue
            lines.append(f"- {rule.rule.source}  followed {rule.count('followed')}, violated {rule.count('violated')}, "
                         f"not applicable {rule.count('not_applicable')}: {rule.rule.text}")
            lines.append(f"    checked: {rule.rule.check.describe()}")
            for verdict in rule.sessions:
                if verdict.verdict == "violated" or args.all:
                    lines.append(f"    {verdict.verdict.upper()} {AGENT_DISPLAY_NAMES[verdict.agent]} session "
                                 f"{verdict.session[:8]} ({verdict.ended[:10]})")
                    lines += [f"      {e.timestamp} {e.text}".rstrip() for e in verdict.evidence]
        lines.append(f"{counted(result.violated_rules, 'rule')} violated in at least one session.")
        return "\n".join(lines)

    return out.emit(result.to_json(), human)


def enforce(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    if args.list:
        if args.rule or args.agent or args.remove or args.yes:
            raise InvalidInput("--list takes no other option")
        enforced = engine.enforced()
        return out.emit({"enforced": [e.to_json() for e in enforced]}, lambda: "\n".join(
            [f"{e.source} for {AGENT_DISPLAY_NAMES[e.agent]} since {e.since[:10]}: {counted(e.denied, 'call')} denied"
             f" — {e.text}" for e in enforced]) or "No rule is enforced in this workspace.")
    if not args.rule or not args.agent:
        raise InvalidInput("name the rule and the agent: `instructions enforce CLAUDE.md:7 --agent claude-code`")
    plan = engine.enforce_plan(args.rule, args.agent, remove=args.remove)
    written = engine.apply_enforcement(plan) if args.yes else None
    data = {**plan.to_json(), "applied": args.yes, "backups": [str(b) for b in written or [] if b]}

    def human() -> str:
        doing = "No longer enforcing" if args.remove else "Enforcing"
        lines = [f"{doing} {plan.rule.source} for {AGENT_DISPLAY_NAMES[plan.agent]}: {plan.rule.text}"]
        lines += [f"- {note}" for note in plan.notes]
        for edit in plan.edits:
            lines += ["", edit.diff.rstrip("\n")]
        if not plan.edits:
            lines.append("No file needs to change: the hook already in place reads which rules are enforced here.")
        lines.append("Written." if args.yes else "Nothing written: run it again with --yes to write this.")
        return "\n".join(lines)

    return out.emit(data, human)


def add(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    note = " ".join(args.note)
    path = engine.add_instruction_note(note, local=args.local, file=args.file)
    return out.emit({"path": str(path), "note": " ".join(note.split())}, f"Added to {path}")


def _diagnostic(d: InstructionDiagnostic) -> str:
    """One diagnostic's line: its code, the file (and the line, when it is about one) and what it says."""
    return f"  {d.code}  {d.source}" + (f":{d.line}" if d.line else "") + f"  {d.message}"
