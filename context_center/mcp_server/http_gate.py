"""The bearer-token gate in front of the HTTP server: a request goes through only with
``Authorization: Bearer <the token in the keyring>``; anything else is a 401 before the MCP
transport sees it.

Our own small ASGI middleware rather than the SDK's ``token_verifier``: the SDK's is the OAuth
resource-server path (it needs an authorization server's issuer URL and advertises OAuth metadata),
and a client that sees OAuth advertised may start an OAuth flow instead of sending the header it
was configured with. A static token needs none of that.

The token is re-read from the keyring at most every ``REFRESH_SECONDS``: ``mcp token revoke``
shuts clients out, and a new ``mcp token create --replace`` lets its clients in, without a
restart. It is compared in constant time and never written anywhere: refusals are logged with
their reason and the client's address only.
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

log = logging.getLogger("context_center.mcp")

REFRESH_SECONDS = 2.0
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class _Unreadable(Exception):
    pass


class BearerGate:
    def __init__(self, app: App, read_token: Callable[[], str | None],
                 matches: Callable[[str, str], bool]) -> None:
        self._app = app
        self._read_token = read_token
        self._matches = matches
        self._token: str | None = None
        self._read_at = float("-inf")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":   # lifespan: the app's own
            await self._app(scope, receive, send)
            return
        given = _bearer(scope)
        try:
            expected = await self._current_token()
        except _Unreadable:
            await _refuse(scope, send, 503, "temporarily_unavailable",
                          "the server cannot read its token from the keyring; see the server's log")
            return
        if expected is None:
            await _refuse(scope, send, 401, "invalid_token",
                          "the server's token was revoked; create one with `context-center mcp token create`")
        elif given is None:
            await _refuse(scope, send, 401, None, "this server needs an Authorization: Bearer header")
        elif not self._matches(given, expected):
            await _refuse(scope, send, 401, "invalid_token", "the bearer token is not this server's")
        else:
            await self._app(scope, receive, send)

    async def _current_token(self) -> str | None:
        if time.monotonic() - self._read_at < REFRESH_SECONDS:
            return self._token
        import anyio

        try:
            self._token = await anyio.to_thread.run_sync(self._read_token)
        except Exception as exc:  # fail closed; the reason, never a secret, goes to the log
            log.error("the token could not be read from the keyring (%s); refusing every request",
                      getattr(exc, "message", type(exc).__name__))
            raise _Unreadable() from None
        self._read_at = time.monotonic()
        return self._token


def _bearer(scope: Scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name.lower() == b"authorization":
            scheme, _, token = value.decode("latin-1").strip().partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
            return None
    return None


async def _refuse(scope: Scope, send: Send, status: int, error: str | None, description: str) -> None:
    client = scope.get("client") or ("?", 0)
    log.warning("refused %s %s from %s: %s", scope.get("method", "?"), scope.get("path", "?"), client[0],
                description)
    challenge = 'Bearer realm="context-center"' + (f', error="{error}"' if error else "")
    body = json.dumps({"error": error or "unauthorized", "error_description": description}).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", challenge.encode("latin-1")))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
