"""A store's revisions: the immutable snapshot of each earlier revision of a personal fact, in
``.revisions/<id>/<revision>.md`` beside its scope's facts (where Reasonix keeps them).

A fact moved between scopes keeps its earlier snapshots in the folder it left, so both personal
folders are read, the fact's own first. A team fact's history is git's (:mod:`.history`): nothing
is kept for it in the repository. A folder reached through a symlink is neither read nor written.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from ..records import Fact, Revision
from ..storage.atomic_write import create_exclusive
from ..storage.paths import StorePaths, versioned_by_git
from ..storage.safe_read import read_regular_bytes
from .fact_file import decode_fact_bytes, render_fact
from .fact_reading import MAX_FACT_FILE_BYTES, read_fact_file

_SNAPSHOT_NAME = re.compile(r"^(\d{9})\.md$")


class FactRevisions:
    """The revision snapshots of one store's personal scopes."""

    def __init__(self, paths: StorePaths, directory: Callable[[str], Path]) -> None:
        self.paths = paths
        self._directory = directory   # a scope's fact folder

    def keep(self, fact: Fact, text: str | None = None, *, into_scope: str | None = None) -> None:
        """Keep the on-disk text of ``fact`` (or ``text``: a masked copy) as its revision's snapshot
        (once: an existing one is never replaced), in its scope's folder (or ``into_scope``'s)."""
        assert fact.path is not None
        folder_scope = into_scope or fact.scope
        if versioned_by_git(folder_scope):
            return
        target = self.paths.revision_file(self._directory(folder_scope), fact.id, fact.revision)
        self.paths.own_folder(target.parent)
        if target.exists():
            return
        if text is None:
            try:  # the file as it was, in UTF-8 (a GB18030 or UTF-16 original decoded first), never a link's target
                raw = read_regular_bytes(fact.path, MAX_FACT_FILE_BYTES, follow_symlinks=False)
                text = decode_fact_bytes(raw)[0]
            except (OSError, UnicodeDecodeError):
                text = render_fact(fact)
        create_exclusive(target, text)

    def _files(self, fact_id: str, first_scope: str) -> dict[int, tuple[Path, str]]:
        """revision → (snapshot file, the scope folder it is in), the fact's own scope first."""
        found: dict[int, tuple[Path, str]] = {}
        for scope in (first_scope, *(s for s in self.paths.scopes if s != first_scope)):
            if versioned_by_git(scope):
                continue   # no .revisions/ in the repository
            folder = self.paths.revisions_dir(self._directory(scope), fact_id)
            if folder.is_symlink() or folder.parent.is_symlink():
                continue   # not ours: never read through it
            try:
                names = os.listdir(folder)
            except FileNotFoundError:
                continue
            for name in names:
                match = _SNAPSHOT_NAME.match(name)
                if match:
                    found.setdefault(int(match.group(1)), (folder / name, scope))
        return found

    def files(self, fact: Fact) -> list[Path]:
        """The snapshot files of every earlier revision of ``fact``, in both scope folders."""
        return [path for path, _ in self._files(fact.id, fact.scope).values()]

    def of(self, fact: Fact) -> list[Revision]:
        """Earlier revisions of ``fact``, newest first (a snapshot that is no fact is left out)."""
        found: list[Revision] = []
        for number, (path, scope) in self._files(fact.id, fact.scope).items():
            if number >= fact.revision:
                continue
            item = read_fact_file(path, scope, name_from_file=False)
            if item.fact is None:
                continue
            old = item.fact.evolve(revision=number)
            found.append(Revision(number, old.updated_at, old.body, old))
        found.sort(key=lambda r: r.revision, reverse=True)
        return found

    def highest(self, scope: str, fact_id: str) -> int:
        """The highest revision a snapshot is kept of (0: none)."""
        return max(self._files(fact_id, scope), default=0)
