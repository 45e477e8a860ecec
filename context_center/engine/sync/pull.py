"""Taking what the remote changed into the state root: checked path by path, written by us.

git writes nothing into the state root. For every path the remote changed since the merge base:
one that does not travel (travel.py) is refused and named; one changed here alone keeps ours; one
changed there alone is written from git's objects (atomically, never through a symlinked folder)
when overwrite.py lets it replace ours, or, deleted there, settled by :func:`_take_deletion`; one
changed on both sides, or there alone by another fact written over ours, is settled by
fact_merge.py. The result is committed as the merge of both sides: a remote that offered anything
refused gets a tree without it with the next push, so one bad push never wedges later syncs.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RefusedError, StorageError
from ..memory.fact_archive import move_to_archive
from ..memory.fact_file import FactFileError, decode_fact_bytes, parse_fact
from ..memory.fact_reading import read_fact_file
from ..storage.atomic_write import write_atomic_bytes
from ..storage.paths import StorePaths
from .fact_merge import MergeOutcome, settle
from .overwrite import REWRITTEN_HISTORY, Verdict, judge
from .sync_tree import LEGACY_IGNORE_PATH, Change, SyncTree, Unmerged
from .travel import MAX_PULL_BYTES, fact_folder, placed, refusal, scope_of_folder

BATCH_BYTES = 64 * 1024 * 1024   # of file contents read from git at once


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


class TooMuch(RefusedError):
    """The remote offers more than a sync takes in at once: nothing was merged."""

    code = "SYNC_TOO_LARGE"


def pull(paths: StorePaths, tree: SyncTree, remote: str, machine: str) -> PullOutcome:
    """Bring ``remote``'s changes into the state root and commit the merge. Hold the store lock."""
    head = tree.head()
    base = tree.merge_base(head, remote) if head is not None else None
    theirs = tree.changes(base, remote)
    ours = tree.changes(base, head) if head is not None else {}
    objects = tree.sizes([c.blob for c in theirs.values() if c.blob])
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
        reason = refusal(path, change.mode, *objects.get(change.blob, (None, None))) if change.blob \
            else refusal(path, "100644")
        if reason is not None:
            outcome.refused.append(Refused(path, reason))
            continue
        mine = ours.get(path)
        if mine is None:
            (take if change.blob else gone).append(change)
        elif mine.blob != change.blob:
            unmerged.append(Unmerged(path, frozenset(({2} if mine.blob else set()) | ({3} if change.blob else set()))))
    total = sum(objects[c.blob][1] for c in take if c.blob)
    if total > MAX_PULL_BYTES:
        raise TooMuch(f"the remote offers {total:,} bytes of changed files, more than the {MAX_PULL_BYTES:,} one sync "
                      "takes in; nothing was merged (is this the remote you meant?)")
    take = _without_case_twins(paths.root, take, outcome)
    here = _fact_folders(paths.root)     # before anything is written: a folder a pull makes is not "here"
    arriving: dict[str, set[tuple[str, str]]] = {}   # id → (folder, body) of the remote's files for it
    for batch in _batches(take, objects):
        data = tree.blobs([c.blob for c in batch if c.blob])
        for change in batch:
            assert change.blob is not None
            raw = data.get(change.blob)
            verdict = judge(paths.root, change.path, raw) if raw is not None and fact_folder(
                change.path) else Verdict.TAKE
            if verdict is Verdict.REFUSE:
                outcome.refused.append(Refused(change.path, REWRITTEN_HISTORY))
                continue
            if verdict is Verdict.SETTLE:
                unmerged.append(Unmerged(change.path, frozenset({2, 3})))
                continue
            problem = _place(paths.root, change.path, raw)
            if problem is not None:
                outcome.refused.append(Refused(change.path, problem))
                continue
            outcome.written.append(change.path)
            for fact_id, folder, body in _fact_of(change.path, raw or b""):
                arriving.setdefault(fact_id, set()).add((folder, body))
    for change in gone:
        _take_deletion(paths.root, change.path, arriving, here, outcome)
    if unmerged:
        outcome.merge = settle(tree, remote, unmerged, machine)
    tree.stage()
    tree.record_merge(remote, f"Context Center: merged on {machine}\n\nMachine: {machine}\n")
    return outcome


