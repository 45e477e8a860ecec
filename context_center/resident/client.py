"""The caller's side: send a command to the resident service, or say it must run here.

Imported by every ``context-center`` process before anything else, so it uses the standard
library alone (the point is not to pay for the engine's imports). :func:`forward` answers a
command the service can answer (:mod:`.routes`) with the service's output and exit code, or
returns None: then the command runs in this process as it always did, with its standard input
put back. The hook starts the service when there is none (and answers this once itself).
"""
from __future__ import annotations

import io
import os
import socket
import sys
import time

from . import address as addresses
from . import wire
from .hook_budget import BUDGET_ENV, budget, out_of_time_message
from .routes import HOOK, mcp_stdio, route

TYPE_CHECKING = False   # (typing's import is a tenth of this module's budget)
if TYPE_CHECKING:
    from typing import Any

SERVICE_ENV = "CONTEXT_CENTER_SERVICE"   # "off": every command runs in its own process
CONNECT_TIMEOUT = 1.0
READ_WAIT = 120.0        # a read command waits this long for a busy service before running here
SILENCE = 2.5            # … but a service silent this long (it beats every 0.5 s) is taken for none
START_WAIT = 15.0        # `service start`: how long the service may take to answer for the first time
RELAY_WAIT = 5.0         # how long `context-center mcp` waits for a server forked for it before serving itself


class NoAnswer(Exception):
    """No service answered (none runs, it is not ours, it refused or garbled): run here."""


class OutOfTime(Exception):
    """The service took the request but gave no answer in time."""


def enabled() -> bool:
    return os.environ.get(SERVICE_ENV, "").strip().lower() not in ("off", "0", "no", "false") \
        and addresses.supported()


def _connect(where: addresses.Address) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(CONNECT_TIMEOUT)
        sock.connect(where.socket)
        if wire.peer_uid(sock) != os.getuid():
            raise NoAnswer("the socket is another user's")
    except OSError as exc:
        sock.close()
        raise NoAnswer(str(exc)) from exc
    except NoAnswer:
        sock.close()
        raise
    return sock


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def ask(where: addresses.Address, argv: list[str], stdin: bytes, wait: float,
        budgeted: bool = False) -> tuple[int, bytes, bytes]:
    """Run ``argv`` in the service: (exit code, stdout, stderr); :class:`NoAnswer` or
    :class:`OutOfTime` else. ``budgeted``: ``wait`` is the hook's budget, after which the caller
    has given up (the service then neither answers nor records the turn)."""
    stream = sys.__stdout__
    try:
        cwd = os.getcwd()
    except OSError as exc:   # a folder removed under the caller: only its own process can say what then
        raise NoAnswer(str(exc)) from exc
    tty = bool(stream is not None and stream.isatty())
    env = dict(os.environ)
    if tty and stream is not None and "COLUMNS" not in env:   # argparse wraps usage to the caller's terminal
        try:
            env["COLUMNS"] = str(os.get_terminal_size(stream.fileno()).columns)
        except (OSError, ValueError):
            pass
    head = {"protocol": wire.PROTOCOL, "op": "run", "key": where.key, "argv": argv, "cwd": cwd,
            "env": env, "tty": tty, "deadline": wait if budgeted else None,
            "encoding": getattr(sys.stdout, "encoding", None) or "utf-8",
            "errors": getattr(sys.stdout, "errors", None) or "strict", "umask": _umask()}
    sock = _connect(where)
    try:
        try:
            wire.send_frames(sock, wire.header(head), stdin)
        except OSError as exc:
            raise NoAnswer(str(exc)) from exc
        deadline = time.monotonic() + max(0.01, wait)
        try:
            while True:
                answer = _within(sock, deadline, wire.read_header)
                if answer.get("working") is not True:
                    break
            if answer.get("late") is True:
                raise OutOfTime()
            if not isinstance(answer.get("code"), int):
                raise NoAnswer(str(answer.get("refused", "no exit code")))
            return answer["code"], _within(sock, deadline, wire.receive_frame), \
                _within(sock, deadline, wire.receive_frame)
        except (OSError, wire.WireError) as exc:
            raise NoAnswer(str(exc)) from exc
    finally:
        sock.close()


