"""What Gemini CLI receives: its context files, concatenated and sent with every prompt.

Its rules, from its documentation (cited in :class:`.agent_rules.GeminiRules`):

- The names it reads are ``context.fileName`` of its settings (a name or a list; the project's
  ``.gemini/settings.json`` over the user's ``~/.gemini/settings.json``), ``GEMINI.md`` when unset.
- ``~/.gemini/<name>``: every project. Its ``## Gemini Added Memories`` section is where
  ``save_memory`` appends: memories, loaded as instructions.
- ``<name>`` in the folder it runs in and each folder above it up to the project's root (the
  folder holding ``.git``): every prompt.
- ``<name>`` below the folder it runs in: read when a tool touches a file there.
- ``@path`` imports (relative or absolute, not inside code), expanded in place, at most five deep,
  a cycle broken, a file outside the folders it may read refused.
"""
from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..storage.safe_read import read_regular_prefix
from ..text.counting import counted
from .agent_rules import GEMINI, GeminiRules
from .agent_view import AgentDocument, AgentHomes, AgentView, Labeller, Trigger, within
from .claude_code_view import import_tokens
from .reasons import Reason
from .resolver import InstructionDiagnostic
from .rule_files import chain, folders_below, git_root, read_document, without_comments

MAX_IMPORT_CHARS = 4096   # the longest path a file system takes
MAX_FILE_NAMES = 32       # context file names looked for in every folder


