"""One thing the review proposes: its kind, the facts it concerns, why, the evidence, the action and
its preview, and the writes that carry the action out."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from ..memory.settled import stood
from ..records import Fact

KINDS = ("duplicate", "related", "contradiction", "override", "stale", "expired", "broken", "changed", "unused",
         "oversize", "staged", "worktree")
ITEM_ID = re.compile(rf"(?:{'|'.join(KINDS)})-[0-9a-f]{{10}}")   # what item_id makes
ACTIONS = ("merge", "keep", "verify", "forget", "split", "advice", "clear")


@dataclass(frozen=True)
class Step:
    """One ordinary write an apply makes: ``edit`` (a new body, keywords, refs), ``verify``,
    ``forget`` (to the archive) or ``create`` (a new fact, for a split)."""

    op: str
    fact: Fact | None = None              # the fact written (None for create)
    body: str | None = None
    keywords: str | None = None
    refs: tuple[str, ...] | None = None
    evidence: tuple[tuple[Any, ...], ...] | None = None   # edit: refs' evidence carried as recorded (a merge)
    worktree: str | None = None            # edit: the worktree it is kept to ("": none)
    name: str = ""                         # create: the new fact's name, title, scope, type and keywords
    title: str = ""
    scope: str = ""
    type: str = ""

    @property
    def changes_nothing(self) -> bool:
        """An edit that would write the fact as it is (a merge with nothing to add): no write at all."""
        return self.op == "edit" and self.fact is not None and self.body in (None, self.fact.body) \
            and self.keywords is None and self.refs is None and self.worktree is None


@dataclass(frozen=True)
class ReviewItem:
    kind: str
    facts: tuple[Fact, ...]
    reason: str                            # one sentence
    evidence: dict[str, Any]
    action: str                            # merge | keep | verify | forget | split | advice | clear
    before: str
    after: str
    steps: tuple[Step, ...] = ()
    target: str = ""                       # what an advice is about when it is no fact (an instruction file)
    id: str = field(default="")

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", item_id(self.kind, self.facts, self.target))

    @property
    def refs(self) -> list[str]:
        return [fact.ref for fact in self.facts]

    @property
    def editable(self) -> bool:
        """Whether an edited text can replace what it writes (it writes, or keeps, one fact's text)."""
        return self.action in ("merge", "verify", "keep")

    @property
    def proposed_text(self) -> str:
        """The text an edit starts from: what the apply would leave in the fact it writes or keeps."""
        first = self.steps[0] if self.steps else None
        if first is not None and first.op == "edit" and first.body is not None:
            return first.body
        return self.facts[0].body if self.facts else ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "facts": self.refs, "reason": self.reason,
                "evidence": self.evidence, "action": self.action,
                "preview": {"before": self.before, "after": self.after}, "target": self.target or None}


def item_id(kind: str, facts: tuple[Fact, ...], target: str = "") -> str:
    """Stable while its facts are unchanged: the kind, each fact's id, revision and content (a hand
    edit that left the revision alone is a change too), and which fact comes first (the one a merge
    or a contradiction keeps): a change of any makes another item, so a dismissal holds until the
    facts change and an apply never writes a preview the user did not see."""
    parts = [stood(f) for f in facts]
    key = "\0".join([kind, target, parts[0] if parts else "", *sorted(parts)])
    return f"{kind}-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:10]}"
