"""``context-center service run``: the resident service itself.

One per user and installation (an exclusive lock on a file beside the socket; a second one
started meanwhile exits at once). It listens on a Unix socket in the private folder of
:mod:`.address`, made owner-only, and answers only processes of its own user (SO_PEERCRED);
no port is opened. Each connection is read on its own thread, so a caller that stalls or dies
holds up no one; the commands themselves run one at a time (:mod:`.runner`). It stops by itself
after :data:`IDLE_SECONDS` without a command, when its socket is taken from it, when the code
it was started from changes on disk (the next call starts a fresh one), and on SIGTERM.
"""
from __future__ import annotations

import argparse
import codecs
import contextlib
import ctypes
import fcntl
import logging
import os
import select
import signal
import socket
import sys
import threading
import time
from typing import Any, Callable, Iterator

import context_center

from ..cli import hook_commands
from ..cli import main as cli_main
from ..engine import EngineError, detect_workspace
from ..resident import address as addresses
from ..resident import wire
from ..resident.routes import HOOK, mcp_stdio, route
from . import runner
from .pool import Pool
from .zygote import MAX_MESSAGE, Zygote

IDLE_SECONDS = 20 * 60
IDLE_ENV = "CONTEXT_CENTER_SERVICE_IDLE"
READ_TIMEOUT = 10.0      # a caller that connects and says nothing is dropped after this
# While a request waits its turn and runs, the caller hears "working" this often: a service that
# falls silent (stopped, or stuck mid-answer) is then taken for none within seconds (client.SILENCE).
HEARTBEAT_SECONDS = 0.5
WRITE_TIMEOUT = 60.0     # … and one that stops reading its answer
_MARGIN = 0.05   # a hook's answer must leave before its caller stops waiting for it
_ANSWER_GRACE = 5.0   # how long a stopping service waits for the answers it is still writing
# A read that took longer than this here is declined for a while (its caller runs it in its own
# process): the service answers one command at a time, and a hook waits behind whatever runs. At
# 100,000 facts a routed `memory list` (1.9 s) held a hook for 1.5 s (bench/hook_latency.py
# --behind-list: p95 1,481 ms against 75 ms with the list in its own process), while `memory show`
# and `session-context` take a few milliseconds. Measured, not guessed, so a small store keeps
# its fast list (10,000 facts: 138 ms here against ~500 ms in its own process).
SLOW_READ_SECONDS = 0.5
SLOW_READ_ENV = "CONTEXT_CENTER_SERVICE_SLOW_READ"   # seconds (tests)
SLOW_FOR_SECONDS = 10 * 60   # … then it is tried here again: a store may have shrunk
_ERRORS = frozenset({"strict", "replace", "surrogateescape", "backslashreplace", "ignore", "xmlcharrefreplace"})
log = logging.getLogger("context_center.resident")


class Refused(Exception):
    """A request this service does not run (the message says why)."""


def _source_stamps() -> dict[str, int]:
    """Every module file of this package and its mtime, and each site-packages folder's (an install
    or upgrade of a package adds and removes folders there): the code the service, and the zygote
    it forks MCP servers from, are running."""
    stamps = {}
    for entry in sys.path:
        if entry.endswith("-packages") and os.path.isdir(entry):
            try:
                stamps[entry] = os.stat(entry).st_mtime_ns
            except OSError:
                continue
    top = os.path.dirname(os.path.abspath(context_center.__file__))
    for folder, subfolders, names in os.walk(top):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                try:
                    stamps[path] = os.stat(path).st_mtime_ns
                except OSError:
                    continue
    return stamps


