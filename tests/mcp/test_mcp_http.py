"""``context-center mcp --http``: the real server in a subprocess on 127.0.0.1 (port 0: the system
picks a free one, the server says which), driven by the official client's streamable HTTP
transport. Readiness is its "serving at URL" line on stdout, awaited with a deadline; the child is
always stopped and reaped."""
from __future__ import annotations

import contextlib
import json
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcp_support import Server, run

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
def http_server(server: Server, *args: str, keyring: dict | None = None) -> Iterator[Running]:
    """``mcp --http 127.0.0.1:0 ARGS`` with ``keyring`` as what the test keyring holds."""
    server.keyring = keyring if keyring is not None else {"context-center": {"mcp-http-token": TOKEN}}
    stderr_path = server.cwd / f"http-{time.monotonic_ns()}.log"
    with open(stderr_path, "w", encoding="utf-8") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "context_center", "--state-root", str(server.state_root), "mcp",
             "--http", "127.0.0.1:0", *args], stdout=subprocess.PIPE, stderr=stderr, env=server.env(),
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


def _refused(server: Server, *args: str, keyring: dict | None = None) -> subprocess.CompletedProcess:
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


def _initialize(url: str, authorization: str | None) -> tuple[int, dict[str, str], str]:
    import httpx2

    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    if authorization:
        headers["Authorization"] = authorization
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
    response = httpx2.post(url, headers=headers, content=json.dumps(body), timeout=30)
    return response.status_code, dict(response.headers), response.text


def test_without_the_token_or_with_a_wrong_one_a_request_is_refused(server: Server):
    with http_server(server) as running:
        for authorization in (None, "Bearer", "Basic dXNlcjpwYXNz", f"Bearer {TOKEN[:-1]}",
                              f"Bearer {TOKEN}x", f"Bearer {TOKEN.upper()}"):
            status, headers, text = _initialize(running.url, authorization)
            assert status == 401, (authorization, status, text)
            assert headers["www-authenticate"].startswith("Bearer"), headers
            assert TOKEN not in text
        status, _headers, text = _initialize(running.url, f"Bearer {TOKEN}")
        assert status == 200, text

        async def scenario():
            for token in (None, "ccmcp_wrong"):
                with pytest.raises(Exception) as caught:
                    async with client(running.url, token) as c:
                        await c.list_tools()
                assert TOKEN not in str(caught.value)
        run(scenario)
    logged = running.stderr()
    assert "refused POST /mcp" in logged and TOKEN not in logged


def test_with_the_token_the_tools_are_listed_and_a_memory_round_trips(server: Server, workspace: Path):
    with http_server(server, "--project", str(workspace)) as running:
        assert running.url.startswith("http://127.0.0.1:")

        async def scenario():
            async with client(running.url, TOKEN) as c:
                listed = {tool.name for tool in (await c.list_tools()).tools}
                assert {"memory_search", "memory_create", "memory_edit", "memory_bind"} <= listed
                created = await c.call_tool("memory_create", {
                    "content": "Releases are cut on Mondays from the main branch.", "category": "decision"})
                assert not created.is_error, created
                assert json.loads(created.content[0].text)["memory"]["id"].startswith("mem-")
                found = await c.call_tool("memory_search", {"query": "when are releases cut"})
                assert not found.is_error, found
                assert "Releases are cut on Mondays from the main branch." in found.content[0].text
        run(scenario)
    assert running.proc.returncode == 0   # SIGTERM: a clean stop
    assert "stopped" in running.stderr() and TOKEN not in running.stderr()


def test_no_token_serves_loopback_only_on_purpose(server: Server):
    without = _refused(server, "--http", "127.0.0.1:0")
    assert without.returncode == 1 and "TOKEN_REQUIRED" in without.stderr and "--no-token" in without.stderr
    for host in ("0.0.0.0:0", "[::]:0"):
        reachable = _refused(server, "--http", host)
        assert reachable.returncode == 1, reachable.stderr
        assert "TOKEN_REQUIRED" in reachable.stderr and "mcp token create" in reachable.stderr
        forced = _refused(server, "--http", host, "--no-token")
        assert forced.returncode == 1 and "loopback only" in forced.stderr
    with http_server(server, "--no-token", keyring={}) as running:
        async def scenario():
            async with client(running.url, None) as c:
                assert (await c.list_tools()).tools
        run(scenario)


def test_a_busy_port_and_a_bad_address_are_said_plainly(server: Server):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = _refused(server, "--http", f"127.0.0.1:{port}", keyring={"context-center": {"mcp-http-token": TOKEN}})
    assert busy.returncode == 1 and "already in use" in busy.stderr, busy.stderr
    assert busy.stdout == ""
    for bad in ("8765", "127.0.0.1:99999", "::1:8765", "127.0.0.1:http"):
        refused = _refused(server, "--http", bad)
        assert refused.returncode == 2 and "INVALID_INPUT" in refused.stderr, (bad, refused.stderr)


def test_ctrl_c_stops_it_cleanly(server: Server):
    with http_server(server) as running:
        running.proc.send_signal(signal.SIGINT)
        assert running.proc.wait(timeout=15) == 0
    assert "stopped" in running.stderr() and "Traceback" not in running.stderr()


def test_ctrl_c_ends_a_clients_open_event_stream_without_a_traceback(server: Server):
    import threading

    import httpx2

    with http_server(server) as running:
        status, headers, _text = _initialize(running.url, f"Bearer {TOKEN}")
        assert status == 200
        session = {"Authorization": f"Bearer {TOKEN}", "mcp-session-id": headers["mcp-session-id"],
                   "mcp-protocol-version": "2025-06-18"}
        httpx2.post(running.url, headers={**session, "Accept": "application/json, text/event-stream",
                                          "Content-Type": "application/json"},
                    content=json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}), timeout=30)
        opened, ended = threading.Event(), threading.Event()

        def listen() -> None:   # what a real client keeps open: the server's event stream
            try:
                with httpx2.stream("GET", running.url, headers={**session, "Accept": "text/event-stream"},
                                   timeout=30) as response:
                    opened.set()
                    for _line in response.iter_lines():
                        pass
            except Exception:   # noqa: BLE001 - the server going away may end it either way
                pass
            finally:
                opened.set()
                ended.set()

        thread = threading.Thread(target=listen, daemon=True)
        thread.start()
        assert opened.wait(30)
        running.proc.send_signal(signal.SIGINT)
        assert running.proc.wait(timeout=15) == 0
        assert ended.wait(30)
        thread.join(30)
    said = running.stderr()
    assert "stopped" in said
    assert "Traceback" not in said and "CancelledError" not in said and "ASGI callable" not in said, said
