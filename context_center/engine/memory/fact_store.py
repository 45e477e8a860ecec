"""Fact files on disk for one state root and workspace: load and write them, keeping the tables
and the catalog's fact rows in step. A write's earlier revision goes to :attr:`FactStore.revisions`
(:mod:`.fact_revisions`), a forgotten fact to :attr:`FactStore.archive` (:mod:`.fact_archive`).

This module moves bytes; the rules (conflicts, budgets, expected revisions) live in
:mod:`.memory_service`, which calls it while holding the store lock.
"""
from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISLNK, S_ISREG
from typing import Callable

from ..errors import NameConflict, StorageError
from ..records import Diagnostic, Fact, Progress, Snapshot
from ..storage import folder_snapshot
from ..storage.atomic_write import create_exclusive, write_atomic
from ..storage.bulk_load import paused_gc
from ..storage.fact_cache import CachedFile, FactCache, FileStamp
from ..storage.folder_snapshot import Piece
from ..storage.paths import TEAM, TEAM_FOLDER, StorePaths, versioned_by_git
from . import bulk_read
from .derived import DERIVED, derived_state
from .fact_archive import FactArchive
from .fact_file import render_fact
from .fact_reading import file_stamp as _stamp
from .fact_reading import is_fact_file_name, read_fact_file
from .fact_revisions import FactRevisions
from .fact_table import ScopeTable

_new_stamp = tuple.__new__   # a FileStamp from its four values, made in C
# stat a file by its name in the open folder, where the platform can (no path walked again per file)
_STAT_IN_FOLDER = os.stat in os.supports_dir_fd
# how recent a folder's mtime may be and still be trusted to move with the next change (_settled)
_TICK_MARGIN_NS = 20_000_000
_WHOLE_SECOND_MARGIN_NS = 2_000_000_000


PROGRESS_FROM = 2000   # files to read before an open says how far it is
_PROGRESS_EVERY = 500


def _read_all(folder: Path, texts: list[str], scope: str,
              progress: Progress | None) -> tuple[list[tuple[str, CachedFile]], list[Piece] | None]:
    """Each file read and parsed, and what the rules derive of its fact worked out now (the folder
    snapshot would otherwise do it after the last file, with nothing to report). Many files are read
    by worker processes (:mod:`.bulk_read`), whose pieces of snapshot come back too."""
    workers = bulk_read.worker_count(len(texts))
    if workers:
        prefix = str(folder) + os.sep
        texts = sorted(texts)
        names = [text[len(prefix):] for text in texts]
        if all(text.startswith(prefix) for text in texts) and all(os.sep not in name for name in names):
            by_workers = bulk_read.read_in_workers(folder, names, scope, workers, progress)
            if by_workers is not None and list(by_workers.files) == texts:   # these very files, in this order
                return list(by_workers.files.items()), by_workers.pieces
            if by_workers is not None:
                bulk_read.log.warning("context-center: the workers reading %s answered for other files than "
                                      "asked; they are read here instead", folder)
    if progress is None or len(texts) < PROGRESS_FROM:
        return [(text, read_fact_file(Path(text), scope)) for text in texts], None
    read = []
    total = len(texts)
    for done, text in enumerate(texts, 1):
        item = read_fact_file(Path(text), scope)
        if item.fact is not None:
            derived_state(item.fact)
        read.append((text, item))
        if done % _PROGRESS_EVERY == 0 or done == total:
            progress(done, total)
    return read, None


@dataclass(frozen=True)
class _Stored:
    count: int   # files in the folder's snapshot as saved


@dataclass
class _Listing:
    """A fact folder as listed, beside what was known of it."""

    differ: list[tuple[str, FileStamp]]   # files new, or whose stamp is not the known one
    hits: list[str]                       # the known files that are still there

    def gone(self, known: dict[str, CachedFile]) -> list[str]:
        """The known files no longer there (none, in the usual case, without a set of 100,000)."""
        if len(self.hits) == len(known):
            return []
        there = set(self.hits)
        return [text for text in known if text not in there]