def _checked_caller(head: dict[str, Any], answered: Callable[[list[str]], bool]) -> None:
    """What every request says of its caller: arguments ``answered`` takes, an absolute folder, an
    environment of names and values, a text encoding and its error handler."""
    argv, cwd, env = head.get("argv"), head.get("cwd"), head.get("env")
    if not (isinstance(argv, list) and all(isinstance(word, str) for word in argv)) or not answered(argv):
        raise Refused("not a command the service answers")
    if not isinstance(cwd, str) or not os.path.isabs(cwd) or "\0" in cwd:
        raise Refused("no absolute working folder")
    if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) and "\0" not in k + v
                                          and k and "=" not in k for k, v in env.items())):
        raise Refused("an environment that is not names and values")
    encoding, errors = head.get("encoding"), head.get("errors")
    try:
        if not codecs.lookup(encoding if isinstance(encoding, str) else "")._is_text_encoding:
            raise LookupError
    except LookupError:
        raise Refused("not a text encoding") from None
    if errors not in _ERRORS or not isinstance(head.get("umask"), int) or isinstance(head.get("umask"), bool):
        raise Refused("a malformed request")


def _request(head: dict[str, Any], stdin: bytes) -> runner.Request:
    _checked_caller(head, lambda argv: route(argv) is not None)
    argv, cwd, env = head["argv"], head["cwd"], head["env"]
    encoding, errors = head["encoding"], head["errors"]
    deadline = head.get("deadline")
    if deadline is not None and (not isinstance(deadline, (int, float)) or isinstance(deadline, bool)):
        raise Refused("a malformed deadline")
    if not isinstance(head.get("tty"), bool):
        raise Refused("a malformed request")
    return runner.Request(argv=argv, cwd=cwd, env=env, stdin=stdin, tty=head["tty"], encoding=str(encoding),
                          errors=str(errors), umask=head["umask"] & 0o777,
                          deadline=None if deadline is None else time.monotonic() + float(deadline) - _MARGIN)


def _text_codec(encoding: object, errors: object) -> bool:
    try:
        return isinstance(encoding, str) and errors in _ERRORS and codecs.lookup(encoding)._is_text_encoding
    except LookupError:
        return False


