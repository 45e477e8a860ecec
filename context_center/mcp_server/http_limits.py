"""Every limit of ``mcp --http``, in one place: how long a client may take, how many may connect,
how much one may send, which protocol it speaks. A client that is slow, idle or large is cut off
by these, never by a stall of the server for everyone else.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 5.0        # a request's line and headers, from its first byte (or the connection's start)
KEEP_ALIVE_SECONDS = 15     # an idle connection between requests
MAX_CONNECTIONS = 64        # open at once; past it, 503
MAX_BODY_BYTES = 1 << 20    # a request's body; past it, 413 (a memory is one sentence of ~800 tokens)
MAX_SESSIONS = 256          # MCP sessions open at once; past it, a new one is refused (503)
SESSION_IDLE_SECONDS = 30 * 60   # an MCP session no request used for this long is closed


class DeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for the headers: uvicorn waits for a request's
    headers as long as the client likes (one byte a minute holds a connection for ever)."""

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
        if self.cycle is not None and self.cycle is not self._seen:   # a request's headers are complete
            self._seen = self.cycle
            self._cancel()

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
            self.logger.warning("closed a connection whose request headers took over %.0f s", HEADER_SECONDS)
            self.transport.close()


class SessionsOnly:
    """Serve the stateful protocol only (the 2025 handshake, with session ids): each session keeps
    its own binding. A request naming a stateless revision (2026-07-28: no sessions, so no binding
    to keep) is answered -32022 listing the handshake versions, and a client in ``auto`` mode, as
    the official one is, falls back to ``initialize``."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self._app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[None]]) -> None:
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


async def _request_id(receive: Callable[..., Awaitable[Any]]) -> Any:
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
    except ValueError:
        return None
    request_id = found.get("id") if isinstance(found, dict) else None
    return request_id if isinstance(request_id, (str, int)) and not isinstance(request_id, bool) else None
