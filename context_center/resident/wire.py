"""What travels on the service's socket: frames of a 4-byte length and a body.

A request is a JSON header frame (the protocol, the installation key, the arguments, the folder,
the environment…) followed by a frame of raw standard input; an answer is a JSON header frame
(the exit code) followed by a frame of standard output and one of standard error. A frame larger
than :data:`MAX_FRAME` or a header that is not the JSON object expected is refused: the other
side is then taken to be no service of ours.
"""
from __future__ import annotations

import json
import os
import socket
import struct
import sys
from typing import Any

PROTOCOL = 1
MAX_FRAME = 256 * 1024 * 1024   # `memory list --json` at 100,000 facts is tens of megabytes
_LENGTH = struct.Struct(">I")


class WireError(Exception):
    """The other side broke off, or sent what no service of ours sends."""


def send_frames(sock: socket.socket, *frames: bytes) -> None:
    sock.sendall(b"".join(part for frame in frames for part in (_LENGTH.pack(len(frame)), frame)))


def _exactly(sock: socket.socket, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise WireError("the connection closed mid-frame")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive_frame(sock: socket.socket) -> bytes:
    (size,) = _LENGTH.unpack(_exactly(sock, _LENGTH.size))
    if size > MAX_FRAME:
        raise WireError(f"a frame of {size} bytes")
    return _exactly(sock, size)


def header(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def read_header(sock: socket.socket) -> dict[str, Any]:
    try:
        data = json.loads(receive_frame(sock))
    except (ValueError, UnicodeDecodeError) as exc:
        raise WireError("a header that is not JSON") from exc
    if not isinstance(data, dict) or data.get("protocol") != PROTOCOL:
        raise WireError("a header of another protocol")
    return data


_FLAGS = ("debug", "inspect", "interactive", "optimize", "no_site", "ignore_environment",
          "verbose", "bytes_warning", "quiet", "hash_randomization", "dev_mode", "utf8_mode", "warn_default_encoding",
          "int_max_str_digits")


def process_setup() -> dict[str, Any]:
    """What the process was started inside that a process forked elsewhere would not share: its
    control group and namespaces (compared: never joined), its resource limits, niceness and OOM
    score (taken on by the forked process when it can; :mod:`.zygote`)."""
    import resource

    found: dict[str, Any] = {"limits": {name: list(resource.getrlimit(getattr(resource, name)))
                                        for name in dir(resource) if name.startswith("RLIMIT_")}}
    try:
        found["nice"] = os.getpriority(os.PRIO_PROCESS, 0)
    except OSError:
        found["nice"] = None
    for key, path in (("cgroup", "/proc/self/cgroup"), ("oom_score_adj", "/proc/self/oom_score_adj")):
        try:
            with open(path) as handle:
                found[key] = handle.read().strip()
        except OSError:
            found[key] = None
    try:
        found["namespaces"] = {name: os.readlink(f"/proc/self/ns/{name}")
                               for name in sorted(os.listdir("/proc/self/ns"))}
    except OSError:
        found["namespaces"] = None
    return found


# what is read once, when an interpreter or what it loads starts: the hash seed, NumPy's thread pools
_READ_AT_START = ("PYTHONHASHSEED", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
# NumPy's math libraries told to keep to the thread that calls them: this package's vectors are
# small, and a pool started at import spins on a core waiting for work (the resident service's
# zygote, which must fork with one thread, and the window's search-index child set it)
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def interpreter_setup() -> list[Any]:
    """What this interpreter was started with that code cannot change after the start: its flags
    (-O, -X utf8…), -X options, the file system's and the locale's encodings, its warning filters,
    faulthandler and tracemalloc, the hash seed and NumPy's thread pools.
    A process forked for a caller (:mod:`.zygote`) must have been started as the caller was."""
    import _locale

    flags = sys.flags
    # (-P, -s and -I shaped the import path, which the caller sends whole)
    kept = [getattr(flags, name) for name in _FLAGS]
    import _tracemalloc  # (the C module: tracemalloc's own imports cost a relay milliseconds)
    import faulthandler

    return [kept, sorted((str(k), str(v)) for k, v in sys._xoptions.items()),
            sys.getfilesystemencoding(), sys.getfilesystemencodeerrors(), _locale.getencoding(),
            list(sys.warnoptions), faulthandler.is_enabled(), _tracemalloc.is_tracing(),
            [os.environ.get(name) for name in _READ_AT_START]]


def peer_uid(sock: socket.socket) -> int:
    """The user id of the process at the other end of a connected Unix socket (Linux's SO_PEERCRED)."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return uid
