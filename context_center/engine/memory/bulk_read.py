"""Many fact files read at once by worker processes: the first open of a large store.

One process reads, parses and checks (the secret scan, the freshness moments) about 5,000 fact
files a second: 20 s for a store of 100,000 facts never opened before (a team's facts in a fresh
clone, a catalog removed). That work is the same for every file and shares nothing, so on a
machine with more than one core it is split: each worker process reads a slice of the files, in
path order, and sends it back as pieces of the folder's snapshot
(:func:`..storage.folder_snapshot.pack_piece`: each parsed fact with what the rules derive of it).
The parent unpacks them as any later open unpacks its snapshot, and saves them as that snapshot.

A worker (:mod:`..storage.worker_processes`: this interpreter, isolated, on this process's
import path) reads only the files it is sent, with the same checks
(:func:`.fact_store.read_fact_file`: no symlink followed, no FIFO waited on, a size cap), and its
answer is ``marshal`` data, which runs no code when loaded. Anything amiss (it cannot start, it
dies, its answer does not add up) and the parent reads the files itself: the same answer, later.
"""
from __future__ import annotations

import logging
import marshal
import os
import selectors
import struct
import subprocess
import time
from pathlib import Path
from typing import IO, NamedTuple

from ..records import Progress
from ..storage import folder_snapshot, worker_processes
from ..storage.bulk_load import paused_gc
from ..storage.fact_cache import CachedFile
from ..storage.folder_snapshot import CHUNK_ROWS, Piece
from .derived import derived_state
from .fact_reading import read_fact_file

log = logging.getLogger("context_center.memory")

PARALLEL_FROM = 4000   # files to read before workers pay for their start (about 0.15 s each)
_PROTOCOL = 1
_FRAME = struct.Struct("<I")   # each piece's length, before it
_STDERR_KEPT = 4096
_BOOT = "from context_center.engine.memory.bulk_read import serve; serve(sys.stdin.buffer, sys.stdout.buffer)"


