"""``memory instructions`` and ``instructions add``: standing instructions from the shell."""
from __future__ import annotations

import argparse
from typing import Any

from ..engine import Engine
from .output import Output, table


def register_report(memory_sub: Any) -> None:
    parser = memory_sub.add_parser("instructions", help="resolved standing instructions: order, imports, problems")
    parser.add_argument("--target", metavar="DIR", help="directory the agent works in (default: current)")
    parser.add_argument("--json", action="store_true", help="print JSON for machines")
    parser.set_defaults(handler=report)


def register(commands: Any) -> None:
    parser = commands.add_parser("instructions", help="standing instructions (AGENTS.md, REASONIX.md, …)")
    sub = parser.add_subparsers(dest="instructions_command", metavar="SUBCOMMAND", required=True)
    add_parser = sub.add_parser("add", help="quick add: a '- NOTE' line under '## Notes' (/remember)")
    add_parser.add_argument("note", metavar="NOTE", nargs="+")
    add_parser.add_argument("--local", action="store_true", help="write the .local.md variant (not committed)")
    add_parser.add_argument("--file", metavar="FILE",
                            help="the instruction file to add to (default: REASONIX.md, AGENTS.md or CLAUDE.md "
                                 "of the workspace root, whichever exists first)")
    add_parser.add_argument("--json", action="store_true", help="print JSON for machines")
    add_parser.set_defaults(handler=add)


def report(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    resolved = engine.instructions(args.target)

    def human() -> str:
        lines = [f"Workspace  {resolved.workspace}", f"Target     {resolved.target}", ""]
        if resolved.documents:
            lines.append(table(("ORDER", "PRIORITY", "SCOPE", "FILE", "CHARS", "~TOKENS", "IMPORTS"),
                               [(str(d.order), str(d.priority), d.scope, d.label, f"{d.chars:,}", f"{d.tokens:,}",
                                 ", ".join(d.imports) or "-") for d in resolved.documents], max_width=70))
            total = sum(d.chars for d in resolved.documents)
            lines.append(f"\n{len(resolved.documents)} document(s), {total:,} characters, "
                         f"~{sum(d.tokens for d in resolved.documents):,} tokens; digest {resolved.digest[:12]}")
        else:
            lines.append("No instruction files on the chain (REASONIX.md, AGENTS.md, CLAUDE.md, *.local.md).")
        if resolved.diagnostics:
            lines += ["", "Diagnostics:"]
            lines += [f"  {d.code}  {d.source}:{d.line}  {d.message}" for d in resolved.diagnostics]
        return "\n".join(lines)

    return out.emit(resolved.to_json(), human)


def add(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    note = " ".join(args.note)
    path = engine.add_instruction_note(note, local=args.local, file=args.file)
    return out.emit({"path": str(path), "note": " ".join(note.split())}, f"Added to {path}")
