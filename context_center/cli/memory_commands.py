"""``context-center memory …``: the fact store from scripts and hooks."""
from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import Any, cast

from ..engine import SCOPES, Engine, FactFields, FactInput, InvalidInput, WriteResult, counted, limit_text
from .output import Handler, Output, Subcommands, add_json_option, table

_FIELD_OPTIONS = ("name", "title", "description", "type", "scope", "keywords", "subject-key",
                  "activation", "volatility", "expires-at")
_FIELD_HELP = {
    "name": "the file's name in its folder (made from the title when not given)",
    "title": "one line saying what the fact is",
    "description": "one line on why it matters; shown in MEMORY.md and in lists",
    "type": "user, feedback, project or reference",
    "keywords": "other words a search or a recall should find it by, separated by spaces",
    "subject-key": "what the fact decides (project.package_manager): one active fact per subject in a scope",
    "activation": "relevant (recalled when a prompt matches) or pinned (in every session's context)",
    "volatility": "evergreen, stable or volatile: how soon it needs a look again",
    "expires-at": "a date (YYYY-MM-DD: through that day, UTC) or an RFC 3339 time after which it is never "
                  "recalled; never to clear",
}


def _ref_command(sub: Subcommands, name: str, help_text: str, handler: Handler) -> argparse.ArgumentParser:
    parser = sub.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("ref", metavar="REF", help="id, name, or project/<name>.md, team/<name>.md, global/<name>.md")
    parser.add_argument("--scope", choices=SCOPES,
                        help="look the name up in this scope only (names prefer project, then team, then global)")
    add_json_option(parser)
    parser.set_defaults(handler=handler)
    return parser


def _fact_fields(parser: argparse.ArgumentParser, *, edit: bool = False) -> None:
    for option in _FIELD_OPTIONS:
        if option != "scope":
            parser.add_argument(f"--{option}", help=_FIELD_HELP[option])
    parser.add_argument("--body", help="the Markdown body")
    parser.add_argument("--body-file", metavar="F", help="read the body from a file ('-' for stdin)")
    parser.add_argument("--expected-revision", type=int, metavar="N",
                        help="refuse unless the fact is at this revision")
    parser.add_argument("--redact-secrets", action="store_true",
                        help="store secrets masked as [REDACTED] instead of refusing")
    parser.add_argument("--ref", dest="refs", action="append", metavar="REF",
                        help="code the fact cites, workspace-relative (repeatable): path, path:LINE, "
                             "path:START-END, path#symbol or dir/; checked before the fact is recalled"
                             + ("; the refs given replace the fact's" if edit else ""))
    if edit:
        parser.add_argument("--no-refs", action="store_true", help="cite no code any more")
    parser.add_argument("--only-worktree", dest="worktree", metavar="NAME",
                        help="keep the fact to one worktree of the repository (git's name for it; the main "
                             "checkout is main): recalled, searched and pinned only there"
                             + ("; empty to clear" if edit else ""))
    parser.add_argument("--only-branch", dest="branch", metavar="GLOB",
                        help="keep the fact to the branches matching GLOB (release/*); a detached HEAD "
                             "matches none" + ("; empty to clear" if edit else ""))