def _scan(folder: Path, known: dict[str, CachedFile]) -> _Listing:
    """List ``folder``'s fact files, comparing each one's (size, mtime, inode, ctime) with
    ``known`` as it goes: one ``lstat`` per file (relative to the folder, where the platform can)
    and no dict of the listing. A symlink is listed (so a diagnostic says why it is not loaded);
    a file gone between the listing and its stat is simply not there."""
    differ: list[tuple[str, FileStamp]] = []
    hits: list[str] = []
    if not known:   # nothing to compare with (a first open): every file is read, which stamps it
        return _Listing(_names(folder), hits)
    get = known.get
    prefix = str(folder) + os.sep
    try:
        names = os.listdir(folder)
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)) if _STAT_IN_FOLDER else None
    except FileNotFoundError:
        return _Listing(differ, hits)
    except OSError as exc:
        raise StorageError(f"cannot list {folder}: {exc.strerror}") from exc
    try:
        stat = functools.partial(os.stat, dir_fd=handle, follow_symlinks=False) if handle is not None else None
        for name in names:
            if not is_fact_file_name(name):
                continue
            text = prefix + name
            try:
                found = stat(name) if stat is not None else os.lstat(text)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise StorageError(f"cannot read {text}: {exc.strerror}") from exc
            if not (S_ISREG(found.st_mode) or S_ISLNK(found.st_mode)):
                continue
            on_disk = (found.st_size, found.st_mtime_ns, found.st_ino, found.st_ctime_ns)
            item = get(text)
            if item is not None:
                hits.append(text)
                if item.stamp == on_disk:
                    continue
            differ.append((text, _new_stamp(FileStamp, on_disk)))
    finally:
        if handle is not None:
            os.close(handle)
    return _Listing(differ, hits)


_UNSTAMPED = FileStamp(0, 0, 0, 0)


def _names(folder: Path) -> list[tuple[str, FileStamp]]:
    """The fact files of ``folder`` as :func:`_scan` lists them, without a stat per file (the
    folder's entries say which are regular files and which symlinks)."""
    try:
        with os.scandir(folder) as entries:
            return [(entry.path, _UNSTAMPED) for entry in entries
                    if is_fact_file_name(entry.name) and (entry.is_file(follow_symlinks=False) or entry.is_symlink())]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StorageError(f"cannot list {folder}: {exc.strerror}") from exc


_LINKED = {
    True: "the team folder is a symlink: its facts are not read and nothing is written through it (a cloned "
          "repository could point it anywhere)",
    False: "a symlink on the way to the {scope} facts: they are not read and nothing is written through it (it "
           "could point anywhere); make it a folder",
}


