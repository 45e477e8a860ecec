"""``context-center import SOURCE``: bring what another agent remembers in, as suggestions to review."""
from __future__ import annotations

import argparse
import os

from ..engine import IMPORT_SOURCES, Engine
from .output import Output, Subcommands, add_json_option, table


def register(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "import", help="import another agent's memories as suggestions to review",
        description="Import what Claude Code (auto memory of this workspace), Codex ($CODEX_HOME/memories), "
                    "context-eng ($CONTEXT_ENG_HOME, this workspace's project and global), Gemini CLI (its saved "
                    "memories in GEMINI.md) or Windsurf (~/.codeium/windsurf/memories) remember; Cursor and "
                    "GitHub Copilot keep theirs where no file holds them, and say so. Every item "
                    "lands as a staged suggestion in the Suggestions tab, never straight into recall; secrets are "
                    "refused, possible duplicates of existing facts are flagged for review, and importing twice "
                    "adds nothing.")
    parser.add_argument("source", metavar="SOURCE", choices=list(IMPORT_SOURCES),
                        help="one of: " + ", ".join(IMPORT_SOURCES))
    parser.add_argument("--dry-run", action="store_true", help="write nothing; report what would be imported")
    add_json_option(parser)
    parser.add_argument("--home", metavar="DIR", help="home folder holding .claude/, .codex/, .context/, .gemini/ "
                                                      "and .codeium/ (default: ~)")
    parser.set_defaults(handler=import_command)


def _short(path: str, location: str) -> str:
    """A source path under the folder read, relative to it."""
    prefix = os.path.join(location, "")
    return path[len(prefix):] if path.startswith(prefix) else path


def import_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    report = engine.import_memories(args.source, dry_run=args.dry_run, home=args.home)

    def human() -> str:
        label = IMPORT_SOURCES[report.source]
        if report.message and not report.found:
            return report.message
        lines = [f"{label}: {report.found} found in {report.location}"] + ([report.message] if report.message else [])
        if report.items:
            lines += ["", table(["STATUS", "SCOPE", "CATEGORY", "TITLE", "SOURCE", "POSSIBLE DUPLICATE OF"],
                                [(i.status.replace("_", " "), i.found.scope, i.found.category or i.found.type,
                                  i.found.title, _short(i.found.source_path, report.location), i.duplicate_of or "-")
                                 for i in report.items])]
        if report.skipped:
            lines += ["", "Skipped:"] + [f"  {_short(s.source_path, report.location)}: {s.reason}"
                                         for s in report.skipped]
        lines.append("")
        if report.dry_run:
            lines.append(f"Dry run: {report.would_import} would be imported; nothing was written.")
        elif report.imported:
            lines.append(f"Imported {report.imported} as suggestions to review: `context-center suggestions` lists "
                         "them (promote or delete), as does the window's Suggestions tab (From agents).")
        else:
            lines.append("Nothing new to import.")
        return "\n".join(lines)

    return out.emit(report.to_json(), human)
