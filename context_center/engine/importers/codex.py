"""Codex memories: ``$CODEX_HOME/memories/`` (default ``~/.codex/memories/``), Markdown files
(``memory_summary.md``, ``MEMORY.md`` and others). They are not per project: items land in the
global scope.

How a file is split into items (one claim each, as a bullet usually is):

* every top-level list item (``-``, ``*``, ``+``, ``1.``) is one item, with its indented
  continuation lines and nested bullets;
* a paragraph of plain text outside a list is one item;
* a fenced code block belongs to the item before it (or is one of its own);
* headings are not items (they only name a section), nor are blank lines, rules (``---``),
  HTML comments and front matter; a file with nothing else is skipped ("headings only"), and
  so is an empty one;
* ``memory_summary.md`` is read last: Codex writes it as a summary of the rest, so its items
  that say what an earlier item says are reported as duplicates, not imported twice.

The type is inferred from the words as the Suggestions tab infers it (a URL is a reference,
always/never is feedback, a personal preference is about the user); the default is project.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..suggestions.candidates import classify
from .records import Found, Reading, Skip
from .sources import FrontMatterError, env_folder, file_stamp, front_matter, linked_folder, read_text, regular_files

NAME = "codex"
HOME_ENV = "CODEX_HOME"                  # else <home>/.codex
MEMORY_FOLDER = "memories"
SUMMARY_FILE = "memory_summary.md"       # read last: a summary of the others
TITLE_WORDS = 10

_HEADING = re.compile(r"^\s{0,3}#{1,6}(\s|$)")
_BULLET = re.compile(r"^(?:[-*+]|\d+[.)])\s+")
_RULE = re.compile(r"^\s{0,3}(?:[-*_]\s*){3,}$")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")


def read(_workspace: Path | None, home: Path) -> Reading:
    folder = env_folder(HOME_ENV, home / ".codex") / MEMORY_FOLDER
    if not folder.is_dir():
        return Reading(str(folder), message=f"No Codex memories on this machine (looked in {folder}).")
    if linked_folder(folder):
        return Reading(str(folder), message=linked_folder(folder))
    reading = Reading(str(folder))
    files = sorted(regular_files(folder, "*.md", reading.skipped), key=lambda p: (p.name == SUMMARY_FILE, p.name))
    for path in files:
        try:
            _keys, body = front_matter(read_text(path))
        except (OSError, FrontMatterError) as exc:
            reading.skipped.append(Skip(str(path), f"cannot be read: {exc}"))
            continue
        if not body.strip():
            reading.skipped.append(Skip(str(path), "empty file"))
            continue
        units = split(body)
        if not units:
            reading.skipped.append(Skip(str(path), "headings only: no memory in it"))
            continue
        stamp = file_stamp(path)
        for text in units:
            reading.found.append(_found(path, text, stamp))
    return reading


def split(text: str) -> list[str]:
    """The items of a Codex memory file, each as written (markers of top-level bullets removed)."""
    items: list[list[str]] = []
    current: list[str] | None = None
    previous: list[str] | None = None       # the item a blank line just closed: a code block next joins it
    in_comment = in_fence = False
    for line in text.replace("\r\n", "\n").split("\n"):
        stripped = line.strip()
        if in_fence or stripped.startswith(("```", "~~~")):   # a code block belongs to the item it follows
            in_fence = in_fence != stripped.startswith(("```", "~~~"))
            if current is None:
                current = previous if previous is not None else []
                if previous is None:
                    items.append(current)
            current.append(line.rstrip())
            continue
        if in_comment or stripped.startswith("<!--") and "-->" not in stripped:
            in_comment = "-->" not in stripped
            continue
        if not stripped or _HEADING.match(line) or _RULE.match(line) or _COMMENT.match(line):
            previous = current if not stripped and current is not None else None
            current = None
            continue
        indented = line[:1].isspace()
        if not indented and _BULLET.match(line):
            current = [_BULLET.sub("", line, count=1).rstrip()]
            items.append(current)
        elif current is not None:
            current.append(line.rstrip())       # a continuation, or a nested bullet
        else:
            current = [line.strip()]
            items.append(current)
    return [body for lines in items if (body := "\n".join(lines).strip())]


def _title(text: str) -> str:
    words = " ".join(text.split()).split(" ")
    head = " ".join(words[:TITLE_WORDS])
    return head if len(words) <= TITLE_WORDS else head.rstrip(".,;:!?") + "…"


def _found(path: Path, text: str, stamp: str) -> Found:
    fact_type, _scope = classify(" ".join(text.split()))
    return Found(source_path=str(path), title=_title(text), body=text, type=fact_type, scope="global",
                 created_at=stamp, updated_at=stamp, description=" ".join(text.split())[:160])