class FactStore:
    """The two fact folders (project, global) of one state root and workspace."""

    def __init__(self, paths: StorePaths, cache: FactCache,
                 standing_diagnostics: Callable[[], tuple[Diagnostic, ...]] = tuple) -> None:
        self.paths = paths
        self.cache = cache
        self.standing_diagnostics = standing_diagnostics  # asked again with every listing
        self._tables = {scope: ScopeTable(scope) for scope in paths.scopes}
        self.revisions = FactRevisions(paths, self.directory)
        self.archive = FactArchive(paths, self.directory)
        # the tables change on the thread that writes and on MEMORY.md's writer: both hold this
        self.guard = threading.RLock()

    def directory(self, scope: str) -> Path:
        return self.paths.memory_dir(scope)

    def linked_folder(self, scope: str) -> Path | None:
        """The symlink on the way to a fact folder, if any: for the team folder, ``.context-center``
        or its ``memory`` (it comes with a cloned repository); for a personal one, any folder
        between the state root and it (a sync remote or another tool could have put one there).
        A link could lead anywhere on this machine, so such a folder is never read into a prompt
        nor written through. The state root itself is the user's to link."""
        if scope == TEAM:
            base, parts = self.paths.workspace, tuple(TEAM_FOLDER)
        else:
            base = self.paths.root
            parts = self.directory(scope).relative_to(base).parts
        folder = base
        for part in parts:
            folder = folder / part
            if folder.is_symlink():
                return folder
        return None

    def _link_diagnostics(self) -> tuple[Diagnostic, ...]:
        found = []
        for scope in self.paths.scopes:
            link = self.linked_folder(scope)
            if link is not None:
                found.append(Diagnostic(link, 1, _LINKED[scope == TEAM].format(scope=scope)))
        return tuple(found)

    # loading ----------------------------------------------------------------------

    def table(self, scope: str) -> ScopeTable:
        return self._tables[scope]

    @property
    def version(self) -> tuple[int, ...]:
        """Changes whenever a table does (a sync, or a write of ours)."""
        return tuple(self._tables[scope].version for scope in self.paths.scopes)

    def snapshot(self) -> Snapshot:
        """The facts as the tables hold them now; listed when first read."""
        tables = [self._tables[scope] for scope in self.paths.scopes]

        def lister() -> tuple[tuple[Fact, ...], tuple[Diagnostic, ...]]:
            with self.guard:
                facts = tuple(f for table in tables for f in table.facts())
                return facts, (*self.standing_diagnostics(), *self._link_diagnostics(),
                               *(d for table in tables for d in table.diagnostics()))

        return Snapshot(lister=lister)

    def load(self, progress: Progress | None = None) -> Snapshot:
        """Every fact of both scopes, every file looked at again (an open, F5). ``progress`` hears
        of the files read, when there are enough of them to wait for (a store never opened before)."""
        self.sync(full=True, progress=progress)
        return self.snapshot()

    def sync(self, *, full: bool, progress: Progress | None = None) -> bool:
        """Bring the tables in step with the folders; returns whether anything changed. ``full``:
        every file's (size, mtime, inode) is compared (an editor may rewrite a file in place);
        otherwise a folder whose own mtime is as last seen is taken as unchanged (every
        Context Center write replaces files, which changes the folder's mtime)."""
        changed = False
        first = not all(table.loaded for table in self._tables.values())
        with paused_gc(freeze=True) if first else contextlib.nullcontext():   # an open: every fact is new
            for scope in self.paths.scopes:
                changed |= self._sync_scope(scope, full, progress)
        return changed

    @staticmethod
    def _settled(stamp: int | None, seen_at: int) -> int | None:
        """``stamp`` when it can be trusted to move with the next change, else None (list again).
        A folder's mtime comes from the kernel's coarse clock (a tick of a few milliseconds), or in
        whole seconds on some file systems: a change in the same tick as the one we saw leaves the
        mtime as it was. So a stamp that recent, relative to when it was read, is not kept."""
        if stamp is None:
            return None
        margin = _WHOLE_SECOND_MARGIN_NS if stamp % 1_000_000_000 == 0 else _TICK_MARGIN_NS
        return stamp if seen_at - stamp > margin else None

    def _folder_stamp(self, folder: Path) -> int | None:
        try:
            return os.stat(folder).st_mtime_ns
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StorageError(f"cannot read {folder}: {exc.strerror}") from exc

    def _sync_scope(self, scope: str, full: bool, progress: Progress | None = None) -> bool:
        folder = self.directory(scope)
        table = self._tables[scope]
        seen_at = time.time_ns()
        if table.loaded:
            stamp = self._folder_stamp(folder)   # before the listing: a change during it is seen next time
            if not full and stamp == table.folder_stamp:
                return False
            known, stored = table.files, None
        else:
            known, stored = self._remembered(folder)
            stamp = self._folder_stamp(folder)   # (after the catalog, still before the listing)
        listing = _scan(folder, known) if self.linked_folder(scope) is None else _Listing([], [])
        removed = [Path(text) for text in listing.gone(known)]
        differ = listing.differ
        if isinstance(stored, _Stored) and differ:   # another process's writes: their rows, not the files
            rows = self.cache.cached_paths([text for text, _ in differ])
            recovered = {text: rows[text] for text, on_disk in differ if text in rows and rows[text].stamp == on_disk}
            known.update(recovered)
            differ = [(text, on_disk) for text, on_disk in differ if text not in recovered]
        changed, pieces = _read_all(folder, [text for text, _ in differ], scope, progress)
        if table.loaded:
            if changed or removed:
                self.cache.update_files(folder, changed, removed)
            table.folder_stamp = self._settled(stamp, seen_at)
            for text, item in changed:
                table.apply(text, item)
            for path in removed:
                table.apply(path, None)
            return bool(changed or removed)
        # an open: known is its own (unpacked, or read from rows), and the table may keep it
        whole = pieces if not known and not removed else None   # what was read is the whole folder
        for path in removed:
            del known[str(path)]
        known.update(changed)
        in_snapshot = self._keep_snapshot(folder, known, stored, drift=len(listing.differ) + len(removed),
                                          pieces=whole)
        if (changed and not in_snapshot) or removed:   # a saved snapshot holds the files read: no row each
            self.cache.update_files(folder, [] if in_snapshot else changed, removed)
        table.load(known)
        table.folder_stamp = self._settled(stamp, seen_at)   # (load starts the table afresh)
        return True

    def _remembered(self, folder: Path) -> tuple[dict[str, CachedFile], _Stored | None]:
        """What the catalog knows of ``folder``'s files: its snapshot (and how many files it was
        saved with), else every row."""
        stored = self.cache.folder_snapshot(folder)
        files = folder_snapshot.unpack(folder, stored[1], DERIVED) if stored is not None else None
        if stored is None or files is None:
            return self.cache.cached_files(folder), None
        return files, _Stored(stored[0])

    def _keep_snapshot(self, folder: Path, current: dict[str, CachedFile], stored: _Stored | None,
                       drift: int, pieces: list[Piece] | None = None) -> bool:
        """Save ``current`` as ``folder``'s snapshot when it is worth it (``pieces``: it, packed
        already); returns whether a snapshot holding ``current`` is now saved."""
        if self.cache.read_only:   # nothing is written on a read-only root
            return False
        if stored is not None and not folder_snapshot.worth_saving(stored.count, len(current), drift):
            return False
        blob = folder_snapshot.assemble(pieces, DERIVED) if pieces is not None else \
            folder_snapshot.pack(folder, current, derived_state, DERIVED)
        return self.cache.save_folder_snapshot(folder, len(current), blob)

    def sync_paths(self, paths: set[Path]) -> bool:
        """Look again at these files only (the watcher named them); returns whether a fact changed."""
        changed = False
        for scope in self.paths.scopes:
            folder, table = self.directory(scope), self._tables[scope]
            if any(path.parent == folder for path in paths) and self.linked_folder(scope):
                changed |= self._sync_scope(scope, True)   # a folder that became a link: its facts go
                continue
            for path in paths:
                if path.parent != folder or not is_fact_file_name(path.name):
                    continue
                try:
                    file_stamp: FileStamp | None = _stamp(path.lstat())
                except FileNotFoundError:
                    file_stamp = None
                known = table.files.get(str(path))
                if file_stamp is None:
                    if known is not None:
                        self.cache.update_files(folder, [], [path])
                        table.apply(path, None)
                        changed = True
                elif known is None or known.stamp != file_stamp:
                    item = read_fact_file(path, scope)
                    self.cache.update_files(folder, [(path, item)], [])
                    table.apply(path, item)
                    changed = True
        return changed

    def refresh_file(self, path: Path, scope: str) -> None:
        """Tell the catalog and the table about a file we just wrote or removed (holding the lock:
        no other Context Center process writes meanwhile, so the folder's new mtime is ours)."""
        folder = self.directory(scope)
        if path.exists():
            item = read_fact_file(path, scope)
            self.cache.update_files(path.parent, [(path, item)], [])
            if path.parent == folder and is_fact_file_name(path.name):
                self._tables[scope].apply(path, item)
        else:
            self.cache.update_files(path.parent, [], [path])
            if path.parent == folder:
                self._tables[scope].apply(path, None)
        self.note_own_change(scope)

    def note_own_change(self, scope: str) -> None:
        """The folder changed by our own hand (a fact, MEMORY.md): not a reason to list it again."""
        table = self._tables[scope]
        if table.loaded:   # (trusted as it is: the store lock held, no other face wrote in this tick;
            # an editor's change in it reaches a long-lived open through its watcher)
            table.folder_stamp = self._folder_stamp(self.directory(scope))

    def recheck(self, fact: Fact) -> bool:
        """Look again at ``fact``'s own file (an editor may have rewritten it in place, which leaves
        the folder's mtime alone); returns whether it changed."""
        assert fact.path is not None
        return self.sync_paths({fact.path})

    # writing ----------------------------------------------------------------------

    def fact_path(self, scope: str, name: str) -> Path:
        link = self.linked_folder(scope)
        if link is not None:
            raise StorageError(f"{link} is a symlink; Context Center does not write facts through it "
                               f"(make it a folder{' of the repository' if scope == TEAM else ''})")
        return self.directory(scope) / f"{name}.md"

    def create(self, fact: Fact) -> Fact:
        """Write a new fact; refuses (NAME_CONFLICT) if its file appeared meanwhile."""
        path = self.fact_path(fact.scope, fact.name)
        fact = fact.evolve(path=path, legacy=False, encoding="")  # written in UTF-8
        if not create_exclusive(path, render_fact(fact)):
            raise NameConflict(f"{fact.ref} already exists; choose another name")
        self.refresh_file(path, fact.scope)
        return fact

    def replace(self, previous: Fact, fact: Fact) -> Fact:
        """Write a new revision of ``previous`` (snapshotting it first), renaming if asked."""
        assert previous.path is not None
        self.revisions.keep(previous)
        path = self.fact_path(fact.scope, fact.name)
        fact = fact.evolve(path=path, legacy=False, encoding="")  # written in UTF-8
        if path != previous.path:
            if not create_exclusive(path, render_fact(fact)):
                raise NameConflict(f"{fact.ref} already exists; choose another name")
            with contextlib.suppress(FileNotFoundError):
                previous.path.unlink()
            self.refresh_file(previous.path, previous.scope)
        else:
            write_atomic(path, render_fact(fact))
        self.refresh_file(path, fact.scope)
        return fact

    def rewrite_in_place(self, fact: Fact) -> Fact:
        """Write ``fact`` over its own file without a new revision (migration only)."""
        assert fact.path is not None
        write_atomic(fact.path, render_fact(fact))
        self.refresh_file(fact.path, fact.scope)
        return fact.evolve(legacy=False, encoding="")

    def move(self, fact: Fact, moved: Fact) -> Fact:
        """Write ``moved`` (the next revision, in the other scope) and remove ``fact``: the earlier
        revision is snapshotted in the folder it leaves, where Reasonix keeps it too (leaving the team
        scope, in the personal folder it goes to: git keeps the team's history)."""
        assert fact.path is not None
        self.revisions.keep(fact, into_scope=moved.scope if versioned_by_git(fact.scope) else None)
        path = self.fact_path(moved.scope, moved.name)
        moved = moved.evolve(path=path, legacy=False, encoding="")
        if not create_exclusive(path, render_fact(moved)):
            raise NameConflict(f"{moved.ref} already exists; choose another name")
        with contextlib.suppress(FileNotFoundError):
            fact.path.unlink()
        self.refresh_file(fact.path, fact.scope)
        self.refresh_file(path, moved.scope)
        return moved

    # archive --------------------------------------------------------------------------

    def archive_fact(self, fact: Fact) -> Path:
        """Move the fact's file into its scope's archive; returns the entry's path."""
        target = self.archive.keep(fact)
        assert fact.path is not None
        self.refresh_file(fact.path, fact.scope)
        return target

    def remove(self, fact: Fact) -> None:
        """Delete the fact's file (a team fact's forget: git keeps what it held)."""
        assert fact.path is not None
        with contextlib.suppress(FileNotFoundError):
            fact.path.unlink()
        self.refresh_file(fact.path, fact.scope)