def register(commands: Subcommands) -> Subcommands:
    """Add ``memory`` and its subcommands; returns the subparsers so others can add theirs."""
    memory = commands.add_parser("memory", help="background memory: facts, revisions, archive",
                                 description="Background memory. Without a subcommand: a summary.")
    add_json_option(memory)
    memory.set_defaults(handler=summary)
    sub = memory.add_subparsers(dest="memory_command", metavar="SUBCOMMAND")

    listing = sub.add_parser("list", help="every active fact of both scopes")
    add_json_option(listing)
    listing.set_defaults(handler=list_facts)

    _ref_command(sub, "show", "one fact with its body", show)

    remember_parser = sub.add_parser("remember", help="create a fact (it needs a --title or a --name, and a --body)",
                                     description="Create a fact. It needs a --title or a --name (the other is made "
                                                 "from it), and a --body.")
    _fact_fields(remember_parser)
    remember_parser.add_argument("--scope", help="project (default), team (in the repository, committed with "
                                                 "the code) or global")
    add_json_option(remember_parser)
    remember_parser.set_defaults(handler=remember)

    edit_parser = _ref_command(sub, "edit", "change a fact (omitted fields are kept)", edit)
    _fact_fields(edit_parser, edit=True)

    forget_parser = _ref_command(sub, "forget", "move a fact to the archive", forget)
    forget_parser.add_argument("--expected-revision", type=int, metavar="N",
                               help="refuse unless the fact is at this revision")
    move_parser = _ref_command(sub, "move", "move a fact to the other scope, keeping its id and history", move)
    move_parser.add_argument("--to", required=True, choices=SCOPES, help="the scope to move it to")
    move_parser.add_argument("--expected-revision", type=int, metavar="N",
                             help="refuse unless the fact is at this revision")
    _ref_command(sub, "pin", "put a fact's body in the session context (1,500-character budget)", pin)
    _ref_command(sub, "unpin", "make a pinned fact recall-only again", unpin)
    _ref_command(sub, "verify", "mark a fact as checked today (renews freshness and its refs' evidence)", verify)
    grounding_parser = sub.add_parser(
        "grounding", help="the facts whose cited code changed, is gone or was never checked, with git's account",
        description="Facts that cite code (refs) and need a look: changed, broken (a ref gone) or unverified, "
                    "each ref with what changed and, where git knows, the commit, its author and date.")
    grounding_parser.add_argument("--state", choices=("changed", "broken", "unverified"),
                                  help="only facts in this state")
    add_json_option(grounding_parser)
    grounding_parser.set_defaults(handler=grounding)
    _ref_command(sub, "revisions", "the active fact and its earlier revisions", revisions)
    _ref_command(sub, "purge-secrets", "mask every secret in a fact's file, its revisions and archive entries, "
                                       "in place", purge_secrets)
    restore_parser = _ref_command(sub, "restore", "copy an earlier revision into a new one", restore)
    restore_parser.add_argument("revision", metavar="REV", help="a revision number; for a team fact, a commit")

    archived_parser = sub.add_parser("archived", help="forgotten facts and their archive paths")
    add_json_option(archived_parser)
    archived_parser.set_defaults(handler=archived)

    recover_parser = sub.add_parser("recover", help="bring an archived fact back as a new revision")
    recover_parser.add_argument("path", metavar="PATH", help="its archive path (memory archived lists them)")
    add_json_option(recover_parser)
    recover_parser.set_defaults(handler=recover)

    delete_parser = sub.add_parser(
        "delete-archived", help="delete an archived fact for good (with its earlier revisions)",
        description="Delete an archive entry permanently, and the snapshots of its earlier revisions when no "
                    "active fact or other archive entry is that fact. It cannot be recovered. Without --yes, "
                    "only says what would be destroyed.")
    delete_parser.add_argument("path", metavar="PATH", help="its archive path (memory archived lists them)")
    delete_parser.add_argument("--yes", action="store_true", help="really delete (otherwise: a dry run)")
    add_json_option(delete_parser)
    delete_parser.set_defaults(handler=delete_archived)

    subjects_parser = sub.add_parser("subjects", help="subject keys in use")
    add_json_option(subjects_parser)
    subjects_parser.set_defaults(handler=subjects)

    context_parser = sub.add_parser("session-context", help="the pinned snapshot an agent receives")
    add_json_option(context_parser)
    context_parser.set_defaults(handler=session_context)

    migrate_parser = sub.add_parser("migrate", help="write full front matter to legacy fact files")
    add_json_option(migrate_parser)
    migrate_parser.set_defaults(handler=migrate)
    return sub


# input ------------------------------------------------------------------------------

# A body is at most 60,000 characters; what is read for one is bounded a little above, so that the
# engine's own limit speaks ("body is 80,000 characters"), never a read of /dev/zero without end.
_MAX_BODY_READ = 256 * 1024


def _bounded(stream: Any, what: str) -> str:
    text = stream.read(_MAX_BODY_READ + 1)
    if len(text) > _MAX_BODY_READ:
        raise InvalidInput(f"{what} holds more than {_MAX_BODY_READ:,} characters; a fact's body is far shorter")
    return text


def _read_body(args: argparse.Namespace) -> str | None:
    if args.body is not None and args.body_file is not None:
        raise InvalidInput("give the body once: --body or --body-file")
    if args.body is not None:
        return args.body
    if args.body_file is not None:
        if args.body_file == "-":
            return _bounded(sys.stdin, "standard input")
        try:   # (a pipe is the user's own: `--body-file <(cmd)`; only its size is bounded)
            with open(args.body_file, encoding="utf-8") as handle:
                return _bounded(handle, f"--body-file {args.body_file}")
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInput(f"cannot read --body-file {args.body_file}: {exc}") from None
    if sys.stdin is not None and not sys.stdin.isatty():
        text = _bounded(sys.stdin, "standard input")
        if text.strip():
            return text
    return None


