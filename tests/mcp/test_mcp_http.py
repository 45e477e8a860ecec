"""``context-center mcp --http``: the real server in a subprocess on 127.0.0.1 (port 0: the system
picks a free one, the server says which), driven by the official client's streamable HTTP
transport. Readiness is its "serving at URL" line on stdout, awaited with a deadline; the child is
always stopped and reaped."""
from __future__ import annotations

import json
import signal
import socket
from pathlib import Path

import pytest

from support.mcp_clients import TOKEN, Server, client, http_server, initialize, run, serve_refused


def test_without_the_token_or_with_a_wrong_one_a_request_is_refused(server: Server):
    with http_server(server) as running:
        for authorization in (None, "Bearer", "Basic dXNlcjpwYXNz", f"Bearer {TOKEN[:-1]}",
                              f"Bearer {TOKEN}x", f"Bearer {TOKEN.upper()}"):
            status, headers, text = initialize(running.url, authorization)
            assert status == 401, (authorization, status, text)
            assert headers["www-authenticate"].startswith("Bearer"), headers
            assert TOKEN not in text
        status, _headers, text = initialize(running.url, f"Bearer {TOKEN}")
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
    without = serve_refused(server, "--http", "127.0.0.1:0")
    assert without.returncode == 1 and "TOKEN_REQUIRED" in without.stderr and "--no-token" in without.stderr
    for host in ("0.0.0.0:0", "[::]:0"):
        reachable = serve_refused(server, "--http", host)
        assert reachable.returncode == 1, reachable.stderr
        assert "TOKEN_REQUIRED" in reachable.stderr and "mcp token create" in reachable.stderr
        forced = serve_refused(server, "--http", host, "--no-token")
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
        busy = serve_refused(server, "--http", f"127.0.0.1:{port}",
                             keyring={"context-center": {"mcp-http-token": TOKEN}})
    assert busy.returncode == 1 and "already in use" in busy.stderr, busy.stderr
    assert busy.stdout == ""
    for bad in ("8765", "127.0.0.1:99999", "::1:8765", "127.0.0.1:http"):
        refused = serve_refused(server, "--http", bad)
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
        status, headers, _text = initialize(running.url, f"Bearer {TOKEN}")
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
