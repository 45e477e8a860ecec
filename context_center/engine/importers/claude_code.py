"""Claude Code's auto memory: ``~/.claude/projects/<project>/memory/`` (``$CLAUDE_CONFIG_DIR``
honoured), where ``<project>`` is the git root's path with every character but ASCII letters and
digits replaced by ``-``; a name over 200 characters is cut and given a hash suffix. That is lossy,
so a folder name is never decoded back into a path: the workspace's own name is computed and
matched (for a cut name, the one folder starting with its first 200 characters).

``MEMORY.md`` is the index and is not imported. Every other ``*.md`` there is one topic: one
item, its body the Markdown after the YAML front matter (``name``, ``description``, ``type``,
``modified``). ``type`` maps onto our fact types one to one; no or an unknown type is a project
fact. Items land in the project scope (auto memory is per project).
"""
from __future__ import annotations

import re
from pathlib import Path

from .records import Found, Reading, Skip
from .sources import (
    FrontMatterError,
    env_folder,
    file_stamp,
    front_matter,
    git_roots,
    linked_folder,
    read_text,
    regular_files,
    stamp_of,
)

NAME = "claude-code"
CONFIG_ENV = "CLAUDE_CONFIG_DIR"       # else <home>/.claude
MEMORY_FOLDER = ("projects", "{project}", "memory")
INDEX_FILE = "MEMORY.md"
MAX_FOLDER_NAME = 200
TYPE_MAP = {"user": "user", "feedback": "feedback", "project": "project", "reference": "reference"}
DEFAULT_TYPE = "project"
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")


def folder_name(path: Path) -> str:
    return re.sub(r"[^A-Za-z0-9]", "-", str(path))


def _memory_folder(projects: Path, root: Path) -> Path | None:
    name = folder_name(root)
    if len(name) <= MAX_FOLDER_NAME:
        folder = projects / name
        return folder if folder.is_dir() else None
    prefix = name[:MAX_FOLDER_NAME] + "-"
    try:
        matches = [p for p in projects.iterdir() if p.name.startswith(prefix) and p.is_dir()]
    except OSError:
        return None
    return matches[0] if len(matches) == 1 else None


def read(workspace: Path | None, home: Path) -> Reading:
    projects = env_folder(CONFIG_ENV, home / ".claude") / MEMORY_FOLDER[0]
    if workspace is None:
        return Reading(str(projects), message="Claude Code's auto memory is per project: open a workspace first.")
    roots = git_roots(workspace)
    for root in roots:
        project = _memory_folder(projects, root)
        if project is not None and (project / MEMORY_FOLDER[2]).is_dir():
            return _read_folder(project / MEMORY_FOLDER[2])
    expected = projects / folder_name(roots[0]) / MEMORY_FOLDER[2]
    return Reading(str(expected), message=f"No Claude Code auto memory for this workspace (looked in {expected}).")


def _read_folder(folder: Path) -> Reading:
    if linked_folder(folder):
        return Reading(str(folder), message=linked_folder(folder))
    reading = Reading(str(folder))
    for path in regular_files(folder, "*.md", reading.skipped):
        if path.name == INDEX_FILE:
            continue
        try:
            found = topic(path)
        except (OSError, FrontMatterError) as exc:
            reading.skipped.append(Skip(str(path), f"cannot be read: {exc}"))
            continue
        if isinstance(found, Skip):
            reading.skipped.append(found)
        else:
            reading.found.append(found)
    return reading


def _text(value: object) -> str:
    return " ".join(str(value).split()) if isinstance(value, (str, int, float)) else ""


def topic(path: Path) -> Found | Skip:
    keys, body = front_matter(read_text(path))
    body = body.strip("\n").rstrip()
    description = _text(keys.get("description"))
    if not body.strip():
        body = description
    if not body.strip():
        return Skip(str(path), "empty: no text to remember")
    heading = next((m.group(1) for line in body.splitlines() if (m := _HEADING.match(line))), "")
    if not description:   # the first line of text, for the list
        description = next((" ".join(line.split()) for line in body.splitlines()
                            if line.strip() and not _HEADING.match(line)), heading)[:160]
    title = _text(keys.get("name")) or heading or path.stem.replace("_", " ").replace("-", " ")
    nested = keys.get("metadata")
    metadata = nested if isinstance(nested, dict) else {}
    raw_type = _text(keys.get("type") or metadata.get("type")).lower()
    stamp = stamp_of(keys.get("modified")) or file_stamp(path)
    return Found(source_path=str(path), title=title, body=body, type=TYPE_MAP.get(raw_type, DEFAULT_TYPE),
                 scope="project", created_at=stamp_of(keys.get("created")) or stamp, updated_at=stamp,
                 description=description)
