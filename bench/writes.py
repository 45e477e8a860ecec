"""A write through the facade, at 100 facts and at 10,000 / 100,000 (budget: p95 ≤ 50 ms at
every size, within 1.5× of the same write at 100 facts).

    .venv/bin/python bench/writes.py [--sizes 100 10000 100000] [--ops 40] [--profile SIZE]

Each size is a state root of LoCoMo facts written as files, opened once (warm); then every write
kind runs ``--ops`` times on facts spread through the store: remember, edit, pin, verify, forget,
recover, restore. Printed: p50 / p95 per kind and size, the ratio of each p95 to the same write at
100 facts, and the process's resident size.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import resource
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import percentiles
from context_center.engine import FactInput, open_engine
from context_center.engine.storage.paths import StorePaths
from recall import build_items

KINDS = ("remember", "edit", "pin", "verify", "forget", "recover", "restore")
BUDGET_MS = 50.0
RATIO = 1.5


def measure(size: int, ops: int, profile: bool) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory() as tmp:
        paths = StorePaths.create(Path(tmp) / "state", Path(tmp) / "ws")
        paths.workspace.mkdir()
        from _stores import write_facts
        write_facts(paths, build_items(size))
        with open_engine(state_root=paths.root, workspace=paths.workspace) as engine:
            names = [f.name for f in engine.facts()]
            rng = random.Random(size)
            chosen = rng.sample(names, min(len(names), ops * 4))

            def fact(kind_number: int, i: int) -> str:   # a small store is gone through more than once
                return chosen[(kind_number * ops + i) % len(chosen)]

            profiler = cProfile.Profile() if profile else None

            def timed(kind: str, action, *args) -> object:
                if profiler:
                    profiler.enable()
                start = time.perf_counter()
                result = action(*args)
                times[kind].append(time.perf_counter() - start)
                if profiler:
                    profiler.disable()
                return result

            for i in range(ops):
                timed("remember", engine.remember, FactInput(
                    name=f"new-{i}", title=f"new fact {i}", body=f"A fact written by the benchmark, number {i}."))
                edited = fact(0, i)
                timed("edit", engine.edit, edited, FactInput(body=f"Edited by the benchmark ({i})."))
                timed("restore", engine.restore, edited, 1)
                pinned = fact(1, i)
                timed("pin", engine.pin, pinned)
                engine.unpin(pinned)
                timed("verify", engine.verify, fact(2, i))
                archived = timed("forget", engine.forget, fact(3, i))
                timed("recover", engine.recover, str(archived.path))
            if profiler:
                stats = pstats.Stats(profiler)
                stats.sort_stats("cumulative").print_stats(30)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 10_000])
    parser.add_argument("--ops", type=int, default=40)
    parser.add_argument("--profile", type=int, metavar="SIZE", help="print a cProfile of the writes at SIZE")
    parser.add_argument("--record", action="store_true", help="also write bench/results/writes.json")
    args = parser.parse_args()
    record = Results("writes", "Writes through the facade, beside the same write at 100 facts") if args.record else None
    sizes = sorted(set([100, *args.sizes]))
    results = {size: measure(size, args.ops, args.profile == size) for size in sizes}
    base = {kind: percentiles(results[100][kind])[1] for kind in KINDS}
    print(f"\nwrites through the facade, {args.ops} of each kind per size (budget: p95 ≤ {BUDGET_MS:.0f} ms, "
          f"≤ {RATIO}× the p95 at 100 facts)")
    print(f"{'kind':<10}" + "".join(f"{f'{size:,} facts p50/p95':>26}" for size in sizes) + "   worst ratio")
    failed = False
    largest = max(sizes)
    if record is not None:
        record.table(f"{largest:,} facts", ["write", "p50 ms", "p95 ms", "p95 at 100 facts ms", "÷ at 100"],
                     note=f"{args.ops} of each kind; budget: p95 ≤ {BUDGET_MS:.0f} ms and ≤ {RATIO}× the p95 at "
                          "100 facts", chart="p95 ms", reference="p95 at 100 facts ms")
    for kind in KINDS:
        cells, worst = [], 0.0
        for size in sizes:
            p50, p95 = percentiles(results[size][kind])
            cells.append(f"{p50:9.1f} / {p95:6.1f} ms")
            worst = max(worst, p95 / base[kind])
            failed |= p95 > BUDGET_MS or (size > 100 and p95 > RATIO * base[kind] and p95 > 5)
        print(f"{kind:<10}" + "".join(f"{c:>26}" for c in cells) + f"   {worst:.2f}×")
        if record is not None:
            p50, p95 = percentiles(results[largest][kind])
            record.row(f"{largest:,} facts", kind, round(p50, 1), round(p95, 1), round(base[kind], 1),
                       round(p95 / base[kind], 2))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident size {rss:,.0f} MB (the largest store, its engine and the benchmark)")
    print("within budget" if not failed else "OVER BUDGET")
    if record is not None:
        record.save()


if __name__ == "__main__":
    main()
