"""One set of standing instructions reaching every agent: the workspace's AGENTS.md as the source,
each agent pointed at it by its own means, the smallest change that does it.

- Codex, GitHub Copilot, Cursor, Windsurf and Reasonix read the root's AGENTS.md already: nothing.
- Claude Code reads CLAUDE.md, not AGENTS.md: CLAUDE.md gets an ``@AGENTS.md`` import; lines it
  holds that AGENTS.md holds too are taken out (they would reach Claude Code twice), its own stay.
- Gemini CLI reads the names of ``context.fileName``: the project's ``.gemini/settings.json``
  (never the one in the home folder) names AGENTS.md first; a GEMINI.md that is only a copy of
  AGENTS.md is no longer named (the file stays).

Without an AGENTS.md, or to make another file's text the source, the user names that file: its
text becomes AGENTS.md (and a CLAUDE.md source becomes the import). Nothing is merged silently
and nothing deleted. Every write is backed up under the state root's ``backups/align/``; the
latest align of a workspace is undone exactly, and refused, naming the file, when one changed since.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .. import clock
from ..errors import InvalidInput, NotFound, RefusedError
from ..storage.atomic_write import create_exclusive, write_atomic_bytes
from ..storage.safe_read import UnsafeFile, read_regular_bytes
from ..text.counting import counted
from .agent_rules import AGENTS, DISPLAY_NAMES, GEMINI
from .claude_code_view import import_tokens
from .reasons import Reason
from .rule_files import without_comments as _without_comments

SOURCE = "AGENTS.md"
_READS_SOURCE = ("reasonix", "codex", "copilot", "cursor", "windsurf")
MAX_BYTES = 1024 * 1024


class ChangedSince(RefusedError):
    """A file changed since the align it would take back: nothing was restored."""

    code = "CHANGED_SINCE"


@dataclass(frozen=True)
class FileChange:
    path: Path
    label: str
    before: str | None   # None: the file is new
    after: str
    why: str

    @property
    def diff(self) -> str:
        return "".join(difflib.unified_diff(
            (self.before or "").splitlines(keepends=True), self.after.splitlines(keepends=True),
            f"a/{self.label}" if self.before is not None else "/dev/null", f"b/{self.label}"))

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "label": self.label, "created": self.before is None, "why": self.why,
                "diff": self.diff}


@dataclass(frozen=True)
class AlignPlan:
    workspace: Path
    source: str                      # the label of the file whose text is the source
    agents: tuple[str, ...]
    changes: tuple[FileChange, ...]
    notes: tuple[str, ...]           # per agent: what it reads already, what stays its own

    def to_json(self) -> dict[str, Any]:
        return {"workspace": str(self.workspace), "source": self.source, "agents": list(self.agents),
                "changes": [c.to_json() for c in self.changes], "notes": list(self.notes)}


def plan(workspace: Path, agents: Sequence[str] | None = None, source: Path | None = None) -> AlignPlan:
    """What aligning ``agents`` (default: every one) on ``workspace``'s AGENTS.md would change.
    ``source``: a file of the workspace whose text becomes AGENTS.md."""
    chosen = tuple(a for a in AGENTS if a in (agents or AGENTS))
    unknown = [a for a in agents or () if a not in AGENTS]
    if unknown:
        raise InvalidInput(f"unknown agent {unknown[0]!r}; one of {', '.join(AGENTS)}")
    agents_md = workspace / SOURCE
    changes: list[FileChange] = []
    notes: list[str] = []
    claude_md = workspace / "CLAUDE.md"
    if source is not None:
        source = Path(os.path.abspath(source))
        if source.parent != workspace or not source.is_file():
            raise InvalidInput(f"the source must be a file in the workspace's root, not {source}")
        text = _read(source, only_read=source != workspace / "CLAUDE.md")   # (a CLAUDE.md source is rewritten)
        if source != agents_md:
            changes.append(FileChange(agents_md, SOURCE, _read_or_none(agents_md), text,
                                      Reason("align_the_source", name=source.name)))
        label = source.name
    elif not agents_md.is_file():
        raise NotFound("the workspace has no AGENTS.md to align the agents on; choose the file whose text "
                       "becomes it (CLAUDE.md, GEMINI.md, …)", hint="align_source")
    else:
        text, label = _read(agents_md, only_read=True), SOURCE
    for agent in chosen:
        if agent in _READS_SOURCE:
            notes.append(Reason("align_reads_already", agent=DISPLAY_NAMES[agent]))
        elif agent == "claude-code":
            change = _claude_md(claude_md, text, source == claude_md, notes)
            if change is not None:
                changes.append(change)
        elif agent == "gemini":
            change = _gemini_settings(workspace, text, source, notes)
            if change is not None:
                changes.append(change)
    return AlignPlan(workspace, label, chosen, tuple(changes), tuple(notes))


def _read(path: Path, *, only_read: bool = False) -> str:
    """``path``'s text; a file align may write is refused when it is a link (a file it only reads,
    the source or a copy compared with it, is read where it leads, as the agents read it)."""
    if path.is_symlink() and not only_read:
        raise InvalidInput(f"{path.name} is a symbolic link; align writes no file through a link")
    try:
        return read_regular_bytes(path, MAX_BYTES, follow_symlinks=only_read).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"{path.name} cannot be read as UTF-8 text ({getattr(exc, 'strerror', None) or exc})") \
            from None


def _read_or_none(path: Path) -> str | None:
    return _read(path) if path.exists() or path.is_symlink() else None


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


def _imports_source(text: str) -> bool:
    return any(os.path.normpath(token) == SOURCE for _line, token in import_tokens(text))


def _claude_md(path: Path, source_text: str, is_source: bool, notes: list[str]) -> FileChange | None:
    before = _read_or_none(path)
    if is_source:
        return FileChange(path, "CLAUDE.md", before, "@AGENTS.md\n", Reason("align_claude_source"))
    if before is None:
        return FileChange(path, "CLAUDE.md", None, "@AGENTS.md\n", Reason("align_claude_imports"))
    if _imports_source(before):
        notes.append(Reason("align_claude_imports_already"))
        return None
    shared = _lines(source_text)
    kept: list[str] = []
    removed = 0
    for line in before.splitlines():
        if line.strip() and line.strip() in shared and not line.lstrip().startswith("#"):
            removed += 1
            continue
        if not line.strip() and kept and not kept[-1].strip():
            continue   # (a removed line leaves no run of blank lines)
        kept.append(line)
    own = "\n".join(kept).strip("\n")
    after = "@AGENTS.md\n" + (f"\n{own}\n" if own else "")
    own_lines = [line for line in _lines(own) if not line.startswith("#")]   # (a heading names, it rules nothing)
    if own_lines and removed:
        notes.append(Reason("align_claude_differs", lines=counted(len(own_lines), 'line'), count=len(own_lines)))
    why = Reason("align_claude_imports") if not removed else \
        Reason("align_claude_imports_taken_out", lines=counted(removed, 'line'), count=removed)
    return FileChange(path, "CLAUDE.md", before, after, why)


def _gemini_settings(workspace: Path, source_text: str, source: Path | None, notes: list[str]) -> FileChange | None:
    path = workspace / GEMINI.project_settings
    before = _read_or_none(path)
    section, key = GEMINI.file_name_key
    data: Any = {}
    if before is not None:
        try:
            data = json.loads(_without_comments(before))
        except ValueError:
            notes.append(Reason("align_gemini_not_json", file=GEMINI.project_settings,
                                member=f'"{section}": {{"{key}": ["AGENTS.md"]}}'))
            return None
        if not isinstance(data, dict):
            notes.append(Reason("align_gemini_not_object", file=GEMINI.project_settings))
            return None
    context = data.get(section) if isinstance(data.get(section), dict) else None
    value = context.get(key) if context is not None else None
    names = [value] if isinstance(value, str) else [n for n in value if isinstance(n, str)] \
        if isinstance(value, list) else list(GEMINI.default_names)
    if SOURCE in names:
        notes.append(Reason("align_gemini_reads_already"))
        return None
    gemini_md = workspace / "GEMINI.md"
    copy = gemini_md.is_file() and (source == gemini_md
                                    or _lines(_read(gemini_md, only_read=True)) <= _lines(source_text))
    new = [SOURCE, *(n for n in names if not (copy and n == "GEMINI.md"))]
    if copy:
        notes.append(Reason("align_gemini_md_unnamed"))
    after: str | None = json.dumps({section: {key: new}}, indent=2) + "\n"
    if before is not None:
        after = _set_member(before, (section, key), new)
    if after is None:
        notes.append(Reason("align_gemini_not_edited", file=GEMINI.project_settings,
                            member=f'"{section}": {{"{key}": {json.dumps(new)}}}'))
        return None
    return FileChange(path, GEMINI.project_settings, before, after,
                      Reason("align_gemini_names", key=f"{section}.{key}"))


# minimal JSON edits: every other byte stays -----------------------------------------------------------

def _members(clean: str, start: int) -> tuple[list[tuple[str, int, int, int]], int] | None:
    """The members of the object opening at ``clean[start]``: (key, key start, value start, value
    end), and the index of its closing brace."""
    members: list[tuple[str, int, int, int]] = []
    i, n = start + 1, len(clean)
    while i < n:
        while i < n and clean[i] in " \t\r\n,":
            i += 1
        if i < n and clean[i] == "}":
            return members, i
        match = re.compile(r'"(?:\\.|[^"\\])*"').match(clean, i)
        if match is None:
            return None
        key, key_start = json.loads(match.group(0)), i
        i = match.end()
        while i < n and clean[i] in " \t\r\n":
            i += 1
        if i >= n or clean[i] != ":":
            return None
        i += 1
        while i < n and clean[i] in " \t\r\n":
            i += 1
        value_start, depth = i, 0
        while i < n:
            char = clean[i]
            if char == '"':
                string = re.compile(r'"(?:\\.|[^"\\])*"').match(clean, i)
                if string is None:
                    return None
                i = string.end()
                continue
            if char in "{[":
                depth += 1
            elif char in "}]":
                if depth == 0:
                    break
                depth -= 1
            elif char == "," and depth == 0:
                break
            i += 1
        end = i
        while end > value_start and clean[end - 1] in " \t\r\n":
            end -= 1
        members.append((key, key_start, value_start, end))
    return None


def _set_member(text: str, path: tuple[str, str], value: Any) -> str | None:
    """``text`` with ``path[0].path[1]`` set to ``value``, every other byte as it was; None when the
    text is not the object it should be."""
    clean = _without_comments(text)
    first = clean.find("{")
    if first < 0 or clean[:first].strip():
        return None
    top = _members(clean, first)
    if top is None:
        return None
    members, close = top
    encoded = json.dumps(value)
    section = next((m for m in members if m[0] == path[0]), None)
    if section is None:
        indent = _indent_of(text, members[0][1]) if members else "  "
        inner = indent * 2 if indent.strip(" \t") == "" else indent
        member = f'"{path[0]}": {{\n{inner}"{path[1]}": {encoded}\n{indent}}}'
        if members:
            return text[:members[0][1]] + member + ",\n" + indent + text[members[0][1]:]
        return text[:first + 1] + f"\n{indent}{member}\n" + text[close:]
    _key, _key_start, value_start, value_end = section
    if clean[value_start] != "{":
        return None
    inner_members = _members(clean, value_start)
    if inner_members is None:
        return None
    found, inner_close = inner_members
    target = next((m for m in found if m[0] == path[1]), None)
    if target is not None:
        return text[:target[2]] + encoded + text[target[3]:]
    if found:
        indent = _indent_of(text, found[0][1])
        return text[:found[0][1]] + f'"{path[1]}": {encoded},\n{indent}' + text[found[0][1]:]
    outer = _indent_of(text, section[1])
    return text[:value_start + 1] + f'\n{outer}  "{path[1]}": {encoded}\n{outer}' + text[inner_close:]


def _indent_of(text: str, offset: int) -> str:
    line_start = text.rfind("\n", 0, offset) + 1
    prefix = text[line_start:offset]
    return prefix if not prefix.strip() else "  "


# applying and undoing --------------------------------------------------------------------------------

def _digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


class LinkedBackups(RefusedError):
    code = "UNSAFE_TARGET"


def _refuse_links(backups: Path, within: Path | None) -> None:
    """Refuse a folder on the way from ``within`` (the state root) to ``backups`` that is a link:
    the copies of a user's files would be written wherever it points."""
    if within is None:
        return
    try:
        parts = backups.relative_to(within).parts
    except ValueError:
        return
    place = within
    for part in parts:
        place = place / part
        if place.is_symlink():
            raise LinkedBackups(f"{place} is a link (to {os.readlink(place)}); nothing was written: the backups "
                                "are never written through a link")


