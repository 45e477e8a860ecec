"""Adopt a project folder made under Context Center's earlier project key.

Project facts used to live under ``projects/<name>-<sha1[:10]>/``; they now live
under Reasonix's workspace slug so both tools see the same facts. On open, the
old folder is moved to the new key. When both exist, every file the new folder
lacks is moved (facts, revisions, archive entries) and nothing is overwritten:
what could not be moved stays where it is and is listed as a diagnostic.
"""
from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ..records import Diagnostic
from ..storage.paths import StorePaths, legacy_project_key
from .fact_reading import is_fact_file_name, read_fact_file
from .memory_index import render_index


def adopt_legacy_project_folder(paths: StorePaths) -> tuple[Diagnostic, ...]:
    """Move ``projects/<old key>`` to ``projects/<new key>``; call it holding the store lock.
    Returns a diagnostic for every file left behind because the new folder already has one."""
    old_key = legacy_project_key(paths.workspace)
    if old_key == paths.project_key:
        return ()
    old_root = paths.projects_dir / old_key
    if not old_root.is_dir() or old_root.is_symlink():
        return ()
    new_root = paths.projects_dir / paths.project_key
    if not new_root.exists():
        try:
            os.rename(old_root, new_root)
            return ()
        except OSError:
            pass  # e.g. another process created it meanwhile: merge file by file below
    left: list[Diagnostic] = []
    _merge(old_root / "memory", new_root / "memory", paths, left)
    _remove_empty_tree(old_root)
    return tuple(left)


def merge_project_folder(old_root: Path, new_root: Path, paths: StorePaths) -> tuple[Diagnostic, ...]:
    """Move every file of ``old_root/memory`` that ``new_root/memory`` lacks into it (nothing is
    overwritten; what cannot move stays, with a diagnostic), then drop the folders left empty.
    Call it holding the store lock."""
    left: list[Diagnostic] = []
    _merge(old_root / "memory", new_root / "memory", paths, left)
    _remove_empty_tree(old_root)
    return tuple(left)


def _merge(old: Path, new: Path, paths: StorePaths, left: list[Diagnostic]) -> None:
    if not old.is_dir():
        return
    new.mkdir(parents=True, exist_ok=True)
    taken_ids = _ids_in(new)
    for entry in sorted(old.iterdir()):
        if entry.is_dir():
            continue
        target = new / entry.name
        if entry.name == "MEMORY.md":
            _merge_index(entry, target, left)
        elif is_fact_file_name(entry.name):
            fact = read_fact_file(entry, "project").fact
            if fact is not None and fact.id in taken_ids:
                left.append(_left_behind(entry, f"the project folder {new} already holds id {fact.id}"))
            elif not _move(entry, target):
                left.append(_left_behind(entry, f"{target} already exists"))
        elif not _move(entry, target):
            left.append(_left_behind(entry, f"{target} already exists"))
    for kind in (".revisions", ".archive"):
        _merge_tree(old / kind, new / kind, left)


def _merge_tree(old: Path, new: Path, left: list[Diagnostic]) -> None:
    """Move every file under ``old`` to the same place under ``new`` unless it exists there."""
    if not old.is_dir():
        return
    for folder, _dirs, files in os.walk(old):
        for name in sorted(files):
            source = Path(folder) / name
            target = new / source.relative_to(old)
            target.parent.mkdir(parents=True, exist_ok=True)
            if not _move(source, target):
                left.append(_left_behind(source, f"{target} already exists"))


def _merge_index(old: Path, new: Path, left: list[Diagnostic]) -> None:
    """``MEMORY.md`` is derived: drop the old one unless it holds hand-written lines."""
    if _move(old, new):
        return
    try:
        text = old.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = "unreadable"
    hand_written = [line for line in render_index(text, []).splitlines()
                    if line.strip() and not line.startswith("<!-- context-center:index")
                    and line.strip() != "# Memory index"]
    if hand_written:
        left.append(_left_behind(old, f"it has hand-written lines; copy them into {new}"))
    else:
        with contextlib.suppress(OSError):
            old.unlink()


def _ids_in(folder: Path) -> set[str]:
    ids = set()
    for entry in folder.iterdir():
        if is_fact_file_name(entry.name) and entry.is_file():
            fact = read_fact_file(entry, "project").fact
            if fact is not None:
                ids.add(fact.id)
    return ids


def _move(source: Path, target: Path) -> bool:
    """Move without ever replacing: link then unlink (False when ``target`` exists)."""
    try:
        os.link(source, target)
    except FileExistsError:
        return False
    except OSError:  # no hard links on this file system: check, then rename
        if target.exists():
            return False
        os.rename(source, target)
        return True
    source.unlink()
    return True


def _left_behind(path: Path, why: str) -> Diagnostic:
    return Diagnostic(path, 1, f"left in the folder of the earlier project key: {why}")


def _remove_empty_tree(root: Path) -> None:
    for folder, _dirs, _files in os.walk(root, topdown=False):  # children before parents
        with contextlib.suppress(OSError):
            os.rmdir(folder)
