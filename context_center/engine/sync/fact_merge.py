"""Settle what git could not merge, by the store's own rules: nothing is lost.

- **One fact edited on two machines** (its file, or a revision snapshot both wrote under one
  number): both histories are kept. Our versions keep their numbers; the other machine's
  versions that we lack follow, renumbered in their order, so its latest becomes the next
  revision and the active one. The fact is flagged (conflict_flag.py) until the user keeps one
  side or edits.
- **Forgotten on one machine, edited on the other**: the fact stays (or becomes again) active,
  with every version, and is flagged; the archive entry of the forgetting machine stays too.
- **Two facts created under one name** (different ids): ours keeps the name, theirs gets the
  next free one. Two facts with one subject key are not a git conflict at all; the store lists
  them as a subject conflict as it always does.
- Anything else (an archive entry or identity file written twice): ours stays, and theirs is
  kept beside it as ``<file>.theirs`` — git's history holds both as well.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from .. import clock
from ..errors import StorageError
from ..memory.fact_file import FactFileError, parse_fact
from ..memory.fields import free_name
from ..records import Fact
from ..storage.atomic_write import write_atomic
from .conflict_flag import ConflictFlag, flagged, with_revision
from .sync_tree import SyncTree, Unmerged
from .travel import COMPONENT_MAX_BYTES, fact_file_refusal, path_refusal, placed, safe_component

_MEMORY = re.compile(r"^(memory/global|projects/[^/]+/memory)/(.+)$")
_REVISION = re.compile(r"^\.revisions/([^/]+)/(\d{9})\.md$")
OURS = "HEAD"


@dataclass(frozen=True)
class SyncConflict:
    """A fact the sync flagged: where it is and the two revisions to choose from."""

    ref: str
    path: Path
    id: str
    kind: str
    ours_revision: int | None
    theirs_revision: int | None

    def to_json(self) -> dict[str, object]:
        return {"ref": self.ref, "path": str(self.path), "id": self.id, "kind": self.kind,
                "ours_revision": self.ours_revision, "theirs_revision": self.theirs_revision}


@dataclass
class MergeOutcome:
    conflicts: list[SyncConflict]
    renamed: list[tuple[str, str]]     # (path, new path) of a fact that met another of its name
    kept_beside: list[str]             # paths whose other side was kept as <path>.theirs
    merged: int = 0                    # facts changed on both machines, merged (a conflict among them)


@dataclass(frozen=True)
class _Version:
    text: str
    fact: Fact | None
    path: str            # where it was: a revision snapshot, or the active file


def settle(tree: SyncTree, theirs_ref: str, unmerged: list[Unmerged], machine: str) -> MergeOutcome:
    """Resolve every unmerged path in the work tree against the remote commit ``theirs_ref`` (the
    merge is left to be committed). A name or an id read from a file that could not name a file of
    ours (``../x``) is never used as one: that path is settled as "anything else"."""
    outcome = MergeOutcome([], [], [])
    facts: dict[tuple[str, str], set[str]] = defaultdict(set)   # (memory folder, id) → active paths
    for item in unmerged:
        match = _MEMORY.match(item.path)
        inner = match.group(2) if match else ""
        revision = _REVISION.match(inner)
        if match and revision:
            facts[(match.group(1), revision.group(1))]
        elif match and "/" not in inner and inner.endswith(".md"):
            ours, theirs = _side(tree, OURS, item), _side(tree, theirs_ref, item)
            if ours and theirs and ours.fact and theirs.fact and ours.fact.id != theirs.fact.id:
                outcome.renamed.append((item.path, _rename_theirs(tree, match.group(1), theirs, item.path)))
                _write(tree, item.path, ours.text)
                continue
            found = (ours or theirs)
            if found is None or found.fact is None or not safe_component(found.fact.id):
                _keep_beside(tree, theirs_ref, item, outcome)
                continue
            facts[(match.group(1), found.fact.id)].add(item.path)
        else:
            _keep_beside(tree, theirs_ref, item, outcome)
    outcome.merged = len(facts)
    for (folder, fact_id), paths in sorted(facts.items()):
        conflict = _settle_fact(tree, theirs_ref, folder, fact_id, paths, machine)
        if conflict is not None:
            outcome.conflicts.append(conflict)
    return outcome


def _parse(text: str, path: str) -> Fact | None:
    scope = "global" if path.startswith("memory/global/") else "project"
    try:
        return parse_fact(text, path=Path(path), scope=scope, name_from_file=False)[0]
    except FactFileError:
        return None


def _side(tree: SyncTree, ref: str, item: Unmerged) -> _Version | None:
    if (2 if ref == OURS else 3) not in item.stages:
        return None
    text = tree.show(ref, item.path)
    return None if text is None else _Version(text, _parse(text, item.path), item.path)


def _target(tree: SyncTree, path: str) -> Path:
    """Where ``path`` is, once it is a fact folder's file (or the ``.theirs`` copy of one) and every
    folder on the way is a real folder of the state root: every write and removal of a settlement
    passes here, whatever a file from the remote named, whatever link a hand left."""
    problem = path_refusal(path[:-len(".theirs")] if path.endswith(".theirs") else path)
    if problem is None and len(Path(path).name.encode("utf-8")) > COMPONENT_MAX_BYTES:
        problem = "its name is too long"
    if problem is not None:
        raise StorageError(f"a sync settlement would touch {path!r}: {problem}")
    try:
        return placed(tree.root, path, make=True)
    except OSError as exc:
        raise StorageError(f"a sync settlement would touch {path!r}: {exc.strerror or exc}") from None


def _write(tree: SyncTree, path: str, text: str) -> None:
    write_atomic(_target(tree, path), text)


def _remove(tree: SyncTree, path: str) -> None:
    target = _target(tree, path)
    if target.exists() or target.is_symlink():
        target.unlink()


def _keep_beside(tree: SyncTree, theirs_ref: str, item: Unmerged, outcome: MergeOutcome) -> None:
    """Ours stays; theirs is kept beside it as ``<file>.theirs`` when that name can be made (else in
    git's history only: the merge records both)."""
    ours, theirs = tree.show(OURS, item.path), tree.show(theirs_ref, item.path)
    if ours is not None:
        _write(tree, item.path, ours)
    else:
        _remove(tree, item.path)
    if theirs is not None and theirs != ours:
        if len(Path(item.path).name.encode("utf-8")) + len(".theirs") <= COMPONENT_MAX_BYTES:
            _write(tree, item.path + ".theirs", theirs)
        outcome.kept_beside.append(item.path)


def _rename_theirs(tree: SyncTree, folder: str, theirs: _Version, found_at: str) -> str:
    """Theirs under the next free ``<name>-N``: its own name when that makes a fact file's name,
    else the one it was found under, bounded to fit."""
    assert theirs.fact is not None
    base = theirs.fact.name if fact_file_refusal(folder, theirs.fact.name, "-99.md") is None \
        else Path(found_at).name[:-len(".md")]
    name = free_name(base, lambda stem: (tree.root / folder / f"{stem}.md").exists()
                     or fact_file_refusal(folder, stem) is not None, first=2)
    text = re.sub(r"^name:[^\n]*$", f"name: {name}", theirs.text, count=1, flags=re.MULTILINE)
    path = f"{folder}/{name}.md"
    _write(tree, path, text)
    return path


def _versions(tree: SyncTree, ref: str, folder: str, fact_id: str,
              hints: set[str]) -> tuple[dict[int, _Version], _Version | None, int]:
    """(revision snapshots by number, the active version, the highest number in its archive)."""
    snapshots: dict[int, _Version] = {}
    for path in tree.list_files(ref, f"{folder}/.revisions/{fact_id}"):
        match = _REVISION.match(path[len(folder) + 1:])
        text = tree.show(ref, path) if match else None
        if match and text is not None:
            snapshots[int(match.group(2))] = _Version(text, _parse(text, path), path)
    active = None
    candidates = sorted(hints) + tree.files_containing(ref, fact_id, folder)
    for path in dict.fromkeys(p for p in candidates if path_refusal(p) is None):
        text = tree.show(ref, path)
        fact = _parse(text, path) if text is not None else None
        if text is not None and fact is not None and fact.id == fact_id:
            active = _Version(text, fact, path)
            break
    archived = 0
    for path in tree.files_containing(ref, fact_id, f"{folder}/.archive"):
        if path_refusal(path) is not None:
            continue
        text = tree.show(ref, path)
        fact = _parse(text, path) if text is not None else None
        if fact is not None and fact.id == fact_id:
            archived = max(archived, fact.revision)
    return snapshots, active, archived


def _settle_fact(tree: SyncTree, theirs_ref: str, folder: str, fact_id: str, hints: set[str],
                 machine: str) -> SyncConflict | None:
    ours_snaps, ours_active, ours_archived = _versions(tree, OURS, folder, fact_id, hints)
    theirs_snaps, theirs_active, theirs_archived = _versions(tree, theirs_ref, folder, fact_id, hints)
    ours, theirs = _with_active(ours_snaps, ours_active), _with_active(theirs_snaps, theirs_active)
    known = {v.text for v in ours.values()}
    missing = [theirs[n] for n in sorted(theirs) if theirs[n].text not in known]
    final: dict[int, _Version] = dict(ours)
    next_number = max([*ours, *theirs, ours_archived, theirs_archived, 0]) + 1

    def append(versions: list[_Version]) -> None:
        nonlocal next_number
        for version in versions:
            final[next_number], next_number = version, next_number + 1

    kind: str | None = None
    active = ours_active
    if ours_active is not None and theirs_active is not None:
        if missing and all(v.text in {t.text for t in theirs.values()} for v in ours.values()):
            final, active = dict(theirs), theirs_active        # theirs is simply ahead
        elif missing:
            append(missing)
            kind, active = "edited_both", theirs_active
    elif ours_active is not None:                              # the other machine forgot it
        if missing:
            del final[_revision(ours_active)]
            append([*missing, ours_active])
        kind = "forgotten_there"
    elif theirs_active is not None:                            # we forgot it; the other edited it
        if all(v.text in {t.text for t in theirs.values()} for v in ours.values()):
            final = dict(theirs)                               # it went on from what we last had
        else:
            append(missing if missing else [theirs_active])
        kind, active = "forgotten_here", theirs_active
    else:
        append(missing)
    top = max(final) if active is not None else None
    name = ""
    if top is not None and active is not None:
        name = (final[top].fact or active.fact).name  # type: ignore[union-attr]
        if fact_file_refusal(folder, name) is not None:   # a name a file of ours cannot have: where it was found
            name = Path(active.path).name[:-len(".md")]
    # what is kept is written before anything is removed: an error part way leaves more, never less
    _write_revisions(tree, folder, fact_id, {n: v for n, v in final.items() if n != top})
    if top is None or active is None:
        for path in {v.path for v in (ours_active, theirs_active) if v is not None}:
            _remove(tree, path)
        return None
    flag = None
    if kind is not None:
        ours_revision = None if ours_active is None else (top if kind == "forgotten_there" else
                                                          _revision(ours_active))
        theirs_revision = None if kind == "forgotten_there" else top
        where = theirs_active.path if theirs_active is not None else active.path
        flag = ConflictFlag(kind, ours_revision, machine, theirs_revision,
                            tree.machine_of(theirs_ref, where) or "another machine",
                            clock.format_timestamp(clock.now()))
    top_version = final[top]
    path = f"{folder}/{name}.md"
    _write(tree, path, flagged(with_revision(top_version.text, top), flag))
    for old in {v.path for v in (ours_active, theirs_active) if v is not None} - {path}:
        _remove(tree, old)
    if flag is None or kind is None:
        return None
    scope = "global" if folder == "memory/global" else "project"
    return SyncConflict(f"{scope}/{name}.md", tree.root / path, fact_id, kind, flag.ours_revision,
                        flag.theirs_revision)


def _revision(version: _Version) -> int:
    assert version.fact is not None
    return version.fact.revision


def _with_active(snapshots: dict[int, _Version], active: _Version | None) -> dict[int, _Version]:
    versions = dict(snapshots)
    if active is not None:
        versions[_revision(active)] = active
    return versions


def _write_revisions(tree: SyncTree, folder: str, fact_id: str, versions: dict[int, _Version]) -> None:
    """The snapshot folder of ``fact_id`` holds exactly ``versions``, each under its number: each is
    written first, then the numbers not kept are removed."""
    for number, version in versions.items():
        _write(tree, f"{folder}/.revisions/{fact_id}/{number:09d}.md", with_revision(version.text, number))
    where = _target(tree, f"{folder}/.revisions/{fact_id}/000000001.md").parent
    if where.is_dir():
        for entry in where.iterdir():
            match = _REVISION.match(f".revisions/{fact_id}/{entry.name}")
            if match and int(match.group(2)) not in versions:
                entry.unlink()
