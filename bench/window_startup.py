"""How long until the window shows a store of N facts, and whether it stays responsive meanwhile
and after.

    xvfb-run -a .venv/bin/python bench/window_startup.py [--facts 10000] [--stalls] [--startup-only]

Writes N facts as files (and as many for a second workspace), opens the catalog once (as an earlier
session would have), then starts the window on a real (virtual) screen and reports: the time until
the window is shown, until the Facts table holds every fact, until the search index is built;
then shows every tab for the first time, presses F5 and switches to the other workspace, each step
once the one before has settled. For the start and each step, the longest gap between two ticks
of a 50 ms GUI timer (how long the window could not repaint; budget: none over 100 ms).
``--stalls`` samples, during each stall over 100 ms, what every thread was running, and names the
collector's long passes. Search's meaning leg (the optional extra) is turned off unless ``--meaning``:
its first vectors take minutes of the index process's time at 10,000 facts (in the background,
but the start is measured until the index is built).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import write_facts
from context_center.engine import open_engine
from context_center.engine.storage.paths import StorePaths
from recall import build_items


class StallSampler:
    """A profiler for stalls, not a guess: a thread looks at the GUI thread's stack every 10 ms while
    a 10 ms GUI timer has not ticked for 60 ms, and counts, per stall, the lines it found it in."""

    def __init__(self, least_ms: int = 100) -> None:
        import threading

        from PySide6.QtCore import QTimer

        self._main = threading.main_thread().ident
        self._least = least_ms / 1000   # a stall is recorded from this long; looked into from 60 % of it
        self._last = time.perf_counter()
        self._beat = QTimer()
        self._beat.timeout.connect(self._tick)
        self._beat.start(10)
        self.stalls: list[tuple[float, float, dict[str, int]]] = []   # (start, length, stack → samples)
        self._current: dict[str, int] | None = None
        self._started = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()
        import gc

        self._gc = gc
        self._threading = threading
        self.collections: list[tuple[float, float, int, str]] = []   # (start, length, generation, thread)
        self._collecting = 0.0
        gc.callbacks.append(self._collected)

    def _collected(self, phase: str, info: dict) -> None:
        """The collector holds the interpreter for its whole pass: a long one stalls every thread."""
        if phase == "start":
            self._collecting = time.perf_counter()
        elif time.perf_counter() - self._collecting > 0.05:
            self.collections.append((self._collecting, time.perf_counter() - self._collecting,
                                     info["generation"], self._threading.current_thread().name))

    def _tick(self) -> None:
        now = time.perf_counter()
        if self._current is not None and now - self._started > self._least:
            self.stalls.append((self._started, now - self._started, self._current))
        self._current = None
        self._last = now

    def _watch(self) -> None:
        import sys
        import threading
        import traceback

        while not self._stop.wait(0.01):
            if time.perf_counter() - self._last < self._least * 0.6:
                continue
            current = self._current
            if current is None:
                current = self._current = {}
                self._started = self._last
            frames = sys._current_frames()
            for ident, frame in frames.items():
                if ident == threading.get_ident():
                    continue
                stack = traceback.extract_stack(frame)
                ours = [f for f in stack if "context_center" in f.filename][-5:]   # where in our code
                inner = stack[-1]
                who = "GUI" if ident == self._main else "other thread"
                key = f"{who}: " + " <- ".join(
                    [f"[{Path(inner.filename).name}:{inner.lineno}({inner.name})]"] +
                    [f"{Path(f.filename).parent.name}/{Path(f.filename).name}:{f.lineno}({f.name})"
                     for f in reversed(ours)])
                current[key] = current.get(key, 0) + 1

    def stop(self) -> None:
        self._gc.callbacks.remove(self._collected)
        self._stop.set()
        self._thread.join()

    def report(self) -> None:
        for _started, length, generation, thread in self.collections:
            print(f"garbage collection of generation {generation} on {thread}: {length * 1000:.0f} ms")
        for _started, length, samples in sorted(self.stalls, key=lambda s: -s[1])[:5]:
            print(f"\nstall of {length * 1000:.0f} ms:")
            for stack, count in sorted(samples.items(), key=lambda item: -item[1])[:6]:
                print(f"  {count:3d} samples  {stack}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10000)
    parser.add_argument("--screenshot", help="save a picture of the window once loaded")
    parser.add_argument("--stalls", action="store_true",
                        help="print what the GUI thread was running during each stall over 100 ms (sampled)")
    parser.add_argument("--stall-ms", type=int, default=100,
                        help="with --stalls: look into every stall from this long (default 100)")
    parser.add_argument("--startup-only", action="store_true", help="stop once the search index is built")
    parser.add_argument("--record", action="store_true", help="also write bench/results/window_startup.json")
    parser.add_argument("--meaning", action="store_true", help="keep search's meaning leg on, when installed")
    args = parser.parse_args()
    if not args.meaning:
        os.environ["CONTEXT_CENTER_SEMANTIC"] = "off"   # (the index process started by the window inherits it)
    with tempfile.TemporaryDirectory() as tmp:
        paths = StorePaths.create(Path(tmp) / "state", Path(tmp) / "ws")
        paths.workspace.mkdir(parents=True)
        write_facts(paths, build_items(args.facts))
        other = StorePaths.create(paths.root, Path(tmp) / "other-ws")   # the workspace switched to
        other.workspace.mkdir(parents=True)
        if not args.startup_only:
            write_facts(other, build_items(args.facts))
        for one in (paths, other):
            with open_engine(state_root=one.root, workspace=one.workspace):
                pass  # the catalog exists, as after any earlier run; the search index does not
        os.sync()   # the setup's writes reach the disk now, not while the window is measured

        from PySide6.QtCore import QElapsedTimer, QSettings, QTimer
        from PySide6.QtWidgets import QApplication

        start = time.perf_counter()
        app = QApplication(sys.argv)
        from context_center.ui.app import create_window

        window, client = create_window(str(paths.root), str(paths.workspace),
                                       QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        window.resize(1280, 800)
        window.show()
        marks: dict[str, float] = {"window shown": time.perf_counter() - start}
        clock = QElapsedTimer()
        clock.start()
        phase = ["start (until the search index is built)"]
        worst: dict[str, tuple[int, float]] = {phase[0]: (0, 0.0)}   # phase → (longest gap ms, when it ended)
        indexed: list[object] = []   # the index sync starts after the list's first paint: wait for its end
        window.index_builder.finished.connect(indexed.append)
        window.index_builder.failed.connect(indexed.append)
        steps = [] if args.startup_only else _steps(window, str(other.workspace), args.facts)
        settled = [0]   # ticks in a row with nothing running on the worker

        def tick() -> None:
            gap = clock.restart()
            if gap > worst[phase[0]][0]:
                worst[phase[0]] = (gap, time.perf_counter() - start)
            if "facts listed" not in marks and window.facts.model.rowCount() == args.facts:
                marks["facts listed"] = time.perf_counter() - start
            if "search index built" not in marks:
                if "facts listed" in marks and not client.busy and window.watcher is not None and indexed:
                    marks["search index built"] = time.perf_counter() - start
                    if args.screenshot:
                        window.grab().save(args.screenshot)
                else:
                    return
            settled[0] = settled[0] + 1 if not client.busy and window.index_builder.process is None else 0
            if settled[0] < 10:   # half a second with nothing running: the step is done
                return
            if not steps:
                app.quit()
                return
            name, act = steps.pop(0)
            phase[0] = name
            worst[name] = (0, 0.0)
            settled[0] = 0
            clock.restart()
            act()

        timer = QTimer()
        timer.timeout.connect(tick)
        timer.start(50)
        sampler = StallSampler(args.stall_ms) if args.stalls else None
        QTimer.singleShot(300_000, app.quit)
        app.exec()
        client.shutdown()
        if sampler is not None:
            sampler.stop()
    for label, seconds in marks.items():
        print(f"{label:32s} {seconds:6.2f} s")
    print("longest GUI stall (a 50 ms timer's longest gap; budget: none over 100 ms):")
    for name, (gap, at) in worst.items():
        print(f"  {name:48s} {gap:5d} ms   (ending at {at:.2f} s)")
    if sampler is not None:
        sampler.report()
    if args.record:
        record = Results("window_startup", "The window: its start and its longest stalls")
        record.table(f"{args.facts:,} facts", ["step", "longest GUI stall ms", "budget ms"],
                     note="the longest gap of a 50 ms timer during each step; " + "; ".join(
                         f"{label} at {seconds:.2f} s" for label, seconds in marks.items()),
                     chart="longest GUI stall ms", reference="budget ms")
        for name, (gap, _at) in worst.items():
            record.row(f"{args.facts:,} facts", name, gap, 100)
        record.save()


def _steps(window, other_workspace: str, facts: int) -> list[tuple[str, object]]:
    """What a user does next, each measured on its own: every tab shown for the first time, F5,
    and a switch to another workspace of as many facts."""
    steps: list[tuple[str, object]] = []
    for number in range(window.tabs.count()):
        title = window.tabs.tabText(number)
        steps.append((f"first show of the {title} tab", lambda n=number: window.tabs.setCurrentIndex(n)))
    steps.append(("back to Facts, then F5", lambda: (window.tabs.setCurrentWidget(window.facts),
                                                      window.refresh_all())))
    steps.append((f"switch to another workspace of {facts:,} facts",
                  lambda: window.open_workspace(other_workspace)))
    return steps


if __name__ == "__main__":
    main()
