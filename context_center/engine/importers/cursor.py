"""Cursor's memories live in Cursor's own settings (Settings ▸ Rules ▸ Memories), not in files it
documents: there is nothing on disk this import can read, and it says so rather than guessing at
Cursor's private database. Its project rules are instructions (the Instructions tab shows them)."""
from __future__ import annotations

from pathlib import Path

from .records import Reading

NAME = "cursor"


def read(_workspace: Path | None, home: Path) -> Reading:
    return Reading(str(home), message="Cursor keeps its memories in its own settings, not in files it documents: "
                                      "nothing to import on this machine. Its .cursor/rules files are instructions; "
                                      "the Instructions tab shows what Cursor receives from them.")