class GeminiView:
    def __init__(self, workspace: Path, homes: AgentHomes, rules: GeminiRules = GEMINI) -> None:
        self.workspace, self.homes, self.rules = workspace, homes, rules
        self.label = Labeller(workspace, homes.home)

    def resolve(self, target: Path) -> AgentView:
        rules = self.rules
        diagnostics: list[InstructionDiagnostic] = []
        self._documents: list[AgentDocument] = []
        self._seen: set[str] = set()
        home = self.homes.expand(rules.home_folder)
        root = git_root(target, self.workspace)
        names, named_by = self.file_names(root, diagnostics)
        for name in names:
            self._add(home / name, "user", "loaded", Reason("gemini_user"), [home], diagnostics)
        for folder in chain(root, target):
            scope = "project" if folder == root else "ancestor"
            for name in names:
                self._add(folder / name, scope, "loaded",
                          Reason("gemini_project" if folder == root else "gemini_ancestor"),
                          [root], diagnostics)
        for folder in folders_below(target, self.label, diagnostics):
            rel = folder.relative_to(target).as_posix()
            for name in names:
                self._add(folder / name, "subfolder", "on_demand",
                          Reason("gemini_subfolder", folder=self.label(folder)), [root], diagnostics,
                          trigger=Trigger("glob", (f"{rel}/**",)))
        documents = [replace(d, order=i) for i, d in enumerate(self._documents)]
        memories = self._memories(documents)
        limits = {"file_names": list(names), "file_names_from": named_by, "import_max_depth": rules.import_max_depth}
        warnings = (Reason("gemini_memories_warning", file=memories, heading=rules.memory_heading),) if memories \
            else ()
        folders = (home, root, root / ".gemini", *chain(root, target))
        return AgentView("gemini", self.workspace, target, tuple(documents), tuple(diagnostics), limits,
                         warnings, folders)

    def file_names(self, root: Path, diagnostics: list[InstructionDiagnostic]) -> tuple[tuple[str, ...], str]:
        """The context file names and the settings file that names them ("default" when none does)."""
        for path in (root / self.rules.project_settings, self.homes.expand(self.rules.user_settings)):
            value = self._setting(path, diagnostics)
            names = [value] if isinstance(value, str) else value if isinstance(value, list) else []
            kept = [n for n in names if isinstance(n, str) and n and not os.path.isabs(n)
                    and ".." not in Path(n).parts and "\0" not in n]
            if len(kept) < len(names) or len(kept) > MAX_FILE_NAMES:
                diagnostics.append(InstructionDiagnostic(
                    "agent_config_limit", self.label(path), path, 0,
                    Reason("gemini_file_names", file=self.label(path), names=counted(len(names), 'name'),
                           count=len(names), read=f"{min(len(kept), MAX_FILE_NAMES):,}", most=MAX_FILE_NAMES)))
            if kept:
                return tuple(dict.fromkeys(kept[:MAX_FILE_NAMES])), self.label(path)
        return self.rules.default_names, "default"

    def _setting(self, path: Path, diagnostics: list[InstructionDiagnostic]) -> Any:
        if not path.is_file():
            return None
        try:
            _, data = read_regular_prefix(path, 1024 * 1024)
            value = json.loads(without_comments(data.decode("utf-8")))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            why = Reason("nested_too_deeply") if isinstance(exc, RecursionError) else str(exc)
            diagnostics.append(InstructionDiagnostic("agent_config_unreadable", self.label(path), path, 0,
                                                     Reason("config_unreadable", file=self.label(path), why=why)))
            return None
        section, key = self.rules.file_name_key
        context = value.get(section) if isinstance(value, dict) else None
        return context.get(key) if isinstance(context, dict) else None

    def _add(self, path: Path, scope: str, status: str, reason: str, allowed: list[Path],
             diagnostics: list[InstructionDiagnostic], *, depth: int = 0, parent: str | None = None,
             trigger: Trigger | None = None) -> None:
        if not os.path.lexists(path) or path.is_dir():
            return
        real = os.path.realpath(path)
        if real in self._seen:   # reached twice (an import of a loaded file, a cycle): read once
            return
        self._seen.add(real)
        document = read_document(path, self.label(path), scope, status, reason, diagnostics, trigger=trigger,
                                 parent=parent)
        imports = self._imports(document, allowed, diagnostics, depth) if document.status == status else []
        self._documents.append(replace(document, imports=tuple(self.label(p) for _, _, p in imports)))
        for line, token, imported in imports:
            self._add(imported, "import", status, Reason("imported_by", file=document.label, line=line, token=token),
                      allowed, diagnostics, depth=depth + 1, parent=document.label, trigger=trigger)

    def _imports(self, document: AgentDocument, allowed: list[Path], diagnostics: list[InstructionDiagnostic],
                 depth: int) -> list[tuple[int, str, Path]]:
        found = []
        for line, token in import_tokens(document.text):
            if len(token) > MAX_IMPORT_CHARS:   # no file has such a name: Gemini CLI fails the import
                continue
            path = Path(os.path.normpath(token if os.path.isabs(token) else document.path.parent / token))
            where = f"{document.label}:{line}: @{token}"
            if not any(within(path, folder) for folder in (*allowed, document.path.parent)):
                diagnostics.append(InstructionDiagnostic(
                    "import_outside", document.label, document.path, line,
                    Reason("gemini_import_outside", where=where)))
                continue
            try:
                exists = path.is_file()
            except OSError:   # a name too long for the file system, say
                exists = False
            if not exists:
                if "." in Path(token).name:   # a file name: Gemini CLI tries it and leaves an error comment
                    diagnostics.append(InstructionDiagnostic(
                        "import_missing", document.label, document.path, line,
                        Reason("gemini_import_missing", where=where)))
                continue
            if depth + 1 > self.rules.import_max_depth:
                diagnostics.append(InstructionDiagnostic(
                    "import_depth_exceeded", document.label, document.path, line,
                    Reason("gemini_import_too_deep", where=where, hop=depth + 1, most=self.rules.import_max_depth)))
                continue
            found.append((line, token, path))
        return found

    def _memories(self, documents: list[AgentDocument]) -> str:
        """The label of the user's file holding saved memories, if one does."""
        return next((d.label for d in documents if d.scope == "user" and d.received
                     and self.rules.memory_heading in d.text), "")
