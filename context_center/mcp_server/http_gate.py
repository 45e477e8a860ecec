"""The bearer-token gate in front of the HTTP server: a request goes through only with one
``Authorization: Bearer <token>`` header naming a token of ours; anything else is a 401 (two such
headers, ambiguous, a 400) before the MCP transport sees it.

Our own small ASGI middleware rather than the SDK's ``token_verifier``: the SDK's is the OAuth
resource-server path (it needs an authorization server's issuer URL and advertises OAuth metadata),
and a client that sees OAuth advertised may start an OAuth flow instead of sending the header it
was configured with. A static token needs none of that.

A request that passes carries its token's grant (name and scope) into the ASGI scope, where the
tools read it, and the token's name as the SDK's authenticated user: the SDK then serves a
session only to requests with the token that opened it. Tokens are re-read at most every
``REFRESH_SECONDS``: ``mcp token revoke`` shuts clients out, and ``mcp token create`` lets new ones
in, without a restart. They are compared in constant time and never written anywhere: refusals
are logged with their reason and the client's address only.
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
    from starlette.types import ASGIApp, Receive, Scope, Send

    from ..engine import TokenGrant

log = logging.getLogger("context_center.mcp")

REFRESH_SECONDS = 2.0
Tokens = list[tuple["TokenGrant", str]]   # (grant, value)


class _Unreadable(Exception):
    pass


class _Ambiguous(Exception):
    pass


class BearerGate:
    def __init__(self, app: ASGIApp, read_tokens: Callable[[], Awaitable[Tokens]],
                 matching: Callable[[str, Tokens], TokenGrant | None], grant_key: str) -> None:
        self._app = app
        self._read_tokens = read_tokens
        self._matching = matching
        self._grant_key = grant_key
        self._tokens: Tokens = []
        self._read_at = float("-inf")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":   # lifespan: the app's own
            await self._app(scope, receive, send)
            return
        try:
            given = _bearer(scope)
        except _Ambiguous:
            await _refuse(scope, send, 400, "invalid_request", "more than one Authorization header: ambiguous")
            return
        try:
            tokens = await self._current_tokens()
        except _Unreadable:
            await _refuse(scope, send, 503, "temporarily_unavailable",
                          "the server cannot read its tokens from the keyring; see the server's log")
            return
        grant = self._matching(given, tokens) if given is not None else None
        if not tokens:
            await _refuse(scope, send, 401, "invalid_token",
                          "the server has no token (revoked?); create one with `context-center mcp token create`")
        elif given is None:
            await _refuse(scope, send, 401, None, "this server needs an Authorization: Bearer header")
        elif grant is None:
            await _refuse(scope, send, 401, "invalid_token", "the bearer token is not one of this server's")
        else:
            scope[self._grant_key] = grant
            scope["user"] = _user(grant.name)
            await self._app(scope, receive, send)

    async def _current_tokens(self) -> Tokens:
        if time.monotonic() - self._read_at < REFRESH_SECONDS:
            return self._tokens
        try:
            self._tokens = await self._read_tokens()
        except Exception as exc:  # noqa: BLE001 - fail closed; the reason, never a secret, goes to the log
            log.error("the tokens could not be read (%s); refusing every request",
                      getattr(exc, "message", type(exc).__name__))
            raise _Unreadable() from None
        self._read_at = time.monotonic()
        return self._tokens


def _user(name: str) -> AuthenticatedUser:
    """The SDK's authenticated user for a token: its name is the principal a session belongs to."""
    from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
    from mcp.server.auth.provider import AccessToken

    return AuthenticatedUser(AccessToken(token="", client_id=f"token:{name}", scopes=[]))


def _bearer(scope: Scope) -> str | None:
    found = [value for name, value in scope.get("headers", ()) if name.lower() == b"authorization"]
    if len(found) > 1:
        raise _Ambiguous()
    if not found:
        return None
    scheme, _, token = found[0].decode("latin-1").strip().partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
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
