"""A source of an agent's context: what it is, what it weighs and when the agent pays for it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("instructions", "pinned", "memory_index", "recall", "mcp_tools")
WHEN = ("every_turn", "session_start", "on_demand")
MEMORY_INDEX_SCOPES = frozenset({"auto-memory", "memory"})   # the agent views' scope of a memory index


@dataclass(frozen=True)
class CostSource:
    kind: str              # one of KINDS
    path: str | None       # a file's path (instructions, memory_index, mcp_tools: the agent file registering it)
    ref: str | None        # a fact's ref (pinned)
    bytes: int             # what the agent receives of it (recall: the mean characters a turn received)
    tokens: int
    status: str            # an instruction file's (loaded, truncated, dropped, on_demand, skipped); "pinned",
                           # "recorded", "registered" for the others
    when: str              # one of WHEN
    label: str = ""        # how a face names it

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "path": self.path, "ref": self.ref, "bytes": self.bytes, "tokens": self.tokens,
                "status": self.status, "when": self.when, "label": self.label}
