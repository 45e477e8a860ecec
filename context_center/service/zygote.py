"""A warm parent for MCP servers: ``context-center mcp`` answers its client's first search from a
process that has already imported the SDK and the engine.

An MCP client starts ``context-center mcp`` once per agent session and waits for its first
answer. Importing the SDK and the engine costs a new process a second or more; this process
(``service zygote``, started by the service, which alone talks to it) pays that once and then
only waits. The service hands it a caller's request and its standard streams (SCM_RIGHTS over a
private socket pair); it forks, and the child becomes the caller's server: the caller's streams
on 0-2, its working folder, environment, umask and arguments, its own process group, running
the very code ``context-center mcp`` runs in its own process, with its own store open. Nothing
is shared with another session but the code already imported: a fork from a process that runs
one thread and has opened nothing.

The caller's side (:func:`.client.relay`) waits for the child's exit status and passes signals
on to it. The child serves only once the caller says it is relaying (``go``): a caller that gave
up waiting runs the server itself, and then the child leaves without reading a byte.
"""
from __future__ import annotations

import gc
import importlib
import io
import json
import logging
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from typing import Any, NoReturn

from ..resident import wire

MAX_MESSAGE = 192 * 1024   # a request and its environment; more is refused (the caller runs its own server)
GO_WAIT = 10.0             # how long a child waits for its caller to say it relays
HAND_OVER_WAIT = 2.0       # how long the service waits for the zygote to take a request
READY = b"ready"
_SETUP: list[Any] | None = None   # the zygote's own interpreter set-up (wire.interpreter_setup)
_PATH: list[str] = []             # … and its import path
log = logging.getLogger("context_center.resident")

# what a server imports by its first answer, imported once here (the rest of the package too)
_PRELOAD = ("anyio", "anyio._backends._asyncio", "mcp.server.lowlevel", "mcp.server.stdio", "mcp.shared.exceptions",
            "mcp_types", "sqlalchemy", "sqlalchemy.dialects.sqlite", "numpy", "watchdog.observers",
            "snowballstemmer", "yaml")
_PACKAGES = ("context_center.engine", "context_center.mcp_server", "context_center.cli")


class Zygote:
    """The service's handle on its zygote: started on demand, ready once it says so, each request
    sent with the caller's connection and streams. Used under the service's own lock."""

    def __init__(self, env: dict[str, str], umask: int) -> None:
        self._env, self._umask = env, umask   # its own: never those of a command running meanwhile
        self._process: subprocess.Popen[bytes] | None = None
        self._control: socket.socket | None = None
        self._ready = False
        self._lock = threading.Lock()
        self.started = 0   # sessions handed over

    def start(self) -> None:
        """Start one unless one runs (or is starting)."""
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                return
            self._drop()
            ours, its = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            try:
                self._process = subprocess.Popen(
                    [sys.executable, "-P", "-m", "context_center", "service", "zygote", str(its.fileno())],
                    pass_fds=[its.fileno()], stdin=subprocess.DEVNULL, cwd="/", close_fds=True, env=self._env,
                    umask=self._umask, restore_signals=True)
            except OSError as exc:
                ours.close()
                log.warning("context-center service: the MCP zygote could not start: %s", exc)
                return
            finally:
                its.close()
            self._control, self._ready = ours, False

    def ready(self) -> bool:
        """Whether it has finished importing and waits for requests (waits a second at most for
        another thread's hand-over)."""
        if not self._lock.acquire(timeout=1.0):
            return False
        try:
            return self._poll()
        finally:
            self._lock.release()

    def _poll(self) -> bool:
        if self._process is None or self._control is None or self._process.poll() is not None:
            return False
        if not self._ready:
            try:
                said = self._control.recv(len(READY), socket.MSG_DONTWAIT)
            except OSError:   # (BlockingIOError: not yet)
                return False
            self._ready = said == READY
        return self._ready

    def hand_over(self, request: bytes, connection: int, streams: list[int]) -> bool:
        """Send the request with the caller's connection and its three streams; False when the
        zygote cannot take it (it is gone: the next request starts another)."""
        with self._lock:
            if self._control is None or not self._ready:
                return False
            if self._process is not None and _stopped(self._process.pid):
                # a stopped zygote would hold the caller's streams, unread, for as long as it is stopped
                log.warning("context-center service: the MCP zygote is stopped; it is let go")
                self._drop(kill=True)
                return False
            try:   # (a stopped or wedged zygote fills its queue: it is let go, never waited on)
                self._control.settimeout(HAND_OVER_WAIT)
                socket.send_fds(self._control, [request], [connection, *streams])
            except OSError as exc:
                log.warning("context-center service: the MCP zygote took no request: %s", exc)
                self._drop(kill=True)
                return False
            self.started += 1
            return True

    def describe(self) -> dict[str, Any] | None:
        if not self._lock.acquire(timeout=1.0):
            return {"pid": None, "ready": False, "resident_kb": 0, "busy": True}
        try:
            ready = self._poll()
            if self._process is None or self._process.poll() is not None:
                return None
            return {"pid": self._process.pid, "ready": ready, "resident_kb": _resident_kb(self._process.pid)}
        finally:
            self._lock.release()

    def _drop(self, *, kill: bool = False) -> None:
        if self._control is not None:
            self._control.close()   # its end reads nothing more: it leaves
            self._control = None
        if self._process is not None:
            if kill:
                self._process.kill()
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process = None
        self._ready = False

    def close(self) -> None:
        """Let it go: told by its socket's end, it leaves once its last server has ended (it alone
        can tell their callers how they ended), never waited on here."""
        with self._lock:
            if self._control is not None:
                self._control.close()
                self._control = None
            self._process, self._ready = None, False


