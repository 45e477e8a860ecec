"""``context-center mcp``: the context-eng tools over stdio, on the official ``mcp`` SDK.

Built on the SDK's low-level ``Server`` rather than ``MCPServer``: ``MCPServer`` derives each
tool's schema from Python type hints and answers any argument that does not fit them with its
own error text, before our code runs. The seed asks for the opposite: the schema rejects only
its two cases (``-32602``) and every other refusal is the engine's, with its code. So the tools
are declared with explicit JSON schemas and every call goes to the engine.

stdout carries protocol messages only (the SDK points fd 1 at stderr while serving); logs go to
stderr. The engine runs on one worker thread, one call at a time.
"""
from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:   # (the engine loads on the first call, after the handshake)
    from anyio import CapacityLimiter
    from mcp.server.lowlevel import Server
    from mcp.server.lowlevel.server import ServerRequestContext
    from mcp_types import CallToolRequestParams, CallToolResult, Implementation, ListToolsResult, PaginatedRequestParams

    from ..engine import AgentMemoryService, AgentStore, Engine, Judge, TokenGrant

log = logging.getLogger("context_center.mcp")
GRANT_KEY = "context_center.grant"   # where the HTTP gate puts the token's scope in a request's ASGI scope


def _configure_logging() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("context-center mcp: %(message)s"))
    root = logging.getLogger("context_center")
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    root.propagate = False


def _answer(name: str, call: Any, arguments: dict[str, Any]) -> tuple[str, bool]:
    """(text, is_error) for one tool call, run on the worker thread."""
    from ..engine import AgentRefusal, RefusedError, StorageError

    try:
        result = call(arguments)
    except (AgentRefusal, RefusedError, StorageError) as exc:
        code, message = exc.code, exc.message
    except Exception:  # a bug: said on stderr, answered as an error, the server keeps serving
        log.exception("%s failed", name)
        code, message = "INTERNAL_ERROR", f"{name} failed unexpectedly; the server's stderr has the details"
    else:
        return (result if isinstance(result, str) else json.dumps(result, indent=2, ensure_ascii=False)), False
    if name == "memory_search":
        return f"{code}: {message}", True
    return json.dumps({"error": code, "message": message}, indent=2, ensure_ascii=False), True


