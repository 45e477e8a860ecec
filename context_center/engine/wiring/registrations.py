"""What the agents' files register of ours: each hook and MCP server that runs Context Center, the
program it starts, and the store that command will open, and why.

A command reaches the store the one rule of user_config.py gives it: its own ``--state-root``, else
``$CONTEXT_CENTER_HOME`` in the environment the agent gives it (Claude Code passes its own on;
Codex passes a stdio server only the ``env`` of its entry), else the config file, else the default.
Whether a command runs *this* install decides whether doctor may run it: any other program (a
project's ``.claude/settings.json`` comes with every clone) is reported, never run.
"""
from __future__ import annotations

import os
import shlex
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping

from ..errors import EngineError
from ..storage.user_config import choose_state_root
from .agent_files import CLAUDE, CODEX, Loaded

HOOK_EVENTS = ("UserPromptSubmit", "SessionStart")
MCP = "mcp"
SERVER_NAME = "context-center"


@dataclass(frozen=True)
class Registration:
    """One hook or MCP server of ours in an agent's file."""

    agent: str
    file: Path
    scope: str
    kind: str                          # a hook event, or "mcp"
    name: str                          # the MCP server's name, or the event
    command: str                       # as written (a hook's shell command; a server's command and args)
    argv: tuple[str, ...]              # its words, when it is a plain command ("": a shell line we do not run)
    env: tuple[tuple[str, str], ...] = ()
    url: str = ""                      # an MCP server over HTTP: its store is the server's
    this_install: bool = False         # this install's own command (a hook: exactly its hook form)
    store: Path | None = None
    store_source: str = ""             # "flag", "env", "config", "default"; "" when not known
    problem: str = ""                  # why its store cannot be told (a config file that cannot be used)
    entry: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "file": str(self.file), "scope": self.scope, "kind": self.kind,
                "name": self.name, "command": self.command, "url": self.url or None,
                "env": dict(self.env), "this_install": self.this_install,
                "store": str(self.store) if self.store is not None else None, "store_source": self.store_source,
                "problem": self.problem or None}


def program() -> list[str]:
    """The command that starts this install: its ``context-center`` script beside the interpreter,
    else the interpreter with ``-m context_center``. Absolute, so an agent's PATH does not matter."""
    script = Path(sys.executable).parent / "context-center"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "context_center"]


def resolved_program(word: str) -> str | None:
    """``word`` as the absolute file an agent would start: an absolute path, or a bare name found
    on PATH (made absolute: "." on PATH must not mean the workspace). A relative path with a slash
    names a file of whatever directory the agent runs in: None."""
    if os.path.isabs(word):
        return word
    if "/" in word:
        return None
    found = shutil.which(word)
    return os.path.abspath(found) if found else None


def runs_this_install(argv: tuple[str, ...]) -> bool:
    if not argv:
        return False
    found = resolved_program(argv[0])
    if not found:
        return False
    ours = program()
    if len(ours) == 1:
        if _same_file(found, ours[0]):
            return True
    return _same_file(found, sys.executable) and list(argv[1:3]) == ["-m", "context_center"]


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def words(command: str) -> tuple[str, ...]:
    """The words of a shell command when it is written as :func:`shlex.join` writes words (bare
    safe words, anything else in single quotes, where a shell expands nothing), else (): doctor
    never runs a line a shell could read as more than a list of words (``;``, ``$(…)``, a glob,
    double quotes…), whatever it would do."""
    try:
        argv = tuple(shlex.split(command))
    except ValueError:
        return ()
    return argv if argv and shlex.join(argv) == command.strip() else ()


def hook_form(argv: tuple[str, ...]) -> bool:
    """Is ``argv`` exactly this install's hook: the program, then ``--state-root DIR`` at most,
    then ``hook claude-code`` and ``--session-start`` at most? Only such a command is ever run or
    replaced (``… --workspace hook config set …`` names "hook" too, and is no hook)."""
    return _hook_words(argv) in (["hook", "claude-code"], ["hook", "claude-code", "--session-start"])


def tool_hook_form(argv: tuple[str, ...]) -> bool:
    """Is ``argv`` exactly this install's PreToolUse hook (``… hook claude-code --pre-tool-use``),
    the one enforcement writes and takes back?"""
    return _hook_words(argv) == ["hook", "claude-code", "--pre-tool-use"]


def _hook_words(argv: tuple[str, ...]) -> list[str] | None:
    """The words after this install's program and its ``--state-root DIR``, or None."""
    if not runs_this_install(argv):
        return None
    rest = list(argv[len(program()):]) if list(argv[:len(program())]) == program() else list(argv[1:])
    if rest[:1] == ["--state-root"] and len(rest) >= 2:
        rest = rest[2:]
    elif rest[:1] and rest[0].startswith("--state-root="):
        rest = rest[1:]
    return rest


