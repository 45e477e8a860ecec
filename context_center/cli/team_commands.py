"""``context-center team``: the team facts committed with the code (``.context-center/memory/``):
the pre-commit check (``install-hook``, ``check-staged``), the changes not committed yet and a
commit of them alone (``changes``, ``commit``)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

from .. import engine as facade
from ..engine import Engine, EngineError, StorageError, counted
from .output import Output, Subcommands, add_json_option, visible

BYPASS = "git commit --no-verify"


def register(commands: Subcommands) -> None:
    team = commands.add_parser("team", help="team facts committed with the code (.context-center/memory/)",
                               description="Team facts live in the workspace's .context-center/memory/ and "
                                           "change by commit and review.")
    sub = team.add_subparsers(dest="team_command", metavar="SUBCOMMAND", required=True)
    install = sub.add_parser(
        "install-hook", help="install the git pre-commit hook that checks staged team facts",
        description="Install a pre-commit hook in the workspace's repository (core.hooksPath and worktrees "
                    "respected) that refuses a commit adding a secret, a merge conflict or an unparseable fact "
                    "under .context-center/memory/. A hook already there keeps running (moved to "
                    "pre-commit.local). Running it again changes nothing.")
    install.add_argument("--uninstall", action="store_true",
                         help="remove the hook (and put back the one it chained)")
    add_json_option(install)
    install.set_defaults(handler=install_hook, opens_engine=False)
    check = sub.add_parser(
        "check-staged", help="check the staged team facts (what the hook runs)",
        description="Check the team fact files the next commit adds or changes, as staged (not as in the "
                    "work tree). Exit 1 with the problems when one holds a secret, a merge conflict or "
                    "cannot be parsed.")
    add_json_option(check)
    check.set_defaults(handler=check_staged, opens_engine=False)
    changes = sub.add_parser(
        "changes", help="the team facts changed and not committed yet, with their diffs",
        description="Each file under .context-center/memory/ whose text differs from the last commit: added, "
                    "modified or deleted, who changed it last, its diff, and what the pre-commit check finds.")
    add_json_option(changes)
    changes.set_defaults(handler=changes_command)
    commit = sub.add_parser(
        "commit", help="commit the team facts' changes, and nothing else staged",
        description="Check the changed team fact files as the pre-commit hook does, then commit them alone "
                    "(git commit --only): whatever else is staged stays staged and out of this commit.")
    commit.add_argument("-m", "--message", required=True, help="the commit message")
    add_json_option(commit)
    commit.set_defaults(handler=commit_command)


def _start(args: argparse.Namespace) -> Path:
    return facade.detect_workspace(args.workspace)


def _guarded(args: argparse.Namespace, action: Callable[[Output], int]) -> int:
    out = Output(args.json)
    try:
        return int(action(out))
    except EngineError as exc:
        return out.error(exc)
    except OSError as exc:
        return out.error(StorageError(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")))


def install_hook(args: argparse.Namespace) -> int:
    def install(out: Output) -> int:
        if args.uninstall:
            report = facade.uninstall_hook(_start(args))
            said = {"removed": f"Removed the pre-commit hook {report.path}",
                    "absent": f"No Context Center pre-commit hook at {report.path}; nothing changed"}
            return out.emit(report.to_json(), said[report.action])
        # -P: git runs the hook at the repository's top; a context_center/ folder there must not
        # stand in for the installed package
        check = [sys.executable, "-P", "-m", "context_center", "team", "check-staged"]
        report = facade.install_hook(_start(args), check)
        said = {"installed": f"Installed the pre-commit hook {report.path}",
                "updated": f"Updated the pre-commit hook {report.path}",
                "unchanged": f"The pre-commit hook {report.path} is already installed; nothing changed"}
        text = said[report.action]
        if report.chained:
            text += f"\nYour own hook keeps running first: {report.chained}"
        return out.emit(report.to_json(), text)
    return _guarded(args, install)


def check_staged(args: argparse.Namespace) -> int:
    def check(out: Output) -> int:
        report = facade.check_staged(Path.cwd() if args.workspace is None else Path(args.workspace))
        if not report.problems:
            return out.emit(report.to_json(), None)
        if out.as_json:
            out.emit(report.to_json())
        files = len({p.path for p in report.problems})
        lines = [f"context-center: commit refused: {counted(len(report.problems), 'problem')} in {files} staged team "
                 "fact file(s)"]
        lines += [f"  {p.path}" + (f":{p.line}" if p.line else "") + f": {p.reason}" for p in report.problems]
        lines.append(f"Fix the file and stage it again (git add), or commit anyway, knowingly: {BYPASS}")
        sys.stderr.write(visible("\n".join(lines)) + "\n")
        return 1
    return _guarded(args, check)


def changes_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    found = engine.team_changes()

    def human() -> str:
        if not found:
            return "The team facts have no changes to commit."
        lines = []
        for change in found:
            last = f"last changed by {change.last.author}, {change.last.date[:10]}" if change.last else \
                "never committed"
            lines.append(f"{change.state:<8} {change.path}  ({last})")
            lines += [f"  {p.path}" + (f":{p.line}" if p.line else "") + f": {p.reason}" for p in change.problems]
        return "\n".join(lines)
    return out.emit({"changes": [change.to_json() for change in found]}, human)


def commit_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    made = engine.commit_team_facts(args.message)
    return out.emit(made.to_json(), lambda: f"Committed {counted(len(made.paths), 'team fact file')} as {made.commit}.")
