"""``context-center mcp --http HOST:PORT``: the same tools as the stdio server, over the SDK's
stateful streamable HTTP transport, behind bearer tokens kept in the OS keyring.

Each MCP session has its own binding (``--project`` is every new session's first; ``memory_bind``
moves only the caller's) and the scope of the token that opened it; a request for a session with
another token, or for no valid session after initialize, is refused by the transport. Without a
token nothing is served: not on a reachable address (anyone on the network could read and write
the memory), and not on loopback either unless ``--no-token`` says so on purpose, because loopback
is not private on a shared machine (every local user and process can connect) and a browser page
can reach it too. ``--no-token`` is refused off loopback. A machine without a usable keyring gives
the one token in ``$CONTEXT_CENTER_MCP_TOKEN`` or ``--token-file F`` instead. Limits (slow, idle,
many or large clients): http_limits.py.

When the socket listens, one line on stdout gives the URL clients use (tests and scripts wait for
it); logs go to stderr and never hold the token. Ctrl+C or SIGTERM stops the server, closing
sessions and the store, with exit status 0.
"""
from __future__ import annotations

import contextlib
import logging
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TYPE_CHECKING

import uvicorn

from . import http_limits
from .http_address import Address, AddressError, bind, parse_address
from .server import GRANT_KEY, SessionBindings, _configure_logging, _Opening, arguments_usable, build_server, say
from .surrogates import RepairedBodies

if TYPE_CHECKING:
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.types import ASGIApp

log = logging.getLogger("context_center.mcp")
GRACE_SECONDS = 3   # open streams are given this long to close on shutdown


def serve_http(state_root: str | None, project: str | None, policy: str | None, where: str,
               no_token: bool = False, token_file: str | None = None) -> int:
    """Serve until Ctrl+C or SIGTERM. Returns the exit status (2: usage, 1: refused)."""
    started = time.perf_counter()
    _configure_logging()
    logging.getLogger("uvicorn").handlers = logging.getLogger("context_center").handlers
    if not arguments_usable(state_root, project):
        return 2
    try:
        address = parse_address(where)
    except AddressError as exc:
        say("INVALID_INPUT", f"--http {exc}")
        return 2
    if no_token and token_file:
        say("INVALID_INPUT", "--no-token and --token-file say opposite things; give one")
        return 2
    try:
        given = _given_token(token_file, no_token)
    except _Refused as exc:
        say("INVALID_INPUT", str(exc))
        return 2
    refusal = None if given is not None else _token_refusal(state_root, address, no_token)
    if refusal is not None:
        say("TOKEN_REQUIRED", refusal)
        return 1
    try:
        sock = bind(address)
    except AddressError as exc:
        say("ADDRESS_UNUSABLE", str(exc))
        return 1
    _room_for_connections()
    opening = _Opening(state_root, project, policy, started)
    try:
        opening.start()
        _run(_app(opening, address, sock.getsockname()[1], no_token, given), sock,
             lambda: _announce(address, sock, no_token, given is not None))
    finally:
        sock.close()
        opening.close()
    log.info("stopped")
    return 0


