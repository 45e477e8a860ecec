"""An agent's view of a fact: the context-eng memory (an MCP memory is a fact of the store)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..memory.freshness import is_expired
from ..memory.sensitive import findings_of, redact, shown_ref
from ..records import Fact, memo
from ..text.snippets import collapse
from .claims import DEFAULT_IMPORTANCE, approximate_tokens

PROJECT_SCOPES = ("project", "team")   # what the contract's "project" scope reads


def shown(fact: Fact, name: str) -> Any:
    """A field of ``fact`` as an agent reads it: a secret in it masked. A fact written by hand, by
    another tool or pulled from a remote may hold one; what an agent reads (search, map, a judge's
    prompt) and what its searches match never does, as in recall."""
    value = getattr(fact, name)
    if not any(field == name for field, _ in findings_of(fact)):
        return value
    return tuple(redact(v)[0] for v in value) if isinstance(value, tuple) else redact(value)[0]


def content_of(fact: Fact) -> str:
    """The claim: an agent memory's body; a fact made in the window or the CLI reads as its body
    (else its description), whitespace collapsed; a secret masked (worked out once per fact: a
    search renders some fifty hits)."""
    return memo(fact, "agent_content", _content_of)


def _content_of(fact: Fact) -> str:
    return collapse(shown(fact, "body")) or collapse(shown(fact, "description")) or collapse(shown(fact, "title"))


@dataclass(frozen=True)
class AgentMemory:
    fact: Fact
    project: str | None     # the bound project folder, for a project memory

    @property
    def id(self) -> str:
        return self.fact.id

    @property
    def scope(self) -> str:
        """The contract's scope: a team fact is read as part of the project."""
        return "project" if self.fact.scope in PROJECT_SCOPES else self.fact.scope

    @property
    def team(self) -> bool:
        """Committed with the code: agents read it, and cannot change it."""
        return self.fact.scope == "team"

    @property
    def category(self) -> str:
        return self.fact.effective_category.lower()

    @property
    def content(self) -> str:
        return content_of(self.fact)

    @property
    def importance(self) -> float:
        return DEFAULT_IMPORTANCE if self.fact.importance is None else self.fact.importance

    @property
    def staging(self) -> bool:
        return self.fact.staging

    @property
    def active(self) -> bool:
        return not is_expired(self.fact)

    def to_json(self) -> dict[str, Any]:
        fact = self.fact
        return {"id": fact.id, "scope": self.scope, "team": self.team, "category": self.category,
                "content": self.content,
                "subject": shown(fact, "subject") or None, "topics": list(shown(fact, "topics")),
                "tags": list(shown(fact, "tags")), "links": list(shown(fact, "links")),
                "importance": self.importance, "staging": self.staging,
                "active": self.active, "tokens": approximate_tokens(self.content),
                "created_at": fact.created_at, "updated_at": fact.updated_at,
                "project": self.project if self.scope == "project" else None,
                "revision": fact.revision, "ref": shown_ref(fact.ref)}
