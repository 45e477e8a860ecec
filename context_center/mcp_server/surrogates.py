"""Lone surrogates in a client's JSON (``"\\ud800"``: valid JSON, not Unicode), made U+FFFD before
the SDK parses the message: its parser refuses such a message without answering (over stdio the
client waited for its timeout; over HTTP it got a parse error without its request's id)."""
from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # (stdio repairs lines too, and never loads Starlette)
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

_LONE = re.compile("[\ud800-\udfff]")


def repaired(line: str) -> str:
    """A JSON-RPC line with every lone surrogate (``"\\ud800"``: valid JSON, not Unicode) made U+FFFD.
    Repaired, the call gets an answer like any other."""
    if "\\u" not in line or not re.search(r"\\u[dD][89a-fA-F]", line):
        return line
    try:
        return json.dumps(_without_surrogates(json.loads(line)))
    except (ValueError, RecursionError):   # not JSON, or a nest deeper than JSON's own coder goes: as it came
        return line


def _without_surrogates(value: Any) -> Any:
    """``value`` (parsed JSON) with each lone surrogate in a string made U+FFFD; walked without
    recursion, so a nest 100,000 deep costs a loop, not the stack."""
    root = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if isinstance(item, str):
            holder[key] = _LONE.sub("\ufffd", item)
        elif isinstance(item, list):
            stack.extend((item, index) for index in range(len(item)))
        elif isinstance(item, dict):
            renamed = {(_LONE.sub("\ufffd", k) if isinstance(k, str) else k): v for k, v in item.items()}
            holder[key] = renamed
            stack.extend((renamed, k) for k in renamed)
    return root[0]


class RepairedBodies:
    """The same for each HTTP request's body (read whole: the transport bounds it anyway)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self._app = app
        self._max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
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


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}
    return receive
