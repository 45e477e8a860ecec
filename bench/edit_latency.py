"""How long an edit made on disk takes to reach the engine (budget: within 1 s).

    .venv/bin/python bench/edit_latency.py [--facts 1000] [--edits 20]

Edits a fact file by hand, as an editor would, and times the watchdog event
(debounced) plus the refresh that makes the edit visible to recall and the window.
"""
from __future__ import annotations

import argparse
import queue
import statistics
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import write_facts
from cli_latency import items
from context_center.engine import open_engine
from context_center.engine.storage.paths import StorePaths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--record", action="store_true", help="also write bench/results/edit_latency.json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = StorePaths.create(Path(tmp) / "state", Path(tmp) / "ws")
        paths.workspace.mkdir()
        write_facts(paths, items(args.facts))
        with open_engine(state_root=paths.root, workspace=paths.workspace) as engine:
            target = engine.fact("fact-00042")
            changes: queue.Queue = queue.Queue()
            watcher = engine.watch(changes.put)
            samples = []
            for n in range(args.edits):
                start = time.perf_counter()
                text = target.path.read_text(encoding="utf-8")
                target.path.write_text(text.replace(target.title, f"{target.title} {n}", 1), encoding="utf-8")
                changes.get(timeout=10)
                engine.refresh()
                assert engine.fact("fact-00042").title.endswith(str(n))
                samples.append(time.perf_counter() - start)
                target = engine.fact("fact-00042")
            watcher.stop()
    print(f"{args.facts} facts, {args.edits} edits: edit on disk -> visible to the engine "
          f"p50 {statistics.median(samples) * 1000:.0f} ms, max {max(samples) * 1000:.0f} ms (budget 1,000 ms)")
    if args.record:
        record = Results("edit_latency", "An edit on disk reaching the engine")
        table = f"{args.facts:,} facts"
        record.table(table, ["what", "median ms", "max ms", "budget ms"], note=f"{args.edits} edits of one file, as "
                     "an editor writes it: the watcher's event, then the refresh", chart="max ms",
                     reference="budget ms")
        record.row(table, "edit on disk → visible", round(statistics.median(samples) * 1000),
                   round(max(samples) * 1000), 1000)
        record.save()


if __name__ == "__main__":
    main()