def _stopped(pid: int) -> bool:
    """Whether the process is stopped (SIGSTOP, a debugger): Linux's state T or t."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("T", "t")
    except (OSError, IndexError):
        return False


def _resident_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return 0


# the zygote's own process --------------------------------------------------------------------

# a native library's threads are not forked (the child has only the thread that forked): OpenBLAS,
# which NumPy loads, starts a pool of them at import unless told to use one, so the zygote tells it
# (and the other math libraries) to (ONE_THREAD); its children, MCP servers, search small vectors
# one at a time


def native_threads() -> int:
    """The threads of this process, native ones too (Python's count misses OpenBLAS's pool)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def _preload() -> None:
    """Import what a server needs, the math libraries told to keep one thread (the variables are
    put back after: a caller is matched on how it was started, not on what the zygote chose)."""
    saved = {name: os.environ.get(name) for name in wire.ONE_THREAD}
    os.environ.update(wire.ONE_THREAD)
    try:
        _import_all()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _import_all() -> None:
    import pkgutil


    for name in _PRELOAD:
        importlib.import_module(name)
    for package in _PACKAGES:
        module = importlib.import_module(package)
        for found in pkgutil.walk_packages(module.__path__, package + "."):
            importlib.import_module(found.name)
    importlib.import_module("context_center.launch")
    from ..engine.text.analysis import tokenize

    tokenize("warming the stemmer 预热")


