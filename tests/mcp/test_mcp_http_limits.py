"""No client can stall ``mcp --http`` for the others, nor reach it through a page of another origin
(#27): Host and Origin name this server, port included; one Authorization header; a deadline for
a request's headers, for an idle connection, a bound on connections and on a body. Each limit is a
constant of ``http_limits``; these tests hold the server to them over real sockets."""
from __future__ import annotations

import json
import socket
import threading
import time
from urllib.parse import urlsplit

import httpx2
import pytest

from context_center.mcp_server import http_limits
from support.mcp_clients import TOKEN, Server, http_server, initialize

pytestmark = pytest.mark.adversarial

INITIALIZE = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}})


def _headers(**extra: str) -> dict[str, str]:
    return {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
            "Authorization": f"Bearer {TOKEN}", **extra}


def test_host_and_origin_must_name_this_server_port_included(server: Server):
    with http_server(server) as running:
        port = urlsplit(running.url).port
        assert initialize(running.url, f"Bearer {TOKEN}")[0] == 200
        for host in (f"localhost:{port + 1}", f"127.0.0.1:{port + 1}", "evil.example", f"evil.example:{port}"):
            refused = httpx2.post(running.url, headers=_headers(Host=host), content=INITIALIZE, timeout=30)
            assert refused.status_code in (400, 421), (host, refused.status_code)
        for origin in (f"http://localhost:{port + 1}", "http://evil.example", f"http://evil.example:{port}"):
            refused = httpx2.post(running.url, headers=_headers(Origin=origin), content=INITIALIZE, timeout=30)
            assert refused.status_code in (400, 403), (origin, refused.status_code)
        same = httpx2.post(running.url, headers=_headers(Origin=f"http://localhost:{port}"), content=INITIALIZE,
                           timeout=30)
        assert same.status_code == 200


def test_two_authorization_headers_are_ambiguous(server: Server):
    with http_server(server) as running:
        parts = urlsplit(running.url)
        with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
            body = INITIALIZE.encode()
            sock.sendall((f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                          f"Authorization: Bearer {TOKEN}\r\nAuthorization: Bearer ccmcp_other\r\n"
                          "Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(body)}\r\n\r\n").encode() + body)
            answer = _response(sock)
        assert answer.startswith("HTTP/1.1 400"), answer[:200]
        assert "ambiguous" in answer


