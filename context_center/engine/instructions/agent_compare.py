"""The agents side by side: which file reaches which agent, and where they differ.

Differences named: a file of the workspace that reaches some agents and not others (a CLAUDE.md
with no AGENTS.md), the same text received twice by one agent, and an ``@import`` line that one
agent expands while another shows it literally or rejects it.
"""
from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..text.counting import counted
from .agent_rules import AGENTS, CLAUDE_CODE, CODEX, COPILOT, CURSOR, DISPLAY_NAMES, GEMINI, WINDSURF
from .agent_view import SHORT_STATUS, AgentDocument, AgentHomes, AgentView, within
from .claude_code_view import ClaudeCodeView, import_path, import_tokens
from .codex_view import CodexView
from .copilot_view import CopilotView
from .cursor_view import CursorView
from .gemini_view import GeminiView
from .imports import _FENCE, IMPORT_WRAPPER, import_target
from .reasonix_view import reasonix_view
from .reasons import Reason, listed, then
from .resolver import InstructionSet
from .windsurf_view import WindsurfView

MIN_REPEATED_CHARS = 40   # shorter shared text (a heading, a one-word line) is not worth a warning
_NOT_READ = {
    "codex": Reason("not_read_codex", names=", ".join(dict.fromkeys((*CODEX.project_names, *CODEX.global_names)))),
    "claude-code": Reason("not_read_claude-code",
                          names=", ".join((*CLAUDE_CODE.folder_names, *CLAUDE_CODE.local_names))),
    "reasonix": Reason("not_read_reasonix"),
    "copilot": Reason("not_read_copilot", repository_file=COPILOT.repository_file,
                      folder=f"{COPILOT.instructions_folder}/*{COPILOT.instructions_suffix}",
                      root_files=listed([n for n in COPILOT.root_files if n != "AGENTS.md"])),
    "gemini": Reason("not_read_gemini", names=", ".join(GEMINI.default_names)),
    "cursor": Reason("not_read_cursor", folder=CURSOR.rules_folder, legacy=CURSOR.legacy_file),
    "windsurf": Reason("not_read_windsurf", folder=WINDSURF.rules_folder, legacy=WINDSURF.legacy_file),
}


_VIEWS: dict[str, Callable[[Path, AgentHomes], Any]] = {
    "claude-code": ClaudeCodeView, "codex": CodexView, "copilot": CopilotView, "gemini": GeminiView,
    "cursor": CursorView, "windsurf": WindsurfView}


def agent_view(agent: str, resolved: InstructionSet, homes: AgentHomes) -> AgentView:
    """What ``agent`` receives for the target ``resolved`` was made for."""
    if agent == "reasonix":
        return reasonix_view(resolved)
    if agent not in _VIEWS:
        raise ValueError(f"unknown agent {agent!r}; one of {', '.join(AGENTS)}")
    view: AgentView = _VIEWS[agent](resolved.workspace, homes).resolve(resolved.target)
    # a target outside the workspace was replaced by its root: every view says so
    moved = tuple(d for d in resolved.diagnostics if d.code == "target_outside_workspace")
    return dataclasses.replace(view, diagnostics=moved + view.diagnostics) if moved else view


@dataclass(frozen=True)
class AgentDifference:
    kind: str            # only_some | rule_reaches_some | received_twice | import_differs
    message: str
    paths: tuple[Path, ...]
    agents: tuple[str, ...]   # the agents concerned

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "paths": [str(p) for p in self.paths],
                "agents": list(self.agents)}


