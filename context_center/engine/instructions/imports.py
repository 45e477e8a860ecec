"""``@relative/path`` imports inside one instruction document.

Rules (Reasonix's, and ours where it says nothing): an import line, trimmed, starts with ``@``, has no space
or tab, and its path holds ``/``, ``\\`` or ``.``. The path is relative to the file
that holds the line and must stay inside the directory that owns the top-level
instruction file (lexically and after symlinks). Absolute paths, parent escapes,
symlink escapes, unreadable files, cycles and a sixth level are rejected: the line
stays in the body with a ``<!-- rejected: CODE -->`` marker and a diagnostic
gives its file and line. A file imported twice in one document is expanded once.
Lines inside fenced code blocks are text, never imports.

As Reasonix writes it: an expanded import's wrapper names its path relative to the directory
of the document being expanded (the workspace root for a root ``AGENTS.md``), nested imports
too; a marker follows its line after two spaces.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..storage.safe_read import read_regular_text
from .reasons import Reason, why_not_read

MAX_IMPORT_DEPTH = 5
# the lines that open and close an expanded import: what an agent receives, not what a file says
IMPORT_WRAPPER = re.compile(r'^(<instruction-import path="[^"]*">|</instruction-import>)$', re.MULTILINE)
_OPENING = re.compile(r'^<instruction-import path="([^"]*)">$')
_FENCE = re.compile(r"^\s*(```|~~~)")
_WINDOWS_ABSOLUTE = re.compile(r"^[A-Za-z]:[\\/]")


def import_target(line: str) -> str | None:
    """The path of an import line, or None if the line is text."""
    text = line.strip()
    if len(text) < 2 or not text.startswith("@") or " " in text or "\t" in text:
        return None
    path = text[1:]
    return path if any(c in path for c in "/\\.") else None


@dataclass(frozen=True)
class ImportProblem:
    code: str
    file: Path          # the file holding the rejected line
    line: int
    message: str


DUPLICATE_MARKER = "<!-- skipped: duplicate import -->"   # Reasonix's markers, kept verbatim
CYCLE_MARKER = "<!-- skipped: import cycle -->"


@dataclass
class Expansion:
    body: str
    imports: list[Path] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    referenced: list[Path] = field(default_factory=list)  # every file an allowed import names, read or not


def _is_within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class ImportExpander:
    """Expands the imports of one top-level document owned by ``owner``."""

    def __init__(self, owner: Path, label_of: Callable[[Path], str]) -> None:
        self.owner = Path(os.path.abspath(owner))
        self.owner_real = os.path.realpath(owner)
        self.label_of = label_of
        self._base = self.owner

    def expand(self, document: Path, text: str) -> Expansion:
        result = Expansion(body="")
        self._base = Path(os.path.abspath(document)).parent   # what every wrapper's path is relative to
        seen: set[str] = set()
        result.body = self._expand(document, text, [os.path.realpath(document)], seen, result, depth=0)
        return result

    def _reject(self, result: Expansion, file: Path, number: int, line: str, code: str, message: str) -> str:
        result.problems.append(ImportProblem(code, file, number, message))
        return f"{line.rstrip()}  <!-- rejected: {code} -->"

    def _expand(self, file: Path, text: str, stack: list[str], seen: set[str], result: Expansion,
                depth: int) -> str:
        out: list[str] = []
        fenced = False
        for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
            if _FENCE.match(line):
                fenced = not fenced
            target = None if fenced else import_target(line)
            if target is None:
                out.append(line)
                continue
            out.append(self._one(file, number, line, target, stack, seen, result, depth))
        return "\n".join(out)

    def _one(self, file: Path, number: int, line: str, target: str, stack: list[str], seen: set[str],
             result: Expansion, depth: int) -> str:
        if "\0" in target:
            return self._reject(result, file, number, line, "import_invalid_path", Reason("import_invalid_path"))
        if target.startswith(("/", "\\", "~")) or _WINDOWS_ABSOLUTE.match(target):
            return self._reject(result, file, number, line, "import_absolute_path",
                                Reason("import_absolute_path", target=target))
        joined = os.path.normpath(os.path.join(file.parent, target.replace("\\", "/")))
        if not _is_within(joined, str(self.owner)):
            return self._reject(result, file, number, line, "import_outside_source",
                                Reason("import_outside_source", target=target,
                                       folder=self.label_of(self.owner) or "the source directory"))
        result.referenced.append(Path(joined))
        real = os.path.realpath(joined)
        if not _is_within(real, self.owner_real):
            return self._reject(result, file, number, line, "import_symlink_escape",
                                Reason("import_symlink_escape", target=target))
        if real in stack:  # kept with Reasonix's marker; the diagnostic is ours
            result.problems.append(ImportProblem("import_cycle", file, number, Reason("import_cycle", target=target)))
            return f"{line.rstrip()}  {CYCLE_MARKER}"
        if depth + 1 > MAX_IMPORT_DEPTH:
            return self._reject(result, file, number, line, "import_depth_exceeded",
                                Reason("import_depth_exceeded", target=target, level=depth + 1,
                                       most=MAX_IMPORT_DEPTH))
        if real in seen:  # already expanded once in this document: the line stays, marked as Reasonix marks it
            return f"{line.rstrip()}  {DUPLICATE_MARKER}"
        try:
            content = read_regular_text(real)
        except (OSError, UnicodeDecodeError) as exc:
            reason = why_not_read(exc) if isinstance(exc, OSError) and exc.strerror else Reason("not_utf8_text")
            return self._reject(result, file, number, line, "import_unreadable",
                                Reason("import_unreadable", target=target, why=reason))
        seen.add(real)
        imported = Path(joined)
        result.imports.append(imported)
        inner = self._expand(imported, content, stack + [real], seen, result, depth + 1).strip()
        where = os.path.relpath(imported, self._base).replace(os.sep, "/")   # relative to the document's folder
        return f'<instruction-import path="{where}">\n{inner}\n</instruction-import>'


def provenance(body: str) -> list[tuple[str | None, str]]:
    """An expanded body in runs of lines, each with the file it came from: the import's path
    (relative to the document's folder, as its wrapper names it) or None for the document's own
    lines. The wrappers themselves belong to no run."""
    runs: list[tuple[str | None, list[str]]] = []
    stack: list[str] = []
    for line in body.split("\n"):
        opening = _OPENING.match(line)
        if opening:
            stack.append(opening.group(1))
            continue
        if line == "</instruction-import>" and stack:
            stack.pop()
            continue
        origin = stack[-1] if stack else None
        if runs and runs[-1][0] == origin:
            runs[-1][1].append(line)
        else:
            runs.append((origin, [line]))
    return [(origin, "\n".join(lines)) for origin, lines in runs]