def main(argv: list[str]) -> int:
    """``service zygote FD``: FD is its end of the service's socket pair."""
    if len(argv) != 1 or not argv[0].isdigit():
        sys.stderr.write("context-center service zygote: started by the service only\n")
        return 2
    control = socket.socket(fileno=int(argv[0]))
    os.set_inheritable(control.fileno(), False)
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the service's own signals are the service's
    gc.disable()   # (what is imported now is never collected: each child would copy every page it touches)
    _preload()
    gc.freeze()
    global _SETUP, _PATH
    _SETUP = json.loads(json.dumps(wire.interpreter_setup()))
    _PATH = list(sys.path)
    # a child's end is told to its caller by the zygote, which alone can wait for it: an exit status
    # or the signal that ended it, as the caller's own child's would be
    wake_read, wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_write)
    callers: dict[int, int] = {}   # child pid → its caller's connection
    control.send(READY)
    serving = True
    while serving or callers:   # the service gone, it stays until its last server has ended, to say how
        watched = [control.fileno(), wake_read] if serving else [wake_read]
        try:
            readable, _, _ = select.select(watched, [], [])
        except InterruptedError:
            continue
        if wake_read in readable:
            while True:
                try:
                    if not os.read(wake_read, 512):
                        break
                except BlockingIOError:
                    break
            _reap(callers)
        if control.fileno() not in readable:
            continue
        try:
            message, fds, _flags, _address = socket.recv_fds(control, MAX_MESSAGE, 4)
        except OSError:
            message, fds = b"", []
        for fd in fds:   # (recv_fds takes no MSG_CMSG_CLOEXEC: said here)
            os.set_inheritable(fd, False)
        if not message:   # the service has gone
            serving = False
            _close(fds)
            continue
        if len(fds) != 4 or native_threads() != 1:
            log.warning("context-center service zygote: a request without its streams, or not alone: dropped")
            _close(fds)
            continue
        try:
            head = json.loads(message)
        except ValueError:
            _close(fds)
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            control.close()
            signal.set_wakeup_fd(-1)
            for fd in (wake_read, wake_write, *callers.values()):
                os.close(fd)
            gc.enable()
            _child(head, fds[0], fds[1:])
        callers[pid] = fds[0]
        _close(fds[1:])
    return 0


def _reap(callers: dict[int, int]) -> None:
    while callers:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        connection = callers.pop(pid, None)
        if connection is None:
            continue
        ended = ({"signal": os.WTERMSIG(status)} if os.WIFSIGNALED(status)
                 else {"code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1})
        try:
            with socket.socket(fileno=connection) as conn:
                conn.settimeout(1.0)
                wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, **ended}))
        except OSError:
            pass   # its caller has gone: nobody to tell


def _close(fds: list[int]) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def _stream(fd: int, encoding: str, errors: str, *, writing: bool) -> io.TextIOWrapper:
    raw = io.FileIO(fd, "wb" if writing else "rb", closefd=False)
    buffered: io.BufferedWriter | io.BufferedReader = io.BufferedWriter(raw) if writing else io.BufferedReader(raw)
    return io.TextIOWrapper(buffered, encoding=encoding, errors=errors,
                            line_buffering=writing and fd == 2, write_through=fd == 2)


class _Refused(Exception):
    pass


def _as_the_caller(head: dict[str, Any]) -> None:
    """What the caller's own process would have been started with, or :class:`_Refused` when this
    process cannot be made so: the interpreter's set-up and import path, the control group and
    namespaces (never joined here), the resource limits, niceness and OOM score (taken, when they
    can be; a limit above this process's cannot)."""
    if head.get("interpreter") != _SETUP:   # (a JSON round trip: lists, as the caller's was sent)
        raise _Refused("an interpreter started otherwise (its flags, encodings, warnings or hash seed)")
    caller_path = head["path"]
    if head.get("safe_path") is False:
        caller_path = caller_path[1:]   # its script's folder or its working folder: the caller's own
    if caller_path != _PATH:
        raise _Refused("another import path (PYTHONPATH, a virtual environment)")
    process = head.get("process") or {}
    own = wire.process_setup()
    for key in ("cgroup", "namespaces"):
        if process.get(key) != own.get(key):
            raise _Refused(f"another {'control group' if key == 'cgroup' else 'set of namespaces'}")
    import resource

    for name, wanted in (process.get("limits") or {}).items():
        number = getattr(resource, name, None)
        if number is None or not isinstance(wanted, list) or len(wanted) != 2:
            raise _Refused(f"a resource limit this process does not know ({name})")
        if tuple(wanted) != resource.getrlimit(number):
            try:
                resource.setrlimit(number, (int(wanted[0]), int(wanted[1])))
            except (ValueError, OSError) as exc:
                raise _Refused(f"{name} cannot be set as the caller's ({exc})") from None
    nice = process.get("nice")
    if isinstance(nice, int) and nice != own.get("nice"):
        try:
            os.setpriority(os.PRIO_PROCESS, 0, nice)
        except OSError as exc:
            raise _Refused(f"its niceness cannot be the caller's ({exc})") from None
    oom = process.get("oom_score_adj")
    if isinstance(oom, str) and oom != own.get("oom_score_adj"):
        try:
            with open("/proc/self/oom_score_adj", "w") as handle:
                handle.write(oom)
        except OSError as exc:
            raise _Refused(f"its OOM score cannot be the caller's ({exc})") from None
    for name in head.get("ignored") or ():
        number = getattr(signal, name, None)
        if isinstance(number, int):
            signal.signal(number, signal.SIG_IGN)


