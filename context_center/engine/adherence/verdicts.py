"""A checkable rule against one session: ``followed``, ``violated`` or ``not_applicable``, with the
evidence that decides it (the time and the command, the edited path, or the order of events).

- A forbidden command is violated by a shell command that runs it (:mod:`.shell`: a mention in an
  ``echo``, a comment, a quoted argument or a search pattern runs nothing), followed otherwise.
- A forbidden path is violated by an edit of it (reading it is fine), followed otherwise.
- A command required before completion applies to a session that edited something: followed when
  it ran after the last edit (and succeeded, when the rule says it must pass), violated otherwise.
  Required before a commit, it applies to a session that committed: each commit needs it run
  after the last edit before that commit.
"""
from __future__ import annotations

import fnmatch
import posixpath
from dataclasses import dataclass
from typing import Any

from .actions import Action, ToolSession
from .rules import Check
from .shell import Invocation, invocations

VERDICTS = ("followed", "violated", "not_applicable")
MAX_EVIDENCE = 3
_SCRIPT_RUNNERS = frozenset({"npm", "pnpm", "yarn", "bun"})   # "pnpm run test" is "pnpm test"


@dataclass(frozen=True)
class Evidence:
    timestamp: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"timestamp": self.timestamp, "text": self.text}


@dataclass(frozen=True)
class SessionVerdict:
    agent: str
    session: str
    verdict: str                     # one of VERDICTS
    evidence: tuple[Evidence, ...]
    started: str = ""
    ended: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "session": self.session, "verdict": self.verdict,
                "evidence": [e.to_json() for e in self.evidence], "started": self.started, "ended": self.ended}


def judge(check: Check, session: ToolSession) -> SessionVerdict:
    if check.kind == "forbidden_command":
        verdict, evidence = _forbidden_command(check, session.actions)
    elif check.kind == "forbidden_path":
        verdict, evidence = _forbidden_path(check, session.actions)
    else:
        verdict, evidence = _required_command(check, session.actions)
    return SessionVerdict(session.agent, session.session, verdict, tuple(evidence[:MAX_EVIDENCE]), session.started,
                          session.ended)


def breaking(check: Check, command: str) -> list[Invocation]:
    """The programs of ``command`` that break a forbidden-command rule (none: it does not)."""
    return [started for started in invocations(command) if any(f.matches(started) for f in check.forbidden)]


def path_forbidden(check: Check, path: str) -> str | None:
    """The rule's path that ``path`` (workspace-relative) falls under, or None."""
    if not path:
        return None
    for rule_path in check.paths:
        if rule_path.endswith("/"):
            if path.startswith(rule_path):
                return rule_path
        elif path == rule_path or path.startswith(rule_path + "/") or fnmatch.fnmatchcase(path, rule_path) or \
                ("/" not in rule_path and posixpath.basename(path) == rule_path):
            return rule_path
    return None


def _forbidden_command(check: Check, actions: list[Action]) -> tuple[str, list[Evidence]]:
    commands = [a for a in actions if a.kind == "command"]
    broken = [Evidence(a.timestamp, f"ran {a.text}") for a in commands if breaking(check, a.command)]
    if broken:
        return "violated", broken
    return "followed", [Evidence("", f"{len(commands)} shell command{'s' if len(commands) != 1 else ''}, "
                                     f"none running {', '.join(f.shown() for f in check.forbidden)}")]


def _forbidden_path(check: Check, actions: list[Action]) -> tuple[str, list[Evidence]]:
    edits = [a for a in actions if a.kind == "edit"]
    broken = [Evidence(a.timestamp, f"edited {a.path or a.text}") for a in edits if path_forbidden(check, a.path)]
    if broken:
        return "violated", broken
    return "followed", [Evidence("", f"{len(edits)} edit{'s' if len(edits) != 1 else ''}, none under "
                                     f"{', '.join(check.paths)}")]


def runs(check: Check, action: Action) -> bool:
    """Whether ``action`` runs the command the rule requires (its arguments as written, more allowed;
    ``pnpm run test`` is ``pnpm test``), and succeeded when the rule says it must pass."""
    if action.kind != "command":
        return False
    wanted = invocations(check.command)
    if not wanted:
        return False
    first = wanted[0]
    if not any(_same_command(first, started) for started in invocations(action.command)):
        return False
    return not (check.must_pass and action.failed)


def _same_command(wanted: Invocation, started: Invocation) -> bool:
    if wanted.program != started.program:
        return False
    want_words, words = _words(wanted), _words(started)
    want_flags = {a for a in wanted.args if a.startswith("-")}
    return words[:len(want_words)] == want_words and want_flags <= set(started.args)


def _words(invocation: Invocation) -> list[str]:
    words = [a for a in invocation.args if not a.startswith("-")]
    if invocation.program in _SCRIPT_RUNNERS and words[:1] == ["run"]:
        words = words[1:]
    return words


def _commits(action: Action) -> bool:
    return action.kind == "command" and any(
        started.program == "git" and [a for a in started.args if not a.startswith("-")][:1] == ["commit"]
        for started in invocations(action.command))


def _runs_before_its_commit(check: Check, action: Action) -> bool:
    """``make lint && git commit …``: the command runs in the commit's own line, before it (a failed
    line made no commit, so a rule that must pass is kept too)."""
    wanted = invocations(check.command)
    started = invocations(action.command)
    commit = next((i for i, s in enumerate(started) if s.program == "git" and
                   [a for a in s.args if not a.startswith("-")][:1] == ["commit"]), 0)
    return bool(wanted) and not (check.must_pass and action.failed) and \
        any(_same_command(wanted[0], s) for s in started[:commit])


def _required_command(check: Check, actions: list[Action]) -> tuple[str, list[Evidence]]:
    edits = [index for index, action in enumerate(actions) if action.kind == "edit"]
    if check.when == "commit":
        commits = [index for index, action in enumerate(actions) if _commits(action)]
        if not commits:
            return "not_applicable", [Evidence("", "no commit in this session")]
        missed = []
        for commit in commits:
            last_edit = max((e for e in edits if e < commit), default=-1)
            if not any(runs(check, actions[i]) for i in range(last_edit + 1, commit)) and \
                    not _runs_before_its_commit(check, actions[commit]):
                missed.append(Evidence(actions[commit].timestamp, f"committed ({actions[commit].text}) without "
                                                                  f"running {check.command} after the last edit"))
        if missed:
            return "violated", missed
        return "followed", [Evidence(actions[commits[-1]].timestamp, f"{check.command} ran before each of "
                                                                     f"{len(commits)} commit(s)")]
    if not edits:
        return "not_applicable", [Evidence("", "the session edited no file")]
    last = edits[-1]
    after = [actions[i] for i in range(last + 1, len(actions)) if runs(check, actions[i])]
    edited = actions[last]
    if after:
        return "followed", [Evidence(edited.timestamp, f"last edit: {edited.path or edited.text}"),
                            Evidence(after[-1].timestamp, f"then ran {after[-1].text}")]
    before = [a for a in actions[:last] if runs(check, a)]
    said = f"; it last ran at {before[-1].timestamp}, before that edit" if before else ""
    failed = [a for a in actions[last + 1:] if a.kind == "command" and check.must_pass and a.failed and
              any(_same_command(invocations(check.command)[0], s) for s in invocations(a.command))]
    if failed:
        said = f"; it ran at {failed[-1].timestamp} and failed"
    return "violated", [Evidence(edited.timestamp, f"last edit: {edited.path or edited.text}; {check.command} did "
                                                   f"not {'pass' if check.must_pass else 'run'} after it{said}")]
