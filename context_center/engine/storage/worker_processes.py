"""Worker processes for work that is the same for many files or facts and shares nothing.

A worker is this interpreter (``sys.executable``) in isolated mode (``-I``: no ``PYTHON*``
variable, no current folder on its import path) given this process's import path, so it runs the
code this process runs and nothing else; ``boot`` names what it then imports and runs. Requests
and answers are ``marshal`` data, which runs no code when loaded. Whoever starts workers reads the
same things in-process when they fail: a worker only ever makes an answer sooner.
"""
from __future__ import annotations

import json
import logging
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger("context_center.storage")

MAX_WORKERS = 4
_STDERR_KEPT = 500


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # not on Linux
        return os.cpu_count() or 1


def available() -> bool:
    """Whether workers can start here: not in a frozen build (its interpreter is not a Python
    one), and on POSIX (elsewhere a pipe cannot be waited on beside another)."""
    return not getattr(sys, "frozen", False) and bool(sys.executable) and os.name == "posix"


def count(parts: int) -> int:
    """How many workers ``parts`` parts of work are worth here: 0 means do it in this process."""
    if not available():
        return 0
    workers = min(cores(), MAX_WORKERS, parts)
    return workers if workers >= 2 else 0


def command(boot: str) -> list[str]:
    """The command that starts one worker running ``boot`` (Python code, after the import path
    is set)."""
    # -I drops PYTHONUTF8: a worker in another file-name encoding would look for other files
    prelude = "import json, sys; sys.path[:] = json.loads(sys.argv[1]); "
    return [sys.executable, "-I", "-X", f"utf8={sys.flags.utf8_mode}", "-c", prelude + boot,
            json.dumps(import_path())]


def import_path() -> list[str]:
    """This process's import path, with this package's own folder first and without the current
    folder (``""``): the worker imports what this process imported, from where it did."""
    home = str(Path(__file__).resolve().parents[3])
    return [home, *(entry for entry in sys.path if entry and entry != home)]


def map_requests(boot: str, requests: list[Any], timeout: float = 120.0) -> list[Any] | None:
    """Each of ``requests`` answered by a worker of its own running ``boot`` (which reads one
    marshalled request on its input and writes one marshalled answer); ``None`` when any failed
    (the reason logged), and the caller does the work itself."""
    from concurrent.futures import ThreadPoolExecutor  # (not on the hook's path: only a first build)

    def one(request: Any) -> Any:
        process = subprocess.Popen(command(boot), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        try:
            out, err = process.communicate(marshal.dumps(request), timeout=timeout)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        if process.returncode != 0:
            said = err.decode("utf-8", "replace").strip().splitlines()
            raise ChildProcessError(said[-1][:_STDERR_KEPT] if said else f"it ended with code {process.returncode}")
        return marshal.loads(out)

    try:
        with ThreadPoolExecutor(max_workers=len(requests)) as pool:
            return list(pool.map(one, requests))
    except (OSError, ChildProcessError, subprocess.TimeoutExpired, ValueError, EOFError, TypeError) as exc:
        log.warning("context-center: worker processes failed (%s); the work is done here instead", exc)
        return None
