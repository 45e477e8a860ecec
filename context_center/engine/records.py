"""Plain, frozen records the engine hands to its faces."""
from __future__ import annotations

import functools
import hashlib
import operator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, TypeVar

Progress = Callable[[int, int], None]   # (done, total) of a long job: a cold index build, a scan
_Derived = TypeVar("_Derived")
PINNED_BUDGET_CHARS = 1500


_DIGESTED = ("id", "scope", "name", "title", "keywords", "description", "body", "type", "volatility", "activation",
             "status", "subject_key", "category", "expires_at", "last_verified_at", "updated_at", "created_at")
_digested = operator.attrgetter(*_DIGESTED)


def memo(fact: "Fact", name: str, compute: Callable[["Fact"], _Derived]) -> _Derived:
    """``compute(fact)``, worked out once and kept in the fact's own ``__dict__`` (what a cached
    property of a frozen dataclass does): the rules that derive it live above this module (its
    freshness moments, identity keys, secret findings, in :mod:`.memory`), and the folder snapshot
    carries what they worked out (:data:`.memory.derived.DERIVED`)."""
    found = fact.__dict__.get(name)
    if found is None:
        found = fact.__dict__[name] = compute(fact)
    return found


@dataclass(frozen=True)
class Fact:
    """One background fact, as read from its Markdown file."""

    id: str                       # mem-<32 hex>, unique, never reused (legacy-<24 hex>: an older file)
    revision: int                 # 1 at creation, one more on every write; earlier ones under .revisions/
    name: str                     # the file's name without .md: unique in its scope
    title: str                    # what a person reads; matched across scopes for overrides
    description: str              # one line: when the fact matters (recall reads it)
    type: str                     # what kind of fact it is
    scope: str                    # where it lives and whom it reaches
    body: str                     # the Markdown after the front matter
    created_at: str               # UTC, ISO 8601 with milliseconds
    updated_at: str               # UTC, the last write
    keywords: str = ""            # more words recall and search match, space-separated
    activation: str = ""          # as written; "" = unset (see effective_activation)
    volatility: str = ""          # how fast it goes stale: evergreen never, volatile soon
    subject_key: str = ""         # one active value per subject: another is refused (SUBJECT_CONFLICT)
    expires_at: str = ""          # after this UTC time it is expired: kept, never recalled (a date alone: its end)
    last_verified_at: str = ""    # when someone last confirmed it holds (freshness starts again)
    category: str = ""            # context-eng fields, omitted when unused
    status: str = ""              # "staging" (waits for the user: never recalled) or "promoted"/""
    worktree: str = ""            # kept to one worktree of the repository (memory/limits.py); "" = any
    branch: str = ""              # … or to the branches matching this glob
    importance: float | None = None   # 0 to 1: the context-eng contract's weight in an agent's search
    subject: str = ""             # a label, not a subject key: several facts may share it
    topics: tuple[str, ...] = ()  # context-eng labels an agent's search filters on (so are tags, links)
    tags: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()    # the code it cites, workspace-relative (grounding/refs.py)
    refs_evidence: tuple[tuple[Any, ...], ...] = ()   # what each ref pointed at when written (grounding/evidence.py)
    revision_note: str = ""       # what this revision did when the fields cannot say it (a restore)
    encoding: str = ""            # how the file was read when not plain UTF-8 ("GB18030"…); writes are UTF-8
    path: Path | None = None
    legacy: bool = False          # id or revision was missing on disk
    extra: tuple[tuple[str, str], ...] = ()        # unknown top-level keys: (key, verbatim text)
    metadata_extra: tuple[tuple[str, str], ...] = ()  # unknown keys under metadata:

    @property
    def ref(self) -> str:
        return f"{self.scope}/{self.name}.md"

    @property
    def label(self) -> str:
        """What a person reads: the title, else the name de-kebabbed, as Reasonix labels it. A
        missing title stays missing on disk (Reasonix uses a written title to match overrides)."""
        return self.title or self.name.replace("-", " ")

    @property
    def staging(self) -> bool:
        """Written by an agent and waiting for the user: never recalled, injected or searched by default."""
        return self.status == "staging"

    @property
    def effective_category(self) -> str:
        """Its context-eng category; a fact made without one belongs to the category named after its type."""
        return self.category or self.type

    @property
    def effective_activation(self) -> str:
        """Unset activation: a global user/feedback fact is pinned (legacy), else relevant."""
        if self.activation in ("pinned", "relevant"):
            return self.activation
        if self.scope == "global" and self.type in ("user", "feedback"):
            return "pinned"
        return "relevant"

    @property
    def pinned(self) -> bool:
        return self.effective_activation == "pinned"

    def evolve(self, **changes: Any) -> "Fact":
        return replace(self, **changes)

    @functools.cached_property
    def content_digest(self) -> int:
        """64 bits of what the fact says and how it is filed (not where its file is), the same in
        every process: what a saved index keys its entries by. Worked out once per fact (a frozen
        dataclass keeps a cached property in its ``__dict__``; equality ignores it)."""
        text = "\x1f".join(_digested(self)).encode("utf-8", "surrogatepass")
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")

    def to_json(self, *, freshness: str, body: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id, "revision": self.revision, "name": self.name, "title": self.title,
            "label": self.label,
            "description": self.description, "type": self.type, "scope": self.scope,
            "keywords": self.keywords, "subject_key": self.subject_key or None,
            "activation": self.effective_activation, "volatility": self.volatility or None,
            "expires_at": self.expires_at or None, "last_verified_at": self.last_verified_at or None,
            "created_at": self.created_at, "updated_at": self.updated_at,
            "worktree": self.worktree or None, "branch": self.branch or None,
            "freshness": freshness, "ref": self.ref,
            "path": str(self.path) if self.path else None,
        }
        if self.category:
            data["category"] = self.category
        if self.status:
            data["status"] = self.status
        for key in ("importance", "subject"):
            if getattr(self, key) not in (None, ""):
                data[key] = getattr(self, key)
        for key in ("topics", "tags", "links"):
            if getattr(self, key):
                data[key] = list(getattr(self, key))
        if body:
            data["body"] = self.body
        return data


