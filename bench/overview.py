"""The window's Overview, made on the worker: at 10,000 facts and 2,000 injection records it must
take under 300 ms (issue #37). Printed beside what listing the facts alone takes in the same run.

    .venv/bin/python bench/overview.py [--facts 10000] [--injections 2000] [--runs 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import write_facts
from cli_latency import items
from context_center.engine import open_engine
from context_center.engine.storage.paths import StorePaths

PROMPTS = ("why does the deploy cache timeout on the release branch?", "which package manager do we use?",
           "how are migrations reviewed before they merge?", "where do the build artefacts go?")


def main() -> None:
    parser = argparse.ArgumentParser(description="The Overview worked out at 10,000 facts, beside listing them")
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--injections", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--record", action="store_true", help="also write bench/results/overview.json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cc-") as tmp:
        root, workspace, home = Path(tmp) / "state", Path(tmp) / "ws", Path(tmp) / "home"
        (workspace / ".git").mkdir(parents=True)
        home.mkdir()
        os.environ["HOME"] = str(home)   # the agents' files of an empty home: this machine's stay out of it
        write_facts(StorePaths.create(root, workspace), items(args.facts))
        with open_engine(state_root=root, workspace=workspace) as engine:
            engine.set_injection_bounds(entries=args.injections)
            for n in range(args.injections):
                engine.record_injection(engine.recall(PROMPTS[n % len(PROMPTS)]), agent="claude-code",
                                        session_id=f"s{n // 50}")
            assert len(engine.injections()) == args.injections
            listing, made = [], []
            for _ in range(args.runs):
                start = time.perf_counter()
                engine.fact_views()
                listing.append(time.perf_counter() - start)
                shown = engine.overview()
                made.append(shown.seconds)
            print(f"{args.facts:,} facts, {len(engine.injections()):,} injection records, {args.runs} runs")
            print(f"  overview (worker):       median {statistics.median(made) * 1000:.0f} ms, "
                  f"max {max(made) * 1000:.0f} ms  (goal: under 300 ms)")
            print(f"  listing the facts alone: median {statistics.median(listing) * 1000:.0f} ms, "
                  f"max {max(listing) * 1000:.0f} ms  (the reference, same run)")
            print(f"  counted: {shown.facts:,} facts, {sum(shown.injections_per_day):,} injections in 30 days")
    if args.record:
        record = Results("overview", "The Overview, worked out on the worker")
        table = f"{args.facts:,} facts, {args.injections:,} injection records"
        record.table(table, ["what", "median ms", "max ms", "goal ms"], note=f"{args.runs} runs; listing the facts "
                     "alone is the reference", chart="median ms")
        record.row(table, "the Overview", round(statistics.median(made) * 1000), round(max(made) * 1000), 300)
        record.row(table, "listing the facts", round(statistics.median(listing) * 1000), round(max(listing) * 1000),
                   "")
        record.save()


if __name__ == "__main__":
    main()
