"""A fact's references to the code (``refs:``) and their evidence (``refs_evidence:``), as its file holds them.

A ref is workspace-relative, written with ``/``, in one of five forms::

    src/auth/login.py            the file
    src/auth/login.py:12         line 12
    src/auth/login.py:12-30      lines 12 to 30
    src/auth/login.py#login      a whole-word occurrence of ``login`` in that file
    src/auth/                    a directory

Anything else that looks like a line or a symbol (``a.py:0``, ``a.py:9-3``, ``a.py#``) is an
unknown form: refused when written, a diagnostic when read from a hand-written file. A ref never
leaves the workspace: not absolute, no ``..``, and not through a symlink (checked when it is
resolved, since a symlink can change after the fact is written).

The evidence (recorded by :mod:`..grounding.evidence`) is kept beside the refs, so it travels with
the file (a team clone, sync). In a :class:`~context_center.engine.records.Fact` an entry is a
plain tuple (the folder snapshot packs facts with ``marshal``): ``(ref, digest, line, lines,
recorded_at)``.
"""
from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InvalidInput

MAX_REFS = 20
KEPT_LINES = 20   # cited lines kept in a ref's evidence
MAX_LINE_CHARS = 400   # of each, as kept and as read
Entry = tuple[str, str, int, tuple[str, ...], str]   # (ref, digest, line, lines, recorded_at)
MAX_REF_CHARS = 512
_LINES = re.compile(r"^(?P<path>.+?):(?P<start>\d+)(?:-(?P<end>\d+))?$")
_LOOKS_LIKE_LINES = re.compile(r":[\d-]*$")
_SYMBOL = re.compile(r"^[^\s#/]+$")
_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")
MAX_PART_BYTES = 255   # a file name longer than this cannot exist (the system refuses it)


class RefProblem(ValueError):
    """What is wrong with a ref, in words that name it."""


@dataclass(frozen=True)
class Ref:
    text: str                  # as written
    path: str                  # workspace-relative, "/" separated, no trailing "/"
    kind: str                  # "file" | "lines" | "symbol" | "directory"
    start: int = 0             # lines: first and last line, 1-based
    end: int = 0
    symbol: str = ""

    def where(self, workspace: Path) -> Path:
        return workspace.joinpath(*self.path.split("/"))


def parse_ref(text: str) -> Ref:
    """``text`` as a :class:`Ref`; :class:`RefProblem` when it is empty, leaves the workspace on its
    face (absolute, ``..``) or is of no known form."""
    raw = text
    text = text.strip()
    if not text:
        raise RefProblem("a ref is empty")
    if len(text) > MAX_REF_CHARS:
        raise RefProblem(f"ref {text[:40]!r}… is longer than {MAX_REF_CHARS} characters")
    if "\0" in text or any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text):
        raise RefProblem(f"ref {text!r} holds a control or formatting character")
    if "\\" in text:
        raise RefProblem(f"ref {text!r} uses \\; write workspace paths with /")
    if text.startswith(("/", "~")) or _DRIVE.match(text):
        raise RefProblem(f"ref {text!r} is absolute; refs are relative to the workspace")
    kind, start, end, symbol, path = "file", 0, 0, "", text
    if "#" in text:
        path, symbol = text.split("#", 1)
        if not _SYMBOL.match(symbol):
            raise RefProblem(f"ref {raw.strip()!r}: after # comes one name (path#symbol)")
        kind = "symbol"
    elif (lines := _LINES.match(text)) is not None:
        path, start = lines.group("path"), int(lines.group("start"))
        end = int(lines.group("end") or start)
        if start < 1 or end < start:
            raise RefProblem(f"ref {text!r}: lines are numbered from 1, START-END with END ≥ START")
        kind = "lines"
    elif _LOOKS_LIKE_LINES.search(text):
        raise RefProblem(f"ref {text!r}: a line is path:LINE or path:START-END")
    elif text.endswith("/"):
        kind, path = "directory", text.rstrip("/")
    parts = [part for part in path.split("/") if part not in ("", ".")]
    if not parts:
        raise RefProblem(f"ref {text!r} names no file")
    if ".." in parts:
        raise RefProblem(f"ref {text!r} leaves the workspace (..)")
    if any(len(part.encode("utf-8", "surrogatepass")) > MAX_PART_BYTES for part in parts):
        raise RefProblem(f"ref {text[:60]!r}… names a file or folder longer than {MAX_PART_BYTES} bytes")
    return Ref(text, "/".join(parts), kind, start, end, symbol)


