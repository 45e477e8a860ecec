"""Finishing what a kill interrupted, on open, under the store lock.

Every multi-step write leaves a recognisable prefix, and each is brought to one state without
losing a byte (the older text always stays as a revision snapshot):

- a rename or a move (snapshot N, write N+1 under the new name, remove N): two files hold one id;
  the older revision is snapshotted (if it is not yet) and its file removed;
- a forget (link the file into ``.archive``, remove it): one inode is both active and archived;
  the archive link is removed and the fact stays active (the forget was never acknowledged);
- a recover (snapshot the entry as revision N, write N+1, remove the entry): the entry is still
  there while its fact is active at a later revision with revision N snapshotted; it is removed.

It costs what a normal open costs: it works from the loaded tables (the catalog's cache), and
reads a file only where a leftover is likely (a twin id, an archive entry with a second link or
an active namesake).
"""
from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ..records import Fact
from .fact_archive import archived_name
from .fact_reading import read_fact_file
from .fact_store import FactStore

_LEFTOVER = "left over from an interrupted rename"
LEGACY_RECOVERED_NOTE = "recovered from the archive"   # before the note named its entry


def recovered_note(entry_name: str) -> str:
    """The revision note of a recover: naming the archive entry is what tells an interrupted recover
    (that entry is left over) from an archive entry whose fact came back some other way (a sync
    merging "forgotten here, edited there" keeps both, on purpose)."""
    return f"recovered from the archive ({entry_name})"


def _drop_older(store: FactStore, older: Fact, newer: Fact) -> str:
    assert older.path is not None
    store.revisions.keep(older)
    with contextlib.suppress(FileNotFoundError):
        older.path.unlink()
    store.refresh_file(older.path, older.scope)
    return (f"finished an interrupted rename or move of {newer.id}: revision {older.revision} "
            f"({older.path.name}) is kept as a revision")


def repair_interrupted_writes(store: FactStore) -> list[str]:
    """Repair what the last kill left; one line per repair (empty when there was nothing)."""
    repaired: list[str] = []
    tables = [store.table(scope) for scope in store.paths.scopes]
    twins: set[str] = set()   # ids held in two scopes, found by set operations, not by listing every fact
    for index, table in enumerate(tables):
        for other in tables[index + 1:]:
            twins |= table.kept.keys() & other.kept.keys()
    settled: dict[str, Fact] = {}
    for fact_id in sorted(twins):   # a move: the same id in two scopes
        for fact in [table.kept[fact_id] for table in tables if fact_id in table.kept]:
            twin = settled.get(fact_id)
            if twin is not None and fact_id.startswith("mem-") and fact.revision != twin.revision:
                newer, older = (fact, twin) if fact.revision > twin.revision else (twin, fact)
                repaired.append(_drop_older(store, older, newer))
                settled[fact_id] = newer
            else:
                settled.setdefault(fact_id, fact)

    def active(fact_id: str) -> Fact | None:
        """The active fact of an id: as settled above, else the first scope's."""
        found = settled.get(fact_id)
        return found if found is not None else next(
            (table.kept[fact_id] for table in tables if fact_id in table.kept), None)
    # a rename: the same id twice in one scope (the tables' diagnostics: listing every fact is not needed)
    for diagnostic in [d for table in tables for d in table.diagnostics()]:
        if _LEFTOVER in diagnostic.reason:
            scope = next((s for s in store.paths.scopes if Path(diagnostic.path).parent == store.directory(s)),
                         "project")
            left = read_fact_file(Path(diagnostic.path), scope).fact
            kept = active(left.id) if left is not None else None
            if left is not None and kept is not None and kept.revision > left.revision:
                repaired.append(_drop_older(store, left, kept))
    for scope in store.paths.scopes:
        folder = store.directory(scope)
        archive = store.paths.archive_dir(folder)
        if archive.is_symlink():
            continue
        try:
            with os.scandir(archive) as listing:   # (closed even when an entry's check fails half-way)
                entries = [e for e in listing if e.name.endswith(".md") and e.is_file(follow_symlinks=False)]
        except OSError:
            continue
        for entry in entries:
            name = archived_name(entry.name)
            namesake = folder / f"{name}.md" if name else None
            if namesake is None or not namesake.is_file():
                continue   # the usual case: nothing active by that name
            path = archive / entry.name
            if entry.stat(follow_symlinks=False).st_nlink > 1 and os.path.samefile(path, namesake):
                path.unlink()
                repaired.append(f"undid an interrupted forget of {namesake.name}: it is still active")
                continue
            archived = read_fact_file(path, scope, name_from_file=False).fact
            current = active(archived.id) if archived is not None else None
            if archived is not None and current is not None and current.revision > archived.revision and \
                    current.revision_note in (recovered_note(entry.name), LEGACY_RECOVERED_NOTE) and \
                    store.paths.revision_file(folder, archived.id, archived.revision).exists():
                path.unlink()
                repaired.append(f"finished an interrupted recover of {archived.id} (revision {current.revision})")
    return repaired