def _batches(changes: list[Change], objects: dict[str, tuple[str, int]]) -> list[list[Change]]:
    """The changes in runs of at most :data:`BATCH_BYTES` of content: a pull never holds more in memory."""
    batches: list[list[Change]] = [[]]
    size = 0
    for change in changes:
        weight = objects.get(change.blob or "", ("blob", 0))[1]
        if batches[-1] and size + weight > BATCH_BYTES:
            batches.append([])
            size = 0
        batches[-1].append(change)
        size += weight
    return [batch for batch in batches if batch]


def _without_case_twins(root: Path, changes: list[Change], outcome: PullOutcome) -> list[Change]:
    """Leave out a new file whose name differs only in case from another in its folder, here or in
    this pull: on macOS and Windows the two are one file, and one would overwrite the other."""
    seen: dict[str, dict[str, str]] = {}   # folder → casefolded name → the name
    kept = []
    for change in changes:
        folder, _, name = change.path.rpartition("/")
        names = seen.get(folder)
        if names is None:
            try:
                listed = os.listdir(root / folder)
            except OSError:
                listed = []
            names = seen[folder] = {entry.casefold(): entry for entry in listed}
        twin = names.get(name.casefold())
        if twin is not None and twin != name:
            outcome.refused.append(Refused(change.path, f"differs from {folder}/{twin} only in case: on macOS and "
                                                        "Windows they are one file"))
            continue
        names[name.casefold()] = name
        kept.append(change)
    return kept


def _place(root: Path, path: str, data: bytes | None) -> str | None:
    """Write ``data`` at ``root/path``, creating folders, never through a link; the reason if not."""
    if data is None:
        return "the remote's object is missing"
    try:
        target = placed(root, path, make=True)
        write_atomic_bytes(target, data)
    except OSError as exc:
        return exc.strerror or str(exc)
    except StorageError as exc:
        return exc.message
    return None


def _fact_of(path: str, data: bytes) -> list[tuple[str, str, str]]:
    """(id, its fact folder, body) of the fact a file of a fact folder holds (active or archived),
    if it parses."""
    found = fact_folder(path)
    if found is None or found[1].startswith(".revisions/"):
        return []
    try:
        text = decode_fact_bytes(data)[0]
        fact = parse_fact(text, path=Path(path), scope=scope_of_folder(found[0]), name_from_file=False)[0]
    except (FactFileError, UnicodeDecodeError):
        return []
    return [(fact.id, found[0], fact.body)] if fact.id else []


def _fact_folders(root: Path) -> set[str]:
    """The fact folders on this machine: the global one and each project's."""
    try:
        projects = os.listdir(root / "projects")
    except OSError:
        projects = []
    found = {"memory/global"}
    found.update(f"projects/{key}/memory" for key in projects if (root / "projects" / key / "memory").is_dir())
    return found


def _take_deletion(root: Path, path: str, arriving: dict[str, set[tuple[str, str]]], here: set[str],
                   outcome: PullOutcome) -> None:
    """A path the remote deleted and this machine did not change. A fact is let go only when a
    file arriving in this pull holds it, word for word, in a fact folder this machine already had
    (it moved, was renamed, promoted or archived there); anything else is archived here, so it can
    be recovered: a remote never makes a fact's text disappear (a file that merely claims its id is
    no such file, a copy in a project folder this machine never had is out of sight). A project folder's identity
    file goes; an archive entry or a revision snapshot stays (history is never deleted by a sync),
    and its deletion is refused."""
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
    if fact is not None and any(body == fact.body and where in here for where, body in arriving.get(fact.id, ())):
        target.unlink()
    elif archive.is_symlink():
        outcome.refused.append(Refused(path, "deleted on the remote, but the archive here is a symbolic link: "
                                             "the fact is kept"))
        return
    else:
        entry = move_to_archive(target, archive, target.stem)
        outcome.archived.append((path, str(entry.relative_to(root))))
    outcome.written.append(path)
