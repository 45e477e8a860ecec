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
the file is read again just before. A JSON file is changed only where an entry is added, replaced
or removed (json_splice): every other byte stays, its numbers, escapes, duplicate keys and layout
included; TOML is edited with tomlkit, which keeps comments and key order. A file that cannot be
parsed, or whose ``hooks`` or ``mcpServers`` is not what Claude Code documents, is left as it is,
with the reason. A file is written where a link leads, keeping its mode and group; a link to
nothing, and another user's file, are refused.
"""
from __future__ import annotations

import contextlib
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
from ..storage.atomic_write import create_exclusive, write_atomic
from .agent_files import CLAUDE, CODEX, AgentFile, Loaded, claude_home, claude_json, codex_config, load, read_text
from .json_splice import SpliceError, splice
from .registrations import HOOK_EVENTS, MCP, SERVER_NAME, hook_form, program, runs_this_install, words

AGENTS = (CLAUDE, CODEX)


class ChangedMeanwhile(RefusedError):
    """The file changed after the change was shown: nothing was written."""

    code = "CHANGED_MEANWHILE"


class Unparseable(RefusedError):
    """An agent's file cannot be read as its format, or its hooks or servers are not shaped as documented."""

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
        edits = [json_edit(AgentFile(CLAUDE, "user", "hooks", claude_home(home) / "settings.json", "json"),
                       lambda data: _claude_hooks(data, state_root, remove)),
                 json_edit(AgentFile(CLAUDE, "user", "mcp", claude_json(home), "json"),
                       lambda data: _claude_server(data, state_root, remove))]
    elif agent == CODEX:
        edits = [_codex_edit(codex_config(home), state_root, remove)]
    else:
        raise InvalidInput(f"connect one of {', '.join(AGENTS)}, not {agent!r}")
    found = [edit for edit in edits if edit is not None]
    for edit in found:
        _check_target(edit.path)
    return found


def apply(edits: list[Edit]) -> list[Path | None]:
    """Write ``edits``, each after a backup of its file; returns the backups (None for a new file).
    Every file is checked before any is written: :class:`ChangedMeanwhile`, and nothing written,
    when one is no longer what its edit was made from. A file that is a link is written where it
    leads (a dotfiles manager's link stays a link)."""
    for edit in edits:
        _check_target(edit.path)
        if read_text(edit.path) != edit.before:
            raise ChangedMeanwhile(f"{edit.path} changed since the change was shown (its agent may be running); "
                                   "nothing was written: look at the change again")
    return [_write(edit) for edit in edits]


class UnsafeTarget(RefusedError):
    """The file is not one connect may write: another user's, or a link to nothing."""

    code = "UNSAFE_TARGET"


def _check_target(path: Path) -> None:
    """Refuse a file that is (or lies in a folder that is) a link to nothing — connect would
    make the link's target, folders and all, wherever it points — and a file of another user:
    written in its place, it would become this user's (root's), and its owner's no more."""
    for place in (path, *path.parents):
        if os.path.islink(place) and not os.path.exists(place):
            raise UnsafeTarget(f"{place} is a link to {os.readlink(place)}, which does not exist; nothing was "
                               "written (connect never makes what a link points to)")
    target = Path(os.path.realpath(path))
    try:
        owner = target.stat().st_uid
    except FileNotFoundError:
        return
    if owner != os.geteuid():
        raise UnsafeTarget(f"{target} belongs to another user (uid {owner}); nothing was written: connect "
                           "writes only the files of the user it runs as")


def _write(edit: Edit) -> Path | None:
    target = Path(os.path.realpath(edit.path))
    backup = None
    found = target.stat() if edit.before is not None else None
    mode = found.st_mode & 0o7777 if found is not None else None
    if edit.before is not None:
        stamp = clock.now().strftime("%Y%m%d-%H%M%S-%f")[:-3]
        backup = target.with_name(f"{target.name}.context-center-backup-{stamp}")
        counter = 1
        while not create_exclusive(backup, edit.before):   # an earlier backup is never overwritten
            backup = target.with_name(f"{target.name}.context-center-backup-{stamp}-{counter}")
            counter += 1
        os.chmod(backup, mode or 0o600)   # ~/.claude.json holds tokens: its copies are as private as it is
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, edit.after)
    if found is not None:   # the file as it was: its mode, and its group where this user may give it
        os.chmod(target, found.st_mode & 0o7777)
        if target.stat().st_gid != found.st_gid:
            with contextlib.suppress(OSError):
                os.chown(target, -1, found.st_gid)
    return backup


# Claude Code ---------------------------------------------------------------------------------------

def json_edit(file: AgentFile, change: Any) -> Edit | None:
    loaded = load(file)
    if loaded.problem:
        raise Unparseable(f"{file.path} {loaded.problem}; it is left as it is")
    data = json.loads(json.dumps(loaded.data or {}))   # a copy to change (a file not there yet: empty)
    try:
        summary = change(data)
    except Unparseable as exc:
        raise Unparseable(f"{file.path}: {exc.message}") from None
    if not summary:
        return None
    text = loaded.text or ""
    try:
        if text.strip():   # only what changes is written: every other byte of the file stays
            after = splice(text, loaded.data, data, _indent(text))
        else:
            after = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    except SpliceError as exc:
        raise Unparseable(f"{file.path}: {exc}; it is left as it is") from None
    except ValueError:   # 1e400 reads as infinity, which JSON cannot write back (kept where nothing changes)
        raise Unparseable(f"{file.path} holds a number JSON cannot write back as it was; it is left as it is") \
            from None
    return Edit(file.agent, file.path, loaded.text, after, tuple(summary)) if after != loaded.text else None