def check_refs(refs: tuple[str, ...] | list[str], workspace: Path | None) -> tuple[Ref, ...]:
    """The refs a caller gives, each parsed and confined to ``workspace``; InvalidInput naming the
    first that is not (``workspace`` None: a global fact, which has no one workspace)."""
    if not refs:
        return ()
    if workspace is None:
        raise InvalidInput("refs belong to project and team facts: a global fact has no one workspace "
                           "to check them against")
    if len(refs) > MAX_REFS:
        raise InvalidInput(f"a fact cites at most {MAX_REFS} refs; got {len(refs)}")
    parsed: list[Ref] = []
    for text in refs:
        try:
            ref = parse_ref(text)
        except RefProblem as exc:
            raise InvalidInput(str(exc)) from None
        if resolve(ref, workspace) is None:
            raise InvalidInput(f"ref {ref.text!r} leaves the workspace through a symbolic link")
        if ref.text not in (p.text for p in parsed):
            parsed.append(ref)
    return tuple(parsed)


def resolve(ref: Ref, workspace: Path) -> Path | None:
    """Where ``ref`` points, or None when a symbolic link on the way leads out of ``workspace``.
    A path that does not exist resolves (to where it would be): it is missing, not escaping."""
    root = os.path.realpath(workspace)
    real = os.path.realpath(ref.where(workspace))
    if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
        return None
    return Path(real)


def read_refs(values: tuple[str, ...]) -> tuple[tuple[Ref, ...], list[str]]:
    """Refs as a hand-written file holds them: the usable ones, and a warning for each other."""
    found: list[Ref] = []
    warnings: list[str] = []
    for text in values[:MAX_REFS]:
        try:
            found.append(parse_ref(text))
        except RefProblem as exc:
            warnings.append(f"{exc}; it is not checked")
    if len(values) > MAX_REFS:
        warnings.append(f"{len(values)} refs; the first {MAX_REFS} are checked")
    return tuple(found), warnings


@dataclass(frozen=True)
class Evidence:
    ref: str
    digest: str = ""
    line: int = 0
    lines: tuple[str, ...] = ()
    recorded_at: str = ""

    @classmethod
    def of(cls, entry: tuple[Any, ...]) -> Evidence:
        ref, found, line, lines, recorded_at = entry
        return cls(ref, found, line, tuple(lines), recorded_at)

    def entry(self) -> Entry:
        return (self.ref, self.digest, self.line, self.lines, self.recorded_at)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ref": self.ref}
        if self.digest:
            data["digest"] = self.digest
        if self.line:
            data["line"] = self.line
        if self.lines:
            data["lines"] = list(self.lines)
        data["recorded_at"] = self.recorded_at
        return data


def from_front_matter(value: object) -> tuple[tuple[Entry, ...], list[str]]:
    """``refs_evidence:`` as a file holds it: the entries, and a warning for what cannot be read."""
    if value in (None, ""):
        return (), []
    if not isinstance(value, list):
        return (), ["refs_evidence is not a list; ignored"]
    entries: list[Entry] = []
    for item in value:
        try:
            if not isinstance(item, dict) or not isinstance(item.get("ref"), str):
                raise ValueError
            lines = item.get("lines") or []
            if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
                raise ValueError
            entries.append((item["ref"][:MAX_REF_CHARS], str(item.get("digest") or "")[:80],
                            int(item.get("line") or 0), tuple(line[:MAX_LINE_CHARS] for line in lines[:KEPT_LINES]),
                            str(item.get("recorded_at") or "")[:40]))
            if len(entries) == MAX_REFS:   # a hand-written file may hold any number: the first are read
                break
        except (TypeError, ValueError):
            return (), ["refs_evidence has an entry that is not {ref, digest, line, lines, recorded_at}; ignored"]
    return tuple(entries), []


def to_front_matter(entries: tuple[Entry, ...]) -> list[dict[str, Any]]:
    return [Evidence.of(entry).to_json() for entry in entries]