@dataclass(frozen=True)
class FileRow:
    """One file and what each agent does with it (None: the agent does not look at it)."""
    path: Path
    label: str
    per_agent: dict[str, AgentDocument | None]

    def cell(self, agent: str) -> str:
        """What ``agent`` does with the file, in a few words: ``loaded 87 B``, ``CUT 3,913 of 40,069 B``,
        ``DROPPED``, ``on demand``, ``skipped``, or ``—`` (not read). Sizes are the file's own, so the
        columns compare; Reasonix's ``+ imports`` says its body carries the files it imports too."""
        d = self.per_agent[agent]
        if d is None:
            return "—"
        if d.status == "truncated":
            return f"CUT {d.kept_bytes:,} of {d.bytes:,} B"
        if d.status == "loaded":
            return f"loaded {d.bytes:,} B" + (" + imports" if agent == "reasonix" and d.imports else "")
        return SHORT_STATUS[d.status]

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "label": self.label,
                "agents": {agent: None if d is None else {"status": d.status, "reason": d.reason, "bytes": d.bytes,
                                                          "received_bytes": d.received_bytes}
                           for agent, d in self.per_agent.items()}}


@dataclass(frozen=True)
class ReceivedBytes:
    """How an agent's total in the side by side follows from its rows, in bytes: ``files`` (what its
    rows show: the files' sizes, a cut file's kept part) + ``framing`` (Reasonix's
    ``<instruction-import>`` lines around each file it expands into its importer) + ``other`` (what
    else the agent changes; negative when it takes away: Reasonix trims blank edges and replaces each
    ``@import`` line by the file) = ``total``, what the agent receives."""
    files: int
    framing: int
    other: int
    total: int


@dataclass(frozen=True)
class AgentComparison:
    workspace: Path
    target: Path
    views: dict[str, AgentView]
    rows: tuple[FileRow, ...]
    differences: tuple[AgentDifference, ...]

    def to_json(self) -> dict[str, Any]:
        return {"workspace": str(self.workspace), "target": str(self.target),
                "agents": {name: {"total_bytes": v.total_bytes, "total_tokens": v.total_tokens,
                                  "warnings": list(v.warnings), "limits": v.limits}
                           for name, v in self.views.items()},
                "files": [row.to_json() for row in self.rows],
                "differences": [d.to_json() for d in self.differences]}

    @property
    def watch_folders(self) -> tuple[Path, ...]:
        return tuple(dict.fromkeys(f for view in self.views.values() for f in view.watch_folders))

    def received(self, agent: str) -> ReceivedBytes:
        """``agent``'s total against its rows (they add up unless the agent frames or trims)."""
        view = self.views[agent]
        files = sum(d.received_bytes for row in self.rows if (d := row.per_agent.get(agent)) is not None)
        framing = sum(len(m.group(0).encode("utf-8")) + 1 for d in view.documents if d.received
                      for m in IMPORT_WRAPPER.finditer(d.body))
        return ReceivedBytes(files, framing, view.total_bytes - files - framing, view.total_bytes)


def compare(resolved: InstructionSet, homes: AgentHomes, agents: Sequence[str] = AGENTS) -> AgentComparison:
    """``agents`` (every one by default, in :data:`AGENTS` order) side by side."""
    chosen = [agent for agent in AGENTS if agent in agents]
    views = {agent: agent_view(agent, resolved, homes) for agent in chosen}
    per_file = _files(views, resolved)
    rows = tuple(FileRow(path, label, {a: docs.get(a) for a in chosen}) for path, (label, docs) in per_file.items())
    differences = [*_only_some(rows, resolved.workspace), *_rules_reaching_some(views), *_received_twice(views),
                   *_imports_differ(views, resolved, homes)]
    return AgentComparison(resolved.workspace, resolved.target, views, rows, tuple(differences))