class Service:
    def __init__(self, where: addresses.Address, idle: float) -> None:
        self.address = where
        self.idle = idle
        self.stopping = threading.Event()
        self.pool = Pool()
        self.parser = cli_main.build_parser()
        self._executing = Turns()
        self._last_command = time.monotonic()
        self._started = time.time()
        self._served = 0
        self._stopped = 0   # commands stopped midway because their caller had gone
        self._declined = 0   # reads declined because they ran slow here (their callers ran them)
        self._slow: dict[tuple[Any, ...], float] = {}   # a read's command line → when it ran slow here
        self.slow_read = _seconds_from(os.environ.get(SLOW_READ_ENV), SLOW_READ_SECONDS)
        self._stoppable: contextlib.AbstractContextManager[Any] = contextlib.nullcontext()
        self._sources = _source_stamps()
        self._listener: socket.socket | None = None
        self._connections: list[threading.Thread] = []   # the callers being served
        self._socket_identity: tuple[int, int] | None = None
        # the zygote is started with the service's own environment and umask, whoever's command runs then
        self.zygote = Zygote(dict(os.environ), _current_umask())

    # commands -----------------------------------------------------------------------------

    def command(self, request: runner.Request) -> int:
        # (stoppable only here, inside the runner's own handling of a failure: a stop that came
        # while the process-wide state is put back would leave it the caller's)
        with self._stoppable:
            return self._command(request)

    def _command(self, request: runner.Request) -> int:
        if route(request.argv) == HOOK:   # past its deadline the caller has gone: no answer, no record
            return hook_commands.answer_turn(self.parser.parse_args(request.argv), self.pool.lease,
                                             deadline=request.deadline)
        return cli_main.run(request.argv, self.parser, self.pool.lease)

    def warm(self, state_root: str | None, cwd: str) -> None:
        """Open the store a first caller will ask for, and load what recall and the injection record
        use, so the next command finds them ready."""
        try:
            with self.pool.lease(state_root, detect_workspace(cwd)) as engine:
                engine.recall("warming up the resident service", record=False)
                engine.session_context()
                engine.injections(limit=1)
        except (EngineError, OSError) as exc:
            log.warning("context-center service: nothing warmed for %s: %s", cwd, exc)

    def warm_then_release(self, state_root: str | None, cwd: str) -> None:
        """:meth:`warm`, the command lock already held by the caller; released here."""
        try:
            self.warm(state_root, cwd)
        finally:
            self._executing.release()

    def _stale_code(self) -> bool:
        return _source_stamps() != self._sources

    # connections --------------------------------------------------------------------------

    def _serve(self, conn: socket.socket) -> None:
        try:
            conn.settimeout(READ_TIMEOUT)
            if wire.peer_uid(conn) != os.getuid():
                log.warning("context-center service: refused a caller of another user")
                return
            head = wire.read_header(conn)
            if head.get("key") != self.address.key:
                wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, "refused": "another installation"}))
                return
            op = head.get("op")
            if op == "status":
                wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, **self.status()}))
            elif op == "stop":
                self.stopping.set()
                wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, "stopping": True}))
            elif op == "run":
                self._run(conn, head)
            elif op == "mcp":
                self._mcp(conn, head)
        except (OSError, wire.WireError) as exc:   # a caller that went away, stalled or spoke nonsense
            log.info("context-center service: a connection dropped: %s", exc)
        finally:
            conn.close()

    def _run(self, conn: socket.socket, head: dict[str, Any]) -> None:
        stdin = wire.receive_frame(conn)
        try:
            request = _request(head, stdin)
        except Refused as exc:
            wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, "refused": str(exc)}))
            return
        with _Heartbeat(conn) as beat:
            self._answer(conn, request, beat)

    def _answer(self, conn: socket.socket, request: runner.Request, beat: _Heartbeat) -> None:
        hook = route(request.argv) == HOOK
        read = None if hook else (tuple(request.argv), request.cwd, request.env.get("CONTEXT_CENTER_HOME"))
        slow_since = self._slow.get(read) if read is not None else None
        if slow_since is not None and time.monotonic() - slow_since < SLOW_FOR_SECONDS:
            self._declined += 1
            beat.answer(wire.header({"protocol": wire.PROTOCOL, "refused": "slow here: run in its own process"}))
            return
        with self._executing.turn(first=hook):
            if beat.gone or _gone(conn):
                return   # the caller hung up while it waited its turn: nothing to answer, nothing to record
            if request.deadline is not None and time.monotonic() >= request.deadline:
                beat.answer(wire.header({"protocol": wire.PROTOCOL, "late": True}))
                return   # its budget spent waiting: the turn goes without recall, as its own process's would
            if self.stopping.is_set() or self._stale_code():
                self.stopping.set()   # its successor starts with the code as it is now
                beat.answer(wire.header({"protocol": wire.PROTOCOL, "refused": "stopping"}))
                return
            stoppable = self._stoppable = _Stoppable(beat)
            began = time.monotonic()
            try:
                outcome = runner.run(request, self.command)
            except runner.CallerGone as exc:
                beat.answer(wire.header({"protocol": wire.PROTOCOL, "refused": str(exc)}))
                return
            if stoppable.stopped:   # its caller went away: nobody reads the answer, and what the
                self._stopped += 1  # stopped command had open may be half brought in step
                log.info("context-center service: stopped a command whose caller had gone: %s", request.argv[:3])
                self.pool.let_go_all()
                return
            self._served += 1
            self._last_command = time.monotonic()
            if read is not None:
                if self._last_command - began > self.slow_read:
                    self._slow[read] = self._last_command
                else:
                    self._slow.pop(read, None)
        beat.answer(wire.header({"protocol": wire.PROTOCOL, "code": outcome.code}), outcome.stdout, outcome.stderr)

    def _mcp(self, conn: socket.socket, head: dict[str, Any]) -> None:
        """Hand the caller's ``context-center mcp`` to a process forked from the zygote, which then
        answers the caller on this connection itself; or refuse (the caller serves itself)."""
        message, streams, _flags, _address = socket.recv_fds(conn, 1, 3)
        for fd in streams:   # (recv_fds takes no MSG_CMSG_CLOEXEC: said here)
            os.set_inheritable(fd, False)
        try:
            if message != b"F" or len(streams) != 3:
                raise Refused("no standard streams")
            _checked_caller(head, mcp_stdio)
            path = head.get("path")
            if not (isinstance(path, list) and all(isinstance(entry, str) and "\0" not in entry for entry in path)):
                raise Refused("no import path")
            ignored, said = head.get("ignored"), head.get("streams")
            if not (isinstance(head.get("process"), dict) and isinstance(head.get("safe_path"), bool)
                    and isinstance(ignored, list) and all(isinstance(name, str) for name in ignored)
                    and isinstance(said, dict) and all(
                        isinstance(said.get(name), list) and len(said[name]) == 2 and _text_codec(*said[name])
                        for name in ("stdin", "stdout"))):
                raise Refused("a malformed request")
            request = wire.header({key: head[key] for key in ("argv", "cwd", "env", "umask", "encoding", "errors",
                                                                "path", "safe_path", "interpreter", "process",
                                                                "ignored", "streams")})
            if len(request) > MAX_MESSAGE:
                raise Refused("too large an environment")
            if self.stopping.is_set() or self._stale_code():
                self.stopping.set()
                raise Refused("stopping")
            self._last_command = time.monotonic()
            if not self.zygote.ready():
                self.zygote.start()
                raise Refused("warming up")   # this caller serves itself; the next one is forked
            if not self.zygote.hand_over(request, conn.fileno(), streams):
                raise Refused("no zygote")
        except Refused as exc:
            log.info("context-center service: an MCP server serves itself: %s", exc)
            wire.send_frames(conn, wire.header({"protocol": wire.PROTOCOL, "refused": str(exc)}))
        finally:
            for fd in streams:
                os.close(fd)

    def status(self) -> dict[str, Any]:
        stores: list[dict[str, Any]] = []
        if self._executing.acquire(timeout=1.0):   # (the stores change only between commands)
            try:
                stores = self.pool.describe()
            finally:
                self._executing.release()
        return {"pid": os.getpid(), "started": self._started, "served": self._served, "stopped": self._stopped,
                "declined_slow": self._declined,
                "idle_seconds": round(time.monotonic() - self._last_command, 1), "idle_limit": self.idle,
                "resident_kb": _resident_kb(), "stores": stores,
                "mcp": {"servers_started": self.zygote.started, "zygote": self.zygote.describe()},
                "version": context_center.__version__}

    # the socket ---------------------------------------------------------------------------

    def listen(self) -> None:
        path = self.address.socket
        try:
            os.unlink(path)   # we hold the lock: whatever socket is there, nobody answers on it
        except FileNotFoundError:
            pass
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        previous = os.umask(0o177)   # owner-only from the moment it exists
        try:
            listener.bind(path)
        finally:
            os.umask(previous)
        os.chmod(path, 0o600)
        listener.listen(64)
        listener.settimeout(0.5)
        found = os.stat(path)
        self._listener, self._socket_identity = listener, (found.st_dev, found.st_ino)

    def _socket_is_ours(self) -> bool:
        try:
            found = os.stat(self.address.socket)
        except OSError:
            return False
        return (found.st_dev, found.st_ino) == self._socket_identity

    def serve_forever(self) -> None:
        assert self._listener is not None
        checked = time.monotonic()
        while not self.stopping.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                conn = None
            except OSError as exc:
                log.warning("context-center service: accept failed: %s", exc)
                time.sleep(0.1)
                continue
            if conn is not None:
                thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
                thread.start()
                self._connections = [t for t in self._connections if t.is_alive()] + [thread]
            now = time.monotonic()
            if not self._executing.locked() and now - self._last_command > self.idle:
                log.info("context-center service: idle for %.0f s, stopping", self.idle)
                break
            if now - checked > 5:
                checked = now
                if not self._socket_is_ours():   # removed, or another service took the name
                    log.info("context-center service: its socket is gone, stopping")
                    break

    def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        # a caller told "stopping" (or a status) is answered before the process ends: the thread that
        # set the flag may not have written its answer yet when the loop above saw it
        deadline = time.monotonic() + _ANSWER_GRACE
        for thread in self._connections:
            thread.join(max(0.0, deadline - time.monotonic()))
        if self._listener is not None:
            if self._socket_is_ours():
                try:
                    os.unlink(self.address.socket)
                except OSError:
                    pass
        self.zygote.close()
        with self._executing:
            self.pool.close()


