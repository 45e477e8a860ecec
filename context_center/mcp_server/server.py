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
import sys
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


def build_server(service: Any) -> Any:
    """The SDK server answering ``tools/list`` and ``tools/call`` from ``service``."""
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server
    from mcp.shared.exceptions import MCPError

    from ..engine import tool_handlers
    from . import tools

    handlers = tool_handlers(service)
    listed = [types.Tool(name=name, description=description, input_schema=schema)
              for name, description, schema in tools.TOOLS]
    one_at_a_time = anyio.CapacityLimiter(1)

    async def list_tools(_ctx: Any, _params: Any) -> Any:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx: Any, params: Any) -> Any:
        name, arguments = params.name, dict(params.arguments or {})
        if name not in handlers:
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool: {name}")
        problem = tools.schema_problem(name, arguments)
        if problem is not None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"invalid arguments for {name}: {problem}")
        client = getattr(getattr(ctx.session, "client_params", None), "client_info", None)
        if client is not None and getattr(client, "name", None):
            service.agent = client.name
        text, is_error = await anyio.to_thread.run_sync(partial(_answer, name, handlers[name], arguments),
                                                        limiter=one_at_a_time)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=is_error)

    from .. import __version__

    return Server("context-center", version=__version__, instructions=_instructions(),
                  on_list_tools=list_tools, on_call_tool=call_tool)


def _instructions() -> str:
    from ..engine import guidance_block

    return guidance_block(markers=False)


def serve(state_root: str | None, project: str | None, policy: str | None) -> int:
    """Serve until the client closes stdin. Returns the exit status."""
    started = time.perf_counter()
    _configure_logging()
    from ..engine import AgentRefusal, StorageError, open_agent_memory

    try:
        service = open_agent_memory(state_root, project, policy)
    except (AgentRefusal, StorageError) as exc:
        sys.stderr.write(f"context-center mcp: {exc.code}: {exc.message}\n")
        return 2 if isinstance(exc, AgentRefusal) else 1
    try:
        service.watch()
        server = build_server(service)
        import anyio
        from mcp.server.stdio import stdio_server

        async def run() -> None:
            async with stdio_server() as (read, write):
                log.info("serving %s (policy %s, project %s) after %.0f ms", service.engine.paths.root,
                         service.policy, service.project or "not bound", (time.perf_counter() - started) * 1000)
                await server.run(read, write, server.create_initialization_options())

        anyio.run(run)
    except KeyboardInterrupt:
        pass
    finally:
        service.close()
    return 0