def _fact_input(args: argparse.Namespace) -> FactInput:
    values = cast(FactFields, {option.replace("-", "_"): getattr(args, option.replace("-", "_"), None)
                               for option in _FIELD_OPTIONS})
    if "scope" in values and args.handler is edit:
        values["scope"] = None  # edit's --scope selects the fact; it never moves it
    values["body"] = _read_body(args)
    values["worktree"], values["branch"] = args.worktree, args.branch
    refs: tuple[str, ...] | None = tuple(args.refs) if args.refs is not None else None
    if getattr(args, "no_refs", False):
        if refs:
            raise InvalidInput("give --ref or --no-refs, not both")
        refs = ()
    return FactInput(**values, refs=refs, expected_revision=args.expected_revision,
                     redact_secrets=args.redact_secrets)


# rendering --------------------------------------------------------------------------

def _show_markdown(data: dict[str, Any]) -> str:
    """A fact as ``show --json`` gives it (secrets masked), in Markdown."""
    rows = [f"# {data['label']}", ""]
    for key in ("ref", "id", "revision", "type", "scope", "activation", "freshness", "volatility",
                "subject_key", "keywords", "expires_at", "last_verified_at", "created_at", "updated_at",
                "overridden_by"):
        if data.get(key) not in (None, ""):
            rows.append(f"- **{key}**: {data[key]}")
    if data.get("proposed_subject_key"):
        rows.append(f"- **proposed subject_key**: {data['proposed_subject_key']} (what it says; set it with "
                    f"`memory edit {data['ref']} --subject-key {data['proposed_subject_key']}`)")
    if data.get("masked"):
        rows.append("- **masked**: " + ", ".join(f"a {m['kind']} in {m['field']}" for m in data["masked"])
                    + " (the file holds it: `memory purge-secrets` rewrites it masked)")
    grounding = data.get("grounding") or {}
    if grounding.get("state") not in (None, "none"):
        rows.append(f"- **grounding**: {grounding['state']}")
        rows += [f"  - `{r['ref']}`: {r['state']} ({r['detail']})" for r in grounding["refs"]]
    if data["description"]:
        rows += ["", f"> {data['description']}"]
    rows += ["", data["body"]]
    return "\n".join(rows)


def _written(engine: Engine, out: Output, result: WriteResult, verb: str) -> int:
    data = engine.fact_json(result.fact, body=True)
    data["changed"] = result.changed
    proposed = engine.proposed_refs(result.fact) if result.changed else []
    data["proposed_refs"] = proposed
    if result.redacted:
        data["redacted"] = list(result.redacted)
    if result.reencoded_from:
        data["reencoded_from"] = result.reencoded_from
    note = f" (masked: {', '.join(result.redacted)})" if result.redacted else ""
    if result.reencoded_from:
        note += f" (the file was {result.reencoded_from}; it is now UTF-8)"
    human = (f"{verb} {result.fact.ref} at revision {result.fact.revision}{note}" if result.changed
             else f"{result.fact.ref} unchanged at revision {result.fact.revision}")
    grounding = data["grounding"]["state"]
    if grounding not in ("none", "grounded"):
        human += f"\nGrounding: {grounding} (context-center memory grounding says why)"
    if data["freshness"] == "expired":
        human += (f"\nExpired: its expiry ({result.fact.expires_at}) has passed, so recall will not inject it; "
                  f"to clear it: context-center memory edit {shlex.quote(result.fact.ref)} --expires-at never")
    if proposed:
        human += ("\nIt names code in this workspace; to have it checked before it is recalled:\n  "
                  f"context-center memory edit {shlex.quote(result.fact.ref)} " + " ".join(
                      f"--ref {shlex.quote(ref)}" for ref in (*result.fact.refs, *proposed)))
    return out.emit(data, human)


# handlers ---------------------------------------------------------------------------

