"""Helpers for the MCP suite: the real server over stdio, driven by the official ``mcp`` client.

``mcp_server(*args)`` starts ``python -m context_center --state-root S mcp *args`` in a
neutral working directory (never the project: the server must not take it for one) with
a home, a keyring backend of the tests' own (``memory_keyring``) and nothing else of this
machine's, and yields a :class:`Session` whose calls answer ``(is_error, text)``.
"""
from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent


@dataclass
class Session:
    client: Any

    async def call(self, tool: str, arguments: dict[str, Any] | None = None) -> tuple[bool, str]:
        result = await self.client.call_tool(tool, arguments or {})
        texts = [c.text for c in result.content if getattr(c, "type", "") == "text"]
        assert len(texts) == 1, result
        return bool(result.is_error), texts[0]

    async def ok(self, tool: str, arguments: dict[str, Any] | None = None) -> Any:
        is_error, text = await self.call(tool, arguments)
        assert not is_error, text
        return text if tool == "memory_search" else json.loads(text)

    async def refused(self, tool: str, arguments: dict[str, Any], code: str) -> str:
        is_error, text = await self.call(tool, arguments)
        assert is_error, f"{tool} {arguments} was not refused: {text}"
        if tool == "memory_search":
            assert text.startswith(f"{code}: "), text
            return text
        answer = json.loads(text)
        assert answer["error"] == code, answer
        return answer["message"]


@dataclass
class Server:
    state_root: Path
    home: Path
    cwd: Path
    keyring: dict[str, dict[str, str]]

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("CONTEXT_CENTER_HOME", "PYTHONPATH")}
        env.update(HOME=str(self.home), PYTHON_KEYRING_BACKEND="memory_keyring.MemoryKeyring",
                   PYTHONPATH=os.pathsep.join([str(TESTS), str(REPO)]),
                   CC_TEST_KEYRING=json.dumps(self.keyring), **extra)
        return env

    @contextlib.asynccontextmanager
    async def session(self, *args: str, agent: str = "test-agent", **env: str) -> AsyncIterator[Session]:
        import mcp_types
        from mcp import Client
        from mcp.client.stdio import StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=sys.executable, args=["-m", "context_center", "--state-root", str(self.state_root), "mcp", *args],
            env=self.env(**env), cwd=str(self.cwd))
        with open(self.cwd / "server-stderr.log", "a", encoding="utf-8") as errors:
            transport = stdio_client(params, errlog=errors)
            async with Client(transport, client_info=mcp_types.Implementation(name=agent, version="1")) as client:
                yield Session(client)

    def stderr(self) -> str:
        log = self.cwd / "server-stderr.log"
        return log.read_text(encoding="utf-8") if log.exists() else ""


def make_server(state_root: Path, tmp_path: Path) -> Server:
    home, cwd = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir(exist_ok=True)
    cwd.mkdir(exist_ok=True)
    return Server(state_root, home, cwd, {})


def run(scenario: Callable[[], Any]) -> Any:
    """Run an async scenario to its end; returns what it returns."""
    import anyio

    return anyio.run(scenario)
