"""What one agent receives: its documents, each with a status, and the totals against its limits.

Statuses: ``loaded`` (all of it, at launch), ``truncated`` (the first ``kept_bytes`` of it, cut at
``cut_line``), ``dropped`` (a budget was spent before it), ``on_demand`` (read only when the agent
touches a matching file or decides it needs it) and ``skipped`` (present but not read: empty,
excluded, too large, replaced by another name).
"""
from __future__ import annotations

import hashlib
import os
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..text.coded import code_of
from ..text.tokens import approximate_tokens
from .imports import provenance
from .resolver import InstructionDiagnostic

STATUSES = ("loaded", "truncated", "dropped", "on_demand", "skipped")
RECEIVED = ("loaded", "truncated")
SHORT_STATUS = {"loaded": "loaded", "truncated": "CUT", "dropped": "DROPPED", "on_demand": "on demand",
                "skipped": "skipped"}   # a status in a table cell


@dataclass(frozen=True)
class Trigger:
    """When an on-demand document is read: when a file matching ``globs`` is touched (``glob``),
    when the agent decides from ``description`` that it applies (``description``), or only when
    the user names it (``manual``)."""
    kind: str
    globs: tuple[str, ...] = ()
    description: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "globs": list(self.globs)}
        if self.description:
            out["description"] = self.description
        return out


@dataclass(frozen=True)
class Meter:
    """A document against a limit of its agent, in the limit's own unit (``bytes``, ``lines``,
    ``characters``): ``used`` is all of the document, received or not; ``before`` what the documents
    before it spent of a budget they share (Codex's project files), else 0."""
    unit: str
    used: int
    limit: int
    before: int = 0

    @property
    def over(self) -> bool:
        return self.before + self.used > self.limit

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "before": self.before, "used": self.used, "limit": self.limit}


@dataclass(frozen=True)
class AgentDocument:
    label: str
    scope: str
    order: int
    path: Path
    bytes: int            # the file's size
    status: str
    reason: str
    body: str             # what the agent receives (the kept part when truncated; "" when dropped or skipped)
    text: str = ""        # the file as read, for display (bounded by the report's read cap)
    kept_bytes: int | None = None
    cut_line: int | None = None    # the line the cut falls in (1-based) when truncated
    imports: tuple[str, ...] = ()  # labels of the files this one imports (agents that expand imports)
    parent: str | None = None      # the label of the importing file, for an imported one
    priority: int | None = None    # Reasonix's precedence number; the others load in order
    trigger: Trigger | None = None  # what makes an on-demand document read
    meters: tuple[Meter, ...] = ()  # against the agent's limits that apply to it (none: no limit cuts it)

    @property
    def received(self) -> bool:
        return self.status in RECEIVED

    @property
    def reason_code(self) -> tuple[str, dict[str, str]]:
        """The reason's code and the values its words name, for a face in another language (``("", {})``:
        the reason is only the English sentence)."""
        return code_of(self.reason)

    @property
    def received_bytes(self) -> int:
        if self.status == "truncated":
            return self.kept_bytes or 0
        return self.bytes if self.status == "loaded" else 0

    @property
    def chars(self) -> int:
        return len(self.body)

    def parts(self) -> list[tuple[str, Path, str]]:
        """What the agent receives of this document in runs, each with the label and path of the
        file it came from: an imported file's lines are that file's, not its importer's."""
        folder = posixpath.dirname(self.label)
        return [(self.label, self.path, text) if origin is None else
                (posixpath.normpath(posixpath.join(folder, origin)),
                 Path(os.path.normpath(self.path.parent / origin)), text)
                for origin, text in provenance(self.body)]

    @property
    def tokens(self) -> int:
        return approximate_tokens(self.body if self.received or self.status == "on_demand" else self.text)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "label": self.label, "scope": self.scope,
            "priority": self.order if self.priority is None else self.priority, "order": self.order,
            "body": self.body, "path": str(self.path), "bytes": self.bytes, "chars": self.chars,
            "tokens": self.tokens, "status": self.status, "reason": self.reason, "imports": list(self.imports)}
        if self.status == "truncated":
            out["kept_bytes"] = self.kept_bytes
            out["cut_line"] = self.cut_line
        if self.parent is not None:
            out["parent"] = self.parent
        if self.trigger is not None:
            out["trigger"] = self.trigger.to_json()
        if self.meters:
            out["meters"] = [m.to_json() for m in self.meters]
        return out