def _child(head: dict[str, Any], connection: int, streams: list[int]) -> NoReturn:
    """Become the caller's ``context-center mcp``; never returns. Its exit status reaches the caller
    through the zygote, which waits for it."""
    code = 1
    conn = socket.socket(fileno=connection)
    conn.setblocking(True)
    try:
        os.setpgid(0, 0)   # the caller's signals reach it through the caller; the service's group is not its
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD, signal.SIGQUIT, signal.SIGUSR1,
                       signal.SIGUSR2):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            try:
                _as_the_caller(head)
            except (_Refused, OSError):
                raise
            except Exception as exc:   # noqa: BLE001 - a request shaped otherwise than a caller sends
                raise _Refused(f"a malformed request ({type(exc).__name__})") from None
            os.chdir(head["cwd"])
        except (_Refused, OSError) as exc:
            sys.stderr.write(f"context-center service zygote: an MCP server serves itself: {exc}\n")
            sys.stderr.flush()
            wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, "refused": str(exc)}))
            os._exit(0)
        try:
            wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, "pid": os.getpid()}))
            conn.settimeout(GO_WAIT)
            go = wire.receive_frame(conn)
        except (OSError, wire.WireError):
            go = b""
        if go != b"go":
            os._exit(0)   # the caller gave up waiting and serves itself: its streams are not touched here
        conn.settimeout(None)
        threading.Thread(target=_end_with_the_caller, args=(conn,), daemon=True,
                         name="context-center-caller").start()
        for fd, target in zip(streams, (0, 1, 2)):
            os.dup2(fd, target)
            os.close(fd)
        os.environ.clear()
        os.environ.update(head["env"])
        time.tzset()
        os.umask(head["umask"])
        sys.argv = [sys.argv[0], *head["argv"]]
        sys.path[:] = head["path"]   # what it imports from here on, it finds where the caller would
        importlib.invalidate_caches()
        streams_said = head.get("streams") or {}
        sys.stdin = _stream(0, *streams_said.get("stdin", ("utf-8", "strict")), writing=False)
        sys.stdout = _stream(1, *streams_said.get("stdout", ("utf-8", "strict")), writing=True)
        sys.stderr = _stream(2, head["encoding"], head["errors"], writing=True)
        from ..launch import run_here

        try:
            code = run_here(head["argv"])
        except SystemExit as stop:
            from .runner import exit_code

            code, message = exit_code(stop.code)
            sys.stderr.write(message)
        except KeyboardInterrupt:
            code = 130
    except BaseException:   # noqa: BLE001 - said on the caller's stderr, as its own process would
        try:
            traceback.print_exc()
        except BaseException:  # noqa: BLE001
            pass
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:  # noqa: BLE001
                pass
        os._exit(code & 0xFF)


def _end_with_the_caller(conn: socket.socket) -> None:
    """The caller (the process its client started) is gone, killed past passing anything on
    (SIGKILL): end as a child of it would be ended by its client's kill of its group."""
    try:
        while conn.recv(4096):
            pass
    except OSError:
        pass
    os.kill(os.getpid(), signal.SIGKILL)
