"""The files the newer agents read, as a view reports them: Markdown rule files with a little front
matter that says when the agent reads them, read with the same care as every other file here.

Shared by the views of GitHub Copilot, Gemini CLI, Cursor and Windsurf: each says which files its
agent looks at and what their front matter means; reading them (regular files only, bounded),
splitting their front matter and walking the folders below the target live here once.
"""
from __future__ import annotations

import os
import re
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator

from ..storage.safe_read import UnsafeFile, read_regular_prefix
from .agent_view import AgentDocument, Labeller, Meter, Trigger, decode, line_of_byte
from .reasons import Reason, why_not_read
from .resolver import InstructionDiagnostic

READ_CAP = 4 * 1024 * 1024   # of one file, for the report (no agent here receives more)
SCAN_FOLDERS = 2_000         # folders below the target looked through for on-demand files
MAX_RULE_FILES = 500         # rule files of one folder shown (each is read whole)
SKIPPED_FOLDERS = frozenset((".git", "node_modules", ".venv", "venv", "__pycache__", "dist", "build", "target",
                             ".tox", ".mypy_cache", ".context-center"))
_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)\s*:\s*(.*)$")
_COMMENT = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', re.DOTALL)


def without_comments(text: str) -> str:
    """JSON with its ``//`` and ``/* */`` comments blanked out, every offset kept (Gemini CLI reads
    its settings.json so)."""
    return _COMMENT.sub(lambda m: m.group(0) if m.group(0).startswith('"')
                        else re.sub(r"[^\n]", " ", m.group(0)), text)


@dataclass(frozen=True)
class RuleFile:
    """A rule file's front matter, read leniently (the agents' own readers accept ``globs: **/*.ts``,
    which YAML refuses as an alias), and the body after it."""

    meta: dict[str, object]
    body: str
    body_line: int   # the 1-based line the body starts on