def mentions_us(argv: tuple[str, ...], command: str) -> bool:
    if argv:
        return any(Path(word).name == "context-center" for word in argv) or "context_center" in argv
    return "context-center" in command or "context_center" in command


def state_root_flag(argv: tuple[str, ...]) -> str | None:
    for index, word in enumerate(argv):
        if word == "--state-root" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--state-root="):
            return word.split("=", 1)[1]
    return None


def find(loaded: list[Loaded], workspace: Path | None, environ: Mapping[str, str] | None = None) -> list[Registration]:
    """Every registration of ours in ``loaded`` files."""
    environ = os.environ if environ is None else environ
    found: list[Registration] = []
    for item in loaded:
        if item.data is None:
            continue
        if item.file.holds == "hooks":
            found += _hooks(item, environ)
        elif item.file.agent == CLAUDE:
            found += _claude_servers(item, workspace, environ)
        else:
            found += _codex_servers(item)
    return found


def _hooks(item: Loaded, environ: Mapping[str, str]) -> Iterator[Registration]:
    hooks = item.data.get("hooks") if item.data else None
    if not isinstance(hooks, dict):
        return
    for event in HOOK_EVENTS:
        for group in hooks.get(event) or []:
            for hook in (group.get("hooks") or []) if isinstance(group, dict) else []:
                command = hook.get("command") if isinstance(hook, dict) else None
                if not isinstance(command, str):
                    continue
                argv = words(command)
                if mentions_us(argv, command) and ("hook" in argv or (not argv and " hook " in f" {command} ")):
                    yield _registration(item, event, event, command, argv, dict(environ), hook)


def _claude_servers(item: Loaded, workspace: Path | None, environ: Mapping[str, str]) -> Iterator[Registration]:
    assert item.data is not None
    tables: list[tuple[str, Any]] = [(item.file.scope, item.data.get("mcpServers"))]
    if item.file.scope == "user" and workspace is not None:
        projects = item.data.get("projects")
        if isinstance(projects, dict):
            project = projects.get(str(workspace))
            if isinstance(project, dict):
                tables.append(("local", project.get("mcpServers")))
    for scope, servers in tables:
        for name, entry in (servers.items() if isinstance(servers, dict) else []):
            registration = _server(item, scope, str(name), entry, inherited=environ)
            if registration is not None:
                yield registration


def _codex_servers(item: Loaded) -> Iterator[Registration]:
    assert item.data is not None
    servers = item.data.get("mcp_servers")
    for name, entry in (servers.items() if isinstance(servers, dict) else []):
        registration = _server(item, item.file.scope, str(name), entry, inherited={})
        if registration is not None:
            yield registration


def _server(item: Loaded, scope: str, name: str, entry: Any, inherited: Mapping[str, str]) -> Registration | None:
    if not isinstance(entry, dict):
        return None
    env = {str(k): str(v) for k, v in entry.get("env", {}).items()} if isinstance(entry.get("env"), dict) else {}
    url = entry.get("url")
    if isinstance(url, str) and url:
        if name != SERVER_NAME and "context-center" not in url:
            return None
        return Registration(item.file.agent, item.file.path, scope, MCP, name, url, (), tuple(env.items()), url,
                            store_source="", entry=entry)
    command, args = entry.get("command"), entry.get("args") or []
    if not isinstance(command, str) or not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        return None
    argv = (command, *args)
    if not mentions_us(argv, shlex.join(argv)) or MCP not in argv:
        return None
    return _registration(item, MCP, name, shlex.join(argv), argv, {**inherited, **env}, entry, scope=scope,
                         shown_env=env)


def _registration(item: Loaded, kind: str, name: str, command: str, argv: tuple[str, ...], environ: dict[str, str],
                  entry: Mapping[str, Any], scope: str | None = None,
                  shown_env: Mapping[str, str] | None = None) -> Registration:
    """``environ``: what the command will run with; ``shown_env``: what the entry itself sets."""
    store, source, problem = None, "", ""
    try:
        choice = choose_state_root(state_root_flag(argv), environ)
        store, source = choice.path, choice.source
    except EngineError as exc:
        problem = exc.message
    ours = hook_form(argv) if kind in HOOK_EVENTS else runs_this_install(argv)
    return Registration(item.file.agent, item.file.path, scope or item.file.scope, kind, name, command, argv,
                        tuple((shown_env or {}).items()), "", ours, store, source, problem, entry)


__all__ = ["CODEX", "HOOK_EVENTS", "MCP", "SERVER_NAME", "Registration", "find", "program", "words"]
