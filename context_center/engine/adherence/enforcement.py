"""Enforcing a checkable rule at the tool call, opt-in per rule and per agent.

- **Claude Code**: a ``PreToolUse`` hook in the workspace's ``.claude/settings.local.json`` (this
  user's, not committed) running ``context-center hook claude-code --pre-tool-use``, matched to
  ``Bash`` for a forbidden command and to ``Edit|Write|MultiEdit`` for a forbidden path. The hook
  reads which rules are enforced here from the store and denies a call that breaks one, the way
  Claude Code documents (``hookSpecificOutput.permissionDecision: "deny"``, the reason quoting the
  rule and the alternative it gives); everything else it allows, saying nothing.
- **Codex**: a ``prefix_rule`` with ``decision = "forbidden"`` in the workspace's
  ``.codex/rules/context-center.rules``, its ``justification`` quoting the rule, with ``match`` and
  ``not_match`` examples Codex checks when it loads them. Codex marks rules experimental, applies
  them to commands run outside its sandbox, and loads a project's rules only when the project is
  trusted. Only a forbidden command can be written so.

Each change is shown as a diff first and written only when the user says so (files as connect
writes them: spliced, backed up, refused when changed meanwhile); ``remove`` takes it back, leaving
every other hook and rule as it was. Which rules are enforced, since when, and how many calls each
denied, is kept row by row in the store (the catalog's kept rows), under the workspace's project key.
"""
from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .. import clock
from ..errors import InvalidInput, NotFound
from ..storage.kept import KeptRows
from ..wiring.agent_files import CLAUDE, CODEX, AgentFile, read_text
from ..wiring.connect import Edit, apply, hook_groups, hooks_of, json_edit
from ..wiring.registrations import program, tool_hook_form, words
from .actions import relative
from .rules import Check, Forbidden, Rule
from .verdicts import breaking, path_forbidden

ENFORCED_KIND = "adherence.enforced:{project}"   # kept rows: "agent:rule id" → the record
DENIED_KIND = "adherence.denied:{project}"       # kept rows: rule id → [calls denied, the last time]
KEPT_ENFORCED = 500
MATCHERS = {"forbidden_command": "Bash", "forbidden_path": "Edit|Write|MultiEdit"}
RULES_FILE = Path(".codex") / "rules" / "context-center.rules"
_BEGIN = "# context-center rule {id}"
_END = "# end context-center rule {id}"
_BLOCK = re.compile(r"^# context-center rule (?P<id>r-[0-9a-f]{10})[^\n]*\n.*?^# end context-center rule (?P=id)\n?",
                    re.MULTILINE | re.DOTALL)
_HEADER = ("# Written by Context Center: the standing rules enforced for Codex in this project\n"
           "# (`context-center instructions enforce`). Codex marks rules experimental, applies them to\n"
           "# commands run outside its sandbox, and loads a project's rules only when it trusts the project.\n")


@dataclass(frozen=True)
class Enforced:
    """A rule enforced for an agent in one workspace, as it read when it was enforced."""

    rule: str          # the rule's id
    agent: str
    source: str
    text: str
    check: dict[str, Any]
    since: str
    denied: int = 0
    last_denied: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "agent": self.agent, "source": self.source, "text": self.text,
                "check": self.check, "since": self.since, "denied": self.denied, "last_denied": self.last_denied}


@dataclass(frozen=True)
class EnforcementPlan:
    """What enforcing (or, ``remove``, no longer enforcing) a rule for an agent writes."""

    rule: Rule
    agent: str
    remove: bool
    edits: tuple[Edit, ...]
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule.id, "source": self.rule.source, "text": self.rule.text, "agent": self.agent,
                "remove": self.remove, "edits": [e.to_json() for e in self.edits], "notes": list(self.notes)}


