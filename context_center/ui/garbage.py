"""Python's cycle collector run on the GUI thread only.

Left to itself the collector runs on whichever thread happens to allocate when a generation fills:
the engine's worker, a watcher's thread. A cycle that holds a Qt object (a chart's item, a
connection's closure over a widget) is then destroyed on that thread, and Qt, which lets an object
be touched only on its own thread, warns "Timers cannot be started from another thread" or crashes
the window (a segmentation fault, seen at 10,000 facts while the Overview drew its charts and the
worker worked out the review). So the automatic collector is turned off and a timer on the GUI
thread runs each generation when it is as full as the automatic collector would have let it be,
and the oldest only once the heap has grown by a quarter since its last pass, as Python's own
rule has it (its count of long-lived objects is not readable: the allocator's count of blocks
stands for it), and never while the engine's worker works: then the heap holds what a job is
making (a review at 100,000 facts: millions of objects) and a pass over it held the window for
half a second; once the job is done they are gone and the pass is short. A minute deferred is the
most: the oldest generation is then collected anyway. Without the quarter rule a pass over every
object every 25 seconds held the window for up to half a second. Objects without cycles are freed
at once as always; only cycles wait, at most one tick.
"""
from __future__ import annotations

import gc
import sys
import time

from PySide6.QtCore import QObject, QTimer

from ..engine import bulk_work_running
from .engine_client import EngineClient

TICK_MS = 250
LONGEST_DEFERRAL_S = 60.0


class GuiThreadCollector(QObject):
    """Installed once per application (:func:`collect_on_gui_thread`); :meth:`stop` gives the
    collector back to Python."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.passes = [0, 0, 0]   # collections run, by generation (for tests and benchmarks)
        self._blocks = sys.getallocatedblocks()   # the heap after the last pass over every generation
        self._deferred_since: float | None = None   # when a due pass over the oldest first waited for the worker
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.tick)
        self._timer.start(TICK_MS)

    def tick(self) -> None:
        """A younger generation past its threshold is collected; an older one with it when its own
        count says so, as the automatic collector does."""
        if gc.isenabled():   # (a job that paused the collector before this one took over gave it back)
            gc.disable()
        if bulk_work_running():   # a load that asked for no pass: it freezes what it made at its end
            return
        counts = gc.get_count()
        generation = -1
        for number in range(3):
            if counts[number] <= self.thresholds[number]:
                break
            generation = number
        if generation == 2 and sys.getallocatedblocks() < self._blocks * 5 // 4:
            generation = 1
        if generation == 2 and self._worker_busy():
            now = time.monotonic()
            self._deferred_since = self._deferred_since or now
            if now - self._deferred_since < LONGEST_DEFERRAL_S:
                generation = 1
        if generation >= 0:
            gc.collect(generation)
            self.passes[generation] += 1
        if generation == 2:
            self._blocks, self._deferred_since = sys.getallocatedblocks(), None

    @staticmethod
    def _worker_busy() -> bool:
        return any(client.busy for client in list(EngineClient.live))

    def stop(self) -> None:
        self._timer.stop()
        if self._was_enabled:
            gc.enable()


def collect_on_gui_thread(app: QObject) -> GuiThreadCollector:
    """The application's collector, made on its first call."""
    existing = app.findChild(GuiThreadCollector)
    return existing if existing is not None else GuiThreadCollector(app)
