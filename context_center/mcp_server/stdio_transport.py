"""stdin and stdout as the SDK's stdio transport reads and writes them, each message checked first.

The SDK's stdio reader drops a line it cannot parse without answering (its client then waits for
its timeout): truncated JSON, a nest 100,000 deep, a lone surrogate (``"\\ud800"``: valid JSON,
not Unicode). Here each line is parsed before the SDK sees it: a lone surrogate is made U+FFFD
(:mod:`.surrogates`), and a line that is no JSON-RPC message is answered at once, as JSON-RPC
says (-32700 when it is not JSON, -32600 when it is not a message), and never reaches the SDK.
Both descriptors are moved aside as the SDK does with its own: fd 0 reads nothing, fd 1 writes
to stderr, so a child process (git) neither reads the protocol nor writes into it.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import AsyncIterator, Iterator
from typing import Any

from .surrogates import repaired

PARSE_ERROR, INVALID_REQUEST = -32700, -32600


class Stdout:
    """The protocol's stdout: each write is one whole line, written at once (the SDK's answers
    and ours never interleave)."""

    def __init__(self, fd: int) -> None:
        import anyio

        self._fd = fd
        self._lock = anyio.Lock()

    async def write(self, text: str) -> None:
        import anyio

        data = text.encode("utf-8", "replace")
        async with self._lock:
            await anyio.to_thread.run_sync(_write_all, self._fd, data)

    async def flush(self) -> None:
        return None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class Stdin:
    """The protocol's stdin, ``async for line``: each line repaired, or answered when it is no message."""

    def __init__(self, fd: int, stdout: Stdout) -> None:
        import anyio

        self._file = anyio.wrap_file(io.TextIOWrapper(os.fdopen(fd, "rb"), encoding="utf-8", errors="replace"))
        self._stdout = stdout

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        import mcp_types as types

        async for line in self._file:
            if not line.strip():
                continue
            fixed = repaired(line)
            try:
                types.jsonrpc_message_adapter.validate_json(fixed, by_name=False)
            except Exception:   # noqa: BLE001 - whatever it is, it is no message: answered, not passed on
                await self._stdout.write(_error_line(fixed) + "\n")
                continue
            yield fixed


def _error_line(line: str) -> str:
    try:
        found: Any = json.loads(line)
    except (ValueError, RecursionError):
        code, message, request_id = PARSE_ERROR, "Parse error: not JSON", None
    else:
        code, message = INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message"
        candidate = found.get("id") if isinstance(found, dict) else None
        request_id = candidate if isinstance(candidate, (str, int)) and not isinstance(candidate, bool) else None
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}})


@contextlib.contextmanager
def claimed_stdio() -> Iterator[tuple[Stdin, Stdout]]:
    """(stdin, stdout) for the SDK's ``stdio_server``; fd 0 and fd 1 are given back on exit."""
    private_in, private_out = os.dup(0), os.dup(1)
    for fd in (private_in, private_out):
        os.set_inheritable(fd, False)
    saved_in, saved_out = os.dup(0), os.dup(1)
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(quiet, 0)
    os.close(quiet)
    os.dup2(2, 1)
    try:
        stdout = Stdout(private_out)
        yield Stdin(private_in, stdout), stdout
    finally:
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        for fd in (saved_in, saved_out, private_out):
            with contextlib.suppress(OSError):
                os.close(fd)