def apply(aligned: AlignPlan, backups: Path, within: Path | None = None) -> Path:
    """Write ``aligned``'s changes, each file backed up first under ``backups`` (one folder per align,
    with a record of what was written); returns that folder. Refused, nothing written, when a file is
    no longer what the plan was made from, or when a folder from ``within`` (the state root) to the
    backups is a link."""
    _refuse_links(backups, within)
    for change in aligned.changes:
        if _read_or_none(change.path) != change.before:
            raise ChangedSince(f"{change.label} changed since the change was shown; nothing was written: look at "
                               "the change again")
    stamp = clock.now().strftime("%Y%m%d-%H%M%S-%f")
    folder = backups / stamp
    folder.mkdir(parents=True, mode=0o700)
    files = []
    for index, change in enumerate(aligned.changes):
        saved = None
        if change.before is not None:
            saved = f"{index}.before"
            create_exclusive(folder / saved, change.before)
        files.append({"path": str(change.path), "label": change.label, "before": saved,
                      "after_sha256": _digest(change.after.encode("utf-8"))})
    made = [str(p) for change in aligned.changes for p in _missing_folders(change.path.parent)]
    record = {"workspace": str(aligned.workspace), "at": stamp, "source": aligned.source, "files": files,
              "created_folders": list(dict.fromkeys(made))}
    create_exclusive(folder / "record.json", json.dumps(record, indent=2))
    for change in aligned.changes:
        change.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic_bytes(change.path, change.after.encode("utf-8"))
    return folder


