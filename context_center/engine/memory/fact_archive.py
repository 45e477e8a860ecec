"""A store's archive: the ``.archive/`` folder of each personal scope, where a forgotten fact's
file goes under a UTC stamp and its name, never overwriting an earlier entry.

A team fact's forget is git's (:mod:`.history`): nothing of the team scope is kept here. An
archive folder reached through a symlink is not ours and is neither read nor written.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from .. import clock
from ..errors import NotFound, StorageError
from ..records import ArchivedFact, Fact
from ..storage.atomic_write import is_temp_file
from ..storage.paths import StorePaths, bounded_stem, versioned_by_git
from .fact_reading import is_fact_file_name, read_fact_file

# an entry's file name: "<yyyymmdd-hhmmss.mmm>-<name>[-<counter>].md"
_ENTRY_NAME = re.compile(r"^(\d{8}-\d{6}\.\d{3})-(.+)\.md$")
_COUNTER = re.compile(r"-\d+$")


def move_to_archive(path: Path, folder: Path, name: str) -> Path:
    """Move the fact file ``path`` into the archive ``folder`` under a UTC stamp and its ``name``;
    returns the entry's path. Never overwrites an earlier entry."""
    folder.mkdir(parents=True, exist_ok=True)
    moment = clock.now()
    stamp = moment.strftime("%Y%m%d-%H%M%S.") + f"{moment.microsecond // 1000:03d}"
    target = folder / f"{bounded_stem(f'{stamp}-{name}')}.md"
    counter = 0
    while True:
        try:
            os.link(path, target)  # never overwrites an earlier archive entry
            break
        except FileExistsError:
            counter += 1
            target = folder / f"{bounded_stem(f'{stamp}-{name}-{counter}')}.md"
        except OSError as exc:
            raise StorageError(f"could not archive {path}: {exc.strerror}") from exc
    path.unlink()
    return target


def archived_at(file_name: str) -> str:
    """When an entry was archived, from its file name (ISO 8601, UTC); "" for another name."""
    match = _ENTRY_NAME.match(file_name)
    if not match:
        return ""
    stamp = match.group(1)
    return (f"{stamp[0:4]}-{stamp[4:6]}-{stamp[6:8]}T{stamp[9:11]}:{stamp[11:13]}:"
            f"{stamp[13:15]}{stamp[15:19]}Z")


def archived_name(file_name: str) -> str | None:
    """The fact name an entry was archived under (its counter dropped); None for another name."""
    match = _ENTRY_NAME.match(file_name)
    return _COUNTER.sub("", match.group(2)) or match.group(2) if match else None


class FactArchive:
    """The archive folders of one store's personal scopes."""

    def __init__(self, paths: StorePaths, directory: Callable[[str], Path]) -> None:
        self.paths = paths
        self._directory = directory   # a scope's fact folder

    def folder(self, scope: str) -> Path:
        return self.paths.archive_dir(self._directory(scope))

    def keep(self, fact: Fact) -> Path:
        """Move the fact's file into its scope's archive; returns the entry's path."""
        assert fact.path is not None
        return move_to_archive(fact.path, self.paths.own_folder(self.folder(fact.scope)), fact.name)

    def entries(self) -> list[ArchivedFact]:
        """Every entry that is still a fact, newest first."""
        entries: list[ArchivedFact] = []
        for scope in self.paths.scopes:
            if versioned_by_git(scope):
                continue
            folder = self.folder(scope)
            if folder.is_symlink():
                continue   # not ours: never read (nor recovered) through it
            try:
                names = sorted(os.listdir(folder))
            except FileNotFoundError:
                continue
            for name in names:
                path = folder / name
                if not is_fact_file_name(name) or is_temp_file(path) or path.is_symlink():
                    continue
                item = read_fact_file(path, scope, name_from_file=False)
                if item.fact is None:
                    continue
                entries.append(ArchivedFact(path=path, id=item.fact.id, name=item.fact.name,
                                            scope=scope, revision=item.fact.revision,
                                            archived_at=archived_at(name), title=item.fact.label))
        entries.sort(key=lambda a: a.archived_at, reverse=True)
        return entries

    def owned_entry(self, raw_path: str) -> tuple[Path, str]:
        """(path, scope) of an archive file owned by this store; anything else is NOT_FOUND (a path
        given by a face or an agent: never a file elsewhere, nor one reached through a link)."""
        given = Path(raw_path).expanduser()
        if not given.is_absolute():
            given = Path(os.path.abspath(given))
        not_found = NotFound(f"{raw_path} is not an archived fact of this store", hint="archived_paths")
        if given.suffix != ".md" or given.is_symlink() or not given.is_file():
            raise not_found
        for scope in self.paths.scopes:
            folder = self.folder(scope)
            if versioned_by_git(scope) or folder.is_symlink() or not folder.is_dir():
                continue
            if Path(os.path.realpath(given.parent)) == Path(os.path.realpath(folder)) \
                    and os.path.realpath(given) == os.path.join(os.path.realpath(folder), given.name):
                return folder / given.name, scope
        raise not_found

    def read(self, path: Path, scope: str) -> Fact:
        """The fact an entry holds; NOT_FOUND, saying why, when it no longer is one."""
        item = read_fact_file(path, scope, name_from_file=False)
        if item.fact is None:
            reason = item.diagnostics[0].reason if item.diagnostics else "unreadable"
            raise NotFound(f"{path} cannot be recovered: {reason}")
        return item.fact
