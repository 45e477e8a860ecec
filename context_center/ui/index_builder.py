"""Builds the search index in a child process, so the window never waits for it.

A cold Whoosh build is pure Python: on the engine worker it would hold the
interpreter lock for seconds and starve the GUI thread (measured: a 2 s freeze at
10,000 facts). A child process (``context-center memory index --json``) shares the
state root safely and reports progress line by line. NumPy's math libraries are told to keep to
one thread there: a pool started at import spun on a core waiting for work that never came, and
took it from the window and the X server (perf: 44 ms of a 108 ms stall at 10,000 facts).
"""
from __future__ import annotations

import json
import sys

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, Signal, Slot

from ..resident.wire import ONE_THREAD
from .words import tr


class IndexBuilder(QObject):
    progress = Signal(int, int)           # the search index's words: facts indexed of all
    meaning_progress = Signal(int, int)   # then, with the meaning leg on, facts embedded of those to do
    finished = Signal(object)      # the report (dict), or None
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.process: QProcess | None = None
        self._buffer = b""
        self._target: tuple[str, str] | None = None
        self._again = False
        self._report: dict | None = None
        self._closed = False

    def start(self, state_root: str, workspace: str) -> None:
        """Sync the index for this store; while a sync of the same store runs, one more is queued
        (never restarted: under a stream of edits a cold build would otherwise never finish).
        After :meth:`close`, does nothing."""
        if self._closed:
            return
        if self.process is not None and self._target == (state_root, workspace):
            self._again = True
            return
        self.stop()
        self._target, self._again = (state_root, workspace), False
        process = QProcess(self)
        # In the PyInstaller bundle (the .deb) sys.executable is context-center itself.
        module = [] if getattr(sys, "frozen", False) else ["-m", "context_center"]
        process.setProgram(sys.executable)
        process.setArguments([*module, "--state-root", state_root, "--workspace", workspace,
                              "memory", "index", "--json"])
        environment = QProcessEnvironment.systemEnvironment()
        for name, value in ONE_THREAD.items():
            environment.insert(name, value)
        process.setProcessEnvironment(environment)
        process.readyReadStandardOutput.connect(self._read)
        process.finished.connect(self._done)
        self.process = process
        self._buffer = b""
        self._report = None
        process.start()

    @Slot()
    def _read(self) -> None:
        assert self.process is not None
        self._buffer += bytes(self.process.readAllStandardOutput().data())
        *lines, self._buffer = self._buffer.split(b"\n")
        progress: dict[str, list[int]] = {}
        for line in lines:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            if "progress" in message:
                progress[str(message.get("stage", "words"))] = message["progress"]
            else:
                self._report = message
        # the last of a read only: each one said cost the window a repaint
        if "words" in progress:
            self.progress.emit(*progress["words"])
        if "meaning" in progress:
            self.meaning_progress.emit(*progress["meaning"])

    @Slot(int, QProcess.ExitStatus)
    def _done(self, code: int, status: QProcess.ExitStatus) -> None:
        assert self.process is not None
        self._read()
        if code == 0 and status == QProcess.ExitStatus.NormalExit:
            self.finished.emit(self._report)
        else:
            error = bytes(self.process.readAllStandardError().data()).decode("utf-8", "replace").strip()
            self.failed.emit(error or tr("the index process exited with code {code}").format(code=code))
        self.process.deleteLater()
        self.process = None
        if self._again and self._target is not None:
            self.start(*self._target)

    def stop(self) -> None:
        """End the running child, if any. SIGKILL ends it at once; the wait only reaps it (a few
        milliseconds), so Qt never destroys a QProcess whose child still runs. Killing is safe:
        the child's index writes are atomic, and the next sync finishes the work."""
        self._again = False
        if self.process is not None:
            self.process.finished.disconnect(self._done)
            self.process.kill()
            self.process.waitForFinished(1000)
            self.process.deleteLater()
            self.process = None

    def close(self) -> None:
        """The window is closing: stop, and start nothing again."""
        self._closed = True
        self.stop()

    @property
    def running(self) -> bool:
        return self.process is not None
