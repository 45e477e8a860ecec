"""What Claude Code receives: managed policy, the user's files and rules, CLAUDE.md / .claude/CLAUDE.md /
CLAUDE.local.md and ``.claude/rules`` in every folder from ``/`` down to cwd, ``@imports`` (relative,
absolute and ``~/``, not inside code), and the first 200 lines / 25 KB of its auto memory index.

Rules with ``paths:`` front matter, CLAUDE.md files below cwd and auto memory topic files are read
only on demand; ``claudeMdExcludes`` skips files. This is the agent's own rule set, reported as
it is: none of Context Center's confinement applies here, but every file is read only if it is a
regular file, and at most the agent's size limit of it.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import yaml

from ..memory.fact_file import load_yaml
from ..storage.safe_read import UnsafeFile, read_regular_prefix
from .agent_rules import CLAUDE_CODE, ClaudeCodeRules
from .agent_view import AgentDocument, AgentHomes, AgentView, Labeller, Meter, Trigger, decode, line_of_byte
from .reasons import Reason, why_not_read
from .resolver import InstructionDiagnostic
from .rule_files import files_in, folders_below

_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"`+[^`]*`+")
_IMPORT = re.compile(r"(?:^|(?<=\s))@((?:[^\s\\]|\\ )+)")
_TRAILING = ".,;:!?)]}\"'"


def folder_name(path: Path, rules: ClaudeCodeRules = CLAUDE_CODE) -> str:
    """Claude Code's project folder name: every character that is not a letter or digit becomes ``-``
    (lossy: never decode a folder name back into a path)."""
    return re.sub(r"[^A-Za-z0-9]", "-", str(path))


def import_tokens(text: str) -> list[tuple[int, str]]:
    """``(line, path)`` of every ``@path`` mention outside fenced blocks and code spans."""
    found, fenced = [], False
    for number, line in enumerate(text.split("\n"), start=1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        for match in _IMPORT.finditer(_CODE_SPAN.sub(" ", line)):
            token = match.group(1).replace("\\ ", " ")
            if token and not token.startswith("@") and re.match(r"^(~/|/|\.|[A-Za-z0-9_-])", token):
                found.append((number, token))
    return found


def import_path(base: Path, token: str, homes: AgentHomes) -> Path | None:
    """The file ``@token`` names from a file in ``base``, or None when there is none (Claude Code then
    leaves the text as it is): relative to the importing file, absolute, or ``~/``."""
    for candidate in dict.fromkeys((token, token.rstrip(_TRAILING))):
        if not candidate:
            continue
        if len(candidate) > 4096:   # no file has such a name
            continue
        path = homes.expand(candidate) if candidate.startswith("~/") else Path(candidate)
        path = Path(os.path.normpath(path if path.is_absolute() else base / path))
        try:
            if path.is_file():
                return path
        except OSError:   # a name too long for the file system, say
            continue
    return None


class ClaudeCodeView:
    def __init__(self, workspace: Path, homes: AgentHomes, rules: ClaudeCodeRules = CLAUDE_CODE) -> None:
        self.workspace, self.homes, self.rules = workspace, homes, rules
        self.label = Labeller(workspace, homes.home)

    def resolve(self, target: Path) -> AgentView:
        rules = self.rules
        diagnostics: list[InstructionDiagnostic] = []
        settings = self._settings(target, diagnostics)
        excludes = [pattern for s in settings for pattern in _string_list(s.get(rules.excludes_key))]
        self._excludes = [(_glob_regex(p), p) for p in excludes]
        self._seen: set[str] = set()
        documents: list[AgentDocument] = []
        user = self.homes.expand(rules.user_folder)

        if self.homes.claude_managed is not None and self.homes.claude_managed.exists():
            self._add(documents, self.homes.claude_managed, "managed", "loaded",
                      Reason("claude_managed"), diagnostics, excludable=False)
        self._add(documents, user / "CLAUDE.md", "user", "loaded", Reason("claude_user"),
                  diagnostics)
        self._rules(documents, user / "rules", "user-rule", diagnostics)
        chain = [*reversed(target.parents), target]
        for folder in chain:
            scope = "project" if folder == target else "ancestor"
            here = folder == target
            why = Reason("claude_cwd" if here else "claude_above")
            for name in rules.folder_names:
                self._add(documents, folder / name, scope, "loaded", why, diagnostics)
            for name in rules.local_names:
                self._add(documents, folder / name, "local", "loaded",
                          Reason("claude_local_cwd" if here else "claude_local_above"), diagnostics)
            self._rules(documents, folder / rules.rules_folder, "rule", diagnostics)
        self._subfolders(documents, target, diagnostics)
        memory_folder = self._auto_memory(documents, target, settings, diagnostics)

        documents = [replace(d, order=i) for i, d in enumerate(documents)]
        warnings: list[str] = []
        for d in documents:
            if d.status == "truncated":
                warnings.append(Reason("claude_memory_index_warning", file=d.label, lines=rules.memory_index_lines,
                                       bytes=f"{rules.memory_index_bytes:,}", line=d.cut_line))
            elif d.received and len(d.body) > rules.large_file_warning_chars:
                warnings.append(Reason("claude_large_file_warning", file=d.label, chars=f"{len(d.body):,}",
                                       limit=f"{rules.large_file_warning_chars:,}"))
            elif d.status == "skipped" and d.bytes > rules.file_max_bytes:
                warnings.append(Reason("claude_skips_large", file=d.label, mib=rules.file_max_bytes // (1024 * 1024)))
        limits = {"memory_index_lines": rules.memory_index_lines, "memory_index_bytes": rules.memory_index_bytes,
                  "file_max_bytes": rules.file_max_bytes, "import_max_depth": rules.import_max_depth,
                  "large_file_warning_chars": rules.large_file_warning_chars,
                  rules.excludes_key: excludes, "auto_memory": str(memory_folder) if memory_folder else None}
        folders = (*chain, user, user / "rules", *(f / ".claude" for f in chain),
                   *(f / rules.rules_folder for f in chain))
        if memory_folder is not None:
            folders += (memory_folder,)
        return AgentView("claude-code", self.workspace, target, tuple(documents), tuple(diagnostics), limits,
                         tuple(warnings), folders)

    # the parts ----------------------------------------------------------------------------

    def _add(self, documents: list[AgentDocument], path: Path, scope: str, status: str, reason: str,
             diagnostics: list[InstructionDiagnostic], *, excludable: bool = True, depth: int = 0,
             parent: str | None = None, classify: Callable[[str], tuple[str, str, Trigger | None]] | None = None,
             trigger: Trigger | None = None) -> None:
        """``path`` with what it imports right after it (when it is a file). ``classify``: the status
        and reason follow from the text (a rule's ``paths:``), read once."""
        if not os.path.lexists(path) or path.is_dir():
            return
        real = os.path.realpath(path)
        if real in self._seen:   # reached twice (a symlink, an import of a loaded file): read once
            return
        self._seen.add(real)
        if excludable and (pattern := self._excluded(path)):
            documents.append(self._document(path, scope, "skipped", Reason("claude_excluded", pattern=pattern),
                                            diagnostics,
                                            parent=parent))
            return
        document = self._document(path, scope, status, reason, diagnostics, parent=parent, trigger=trigger)
        if classify is not None and document.status == status:
            status, reason, trigger = classify(document.text)
            document = replace(document, status=status, reason=reason, trigger=trigger)
        if document.status == status and status in ("loaded", "on_demand") and not document.text.strip():
            document = replace(document, status="skipped", body="", reason=Reason("empty"))
        imports: list[tuple[int, str, Path]] = []
        if document.status in ("loaded", "on_demand"):
            imports = self._imports(document, diagnostics, depth)
        documents.append(replace(document, imports=tuple(self.label(p) for _, _, p in imports)))
        for line, token, imported in imports:
            self._add(documents, imported, "import", document.status,
                      Reason("imported_by", file=document.label, line=line, token=token), diagnostics, excludable=False,
                      depth=depth + 1, parent=document.label, trigger=document.trigger)

    def _imports(self, document: AgentDocument, diagnostics: list[InstructionDiagnostic],
                 depth: int) -> list[tuple[int, str, Path]]:
        found = []
        for line, token in import_tokens(document.text):
            path = import_path(document.path.parent, token, self.homes)
            if path is None:
                continue
            if depth + 1 > self.rules.import_max_depth:
                diagnostics.append(InstructionDiagnostic(
                    "import_depth_exceeded", document.label, document.path, line,
                    Reason("claude_import_too_deep", where=f"{document.label}:{line}", token=token, hop=depth + 1,
                           most=self.rules.import_max_depth)))
                continue
            found.append((line, token, path))
        return found

    def _rules(self, documents: list[AgentDocument], folder: Path, scope: str,
               diagnostics: list[InstructionDiagnostic]) -> None:
        # (not ``rglob``: a clone's thousand nested folders under .claude/rules/ overflowed its
        # recursion; a linked rules folder is followed, as Claude Code does, links below it are not)
        for path in files_in(folder, (".md",), self.label, diagnostics, follow_top=True):
            if path.is_file():
                self._add(documents, path, scope, "loaded", "", diagnostics, classify=self._rule_status)

    def _rule_status(self, text: str) -> tuple[str, str, Trigger | None]:
        paths = self._rule_paths(text)
        if paths:
            return ("on_demand", Reason("claude_rule_paths", paths=", ".join(paths)), Trigger("glob", tuple(paths)))
        return "loaded", Reason("claude_rule_launch"), None

    def _rule_paths(self, text: str) -> list[str]:
        if not text.startswith("---"):
            return []
        end = text.find("\n---", 3)
        if end < 0:
            return []
        try:
            meta = load_yaml(text[3:end], plain_strings=False)
        except yaml.YAMLError:
            return []
        value = meta.get(self.rules.rules_paths_key) if isinstance(meta, dict) else None
        return [value] if isinstance(value, str) and value else _string_list(value)

    def _subfolders(self, documents: list[AgentDocument], target: Path,
                    diagnostics: list[InstructionDiagnostic]) -> None:
        """CLAUDE.md files below cwd: read when Claude reads a file in their folder."""
        rules = self.rules
        for folder in folders_below(target, self.label, diagnostics):   # (nearest first; no recursion to overflow)
            for name in (*rules.folder_names, *rules.local_names):
                self._add(documents, folder / name, "subfolder", "on_demand",
                          Reason("claude_subfolder", folder=self.label(folder)), diagnostics,
                          trigger=Trigger("glob", (f"{folder.relative_to(target).as_posix()}/**",)))

    def _auto_memory(self, documents: list[AgentDocument], target: Path, settings: list[dict[str, Any]],
                     diagnostics: list[InstructionDiagnostic]) -> Path | None:
        rules = self.rules
        root = next((f for f in (target, *target.parents) if (f / rules.project_root_marker).exists()), target)
        projects = self.homes.expand(rules.projects_folder)
        name = folder_name(root, rules)
        folder = projects / name
        if len(name) > rules.folder_name_limit:   # cut and given a hash suffix we cannot recompute
            prefix = name[:rules.folder_name_limit]
            matches = sorted(p for p in projects.glob(glob_escape(prefix) + "*") if p.is_dir()) \
                if projects.is_dir() else []
            if len(matches) != 1:
                return None
            folder = matches[0]
        memory = folder / rules.memory_folder
        if not memory.is_dir():
            return memory
        off = self.homes.claude_auto_memory_off or any(
            s.get(rules.auto_memory_key) is False for s in settings)
        index = memory / rules.memory_index
        if index.is_file():
            if off:
                documents.append(self._document(index, "auto-memory", "skipped", Reason("claude_memory_off"),
                                                diagnostics))
            else:
                documents.append(self._memory_index(index, diagnostics))
        for path in sorted(memory.glob("*.md")):
            if path != index and path.is_file():
                documents.append(self._document(
                    path, "auto-memory", "skipped" if off else "on_demand",
                    Reason("claude_memory_off" if off else "claude_memory_topic"),
                    diagnostics, trigger=None if off else Trigger("description", (), "a topic file of auto memory")))
        return memory

    def _memory_index(self, path: Path, diagnostics: list[InstructionDiagnostic]) -> AgentDocument:
        rules = self.rules
        document = self._document(path, "auto-memory", "loaded",
                                  Reason("claude_memory_index", lines=rules.memory_index_lines,
                                         bytes=f"{rules.memory_index_bytes:,}"), diagnostics)
        if document.status != "loaded":
            return document
        data = document.text.encode("utf-8")
        lines = data.split(b"\n")
        document = replace(document, meters=(
            Meter("lines", data.rstrip(b"\n").count(b"\n") + 1 if data.strip() else 0, rules.memory_index_lines),
            Meter("bytes", document.bytes, rules.memory_index_bytes)))
        kept = b"\n".join(lines[:rules.memory_index_lines])
        if len(kept) > rules.memory_index_bytes:
            cut = kept.rfind(b"\n", 0, rules.memory_index_bytes)
            kept = kept[:cut if cut > 0 else rules.memory_index_bytes]
        if len(kept) >= len(data.rstrip(b"\n")):
            return document
        line = line_of_byte(data, len(kept) + 1)
        by_lines = len(lines) > rules.memory_index_lines and \
            len(b"\n".join(lines[:rules.memory_index_lines])) <= rules.memory_index_bytes
        why = Reason("claude_memory_index_cut_lines", lines=rules.memory_index_lines, line=line) if by_lines else \
            Reason("claude_memory_index_cut_bytes", bytes=f"{rules.memory_index_bytes:,}", line=line)
        return replace(document, status="truncated", body=decode(kept), kept_bytes=len(kept), cut_line=line,
                       reason=why)

    def _settings(self, target: Path, diagnostics: list[InstructionDiagnostic]) -> list[dict[str, Any]]:
        paths = [self.homes.expand(self.rules.user_settings)]
        for folder in dict.fromkeys((self.workspace, target)):
            paths += [folder / name for name in self.rules.settings_files]
        found = []
        for path in paths:
            if not path.is_file():
                continue
            try:
                _, data = read_regular_prefix(path, 1024 * 1024)
                value = json.loads(data.decode("utf-8"))
            except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:   # a cloned repository's
                why = Reason("nested_too_deeply") if isinstance(exc, RecursionError) else str(exc)
                diagnostics.append(InstructionDiagnostic("agent_config_unreadable", self.label(path), path, 0,
                                                         Reason("config_unreadable", file=self.label(path), why=why)))
                continue
            if isinstance(value, dict):
                found.append(value)
        return found

    def _excluded(self, path: Path) -> str | None:
        text = path.as_posix()
        return next((pattern for regex, pattern in self._excludes if regex.fullmatch(text)), None)

    def _document(self, path: Path, scope: str, status: str, reason: str,
                  diagnostics: list[InstructionDiagnostic], parent: str | None = None,
                  trigger: Trigger | None = None) -> AgentDocument:
        label = self.label(path)
        try:
            size, data = read_regular_prefix(path, self.rules.file_max_bytes + 1)
        except (UnsafeFile, OSError) as exc:
            diagnostics.append(InstructionDiagnostic("document_unreadable", label, path, 0,
                                                     Reason("file_unreadable", file=label, why=why_not_read(exc))))
            return AgentDocument(label, scope, 0, path, 0, "skipped", Reason("cannot_be_read"), "", parent=parent)
        if size > self.rules.file_max_bytes:
            return AgentDocument(label, scope, 0, path, size, "skipped",
                                 Reason("claude_over_limit", size=f"{size:,}",
                                        mib=self.rules.file_max_bytes // (1024 * 1024)), "", parent=parent)
        text = decode(data)
        body = text.strip("\n") if status in ("loaded", "on_demand") else ""
        return AgentDocument(label, scope, 0, path, size, status, reason, body, text, parent=parent,
                             trigger=trigger if status == "on_demand" else None)


def _string_list(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []


def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A ``claudeMdExcludes`` glob, matched against absolute paths: ``**`` crosses folders."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out))


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)