class Turns:
    """The commands run one at a time (each is the whole process's for its length), and a hook
    waiting for its turn goes before every other command waiting: a prompt waits at most for the
    one command running, never for a queue of listings. A plain lock's interface besides."""

    def __init__(self) -> None:
        self._changed = threading.Condition(threading.Lock())
        self._held = False
        self._first_waiting = 0
        self.waiting = 0   # callers waiting for their turn (what `status` could tell)

    def acquire(self, blocking: bool = True, timeout: float = -1, *, first: bool = False) -> bool:
        deadline = None if timeout < 0 else time.monotonic() + timeout
        with self._changed:
            if first:
                self._first_waiting += 1
            self.waiting += 1
            try:
                while self._held or (not first and self._first_waiting):
                    left = None if deadline is None else deadline - time.monotonic()
                    if not blocking or (left is not None and left <= 0):
                        return False
                    self._changed.wait(left)
                self._held = True
                return True
            finally:
                self.waiting -= 1
                if first:
                    self._first_waiting -= 1

    def release(self) -> None:
        with self._changed:
            self._held = False
            self._changed.notify_all()

    def locked(self) -> bool:
        return self._held

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *_exc: object) -> None:
        self.release()

    @contextlib.contextmanager
    def turn(self, *, first: bool) -> Iterator[None]:
        self.acquire(first=first)
        try:
            yield
        finally:
            self.release()


