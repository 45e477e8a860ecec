"""Each standing rule an agent received, and whether each session of this workspace followed it.

The rules are read from each agent's own view of the workspace (what it receives: its chain of
files, imports expanded, what a budget cut left out excluded); the sessions from its own
transcripts, those recorded in this workspace only, of the last ``days``. A rule in a file both
agents receive is one rule, judged in both agents' sessions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..instructions.agent_view import AgentView
from . import DEFAULT_DAYS
from .actions import ToolSession, sessions, since_days
from .enforcement import Enforced
from .rules import Rule, classify, file_lines, rule_lines
from .verdicts import SessionVerdict, judge


@dataclass(frozen=True)
class RuleReport:
    rule: Rule
    sessions: tuple[SessionVerdict, ...]
    enforced: tuple[Enforced, ...] = ()   # for which agents it is enforced at the tool call, since when

    def count(self, verdict: str) -> int:
        return sum(s.verdict == verdict for s in self.sessions)

    def to_json(self) -> dict[str, Any]:
        check = self.rule.check
        return {"id": self.rule.id, "text": self.rule.text, "source": self.rule.source, "path": str(self.rule.path),
                "line": self.rule.line, "agents": list(self.rule.agents), "checkable": check is not None,
                "check": check.to_json() if check else None, "how": check.describe() if check else None,
                "sessions": [s.to_json() for s in self.sessions],
                "followed": self.count("followed"), "violated": self.count("violated"),
                "enforced": [{"agent": e.agent, "since": e.since, "denied": e.denied, "last_denied": e.last_denied}
                             for e in self.enforced]}


@dataclass(frozen=True)
class AdherenceReport:
    agents: tuple[str, ...]
    days: int
    since: str
    rules: tuple[RuleReport, ...]
    sessions: dict[str, int] = field(default_factory=dict)   # sessions read, per agent

    @property
    def violated_rules(self) -> int:
        return sum(1 for r in self.rules if r.count("violated"))

    def to_json(self) -> dict[str, Any]:
        return {"agents": list(self.agents), "days": self.days, "since": self.since, "sessions": self.sessions,
                "violated_rules": self.violated_rules, "rules": [r.to_json() for r in self.rules]}


def received_rules(views: dict[str, AgentView]) -> list[Rule]:
    """Every rule line the agents of ``views`` received, one per file and line, each naming the
    agents that received it."""
    found: dict[tuple[str, int], tuple[str, str, Path, list[str]]] = {}
    for agent, view in views.items():
        for document in view.documents:
            if not document.received:
                continue
            for label, path, text in document.parts():
                numbered = _numbered(path)
                for run_line, rule_text in rule_lines(text):
                    line = numbered.get(rule_text, run_line)
                    key = (str(path), line)
                    if key in found:
                        if agent not in found[key][3]:
                            found[key][3].append(agent)
                    else:
                        found[key] = (rule_text, f"{_shown(path, label, view.workspace)}:{line}", path, [agent])
    return [Rule(text, source, path, line, tuple(agents), classify(text))
            for text, source, path, agents in found.values()]


def _shown(path: Path, label: str, workspace: Path) -> str:
    """A file as a rule's source names it: relative to the workspace (``CLAUDE.md``,
    ``docs/rules.md``), else as the agent's view labels it (``~/.claude/CLAUDE.md``)."""
    try:
        return path.resolve().relative_to(workspace.resolve()).as_posix()
    except (OSError, ValueError):
        return label


def _numbered(path: Path) -> dict[str, int]:
    """Each rule line of a file as on disk, with its line number (the first, when said twice)."""
    numbered: dict[str, int] = {}
    for line, text in rule_lines("\n".join(file_lines(path))):
        numbered.setdefault(text, line)
    return numbered


def report(views: dict[str, AgentView], workspace: Path, home: Path, days: int = DEFAULT_DAYS,
           enforced: list[Enforced] | None = None) -> AdherenceReport:
    agents = tuple(views)
    since = since_days(days)
    read = sessions(workspace, home, agents, since)
    by_agent: dict[str, list[ToolSession]] = {agent: [s for s in read if s.agent == agent] for agent in agents}
    rules = []
    for rule in received_rules(views):
        verdicts: tuple[SessionVerdict, ...] = ()
        if rule.check is not None:
            verdicts = tuple(judge(rule.check, session) for agent in rule.agents for session in by_agent[agent])
        rules.append(RuleReport(rule, verdicts, tuple(e for e in enforced or () if e.rule == rule.id)))
    return AdherenceReport(agents, days, since, tuple(rules), {agent: len(by_agent[agent]) for agent in agents})
