"""Taking what the remote changed into the state root: checked path by path, written by us.

git writes nothing into the state root. For every path the remote changed since the merge base:
one that does not travel (travel.py) is refused and named; one changed here alone keeps ours; one
changed there alone is written from git's objects (atomically, never through a symlinked folder)
or, deleted there, settled by :func:`_take_deletion`; one changed on both sides is settled by
fact_merge.py. The result is committed as the merge of both sides: a remote that offered anything
refused gets a tree without it with the next push, so one bad push never wedges later syncs.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import StorageError
from ..memory.fact_file import FactFileError, decode_fact_bytes, parse_fact
from ..memory.fact_store import move_to_archive, read_fact_file
from ..storage.atomic_write import write_atomic_bytes
from ..storage.paths import StorePaths
from .fact_merge import MergeOutcome, settle
from .sync_tree import LEGACY_IGNORE_PATH, Change, SyncTree, Unmerged
from .travel import fact_folder, refusal, scope_of_folder


@dataclass(frozen=True)
class Refused:
    """A path the remote offered that was not taken, and why."""

    path: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"path": self.path, "reason": self.reason}


@dataclass
class PullOutcome:
    written: list[str] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    archived: list[tuple[str, str]] = field(default_factory=list)   # (fact file, its archive entry)
    merge: MergeOutcome | None = None


def pull(paths: StorePaths, tree: SyncTree, remote: str, machine: str) -> PullOutcome:
    """Bring ``remote``'s changes into the state root and commit the merge. Hold the store lock."""
    head = tree.head()
    base = tree.merge_base(head, remote) if head is not None else None
    theirs = tree.changes(base, remote)
    ours = tree.changes(base, head) if head is not None else {}
    sizes = tree.sizes([c.blob for c in theirs.values() if c.blob])
    outcome = PullOutcome()
    take: list[Change] = []
    gone: list[Change] = []
    unmerged: list[Unmerged] = []
    for path, change in sorted(theirs.items()):
        if path == LEGACY_IGNORE_PATH:
            if change.blob != tree.legacy_blob():
                outcome.refused.append(Refused(path, "ignore rules from a remote are never used: ours are in the "
                                                     "sync repository"))
            continue
        reason = refusal(path, change.mode, sizes.get(change.blob)) if change.blob else refusal(path, "100644")
        if reason is not None:
            outcome.refused.append(Refused(path, reason))
            continue
        mine = ours.get(path)
        if mine is None:
            (take if change.blob else gone).append(change)
        elif mine.blob != change.blob:
            unmerged.append(Unmerged(path, frozenset(({2} if mine.blob else set()) | ({3} if change.blob else set()))))
    data = tree.blobs([c.blob for c in take if c.blob])
    arriving: set[str] = set()   # ids of the facts (active or archived) the remote's files hold
    for change in take:
        assert change.blob is not None
        problem = _place(paths.root, change.path, data.get(change.blob))
        if problem is not None:
            outcome.refused.append(Refused(change.path, problem))
            continue
        outcome.written.append(change.path)
        arriving.update(_fact_id(change.path, data[change.blob]))
    for change in gone:
        _take_deletion(paths.root, change.path, arriving, outcome)
    if unmerged:
        outcome.merge = settle(tree, remote, unmerged, machine)
    tree.stage()
    tree.record_merge(remote, f"Context Center: merged on {machine}\n\nMachine: {machine}\n")
    return outcome


def _place(root: Path, path: str, data: bytes | None) -> str | None:
    """Write ``data`` at ``root/path``, creating folders, never through a link; the reason if not."""
    if data is None:
        return "the remote's object is missing"
    folder = root
    for part in path.split("/")[:-1]:
        folder = folder / part
        try:
            found = os.lstat(folder)
        except FileNotFoundError:
            try:
                os.mkdir(folder)
            except OSError as exc:
                return f"could not make the folder {folder}: {exc.strerror}"
            continue
        if not stat.S_ISDIR(found.st_mode):
            return f"{folder} is a symbolic link or a file here: nothing is written through it"
    target = root / path
    if target.is_dir() and not target.is_symlink():
        return f"{target} is a folder here"
    try:
        write_atomic_bytes(target, data)
    except StorageError as exc:
        return exc.message
    return None


def _fact_id(path: str, data: bytes) -> set[str]:
    """The id of the fact a file of a fact folder holds (active or archived), if it parses."""
    found = fact_folder(path)
    if found is None or found[1].startswith(".revisions/"):
        return set()
    try:
        text = decode_fact_bytes(data)[0]
        fact = parse_fact(text, path=Path(path), scope=scope_of_folder(found[0]), name_from_file=False)[0]
    except (FactFileError, UnicodeDecodeError):
        return set()
    return {fact.id} if fact.id else set()


def _take_deletion(root: Path, path: str, arriving: set[str], outcome: PullOutcome) -> None:
    """A path the remote deleted and this machine did not change. A fact that did not move (to
    another name or scope) nor arrive in the archive with this pull is archived here, so it can be
    recovered: a remote never makes a fact disappear. A project folder's identity file goes; an
    archive entry or a revision snapshot stays (history is never deleted by a sync), and its
    deletion is refused."""
    target = root / path
    found = fact_folder(path)
    if found is None:   # repository.json
        if target.is_file() and not target.is_symlink():
            target.unlink()
            outcome.written.append(path)
        return
    folder, rest = found
    if "/" in rest:
        outcome.refused.append(Refused(path, "deleted on the remote: history is kept here (an archive entry or "
                                             "a revision is never deleted by a sync)"))
        return
    if not target.is_file() or target.is_symlink():
        return
    fact = read_fact_file(target, scope_of_folder(folder)).fact
    archive = root / folder / ".archive"
    if fact is not None and fact.id in arriving:
        target.unlink()
    elif archive.is_symlink():
        outcome.refused.append(Refused(path, "deleted on the remote, but the archive here is a symbolic link: "
                                             "the fact is kept"))
        return
    else:
        entry = move_to_archive(target, archive, target.stem)
        outcome.archived.append((path, str(entry.relative_to(root))))
    outcome.written.append(path)
