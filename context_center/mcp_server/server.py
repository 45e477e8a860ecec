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
from typing import Any

log = logging.getLogger("context_center.mcp")


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
        self._service: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._open, name="context-center-open", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _open(self) -> None:
        from ..engine import open_agent_memory

        try:
            service = open_agent_memory(*self._arguments)
            service.watch()
            self._service = service
            log.info("serving %s (policy %s, project %s); store open %.0f ms after start", service.engine.paths.root,
                     service.policy, service.project or "not bound", (time.perf_counter() - self._started) * 1000)
        except BaseException as exc:  # said on every call, and once here
            self._error = exc
            log.error("cannot open the store: %s", getattr(exc, "message", exc))
        finally:
            self._done.set()

    def service(self) -> Any:
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._service

    def close(self) -> None:
        if self._thread.is_alive() or self._done.is_set():
            self._done.wait()
        if self._service is not None:
            self._service.close()


def build_server(opening: _Opening) -> Any:
    """The SDK server answering ``tools/list`` and ``tools/call`` from the store ``opening`` opens."""
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server
    from mcp.shared.exceptions import MCPError

    from . import tools

    listed = [types.Tool(name=name, description=description, input_schema=schema)
              for name, description, schema in tools.TOOLS]
    one_at_a_time = anyio.CapacityLimiter(1)

    async def list_tools(_ctx: Any, _params: Any) -> Any:
        return types.ListToolsResult(tools=listed)

    def answer(name: str, arguments: dict[str, Any], agent: str | None) -> tuple[str, bool]:
        from ..engine import tool_handlers

        try:
            service = opening.service()
        except Exception as exc:
            failed = exc
            return _answer(name, lambda _arguments: _raise(failed), arguments)
        if agent:
            service.agent = agent
        return _answer(name, tool_handlers(service)[name], arguments)

    async def call_tool(ctx: Any, params: Any) -> Any:
        name, arguments = params.name, dict(params.arguments or {})
        if name not in tools.NAMES:
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool: {name}")
        problem = tools.schema_problem(name, arguments)
        if problem is not None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"invalid arguments for {name}: {problem}")
        client = getattr(getattr(ctx.session, "client_params", None), "client_info", None)
        text, is_error = await anyio.to_thread.run_sync(
            partial(answer, name, arguments, getattr(client, "name", None)), limiter=one_at_a_time)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=is_error)

    from .. import __version__

    return Server("context-center", version=__version__, instructions=_instructions(),
                  on_list_tools=list_tools, on_call_tool=call_tool)


def _raise(exc: BaseException) -> Any:
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
    if state_root is not None and not state_root.strip():
        say("INVALID_INPUT", "the state root is empty; give a folder, or leave --state-root out for the default")
        return False
    if project is not None and not os.path.isdir(project):
        say("INVALID_PROJECT_PATH", f"--project {project} is not an existing directory")
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

        async def run() -> None:
            async with stdio_server() as (read, write):
                opening.start()
                await server.run(read, write, server.create_initialization_options())

        anyio.run(run)
    except KeyboardInterrupt:
        pass
    finally:
        opening.close()
    return 0