def _room_for_connections() -> None:
    """Descriptors for :data:`http_limits.MAX_CONNECTIONS` and the store's files: the soft limit is
    often 1,024, which silent connections alone would fill before the bound refuses any."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = http_limits.MAX_CONNECTIONS + 512
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY
                                                        else min(wanted, hard), hard))


class _Refused(Exception):
    pass


def _given_token(token_file: str | None, no_token: bool) -> str | None:
    """The one token of a headless server (``--token-file``, else ``$CONTEXT_CENTER_MCP_TOKEN``)."""
    if no_token:
        return None
    from ..engine import EngineError, given_token

    try:
        return given_token(token_file)
    except EngineError as exc:
        raise _Refused(exc.message) from None


def _token_refusal(state_root: str | None, address: Address, no_token: bool) -> str | None:
    """Why this address may not be served as asked, or None."""
    if no_token:
        if address.is_loopback:
            return None
        return (f"--no-token is for loopback only (127.0.0.1, ::1, localhost); {address.host} may be "
                "reachable from other machines")
    from ..engine import EngineError, open_global_engine, stored_tokens

    try:
        with open_global_engine(state_root) as engine:
            stored = stored_tokens(engine)
    except EngineError as exc:
        return (f"the server's tokens could not be read: {exc.message} (without a keyring, give one token in "
                "$CONTEXT_CENTER_MCP_TOKEN or --token-file F)")
    if stored:
        return None
    create = "create one with `context-center mcp token create` (or, without a keyring, give one in " \
             "$CONTEXT_CENTER_MCP_TOKEN or --token-file F)"
    if address.is_loopback:
        return f"no token: {create} (or, on loopback only, serve without one: --no-token)"
    return f"{address.host} may be reachable from other machines and there is no token: {create}"


def _security(address: Address, port: int) -> TransportSecuritySettings | None:
    """Host and Origin must name this very server, port included (the SDK's own loopback check
    takes any port: ``Host: localhost:<another port>`` passed). Off loopback, a client names the
    machine however its network does: the token is the check there."""
    from mcp.server.transport_security import TransportSecuritySettings

    if not address.is_loopback:
        return None
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"]
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts,
                                     allowed_origins=[f"http://{host}" for host in hosts])


def _app(opening: _Opening, address: Address, port: int, no_token: bool, given: str | None) -> ASGIApp:
    import anyio

    limiter = anyio.CapacityLimiter(1)   # the engine's one worker: tool calls and the tokens' registry
    sessions = SessionBindings(opening)
    server = build_server(opening, limiter, sessions)
    app: ASGIApp = server.streamable_http_app(host=address.bind_host, transport_security=_security(address, port),
                                              max_request_body_size=http_limits.MAX_BODY_BYTES,
                                              max_sessions=http_limits.MAX_SESSIONS,
                                              session_idle_timeout=http_limits.SESSION_IDLE_SECONDS)
    app = http_limits.SessionsOnly(RepairedBodies(app, http_limits.MAX_BODY_BYTES))
    app = http_limits.TokenLedger(app, sessions.forget)
    if no_token:
        return app
    from ..engine import TokenGrant, matching_grant, stored_tokens

    if given is not None:
        fixed = [(TokenGrant("given"), given)]

        async def read_tokens() -> Tokens:
            return fixed
    else:
        async def read_tokens() -> Tokens:
            return await anyio.to_thread.run_sync(lambda: stored_tokens(opening.global_engine()), limiter=limiter)

    from .http_gate import BearerGate, Tokens

    return BearerGate(app, read_tokens, matching_grant, GRANT_KEY)


def _announce(address: Address, sock: socket.socket, no_token: bool, given: bool) -> None:
    port = sock.getsockname()[1]
    url = address.url(port)
    sys.stdout.write(f"context-center mcp: serving at {url}\n")
    sys.stdout.flush()
    if address.is_wildcard:
        log.info("listening on every interface (%s port %d); clients use this machine's name or address",
                 address.host, port)
    if no_token:
        log.warning("serving WITHOUT a token (--no-token): every local user and process can use this memory")
    elif given:
        log.info("clients send the header  Authorization: Bearer <the token given to this server>")
    else:
        log.info("clients send the header  Authorization: Bearer <a token of `context-center mcp token "
                 "create`>")
    if not address.is_loopback:
        log.warning("plain HTTP: the token and the memory cross the network unencrypted; use a trusted network, "
                    "an SSH tunnel or a TLS reverse proxy")
    log.info("Ctrl+C stops the server")


class _QuietWhenStopping(logging.Filter):
    """A client's open event stream ended by our shutdown is not an error worth a line."""

    def __init__(self, server: uvicorn.Server) -> None:
        super().__init__()
        self._server = server

    def filter(self, record: logging.LogRecord) -> bool:
        return not (self._server.should_exit and record.getMessage().startswith("ASGI callable returned without"))


def _run(app: ASGIApp, sock: socket.socket, on_ready: Callable[[], None]) -> None:
    config = uvicorn.Config(app, log_config=None, log_level="warning", access_log=False, lifespan="on",
                            http=http_limits.DeadlineProtocol, ws="none", loop="asyncio",
                            timeout_graceful_shutdown=GRACE_SECONDS,
                            timeout_keep_alive=http_limits.KEEP_ALIVE_SECONDS,
                            limit_concurrency=http_limits.MAX_CONNECTIONS)
    server = _Uvicorn(config, on_ready)
    quiet = _QuietWhenStopping(server)
    logging.getLogger("uvicorn.error").addFilter(quiet)
    try:
        server.run(sockets=[sock])
    finally:
        logging.getLogger("uvicorn.error").removeFilter(quiet)


class _Uvicorn(uvicorn.Server):
    """uvicorn, announcing once it listens, and stopping on SIGINT/SIGTERM without re-raising the
    signal afterwards (uvicorn's own handling ends the process by the signal: exit status -15)."""

    def __init__(self, config: uvicorn.Config, on_ready: Callable[[], None]) -> None:
        super().__init__(config)
        self._on_ready = on_ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started and not self.should_exit:
            self._on_ready()

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        def stop(signum: int, frame: FrameType | None) -> None:
            if self.should_exit:   # a second Ctrl+C: do not wait for open streams
                self.force_exit = True
            # uvicorn's own handler sets should_exit; sse_starlette hooks it to end the clients' open
            # event streams at once (else each waits out the grace period and is cancelled, with a
            # traceback). Its signals are not raised again: this capture_signals does not re-raise.
            self.handle_exit(signum, frame)

        previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
