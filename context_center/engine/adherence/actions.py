"""What an agent did in a session, read from its own transcript: the shell commands it ran (with
whether they failed) and the files it edited, each with its time.

- Claude Code: an assistant line's ``tool_use`` blocks: ``Bash`` (``input.command``) is a
  command; ``Edit``, ``Write``, ``MultiEdit`` and ``NotebookEdit`` edit ``input.file_path``
  (``notebook_path``); a later ``tool_result`` with ``is_error`` marks the command failed.
- Codex: ``response_item`` payloads: ``function_call`` (``shell``, ``exec_command``,
  ``local_shell``…) whose ``arguments`` hold ``command`` (a list: ``["bash", "-lc", SCRIPT]``, or
  ``["apply_patch", PATCH]``) and ``workdir``; ``local_shell_call``; ``custom_tool_call`` named
  ``apply_patch``. A patch edits each file its ``*** Update/Add/Delete File:`` and ``*** Move
  to:`` lines name. ``function_call_output``'s ``metadata.exit_code`` says how a command ended.

A session belongs to the workspace its recorded working folder is in (never one recorded
elsewhere). Transcripts are untrusted: a file that is not regular or is too large is not read, a
garbled line is skipped, and a command's text is masked for secrets before it is kept.
"""
from __future__ import annotations

import datetime as dt
import json
import posixpath
import re
import shlex
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import clock
from ..memory.sensitive import redact
from ..transcripts.files import claude_files, claude_projects, codex_sessions, json_lines, newest_first, within

EDIT_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit"})
SHELL_TOOLS = frozenset({"shell", "exec_command", "local_shell", "container.exec", "shell_command"})
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$", re.MULTILINE)
MAX_SESSIONS = 2000        # files read at most per agent (newest first)
MAX_ACTIONS = 20_000       # actions kept per session


@dataclass(frozen=True)
class Action:
    kind: str                 # "command" | "edit"
    timestamp: str
    text: str                 # the command as run (secrets masked), or the edited path as written
    path: str = ""            # an edit: the path relative to the workspace ("" when outside it)
    failed: bool | None = None   # a command: whether it failed (None: not recorded)
    call: str = ""            # the tool call's id, to pair it with its result
    run: str = ""             # a command as run, read for what it starts and never shown (``text`` is masked)

    @property
    def command(self) -> str:
        return self.run or self.text


@dataclass
class ToolSession:
    agent: str                # "claude-code" | "codex"
    session: str
    path: Path
    cwd: str
    started: str = ""
    ended: str = ""
    actions: list[Action] = field(default_factory=list)

    def note(self, stamp: str) -> None:
        if stamp:
            self.started = min(self.started, stamp) if self.started else stamp
            self.ended = max(self.ended, stamp)


def sessions(workspace: Path, home: Path, agents: tuple[str, ...] = ("claude-code", "codex"),
             since: str = "") -> list[ToolSession]:
    """The sessions of ``workspace`` by ``agents`` that ended at or after ``since`` (an RFC 3339
    time; "" for all), newest first."""
    found: list[ToolSession] = []
    if "claude-code" in agents:
        for path in claude_files(claude_projects(home), workspace)[:MAX_SESSIONS]:
            session = read_claude(path, workspace)
            if session is not None and session.ended >= since:
                found.append(session)
    if "codex" in agents:
        for path in newest_first(codex_sessions(home), "**/*.jsonl")[:MAX_SESSIONS]:
            session = read_codex(path, workspace)
            if session is not None and session.ended >= since:
                found.append(session)
    return sorted(found, key=lambda s: s.ended, reverse=True)


def relative(path: str, base: str, workspace: Path) -> str:
    """``path`` (absolute, or relative to ``base``) relative to the workspace, ``..`` resolved;
    "" when it is outside the workspace."""
    if not path:
        return ""
    joined = path if posixpath.isabs(path) else posixpath.join(base or str(workspace), path)
    normal = posixpath.normpath(joined)
    root = posixpath.normpath(str(workspace.resolve()))
    if normal == root or not normal.startswith(root + "/"):
        plain = posixpath.normpath(str(workspace))
        if not normal.startswith(plain + "/"):
            return ""
        root = plain
    return normal[len(root) + 1:]


def _masked(text: str) -> str:
    return redact(text)[0]


