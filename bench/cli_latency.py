"""How fast `context-center memory …` answers on a store of N facts (budget: < 0.5 s at 1,000).

    .venv/bin/python bench/cli_latency.py [--facts 1000] [--runs 15]

Writes N fact files into a temporary state root, then times real subprocesses of the
command line: the first call (catalog built from the files), then warm reads, a
recall (what a hook runs on every prompt), and a write.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import write_facts
from context_center.engine.storage.paths import StorePaths

WORDS = ("deploy build cache release branch pnpm docker service token budget review test suite "
         "migration database schema index latency queue worker retry timeout config").split()


def items(count: int) -> list[tuple[str, str, str]]:
    out = []
    for i in range(count):
        words = [WORDS[(i * 7 + k) % len(WORDS)] for k in range(12)]
        out.append((f"fact-{i:05d}", " ".join(words[:4]), " ".join(words * 4)))
    return out


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr}")
    return elapsed


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--record", action="store_true", help="also write bench/results/cli_latency.json")
    args = parser.parse_args()
    record = Results("cli_latency", "The command line, whole processes") \
        if args.record else None
    with tempfile.TemporaryDirectory() as tmp:
        root, workspace = Path(tmp) / "state", Path(tmp) / "ws"
        workspace.mkdir()
        paths = StorePaths.create(root, workspace)
        write_facts(paths, items(args.facts))
        base = [sys.executable, "-m", "context_center", "--state-root", str(root), "--workspace", str(workspace)]
        print(f"store: {args.facts} facts; {args.runs} runs per command; times are whole processes")
        first = timed(base + ["memory", "list", "--json"])
        print(f"{'first call (catalog built from files)':44s} {first * 1000:7.0f} ms")
        floor = statistics.median(timed([sys.executable, "-c", "pass"]) for _ in range(5))
        print(f"{'python -c pass (interpreter floor)':44s} {floor * 1000:7.0f} ms")
        commands = {
            "memory list --json": ["memory", "list", "--json"],
            "memory show fact-00042 --json": ["memory", "show", "fact-00042", "--json"],
            "memory session-context --json": ["memory", "session-context", "--json"],
            "memory --json (summary)": ["memory", "--json"],
            "memory recall '…deploy cache timeout…' --json": ["memory", "recall",
                                                              "why does the deploy cache timeout", "--json"],
        }
        worst = 0.0
        table = f"{args.facts:,} facts"
        if record is not None:
            record.table(table, ["command", "p50 ms", "p95 ms", "floor ms"],
                         note=f"{args.runs} runs each, whole processes (with the resident service when one runs); "
                              "the floor: python -c pass", chart="p95 ms", reference="floor ms")
        for label, extra in commands.items():
            samples = [timed(base + extra) for _ in range(args.runs)]
            worst = max(worst, p95(samples))
            print(f"{label:44s} p50 {statistics.median(samples) * 1000:5.0f} ms   p95 {p95(samples) * 1000:5.0f} ms")
            if record is not None:
                record.row(table, label, round(statistics.median(samples) * 1000), round(p95(samples) * 1000),
                           round(floor * 1000))
        writes = [timed(base + ["memory", "remember", "--name", f"bench-{i}", "--title", f"Bench {i}",
                                "--body", "timed write", "--json"]) for i in range(args.runs)]
        worst = max(worst, p95(writes))
        if record is not None:
            record.row(table, "memory remember", round(statistics.median(writes) * 1000), round(p95(writes) * 1000),
                       round(floor * 1000))
            record.save()
        print(f"{'memory remember (write + MEMORY.md)':44s} p50 {statistics.median(writes) * 1000:5.0f} ms   "
              f"p95 {p95(writes) * 1000:5.0f} ms")
        print(json.dumps({"facts": args.facts, "worst_p95_ms": round(worst * 1000), "budget_ms": 500,
                          "within_budget": worst < 0.5}))


if __name__ == "__main__":
    main()
