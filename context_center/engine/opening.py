"""The composition root: what one open of a store is made of, wired once.

An open checks the state root, tidies what it may (an earlier key's project folder adopted, a
synced store's shared folder joined, temp files a kill left), opens the fact tables and the
catalog's direct statements, gives the memory service the team scope's git history, finishes a
write a kill interrupted, and hands the parts to :class:`.facade.Engine`. Nothing else builds
them; nothing below the facade knows the others exist.
"""
from __future__ import annotations

import gc
import logging
import os

from .errors import InvalidInput, StorageError
from .facade import Engine, EngineParts
from .grounding.service import GroundingService
from .instructions.resolver import InstructionResolver
from .memory.fact_store import FactStore
from .memory.memory_service import MemoryService
from .memory.project_folder import adopt_legacy_project_folder
from .memory.repair import repair_interrupted_writes
from .records import Diagnostic, Progress
from .storage.atomic_write import remove_stale_temp_files
from .storage.catalog_file import DirectAccess, aside_diagnostics
from .storage.catalog_opener import CatalogOpener
from .storage.fact_cache import TABLES as FACT_TABLES
from .storage.fact_cache import FactCache
from .storage.paths import TEAM, StorePaths
from .storage.store_lock import StoreLock
from .storage.trace_log import TABLES as TRACE_TABLES
from .storage.trace_log import TraceLog
from .sync.project_adoption import adopt_project_folder, aliased_paths
from .team.git_history import TeamHistory
from .team.repository import TeamRepository

log = logging.getLogger("context_center.engine")


def open_engine(state_root: str | os.PathLike[str] | None = None,
                workspace: str | os.PathLike[str] | None = None, *, progress: Progress | None = None) -> Engine:
    """Open the store at ``state_root`` for ``workspace`` (defaults: the state root's rule, storage/user_config.py).
    ``progress`` hears (files read, files to read) while a store never opened before is read."""
    return open_store(StorePaths.create(state_root, workspace), progress)


def open_global_engine(state_root: str | os.PathLike[str] | None = None) -> Engine:
    """Open the store at ``state_root`` with no project bound: the global scope alone (an MCP
    server started without ``--project``). The working directory is never taken for a project."""
    return open_store(StorePaths.unbound(state_root))


def open_store(paths: StorePaths, progress: Progress | None = None) -> Engine:
    paths = aliased_paths(paths)   # a synced store may serve this workspace from another machine's folder
    _check_root(paths)
    lock = StoreLock(paths.lock_file)
    paths, moved = _tidy(paths, lock)
    catalog_file = paths.catalog_file
    catalogs = CatalogOpener(catalog_file, lock)   # opened when first needed
    direct = DirectAccess(catalog_file, lock, catalogs, (*FACT_TABLES, *TRACE_TABLES))
    store = FactStore(paths, FactCache(direct), lambda: (*moved, *aside_diagnostics(catalog_file)))
    # the team scope's history, archive and status are git's
    team = TeamRepository(paths.workspace, paths.memory_dir(TEAM)) if TEAM in paths.scopes else None
    grounding = GroundingService(paths.workspace if paths.bound else None)
    memory = MemoryService(store, lock, TeamHistory(team) if team is not None else None, progress,
                           grounder=grounding.record)
    _finish_interrupted_writes(lock, store, memory)
    # The facts just loaded live as long as the engine: the cyclic collector need not walk them on
    # every full collection (at 100,000 facts each took most of a second). They are still freed
    # by their reference counts.
    gc.freeze()
    return Engine(EngineParts(paths=paths, lock=lock, catalogs=catalogs, grounding=grounding, memory=memory,
                              traces=TraceLog(direct), team=team,
                              instructions=InstructionResolver(paths.root, paths.workspace, lock)))


def _check_root(paths: StorePaths) -> None:
    if paths.bound and not paths.workspace.is_dir():
        raise InvalidInput(f"the workspace {paths.workspace} is not an existing folder")
    if paths.root.exists() and not paths.root.is_dir():
        raise StorageError(f"the state root {paths.root} is a file, not a folder")
    try:
        paths.root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the state root {paths.root}: {exc.strerror or exc}") from exc


def _tidy(paths: StorePaths, lock: StoreLock) -> tuple[StorePaths, tuple[Diagnostic, ...]]:
    """An open reads: it never waits for another process's write. What it would tidy under the
    lock (an earlier key's folder adopted, temp files a kill left) waits for the next open that
    finds the lock free. Returns the paths (a synced folder joined) and what moved."""
    moved: tuple[Diagnostic, ...] = ()
    with lock.attempt() as tidying:
        if paths.bound and tidying:
            moved = adopt_legacy_project_folder(paths)
            paths, adopted = _adopt_synced_folder(paths)
            moved = (*moved, *adopted)
        for scope in paths.scopes if tidying else ():   # what a kill or a full disk left behind
            folder = paths.memory_dir(scope)
            for where in (folder, paths.archive_dir(folder), folder.parent):   # (a staged MEMORY.md)
                remove_stale_temp_files(where)
    return paths, moved


def _adopt_synced_folder(paths: StorePaths) -> tuple[StorePaths, tuple[Diagnostic, ...]]:
    """In a synced state root, join the project folder every machine uses for this repository."""
    if not paths.synced:
        return paths, ()
    try:
        return adopt_project_folder(paths)
    except (OSError, StorageError) as exc:   # a read-only root: the folder is joined next time
        log.warning("context-center: the synced project folder could not be adopted (%s)", exc)
        return paths, ()


def _finish_interrupted_writes(lock: StoreLock, store: FactStore, memory: MemoryService) -> None:
    """A kill's half-done write is finished now when the lock is free, else by the write that holds
    it (or the next one here)."""
    if lock.read_only:
        return

    def repair() -> None:
        try:
            repairs = repair_interrupted_writes(store)
        except Exception as exc:  # noqa: BLE001 - a full disk, or anything odd: the repair must never brick the
            # store; it waits for the next open, and every read works meanwhile
            log.warning("context-center: an interrupted write could not be finished yet (%s: %s)",
                        type(exc).__name__, exc)
            return
        for line in repairs:
            log.warning("context-center: %s", line)
        if repairs:
            memory.reload(full=True)

    with lock.attempt() as held:
        if held:
            repair()
        else:
            memory.before_next_write(repair)