def _files(views: dict[str, AgentView], resolved: InstructionSet) -> dict[Path, tuple[str, dict[str, AgentDocument]]]:
    files: dict[Path, tuple[str, dict[str, AgentDocument]]] = {}
    for agent, view in views.items():
        for document in view.documents:
            label, docs = files.setdefault(Path(os.path.realpath(document.path)), (document.label, {}))
            if agent == "reasonix":   # its body is the expanded, trimmed text: the row shows the file's size
                document = dataclasses.replace(document, bytes=_size(document.path))
            docs.setdefault(agent, document)
    # Reasonix expands imports into the importing body and keeps an identical document once:
    # both files do reach it, so they are rows of their own
    for importer in resolved.documents if "reasonix" in views else ():
        for imported in importer.imported:
            label, docs = files.setdefault(Path(os.path.realpath(imported)), (resolved_label(imported, resolved), {}))
            docs.setdefault("reasonix", AgentDocument(label, "import", importer.order, imported, _size(imported),
                                                      "loaded", Reason("reasonix_imported", file=importer.label), ""))
    for diagnostic in resolved.diagnostics if "reasonix" in views else ():
        if diagnostic.code == "duplicate_document":
            label, docs = files.setdefault(Path(os.path.realpath(diagnostic.source)), (diagnostic.label, {}))
            docs.setdefault("reasonix", AgentDocument(label, "duplicate", 0, diagnostic.source, 0, "skipped",
                                                      diagnostic.message, ""))
    return files


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def resolved_label(path: Path, resolved: InstructionSet) -> str:
    return "workspace/" + path.relative_to(resolved.workspace).as_posix() if within(path, resolved.workspace) \
        else path.as_posix()


def _fate(agent: str, document: AgentDocument | None) -> str:
    if document is None:
        return Reason("fate_not_read", agent=DISPLAY_NAMES[agent], why=_NOT_READ[agent])
    return Reason("fate", agent=DISPLAY_NAMES[agent], status=document.status.replace('_', ' '),
                  reason=document.reason)


def _only_some(rows: tuple[FileRow, ...], workspace: Path) -> list[AgentDifference]:
    found = []
    for row in rows:
        if not within(row.path, Path(os.path.realpath(workspace))) and not within(row.path, workspace):
            continue
        receiving = [a for a, d in row.per_agent.items() if d is not None and d.received]
        missing = [a for a, d in row.per_agent.items() if d is None or not d.received]
        if receiving and missing:
            who = listed([DISPLAY_NAMES[a] for a in receiving])
            found.append(AgentDifference(
                "only_some", Reason("only_some", file=row.label, agents=who,
                                    fates=then([_fate(a, row.per_agent[a]) for a in missing])),
                (row.path,), tuple(missing)))
    return found


_RULE_LINE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.+)$")
MIN_RULE_CHARS = 12      # shorter list items ("- yes") are not rules worth naming
RULES_NAMED_PER_FILE = 10


def _rules_reaching_some(views: dict[str, AgentView]) -> list[AgentDifference]:
    """Each rule (a list item) that some of the agents compared receive, from whichever file, and
    others from none: "workspace/CLAUDE.md rule 'never push to main' reaches Claude Code only". A
    rule also written in a file every agent reads is not named. At most ten per file, then a count."""
    if len(views) < 2:
        return []
    rules: dict[str, tuple[str, str, Path, set[str]]] = {}   # key → (text, the file's label and path, agents)
    for agent, view in views.items():
        for document in view.documents:
            if not document.received:
                continue
            for label, path, text in document.parts():   # a rule an import brings is its file's
                for line in text.split("\n"):
                    match = _RULE_LINE.match(line)
                    if match is None:
                        continue
                    key = " ".join(match.group(1).lower().split())
                    if len(key) >= MIN_RULE_CHARS:
                        rules.setdefault(key, (match.group(1).strip(), label, path, set()))[3].add(agent)
    found: list[AgentDifference] = []
    per_file: dict[str, int] = {}
    paths: dict[str, Path] = {}
    for text, label, path, agents in rules.values():
        if len(agents) == len(views):
            continue
        count = per_file[label] = per_file.get(label, 0) + 1
        paths[label] = path
        if count > RULES_NAMED_PER_FILE:
            continue
        shown = text if len(text) <= 80 else text[:79] + "…"
        reaching = listed([DISPLAY_NAMES[a] for a in views if a in agents])
        found.append(AgentDifference("rule_reaches_some",
                                     Reason("rule_reaches_some", file=label, rule=shown, agents=reaching),
                                     (path,), tuple(a for a in views if a not in agents)))
    for label, count in per_file.items():
        if count > RULES_NAMED_PER_FILE:
            more = counted(count - RULES_NAMED_PER_FILE, "more rule")
            found.append(AgentDifference("rule_reaches_some",
                                         Reason("rules_more", more=more, count=count - RULES_NAMED_PER_FILE,
                                                file=label), (paths[label],), ()))
    return found


