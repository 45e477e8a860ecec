"""Connecting agents: the exact change to each agent's file, shown before it is written, and written
so that nothing else in the file changes.

What is added is pinned to one store (``--state-root`` in the command), so every agent reaches the
store the window shows whatever its environment: for Claude Code the ``UserPromptSubmit`` and
``SessionStart`` hooks in ``~/.claude/settings.json`` and the MCP server in ``~/.claude.json``
(user scope: an agent binds a project with ``projectPath`` or ``memory_bind``); for Codex the MCP
server in ``config.toml`` (with ``default_tools_approval_mode = "approve"`` when Codex runs with
``approval_policy = "never"``, which otherwise refuses every call). Connecting again re-pins; an
entry of this install that is already there is replaced, never doubled; removing takes out exactly
the entries that run this install, and nothing else.

A write keeps a backup of the file beside it, replaces the file atomically, and is refused when the
file changed since the change was shown (Claude Code rewrites ``~/.claude.json`` while it runs):
the file is read again just before. JSON files keep their other keys and their indentation; TOML is
edited with tomlkit, which keeps comments and key order. A file that cannot be parsed is left as it
is, with the reason.
"""
from __future__ import annotations

import difflib
import json
import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import clock
from ..errors import InvalidInput, RefusedError
from ..storage.atomic_write import write_atomic
from .agent_files import CLAUDE, CODEX, AgentFile, Loaded, claude_home, claude_json, codex_config, load, read_text
from .registrations import HOOK_EVENTS, MCP, SERVER_NAME, hook_form, program, runs_this_install, words

AGENTS = (CLAUDE, CODEX)


class ChangedMeanwhile(RefusedError):
    """The file changed after the change was shown: nothing was written."""

    code = "CHANGED_MEANWHILE"


class Unparseable(RefusedError):
    code = "UNPARSEABLE"


@dataclass(frozen=True)
class Edit:
    """One file's change: its text before (None: a new file) and after, and the diff shown."""

    agent: str
    path: Path
    before: str | None
    after: str
    summary: tuple[str, ...]

    @property
    def diff(self) -> str:
        before = (self.before or "").splitlines(keepends=True)
        return "".join(difflib.unified_diff(before, self.after.splitlines(keepends=True),
                                            f"{self.path} (now)" if self.before is not None else "/dev/null",
                                            f"{self.path} (after)"))

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "path": str(self.path), "new_file": self.before is None,
                "summary": list(self.summary), "diff": self.diff}


def hook_command(state_root: Path, session_start: bool = False) -> str:
    return shlex.join([*program(), "--state-root", str(state_root), "hook", "claude-code",
                       *(["--session-start"] if session_start else [])])


def server_entry(state_root: Path) -> tuple[str, list[str]]:
    command, *rest = program()
    return command, [*rest, "--state-root", str(state_root), "mcp"]


def plan(agent: str, state_root: Path, home: Path, *, remove: bool = False) -> list[Edit]:
    """The edits that connect ``agent`` to ``state_root`` (or, ``remove``, disconnect it); the
    files that would not change are left out. :class:`Unparseable` names a file that cannot be
    edited."""
    if agent == CLAUDE:
        edits = [_edit(AgentFile(CLAUDE, "user", "hooks", claude_home(home) / "settings.json", "json"),
                       lambda data: _claude_hooks(data, state_root, remove)),
                 _edit(AgentFile(CLAUDE, "user", "mcp", claude_json(home), "json"),
                       lambda data: _claude_server(data, state_root, remove))]
    elif agent == CODEX:
        edits = [_codex_edit(codex_config(home), state_root, remove)]
    else:
        raise InvalidInput(f"connect one of {', '.join(AGENTS)}, not {agent!r}")
    return [edit for edit in edits if edit is not None]


def apply(edit: Edit) -> Path | None:
    """Write ``edit`` after a backup of the file; returns the backup (None for a new file).
    :class:`ChangedMeanwhile` when the file is no longer what the edit was made from."""
    if read_text(edit.path) != edit.before:
        raise ChangedMeanwhile(f"{edit.path} changed since the change was shown (its agent may be running); "
                               "nothing was written: look at the change again")
    backup = None
    mode = edit.path.stat().st_mode & 0o7777 if edit.before is not None else None
    if edit.before is not None:
        stamp = clock.now().strftime("%Y%m%d-%H%M%S")
        backup = edit.path.with_name(f"{edit.path.name}.context-center-backup-{stamp}")
        write_atomic(backup, edit.before)
        os.chmod(backup, mode or 0o600)   # ~/.claude.json holds tokens: its copies are as private as it is
    edit.path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(edit.path, edit.after)
    if mode is not None:
        os.chmod(edit.path, mode)
    return backup


# Claude Code ---------------------------------------------------------------------------------------

def _edit(file: AgentFile, change: Any) -> Edit | None:
    loaded = load(file)
    if loaded.problem:
        raise Unparseable(f"{file.path} {loaded.problem}; it is left as it is")
    data = json.loads(json.dumps(loaded.data or {}))   # a copy to change (a file not there yet: empty)
    summary = change(data)
    if not summary:
        return None
    text = loaded.text or ""
    after = json.dumps(data, indent=_indent(text), ensure_ascii=False) + ("\n" if text.endswith("\n") or not text
                                                                          else "")
    return Edit(file.agent, file.path, loaded.text, after, tuple(summary)) if after != loaded.text else None


def _indent(text: str | None) -> int | str | None:
    """The file's own indentation: its first indented line's; none for a file on one line."""
    if text and text.strip() and "\n" not in text.strip():
        return None
    found = re.search(r"^([ \t]+)\S", text or "", re.MULTILINE)
    if found is None:
        return 2
    return "\t" if found.group(1).startswith("\t") else len(found.group(1))