@dataclass
class Enforcement:
    """The enforced rules of one workspace, kept row by row (``rows``: :meth:`..facade.Engine.kept_rows`)."""

    rows: Callable[[str, int], KeptRows]
    project: str
    workspace: Path
    state_root: Path
    notes: list[str] = field(default_factory=list)

    # what is enforced ----------------------------------------------------------------------------------

    def enforced(self) -> list[Enforced]:
        denied = {key: body for key, _, body in self._denied().rows()}
        found = []
        for record in self._records():
            count, last = denied.get(str(record.get("rule", "")), [0, ""])
            try:
                found.append(Enforced(str(record["rule"]), str(record["agent"]), str(record["source"]),
                                      str(record["text"]), dict(record["check"]), str(record["since"]),
                                      int(count), str(last)))
            except (KeyError, TypeError, ValueError):
                continue   # a record another version wrote in another shape: not ours to trust
        return found

    def _kept(self) -> KeptRows:
        return self.rows(ENFORCED_KIND.format(project=self.project), KEPT_ENFORCED)

    def _denied(self) -> KeptRows:
        return self.rows(DENIED_KIND.format(project=self.project), KEPT_ENFORCED)

    def _records(self) -> list[dict[str, Any]]:
        return [body for _, _, body in self._kept().rows() if isinstance(body, dict)]

    # planning and applying ----------------------------------------------------------------------------------

    def plan(self, rule: Rule, agent: str, remove: bool = False) -> EnforcementPlan:
        check = rule.check
        if check is None:
            raise InvalidInput(f"{rule.source} cannot be checked at a tool call (\"{rule.text}\"): only a "
                               "forbidden command or a forbidden path can be enforced")
        if agent not in rule.agents:
            raise InvalidInput(f"{rule.source} is not among the rules {agent} receives in this workspace")
        if check.kind == "required_command":
            raise InvalidInput(f"{rule.source} requires a command before completion or a commit: nothing at a "
                               "single tool call can enforce that; `instructions adherence` says whether it held")
        if agent == CODEX and check.kind != "forbidden_command":
            raise InvalidInput(f"{rule.source} forbids editing a path: Codex's rules decide commands only, so "
                               "it can be enforced for Claude Code, not Codex")
        others = [r for r in self._records() if not (r.get("rule") == rule.id and r.get("agent") == agent)]
        enforced_now = any(r.get("rule") == rule.id and r.get("agent") == agent for r in self._records())
        if remove and not enforced_now:
            raise NotFound(f"{rule.source} is not enforced for {agent} in this workspace")
        if agent == CLAUDE:
            kinds = {r.get("check", {}).get("kind") for r in others if r.get("agent") == CLAUDE}
            if not remove:
                kinds.add(check.kind)
            edits = [edit for edit in [self._claude_edit(kinds)] if edit is not None]
        else:
            keep = [r for r in others if r.get("agent") == CODEX]
            edits = [edit for edit in [self._codex_edit(rule, keep, remove)] if edit is not None]
        notes = ["Codex marks rules experimental, applies them to commands it runs outside its sandbox, and loads "
                 "a project's .codex/rules only when it trusts the project"] if agent == CODEX else []
        return EnforcementPlan(rule, agent, remove, tuple(edits), tuple(notes))

    def apply(self, plan: EnforcementPlan) -> list[Path | None]:
        backups = apply(list(plan.edits))
        key = f"{plan.agent}:{plan.rule.id}"
        if plan.remove:
            self._kept().drop(key)
        else:
            assert plan.rule.check is not None
            since = clock.format_timestamp(clock.now())
            self._kept().put(key, {"rule": plan.rule.id, "agent": plan.agent, "source": plan.rule.source,
                                   "text": plan.rule.text, "check": _stored(plan.rule.check), "since": since}, since)
        return backups

    # Claude Code ---------------------------------------------------------------------------------------

    def hook_command(self) -> str:
        return shlex.join([*program(), "--state-root", str(self.state_root), "hook", "claude-code",
                           "--pre-tool-use"])

    def _claude_edit(self, kinds: set[Any]) -> Edit | None:
        """The settings.local.json edit that leaves one PreToolUse hook of ours per matcher needed."""
        wanted = [MATCHERS[kind] for kind in ("forbidden_command", "forbidden_path") if kind in kinds]
        command = self.hook_command()

        def change(data: dict[str, Any]) -> list[str]:
            hooks = hooks_of(data)
            groups = hook_groups(hooks, "PreToolUse")
            have = [str(g.get("matcher")) for g in groups if isinstance(g, dict) and _ours(g)]
            if sorted(have) == sorted(wanted) and all(_ours(g, command) for g in groups
                                                      if isinstance(g, dict) and _ours(g)):
                return []
            kept: list[Any] = []
            for group in groups:
                if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                    rest = [h for h in group["hooks"] if not (isinstance(h, dict) and _our_command(h.get("command")))]
                    if rest:
                        kept.append({**group, "hooks": rest})
                else:
                    kept.append(group)
            kept += [{"matcher": matcher, "hooks": [{"type": "command", "command": command}]} for matcher in wanted]
            if kept:
                hooks["PreToolUse"] = kept
            else:
                hooks.pop("PreToolUse", None)
            if hooks:
                data["hooks"] = hooks
            else:
                data.pop("hooks", None)
            said = [f"the PreToolUse hook for {matcher}: {command}" for matcher in wanted]
            return said or ["no PreToolUse hook of Context Center's any more"]

        return json_edit(AgentFile(CLAUDE, "project", "hooks", self.workspace / ".claude" / "settings.local.json",
                               "json"), change)

    # Codex ---------------------------------------------------------------------------------------------

    def _codex_edit(self, rule: Rule, keep: list[dict[str, Any]], remove: bool) -> Edit | None:
        path = self.workspace / RULES_FILE
        before = read_text(path)
        text = _BLOCK.sub("", before or "")
        blocks = []
        for record in keep:
            kept = _check_of(record.get("check"))
            if kept is not None:
                blocks.append(_block(str(record["rule"]), str(record["source"]), str(record["text"]), kept))
        if not remove:
            assert rule.check is not None
            blocks.append(_block(rule.id, rule.source, rule.text, rule.check))
        body = text if text.strip() else ""
        if blocks:
            if not body:
                body = _HEADER
            after = body.rstrip("\n") + "\n\n" + "\n".join(blocks) if body.strip() else "\n".join(blocks)
        else:
            after = "" if body.strip() == _HEADER.strip() else body
        if after == (before or "") or (before is None and not after):
            return None
        summary = (f"{'remove' if remove else 'add'} the forbidden rule for {rule.source}",)
        return Edit(CODEX, path, before, after, summary)