def read_claude(path: Path, workspace: Path) -> ToolSession | None:
    session: ToolSession | None = None
    pending: dict[str, int] = {}
    for entry in json_lines(path):
        cwd = entry.get("cwd")
        if session is None:
            if not isinstance(cwd, str):
                continue
            if not within(cwd, workspace):
                return None   # another workspace's history: never read further
            session = ToolSession("claude-code", str(entry.get("sessionId") or path.stem), path, cwd)
        stamp = str(entry.get("timestamp") or "")
        session.note(stamp)
        message = entry.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            continue
        base = cwd if isinstance(cwd, str) else session.cwd
        for block in content:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_use" and len(session.actions) < MAX_ACTIONS:
                name, given = block.get("name"), block.get("input")
                given = given if isinstance(given, dict) else {}
                call = str(block.get("id") or "")
                if name == "Bash" and isinstance(given.get("command"), str):
                    pending[call] = len(session.actions)
                    session.actions.append(Action("command", stamp, _masked(given["command"]), call=call,
                                                  run=given["command"]))
                elif name in EDIT_TOOLS:
                    target = given.get("file_path") or given.get("notebook_path")
                    if isinstance(target, str):
                        session.actions.append(Action("edit", stamp, target, relative(target, base, workspace)))
            elif block.get("type") == "tool_result":
                index = pending.pop(str(block.get("tool_use_id") or ""), None)
                if index is not None:
                    done = session.actions[index]
                    session.actions[index] = replace(done, failed=bool(block.get("is_error")))
    return session


def read_codex(path: Path, workspace: Path) -> ToolSession | None:
    session: ToolSession | None = None
    pending: dict[str, int] = {}
    for entry in json_lines(path):
        kind = entry.get("type")
        raw = entry.get("payload")
        payload: dict[str, Any] = raw if isinstance(raw, dict) else entry
        stamp = str(entry.get("timestamp") or payload.get("timestamp") or "")
        if session is None:
            cwd = payload.get("cwd") if kind in ("session_meta", "turn_context") else None
            if not isinstance(cwd, str):
                continue
            if not within(cwd, workspace):
                return None
            session = ToolSession("codex", str(payload.get("id") or path.stem), path, cwd)
        session.note(stamp)
        if len(session.actions) >= MAX_ACTIONS:
            continue
        item = payload.get("type")
        if item in ("function_call", "local_shell_call"):
            arguments = _arguments(payload)
            command = arguments.get("command")
            workdir = arguments.get("workdir")
            base = workdir if isinstance(workdir, str) else session.cwd
            call = str(payload.get("call_id") or payload.get("id") or "")
            if item == "function_call" and payload.get("name") not in (*SHELL_TOOLS, "apply_patch"):
                continue
            if payload.get("name") == "apply_patch":
                _patched(session, str(arguments.get("input") or arguments.get("patch") or ""), stamp, base, workspace)
                continue
            words = [w for w in command if isinstance(w, str)] if isinstance(command, list) else \
                [command] if isinstance(command, str) else []
            if not words:
                continue
            if words[0] == "apply_patch":
                _patched(session, " ".join(words[1:]), stamp, base, workspace)
                continue
            if len(words) >= 3 and words[0] in ("bash", "sh", "zsh") and words[1] in ("-lc", "-c", "-ec"):
                script = words[2]   # the script Codex wraps every command in
            else:
                script = command if isinstance(command, str) else shlex.join(words)
            if "*** Begin Patch" in script:
                _patched(session, script, stamp, base, workspace)
                continue
            pending[call] = len(session.actions)
            session.actions.append(Action("command", stamp, _masked(script), call=call, run=script))
        elif item == "custom_tool_call" and payload.get("name") == "apply_patch":
            _patched(session, str(payload.get("input") or ""), stamp, session.cwd, workspace)
        elif item in ("function_call_output", "custom_tool_call_output"):
            index = pending.pop(str(payload.get("call_id") or ""), None)
            if index is not None:
                done = session.actions[index]
                session.actions[index] = replace(done, failed=_failed(payload.get("output")))
    return session


def _arguments(payload: dict[str, Any]) -> dict[str, Any]:
    if payload.get("type") == "local_shell_call":
        action = payload.get("action")
        return action if isinstance(action, dict) else {}
    raw = payload.get("arguments")
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError):
            return {}
        return value if isinstance(value, dict) else {}
    return {}


def _patched(session: ToolSession, patch: str, stamp: str, base: str, workspace: Path) -> None:
    for update, moved in _PATCH_FILE.findall(patch):
        target = (update or moved).strip()
        session.actions.append(Action("edit", stamp, target, relative(target, base, workspace)))


def _failed(output: object) -> bool | None:
    """How a Codex command ended, from its output's ``metadata.exit_code`` (a JSON string or object)."""
    value: Any = output
    if isinstance(output, str):
        try:
            value = json.loads(output)
        except (ValueError, RecursionError):
            match = re.search(r"(?:Exit code|exit_code)\W+(-?\d+)", output)
            return int(match.group(1)) != 0 if match else None
    if isinstance(value, dict):
        metadata = value.get("metadata")
        code = metadata.get("exit_code") if isinstance(metadata, dict) else value.get("exit_code")
        if isinstance(code, int) and not isinstance(code, bool):
            return code != 0
    return None


def since_days(days: int) -> str:
    """The RFC 3339 time ``days`` ago."""
    return clock.format_timestamp(clock.now() - dt.timedelta(days=days))

