"""``sync init`` and ``sync``: pull, commit local changes, push — offline is a warning.

The store lock is held while git touches the files (commit, merge, settling conflicts), never
over the network: other processes go on writing while we fetch and push. A push that loses a
race with another machine's push fetches and merges again (a few times).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import clock
from ..errors import InvalidInput, RefusedError, StorageError
from ..memory.fact_store import is_fact_file_name, read_fact_file
from ..memory.memory_index import rebuild_index
from ..records import Diagnostic
from ..storage.git_command import GitError
from ..storage.paths import StorePaths
from ..storage.store_lock import StoreLock
from . import machine as machine_state
from .conflict_flag import read_flag
from .fact_merge import SyncConflict, settle
from .project_adoption import adopt_project_folder
from .sync_tree import SyncTree

PUSH_ATTEMPTS = 3
LAST_RESULT_SETTING = "sync.last_result"
INTERVAL_SETTING = "sync.interval_minutes"
DEFAULT_INTERVAL_MINUTES = 15


class SyncNotSetUp(RefusedError):
    code = "SYNC_NOT_SET_UP"


@dataclass
class SyncResult:
    """What one sync did. ``pulled`` / ``pushed`` count the files that came in / went out."""

    remote: str
    pulled: int = 0
    pushed: int = 0
    conflicts: list[SyncConflict] = field(default_factory=list)
    committed: bool = False
    offline: bool = False
    warning: str = ""
    renamed: list[tuple[str, str]] = field(default_factory=list)
    kept_beside: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    project_folder: str = ""
    reopen: bool = False          # this engine's project folder changed: open the workspace again
    at: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"pulled": self.pulled, "pushed": self.pushed,
                "conflicts": [c.to_json() for c in self.conflicts], "committed": self.committed,
                "offline": self.offline, "warning": self.warning or None, "remote": self.remote,
                "renamed": [{"from": a, "to": b} for a, b in self.renamed], "kept_beside": self.kept_beside,
                "diagnostics": [d.to_json() for d in self.diagnostics], "project_folder": self.project_folder,
                "reopen": self.reopen, "at": self.at}


class SyncService:
    def __init__(self, paths: StorePaths, lock: StoreLock) -> None:
        self.paths = paths
        self.lock = lock
        self.tree = SyncTree(paths.root)

    @property
    def machine(self) -> str:
        return machine_state.machine_id(self.paths.root)

    def initialised(self) -> bool:
        return self.tree.initialised and bool(self.tree.remote_url())

    def init(self, remote: str) -> SyncResult:
        """Make the state root a work tree with ``remote``, commit what is here, then sync: a remote
        that already has history (the second machine) is merged with the local facts."""
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
        with self.lock:
            self.tree.init(remote.strip(), machine)
        return self.sync()

    def sync(self) -> SyncResult:
        if not self.initialised():
            raise SyncNotSetUp("sync is not set up for this state root; set it up with a remote first")
        result = SyncResult(self.tree.remote_url(), at=clock.format_timestamp(clock.now()))
        machine = self.machine
        for _attempt in range(PUSH_ATTEMPTS):
            try:
                self.tree.fetch()
            except GitError as exc:
                with self.lock:
                    result.committed |= self._commit_local(machine, result)
                result.offline, result.warning = True, f"the remote could not be reached; the facts are " \
                                                       f"committed here and go out with the next sync ({exc.message})"
                return result
            with self.lock:
                result.committed |= self._commit_local(machine, result)
                remote_before = self.tree.remote_head()
                self._pull(machine, result)
                result.committed |= self._commit_local(machine, result)   # folders adopted after the pull
            if not self.tree.ahead():
                return result
            pushed = self.tree.push()
            if pushed.returncode == 0:
                result.pushed += len(self.tree.changed_files(remote_before, self.tree.head()))
                return result
            if "rejected" not in pushed.stdout + pushed.stderr and "fetch first" not in pushed.stderr:
                result.offline = True
                result.warning = ("the remote refused the push or could not be reached; the facts are "
                                  f"committed here and go out with the next sync ({pushed.stderr.strip()})")
                return result
        result.warning = "another machine kept pushing meanwhile; the rest goes out with the next sync"
        return result

    def _commit_local(self, machine: str, result: SyncResult) -> bool:
        paths, left = adopt_project_folder(self.paths)
        result.diagnostics += left
        if paths.project_folder_key != self.paths.project_folder_key:
            result.reopen, self.paths = True, paths
        result.project_folder = paths.project_folder_key if paths.bound else ""
        return self.tree.commit_all(f"Context Center: facts from {machine}\n\nMachine: {machine}\n")

    def _pull(self, machine: str, result: SyncResult) -> None:
        remote, head = self.tree.remote_head(), self.tree.head()
        if remote is None or (head is not None and self.tree.is_ancestor(remote, head)):
            return
        if head is None or self.tree.is_ancestor(head, remote):
            self.tree.fast_forward(remote)
        else:
            unmerged = self.tree.start_merge(remote)
            try:
                outcome = settle(self.tree, unmerged, machine) if unmerged else None
                self.tree.finish_merge(f"Context Center: merged on {machine}\n\nMachine: {machine}\n")
            except BaseException:
                self.tree.abort_merge()
                raise
            if outcome is not None:
                result.conflicts += outcome.conflicts
                result.renamed += outcome.renamed
                result.kept_beside += outcome.kept_beside
        changed = self.tree.changed_files(head, self.tree.head())
        result.pulled += len(changed)
        _rebuild_indexes(self.paths.root, changed)
        settled_here = {conflict.id for conflict in result.conflicts}
        result.conflicts += [conflict for conflict in _flagged_elsewhere(self.paths.root, changed, machine)
                             if conflict.id not in settled_here]


def _scope_of(folder: str) -> str | None:
    """The scope of a fact folder of the synced tree (relative to the root), or None for any other."""
    if folder == "memory/global":
        return "global"
    return "project" if folder.startswith("projects/") and folder.endswith("/memory") else None


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
