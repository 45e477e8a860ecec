"""The facade's shared facts: the team scope (facts committed with the code, their history and
archive by git) and the personal store carried between machines (sync over git)."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InvalidInput, NotFound, StorageError
from .facade_base import EngineBase
from .memory.fact_input import FactInput, WriteResult
from .records import ArchivedFact, Diagnostic, Fact
from .storage.paths import StorePaths
from .sync.conflict_flag import read_flag
from .sync.project_adoption import adopt_project_folder

if TYPE_CHECKING:
    from .sync.service import SyncResult, SyncService
    from .team.status import TeamStatus

log = logging.getLogger("context_center.engine")


class SharedPart(EngineBase):
    _sync: SyncService | None

    # team scope (engine/team/): facts in the repository, history and archive by git ---------------

    def team_history_note(self) -> str:
        """Why team facts have no git history here ("" when they do)."""
        from .team.repository import NO_GIT_NOTE

        team = self.memory.team
        return NO_GIT_NOTE if team is not None and not team.available else ""

    def team_statuses(self, facts: list[Fact] | None = None) -> dict[Path, TeamStatus]:
        """Fact path → who changed it last (git author, date) and whether it has uncommitted
        changes, for every team fact (of ``facts`` if given). Runs git: off the GUI thread."""
        from .team.status import team_statuses

        team = self.memory.team
        chosen = self.facts() if facts is None else facts
        return team_statuses(team, chosen) if team is not None else {}

    def share_with_team(self, ref: str, scope: str | None = None) -> WriteResult:
        """Copy a personal fact into the team scope (a new id, an uncommitted change); the personal
        one is kept, and overrides the copy until it is removed."""
        from .team.share import shared_copy

        fact = self.memory.resolve(ref, scope)
        return WriteResult(self.memory.create(shared_copy(fact, self.paths.scopes)))

    def team_archived_text(self, path: str) -> str:
        """The text of a forgotten team fact, ``git:<commit>:<file>``, as that commit holds it."""
        from .team.archive import read_git_entry

        team = self.memory.team
        if team is None:
            raise NotFound(f"{path} names a team fact, but no project is bound", hint="archived_paths")
        commit, relative, _fact = read_git_entry(team, path)
        return team.show(commit, relative) or ""

    # sync: the personal store on several machines (engine/sync/) ---------------------------------

    @staticmethod
    def _adopt_synced_folder(paths: StorePaths) -> tuple[StorePaths, tuple[Diagnostic, ...]]:
        """In a synced state root, join the project folder every machine uses for this repository."""
        if not paths.synced:
            return paths, ()
        try:
            return adopt_project_folder(paths)
        except (OSError, StorageError) as exc:   # a read-only root: the folder is joined next time
            log.warning("context-center: the synced project folder could not be adopted (%s)", exc)
            return paths, ()

    def _sync_service(self) -> SyncService:
        if self._sync is None:
            from .sync.service import SyncService

            self._sync = SyncService(self.paths, self._lock)
        return self._sync

    def sync_init(self, remote: str) -> SyncResult:
        """Make the state root's facts a git work tree with ``remote`` and sync it (a remote that
        already has history is merged with the facts here)."""
        return self._synced(self._sync_service().init(remote))

    def sync(self) -> SyncResult:
        """Pull, commit the local changes, push. Offline is ``.offline`` with a ``.warning``."""
        return self._synced(self._sync_service().sync())

    def _synced(self, result: SyncResult) -> SyncResult:
        self.memory.reload(full=True)
        self._catalog.set_setting("sync.last_result", result.to_json())
        return result

    def sync_status(self) -> dict[str, Any]:
        """``{"initialised", "remote", "machine", "interval_minutes", "last"}`` (``last``: the last
        sync's JSON on this machine, or None)."""
        from .sync.service import last_result

        service = self._sync_service()
        ready = service.initialised()
        return {"initialised": ready, "remote": service.remote_url() if ready else None,
                "machine": service.machine if ready else None, "interval_minutes": self.sync_interval(),
                "last": last_result(self._catalog.setting("sync.last_result"))}

    def sync_interval(self) -> int:
        """Minutes between background syncs in the window: 0 (off) until sync is set up, then the
        setting (default 15)."""
        from .sync.service import DEFAULT_INTERVAL_MINUTES, INTERVAL_SETTING

        if not self.paths.synced:
            return 0
        value = self._catalog.setting(INTERVAL_SETTING)
        return value if isinstance(value, int) and value >= 0 else DEFAULT_INTERVAL_MINUTES

    def set_sync_interval(self, minutes: int) -> None:
        from .sync.service import INTERVAL_SETTING

        if not isinstance(minutes, int) or minutes < 0:
            raise InvalidInput("the sync interval is a number of minutes, 0 for off")
        self._catalog.set_setting(INTERVAL_SETTING, minutes)

    def sync_conflicts(self) -> list[tuple[Fact, dict[str, Any]]]:
        """Every fact a sync flagged, with its flag as seen from this machine."""
        machine = self._sync_service().machine
        return [(fact, flag.to_json(machine)) for fact in self.memory.snapshot.facts
                if (flag := read_flag(fact)) is not None]

    def resolve_sync_conflict(self, ref: str, keep: str, scope: str | None = None,
                              edits: FactInput | None = None) -> WriteResult | ArchivedFact:
        """Keep ``mine`` / ``theirs`` (a forget when that side had forgotten it) or ``edit``."""
        from .sync.resolution import resolve

        result = resolve(self.memory, self._sync_service().machine, ref, keep, scope, edits)
        if isinstance(result, ArchivedFact):
            self._archive_seen = self._archive_listing()
        return result
