"""One command line run inside the service as its own process would run it: the caller's
arguments, working folder, environment, standard input and terminal; its output captured.

The service runs one command at a time (:class:`.server.Service` holds the lock), so the
process-wide things a command reads (``os.environ``, the working folder, ``sys.std*``) can be
the caller's for the length of the command and are put back after it.
"""
from __future__ import annotations

import io
import os
import sys
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator


@dataclass(frozen=True)
class Request:
    argv: list[str]
    cwd: str
    env: dict[str, str]
    stdin: bytes
    tty: bool            # the caller's standard output is a terminal
    encoding: str        # … and the encoding and error handler it writes with
    errors: str
    umask: int           # … and the permissions it creates files with
    deadline: float | None = None   # (monotonic) when a hook's caller gives up on it


@dataclass(frozen=True)
class Outcome:
    code: int
    stdout: bytes
    stderr: bytes


class CallerGone(Exception):
    """The caller's working folder is gone: only its own process can say what that means."""


class _Buffer(io.BytesIO):
    def __init__(self, initial: bytes = b"", *, tty: bool = False) -> None:
        super().__init__(initial)
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def _text(buffer: _Buffer, request: Request) -> io.TextIOWrapper:
    return io.TextIOWrapper(buffer, encoding=request.encoding, errors=request.errors, newline=None,
                            line_buffering=False, write_through=True)


def exit_code(code: object) -> tuple[int, str]:
    """What ``sys.exit(code)`` makes a process's exit status, and what it prints (a message)."""
    if code is None:
        return 0, ""
    if isinstance(code, int):
        return code & 0xFF, ""
    return 1, f"{code}\n"


@contextmanager
def _as_the_caller(request: Request) -> Iterator[tuple[_Buffer, _Buffer]]:
    """Everything changed here is put back, whatever fails on the way (a working folder gone, an
    encoding that is no text encoding): the next caller finds the service as it was."""
    saved_env, saved_streams = dict(os.environ), (sys.stdin, sys.stdout, sys.stderr)
    saved_cwd = os.getcwd()
    saved_umask = os.umask(request.umask)
    try:
        try:
            os.chdir(request.cwd)
        except OSError as exc:
            raise CallerGone(str(exc)) from exc
        out, err = _Buffer(tty=request.tty), _Buffer()
        os.environ.clear()
        os.environ.update(request.env)
        sys.stdin = _text(_Buffer(request.stdin), request)
        sys.stdout, sys.stderr = _text(out, request), _text(err, request)
        yield out, err
    finally:
        for stream in (sys.stdout, sys.stderr):
            if stream is not saved_streams[1] and stream is not saved_streams[2]:
                try:
                    stream.flush()
                except (OSError, ValueError, UnicodeError):
                    pass
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.environ.clear()
        os.environ.update(saved_env)
        os.chdir(saved_cwd)
        os.umask(saved_umask)


def run(request: Request, command: Callable[[Request], int]) -> Outcome:
    """Run ``command(request)`` as the caller; an exception is reported as the interpreter would
    (a traceback on standard error, exit status 1)."""
    with _as_the_caller(request) as (out, err):
        try:
            code = command(request)
        except SystemExit as stop:
            code, message = exit_code(stop.code)
            sys.stderr.write(message)
        except Exception:   # noqa: BLE001 - the command's own process would print it and exit 1
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        return Outcome(exit_code(code)[0], out.getvalue(), err.getvalue())
