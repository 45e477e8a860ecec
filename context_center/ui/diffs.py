"""Two texts as a line diff for a person: removed lines on red, added on green, both readable on a
light or a dark window (the Review tab's previews, the team's changes before a commit)."""
from __future__ import annotations

import difflib
import html


def diff_html(before: str, after: str) -> str:
    """The texts before and after as a line diff: removed lines red, added green."""
    rows = []
    for line in difflib.ndiff(before.splitlines(), after.splitlines()):
        tag, text = line[:2], html.escape(line[2:])
        if tag == "? ":
            continue
        style = {"- ": "background:#fdecea;color:#611a15", "+ ": "background:#e6f4ea;color:#0d5c2e"}.get(tag, "")
        rows.append(f'<div style="{style}">{html.escape(tag)}{text or "&nbsp;"}</div>')
    return '<div style="font-family:monospace;white-space:pre-wrap">' + "".join(rows) + "</div>"


def unified_html(diff: str) -> str:
    """A unified diff (``--- a/…``, ``@@``, ``-``/``+`` lines) coloured the same way."""
    rows = []
    for line in diff.splitlines():
        style = ("color:#555" if line.startswith(("---", "+++", "@@", "\\")) else
                 "background:#fdecea;color:#611a15" if line.startswith("-") else
                 "background:#e6f4ea;color:#0d5c2e" if line.startswith("+") else "")
        rows.append(f'<div style="{style}">{html.escape(line) or "&nbsp;"}</div>')
    return '<div style="font-family:monospace;white-space:pre-wrap">' + "".join(rows) + "</div>"