def _ours(command: Any) -> bool:
    """A hook command that is this install's own hook (what connect wrote, or the README's line)."""
    return isinstance(command, str) and hook_form(words(command))


def _claude_hooks(data: dict[str, Any], state_root: Path, remove: bool) -> list[str]:
    hooks = data.get("hooks")
    if hooks is not None and not isinstance(hooks, dict):
        raise Unparseable("its \"hooks\" is not an object; it is left as it is")
    hooks = hooks if hooks is not None else {}
    summary: list[str] = []
    for event in HOOK_EVENTS:
        wanted = hook_command(state_root, session_start=event == "SessionStart")
        listed = hooks.get(event)
        groups: list[Any] = listed if isinstance(listed, list) else []
        had = [h.get("command") for g in groups if isinstance(g, dict) for h in g.get("hooks") or []
               if isinstance(h, dict) and _ours(h.get("command"))]
        if not remove and had == [wanted]:
            continue
        kept = []
        for group in groups:
            if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                rest = [h for h in group["hooks"] if not (isinstance(h, dict) and _ours(h.get("command")))]
                if rest:
                    kept.append({**group, "hooks": rest})
            else:
                kept.append(group)
        if not remove:
            kept.append({"hooks": [{"type": "command", "command": wanted}]})
        if kept:
            hooks[event] = kept
        else:
            hooks.pop(event, None)
        summary += [f"{'remove' if remove else 'replace'} the {event} hook {old}" for old in had
                    if remove or old != wanted]
        summary += [] if remove else [f"add the {event} hook {wanted}"]
    if summary:
        if hooks:
            data["hooks"] = hooks
        else:
            data.pop("hooks", None)
    return summary


def _claude_server(data: dict[str, Any], state_root: Path, remove: bool) -> list[str]:
    servers = data.get("mcpServers")
    if servers is not None and not isinstance(servers, dict):
        raise Unparseable("its \"mcpServers\" is not an object; it is left as it is")
    servers = dict(servers or {})
    command, args = server_entry(state_root)
    wanted = {"type": "stdio", "command": command, "args": args, "env": {}}
    ours = [name for name, entry in servers.items() if _is_our_server(entry)]
    if not remove and ours == [SERVER_NAME] and servers[SERVER_NAME] == wanted:
        return []
    summary = [f"remove the MCP server {name!r} ({_said(servers[name])})" for name in ours
               if remove or name != SERVER_NAME]
    for name in ours:
        del servers[name]
    if not remove:
        if SERVER_NAME in servers:   # someone else's entry under our name: theirs is kept beside
            servers[f"{SERVER_NAME}-previous"] = servers.pop(SERVER_NAME)
            summary.append(f"keep the earlier {SERVER_NAME!r} entry as {SERVER_NAME + '-previous'!r}")
        servers[SERVER_NAME] = wanted
        summary.append(f"add the MCP server {SERVER_NAME!r} for every project: {shlex.join([command, *args])}")
    if servers or "mcpServers" in data:
        data["mcpServers"] = servers
    return summary


def _is_our_server(entry: Any) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
        return False
    args = entry.get("args") or []
    argv = (entry["command"], *[a for a in args if isinstance(a, str)])
    return runs_this_install(argv) and MCP in argv


def _said(entry: Any) -> str:
    if isinstance(entry, dict) and isinstance(entry.get("command"), str):
        return shlex.join([entry["command"], *[a for a in entry.get("args") or [] if isinstance(a, str)]])
    return "an entry"


# Codex ---------------------------------------------------------------------------------------------

def _codex_edit(path: Path, state_root: Path, remove: bool) -> Edit | None:
    import tomlkit

    loaded: Loaded = load(AgentFile(CODEX, "user", "mcp", path, "toml"))
    if loaded.problem:
        raise Unparseable(f"{path} {loaded.problem}; it is left as it is")
    settings = loaded.data or {}
    document = tomlkit.parse(loaded.text or "")
    servers = document.get("mcp_servers")
    if servers is not None and not isinstance(servers, dict):
        raise Unparseable(f"{path}: its mcp_servers is not a table; it is left as it is")
    command, args = server_entry(state_root)
    ours = [name for name, entry in (servers or {}).items() if _is_our_server(entry)]
    approve = settings.get("approval_policy") == "never"
    current = (servers or {}).get(SERVER_NAME)
    if not remove and ours == [SERVER_NAME] and current is not None and current.get("command") == command and \
            list(current.get("args") or []) == args and (not approve or
                                                          current.get("default_tools_approval_mode") == "approve"):
        return None
    summary = [f"remove the MCP server {name!r}" for name in ours if remove or name != SERVER_NAME]
    if servers is not None:
        for name in ours:
            del servers[name]
    if not remove:
        if servers is None:
            servers = tomlkit.table(is_super_table=True)
            document["mcp_servers"] = servers
        if SERVER_NAME in servers:
            servers[f"{SERVER_NAME}-previous"] = servers.pop(SERVER_NAME)
            summary.append(f"keep the earlier {SERVER_NAME!r} entry as {SERVER_NAME + '-previous'!r}")
        entry = tomlkit.table()
        entry["command"] = command
        entry["args"] = args
        if approve:
            entry["default_tools_approval_mode"] = "approve"
        servers[SERVER_NAME] = entry
        summary.append(f"add the MCP server {SERVER_NAME!r}: {shlex.join([command, *args])}" +
                       (" (its tools approved: Codex runs with approval_policy = \"never\")" if approve else ""))
    if not summary:
        return None
    after = tomlkit.dumps(document)
    return Edit(CODEX, path, loaded.text, after, tuple(summary)) if after != loaded.text else None