def _response(sock: socket.socket) -> str:
    """One whole response (its headers, and a body of the length they give)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return (head + b"\r\n\r\n" + body).decode("latin-1")


def _closed_after(sock: socket.socket, limit: float) -> float | None:
    """Seconds until the server closes ``sock`` (None if it stays open past ``limit``)."""
    started = time.monotonic()
    sock.settimeout(limit)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return None
    except OSError:
        pass
    return time.monotonic() - started


@pytest.mark.slow
def test_slow_headers_and_an_idle_connection_are_cut_off_while_others_are_served(server: Server):
    with http_server(server) as running:
        parts = urlsplit(running.url)
        results: dict[str, float | None] = {}

        def slow() -> None:   # a request line, then one header byte now and then: never complete
            with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
                sock.sendall(f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n".encode())
                started = time.monotonic()
                try:
                    for _ in range(40):
                        time.sleep(0.5)   # the client's own pace, not a wait of the test's
                        sock.sendall(b"X")
                except OSError:
                    results["slow"] = time.monotonic() - started
                    return
                results["slow"] = _closed_after(sock, 5)

        def idle() -> None:   # one request done, then nothing on a kept-alive connection
            with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
                body = INITIALIZE.encode()
                sock.sendall((f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAuthorization: Bearer "
                              f"{TOKEN}\r\nAccept: application/json, text/event-stream\r\nContent-Type: "
                              f"application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body)
                sock.settimeout(30)
                assert sock.recv(65536).startswith(b"HTTP/1.1 200")
                results["idle"] = _closed_after(sock, http_limits.KEEP_ALIVE_SECONDS + 10)

        threads = [threading.Thread(target=slow), threading.Thread(target=idle)]
        for thread in threads:
            thread.start()
        assert initialize(running.url, f"Bearer {TOKEN}")[0] == 200   # meanwhile, others are served
        for thread in threads:
            thread.join(60)
    assert results["slow"] is not None and results["slow"] <= http_limits.HEADER_SECONDS + 3, results
    assert results["idle"] is not None, results
    assert http_limits.KEEP_ALIVE_SECONDS - 3 <= results["idle"] <= http_limits.KEEP_ALIVE_SECONDS + 5, results


def _room_for(sockets: int) -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < sockets + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (sockets + 256 if hard == resource.RLIM_INFINITY
                                                    else min(sockets + 256, hard), hard))


def test_connections_past_the_bound_are_refused_and_a_body_past_its_bound_is_413(server: Server):
    _room_for(http_limits.MAX_CONNECTIONS)
    with http_server(server) as running:
        parts = urlsplit(running.url)
        held = [socket.create_connection((parts.hostname, parts.port), timeout=30)
                for _ in range(http_limits.MAX_CONNECTIONS)]   # open, silent (each within its header deadline)
        try:
            with socket.create_connection((parts.hostname, parts.port), timeout=30) as extra:
                # accepted after the others (in order): its request is one connection past the bound
                extra.sendall(f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
                assert _response(extra).startswith("HTTP/1.1 503")
        finally:
            for sock in held:
                sock.close()
        big = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {
                "name": "x" * (http_limits.MAX_BODY_BYTES + 10), "version": "1"}}})
        too_big = httpx2.post(running.url, headers=_headers(), content=big, timeout=30)
        assert too_big.status_code == 413
        assert initialize(running.url, f"Bearer {TOKEN}")[0] == 200


@pytest.mark.slow
def test_a_slow_body_is_cut_off_and_one_token_cannot_fill_the_server(server: Server):
    from support.mcp_clients import TOKEN as FULL

    reader = "ccmcp_" + "reader-token-of-the-tests-" + "r" * 16
    keyring = {"context-center": {"mcp-http-token": FULL, "mcp-http-token:reader": reader}}
    from context_center.engine import open_engine

    with open_engine(server.state_root, server.cwd) as engine:
        engine.set_setting("mcp.tokens", {"reader": {"project": None, "read_only": True}})
    with http_server(server, keyring=keyring) as running:
        parts = urlsplit(running.url)
        slow = []
        for _ in range(http_limits.MAX_REQUESTS_PER_TOKEN):   # headers done, a body that never comes
            sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
            sock.sendall(f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAuthorization: Bearer {reader}\r\n"
                         "Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
                         "Content-Length: 100000\r\n\r\n{".encode())
            slow.append(sock)
        try:
            started = time.monotonic()
            # one POST more with that token waits for nothing: 429, once the server has read the slow
            # ones' headers (as they come: on a loaded machine, seconds). Until then a probe is served:
            # it names a session that does not exist (404), so probing opens no session — probing
            # with initialize opened one each time, and past 32 of them a loaded run met the
            # sessions' cap (503) before the slow headers were all read.
            statuses = []
            while time.monotonic() - started < 30 and 429 not in statuses:
                statuses.append(httpx2.post(running.url, content=INITIALIZE, timeout=30, headers=_headers(
                    Authorization=f"Bearer {reader}", **{"mcp-session-id": "no-such-session"})).status_code)
            assert statuses[-1] == 429 and set(statuses) <= {404, 429}, statuses
            assert initialize(running.url, f"Bearer {FULL}")[0] == 200
            closed = [_closed_after(sock, http_limits.BODY_SECONDS + 10) for sock in slow]
            assert all(after is not None for after in closed), closed
            assert time.monotonic() - started <= http_limits.BODY_SECONDS + 8
        finally:
            for sock in slow:
                sock.close()
        assert initialize(running.url, f"Bearer {reader}")[0] == 200   # its requests are gone: served again


def test_silent_connections_do_not_shut_the_others_out(server: Server):
    _room_for(300)
    with http_server(server) as running:
        parts = urlsplit(running.url)
        held = [socket.create_connection((parts.hostname, parts.port), timeout=30) for _ in range(300)]
        try:
            assert initialize(running.url, f"Bearer {TOKEN}")[0] == 200
        finally:
            for sock in held:
                sock.close()


def test_a_deep_nest_with_a_lone_surrogate_gets_an_answer_not_a_500(server: Server):
    with http_server(server) as running:
        status, headers, _ = initialize(running.url, f"Bearer {TOKEN}")
        session = {"Authorization": f"Bearer {TOKEN}", "mcp-session-id": headers["mcp-session-id"],
                   "mcp-protocol-version": "2025-06-18"}
        deep = "[" * 600 + '"\\ud800"' + "]" * 600
        body = ('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"memory_search","arguments":'
                '{"query":"x","hints":{"subjects":' + deep + '}}}}')
        answer = httpx2.post(running.url, headers=_headers(**session), content=body, timeout=30)
        assert answer.status_code < 500, answer.text[:300]
        for version in ("2026-07-28",):
            modern = httpx2.post(running.url, headers=_headers(**{"mcp-protocol-version": version}),
                                 content="[" * 100_000 + "]" * 100_000, timeout=30)
            assert modern.status_code < 500


def test_a_content_past_its_limit_is_too_long_at_once_over_http(server: Server):
    from support.mcp_clients import client, run

    with http_server(server) as running:
        async def scenario():
            async with client(running.url, TOKEN) as session:
                for size in (40_000, 900_000):   # past a claim's limit, within a request's 1 MiB
                    started = time.monotonic()
                    answer = await session.call_tool("memory_create", {"content": "x" * size, "category": "decision",
                                                                       "scope": "global"})
                    assert answer.is_error and json.loads(answer.content[0].text)["error"] == "TOO_LONG"
                    assert time.monotonic() - started < 10, size   # a scan of it took 21 s once
                made = await session.call_tool("memory_create", {"content": "Small claims still work.",
                                                                  "category": "decision", "scope": "global"})
                assert not made.is_error
        run(scenario)
