"""What Codex CLI receives: ``$CODEX_HOME``'s global file, then one file per folder from the project
root down to cwd, cut to ``project_doc_max_bytes`` root-first, and (when on) its memory summary.

Codex drops the deepest, most specific files first and says so only in a log line; this report
names the file that is cut, the line the cut falls in, and every file dropped after it.
"""
from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..storage.safe_read import UnsafeFile, read_regular_prefix
from .agent_rules import CODEX, CodexRules
from .agent_view import AgentDocument, AgentHomes, AgentView, Labeller, Meter, decode, line_of_byte
from .reasons import Reason, then, why_not_read
from .resolver import InstructionDiagnostic


class CodexView:
    def __init__(self, workspace: Path, homes: AgentHomes, rules: CodexRules = CODEX) -> None:
        self.workspace, self.homes, self.rules = workspace, homes, rules
        self.label = Labeller(workspace, homes.home)

    def resolve(self, target: Path) -> AgentView:
        rules, home = self.rules, self.homes.codex_home
        diagnostics: list[InstructionDiagnostic] = []
        config, config_source = self._config(diagnostics)
        budget = self._int_setting(config, rules.budget_key, rules.budget_default, diagnostics)
        fallbacks = self._names_setting(config, rules.fallback_names_key, (), diagnostics)
        markers = self._names_setting(config, rules.root_markers_key, rules.root_markers_default, diagnostics)
        documents: list[AgentDocument] = []

        # global: the first non-empty of the names in $CODEX_HOME; the budget does not apply
        chosen = None
        for name in rules.global_names:
            path = home / name
            if not path.exists():
                continue
            if chosen is not None:
                documents.append(self._document(path, "global", "skipped",
                                                Reason("codex_read_instead", file=self.label(chosen),
                                                       names=", ".join(rules.global_names)), diagnostics))
                continue
            document = self._document(path, "global", "loaded", Reason("codex_global"),
                                      diagnostics)
            if document.status == "loaded" and not document.body.strip():
                document = replace(document, status="skipped", body="",
                                    reason=Reason("codex_empty_next"))
            elif document.status == "loaded":
                chosen = path
            documents.append(document)

        # the project chain: root marker → cwd, one file per folder, one byte budget root-first
        root = self._project_root(target, markers)
        chain = [target] if root is None else [root, *_between(root, target)]
        remaining = budget
        for depth, folder in enumerate(chain):
            names = (*rules.project_names, *fallbacks)
            present = [folder / name for name in dict.fromkeys(names) if (folder / name).is_file()]
            if not present:
                continue
            scope = "project" if depth == 0 else "ancestor" if folder != target else "cwd"
            first, others = present[0], present[1:]
            document = self._project_document(first, scope, budget, remaining, diagnostics)
            if budget > 0 and document.status in ("loaded", "truncated", "dropped"):
                document = replace(document, meters=(Meter("bytes", document.bytes, budget, budget - remaining),))
            documents.append(document)
            remaining -= document.received_bytes
            for other in others:
                documents.append(self._document(other, scope, "skipped",
                                                Reason("codex_one_per_folder", first=self.label(first),
                                                       names=' › '.join(dict.fromkeys(names))), diagnostics))

        documents += self._memories(config, diagnostics)
        documents = [replace(d, order=i) for i, d in enumerate(documents)]
        warnings = []
        cut = [d for d in documents if d.scope != "memory" and d.status in ("truncated", "dropped")]
        if cut:
            warnings.append(Reason("codex_over_budget", budget=f"{budget:,}", fates=then([_fate(d) for d in cut])))
        limits = {rules.budget_key: budget, "source": config_source, rules.fallback_names_key: list(fallbacks),
                  rules.root_markers_key: list(markers), "project_root": str(root) if root else None,
                  "memories": self._memories_on(config)}
        return AgentView("codex", self.workspace, target, tuple(documents), tuple(diagnostics), limits,
                         tuple(warnings), (home, home / rules.memories_folder, *chain))

    # the parts --------------------------------------------------------------------------

    def _project_document(self, path: Path, scope: str, budget: int, remaining: int,
                          diagnostics: list[InstructionDiagnostic]) -> AgentDocument:
        why = Reason(f"codex_{scope}")   # project, ancestor or cwd
        if budget == 0:
            return self._document(path, scope, "skipped", Reason("codex_budget_off", key=self.rules.budget_key),
                                  diagnostics)
        if remaining <= 0:
            return self._document(path, scope, "dropped", Reason("codex_dropped", budget=f"{budget:,}"), diagnostics)
        size, data = self._read(path, self.rules.report_read_cap, diagnostics)
        if size is None:
            return self._document(path, scope, "skipped", Reason("cannot_be_read"), diagnostics, size=0)
        if not decode(data).strip():
            return self._document(path, scope, "skipped", Reason("codex_empty"), diagnostics)
        if size <= remaining:
            return self._made(path, scope, "loaded", why, size, data)
        line = line_of_byte(data, remaining)
        return self._made(path, scope, "truncated",
                          Reason("codex_cut", why=why, kept=f"{remaining:,}", size=f"{size:,}", line=line,
                                 budget=f"{budget:,}"), size, data,
                          kept_bytes=remaining, cut_line=line)

    def _memories(self, config: dict[str, Any], diagnostics: list[InstructionDiagnostic]) -> list[AgentDocument]:
        rules = self.rules
        folder = self.homes.codex_home / rules.memories_folder
        if not folder.is_dir():
            return []
        on = self._memories_on(config)
        documents = []
        summary = folder / rules.memory_summary
        files = sorted(p for p in folder.glob("*.md") if p.is_file())
        if summary in files:
            if not on:
                documents.append(self._document(summary, "memory", "skipped",
                                                Reason("codex_memories_off_how"), diagnostics))
            else:
                cap = rules.memory_summary_tokens * rules.bytes_per_token
                size, data = self._read(summary, self.rules.report_read_cap, diagnostics)
                meter = (Meter("bytes", size or 0, cap),)
                if size is not None and size > cap:
                    line = line_of_byte(data, cap)
                    documents.append(replace(self._made(summary, "memory", "truncated",
                                                        Reason("codex_memory_summary_cut",
                                                               tokens=f"{rules.memory_summary_tokens:,}"), size, data,
                                                        kept_bytes=cap, cut_line=line), meters=meter))
                elif size is not None:
                    documents.append(replace(self._made(summary, "memory", "loaded",
                                                        Reason("codex_memory_summary"), size, data),
                                             meters=meter))
        for path in files:
            if path != summary:
                documents.append(self._document(path, "memory", "on_demand" if on else "skipped",
                                                Reason("codex_memory_on_demand" if on else "codex_memories_off"),
                                                diagnostics))
        return documents

    def _memories_on(self, config: dict[str, Any]) -> bool:
        table, key = self.rules.memories_feature
        section = config.get(table)
        return isinstance(section, dict) and section.get(key) is True

    def _project_root(self, target: Path, markers: tuple[str, ...]) -> Path | None:
        if not markers:
            return None
        for folder in (target, *target.parents):
            if any((folder / marker).exists() for marker in markers):
                return folder
        return None

    def _config(self, diagnostics: list[InstructionDiagnostic]) -> tuple[dict[str, Any], str]:
        path = self.homes.codex_home / self.rules.config_file
        if not path.exists():
            return {}, "default"
        try:
            size, data = read_regular_prefix(path, 1024 * 1024)
            return tomllib.loads(data.decode("utf-8")), self.label(path)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            diagnostics.append(InstructionDiagnostic(
                "agent_config_unreadable", self.label(path), path, 0,
                Reason("codex_config_unreadable", file=self.label(path),
                       why=why_not_read(exc) if isinstance(exc, UnsafeFile) else exc)))
            return {}, "default"

    def _int_setting(self, config: dict[str, Any], key: str, default: int,
                     diagnostics: list[InstructionDiagnostic]) -> int:
        value = config.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            diagnostics.append(InstructionDiagnostic(
                "agent_config_value", key, self.homes.codex_home / self.rules.config_file, 0,
                Reason("config_not_byte_count", key=key, value=repr(value), default=f"{default:,}")))
            return default
        return value

    def _names_setting(self, config: dict[str, Any], key: str, default: tuple[str, ...],
                       diagnostics: list[InstructionDiagnostic]) -> tuple[str, ...]:
        value = config.get(key, list(default))
        if not isinstance(value, list) or not all(isinstance(v, str) and v and "/" not in v for v in value):
            diagnostics.append(InstructionDiagnostic(
                "agent_config_value", key, self.homes.codex_home / self.rules.config_file, 0,
                Reason("config_not_file_names", key=key, value=repr(value))))
            return default
        return tuple(value)

    def _read(self, path: Path, cap: int, diagnostics: list[InstructionDiagnostic]) -> tuple[int | None, bytes]:
        try:
            return read_regular_prefix(path, min(cap, self.rules.report_read_cap))
        except (UnsafeFile, OSError) as exc:
            diagnostics.append(InstructionDiagnostic("document_unreadable", self.label(path), path, 0,
                                                     Reason("file_unreadable", file=self.label(path),
                                                            why=why_not_read(exc))))
            return None, b""

    def _document(self, path: Path, scope: str, status: str, reason: str,
                  diagnostics: list[InstructionDiagnostic], size: int | None = None) -> AgentDocument:
        read_size, data = self._read(path, self.rules.report_read_cap, diagnostics)
        if read_size is None:
            return AgentDocument(self.label(path), scope, 0, path, size or 0, "skipped", Reason("cannot_be_read"), "")
        return self._made(path, scope, status, reason, read_size, data)

    def _made(self, path: Path, scope: str, status: str, reason: str, size: int, data: bytes, *,
              kept_bytes: int | None = None, cut_line: int | None = None) -> AgentDocument:
        text = decode(data)
        body = decode(data[:kept_bytes]) if status == "truncated" and kept_bytes is not None else \
            text if status in ("loaded", "on_demand") else ""
        return AgentDocument(self.label(path), scope, 0, path, size, status, reason, body.strip("\n"), text,
                             kept_bytes, cut_line)


def _between(root: Path, target: Path) -> list[Path]:
    """The folders below ``root`` down to ``target``, root-first."""
    if target == root:
        return []
    parts = target.relative_to(root).parts
    return [root.joinpath(*parts[:i + 1]) for i in range(len(parts))]


def _fate(document: AgentDocument) -> str:
    if document.status == "truncated":
        return Reason("codex_file_cut", file=document.label, line=document.cut_line, kept=f"{document.kept_bytes:,}",
                      size=f"{document.bytes:,}")
    return Reason("codex_file_dropped", file=document.label)

