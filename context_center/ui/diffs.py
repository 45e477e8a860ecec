"""Two texts as a line diff for a person: removed lines on red, added on green, both readable on a
light or a dark window (the Review tab's previews, the team's changes before a commit)."""
from __future__ import annotations

import difflib
import html

from .theme import tone


def _styles() -> tuple[str, str]:
    """The removed and added lines' styles in the current theme."""
    return (f"background:{tone('removed_bg')};color:{tone('removed_fg')}",
            f"background:{tone('added_bg')};color:{tone('added_fg')}")


def diff_html(before: str, after: str) -> str:
    """The texts before and after as a line diff: removed lines red, added green."""
    rows = []
    removed, added = _styles()
    for line in difflib.ndiff(before.splitlines(), after.splitlines()):
        tag, text = line[:2], html.escape(line[2:])
        if tag == "? ":
            continue
        style = {"- ": removed, "+ ": added}.get(tag, "")
        rows.append(f'<div style="{style}">{html.escape(tag)}{text or "&nbsp;"}</div>')
    return '<div style="font-family:monospace;white-space:pre-wrap">' + "".join(rows) + "</div>"


def unified_html(diff: str) -> str:
    """A unified diff (``--- a/…``, ``@@``, ``-``/``+`` lines) coloured the same way."""
    rows = []
    removed, added = _styles()
    for line in diff.splitlines():
        style = (f"color:{tone('muted')}" if line.startswith(("---", "+++", "@@", "\\")) else
                 removed if line.startswith("-") else added if line.startswith("+") else "")
        rows.append(f'<div style="{style}">{html.escape(line) or "&nbsp;"}</div>')
    return '<div style="font-family:monospace;white-space:pre-wrap">' + "".join(rows) + "</div>"
