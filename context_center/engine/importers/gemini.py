"""Gemini CLI's saved memories: the bullets its ``save_memory`` tool appends under
``## Gemini Added Memories`` in ``~/.gemini/GEMINI.md`` (docs/tools/memory.md of gemini-cli). That
file is an instruction file: Gemini CLI keeps loading those lines as instructions on every
prompt whatever is imported here, and the report says so. The same section in the workspace's
own GEMINI.md, where a user may have moved it, is read as project memories.

One item per top-level bullet (with its continuation lines); everything else in the file is the
user's instructions, not memories, and is left alone.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..suggestions.candidates import classify
from .codex import split
from .records import Found, Reading, Skip
from .sources import LINK_SKIP, file_stamp, read_text

NAME = "gemini"
HEADING = "## Gemini Added Memories"
STILL_LOADED = ("Gemini CLI still loads these lines as instructions from GEMINI.md on every prompt; once "
                "they are facts here, remove them from its file if you want them recalled only when relevant.")
_NEXT_HEADING = re.compile(r"^\s{0,3}#{1,2}\s")


def read(workspace: Path | None, home: Path) -> Reading:
    files = [(home / ".gemini" / "GEMINI.md", "global")]
    if workspace is not None:
        files.append((workspace / "GEMINI.md", "project"))
    reading = Reading(str(home / ".gemini"))
    for path, scope in files:
        if path.is_symlink():
            reading.skipped.append(Skip(str(path), LINK_SKIP))
            continue
        if not path.is_file():
            continue
        try:
            text = read_text(path)
        except OSError as exc:
            reading.skipped.append(Skip(str(path), f"cannot be read: {exc.strerror or exc}"))
            continue
        section = memories_section(text)
        if section is None:
            continue
        stamp = file_stamp(path)
        for item in split(section):
            fact_type, _scope = classify(" ".join(item.split()))
            words = " ".join(item.split()).split(" ")
            title = " ".join(words[:10]) + ("…" if len(words) > 10 else "")
            reading.found.append(Found(source_path=str(path), title=title, body=item, type=fact_type, scope=scope,
                                       created_at=stamp, updated_at=stamp, description=" ".join(item.split())[:160]))
    if not reading.found and not reading.skipped:
        return Reading(reading.location, message=f"No memories Gemini CLI saved on this machine (looked for "
                                                 f"'{HEADING}' in ~/.gemini/GEMINI.md and the workspace's GEMINI.md).")
    return Reading(reading.location, reading.found, reading.skipped, STILL_LOADED if reading.found else "")


def memories_section(text: str) -> str | None:
    """The lines under the heading, up to the next heading of its level or above; None without it."""
    lines = text.replace("\r\n", "\n").split("\n")
    for index, line in enumerate(lines):
        if line.strip() == HEADING:
            rest = lines[index + 1:]
            end = next((i for i, other in enumerate(rest) if _NEXT_HEADING.match(other)), len(rest))
            return "\n".join(rest[:end])
    return None
