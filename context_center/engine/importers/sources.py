"""Small helpers the source readers share: timestamps, front matter, where a workspace's git root is."""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

import yaml

from .. import clock
from ..memory.fact_file import FactFileError, load_yaml, split_front_matter
from ..storage.safe_read import read_regular_bytes
from .records import Skip

LINK_SKIP = "a symbolic link: never followed (its target would be imported as a memory)"


def stamp_of_seconds(seconds: float) -> str:
    return clock.format_timestamp(dt.datetime.fromtimestamp(seconds, clock.UTC))


def stamp_of(value: Any) -> str:
    """RFC 3339 from a front matter value (a date, a datetime or text); "" when unreadable."""
    if isinstance(value, dt.datetime):
        return clock.format_timestamp(value if value.tzinfo else value.replace(tzinfo=clock.UTC))
    if isinstance(value, dt.date):
        return clock.format_timestamp(dt.datetime(value.year, value.month, value.day, tzinfo=clock.UTC))
    moment = clock.parse_timestamp(str(value)) if value not in (None, "") else None
    return clock.format_timestamp(moment) if moment else ""


def file_stamp(path: Path) -> str:
    try:
        return stamp_of_seconds(path.stat().st_mtime)
    except OSError:
        return clock.format_timestamp(clock.now())


def read_text(path: Path) -> str:
    """The file as UTF-8 (undecodable bytes replaced: what an agent wrote is Markdown). Regular files
    only, never through a symlink, at most 1 MiB (``OSError`` otherwise)."""
    return read_regular_bytes(path, follow_symlinks=False).decode("utf-8", "replace").lstrip("\ufeff")


def regular_files(folder: Path, pattern: str, skipped: list[Skip]) -> list[Path]:
    """The regular files of ``folder`` matching ``pattern``, sorted; each symlink among them is a
    skip, never read (a link to ``/etc/passwd`` in an agent's memory folder is not a memory)."""
    found = []
    for path in sorted(folder.glob(pattern)):
        if path.is_symlink():
            skipped.append(Skip(str(path), LINK_SKIP))
        elif path.is_file():
            found.append(path)
    return found


def linked_folder(folder: Path) -> str:
    """Why ``folder`` is not read (it is a symlink), or ``""``."""
    return f"{folder} is a symbolic link: not followed" if folder.is_symlink() else ""


class FrontMatterError(ValueError):
    pass


def front_matter(text: str) -> tuple[dict[str, Any], str]:
    """(keys, body); no front matter gives ``{}``. Raises FrontMatterError when it cannot be read."""
    try:
        front, body, _ = split_front_matter(text)
    except FactFileError as exc:
        raise FrontMatterError(exc.reason) from None
    if front is None or not front.strip():
        return {}, body
    try:
        data = load_yaml(front, plain_strings=False)
    except yaml.YAMLError as exc:
        raise FrontMatterError(f"its YAML front matter cannot be read ({str(exc).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise FrontMatterError("its front matter is not a mapping of keys to values")
    return {str(k): v for k, v in data.items()}, body


def git_roots(workspace: Path) -> list[Path]:
    """The workspace, and, for a linked worktree (``.git`` is a file), the main worktree's root:
    an agent keyed on "the git root" may have used either."""
    roots = [workspace.resolve()]
    dot_git = workspace / ".git"
    try:
        if dot_git.is_file():
            line = read_regular_bytes(dot_git, 4096).decode("utf-8", "replace").strip()   # a workspace's: bounded
            if line.startswith("gitdir:"):
                gitdir = (workspace / line[len("gitdir:"):].strip()).resolve()
                common_file = gitdir / "commondir"
                common = gitdir.parent.parent
                if common_file.is_file():
                    named = read_regular_bytes(common_file, 4096).decode("utf-8", "replace").strip()
                    common = (gitdir / named).resolve()
                if common.name == ".git":
                    roots.append(common.parent)
    except OSError:
        pass
    return list(dict.fromkeys(roots))


def env_folder(variable: str, default: Path) -> Path:
    value = os.environ.get(variable)
    return Path(value).expanduser() if value else default
