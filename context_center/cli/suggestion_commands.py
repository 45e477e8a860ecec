"""``context-center suggestions``: memory and skill candidates from recent transcripts."""
from __future__ import annotations

import argparse

from ..engine import Engine, FactInput
from .output import Output, Subcommands, add_json_option


def register(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "suggestions", help="memory and skill candidates from recent agent transcripts",
        description="Scan recent Claude Code and Codex sessions of this workspace for things worth "
                    "remembering. Nothing is written until you accept a candidate.")
    add_json_option(parser)
    parser.add_argument("--home", metavar="DIR", help="home folder holding .claude/ and .codex/ (default: ~)")
    parser.set_defaults(handler=list_command)
    sub = parser.add_subparsers(dest="suggestions_command", metavar="SUBCOMMAND")
    accept = sub.add_parser("accept", help="store a memory candidate, or write a skill's SKILL.md")
    accept.add_argument("id", metavar="ID", help="the candidate's id (suggestions lists them)")
    accept.add_argument("--dir", metavar="DIR", help="for a skill: folder to create <name>/SKILL.md in "
                                                     "(default: <workspace>/.claude/skills)")
    for option in ("name", "title", "description", "type", "scope", "keywords", "subject-key", "activation"):
        accept.add_argument(f"--{option}", help=f"change the candidate's {option.replace('-', ' ')} first")
    accept.add_argument("--body", help="replace the candidate's body first")
    add_json_option(accept)
    accept.add_argument("--home", metavar="DIR", help=argparse.SUPPRESS)
    accept.set_defaults(handler=accept_command)
    dismiss = sub.add_parser("dismiss", help="never suggest this candidate again in this workspace")
    dismiss.add_argument("id", metavar="ID", help="the candidate's id (suggestions lists them)")
    add_json_option(dismiss)
    dismiss.add_argument("--home", metavar="DIR", help=argparse.SUPPRESS)
    dismiss.set_defaults(handler=dismiss_command)
    dismissed = sub.add_parser("dismissed", help="the candidates dismissed in this workspace, newest first")
    add_json_option(dismissed)
    dismissed.add_argument("--home", metavar="DIR", help=argparse.SUPPRESS)
    dismissed.set_defaults(handler=dismissed_command)
    restore = sub.add_parser("restore", help="undo a dismissal: suggest the candidate again")
    restore.add_argument("id", metavar="ID", help="the candidate's id (suggestions dismissed lists them)")
    add_json_option(restore)
    restore.set_defaults(handler=restore_command)
    for name, handler, text in (("promote", promote_command, "promote a memory from an agent (written over MCP or "
                                                               "imported): recall may use it from now on"),
                                ("delete", delete_command, "delete a memory from an agent to the archive "
                                                           "(recoverable)")):
        command = sub.add_parser(name, help=text)
        command.add_argument("ref", metavar="REF", help="its id, name or project/<name>.md (see `suggestions`)")
        command.add_argument("--scope", choices=("project", "global"), help="where to look a name up")
        add_json_option(command)
        command.set_defaults(handler=handler)


def list_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    found = engine.suggestions(home=args.home)
    staged = engine.agent_proposals()

    def human() -> str:
        lines = ["Sources: " + ", ".join(f"{s.name} ({s.sessions} sessions)" if s.available
                                         else f"{s.name} unavailable: {s.detail}" for s in found.sources)]
        if staged:
            lines += ["", f"From agents ({len(staged)}): written over MCP or imported, waiting for you"]
        for proposal in staged:
            origin = f"imported from {proposal.agent}" if proposal.imported_from else f"by {proposal.agent}"
            lines += [f"{proposal.fact.ref}  {proposal.fact.effective_category} · {proposal.fact.scope} · {origin}"
                      + (" · stale" if proposal.stale else ""), f"  {proposal.fact.body.splitlines()[0][:100]}"]
            if proposal.duplicate_of:
                lines.append(f"  possible duplicate of {proposal.duplicate_of}")
        if staged:
            lines += ["", "Promote with: context-center suggestions promote REF   ·   delete with: … delete REF"]
        if not found.memories and not found.skills:
            lines.append("No suggestions from transcripts: nothing new worth remembering in the recent sessions.")
        for memory in found.memories:
            lines += ["", f"{memory.id}  memory · {memory.type} · {memory.scope}", f"  {memory.title}",
                      f"  why: {memory.reason}"]
            lines += [f"  evidence: {e.source} {e.session[:8]} {e.timestamp}: “{e.text}”" for e in memory.evidence[:3]]
        for skill in found.skills:
            lines += ["", f"{skill.id}  skill · {skill.name}", f"  {skill.title}", f"  why: {skill.reason}"]
            lines += [f"  evidence: {e.source} {e.session[:8]} {e.timestamp}: “{e.text}”" for e in skill.evidence[:3]]
        lines += ["", "Accept with: context-center suggestions accept ID   ·   dismiss with: … dismiss ID"]
        return "\n".join(lines)

    return out.emit({**found.to_json(), "from_agents": [p.to_json() for p in staged]}, human)


def promote_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    result = engine.approve_proposal(args.ref, args.scope)
    return out.emit(engine.fact_json(result.fact, body=True), f"Promoted {result.fact.ref}: recall may use it now")


def delete_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    archived = engine.reject_proposal(args.ref, args.scope)
    return out.emit(archived.to_json(), f"Deleted {args.ref} to the archive ({archived.path}); "
                                        "`memory recover PATH` brings it back")


def accept_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    edits = FactInput(name=args.name, title=args.title, description=args.description, type=args.type,
                      scope=args.scope, keywords=args.keywords, subject_key=args.subject_key,
                      activation=args.activation, body=args.body)
    accepted = engine.accept_suggestion(args.id, edits=edits, skill_dir=args.dir, home=args.home,
                                        skill_name=args.name)
    if accepted.fact is not None:
        return out.emit(engine.fact_json(accepted.fact, body=True), f"Remembered {accepted.ref}")
    return out.emit({"skill": str(accepted.path)}, f"Wrote {accepted.path}")


def dismiss_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    engine.dismiss_suggestion(args.id, home=args.home)
    return out.emit({"dismissed": args.id}, f"Dismissed {args.id}; it will not be suggested again here "
                                            f"(undo with: context-center suggestions restore {args.id}).")


def dismissed_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    found = engine.dismissed_suggestions(home=args.home)

    def human() -> str:
        if not found:
            return "No dismissed suggestions in this workspace."
        lines = []
        for item in found:
            kind = item.to_json()["kind"] or "no longer in the recent sessions"
            lines += [f"{item.id}  dismissed {item.dismissed_at} · {kind}", f"  {item.title}"]
        lines += ["", "Restore with: context-center suggestions restore ID"]
        return "\n".join(lines)

    return out.emit({"dismissed": [item.to_json() for item in found]}, human)


def restore_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    engine.undismiss_suggestion(args.id)
    return out.emit({"restored": args.id}, f"Restored {args.id}; it will be suggested again while the "
                                           "recent sessions hold it.")