def _ours(group: dict[str, Any], command: str | None = None) -> bool:
    hooks = group.get("hooks")
    return isinstance(hooks, list) and any(isinstance(h, dict) and _our_command(h.get("command")) and
                                           (command is None or h.get("command") == command) for h in hooks)


def _our_command(command: Any) -> bool:
    return isinstance(command, str) and tool_hook_form(words(command))


def _stored(check: Check) -> dict[str, Any]:
    """A check as kept in the store: everything the hook needs to decide without the rule file."""
    return {"kind": check.kind, "alternative": check.alternative, "paths": list(check.paths),
            "forbidden": [{"program": f.program, "subcommand": list(f.subcommand), "flags": sorted(f.flags)}
                          for f in check.forbidden]}


def _check_of(stored: Any) -> Check | None:
    if not isinstance(stored, dict) or stored.get("kind") not in MATCHERS:
        return None
    try:
        forbidden = tuple(Forbidden(str(f["program"]), tuple(str(w) for w in f.get("subcommand", [])),
                                    frozenset(str(w) for w in f.get("flags", [])))
                          for f in stored.get("forbidden", []))
        return Check(str(stored["kind"]), forbidden, str(stored.get("alternative") or ""),
                     paths=tuple(str(p) for p in stored.get("paths", [])))
    except (KeyError, TypeError, AttributeError):
        return None