class _Opening:
    """The store, opened on a thread of its own once the server is up, so the client's handshake
    does not wait for the catalog: the first tool call waits for it instead."""

    def __init__(self, state_root: str | None, project: str | None, policy: str | None, started: float) -> None:
        self._arguments = (state_root, project, policy)
        self._started = started
        self._done = threading.Event()
        self._opened: tuple[AgentStore, str, Judge | None] | None = None   # (store, policy, judge)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._open, name="context-center-open", daemon=True)

    @property
    def project(self) -> str | None:
        return self._arguments[1]

    def start(self) -> None:
        self._thread.start()

    def _open(self) -> None:
        from ..engine import AgentMemoryService, open_agent_store, server_judge, server_policy

        state_root, project, policy = self._arguments
        try:
            store = open_agent_store(state_root)
            try:
                chosen = server_policy(store, policy)
                judge = server_judge(store)
                if project:   # checked, and its store opened, now: not at the first session's first call
                    AgentMemoryService(store, project, chosen, judge)
                store.watch()
            except BaseException:
                store.close()
                raise
            self._opened = (store, chosen, judge)
            log.info("serving %s (policy %s, project %s); store open %.0f ms after start",
                     store.global_store.engine.paths.root, chosen, project or "not bound per session",
                     (time.perf_counter() - self._started) * 1000)
        except BaseException as exc:  # noqa: BLE001 - said on every call, and once here
            self._error = exc
            log.error("cannot open the store: %s", getattr(exc, "message", exc))
        finally:
            self._done.set()

    def global_engine(self) -> Engine:
        """The store's global engine (waits for the open); run it on the engine's worker."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        assert self._opened is not None
        return self._opened[0].global_store.engine

    def new_session(self, agent: str, grant: TokenGrant | None = None) -> AgentMemoryService:
        """A session's own connection to the store: bound to ``--project`` (or to its token's project),
        with the scope its token gives."""
        from ..engine import AgentMemoryService

        self._done.wait()
        if self._error is not None:
            raise self._error
        assert self._opened is not None
        store, policy, judge = self._opened
        return AgentMemoryService(store, self.project, policy, judge, agent,
                                  only_project=grant.project if grant is not None else None,
                                  read_only=grant is not None and grant.read_only)

    def close(self) -> None:
        if self._thread.is_alive() or self._done.is_set():
            self._done.wait()
        if self._opened is not None:
            self._opened[0].close()


class SessionBindings:
    """Each MCP session's own binding: one connection to the store per client session (an HTTP
    server's sessions share the store, never a binding), keyed by the session id the transport
    checked (stdio has one session). A binding goes when its session does (the HTTP server's
    ledger says when): no other client can push it out."""

    def __init__(self, opening: _Opening) -> None:
        self._opening = opening
        self._services: dict[str, AgentMemoryService] = {}

    def service(self, key: str, agent: str, grant: TokenGrant | None) -> AgentMemoryService:
        """Run on the engine's worker: opening a session's binding opens a store."""
        found = self._services.get(key)
        if found is None:
            found = self._opening.new_session(agent, grant)
            self._services[key] = found
        return found

    def forget(self, key: str) -> None:
        self._services.pop(key, None)


def agent_name(client_info: Implementation | None) -> str:
    """What an agent says it is (``clientInfo.name``), as it may be written into a fact's
    ``written_by``: one line, at most 80 characters, an e-mail address or a secret in it masked."""
    from ..engine import mask_personal

    raw = getattr(client_info, "name", None)
    if not isinstance(raw, str) or not raw.strip():
        return "an agent"
    line = " ".join("".join(ch if ch.isprintable() else " " for ch in raw).split())[:80]
    return mask_personal(line) or "an agent"


def build_server(opening: _Opening, one_at_a_time: CapacityLimiter | None = None,
                 sessions: SessionBindings | None = None) -> Server[Any]:
    """The SDK server answering ``tools/list`` and ``tools/call`` from the store ``opening`` opens;
    every engine call runs on a worker thread through the limiter ``one_at_a_time`` (one call at a
    time; the HTTP gate shares it to read the tokens' registry)."""
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server
    from mcp.shared.exceptions import MCPError

    from . import tools

    listed = [types.Tool(name=name, description=description, input_schema=schema)
              for name, description, schema in tools.TOOLS]
    one_at_a_time = one_at_a_time or anyio.CapacityLimiter(1)
    sessions = sessions or SessionBindings(opening)

    async def list_tools(_ctx: ServerRequestContext[Any], _params: PaginatedRequestParams | None) -> ListToolsResult:
        return types.ListToolsResult(tools=listed)

    def answer(name: str, arguments: dict[str, Any], session: str, agent: str,
               grant: TokenGrant | None) -> tuple[str, bool]:
        from ..engine import tool_handlers

        try:
            service = sessions.service(session, agent, grant)
        except Exception as exc:  # noqa: BLE001 - a store that cannot be opened: said to the agent in its answer
            failed = exc
            return _answer(name, lambda _arguments: _raise(failed), arguments)
        return _answer(name, tool_handlers(service)[name], arguments)

    async def call_tool(ctx: ServerRequestContext[Any], params: CallToolRequestParams) -> CallToolResult:
        name, arguments = params.name, dict(params.arguments or {})
        if name not in tools.NAMES:
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool: {name}")
        problem = tools.schema_problem(name, arguments)
        if problem is not None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"invalid arguments for {name}: {problem}")
        agent = agent_name(getattr(getattr(ctx.session, "client_params", None), "client_info", None))
        request = getattr(ctx, "request", None)   # HTTP: the Starlette request the transport let through
        grant = request.scope.get(GRANT_KEY) if request is not None else None
        session = request.headers.get("mcp-session-id", "") if request is not None else "stdio"
        text, is_error = await anyio.to_thread.run_sync(
            partial(answer, name, arguments, session, agent, grant), limiter=one_at_a_time)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=is_error)

    from .. import __version__

    return Server("context-center", version=__version__, instructions=_instructions(),
                  on_list_tools=list_tools, on_call_tool=call_tool)


def _raise(exc: BaseException) -> NoReturn:
    raise exc


def _instructions() -> str:
    """The tool guidance (the engine's resource, read without importing the engine)."""
    from importlib import resources

    return resources.files("context_center.resources").joinpath("context_eng_guidance.md").read_text(
        encoding="utf-8").strip()


def say(code: str, message: str) -> None:
    """One refusal on stderr, as every ``context-center mcp`` refusal is worded."""
    sys.stderr.write(f"context-center mcp: {code}: {message}\n")


def arguments_usable(state_root: str | None, project: str | None) -> bool:
    """False (and said) when the state root or the project cannot be served."""
    if project is not None and not os.path.isdir(project):
        say("INVALID_PROJECT_PATH", f"--project {project} is not an existing directory")
        return False
    from ..engine import EngineError, choose_state_root

    try:   # a config file that cannot be used is said before the handshake, never a fallback
        choose_state_root(state_root)
    except EngineError as exc:
        say(exc.code, exc.message)
        return False
    return True


def serve(state_root: str | None, project: str | None, policy: str | None) -> int:
    """Serve until the client closes stdin. Returns the exit status."""
    started = time.perf_counter()
    _configure_logging()
    if not arguments_usable(state_root, project):
        return 2
    opening = _Opening(state_root, project, policy, started)
    try:
        server = build_server(opening)
        import anyio
        from mcp.server.stdio import stdio_server

        from .stdio_transport import claimed_stdio

        async def run() -> None:
            with claimed_stdio() as (stdin, stdout):
                async with stdio_server(stdin=stdin, stdout=stdout) as (read, write):  # type: ignore[arg-type]
                    opening.start()
                    await server.run(read, write, server.create_initialization_options())

        anyio.run(run)
    except KeyboardInterrupt:
        pass
    finally:
        opening.close()
    return 0
