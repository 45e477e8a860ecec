"""GitHub Copilot's memory is kept by GitHub, on its servers, for a repository: nothing of it is on
this machine, and the import says so rather than faking it. Its custom instructions are files
(.github/copilot-instructions.md and the rest): the Instructions tab shows what Copilot receives."""
from __future__ import annotations

from pathlib import Path

from .records import Reading

NAME = "copilot"


def read(_workspace: Path | None, home: Path) -> Reading:
    return Reading(str(home), message="GitHub Copilot's memory is kept on GitHub's servers, not on this machine: "
                                      "nothing local to import. Its instruction files are shown in the "
                                      "Instructions tab.")