def _quoted(text: str) -> str:
    """A Starlark string: JSON's escapes, control characters gone."""
    return json.dumps("".join(ch for ch in text if ch >= " " or ch == "\t"), ensure_ascii=False)


def _block(rule_id: str, source: str, text: str, check: Check) -> str:
    lines = [_BEGIN.format(id=rule_id) + f" ({source})"]
    for forbidden in check.forbidden:
        pattern: list[Any] = [forbidden.program, *forbidden.subcommand]
        if forbidden.flags:
            pattern.append(sorted(forbidden.flags))
        example = " ".join([forbidden.program, *forbidden.subcommand, *(sorted(forbidden.flags)[:1]),
                            "install" if not forbidden.subcommand and not forbidden.flags else ""]).strip()
        other = check.alternative if check.alternative and check.alternative != forbidden.program else \
            f"echo {forbidden.program}"
        not_match = [other] if not forbidden.subcommand and not forbidden.flags else \
            [" ".join([forbidden.program, *forbidden.subcommand[:-1]]) or other, other]
        said = f"{source}: \"{text}\"" + (f" Use {check.alternative} instead." if check.alternative else "")
        lines += ["prefix_rule(",
                  "    pattern = [" + ", ".join(_quoted(p) if isinstance(p, str) else
                                                "[" + ", ".join(_quoted(x) for x in p) + "]" for p in pattern) + "],",
                  '    decision = "forbidden",',
                  f"    justification = {_quoted(said)},",
                  f"    match = [{_quoted(example)}],",
                  "    not_match = [" + ", ".join(_quoted(x) for x in dict.fromkeys(not_match) if x) + "],",
                  ")"]
    lines.append(_END.format(id=rule_id))
    return "\n".join(lines) + "\n"


# deciding a tool call (the PreToolUse hook) ---------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    deny: bool
    reason: str = ""
    rule: str = ""


ALLOW = Decision(False)


def decide(event: dict[str, Any], enforced: list[Enforced], workspace: Path) -> Decision:
    """Whether the tool call of a Claude Code ``PreToolUse`` ``event`` breaks one of the rules
    ``enforced`` for Claude Code in ``workspace``: a deny naming the rule, else allow."""
    tool, given = event.get("tool_name"), event.get("tool_input")
    if not isinstance(given, dict):
        return ALLOW
    cwd = event.get("cwd") if isinstance(event.get("cwd"), str) else str(workspace)
    for record in enforced:
        if record.agent != CLAUDE:
            continue
        check = _check_of(record.check)
        if check is None:
            continue
        if check.kind == "forbidden_command" and tool == "Bash" and isinstance(given.get("command"), str):
            broken = breaking(check, given["command"])
            if broken:
                return Decision(True, _reason(record, check, f"runs {broken[0].program}"), record.rule)
        elif check.kind == "forbidden_path" and tool in ("Edit", "Write", "MultiEdit", "NotebookEdit"):
            target = given.get("file_path") or given.get("notebook_path")
            if isinstance(target, str):
                under = path_forbidden(check, relative(target, str(cwd), workspace))
                if under:
                    return Decision(True, _reason(record, check, f"edits {under}"), record.rule)
    return ALLOW


def _reason(record: Enforced, check: Check, what: str) -> str:
    instead = f" Use {check.alternative} instead." if check.alternative else ""
    return (f"Context Center enforces the standing rule {record.source}: \"{record.text}\". This call {what}, which "
            f"the rule forbids.{instead}")


def count_denial(rows: Callable[[str, int], KeptRows], project: str, rule: str) -> None:
    denied = rows(DENIED_KIND.format(project=project), KEPT_ENFORCED)
    count = denied.get(rule)
    calls = int(count[0]) + 1 if isinstance(count, list) and count and isinstance(count[0], int) else 1
    now = clock.format_timestamp(clock.now())
    denied.put(rule, [calls, now], now)
