"""context-eng stores: home ``$CONTEXT_ENG_HOME`` (default ``~/.context``); per scope a
``catalog.db`` and ``categories/<slug>-<12 hex>.db``, SQLite files with the table
``memories(id, project_id, chat_id, category, content, subject, topics, tags, links, importance,
active, created_at, updated_at)``; ``chat_id = 'staging'`` marks a staging row; timestamps are
unix seconds.

Scopes on disk (context-eng's ``memory_bind`` "creates ``~/.context/projects/<key>/``"): the global
scope is ``<home>/global/`` (or, failing that, the home itself when it holds a catalog.db or a
categories/ folder); a project's is ``<home>/projects/<key>/``. context-eng does not document how
it derives ``<key>`` from a path, so a folder name is never decoded: a project folder is this
workspace's when its name or a row's ``project_id`` is one of the workspace's identities (its
path, resolved or as given, or the keys Reasonix and Claude Code derive from it: see
``identities``). Rows of that folder whose ``project_id`` names another project are skipped.

Rows: inactive (``active = 0``) are skipped; staging rows stay staging; promoted rows land as
staged suggestions too (an import never goes straight into recall), the item saying it was
promoted upstream. The category, labels, importance and both timestamps are kept.
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from ..contract import categories
from ..contract.refusals import AgentRefusal
from ..storage.paths import project_key
from .claude_code import folder_name
from .records import Found, Reading, Skip
from .sources import env_folder, linked_folder, regular_files, stamp_of_seconds

NAME = "context-eng"
HOME_ENV = "CONTEXT_ENG_HOME"            # else <home>/.context
GLOBAL_FOLDERS = ("global", ".")         # the first that holds a store
PROJECTS_FOLDER = "projects"
CATALOG_FILE = "catalog.db"
CATEGORY_FILES = ("categories", "*.db")
TABLE = "memories"
STAGING = "staging"
GLOBAL_IDS = ("", "global")              # a project_id that means "no project"
MAX_LABELS, MAX_LABEL = 10, 64


def identities(workspace: Path) -> set[str]:
    """What a row's ``project_id`` (or a project folder's name) may be for this workspace."""
    resolved = workspace.resolve()
    return {str(workspace), str(resolved), str(resolved) + "/", project_key(workspace), folder_name(resolved)}


def _has_store(folder: Path) -> bool:
    return (folder / CATALOG_FILE).is_file() or (folder / CATEGORY_FILES[0]).is_dir()


def _databases(folder: Path, skipped: list[Skip]) -> list[Path]:
    """The store's SQLite files: regular files only, never a symlink (nor one in a linked folder)."""
    catalog = folder / CATALOG_FILE
    files = regular_files(folder, CATALOG_FILE, skipped) if catalog.exists() or catalog.is_symlink() else []
    categories = folder / CATEGORY_FILES[0]
    if categories.is_symlink():
        skipped.append(Skip(str(categories), linked_folder(categories)))
        return files
    return files + regular_files(categories, CATEGORY_FILES[1], skipped)