def worker_count(files: int) -> int:
    """How many workers ``files`` files are worth on this machine: 0 means read them here (too few,
    or one core, or no workers here: :func:`..storage.worker_processes.count`)."""
    if files < PARALLEL_FROM:
        return 0
    return worker_processes.count(-(-files // CHUNK_ROWS))


class Read(NamedTuple):
    """What the workers read: the files (path as text → what it held, in path order) and the
    same as the folder snapshot's pieces."""

    files: dict[str, CachedFile]
    pieces: list[Piece]


def read_in_workers(folder: Path, names: list[str], scope: str, workers: int,
                    progress: Progress | None = None) -> Read | None:
    """``folder``'s files ``names`` (sorted), read by ``workers`` processes; ``None`` when they
    failed (the reason is logged) and the caller should read the files itself."""
    started = time.perf_counter()
    slices = _slices(names, workers)
    command = worker_processes.command(_BOOT)
    running: list[_Worker] = []
    try:
        for part in slices:
            running.append(_Worker(folder, subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE), len(part)))
        for worker, part in zip(running, slices):
            worker.send(marshal.dumps((_PROTOCOL, str(folder), scope, part)))
        if not _gather(running, len(names), progress):
            return None
    except OSError as exc:   # could not start, or one went away while it was sent its files
        log.warning("context-center: reading %s in worker processes failed (%s); read here instead",
                    folder, exc.strerror or exc)
        return None
    finally:
        for worker in running:
            worker.stop()
    files = running[0].files
    for worker in running[1:]:
        files.update(worker.files)   # each worker's slice follows the one before
    log.info("context-center: %s fact files read by %d worker processes in %.1f s", f"{len(files):,}", workers,
             time.perf_counter() - started)
    return Read(files, [piece for worker in running for piece in worker.pieces])


def _slices(names: list[str], workers: int) -> list[list[str]]:
    """``names`` in ``workers`` consecutive slices, each a whole number of pieces but the last."""
    pieces = -(-len(names) // CHUNK_ROWS)
    per_worker = -(-pieces // workers) * CHUNK_ROWS
    return [names[start:start + per_worker] for start in range(0, len(names), per_worker)]


class _Worker:
    """One worker process and what it has sent so far."""

    def __init__(self, folder: Path, process: subprocess.Popen[bytes], files: int) -> None:
        self.folder = folder
        self.process = process
        self.expected = files
        self.files: dict[str, CachedFile] = {}   # unpacked as the pieces come (while the others work)
        self.pieces: list[Piece] = []
        self.buffer = bytearray()   # bytes of a piece not yet whole
        self.stderr = bytearray()
        self.open_streams = 2

    def send(self, request: bytes) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(request)
        finally:
            stdin.close()

    def take(self, data: bytes) -> int:
        """Add what the worker wrote; returns how many files the pieces it completed hold. Raises
        ``ValueError`` for what is not a piece of this folder's snapshot."""
        self.buffer += data
        added = 0
        while len(self.buffer) >= _FRAME.size:
            (length,) = _FRAME.unpack_from(self.buffer)
            if len(self.buffer) < _FRAME.size + length:
                break
            count, size, deflated = marshal.loads(bytes(self.buffer[_FRAME.size:_FRAME.size + length]))
            del self.buffer[:_FRAME.size + length]
            files = folder_snapshot.unpack_piece(self.folder, (size, deflated))
            if files is None or len(files) != count:
                raise ValueError("not a piece of this folder's snapshot")
            self.files.update(files)
            self.pieces.append((size, deflated))
            added += count
        return added

    def complete(self) -> bool:
        return self.process.returncode == 0 and len(self.files) == self.expected and not self.buffer

    def why_not(self) -> str:
        said = self.stderr.decode("utf-8", "replace").strip().splitlines()
        code = self.process.returncode
        return (said[-1] if said else
                f"it ended with code {code}" if code else
                f"it sent {len(self.files):,} of its {self.expected:,} files")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def _gather(workers: list[_Worker], total: int, progress: Progress | None) -> bool:
    """Read every worker's output as it comes (a worker whose pipe is full would wait on us),
    saying how far they are; True when each sent all of its files and ended well."""
    done = 0
    with selectors.DefaultSelector() as selector:
        for worker in workers:
            assert worker.process.stdout is not None and worker.process.stderr is not None
            selector.register(worker.process.stdout, selectors.EVENT_READ, (worker, False))
            selector.register(worker.process.stderr, selectors.EVENT_READ, (worker, True))
        while selector.get_map():
            for key, _events in selector.select():
                worker, is_stderr = key.data
                data = os.read(key.fd, 1 << 20)
                if not data:
                    selector.unregister(key.fileobj)
                    worker.open_streams -= 1
                    if worker.open_streams == 0:
                        worker.process.wait()
                    continue
                if is_stderr:
                    worker.stderr += data[:max(0, _STDERR_KEPT - len(worker.stderr))]
                    continue
                try:
                    added = worker.take(data)
                except (ValueError, EOFError, TypeError):
                    log.warning("context-center: a worker reading fact files sent what is not a piece; "
                                "the files are read here instead")
                    return False
                if added and progress is not None:
                    done += added
                    progress(done, total)
    failed = [worker for worker in workers if not worker.complete()]
    for worker in failed:
        log.warning("context-center: a worker reading fact files failed (%s); the files are read here instead",
                    worker.why_not())
    return not failed


def serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """A worker: read the files named on ``requests`` and write their pieces to ``answers``."""
    protocol, folder_text, scope, names = marshal.loads(requests.read())
    if protocol != _PROTOCOL:
        raise SystemExit(f"a request of protocol {protocol}, not {_PROTOCOL}")
    folder = Path(folder_text)
    with paused_gc():
        for start in range(0, len(names), CHUNK_ROWS):
            part = names[start:start + CHUNK_ROWS]
            paths = [folder / name for name in part]
            items = [(str(path), read_fact_file(path, scope)) for path in paths]
            size, deflated = folder_snapshot.pack_piece(folder, items, derived_state)
            frame = marshal.dumps((len(part), size, deflated))
            answers.write(_FRAME.pack(len(frame)))
            answers.write(frame)
            answers.flush()
