"""Lone surrogates in a client's JSON (``"\\ud800"``: valid JSON, not Unicode), made U+FFFD before
the SDK parses the message: its parser refuses such a message without answering (over stdio the
client waited for its timeout; over HTTP it got a parse error without its request's id)."""
from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

_LONE = re.compile("[\ud800-\udfff]")


def repaired(line: str) -> str:
    """A JSON-RPC line with every lone surrogate (``"\\ud800"``: valid JSON, not Unicode) made U+FFFD.
    Repaired, the call gets an answer like any other."""
    if "\\u" not in line or not re.search(r"\\u[dD][89a-fA-F]", line):
        return line
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return line
    return json.dumps(_without_surrogates(message))


def _without_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return _LONE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_without_surrogates(item) for item in value]
    if isinstance(value, dict):
        return {_without_surrogates(key): _without_surrogates(item) for key, item in value.items()}
    return value



class RepairedBodies:
    """The same for each HTTP request's body (read whole: the transport bounds it anyway)."""

    def __init__(self, app: Callable[..., Awaitable[None]], max_bytes: int) -> None:
        self._app = app
        self._max_bytes = max_bytes

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[None]]) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self._app(scope, receive, send)
            return
        chunks, size, more = [], 0, True
        while more and size <= self._max_bytes:
            message = await receive()
            if message.get("type") != "http.request":
                await self._app(scope, _replay([message]), send)
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = bool(message.get("more_body"))
        body = b"".join(chunks)
        if not more and size <= self._max_bytes:
            text = body.decode("utf-8", "replace")
            fixed = repaired(text)
            if fixed is not text:
                body = fixed.encode("utf-8")
        await self._app(scope, _replay([{"type": "http.request", "body": body, "more_body": more}], receive), send)


def _replay(messages: list[dict[str, Any]], then: Callable[..., Awaitable[Any]] | None = None) -> Any:
    queue = list(messages)

    async def receive() -> Any:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}
    return receive