def summary(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    facts = engine.facts()
    context = engine.session_context()
    overrides = engine.overrides()
    instructions = engine.instructions()
    data: dict[str, Any] = {  # the --json document
        "workspace": str(engine.paths.workspace), "state_root": str(engine.paths.root),
        "instructions": {"documents": [d.label for d in instructions.documents],
                         "chars": sum(d.chars for d in instructions.documents),
                         "diagnostics": len(instructions.diagnostics), "digest": instructions.digest},
        "facts": {scope: sum(f.scope == scope for f in facts) for scope in SCOPES},
        "pinned": {"used_chars": engine.pinned_total(), "budget": context.budget,
                   "refs": [f.ref for f in facts if f.pinned]},
        "overrides": [{g.scope: g.ref, p.scope: p.ref, "overridden": g.ref, "by": p.ref, "why": why}
                      for g in facts if (g.scope, g.id) in overrides for p, why in [overrides[(g.scope, g.id)]]],
        "grounding": _grounding_counts(engine, facts),
        "archived": len(engine.archived()), "subjects": len(engine.subjects()),
        "diagnostics": [d.to_json() for d in engine.diagnostics()],
    }

    def human() -> str:
        lines = [f"Workspace    {data['workspace']}", f"State root   {data['state_root']}",
                 f"Instructions {counted(len(instructions.documents), 'document')}, "
                 f"{data['instructions']['chars']:,} characters, "
                 f"{counted(len(instructions.diagnostics), 'diagnostic')}",
                 "Facts        " + ", ".join(f"{n} {scope}" for scope, n in data["facts"].items()),
                 f"Pinned       {data['pinned']['used_chars']:,} / {context.budget:,} characters",
                 f"Archived     {data['archived']}", f"Subjects     {data['subjects']}"]
        counts = data["grounding"]
        if counts["changed"] or counts["broken"]:
            lines.append(f"Grounding    {counts['changed']} changed, {counts['broken']} broken "
                         "(context-center memory grounding)")
        lines += [f"Override     {o['by']} overrides {o['overridden']} ({o['why']})" for o in data["overrides"]]
        lines += [f"Problem      {d}" for d in engine.diagnostics()]
        return "\n".join(lines)

    return out.emit(data, human)


def _grounding_counts(engine: Engine, facts: list[Any]) -> dict[str, int]:
    """How many facts are in each grounding state (files only: no git)."""
    counts = {"grounded": 0, "changed": 0, "broken": 0, "unverified": 0}
    for fact in facts:
        if fact.refs:
            state = engine.grounding(fact).state
            counts[state] = counts.get(state, 0) + 1
    return counts


def grounding(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    states = (args.state,) if args.state else ("changed", "broken", "unverified")
    found = engine.grounding_report(states)
    data = {"facts": [{"id": fact.id, "name": fact.name, "ref": fact.ref, "grounding": checked.to_json()}
                      for fact, checked in found]}

    def human() -> str:
        if not found:
            return "Every fact that cites code agrees with it." if not args.state else f"No {args.state} facts."
        lines = []
        for fact, checked in found:
            lines.append(f"{fact.ref}: {checked.state}")
            for ref in checked.refs:
                who = f" — {ref.commit[:10]} by {ref.author}, {ref.date}" if ref.commit else ""
                lines.append(f"  {ref.ref}: {ref.state}: {ref.detail}{who}")
        lines.append("Verify a fact once it is right again: context-center memory verify REF")
        return "\n".join(lines)

    return out.emit(data, human)


def list_facts(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    facts = engine.facts()
    data = {"facts": engine.facts_json(facts),
            "diagnostics": [d.to_json() for d in engine.diagnostics()]}

    def human() -> str:
        if not facts:
            text = "No facts yet. Add one: context-center memory remember --title … --body …"
        else:
            text = table(("REF", "TYPE", "ACTIVATION", "FRESHNESS", "REV", "TITLE"),
                         [(d["ref"], d["type"], d["activation"], d["freshness"], str(d["revision"]),
                           d["title"] + (f"  [overridden by {d['overridden_by']}]" if d["overridden_by"] else "")
                           + ("  [staged: waiting for review in suggestions]" if f.staging else "")
                           + (f"  [grounding: {d['grounding']['state']}]"
                              if d["grounding"]["state"] in ("changed", "broken") else "")
                           + (f"  [only {limit_text(f)}]" if f.worktree or f.branch else ""))
                          for f, d in zip(facts, data["facts"])], max_width=60)
        problems = [f"! {d}" for d in engine.diagnostics()]
        return "\n".join([text, *problems])

    return out.emit(data, human)


def show(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    data = engine.fact_json(engine.fact(args.ref, args.scope), body=True)
    return out.emit(data, lambda: _show_markdown(data))


def remember(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    return _written(engine, out, engine.remember(_fact_input(args)), "Remembered")


def edit(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    return _written(engine, out, engine.edit(args.ref, _fact_input(args), args.scope), "Saved")


def pin(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    return _written(engine, out, engine.pin(args.ref, args.scope), "Pinned")


def unpin(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    return _written(engine, out, engine.unpin(args.ref, args.scope), "Unpinned")


def verify(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    return _written(engine, out, engine.verify(args.ref, args.scope), "Verified")


def restore(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    return _written(engine, out, engine.restore(args.ref, args.revision, args.scope),
                    f"Restored revision {args.revision} of")


def move(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    return _written(engine, out, engine.move(args.ref, args.to, args.scope, args.expected_revision),
                    f"Moved to the {args.to} scope:")


def forget(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    entry = engine.forget(args.ref, args.scope, args.expected_revision)
    return out.emit({"forgotten": entry.to_json()},
                    f"Archived {entry.scope}/{entry.name}.md to {entry.path}\n"
                    f"Recover it with: context-center memory recover {entry.path}")


def purge_secrets(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    report = engine.purge_secrets(args.ref, args.scope)
    if not report.rewritten:
        return out.emit(report.to_json(), f"No secret found in {report.ref}, its revisions or its archive entries.")
    return out.emit(report.to_json(), f"Masked {', '.join(report.kinds)} in "
                                      f"{counted(len(report.rewritten), 'file')} of {report.ref}:\n"
                                      + "\n".join(f"  {p}" for p in report.rewritten))


def revisions(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    active, *history = engine.history(args.ref, args.scope)
    fact = active.fact
    data = {"active": {**engine.fact_json(fact, body=True), "change": active.change},
            "revisions": [engine.revision_json(r) for r in history]}
    if fact.scope == "team":   # git's history: the uncommitted change (if any) first, then every commit
        data["revisions"] = [engine.revision_json(r) for r in (active, *history) if r.commit]
        data["history_note"] = engine.team_history_note()

    def human() -> str:
        if fact.scope == "team":
            rows = [(str(r.point), r.updated_at[:19], r.author or "—", r.message) for r in (active, *history)
                    if r.commit]
            note = f"\n({data['history_note']})" if data["history_note"] else ""
            return f"{fact.ref} ({fact.id})\n" + table(("COMMIT", "DATE", "AUTHOR", "MESSAGE"), rows) + note
        rows = [(str(r.revision) + (" (active)" if r is active else ""), r.updated_at, r.change, r.fact.label)
                for r in (active, *history)]
        return f"{fact.ref} ({fact.id})\n" + table(("REVISION", "UPDATED", "CHANGE", "TITLE"), rows)

    return out.emit(data, human)


def archived(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    entries = engine.archived()
    return out.emit({"archived": [e.to_json() for e in entries]},
                    lambda: table(("ARCHIVED", "SCOPE", "NAME", "REV", "PATH"),
                                  [(e.archived_at, e.scope, e.name, str(e.revision), str(e.path))
                                   for e in entries], max_width=120, whole_last=True)
                    if entries else "The archive is empty.")


def recover(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    path = args.path if args.path.startswith("git:") else os.path.abspath(args.path)   # git:<commit>:<file>
    return _written(engine, out, engine.recover(path), "Recovered")


SYNC_KEEPS = ("Sync is set up: the next sync deletes it on the remote too, but the sync repository's earlier "
              "commits still hold it.")


def delete_archived(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    path = args.path if args.path.startswith("git:") else os.path.abspath(args.path)
    done = engine.delete_archived(path, dry_run=not args.yes)
    synced = bool(engine.sync_status()["initialised"])
    data = {**done.to_json(), "deleted": bool(args.yes), "sync_history_keeps_it": synced}

    def human() -> str:
        lines = [f"{'Deleted' if args.yes else 'Would delete'} {done.entry}"]
        lines += [f"  and revision {p.name}" for p in done.revisions]
        if done.kept:
            lines.append(f"Its earlier revisions stay: {done.kept}.")
        if synced:
            lines.append(SYNC_KEEPS)
        if not args.yes:
            lines.append("Nothing was deleted. Run it again with --yes to delete this for good.")
        return "\n".join(lines)
    return out.emit(data, human)


def subjects(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    items = engine.subjects()
    return out.emit({"subjects": [s.to_json() for s in items]},
                    lambda: table(("SUBJECT", "SCOPE", "NAME", "ID"),
                                  [(s.subject_key, s.scope, s.name, s.id) for s in items])
                    if items else "No subject keys in use.")


def session_context(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    context = engine.session_context()
    return out.emit(context.to_json(), context.text or "(no pinned facts)")


def migrate(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    count = engine.migrate()
    return out.emit({"migrated": count}, f"Migrated {counted(count, 'legacy fact file')}.")
