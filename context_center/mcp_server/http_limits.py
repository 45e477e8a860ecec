"""Every limit of ``mcp --http``, in one place: how long a client may take, how many may connect,
how much one may send, which protocol it speaks. A client that is slow, idle or large is cut off
by these, never by a stall of the server for everyone else.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.h11_impl import H11Protocol

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADER_SECONDS = 5.0        # a request's line and headers, from its first byte (or the connection's start)
BODY_SECONDS = 10.0         # a request's body, once its headers are in
KEEP_ALIVE_SECONDS = 15     # an idle connection between requests
MAX_CONNECTIONS = 1024      # open at once; past it, 503 (silent ones are cut at HEADER_SECONDS)
MAX_BODY_BYTES = 1 << 20    # a request's body; past it, 413 (a memory is one sentence of ~800 tokens)
MAX_SESSIONS = 4096         # MCP sessions open at once, all tokens together
MAX_SESSIONS_PER_TOKEN = 32  # past it, a new session with that token is refused (503): one token cannot fill all
MAX_REQUESTS_PER_TOKEN = 16  # POSTs in flight at once with one token; past it, 429
SESSION_IDLE_SECONDS = 30 * 60   # an MCP session no request used for this long is closed


class DeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with deadlines for a request's headers and for its body: uvicorn
    waits for either as long as the client likes (one byte a minute holds a connection for ever)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._seen: Any = None
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)   # a next request begins
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        cycle = self.cycle
        if cycle is not None and cycle is not self._seen:   # a request's headers are complete
            self._seen = cycle
            self._cancel()
            if cycle.more_body:   # now its body has BODY_SECONDS
                self._deadline = self.loop.call_later(BODY_SECONDS, self._too_slow)
        elif cycle is not None and not cycle.more_body and self._deadline is not None \
                and not cycle.response_complete:
            self._cancel()   # the body is in

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        super().connection_lost(exc)

    def _cancel(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.logger.warning("closed a connection whose request came too slowly (headers %.0f s, body %.0f s)",
                                HEADER_SECONDS, BODY_SECONDS)
            self.transport.close()


class SessionsOnly:
    """Serve the stateful protocol only (the 2025 handshake, with session ids): each session keeps
    its own binding. A request naming a stateless revision (2026-07-28: no sessions, so no binding
    to keep) is answered -32022 listing the handshake versions, and a client in ``auto`` mode, as
    the official one is, falls back to ``initialize``."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from mcp_types import UNSUPPORTED_PROTOCOL_VERSION
        from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

        asked = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"mcp-protocol-version"), None)
        if scope["type"] != "http" or asked is None or asked in HANDSHAKE_PROTOCOL_VERSIONS:
            await self._app(scope, receive, send)
            return
        request_id = await _request_id(receive)
        body = json.dumps({"jsonrpc": "2.0", "id": request_id, "error": {
            "code": UNSUPPORTED_PROTOCOL_VERSION, "message": "this server keeps sessions: use the initialize handshake",
            "data": {"supported": list(HANDSHAKE_PROTOCOL_VERSIONS), "requested": asked[:64]}}}).encode("utf-8")
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


async def _request_id(receive: Receive) -> str | int | None:
    """The JSON-RPC id of the request's body (read up to :data:`MAX_BODY_BYTES`), else None."""
    chunks, size = [], 0
    while size <= MAX_BODY_BYTES:
        message = await receive()
        if message.get("type") != "http.request":
            break
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if not message.get("more_body"):
            break
    try:
        found = json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        return None
    request_id = found.get("id") if isinstance(found, dict) else None
    return request_id if isinstance(request_id, (str, int)) and not isinstance(request_id, bool) else None


class TokenLedger:
    """Per token (the SDK's authenticated user: ``token:<name>``; one principal without a token):
    its open MCP sessions (at most :data:`MAX_SESSIONS_PER_TOKEN`) and its requests in flight (at
    most :data:`MAX_REQUESTS_PER_TOKEN`), so no token can fill what the others need. A session is
    known from the ``mcp-session-id`` its ``initialize`` answer gives, and forgotten when it is
    deleted, answered 404 (the transport no longer has it), or idle with nothing in flight for
    longer than the transport keeps one; ``on_end(session_id)`` is told, so its binding goes with
    it (a binding is never dropped while its session lives)."""

    def __init__(self, app: ASGIApp, on_end: Callable[[str], None]) -> None:
        self._app = app
        self._on_end = on_end
        self._sessions: dict[str, dict[str, list[float]]] = {}   # principal → id → [last seen, requests open]
        self._in_flight: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        import time

        user = scope.get("user")
        principal = str(getattr(user, "username", "") or "no-token")
        sessions = self._sessions.setdefault(principal, {})
        self._expire(sessions, time.monotonic())
        session = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"mcp-session-id"), None)
        method = scope.get("method")
        if method == "POST" and self._in_flight.get(principal, 0) >= MAX_REQUESTS_PER_TOKEN:
            await _answer(send, 429, "too many requests in flight with this token; wait for their answers")
            return
        if method == "POST" and session is None and len(sessions) >= MAX_SESSIONS_PER_TOKEN:
            await _answer(send, 503, f"this token has {len(sessions)} MCP sessions open, the most one token may "
                                     "hold; close one (DELETE) or let one go idle")
            return
        known = sessions.get(session) if session is not None else None
        if known is not None:
            known[0], known[1] = time.monotonic(), known[1] + 1
        status: list[int] = []

        async def watching(message: Message) -> None:
            if message.get("type") == "http.response.start":
                status.append(int(message.get("status", 0)))
                made = next((v.decode("latin-1") for k, v in message.get("headers", ()) if k == b"mcp-session-id"),
                            None)
                if made is not None and session is None:
                    sessions[made] = [time.monotonic(), 0]
            await send(message)

        counted = method == "POST"
        if counted:
            self._in_flight[principal] = self._in_flight.get(principal, 0) + 1
        try:
            await self._app(scope, receive, watching)
        finally:
            if counted:
                self._in_flight[principal] -= 1
            if known is not None:
                known[0], known[1] = time.monotonic(), known[1] - 1
            if session is not None and status and (status[0] == 404 or (method == "DELETE" and status[0] < 300)):
                self._end(sessions, session)

    def _expire(self, sessions: dict[str, list[float]], now: float) -> None:
        for session, (seen, open_requests) in list(sessions.items()):
            if open_requests <= 0 and now - seen > SESSION_IDLE_SECONDS + 60:   # (after the transport's own)
                self._end(sessions, session)

    def _end(self, sessions: dict[str, list[float]], session: str) -> None:
        if sessions.pop(session, None) is not None:
            self._on_end(session)


async def _answer(send: Send, status: int, description: str) -> None:
    body = json.dumps({"error": "too_many", "error_description": description}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
