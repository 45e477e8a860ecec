"""The files where agents are told what to run: where Claude Code and Codex keep them, and reading them.

As their makers document them:

- **Claude Code** hooks in ``settings.json``: the user's ``~/.claude/settings.json`` (or
  ``$CLAUDE_CONFIG_DIR/settings.json``), a project's ``.claude/settings.json`` (committed: it comes
  with a cloned repository) and ``.claude/settings.local.json``; each ``{"hooks": {EVENT: [{"matcher",
  "hooks": [{"type": "command", "command": "…"}]}]}}``, the command run by a shell.
- **Claude Code** MCP servers: ``~/.claude.json``'s ``mcpServers`` (user scope) and
  ``projects[<folder>].mcpServers`` (local scope), a project's ``.mcp.json`` (project scope); each
  ``{"command", "args", "env"}`` (stdio) or ``{"type": "http", "url", "headers"}``. Claude Code
  rewrites ``~/.claude.json`` while it runs.
- **Codex** MCP servers: ``$CODEX_HOME/config.toml`` (``~/.codex/config.toml``), ``[mcp_servers.NAME]``
  with ``command``, ``args``, ``env`` (Codex passes a stdio server only the variables listed
  there, not its own environment), ``url``; and ``approval_policy`` at the top.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..storage.safe_read import read_regular_bytes

CLAUDE = "claude-code"
CODEX = "codex"
AGENT_NAMES = {CLAUDE: "Claude Code", CODEX: "Codex"}
MAX_FILE_BYTES = 16 * 1024 * 1024   # ~/.claude.json grows with its history; far past any real one


@dataclass(frozen=True)
class AgentFile:
    """One configuration file of an agent: what it holds (``hooks`` or ``mcp``), at which scope."""

    agent: str
    scope: str            # "user", "project" or "local"
    holds: str            # "hooks" or "mcp"
    path: Path
    format: str           # "json" or "toml"


@dataclass(frozen=True)
class Loaded:
    """A file as read: its text (None: no such file) and what it parses to, or why it cannot be used."""

    file: AgentFile
    text: str | None
    data: dict[str, Any] | None
    problem: str = ""

    @property
    def exists(self) -> bool:
        return self.text is not None


def claude_home(home: Path) -> Path:
    configured = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(configured).expanduser() if configured else home / ".claude"


def codex_home(home: Path) -> Path:
    configured = os.environ.get("CODEX_HOME")
    return Path(configured).expanduser() if configured else home / ".codex"


def claude_json(home: Path) -> Path:
    return home / ".claude.json"


def codex_config(home: Path) -> Path:
    return codex_home(home) / "config.toml"


def installed(agent: str, home: Path) -> bool:
    """Does this machine have the agent's configuration at all (its folder, or its file)?"""
    if agent == CLAUDE:
        return claude_home(home).is_dir() or claude_json(home).is_file()
    return codex_home(home).is_dir()


def agent_files(home: Path, workspace: Path | None) -> list[AgentFile]:
    """Every file an agent reads its hooks or MCP servers from, for ``workspace`` (None: the user's only)."""
    files = [AgentFile(CLAUDE, "user", "hooks", claude_home(home) / "settings.json", "json")]
    if workspace is not None:
        files += [AgentFile(CLAUDE, "project", "hooks", workspace / ".claude" / "settings.json", "json"),
                  AgentFile(CLAUDE, "local", "hooks", workspace / ".claude" / "settings.local.json", "json")]
    files.append(AgentFile(CLAUDE, "user", "mcp", claude_json(home), "json"))
    if workspace is not None:
        files.append(AgentFile(CLAUDE, "project", "mcp", workspace / ".mcp.json", "json"))
    files.append(AgentFile(CODEX, "user", "mcp", codex_config(home), "toml"))
    return files


def read_text(path: Path) -> str | None:
    """The file's text as it is now (None: no such file); what :func:`load` would parse."""
    try:
        return read_regular_bytes(path, MAX_FILE_BYTES).decode("utf-8", errors="surrogateescape")
    except FileNotFoundError:
        return None


def load(file: AgentFile) -> Loaded:
    """Read and parse ``file``: a regular file, never through a link's target of another kind."""
    try:
        raw = read_regular_bytes(file.path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return Loaded(file, None, None)
    except OSError as exc:
        return Loaded(file, "", None, f"cannot be read: {exc.strerror or exc}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return Loaded(file, "", None, "not UTF-8 text")
    return parse(file, text)


def parse(file: AgentFile, text: str) -> Loaded:
    if not text.strip():
        return Loaded(file, text, {})
    try:
        if file.format == "json":
            data = json.loads(text)
        else:
            import tomllib

            data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:
        return Loaded(file, text, None, f"cannot be parsed ({'JSON' if file.format == 'json' else 'TOML'}): "
                                        f"{str(exc).splitlines()[0][:200]}")
    if not isinstance(data, dict):
        return Loaded(file, text, None, "not an object at the top")
    return Loaded(file, text, data)
