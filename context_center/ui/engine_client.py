"""One serialized worker for every engine call; results come back on the GUI thread.

The engine lives on a worker thread and is used from there only. The GUI submits a
job (a function of the engine) with a callback for the result and one for a
refusal or failure; both run on the GUI thread, through queued signals connected
to bound slots of a GUI-thread object (never lambdas across threads).
"""
from __future__ import annotations

import itertools
import traceback
import weakref
from dataclasses import dataclass
from typing import Callable, TypeVar, cast

import shiboken6
from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..engine import Engine, StorePaths, open_engine
from .words import QT_TR_NOOP, tr

Result = TypeVar("Result")
Job = Callable[[Engine], object]   # what the worker runs: a submitted job, or a step of the client's own


@dataclass
class _Pending:
    on_done: Callable[[object], None] | None   # (submit ties it to its job's result type)
    on_error: Callable[[BaseException], None] | None
    owner: QObject | None = None    # the callbacks are dropped once it is deleted


READING = QT_TR_NOOP("Reading the facts")   # what the progress bar says while an open reads every file


class _Runner(QObject):
    """Lives on the worker thread and owns the engine."""

    finished = Signal(int, object, object)     # job id, result, error
    progress = Signal(str, int, int)           # what, done, total
    opened = Signal(object, object)            # engine paths, error

    def __init__(self) -> None:
        super().__init__()
        self.engine: Engine | None = None

    @Slot(str, str)
    def open(self, state_root: str, workspace: str) -> None:
        try:
            if self.engine is not None:
                self.engine.close()
                self.engine = None
            self.engine = open_engine(state_root=state_root or None, workspace=workspace or None,
                                      progress=self._reading)
            self.opened.emit(self.engine.paths, None)
        except BaseException as exc:  # noqa: BLE001 - reported to the GUI, never lost
            self.opened.emit(None, exc)

    def _reading(self, done: int, total: int) -> None:
        """A store never opened before is read file by file: the window says how far it is."""
        self.progress.emit(tr(READING), done, total)   # (QCoreApplication.translate is thread-safe)

    @Slot(int, object)
    def run(self, job_id: int, job: Job) -> None:
        try:
            if self.engine is None:
                raise RuntimeError(tr("the store is not open"))
            result = job(self.engine)
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the GUI
            exc.__traceback_text__ = traceback.format_exc()  # type: ignore[attr-defined]
            self.finished.emit(job_id, None, exc)
            return
        self.finished.emit(job_id, result, None)

    @Slot()
    def close(self) -> None:
        """Close the engine, then end the thread's event loop: from here, after every job queued
        before it (a quit() from the GUI thread instead could end the loop with this close still
        queued behind a running job, and the engine, its file watcher and MEMORY.md left as they were)."""
        try:
            if self.engine is not None:
                self.engine.close()
                self.engine = None
        finally:
            thread = self.thread()
            if thread is not None:
                thread.quit()


class EngineClient(QObject):
    """The GUI's handle on the engine: ``submit(job, on_done, on_error)``."""

    live: "weakref.WeakSet[EngineClient]" = weakref.WeakSet()   # for tests that check for leaks

    _open = Signal(str, str)
    _run = Signal(int, object)
    _close = Signal()
    opened = Signal(object)                 # StorePaths
    open_failed = Signal(object)            # exception
    busy_changed = Signal(bool)
    progress = Signal(str, int, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._closed = False
        self._thread = QThread()
        self._thread.setObjectName("engine-worker")
        self._runner = _Runner()
        self._runner.moveToThread(self._thread)
        self._open.connect(self._runner.open)
        self._run.connect(self._runner.run)
        self._close.connect(self._runner.close)
        self._runner.finished.connect(self._on_finished)
        self._runner.opened.connect(self._on_opened)
        self._runner.progress.connect(self.progress)
        self._thread.start()
        EngineClient.live.add(self)

    @property
    def running(self) -> bool:
        """Is the worker thread still running (until :meth:`shutdown`)?"""
        return self._thread.isRunning()

    def open(self, state_root: str | None, workspace: str | None) -> None:
        self._open.emit(state_root or "", workspace or "")

    def report_progress(self, what: str) -> Callable[[int, int], None]:
        """A progress callback for a job: emits from the worker, arrives on the GUI thread."""
        def report(done: int, total: int) -> None:
            self._runner.progress.emit(what, done, total)
        return report

    def submit(self, job: Callable[[Engine], Result], on_done: Callable[[Result], None] | None = None,
               on_error: Callable[[BaseException], None] | None = None, *, owner: QObject | None = None) -> int:
        """Run ``job(engine)`` on the worker; ``on_done(result)`` or ``on_error(exc)`` then run here,
        unless ``owner`` (a dialog, say) has been deleted or the client closed meanwhile."""
        job_id = next(self._ids)
        if self._closed:
            return job_id  # the window is gone: nothing may start on its behalf
        # on_done gets back what this job returned: its Result, kept here as an object
        self._pending[job_id] = _Pending(cast("Callable[[object], None] | None", on_done), on_error, owner)
        if len(self._pending) == 1:
            self.busy_changed.emit(True)
        self._run.emit(job_id, job)
        return job_id

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    @Slot(int, object, object)
    def _on_finished(self, job_id: int, result: object, error: BaseException | None) -> None:
        pending = self._pending.pop(job_id, None)
        if not self._pending:
            self.busy_changed.emit(False)
        if pending is None or self._closed:
            return
        if pending.owner is not None and not shiboken6.isValid(pending.owner):
            return  # its widget is gone: the answer has nobody to go to
        if error is not None:
            if pending.on_error is not None:
                pending.on_error(error)
            else:
                raise error
        elif pending.on_done is not None:
            pending.on_done(result)

    @Slot(object, object)
    def _on_opened(self, paths: StorePaths | None, error: BaseException | None) -> None:
        if error is not None:
            self.open_failed.emit(error)
        else:
            self.opened.emit(paths)

    def close(self) -> None:
        """The window is closing: no callback runs from now on and no new job starts."""
        self._closed = True
        had = bool(self._pending)
        self._pending.clear()
        if had:
            self.busy_changed.emit(False)

    @property
    def closed(self) -> bool:
        return self._closed

    def shutdown(self, timeout_ms: int = 10000) -> bool:
        """Close the engine on its thread and stop the thread. Waits for the running job at most
        ``timeout_ms``; returns False if it is still running (the caller may then exit anyway:
        every write is atomic, so an interrupted job leaves no half-written file)."""
        self.close()
        if not self._thread.isRunning():
            return True
        self._close.emit()   # the runner closes the engine and then ends the thread's loop
        return self._thread.wait(timeout_ms)
