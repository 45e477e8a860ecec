"""The sync repository an earlier version kept at ``<root>/.git``, moved to ``<root>/sync.git``.

That layout checked out whatever the remote changed, with a tracked ``.gitignore`` the remote could
rewrite. The first sync of this version moves the git dir (history and all), lets an interrupted
merge go (the files stay as they are), writes the ignore rules into the repository, and stops
tracking every path that does not travel. What such a path left in the state root came from a
remote, so it is not trusted: the search index and the recall cache are removed (derived: rebuilt
from the facts), a catalog or machine file is set aside beside itself (``.from-sync``), git's own
files (``.gitignore``, ``.gitattributes``, ``.gitmodules``) and symlinks are removed; anything else
stays where it is, untracked, and is named in the result.
"""
from __future__ import annotations

import contextlib
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..storage.git_command import run_git
from ..storage.paths import StorePaths
from .sync_tree import LEGACY_IGNORE_PATH, SyncTree
from .travel import refusal

MARKER = "# Context Center sync"
_DERIVED = ("index", "cache")
_SET_ASIDE = ("catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm", "catalog.sqlite-journal",
              "sync-machine.json")
_GIT_FILES = (".gitignore", ".gitattributes", ".gitmodules")
_MERGE_STATE = ("MERGE_HEAD", "MERGE_MSG", "MERGE_MODE", "AUTO_MERGE")
SET_ASIDE_SUFFIX = ".from-sync"


@dataclass
class MovedLayout:
    """What moving the earlier layout did: each path no longer tracked and why, and what became of it."""

    untracked: list[tuple[str, str]] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)


def is_legacy_sync(paths: StorePaths) -> bool:
    """Is ``<root>/.git`` a sync repository of an earlier version (not a repository of the user's)?"""
    legacy = paths.legacy_sync_git_dir
    if not legacy.is_dir() or paths.sync_git_dir.exists():
        return False
    with contextlib.suppress(OSError):
        if (paths.root / ".gitignore").read_text(encoding="utf-8", errors="replace").startswith(MARKER):
            return True
    shown = run_git(["--git-dir", str(legacy), "show", f"HEAD:{LEGACY_IGNORE_PATH}"], paths.root, check=False,
                    isolated=True)
    return shown.returncode == 0 and shown.stdout.startswith(MARKER)


def move_legacy_layout(paths: StorePaths, tree: SyncTree) -> MovedLayout | None:
    """Move an earlier version's sync repository into place (see the module docstring); None when
    there is none. Call it holding the sync and store locks."""
    if not is_legacy_sync(paths):
        return None
    os.rename(paths.legacy_sync_git_dir, tree.git_dir)
    for name in _MERGE_STATE:
        with contextlib.suppress(OSError):
            (tree.git_dir / name).unlink()
    tree.clear_stale_locks()
    tree.git("config", "--unset", "core.worktree", check=False)
    tree.git("config", "status.showUntrackedFiles", "no")
    tree.write_rules()
    if tree.head() is not None:
        tree.git("read-tree", "HEAD")   # the index as HEAD has it; the work tree is left alone
    moved = MovedLayout()
    moved.untracked = [(path, reason) for mode, path in tree.tracked()
                       if path != LEGACY_IGNORE_PATH and (reason := refusal(path, mode))]
    tree.untrack([path for path, _ in moved.untracked])
    tree.keep_legacy_ignore()
    _clear_what_came_in(paths.root, [LEGACY_IGNORE_PATH, *(path for path, _ in moved.untracked)], moved)
    return moved


def _clear_what_came_in(root: Path, paths: list[str], moved: MovedLayout) -> None:
    derived = sorted({path.split("/")[0] for path in paths if path.split("/")[0] in _DERIVED})
    for folder in derived:
        target = root / folder
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.is_dir():
            shutil.rmtree(target, ignore_errors=True)
        moved.removed.append(folder + "/")
    for path in paths:
        target = root / path
        if path.split("/")[0] in _DERIVED or not (target.is_file() or target.is_symlink()):
            continue
        if target.is_symlink():   # a link the remote checked out: never followed, so gone
            target.unlink()
            moved.removed.append(path)
        elif path in _SET_ASIDE:
            os.replace(target, target.with_name(target.name + SET_ASIDE_SUFFIX))
            moved.set_aside.append(path)
        elif target.name in _GIT_FILES:
            target.unlink()
            moved.removed.append(path)
