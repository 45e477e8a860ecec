"""The team scope as the faces see it: who changed each fact last, the history note when there is
no git, sharing a personal fact, and the text of a forgotten one. ``repository`` is None when no
project is bound (there is no team scope)."""
from __future__ import annotations

from pathlib import Path

from ..errors import InvalidInput, NotFound
from ..memory.fact_input import WriteResult
from ..memory.memory_service import MemoryService
from ..records import Fact
from .archive import read_git_entry
from .commit import TeamChange, TeamCommit, commit_team_changes, team_changes
from .repository import NO_GIT_NOTE, TeamRepository
from .share import shared_copy
from .status import TeamStatus, team_statuses


class TeamService:
    def __init__(self, repository: TeamRepository | None, memory: MemoryService) -> None:
        self.repository, self._memory = repository, memory

    def history_note(self) -> str:
        """Why team facts have no git history here ("" when they do)."""
        repository = self.repository
        return (repository.problem or NO_GIT_NOTE) if repository is not None and not repository.available else ""

    def statuses(self, facts: list[Fact]) -> dict[Path, TeamStatus]:
        """Fact path → its last change (git author, date) and whether it has uncommitted changes,
        for the team facts of ``facts``. Runs git."""
        return team_statuses(self.repository, facts) if self.repository is not None else {}

    def changes(self) -> list[TeamChange]:
        """The team folder's files not committed yet, each with its diff and who changed it last."""
        return team_changes(self._bound())

    def commit(self, message: str, expected: dict[str, str] | None = None) -> TeamCommit:
        """Commit the team folder's changes (checked first), and nothing else; see :mod:`.commit`."""
        return commit_team_changes(self._bound(), message, expected)

    def _bound(self) -> TeamRepository:
        if self.repository is None:
            raise InvalidInput("no project is bound here, so there is no team folder")
        return self.repository

    def share(self, fact: Fact) -> WriteResult:
        """Copy ``fact`` into the team scope (a new id, an uncommitted change); see :mod:`.share`."""
        return WriteResult(self._memory.create(shared_copy(fact, self._memory.store.paths.scopes)))

    def archived_text(self, path: str) -> str:
        """The text of a forgotten team fact, ``git:<commit>:<file>``, as that commit holds it."""
        if self.repository is None:
            raise NotFound(f"{path} names a team fact, but no project is bound", hint="archived_paths")
        commit, relative, _fact = read_git_entry(self.repository, path)
        return self.repository.show(commit, relative) or ""
