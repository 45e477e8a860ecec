"""How the command line speaks: JSON for machines, short text for people, errors on stderr."""
from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from contextlib import AbstractContextManager
from typing import Any, Callable, Iterable, Sequence, TypeAlias

from ..engine import Engine, EngineError

# C0 and C1 controls but tab and newline: a title holding ESC [ 31 m must not recolour (or rewrite)
# the user's terminal. JSON output escapes them already.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


# what each noun's register() is handed: the subcommands of its parent
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
# a command's handler: it runs on the engine the command line opened, and returns the exit code
Handler: TypeAlias = "Callable[[Engine, argparse.Namespace, Output], int]"
# what opens the engine a command runs on: open_engine in a process of its own, a warm store's
# lease in the resident service; either way a context manager that yields the engine
Opener: TypeAlias = "Callable[..., AbstractContextManager[Engine]]"


def add_json_option(parser: argparse.ArgumentParser, help_text: str = "print JSON for machines") -> None:
    """``--json``: every command that prints says it the same way."""
    parser.add_argument("--json", action="store_true", help=help_text)


def visible(text: str) -> str:
    """``text`` with control characters shown as ``\\xNN`` instead of acting on the terminal."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


class Output:
    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def emit(self, data: Any, human: Callable[[], str] | str | None = None) -> int:
        if self.as_json:
            indent = 2 if sys.stdout.isatty() else None  # compact for pipes: scripts parse it
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=indent) + "\n")
        else:
            text = human() if callable(human) else human
            if text:
                sys.stdout.write(visible(text.rstrip("\n")) + "\n")
        return 0

    def error(self, exc: EngineError) -> int:
        message = exc.message + (f" ({hint})" if (hint := cli_hint(exc)) else "")
        if self.as_json:
            data = {**exc.to_json(), "message": message}
            if exc.hint:
                data["hint"] = exc.hint
            sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        sys.stderr.write(f"{exc.code}: {visible(message)}\n")
        return 2 if exc.code == "CONFIG_ERROR" else 1   # like a usage error: the command never ran


def cli_hint(exc: EngineError) -> str:
    """What to do next, in this face's words (the engine only names the kind of hint)."""
    return {
        "find_fact": "try `memory list`, or `memory archived`",
        "archived_paths": "see `memory archived` for the paths it holds",
        "revisions": f"see `memory revisions {exc.details.get('ref', 'REF')}`",
        "redact_secrets": "or pass --redact-secrets to store the text with the secret masked",
        "diagnostics": "see the diagnostics of `memory list`",
        "suggestions": "run `context-center suggestions` to list them",
        "dismissed_suggestions": "run `context-center suggestions dismissed` to list them",
        "move": "use `memory move REF --to global|project`",
        "set_up_sync": "set it up with `context-center sync init --remote URL`",
        "review": "run `memory review` to list the items as they are now",
        "review_history": "see `memory review history` for the decisions and their undo tokens",
        "review_dismissed": "run `memory review dismissed` to list what is dismissed",
        "align_source": "name it with `instructions align --source FILE`",
    }.get(exc.hint or "", "")


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: two for a wide character (Chinese, Japanese, Korean,
    full-width forms), none for a combining mark, one for the rest."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def _clip(cell: str, width: int) -> str:
    """``cell`` in at most ``width`` columns, an ellipsis ending a cut."""
    if display_width(cell) <= width:
        return cell
    kept, used = [], 1
    for ch in cell:
        used += display_width(ch)
        if used > width:
            break
        kept.append(ch)
    return "".join(kept) + "…"


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], *, max_width: int = 48,
          whole_last: bool = False) -> str:
    """A plain, aligned text table, padded by the columns each cell takes on a terminal (a Chinese
    name is twice as wide as its characters count); long cells are clipped with an ellipsis, but
    the last column's with ``whole_last`` (a path a command takes back must be whole)."""
    def pad(cell: str, width: int) -> str:
        return cell + " " * (width - display_width(cell))

    body = [[" ".join(str(c).split()) if whole_last and n == len(row) - 1 else _clip(" ".join(str(c).split()),
                                                                                     max_width)
             for n, c in enumerate(row)] for row in rows]
    widths = [max([display_width(h)] + [display_width(r[i]) for r in body]) for i, h in enumerate(headers)]
    lines = ["  ".join(pad(h, w) for h, w in zip(headers, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(pad(c, w) for c, w in zip(r, widths)).rstrip() for r in body]
    return "\n".join(lines)