def _within(sock: socket.socket, deadline: float, read: Any) -> Any:
    """``read(sock)`` with every wait for bytes bounded by what is left before ``deadline``
    (:class:`OutOfTime` past it) and by :data:`SILENCE` (:class:`NoAnswer`: a service that says
    nothing for that long, the heartbeat included, is stopped or stuck, and is no service)."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise OutOfTime()
    sock.settimeout(min(SILENCE, left))
    try:
        return read(sock)
    except TimeoutError:
        if time.monotonic() >= deadline - 0.01:
            raise OutOfTime() from None
        raise NoAnswer(f"the service said nothing for {SILENCE:g} s") from None


def request(where: addresses.Address, op: str) -> dict[str, Any]:
    """``status`` or ``stop``: the service's answer, or :class:`NoAnswer`."""
    sock = _connect(where)
    try:
        wire.send_frames(sock, wire.header({"protocol": wire.PROTOCOL, "op": op, "key": where.key}))
        sock.settimeout(5.0)
        answer = wire.read_header(sock)
    except (OSError, wire.WireError) as exc:
        raise NoAnswer(str(exc)) from exc
    finally:
        sock.close()
    if "refused" in answer:
        raise NoAnswer(str(answer["refused"]))
    return answer


def _global_option(argv: list[str], name: str) -> str | None:
    for index, word in enumerate(argv):
        if word == name and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith(name + "="):
            return word.split("=", 1)[1]
    return None


def start(where: addresses.Address, *, warm_cwd: str | None = None, state_root: str | None = None,
          mcp: bool = False) -> int:
    """Start a service in the background, in a session of its own, its output to its log; returns
    its process id (it exits at once if another one holds the lock); ``mcp``: with its zygote
    started at once (:mod:`.zygote`). ``posix_spawn`` rather than
    subprocess: the hook pays for this on the prompt that finds no service."""
    # -P: started from the caller's folder (a project), where a context_center/ folder must not be
    # imported in place of this installation's (service run closes what it inherited beyond 0-2)
    command = [sys.executable, "-P", "-m", "context_center", "service", "run"]
    if warm_cwd:
        command += ["--warm-cwd", warm_cwd]
    if state_root:
        command += ["--state-root", os.path.abspath(os.path.expanduser(state_root))]
    if mcp:
        command.append("--mcp")
    try:
        if os.path.getsize(where.log) > 1_000_000:
            os.truncate(where.log, 0)
    except OSError:
        pass
    log = os.open(where.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        return os.posix_spawn(sys.executable, command, os.environ, setsid=True, file_actions=[
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, log, 1), (os.POSIX_SPAWN_DUP2, log, 2)])
    finally:
        os.close(log)


def wait_until_up(where: addresses.Address, seconds: float = START_WAIT) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        try:
            return request(where, "status")
        except NoAnswer:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def _event_cwd(stdin: bytes) -> str | None:
    import json

    try:
        event = json.loads(stdin)
    except ValueError:
        return None
    cwd = event.get("cwd") if isinstance(event, dict) else None
    return cwd if isinstance(cwd, str) and os.path.isabs(cwd) and "\0" not in cwd else None


def forward(argv: list[str]) -> int | None:
    """The exit code of ``argv`` answered by the service (its output written here), or None:
    run it in this process."""
    words = route(argv)
    if words is None or not enabled():
        return None
    hook = words == HOOK
    started = time.monotonic()
    stdin = _read_stdin() if hook else b""
    seconds = budget() if hook else None
    try:
        where = addresses.locate(create=hook)
    except addresses.NoPrivateFolder as exc:
        if hook:
            sys.stderr.write(f"context-center hook: the resident service is not used: {exc}\n")
        _here(hook, stdin)
        return None
    try:
        wait = READ_WAIT if seconds is None else seconds - (time.monotonic() - started)
        code, out, err = ask(where, argv, stdin, wait, budgeted=seconds is not None)
    except OutOfTime:
        if not hook:
            sys.stderr.write("context-center: the resident service is busy; answering here\n")
            return None
        sys.stderr.write(out_of_time_message(seconds or READ_WAIT))
        return 0
    except NoAnswer:
        if hook:
            try:
                start(where, warm_cwd=_event_cwd(stdin) or os.getcwd(), state_root=_global_option(argv, "--state-root"))
            except OSError as exc:
                sys.stderr.write(f"context-center hook: the resident service could not start: {exc}\n")
        _here(hook, stdin, None if seconds is None else seconds - (time.monotonic() - started))
        return None
    _write(sys.stdout, out)
    _write(sys.stderr, err)
    return code


def _read_stdin() -> bytes:
    stream = sys.stdin
    if stream is None:
        return b""
    return stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8", "surrogateescape")


def _here(hook: bool, stdin: bytes, left: float | None = None) -> None:
    """Before running here: the standard input this module read is put back for the command, and
    the hook's budget is what is left of it (``left`` seconds)."""
    if hook:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="replace")
    if hook and left is not None:
        os.environ[BUDGET_ENV] = f"{max(0.1, left):.3f}"


