"""The team scope's answer to :class:`..memory.history.GitHistory`: its history, archive and
forgetting, read from the repository that holds the team folder."""
from __future__ import annotations

from ..records import ArchivedFact, Fact, Revision
from . import archive
from .history import team_revisions
from .repository import TeamRepository


class TeamHistory:
    def __init__(self, repository: TeamRepository) -> None:
        self.repository = repository

    @property
    def available(self) -> bool:
        return self.repository.available

    def revisions(self, fact: Fact) -> list[Revision]:
        return team_revisions(self.repository, fact)

    def version(self, fact: Fact, commit: str) -> tuple[Fact, str] | None:
        if not self.repository.available:
            return None
        short = self.repository.short(commit)
        found = next((r for r in team_revisions(self.repository, fact) if short and r.commit == short), None)
        return (found.fact, f"commit {short}") if found is not None else None

    def archived(self) -> list[ArchivedFact]:
        return archive.deleted_team_facts(self.repository)

    def read_entry(self, raw: str) -> tuple[str, str, Fact]:
        return archive.read_git_entry(self.repository, raw)

    def check_forgettable(self, fact: Fact) -> None:
        archive.check_forgettable(self.repository, fact)

    def forgotten_entry(self, fact: Fact, archived_at: str) -> ArchivedFact:
        return archive.forgotten_entry(self.repository, fact, archived_at)