def split_rule(text: str) -> RuleFile:
    """``key: value`` lines between ``---`` lines: a value is text (quotes taken off), ``true`` or
    ``false``, a ``[a, b]`` list or ``- item`` lines under an empty key. No YAML: nothing in a
    cloned repository's rule file can make the reader expand aliases or build objects."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").split("\n")   # (the editors drop a BOM)
    if not lines or lines[0].strip() != "---":
        return RuleFile({}, text, 1)
    meta: dict[str, object] = {}
    listing: list[str] | None = None
    for index, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return RuleFile(meta, "\n".join(lines[index + 1:]), index + 2)
        item = line.strip()
        if listing is not None and item.startswith("- "):
            listing.append(_scalar(item[2:]))
            continue
        match = _KEY.match(line)
        if match is None:
            listing = None
            continue
        key, value = match.group(1), match.group(2).strip()
        if not value:
            listing = []
            meta[key] = listing
        else:
            listing = None
            meta[key] = _value(value)
    return RuleFile({}, text, 1)   # never closed: all of it is text


def _scalar(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def _value(text: str) -> object:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(part) for part in text[1:-1].split(",") if part.strip()]
    return _scalar(text)


def text_of(meta: dict[str, object], key: str) -> str:
    value = meta.get(key)
    return value.strip() if isinstance(value, str) else ""


def globs_of(meta: dict[str, object], key: str) -> tuple[str, ...]:
    """A glob list as the agents write it: a YAML list, or one string of comma-separated globs."""
    value = meta.get(key)
    parts = value if isinstance(value, list) else _GLOB_COMMA.split(value) if isinstance(value, str) else []
    return tuple(dict.fromkeys(p.strip() for p in parts if isinstance(p, str) and p.strip()))


_GLOB_COMMA = re.compile(r",(?![^{]*\})")   # a comma between globs, not inside {ts,tsx}


def read_document(path: Path, label: str, scope: str, status: str, reason: str,
                  diagnostics: list[InstructionDiagnostic], *, trigger: Trigger | None = None,
                  parent: str | None = None) -> AgentDocument:
    """``path`` as a document of a view: a regular file read at most :data:`READ_CAP` (a FIFO or a
    device is said, never waited on), empty files skipped."""
    try:
        size, data = read_regular_prefix(path, READ_CAP)
    except (UnsafeFile, OSError) as exc:
        diagnostics.append(InstructionDiagnostic("document_unreadable", label, path, 0,
                                                 Reason("file_unreadable", file=label, why=why_not_read(exc))))
        return AgentDocument(label, scope, 0, path, 0, "skipped", Reason("cannot_be_read"), "", parent=parent)
    text = decode(data)
    if path.is_symlink():   # the agents follow it too: shown, and said
        reason = Reason("symlink_to", reason=reason, target=os.readlink(path)) if reason else \
            Reason("a_symlink", target=os.readlink(path))
    if not text.strip():
        return AgentDocument(label, scope, 0, path, size, "skipped", Reason("empty"), "", text, parent=parent)
    body = text.strip("\n") if status in ("loaded", "on_demand") else ""
    return AgentDocument(label, scope, 0, path, size, status, reason, body, text, parent=parent,
                         trigger=trigger if status == "on_demand" else None)


def cut_to_chars(document: AgentDocument, limit: int, why: str) -> AgentDocument:
    """``document`` as an agent that keeps its first ``limit`` characters receives it (and its
    meter against that limit)."""
    if not (document.received or document.status == "on_demand"):
        return document
    document = replace(document, meters=(Meter("characters", len(document.body), limit),))
    if len(document.body) <= limit:
        return document
    if document.status == "on_demand":   # cut when it is read
        return replace(document, body=document.body[:limit],
                       reason=Reason("cut_when_read", reason=document.reason, why=why, limit=f"{limit:,}",
                                     total=f"{len(document.body):,}"))
    kept = document.body[:limit]
    data = document.body.encode("utf-8")
    kept_bytes = len(kept.encode("utf-8"))
    line = line_of_byte(data, kept_bytes)
    return replace(document, status="truncated", body=kept, kept_bytes=kept_bytes, cut_line=line,
                   reason=Reason("cut_chars", why=why, total=f"{len(document.body):,}", limit=f"{limit:,}", line=line))


def chain(root: Path, target: Path) -> list[Path]:
    """The folders from ``root`` down to ``target`` (just ``root`` when ``target`` is not inside it)."""
    if target != root and root not in target.parents:
        return [root]
    return [root, *reversed([p for p in target.parents if root in p.parents]), *([target] if target != root else [])]


def folders_below(target: Path, label: Labeller, diagnostics: list[InstructionDiagnostic]) -> Iterator[Path]:
    """The folders below ``target``, nearest first (breadth first, each level in name order: a
    thousand folders under ``aaa/`` cannot hide ``zzz/AGENTS.md``), skipping the usual build and
    tool folders and never following a link; stops (and says so) after :data:`SCAN_FOLDERS`."""
    queue = deque([target])
    scanned = 0
    while queue:
        folder = queue.popleft()
        try:
            with os.scandir(folder) as entries:
                names = sorted(e.name for e in entries
                               if e.is_dir(follow_symlinks=False) and e.name not in SKIPPED_FOLDERS)
        except OSError:
            continue
        for name in names:
            scanned += 1
            if scanned > SCAN_FOLDERS:
                diagnostics.append(InstructionDiagnostic(
                    "scan_limit", label(target), target, 0,
                    Reason("scan_limit_folders", folder=label(target), count=f"{SCAN_FOLDERS:,}")))
                return
            queue.append(folder / name)
            yield folder / name


def git_root(target: Path, fallback: Path) -> Path:
    """The nearest folder at or above ``target`` holding ``.git``, else ``fallback``."""
    return next((f for f in (target, *target.parents) if (f / ".git").exists()), fallback)


def files_in(folder: Path, suffixes: tuple[str, ...], label: Labeller | None = None,
             diagnostics: list[InstructionDiagnostic] | None = None, *, follow_top: bool = False) -> list[Path]:
    """The files (links and special files too, to be reported) under ``folder`` whose names end in
    ``suffixes``, sorted; at most :data:`MAX_RULE_FILES` of them (each is read whole: a clone's
    thousands of 4 MiB links to one blob would fill the memory) from at most :data:`SCAN_FOLDERS`
    folders, one level at a time (no recursion to overflow), never following a link below
    ``folder`` and ``folder`` itself only when ``follow_top`` (its files then named under it)."""
    if not folder.is_dir() or (folder.is_symlink() and not follow_top):
        return []

    def limit(code: str, count: int) -> list[Path]:
        if diagnostics is not None and label is not None:
            message = Reason(code, folder=label(folder), count=f"{count:,}")
            diagnostics.append(InstructionDiagnostic("scan_limit", label(folder), folder, 0, message))
        return sorted(found)

    found: list[Path] = []
    pending = [folder]
    scanned = 0
    while pending:
        current = pending.pop()
        scanned += 1
        if scanned > SCAN_FOLDERS:
            return limit("scan_limit_holds_folders", SCAN_FOLDERS)
        try:
            with os.scandir(current) as entries:
                listed = list(entries)
        except OSError:
            continue
        for entry in listed:
            if entry.is_dir(follow_symlinks=False):
                pending.append(current / entry.name)
            elif entry.name.endswith(suffixes):
                found.append(current / entry.name)
                if len(found) >= MAX_RULE_FILES:
                    return limit("scan_limit_holds_files", MAX_RULE_FILES)
    return sorted(found)