def _write(stream: Any, data: bytes) -> None:
    if not data or stream is None:
        return
    stream.flush()
    target = getattr(stream, "buffer", None)
    if target is not None:
        target.write(data)
        target.flush()
    else:
        stream.write(data.decode(getattr(stream, "encoding", None) or "utf-8", "replace"))
        stream.flush()


def relay(argv: list[str]) -> int | None:
    """``context-center mcp`` over stdio served by a process the service forks for it from its warm
    zygote (this process's standard streams handed over, signals passed on), ending with its exit
    status; None: serve here (no service, or it cannot fork one yet: it is then started, or its
    zygote is, for the next server)."""
    if not mcp_stdio(argv) or not enabled():
        return None
    try:
        for fd in (0, 1, 2):   # a stream it was started without is no stream to hand over
            os.fstat(fd)
        where = addresses.locate(create=True)
        cwd = os.getcwd()
    except (addresses.NoPrivateFolder, OSError):
        return None
    try:
        sock = _connect(where)
    except NoAnswer:
        try:
            start(where, warm_cwd=cwd, state_root=_global_option(argv, "--state-root"), mcp=True)
        except OSError:
            pass
        return None
    stream = sys.stderr
    head = {"protocol": wire.PROTOCOL, "op": "mcp", "key": where.key, "argv": argv, "cwd": cwd,
            "env": dict(os.environ), "umask": _umask(), "encoding": getattr(stream, "encoding", None) or "utf-8",
            "errors": getattr(stream, "errors", None) or "strict", "path": list(sys.path),
            "safe_path": bool(sys.flags.safe_path), "interpreter": wire.interpreter_setup(),
            "process": wire.process_setup(), "ignored": _ignored_signals(),
            "streams": {name: [getattr(getattr(sys, name), "encoding", None) or "utf-8",
                               getattr(getattr(sys, name), "errors", None) or "strict"]
                        for name in ("stdin", "stdout")}}
    try:
        try:
            wire.send_frames(sock, wire.header(head))
            socket.send_fds(sock, [b"F"], [0, 1, 2])
            sock.settimeout(RELAY_WAIT)
            answer = wire.read_header(sock)
        except (OSError, wire.WireError):
            return None   # (a server that answers late finds this connection closed: it never serves)
        pid = answer.get("pid")
        if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 1:
            if answer.get("refused") == "stopping":   # its code changed: the next server finds a fresh one
                try:
                    start(where, warm_cwd=cwd, state_root=_global_option(argv, "--state-root"), mcp=True)
                except OSError:
                    pass
            return None
        return _relayed(sock, pid)
    finally:
        sock.close()


_PASSED_ON = ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2")


def _relayed(sock: socket.socket, pid: int) -> int:
    """Say go, pass signals on to ``pid`` until it ends; its exit status."""
    import signal

    received: list[int] = []

    def pass_on(signum: int, _frame: object) -> None:
        received.append(signum)
        try:
            os.kill(pid, signum)
        except OSError:
            pass

    numbers = [getattr(signal, name) for name in _PASSED_ON if hasattr(signal, name)]
    previous = {signum: signal.signal(signum, pass_on) for signum in numbers}
    ended: dict[str, Any] = {}
    try:
        sock.settimeout(None)
        wire.send_frames(sock, b"go")
        ended = wire.read_header(sock)
    except (OSError, wire.WireError):
        pass
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    code, killed = ended.get("code"), ended.get("signal")
    if isinstance(code, int) and not isinstance(code, bool):
        return code
    if not (isinstance(killed, int) and not isinstance(killed, bool) and 0 < killed < 65):
        killed = received[-1] if received else None
    if killed is not None:   # it ended by a signal: so does this process, as its client would see its own end
        sys.stdout.flush()
        try:
            signal.signal(killed, signal.SIG_DFL)
        except (OSError, ValueError):
            pass   # (SIGKILL has no handler to reset)
        os.kill(os.getpid(), killed)
    sys.stderr.write("context-center mcp: the server ended without an exit status\n")
    return 1


def _ignored_signals() -> list[str]:
    """The signals this process was started with ignored (nohup's SIGHUP…): a forked server ignores them too."""
    import signal

    return [name for name in ("SIGHUP", "SIGINT", "SIGQUIT", "SIGTERM", "SIGUSR1", "SIGUSR2")
            if signal.getsignal(getattr(signal, name)) is signal.SIG_IGN]