def _rows(path: Path) -> list[dict[str, Any]]:
    """The ``memories`` rows of one SQLite file, read-only ([] when it has no such table)."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        connection.row_factory = sqlite3.Row
        if connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                              (TABLE,)).fetchone() is None:
            return []
        return [dict(row) for row in connection.execute(f"SELECT * FROM {TABLE} ORDER BY created_at, id")]
    finally:
        connection.close()


def read(workspace: Path | None, home: Path) -> Reading:
    root = env_folder(HOME_ENV, home / ".context")
    if not root.is_dir():
        return Reading(str(root), message=f"No context-eng store on this machine (looked in {root}).")
    reading = Reading(str(root))
    global_folder = next((root / name for name in GLOBAL_FOLDERS if _has_store(root / name)), None)
    if global_folder is not None and linked_folder(global_folder):   # the root itself is the user's to link
        reading.skipped.append(Skip(str(global_folder), linked_folder(global_folder)))
    elif global_folder is not None:
        _read_scope(reading, global_folder, "global", None)
    projects = root / PROJECTS_FOLDER
    if workspace is not None and linked_folder(projects):
        reading.skipped.append(Skip(str(projects), linked_folder(projects)))
    elif workspace is not None:
        mine = identities(workspace)
        for folder in sorted(projects.glob("*")):
            if folder.is_dir() and not folder.is_symlink():
                _read_scope(reading, folder, "project", mine)
    if not reading.found and not reading.skipped:
        reading = Reading(str(root), message=f"No context-eng memory of this workspace or global in {root}.")
    return reading


def _read_scope(reading: Reading, folder: Path, scope: str, mine: set[str] | None) -> None:
    rows: list[tuple[Path, dict[str, Any]]] = []
    for path in _databases(folder, reading.skipped):
        try:
            rows += [(path, row) for row in _rows(path)]
        except sqlite3.Error as exc:
            reading.skipped.append(Skip(str(path), f"cannot be read: {exc}"))
    if mine is not None and folder.name not in mine and not any(
            str(row.get("project_id") or "") in mine for _, row in rows):
        return   # another project's folder: none of our business
    for path, row in rows:
        source_path = f"{path}#{row.get('id')}"
        project_id = str(row.get("project_id") or "")
        if mine is not None and project_id not in GLOBAL_IDS and project_id not in mine:
            reading.skipped.append(Skip(source_path, f"belongs to another project ({project_id})"))
            continue
        outcome = _found(source_path, row, scope)
        if isinstance(outcome, Skip):
            reading.skipped.append(outcome)
        else:
            reading.found.append(outcome)


def _labels(value: Any) -> tuple[str, ...]:
    """A label column: a JSON array, or comma-separated text."""
    if value in (None, ""):
        return ()
    try:
        loaded = json.loads(value) if isinstance(value, str) else value
    except (ValueError, RecursionError):
        loaded = str(value).split(",")
    values = loaded if isinstance(loaded, list) else [loaded]
    cleaned = [" ".join(str(v).split())[:MAX_LABEL] for v in values if str(v).strip()]
    return tuple(dict.fromkeys(cleaned))[:MAX_LABELS]


def _importance(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if 0.0 <= number <= 1.0 else None


def _seconds(value: Any) -> str:
    try:
        return stamp_of_seconds(float(value))
    except (TypeError, ValueError, OverflowError, OSError):
        return ""


def _found(source_path: str, row: dict[str, Any], scope: str) -> Found | Skip:
    if str(row.get("active", 1)) in ("0", "False", "false"):
        return Skip(source_path, "inactive upstream (active = 0)")
    content = " ".join(str(row.get("content") or "").split())
    if not content:
        return Skip(source_path, "empty content")
    try:
        canonical, display = categories.normalize(row.get("category") or "")
    except AgentRefusal:  # a category name context-eng would refuse: filed by its type instead
        canonical, display = "", ""
    created = _seconds(row.get("created_at"))
    updated = _seconds(row.get("updated_at")) or created
    if not created:
        return Skip(source_path, "created_at is not a unix time")
    status = STAGING if str(row.get("chat_id") or "") == STAGING else "promoted"
    words = content.split(" ")
    title = " ".join(words[:10]) + ("…" if len(words) > 10 else "")
    return Found(source_path=source_path, title=title, body=content,
                 type=categories.type_of(canonical) if canonical else "project", scope=scope,
                 created_at=created, updated_at=updated, description=content[:160], category=display,
                 upstream_status=status, upstream_id=str(row.get("id") or ""),
                 importance=_importance(row.get("importance")), subject=str(row.get("subject") or "")[:64],
                 topics=_labels(row.get("topics")), tags=_labels(row.get("tags")), links=_labels(row.get("links")))