def _normalized(text: str) -> str:
    return " ".join(IMPORT_WRAPPER.sub("", text).split())


def _received_twice(views: dict[str, AgentView]) -> list[AgentDifference]:
    found = []
    for agent, view in views.items():
        received = [(d, _normalized(d.body)) for d in view.documents if d.received]
        for i, (first, first_text) in enumerate(received):
            for second, second_text in received[i + 1:]:
                if len(first_text) < MIN_REPEATED_CHARS or len(second_text) < MIN_REPEATED_CHARS:
                    continue
                if first_text == second_text:
                    what = Reason("same_text", first=first.label, second=second.label)
                elif first_text in second_text:
                    what = Reason("text_inside", first=first.label, second=second.label)
                elif second_text in first_text:
                    what = Reason("text_inside", first=second.label, second=first.label)
                else:
                    continue
                found.append(AgentDifference("received_twice",
                                             Reason("received_twice", agent=DISPLAY_NAMES[agent], what=what),
                                             (first.path, second.path), (agent,)))
    return found


def _import_lines(text: str) -> tuple[dict[int, str], set[int]]:
    """``line → path`` for every line either Reasonix's or Claude Code's syntax reads as an import,
    and the lines Reasonix's syntax reads as one."""
    lines: dict[int, str] = {}
    fenced = False
    for number, line in enumerate(text.split("\n"), start=1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        target = None if fenced else import_target(line)
        if target is not None:
            lines[number] = target
    reasonix = set(lines)
    for number, token in import_tokens(text):
        lines.setdefault(number, token)
    return lines, reasonix


def _imports_differ(views: dict[str, AgentView], resolved: InstructionSet,
                    homes: AgentHomes) -> list[AgentDifference]:
    found = []
    rejected = {(Path(os.path.realpath(d.source)), d.line): d.code for d in resolved.diagnostics
                if d.code.startswith("import_")}
    texts: dict[Path, tuple[AgentDocument, dict[str, AgentDocument]]] = {}
    for agent, view in views.items():
        for document in view.documents:
            if not document.text or not (document.received or document.status == "on_demand"):
                continue   # (Reasonix's rows for imported and duplicate files carry no text of their own)
            real = Path(os.path.realpath(document.path))
            texts.setdefault(real, (document, {}))[1][agent] = document
    for real, (document, by_agent) in texts.items():
        text = next((d.text for d in by_agent.values() if d.text), "")
        lines, reasonix_lines = _import_lines(text.replace("\r\n", "\n"))
        for number, token in sorted(lines.items()):
            treatment = {agent: _treatment(agent, d, token, number in reasonix_lines, rejected.get((real, number)),
                                           homes) for agent, d in by_agent.items()}
            if len(by_agent) > 1 and len(set(treatment.values())) > 1:
                found.append(AgentDifference(
                    "import_differs", Reason("import_differs", where=f"{document.label}:{number}", token=token,
                                             treatments=then([Reason("treatment", agent=DISPLAY_NAMES[a], treatment=t)
                                                              for a, t in treatment.items()])),
                    (real,), tuple(by_agent)))
    return found


def _treatment(agent: str, document: AgentDocument, token: str, reasonix_import: bool, rejected: str | None,
               homes: AgentHomes) -> str:
    if agent in ("codex", "copilot", "cursor", "windsurf"):
        return Reason("shows_literally")
    if agent == "gemini":
        path = Path(os.path.normpath(token if os.path.isabs(token) else document.path.parent / token))
        if path.is_file():
            return Reason("expands")
        return Reason("error_comment") if "." in path.name else Reason("shows_literally")
    if agent == "reasonix":
        return Reason("rejects", problem=rejected) if rejected else Reason("expands") if reasonix_import \
            else Reason("shows_literally")
    if import_path(document.path.parent, token, homes) is not None:
        return Reason("expands")
    return Reason("shows_literally_missing")