def _indent(text: str | None) -> int | str | None:
    """The file's own indentation: its first indented line's; none for a file on one line."""
    if text and text.strip() and "\n" not in text.strip():
        return None
    found = re.search(r"^([ \t]+)\S", text or "", re.MULTILINE)
    if found is None:
        return 2
    return "\t" if found.group(1).startswith("\t") else len(found.group(1))


def _json_type(value: Any) -> str:
    """What a parsed JSON value is, in JSON's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def _ours(command: Any) -> bool:
    """A hook command that is this install's own hook (what connect wrote, or the manual's line)."""
    return isinstance(command, str) and hook_form(words(command))


def hooks_of(data: dict[str, Any]) -> dict[str, Any]:
    """A Claude Code settings file's ``hooks`` object; :class:`Unparseable` when it is of another
    type (null too: that is Claude Code's to judge, not ours)."""
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict):
        raise Unparseable(f"its \"hooks\" is {_json_type(hooks)}, not an object; it is left as it is")
    return hooks


def hook_groups(hooks: dict[str, Any], event: str) -> list[Any]:
    """The groups of one hook event; :class:`Unparseable` when that is not a list."""
    groups = hooks.get(event, [])
    if not isinstance(groups, list):
        raise Unparseable(f"its \"hooks\" \"{event}\" is {_json_type(groups)}, not a list; it is left as it is")
    return groups


def _claude_hooks(data: dict[str, Any], state_root: Path, remove: bool) -> list[str]:
    hooks = hooks_of(data)
    summary: list[str] = []
    for event in HOOK_EVENTS:
        wanted = hook_command(state_root, session_start=event == "SessionStart")
        groups = hook_groups(hooks, event)
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
    servers = data.get("mcpServers", {})
    if not isinstance(servers, dict):
        raise Unparseable(f"its \"mcpServers\" is {_json_type(servers)}, not an object; it is left as it is")
    servers = dict(servers)
    summary = _pin_servers(servers, state_root, remove, lambda: {"type": "stdio", "env": {}})
    if summary and (servers or "mcpServers" in data):
        data["mcpServers"] = servers
    return summary


def _pin_servers(servers: Any, state_root: Path, remove: bool, new_entry: Any,
                 extra: dict[str, str] | None = None) -> list[str]:
    """Pin (or remove) our MCP server in an agent's table of servers, in place: one rule for both
    agents. Ours: an entry that runs this install's ``mcp``, and the entry under our name that
    runs a ``context-center`` (the manual's hand-written line, re-pinned). Re-pinning changes only
    the command and its ``--state-root``: the entry's other arguments (``--policy review``), its
    ``env`` and any other key stay. An entry of another server under our name is kept beside."""
    command, args = server_entry(state_root)
    ours = [name for name, entry in servers.items() if _is_our_server(entry) or
            (name == SERVER_NAME and _mentions_context_center(entry))]
    summary = [f"remove the MCP server {name!r} ({_said(servers[name])})" for name in ours
               if remove or name != SERVER_NAME]
    for name in ours:
        if remove or name != SERVER_NAME:
            del servers[name]
    if remove:
        return summary
    current = servers.get(SERVER_NAME)
    if current is not None and SERVER_NAME not in ours:   # another server under our name
        servers[f"{SERVER_NAME}-previous"] = servers.pop(SERVER_NAME)
        summary.append(f"keep the earlier {SERVER_NAME!r} entry as {SERVER_NAME + '-previous'!r}")
        current = None
    pinned = [*args[:-1], *_kept_arguments(current)]
    wanted = {"command": command, "args": pinned, **(extra or {})}
    if current is not None and all(current.get(key) == value for key, value in wanted.items()):
        return summary
    if current is None:
        current = new_entry()
        servers[SERVER_NAME] = current
        summary.append(f"add the MCP server {SERVER_NAME!r}: {shlex.join([command, *pinned])}")
    else:
        summary.append(f"pin the MCP server {SERVER_NAME!r}: {shlex.join([command, *pinned])}")
    for key, value in wanted.items():
        current[key] = value
    return summary


def _kept_arguments(entry: Any) -> list[str]:
    """An entry's own arguments after ``mcp`` is reached, without any ``--state-root`` (ours is
    put before them): ``["mcp", "--policy", "review"]``; ``["mcp"]`` for a new entry."""
    args = [a for a in (entry.get("args") or []) if isinstance(a, str)] if isinstance(entry, dict) else []
    kept: list[str] = []
    skip = False
    for word in args[args.index(MCP):] if MCP in args else []:
        if skip:
            skip = False
        elif word == "--state-root":
            skip = True
        elif not word.startswith("--state-root="):
            kept.append(word)
    return kept or [MCP]


def _is_our_server(entry: Any) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
        return False
    args = entry.get("args") or []
    argv = (entry["command"], *[a for a in args if isinstance(a, str)])
    return runs_this_install(argv) and MCP in argv


def _mentions_context_center(entry: Any) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
        return False
    words_of = [entry["command"], *[a for a in entry.get("args") or [] if isinstance(a, str)]]
    return any(Path(word).name == "context-center" for word in words_of) or "context_center" in words_of


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
    approve = settings.get("approval_policy") == "never"
    if servers is None:
        if remove:
            return None
        servers = tomlkit.table(is_super_table=True)
        document["mcp_servers"] = servers
    summary = _pin_servers(servers, state_root, remove, tomlkit.table,
                           {"default_tools_approval_mode": "approve"} if approve else None)
    if summary and approve and not remove:
        summary.append("its tools approved: Codex runs with approval_policy = \"never\", which refuses every MCP "
                       "call otherwise")
    if not summary:
        return None
    after = tomlkit.dumps(document)
    return Edit(CODEX, path, loaded.text, after, tuple(summary)) if after != loaded.text else None
