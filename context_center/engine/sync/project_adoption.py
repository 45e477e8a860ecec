"""One project folder per repository, on every machine, without a rename war.

A workspace checked out at ``/home/a/src/app`` on one machine and ``/Users/b/app`` on another
has two project keys. Renaming the synced folder to the local key would ping-pong (each machine
renames it back to its own key). Instead every machine computes the same answer: the folder in
use for a repository is the smallest key among the synced folders that record its identity
(``repository.json``). A machine whose own key differs merges its own folder into that one once
(moving files, never overwriting) and keeps a per-machine alias (``sync-machine.json``, outside
the synced tree) from its key to it. Nothing is renamed back and forth: the choice depends only
on the synced folders, which every machine sees alike, and a newcomer with a smaller key is
joined by every machine once.
"""
from __future__ import annotations

import contextlib
import os
from dataclasses import replace
from pathlib import Path

from ..memory.project_folder import merge_project_folder
from ..records import Diagnostic
from ..storage.paths import StorePaths
from . import machine
from .repository_identity import IDENTITY_FILE, read_identity, record_identity, workspace_identity


def aliased_paths(paths: StorePaths) -> StorePaths:
    """``paths`` pointing at the project folder this machine uses for its workspace (its alias, when
    the folder still exists), else unchanged. One stat when sync was never set up."""
    if not paths.bound or not (paths.root / machine.MACHINE_FILE).exists():
        return paths
    alias = machine.aliases(paths.root).get(paths.project_key, "")
    if alias and alias != paths.project_key and (paths.projects_dir / alias).is_dir():
        return replace(paths, folder_key=alias)
    return paths


def adopt_project_folder(paths: StorePaths) -> tuple[StorePaths, tuple[Diagnostic, ...]]:
    """Record the workspace's identity beside its project folder and join the folder every machine
    uses for that repository (see the module docstring). Call it holding the store lock. Returns
    the paths to use from now on and a diagnostic for every file that could not be moved."""
    if not paths.bound:
        return paths, ()
    identity = workspace_identity(paths.workspace)
    if not identity:
        return paths, ()
    current = paths.project_folder_key
    holders = {key for key in _folder_keys(paths) if read_identity(paths.projects_dir / key) == identity}
    if _holds_facts(paths.projects_dir / current):   # an empty folder claims nothing
        holders.add(current)
    if not holders:
        return paths, ()   # no facts here and no folder elsewhere: nothing to claim yet
    chosen = min(holders)
    left: tuple[Diagnostic, ...] = ()
    if chosen != current and _holds_facts(paths.projects_dir / current):
        old_root = paths.projects_dir / current
        left = merge_project_folder(old_root, paths.projects_dir / chosen, paths)
        if not left:
            with contextlib.suppress(OSError):
                (old_root / IDENTITY_FILE).unlink()
                os.rmdir(old_root)
    machine.set_alias(paths.root, paths.project_key, chosen)
    record_identity(paths.projects_dir / chosen, identity)
    return replace(paths, folder_key="" if chosen == paths.project_key else chosen), left


def _folder_keys(paths: StorePaths) -> list[str]:
    try:
        with os.scandir(paths.projects_dir) as found:
            entries = list(found)
    except OSError:
        return []
    return [entry.name for entry in entries if entry.is_dir(follow_symlinks=False)]


def _holds_facts(project_folder: Path) -> bool:
    try:
        with os.scandir(project_folder / "memory") as entries:
            return any(True for _ in entries)
    except OSError:
        return False
