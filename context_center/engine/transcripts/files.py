"""Where each agent keeps its transcripts, and how one is read.

- Claude Code: ``~/.claude/projects/<project>/<session>.jsonl`` (``$CLAUDE_CONFIG_DIR`` honoured),
  the project folder named after the working folder, every character but a letter or digit a ``-``.
- Codex: ``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`` (``$CODEX_HOME`` honoured).

A file is read only if it is a regular file (a FIFO or a device is not opened) of at most
:data:`MAX_FILE_BYTES`; a line that is not a JSON object is skipped.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Iterator

from ..storage.safe_read import read_regular_bytes

MAX_FILE_BYTES = 64 * 1024 * 1024


def claude_projects(home: Path) -> Path:
    config = os.environ.get("CLAUDE_CONFIG_DIR")
    return (Path(config) if config else home / ".claude") / "projects"


def codex_sessions(home: Path) -> Path:
    codex_home = os.environ.get("CODEX_HOME")
    return (Path(codex_home) if codex_home else home / ".codex") / "sessions"


def claude_folder_name(workspace: Path) -> str:
    """The folder Claude Code names after a working folder."""
    return re.sub(r"[^A-Za-z0-9]", "-", str(workspace.resolve()))


def newest_first(root: Path, pattern: str) -> list[Path]:
    def modified(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(root.glob(pattern), key=modified, reverse=True) if root.is_dir() else []


def claude_files(root: Path, workspace: Path) -> list[Path]:
    """Claude Code's session files of ``workspace`` (its folder and folders under it) first, newest
    first; the others after them only when there are none (a session's recorded folder decides)."""
    encoded = claude_folder_name(workspace)
    files = newest_first(root, "*/*.jsonl")
    mine = [p for p in files if p.parent.name == encoded or p.parent.name.startswith(encoded + "-")]
    return mine or files


def within(path: str, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or inside it (``/w/webapp-admin`` is not inside ``/w/webapp``)."""
    try:
        resolved = Path(path).resolve()
    except (OSError, ValueError):
        return False
    base = folder.resolve()
    return resolved == base or base in resolved.parents


def json_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of a JSONL file; a malformed line (or one nested past reason) is skipped,
    and a FIFO, a device or an oversized file is not read at all."""
    try:
        raw = read_regular_bytes(path, MAX_FILE_BYTES)
    except OSError:
        return
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            value = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            yield value
