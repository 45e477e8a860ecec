"""How long until the window shows a store of N facts, and whether it stays responsive meanwhile.

    xvfb-run -a .venv/bin/python bench/window_startup.py [--facts 10000]

Writes N facts as files, opens the catalog once (as an earlier session would have),
then starts the window on a real (virtual) screen and reports: the time until the
window is shown, until the Facts table holds every fact, until the search index is
built, and the longest gap between two ticks of a 50 ms GUI timer meanwhile (how
long the window could not repaint).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from _stores import write_facts
from context_center.engine import open_engine
from context_center.engine.storage.paths import StorePaths
from recall import build_items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10000)
    parser.add_argument("--screenshot", help="save a picture of the window once loaded")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = StorePaths.create(Path(tmp) / "state", Path(tmp) / "ws")
        paths.workspace.mkdir(parents=True)
        write_facts(paths, build_items(args.facts))
        with open_engine(state_root=paths.root, workspace=paths.workspace):
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
        worst = [0]
        worst_at = [0.0]

        def tick() -> None:
            gap = clock.restart()
            if gap > worst[0]:
                worst[0] = gap
                worst_at[0] = time.perf_counter() - start
            if "facts listed" not in marks and window.facts.model.rowCount() == args.facts:
                marks["facts listed"] = time.perf_counter() - start
            if "facts listed" in marks and not client.busy and window.watcher is not None and indexed:
                marks["search index built, watching"] = time.perf_counter() - start
                if args.screenshot:
                    window.grab().save(args.screenshot)
                app.quit()

        indexed: list[object] = []   # the index sync starts after the list's first paint: wait for its end
        window.index_builder.finished.connect(indexed.append)
        window.index_builder.failed.connect(indexed.append)
        timer = QTimer()
        timer.timeout.connect(tick)
        timer.start(50)
        QTimer.singleShot(120_000, app.quit)
        app.exec()
        client.shutdown()
    for label, seconds in marks.items():
        print(f"{label:32s} {seconds:6.2f} s")
    print(f"{'longest GUI stall':32s} {worst[0]:6d} ms "
          f"(a 50 ms timer's longest gap, ending at {worst_at[0]:.2f} s; budget: none over 100 ms)")


if __name__ == "__main__":
    main()
