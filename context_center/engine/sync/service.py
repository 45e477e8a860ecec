"""``sync init`` and ``sync``: pull, commit local changes, push — offline is a warning.

One sync runs at a time per state root (the sync lock, held network included). The store lock is
held while git touches the files (commit, taking the remote's changes, settling conflicts), never
over the network: other processes go on writing while we fetch and push. A push that loses a race
with another machine's push fetches and merges again (a few times). What the remote may change
here, and how it is checked, is pull.py's and travel.py's.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from .. import clock
from ..errors import InvalidInput, RefusedError, StorageError
from ..memory.fact_reading import is_fact_file_name, read_fact_file
from ..memory.memory_index import rebuild_index
from ..records import Diagnostic, Fact
from ..storage.git_command import GitError
from ..storage.paths import StorePaths
from ..storage.store_lock import StoreLock
from ..text.counting import counted
from . import machine as machine_state
from .conflict_flag import read_flag
from .fact_merge import SyncConflict
from .legacy_layout import is_legacy_sync, move_legacy_layout
from .project_adoption import adopt_project_folder
from .pull import Refused, TooMuch, pull
from .sync_tree import SyncTree
from .travel import fact_folder, scope_of_folder

PUSH_ATTEMPTS = 3
LAST_RESULT_SETTING = "sync.last_result"
INTERVAL_SETTING = "sync.interval_minutes"
DEFAULT_INTERVAL_MINUTES = 15
SYNC_LOCK_TIMEOUT = 300.0   # a sync of another process (the window's) may be waiting on the network


class SyncNotSetUp(RefusedError):
    """This state root has no sync remote yet: set one up first."""

    code = "SYNC_NOT_SET_UP"


@dataclass
class SyncResult:
    """What one sync did. ``pulled`` / ``pushed`` count the files that came in / went out;
    ``merged`` the facts changed on both machines whose two versions were merged here (a
    conflict among them: both kept, the choice left to the user)."""

    remote: str
    pulled: int = 0
    pushed: int = 0
    merged: int = 0
    conflicts: list[SyncConflict] = field(default_factory=list)
    committed: bool = False
    offline: bool = False
    warning: str = ""
    renamed: list[tuple[str, str]] = field(default_factory=list)
    kept_beside: list[str] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    archived: list[tuple[str, str]] = field(default_factory=list)   # (fact file deleted there, its archive entry)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    project_folder: str = ""
    reopen: bool = False          # this engine's project folder changed: open the workspace again
    at: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"pulled": self.pulled, "merged": self.merged, "pushed": self.pushed,
                "conflicts": [c.to_json() for c in self.conflicts], "committed": self.committed,
                "offline": self.offline, "warning": self.warning or None, "remote": self.remote,
                "renamed": [{"from": a, "to": b} for a, b in self.renamed], "kept_beside": self.kept_beside,
                "refused": [r.to_json() for r in self.refused],
                "archived": [{"path": a, "archive": b} for a, b in self.archived],
                "diagnostics": [d.to_json() for d in self.diagnostics], "project_folder": self.project_folder,
                "reopen": self.reopen, "at": self.at}


class SyncService:
    def __init__(self, paths: StorePaths, lock: StoreLock) -> None:
        self.paths = paths
        self.lock = lock
        self.tree = SyncTree(paths.root, paths.sync_git_dir)
        self._sync_lock = StoreLock(paths.sync_lock_file, timeout=SYNC_LOCK_TIMEOUT)

    @property
    def machine(self) -> str:
        return machine_state.machine_id(self.paths.root)

    def initialised(self) -> bool:
        return bool(self.remote_url())

    def remote_url(self) -> str:
        """The remote's URL; an earlier version's layout (moved by the next sync) says its own."""
        if is_legacy_sync(self.paths):
            return SyncTree(self.paths.root, self.paths.legacy_sync_git_dir).remote_url()
        return self.tree.remote_url() if self.tree.initialised else ""

    # what the faces show ------------------------------------------------------------------------

    def status(self, setting: Callable[[str], Any]) -> dict[str, Any]:
        """``{"initialised", "remote", "machine", "interval_minutes", "last"}`` (``last``: the last
        sync's JSON on this machine, or None), from the catalog's ``setting``."""
        ready = self.initialised()
        return {"initialised": ready, "remote": self.remote_url() if ready else None,
                "machine": self.machine if ready else None, "interval_minutes": self.interval(setting),
                "last": last_result(setting(LAST_RESULT_SETTING))}

    def interval(self, setting: Callable[[str], Any]) -> int:
        """Minutes between background syncs in the window: 0 (off) until sync is set up, then the
        setting (default 15)."""
        if not self.paths.synced:
            return 0
        value = setting(INTERVAL_SETTING)
        return value if isinstance(value, int) and value >= 0 else DEFAULT_INTERVAL_MINUTES

    @staticmethod
    def checked_interval(minutes: int) -> int:
        if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 0:
            raise InvalidInput("the sync interval is a number of minutes, 0 for off")
        return minutes

    def conflicts(self, facts: Iterable[Fact]) -> list[tuple[Fact, dict[str, Any]]]:
        """Every fact a sync flagged, with its flag as seen from this machine."""
        machine = self.machine
        return [(fact, flag.to_json(machine)) for fact in facts if (flag := read_flag(fact)) is not None]

    # syncing --------------------------------------------------------------------------------------

    def init(self, remote: str) -> SyncResult:
        """Make the sync repository with ``remote``, commit what is here, then sync: a remote that
        already has history (the second machine) is merged with the local facts."""
        if not remote.strip():
            raise SyncNotSetUp("give the remote's URL (a git repository you can push to)")
        try:
            problem = self.tree.reachable(remote.strip())
        except GitError as exc:   # a timeout: an address that does not answer
            problem = exc.message
        if problem is not None:   # a mistyped URL would otherwise be kept, each sync then "offline"
            raise InvalidInput(f"the remote {remote.strip()} could not be reached as a git repository, so sync "
                               f"was not set up: {problem.splitlines()[-1] if problem else problem}")
        machine = self.machine
        with self._sync_lock:
            with self.lock:
                result = SyncResult(remote.strip(), at=clock.format_timestamp(clock.now()))
                self._prepare(result)
                self.tree.init(remote.strip(), machine)
            return self._sync(result)

    def sync(self) -> SyncResult:
        if not self.initialised():
            raise SyncNotSetUp("sync is not set up for this state root",
                               hint="set_up_sync")
        with self._sync_lock:
            result = SyncResult("", at=clock.format_timestamp(clock.now()))
            with self.lock:
                self._prepare(result)
            result.remote = self.tree.remote_url()
            return self._sync(result)

    def _prepare(self, result: SyncResult) -> None:
        """Before git runs: an earlier layout moved into place, the locks a killed git left removed,
        the repository's own rules written (holding both locks)."""
        moved = move_legacy_layout(self.paths, self.tree)
        if moved is not None:
            result.reopen = result.reopen or bool(moved.set_aside)
            result.diagnostics += [Diagnostic(self.paths.root / path, 1, f"no longer synced: {reason}", "warning")
                                   for path, reason in moved.untracked]
            result.diagnostics += [Diagnostic(self.paths.root / path, 1, "it came from the remote; set aside as "
                                              f"{path}.from-sync", "warning") for path in moved.set_aside]
        if self.tree.initialised:
            self.tree.clear_stale_locks()
            self.tree.write_rules()

    def _sync(self, result: SyncResult) -> SyncResult:
        machine = self.machine
        for _attempt in range(PUSH_ATTEMPTS):
            try:
                self.tree.fetch()
            except GitError as exc:
                with self.lock:
                    result.committed |= self._commit_local(machine, result)
                return self._warn_refused(self._not_fetched(result, exc))
            with self.lock:
                result.committed |= self._commit_local(machine, result)
                remote_before = self.tree.remote_head()
                try:
                    self._pull(machine, result)
                except TooMuch as exc:   # nothing merged, so nothing to push: said, and tried again next time
                    result.warning = exc.message
                    return self._warn_refused(result)
                result.committed |= self._commit_local(machine, result)   # folders adopted after the pull
            if not self.tree.ahead():
                return self._warn_refused(result)
            pushed = self.tree.push()
            if pushed.returncode == 0:
                result.pushed += len(self.tree.changed_files(remote_before, self.tree.head()))
                self.tree.point_local_remote_head()
                return self._warn_refused(result)
            if "rejected" not in pushed.stdout + pushed.stderr and "fetch first" not in pushed.stderr:
                result.offline = True
                result.warning = ("the remote refused the push or could not be reached; the facts are "
                                  f"committed here and go out with the next sync ({pushed.stderr.strip()})")
                return self._warn_refused(result)
        result.warning = "another machine kept pushing meanwhile; the rest goes out with the next sync"
        return self._warn_refused(result)

    def _not_fetched(self, result: SyncResult, exc: GitError) -> SyncResult:
        """A fetch failed: offline when the remote does not answer, else said as what it is (a
        remote that answers but whose history git will not take is no network problem)."""
        try:
            answering = self.tree.reachable(result.remote or self.tree.remote_url()) is None
        except GitError:
            answering = False
        if answering:
            result.warning = ("the remote answered, but its history could not be fetched; the facts are committed "
                              f"here and nothing was merged ({exc.message})")
        else:
            result.offline, result.warning = True, ("the remote could not be reached; the facts are committed here "
                                                    f"and go out with the next sync ({exc.message})")
        return result

    @staticmethod
    def _warn_refused(result: SyncResult) -> SyncResult:
        if result.refused:
            named = ", ".join(r.path for r in result.refused[:3]) + (" …" if len(result.refused) > 3 else "")
            said = (f"the remote offered {counted(len(result.refused), 'path')} that do not travel, refused and "
                    f"left out of this machine's store ({named}; `sync --json` says why)")
            result.warning = f"{result.warning}; {said}" if result.warning else said
        return result

    def _commit_local(self, machine: str, result: SyncResult) -> bool:
        paths, left = adopt_project_folder(self.paths)
        result.diagnostics += left
        if paths.project_folder_key != self.paths.project_folder_key:
            result.reopen, self.paths = True, paths
        result.project_folder = paths.project_folder_key if paths.bound else ""
        committed, kept_here = self.tree.commit_all(f"Context Center: facts from {machine}\n\nMachine: {machine}\n")
        known = {d.path for d in result.diagnostics}
        result.diagnostics += [Diagnostic(self.paths.root / path, 1, f"kept on this machine, not synced: {reason}",
                                          "warning") for path, reason in kept_here
                               if self.paths.root / path not in known]
        return committed

    def _pull(self, machine: str, result: SyncResult) -> None:
        remote, head = self.tree.remote_head(), self.tree.head()
        if remote is None or (head is not None and self.tree.is_ancestor(remote, head)):
            return
        outcome = pull(self.paths, self.tree, remote, machine)
        result.refused += outcome.refused
        result.archived += outcome.archived
        if outcome.merge is not None:
            result.conflicts += outcome.merge.conflicts
            result.renamed += outcome.merge.renamed
            result.kept_beside += outcome.merge.kept_beside
            result.merged += outcome.merge.merged
        changed = self.tree.changed_files(head, self.tree.head())
        result.pulled += len(outcome.written)
        _rebuild_indexes(self.paths.root, changed)
        settled_here = {conflict.id for conflict in result.conflicts}
        result.conflicts += [conflict for conflict in _flagged_elsewhere(self.paths.root, changed, machine)
                             if conflict.id not in settled_here]


def _scope_of(folder: str) -> str | None:
    """The scope of a fact folder of the synced tree (relative to the root), or None for any other."""
    return scope_of_folder(folder) if fact_folder(folder + "/x.md") == (folder, "x.md") else None


def _flagged_elsewhere(root: Path, changed: list[str], machine: str) -> list[SyncConflict]:
    """Facts that came in flagged: another machine merged them and left the choice to the user,
    here too (``sync --json`` says so, not only ``sync conflicts``)."""
    found = []
    for path in changed:
        folder, name = str(Path(path).parent), Path(path).name
        scope = _scope_of(folder)
        if not is_fact_file_name(name) or scope is None:
            continue
        fact = read_fact_file(root / path, scope).fact if (root / path).is_file() else None
        flag = read_flag(fact) if fact is not None else None
        if fact is None or flag is None:
            continue
        mine, theirs = flag.seen_from(machine)
        found.append(SyncConflict(f"{scope}/{fact.name}.md", root / path, fact.id, flag.kind_seen_from(machine),
                                  mine, theirs))
    return found


def _rebuild_indexes(root: Path, changed: list[str]) -> None:
    """Each fact folder a pull changed gets its MEMORY.md rebuilt (it does not travel)."""
    folders = {str(Path(path).parent) for path in changed if is_fact_file_name(Path(path).name)}
    for folder in sorted(folders):
        where = root / folder
        scope = _scope_of(folder)
        if scope is None:
            continue
        try:
            facts = [item.fact for name in sorted(os.listdir(where)) if is_fact_file_name(name)
                     for item in [read_fact_file(where / name, scope)] if item.fact is not None]
            rebuild_index(where, facts)
        except (OSError, StorageError):
            continue   # the next write there rebuilds it


def last_result(raw: Any) -> dict[str, Any] | None:
    """The last sync's JSON as kept in the settings (``None`` when there is none)."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return None
    return raw if isinstance(raw, dict) else None