@dataclass(frozen=True)
class AgentView:
    agent: str
    workspace: Path
    target: Path
    documents: tuple[AgentDocument, ...]
    diagnostics: tuple[InstructionDiagnostic, ...]
    limits: dict[str, Any]
    warnings: tuple[str, ...] = ()        # a limit crossed, in words (the window colours them)
    folders: tuple[Path, ...] = ()        # where documents may appear: watched while shown
    extra: dict[str, Any] = field(default_factory=dict)   # more keys of the agent's own JSON answer

    @property
    def total_bytes(self) -> int:
        return sum(d.received_bytes for d in self.documents)

    @property
    def total_tokens(self) -> int:
        return sum(d.tokens for d in self.documents if d.received)

    @property
    def digest(self) -> str:
        return hashlib.sha256("\0".join(f"{d.label}\0{d.status}\0{d.body}" for d in self.documents)
                              .encode("utf-8")).hexdigest()

    @property
    def watch_folders(self) -> tuple[Path, ...]:
        return tuple(dict.fromkeys((*self.folders, *(d.path.parent for d in self.documents))))

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "workspace": str(self.workspace), "target": str(self.target),
                "digest": self.digest, "total_bytes": self.total_bytes, "total_tokens": self.total_tokens,
                "limits": self.limits, "warnings": list(self.warnings),
                "documents": [d.to_json() for d in self.documents],
                "diagnostics": [d.to_json() for d in self.diagnostics], **self.extra}


@dataclass(frozen=True)
class AgentHomes:
    """Where the agents keep their own files; from the environment unless a test says otherwise."""
    home: Path
    codex_home: Path
    claude_managed: Path | None
    claude_auto_memory_off: bool = False   # CLAUDE_CODE_DISABLE_AUTO_MEMORY=1

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> "AgentHomes":
        import sys

        from .agent_rules import CLAUDE_CODE, CODEX
        env = os.environ if environ is None else environ
        home = Path(env.get("HOME") or os.path.expanduser("~"))
        codex = env.get(CODEX.home_variable)
        managed = next((Path(p) for platform, p in CLAUDE_CODE.managed_files if sys.platform.startswith(platform)),
                       None)
        return cls(home, Path(codex).expanduser() if codex else home / CODEX.home_default.removeprefix("~/"),
                   managed, env.get(CLAUDE_CODE.auto_memory_off_variable, "").lower() in ("1", "true"))

    def expand(self, path: str) -> Path:
        """``~/…`` against this home (not the process's: tests and other users' views)."""
        return self.home / path[2:] if path.startswith("~/") else Path(path)


def within(path: Path, folder: Path) -> bool:
    """``path`` is ``folder`` or inside it (by their text: ``path.parents`` of a path of ten thousand
    parts, from a hostile ``@a/a/a/…``, is quadratic to search)."""
    inside, outside = str(path), str(folder)
    return inside == outside or inside.startswith(outside if outside.endswith(os.sep) else outside + os.sep)


class Labeller:
    """``workspace/…`` inside the workspace, ``~/…`` in the home folder, else the absolute path."""

    def __init__(self, workspace: Path, home: Path) -> None:
        self.workspace, self.home = workspace, home

    def __call__(self, path: Path) -> str:
        for prefix, base in (("workspace", self.workspace), ("~", self.home)):
            if within(path, base):
                rel = path.relative_to(base).as_posix()
                return prefix if rel == "." else f"{prefix}/{rel}"
        return path.as_posix()


def line_of_byte(data: bytes, offset: int) -> int:
    """The 1-based line holding byte ``offset`` of ``data`` (the first byte not kept, for a cut)."""
    return data.count(b"\n", 0, max(0, offset)) + 1


def decode(data: bytes) -> str:
    """Text as an agent that reads bytes lossily sees it (a cut may split a character)."""
    return data.decode("utf-8", errors="replace")