@dataclass(frozen=True)
class Diagnostic:
    """Something wrong with a file that the engine left alone."""

    path: Path
    line: int
    reason: str
    severity: str = "error"     # "error": skipped; "warning": loaded with a default

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "line": self.line, "reason": self.reason,
                "severity": self.severity}

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}"


@dataclass(frozen=True)
class Revision:
    revision: int
    updated_at: str
    body: str
    fact: Fact
    change: str = ""     # what this revision changed against the one before it ("pinned", "verified"…)
    # a team fact's revision is a commit (short hash), or "uncommitted" for the work tree's change
    commit: str = ""
    author: str = ""
    message: str = ""

    @property
    def point(self) -> int | str:
        """What ``restore`` takes to bring this revision back: its number, or its commit."""
        return self.commit or self.revision

    def to_json(self) -> dict[str, Any]:
        data = {"revision": self.point, "updated_at": self.updated_at, "body": self.body,
                "title": self.fact.title, "description": self.fact.description, "name": self.fact.name,
                "activation": self.fact.effective_activation, "last_verified_at": self.fact.last_verified_at or None,
                "change": self.change}
        if self.commit:
            data.update(author=self.author or None, message=self.message, fact_revision=self.revision)
        return data


@dataclass(frozen=True)
class Change:
    """What a write (or the files, seen changing) changed, so a face reloads exactly that and
    nothing else. Every write's result carries one (``.change``)."""

    facts: bool = False          # the active facts (and so the search index)
    archive: bool = False        # the archive's entries
    scopes: tuple[str, ...] = ()
    instructions: bool = False   # a file outside the fact folders (an instruction document)

    def __or__(self, other: "Change") -> "Change":
        return Change(self.facts or other.facts, self.archive or other.archive,
                      tuple(dict.fromkeys(self.scopes + other.scopes)), self.instructions or other.instructions)

    def __bool__(self) -> bool:
        return self.facts or self.archive or self.instructions

    @classmethod
    def everything(cls) -> "Change":
        """Reload it all (the user asked to, or a sync changed files anywhere)."""
        return cls(facts=True, archive=True, instructions=True)


@dataclass(frozen=True)
class ArchivedFact:
    path: Path
    id: str
    name: str
    scope: str
    revision: int
    archived_at: str
    title: str = ""
    reason: str = ""     # why it was archived, when it can be told (another tool's save by name)

    @property
    def change(self) -> Change:
        """Forgetting moved an active fact into the archive."""
        return Change(facts=True, archive=True, scopes=(self.scope,))

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "id": self.id, "name": self.name, "scope": self.scope,
                "revision": self.revision, "archived_at": self.archived_at, "title": self.title,
                "reason": self.reason or None}


@dataclass(frozen=True)
class Subject:
    subject_key: str
    scope: str
    id: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"subject_key": self.subject_key, "scope": self.scope, "id": self.id, "name": self.name}


@dataclass(frozen=True)
class SessionContext:
    """The pinned snapshot an agent receives before its next real turn."""

    facts: tuple[Fact, ...]
    suppressed: tuple[tuple[Fact, Fact], ...]  # (global fact, the project fact that overrides it)
    text: str
    digest: str
    budget: int = PINNED_BUDGET_CHARS

    @property
    def used_chars(self) -> int:
        return sum(len(f.body.strip()) for f in self.facts)

    def to_json(self) -> dict[str, Any]:
        return {"refs": [f.ref for f in self.facts], "ids": [f.id for f in self.facts],
                "suppressed": [{"ref": g.ref, "by": p.ref} for g, p in self.suppressed],
                "used_chars": self.used_chars, "budget": self.budget,
                "digest": self.digest, "text": self.text}


class Snapshot:
    """The facts of both scopes as loaded, plus what could not be loaded. Made by a write in
    constant time: the lists are made by ``lister`` when first read, once."""

    def __init__(self, facts: tuple[Fact, ...] = (), diagnostics: tuple[Diagnostic, ...] = (), *,
                 lister: Callable[[], tuple[tuple[Fact, ...], tuple[Diagnostic, ...]]] | None = None) -> None:
        self._listed = None if lister is not None else (tuple(facts), tuple(diagnostics))
        self._lister = lister

    def _list(self) -> tuple[tuple[Fact, ...], tuple[Diagnostic, ...]]:
        if self._listed is None:
            assert self._lister is not None
            self._listed, self._lister = self._lister(), None
        return self._listed

    @property
    def facts(self) -> tuple[Fact, ...]:
        return self._list()[0]

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return self._list()[1]

    def in_scope(self, scope: str) -> list[Fact]:
        return [f for f in self.facts if f.scope == scope]