class CallerLeft(Exception):
    """Raised in a running command whose caller went away (see :class:`_Stoppable`)."""


class _Stoppable:
    """The command running on this thread is stopped when its caller goes away: the heartbeat that
    finds the caller gone raises :class:`CallerLeft` in this thread (at its next line of Python),
    so a command nobody waits for holds up no hook behind it. Taken back if it comes too late."""

    def __init__(self, beat: _Heartbeat) -> None:
        self._beat = beat
        self._thread = threading.get_ident()
        self._guard = threading.Lock()
        self._running = False
        self.stopped = False

    def __enter__(self) -> _Stoppable:
        with self._guard:
            self._running = True
        self._beat.on_gone = self._stop
        if self._beat.gone:
            self._stop()
        return self

    def _stop(self) -> None:
        with self._guard:
            if self._running and not self.stopped:
                self.stopped = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._thread), ctypes.py_object(CallerLeft))

    def __exit__(self, *_exc: object) -> None:
        self._beat.on_gone = None
        with self._guard:
            self._running = False
            if self.stopped:   # (raised or not yet: never after this)
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._thread), None)


class _Heartbeat:
    """Says "working" to a caller every :data:`HEARTBEAT_SECONDS` from the moment its request is
    taken until its answer is written (the answer and the beats share the socket, one at a time)."""

    _BEAT = wire.header({"protocol": wire.PROTOCOL, "working": True})

    def __init__(self, conn: socket.socket) -> None:
        self._conn = conn
        self._sending = threading.Lock()
        self._done = threading.Event()
        self.gone = False   # a beat could not be written: the caller hung up
        self.on_gone: Callable[[], None] | None = None   # told, from the beating thread, when it is found
        self._thread = threading.Thread(target=self._beat, daemon=True)

    def __enter__(self) -> _Heartbeat:
        self._conn.settimeout(WRITE_TIMEOUT)
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._done.set()
        self._thread.join()

    def _beat(self) -> None:
        while not self._done.is_set():
            with self._sending:
                if self._done.is_set():
                    return
                try:
                    wire.send_frames(self._conn, self._BEAT)
                except OSError:
                    self.gone = True
                    told = self.on_gone
                    if told is not None:
                        told()
                    return
            self._done.wait(HEARTBEAT_SECONDS)

    def answer(self, *frames: bytes) -> None:
        """The last frames of the answer; no beat follows them."""
        with self._sending:
            self._done.set()
            wire.send_frames(self._conn, *frames)


