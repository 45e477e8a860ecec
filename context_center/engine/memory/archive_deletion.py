"""Deleting an archived fact for good: its archive entry and, when nothing else is that fact any
more, the snapshots of its earlier revisions.

Forgetting is recoverable by design (the archive); this is the one way out of it, for a fact that
must not survive anywhere on this machine (a leaked secret, a colleague's private note). What it
destroys is worked out first, so a face can list it and ask: the entry itself, and the fact's
``.revisions/<id>/`` folders (in both scope folders: a moved fact left its earlier snapshots
behind) unless its id is still an active fact's or another archive entry's, whose history they
are. Nothing is followed through a link: a linked revisions folder is left alone and said so.
A forgotten team fact is git's history, which is not this store's to rewrite.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InvalidInput, StorageError
from ..storage.paths import versioned_by_git
from .fact_store import FactStore
from .history import is_git_entry


@dataclass(frozen=True)
class ArchiveDeletion:
    """What deleting one archive entry destroys (or destroyed)."""

    entry: Path
    scope: str
    fact_id: str
    name: str
    revisions: tuple[Path, ...]   # earlier revisions' snapshots going with it
    kept: str                     # why the revisions stay ("" when they go, or there are none)

    def to_json(self) -> dict[str, Any]:
        return {"entry": str(self.entry), "scope": self.scope, "id": self.fact_id, "name": self.name,
                "revisions": [str(path) for path in self.revisions], "revisions_kept": self.kept or None}


def plan_deletion(store: FactStore, raw_path: str) -> ArchiveDeletion:
    """What deleting the archive entry ``raw_path`` would destroy (call it holding the store lock)."""
    if is_git_entry(raw_path):
        raise InvalidInput("a forgotten team fact lives in the repository's git history, shared with everyone "
                           "who cloned it; it cannot be deleted from here")
    entry, scope = store.archive.owned_entry(raw_path)
    fact = store.archive.read(entry, scope)
    active = [f for f in store.snapshot().facts if f.id == fact.id and not versioned_by_git(f.scope)]
    others = [a for a in store.archive.entries()
              if a.id == fact.id and os.path.realpath(a.path) != os.path.realpath(entry)]
    revisions: tuple[Path, ...] = ()
    kept = ""
    if active:
        kept = f"its id is the active fact {active[0].ref}'s, whose history they are"
    elif others:
        kept = f"another archive entry of the same fact ({others[0].path.name}) keeps them as its history"
    else:
        revisions = tuple(sorted(_revision_snapshots(store, fact.id)))
        linked = _linked_revision_folders(store, fact.id)
        if linked:
            kept = f"{linked[0]} is a link; nothing is deleted through it"
    return ArchiveDeletion(entry, scope, fact.id, fact.name, revisions, kept)


def _revision_folders(store: FactStore, fact_id: str) -> list[Path]:
    return [store.paths.revisions_dir(store.directory(scope), fact_id) for scope in store.paths.scopes
            if not versioned_by_git(scope)]


def _linked_revision_folders(store: FactStore, fact_id: str) -> list[Path]:
    return [folder for folder in _revision_folders(store, fact_id) if folder.is_symlink() or folder.parent.is_symlink()]


def _revision_snapshots(store: FactStore, fact_id: str) -> list[Path]:
    """Every regular file directly in the fact's revisions folders (never through a link)."""
    found = []
    for folder in _revision_folders(store, fact_id):
        if folder.is_symlink() or folder.parent.is_symlink():
            continue
        try:
            with os.scandir(folder) as entries:
                found += [Path(e.path) for e in entries if e.is_file(follow_symlinks=False)]
        except (FileNotFoundError, NotADirectoryError):
            continue
    return found


def delete(store: FactStore, plan: ArchiveDeletion) -> ArchiveDeletion:
    """Destroy what ``plan`` lists, the entry last (an interrupted delete can be run again).
    A plan that no longer holds (the folder changed since) is refused by the caller re-planning."""
    try:
        for path in plan.revisions:
            path.unlink(missing_ok=True)
        for folder in {path.parent for path in plan.revisions}:
            try:
                folder.rmdir()
            except OSError:
                pass   # something else is in it (not ours to delete): the folder stays
        plan.entry.unlink()
    except OSError as exc:
        raise StorageError(f"could not delete {exc.filename or plan.entry}: {exc.strerror or exc}") from exc
    return plan
