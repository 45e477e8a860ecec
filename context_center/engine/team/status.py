"""Who changed each team fact last, and whether it has changes not committed: for the window."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..records import Fact
from .history import last_changes
from .repository import NO_GIT_NOTE, TeamRepository


@dataclass(frozen=True)
class TeamStatus:
    """A team fact's place in git: its last commit (None if never committed) and the work tree."""

    uncommitted: bool
    commit: str = ""
    author: str = ""
    date: str = ""
    message: str = ""
    note: str = ""      # why there is no git history (no repository, no git)

    @property
    def summary(self) -> str:
        """One line: ``alice, 2026-02-01`` and ``· uncommitted`` when the work tree differs."""
        last = f"{self.author}, {self.date[:10]}" if self.commit else ("not in git" if self.note else "never committed")
        return f"{last} · uncommitted" if self.uncommitted and self.commit else last

    def to_json(self) -> dict[str, Any]:
        return {"uncommitted": self.uncommitted, "commit": self.commit or None, "author": self.author or None,
                "date": self.date or None, "message": self.message or None, "note": self.note or None}


def team_statuses(repo: TeamRepository, facts: list[Fact]) -> dict[Path, TeamStatus]:
    """fact path → its status, for the team ``facts`` given (one ``git log``, one ``git status``)."""
    paths = [f.path for f in facts if f.path is not None and f.scope == "team"]
    if not paths:
        return {}
    if not repo.available:
        return {path: TeamStatus(uncommitted=False, note=NO_GIT_NOTE) for path in paths}
    changes, dirty = last_changes(repo), repo.uncommitted()
    found = {}
    for path in paths:
        relative = repo.relative(path)
        commit = changes.get(relative)
        found[path] = TeamStatus(uncommitted=relative in dirty, commit=commit.short if commit else "",
                                 author=commit.author if commit else "", date=commit.date if commit else "",
                                 message=commit.message if commit else "")
    return found
