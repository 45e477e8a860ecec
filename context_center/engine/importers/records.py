"""What a source yields and what an import reports."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..records import Change

# an item's status in a report
WOULD_IMPORT, IMPORTED = "would_import", "imported"


@dataclass(frozen=True)
class Found:
    """One memory as a source holds it, in our fields."""

    source_path: str            # the file (or ``<database>#<row id>``) it came from
    title: str
    body: str
    type: str                   # user | feedback | project | reference
    scope: str                  # project | global
    created_at: str             # RFC 3339, from the source
    updated_at: str
    description: str = ""
    category: str = ""          # kept from context-eng; derived from the type otherwise
    upstream_status: str = ""   # context-eng: "staging" or "promoted"
    upstream_id: str = ""
    importance: float | None = None
    subject: str = ""
    topics: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    links: tuple[str, ...] = ()

    @property
    def note(self) -> str:
        if self.upstream_status == "promoted":
            return "promoted upstream; here it waits for your review like every import"
        if self.upstream_status == "staging":
            return "staging upstream"
        return ""


@dataclass(frozen=True)
class Skip:
    source_path: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"source_path": self.source_path, "reason": self.reason}


@dataclass(frozen=True)
class Reading:
    """What a source reader found: units to import, units it had to skip, where it looked."""

    location: str                       # the folder read (or looked for)
    found: list[Found] = field(default_factory=list)
    skipped: list[Skip] = field(default_factory=list)
    message: str = ""                   # for a person: why nothing was found, say


@dataclass(frozen=True)
class ImportItem:
    id: str                 # the written fact's id; before writing, the import key
    found: Found
    status: str             # would_import | imported
    ref: str = ""           # the staged fact written
    duplicate_of: str = ""  # flagged by the overlap rule: a fact ref, or an item found earlier in this run

    def to_json(self) -> dict[str, Any]:
        f = self.found
        data: dict[str, Any] = {
            "id": self.id, "title": f.title, "body": f.body, "source_path": f.source_path, "status": self.status,
            "ref": self.ref or None, "scope": f.scope, "type": f.type, "category": f.category or f.type,
            "created_at": f.created_at, "updated_at": f.updated_at,
            "duplicate_of": self.duplicate_of or None,
        }
        if f.note:
            data["note"] = f.note
        return data


@dataclass
class ImportReport:
    source: str
    location: str
    dry_run: bool
    found: int = 0
    items: list[ImportItem] = field(default_factory=list)
    skipped: list[Skip] = field(default_factory=list)
    message: str = ""

    @property
    def imported(self) -> int:
        return sum(item.status == IMPORTED for item in self.items)

    @property
    def change(self) -> Change:
        """The facts an import wrote (staged: they wait in Suggestions)."""
        scopes = tuple(dict.fromkeys(item.found.scope for item in self.items if item.status == IMPORTED))
        return Change(facts=bool(scopes), scopes=scopes)

    @property
    def would_import(self) -> int:
        return sum(item.status in (IMPORTED, WOULD_IMPORT) for item in self.items)

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "found": self.found, "imported": self.imported,
                "skipped": [s.to_json() for s in self.skipped], "items": [i.to_json() for i in self.items],
                "dry_run": self.dry_run, "location": self.location, "message": self.message or None}