def _missing_folders(folder: Path) -> list[Path]:
    """``folder`` and its parents that do not exist yet, deepest first (an undo takes them away)."""
    missing = []
    while not folder.exists() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    return missing


def latest(backups: Path) -> tuple[Path, dict[str, Any]] | None:
    """The newest align not undone yet, with its record."""
    if not backups.is_dir():
        return None
    for folder in sorted((p for p in backups.iterdir() if p.is_dir()), reverse=True):
        try:
            record = json.loads((folder / "record.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(record, dict) and not record.get("undone"):
            return folder, record
    return None


def undo(backups: Path, within: Path | None = None) -> list[str]:
    """Take the latest align of this workspace back exactly; returns the labels of the files
    restored. Refused, naming the file, when one changed since (and, as :func:`apply`, when the
    way to the backups passes a link)."""
    _refuse_links(backups, within)
    found = latest(backups)
    if found is None:
        raise NotFound("no align of this workspace to undo")
    folder, record = found
    files = record.get("files") or []
    for entry in files:
        path = Path(entry["path"])
        try:
            now = read_regular_bytes(path, MAX_BYTES, follow_symlinks=False) if path.exists() else None
        except (OSError, UnsafeFile):
            now = b"\0unreadable"
        if _digest(now) != entry["after_sha256"]:
            raise ChangedSince(f"{entry['label']} changed since the align; nothing was undone (its backup is in "
                               f"{folder})")
    for entry in files:
        path = Path(entry["path"])
        if entry["before"] is None:
            path.unlink()
        else:
            write_atomic_bytes(path, (folder / entry["before"]).read_bytes())
    for made in record.get("created_folders") or []:   # deepest first; one holding anything new stays
        try:
            Path(made).rmdir()
        except OSError:
            pass
    record["undone"] = clock.now().strftime("%Y%m%d-%H%M%S")
    (folder / "record.json").write_text(json.dumps(record, indent=2), encoding="utf-8")
    return [entry["label"] for entry in files]
