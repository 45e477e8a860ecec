"""What the engine imports on first use, imported now on request.

The command line keeps its imports deferred: a `memory` command never watches files or syncs.
A window should not: its worker thread would import these after the window is shown, and an
import holds the interpreter for its whole length, so the GUI thread cannot paint meanwhile.
Under PySide6 an import also costs about twice as much, because PySide6's import hook reads
every newly imported module's source to look for "PySide6". Importing watchdog on the worker
froze the window for 131–154 ms at 100,000 facts under Xvfb (bench/window_startup.py).
"""
from __future__ import annotations

import importlib

DEFERRED = (
    "context_center.engine.storage.file_watch",   # Engine.watch (watchdog)
    "context_center.engine.sync.service",         # Engine.sync_status, Engine.sync
    "platformdirs",                               # reasonix_state_roots, default_state_root
)


def import_deferred_modules() -> None:
    """Import every module of :data:`DEFERRED`. Call it from the thread that will run the GUI,
    before its event loop starts."""
    for name in DEFERRED:
        importlib.import_module(name)
