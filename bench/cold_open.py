"""What a user waits for once: the first open of a store never opened before, and its first recall.

    .venv/bin/python bench/cold_open.py [--facts 100000] [--runs 2]

N fact files are written (as an import or a `git pull` would leave them; the page cache warm, as
just after writing), then, in a fresh process each time, the catalog and the caches removed, the
store is opened and one recall made; each phase is timed alone, beside the same first open with
every file read in one process (no worker processes: ``memory/bulk_read.py``) and a warm open of
the same store (catalog and caches as the first open left them). Issue #30's goal: each ≤ 8 s at
100,000.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import write_facts
from cli_latency import items
from context_center.engine.storage.paths import StorePaths

PROMPT = "why does the deploy cache timeout on the release branch after the migration?"
CHILD = """
import json, os, shutil, sys, time
from context_center.engine import open_engine
root, workspace, cold = sys.argv[1], sys.argv[2], sys.argv[3] != "warm"
if sys.argv[3] == "alone":   # the reference: every file read in this one process
    from context_center.engine.memory import bulk_read
    bulk_read.worker_count = lambda files: 0
if cold:
    for name in ("catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm"):
        try:
            os.remove(os.path.join(root, name))
        except FileNotFoundError:
            pass
    shutil.rmtree(os.path.join(root, "cache"), ignore_errors=True)
started = time.perf_counter()
engine = open_engine(root, workspace)
facts = len(engine.facts())
opened = time.perf_counter()
engine.recall(sys.argv[4], record=False)
print(json.dumps({"facts": facts, "open": opened - started, "recall": time.perf_counter() - opened}))
engine.close()
"""


def measure(root: Path, workspace: Path, kind: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), str(workspace), kind, PROMPT],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--record", action="store_true", help="also write bench/results/cold_open.json")
    args = parser.parse_args()
    record = Results("cold_open", "The first open of a store never opened before") \
        if args.record else None
    table = f"{args.facts:,} facts"
    if record is not None:
        record.table(table, ["run", "first open s", "its first recall s", "open in one process s", "warm open s",
                             "goal s"],
                     note="the first open reads every file (worker processes share them); the reference reads them "
                          "in one process; warm: the same store opened again", chart="first open s",
                     reference="open in one process s")
    with tempfile.TemporaryDirectory(prefix="cc-cold-") as tmp:
        root, workspace = Path(tmp) / "state", Path(tmp) / "ws"
        (workspace / ".git").mkdir(parents=True)
        started = time.perf_counter()
        write_facts(StorePaths.create(root, workspace), items(args.facts))
        print(f"{args.facts:,} fact files written in {time.perf_counter() - started:.1f} s")
        for run in range(1, args.runs + 1):
            cold, alone = measure(root, workspace, "cold"), measure(root, workspace, "alone")
            warm = measure(root, workspace, "warm")
            print(f"run {run}: first open {cold['open']:5.1f} s, its first recall {cold['recall']:5.1f} s   "
                  f"(in one process: open {alone['open']:4.1f} s; warm: open {warm['open']:4.2f} s, "
                  f"recall {warm['recall']:4.2f} s; {cold['facts']:,} facts; goal ≤ 8 s each)")
            if record is not None:
                record.row(table, run, round(cold["open"], 2), round(cold["recall"], 2), round(alone["open"], 2),
                           round(warm["open"], 2), 8)
    if record is not None:
        record.save()


if __name__ == "__main__":
    main()
