"""Helpers for the MCP suite: the real server over stdio, driven by the official ``mcp`` client.

``mcp_server(*args)`` starts ``python -m context_center --state-root S mcp *args`` in a
neutral working directory (never the project: the server must not take it for one) with
a home, a keyring backend of the tests' own (``support.keyring_backend``) and nothing else of this
machine's, and yields a :class:`Session` whose calls answer ``(is_error, text)``.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import selectors
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
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
        env.update(HOME=str(self.home), PYTHON_KEYRING_BACKEND="support.keyring_backend.MemoryKeyring",
                   PYTHONPATH=os.pathsep.join([str(TESTS), str(REPO)]),
                   CC_TEST_KEYRING=json.dumps(self.keyring))
        env.update(extra)   # a test's own (another keyring backend, a token in the environment)
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


# the HTTP server in a subprocess ---------------------------------------------------------------

TOKEN = "ccmcp_" + "t0k3n-for-the-http-tests-" + "x" * 16
READY = re.compile(r"serving at (http://\S+/mcp)")
DEADLINE = 30.0


@dataclass
class Running:
    proc: subprocess.Popen
    url: str
    stderr_path: Path

    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8")


def _wait_for_url(proc: subprocess.Popen) -> str | None:
    """The URL of the readiness line, or None when the process ends (or the deadline passes) first."""
    deadline = time.monotonic() + DEADLINE
    buffer = b""
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if not selector.select(timeout=deadline - time.monotonic()):
                continue
            chunk = proc.stdout.read1(4096)
            if not chunk:
                return None
            buffer += chunk
            found = READY.search(buffer.decode("utf-8", "replace"))
            if found:
                return found.group(1)
    return None


@contextlib.contextmanager
def http_server(server: Server, *args: str, keyring: dict | None = None,
                env: dict[str, str] | None = None) -> Iterator[Running]:
    """``mcp --http 127.0.0.1:0 ARGS`` with ``keyring`` as what the test keyring holds."""
    server.keyring = keyring if keyring is not None else {"context-center": {"mcp-http-token": TOKEN}}
    stderr_path = server.cwd / f"http-{time.monotonic_ns()}.log"
    with open(stderr_path, "w", encoding="utf-8") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "context_center", "--state-root", str(server.state_root), "mcp",
             "--http", "127.0.0.1:0", *args], stdout=subprocess.PIPE, stderr=stderr, env=server.env(**(env or {})),
            cwd=server.cwd)
    try:
        url = _wait_for_url(proc)
        assert url is not None, f"the server did not start (exit {proc.poll()}): {stderr_path.read_text()}"
        yield Running(proc, url, stderr_path)
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        proc.stdout.close()


def serve_refused(server: Server, *args: str, keyring: dict | None = None) -> subprocess.CompletedProcess:
    server.keyring = keyring or {}
    return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(server.state_root), "mcp",
                           *args], capture_output=True, text=True, env=server.env(), cwd=server.cwd, timeout=60)


@contextlib.asynccontextmanager
async def client(url: str, token: str | None):
    import mcp_types
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with create_mcp_http_client(headers=headers) as http:
        transport = streamable_http_client(url, http_client=http)
        async with Client(transport, client_info=mcp_types.Implementation(name="http-agent", version="1")) as c:
            yield c


def initialize(url: str, authorization: str | None) -> tuple[int, dict[str, str], str]:
    import httpx2

    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    if authorization:
        headers["Authorization"] = authorization
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
    response = httpx2.post(url, headers=headers, content=json.dumps(body), timeout=30)
    return response.status_code, dict(response.headers), response.text