def _current_umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def _gone(conn: socket.socket) -> bool:
    """Whether the caller hung up (its end closed: a read would find the end of the stream)."""
    try:
        readable, _, _ = select.select([conn], [], [], 0)
        return bool(readable) and conn.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


def _close_inherited() -> None:
    """Close what the starting process left open beyond 0-2 (a hook's pipes): a service that holds
    its caller's pipe keeps whoever reads it waiting for as long as it runs. Python's own
    descriptors are not inheritable; inherited ones are."""
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        return
    for name in names:
        fd = int(name)
        if fd > 2:
            try:
                if os.get_inheritable(fd):
                    os.close(fd)
            except OSError:
                continue


def _resident_kb() -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return 0


def _seconds_from(value: str | None, default: float) -> float:
    """A number of seconds from the environment, ``default`` when unset, not a number or negative."""
    try:
        seconds = float(value or "")
    except ValueError:
        return default
    return seconds if seconds >= 0 and seconds == seconds else default


def _idle_seconds() -> float:
    try:
        return max(1.0, float(os.environ.get(IDLE_ENV, "")))
    except ValueError:
        return IDLE_SECONDS


def _hold(lock_path: str, wait: float) -> int | None:
    """The service's lock, waiting up to ``wait`` seconds for a stopping predecessor; None when
    another service holds it."""
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                return None
            time.sleep(0.05)
            continue
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return fd


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="context-center service run")
    parser.add_argument("--warm-cwd", metavar="DIR", help="open the store a caller in DIR uses, before the first call")
    parser.add_argument("--state-root", metavar="DIR", help="… on this state root")
    parser.add_argument("--mcp", action="store_true", help="start the zygote MCP servers are forked from at once")
    args = parser.parse_args(argv)
    _close_inherited()
    os.chdir("/")   # hold no caller's folder (each command runs in its caller's)
    # the service's own lines go to its log; the engine's warnings during a command reach that
    # command's caller on its standard error (logging's last resort writes to sys.stderr as it is)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    if not addresses.supported():
        sys.stderr.write("context-center service: the resident service needs Linux\n")
        return 1
    try:
        where = addresses.locate(create=True)
    except addresses.NoPrivateFolder as exc:
        sys.stderr.write(f"context-center service: no private folder for the socket: {exc}\n")
        return 1
    lock = _hold(where.lock, wait=3.0)
    if lock is None:
        log.info("context-center service: another one is running")
        return 0
    service = Service(where, _idle_seconds())
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: service.stopping.set())
    try:
        service.listen()
        log.info("context-center service: pid %d listening on %s", os.getpid(), where.socket)
        if args.mcp:
            service.zygote.start()
        if args.warm_cwd and os.path.isabs(args.warm_cwd):
            # (while it warms, the socket is served: a caller waits its turn, hearing the heartbeat)
            service._executing.acquire()
            threading.Thread(target=service.warm_then_release, args=(args.state_root, args.warm_cwd),
                             daemon=True).start()
        service.serve_forever()
    finally:
        service.close()
        os.close(lock)
    return 0

