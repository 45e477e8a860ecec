"""How fast `context-center memory …` answers on a store of N facts (DESIGN.md: < 0.5 s at 1,000).

    .venv/bin/python bench/cli_latency.py [--facts 1000] [--runs 15]

Writes N fact files into a temporary state root, then times real subprocesses of the
command line: the first call (catalog built from the files), then warm calls of
list / show / recall-free reads and a write.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from context_center.engine.clock import format_timestamp, now  # noqa: E402
from context_center.engine.fact_file import render_fact  # noqa: E402
from context_center.engine.fields import new_fact_id  # noqa: E402
from context_center.engine.paths import StorePaths  # noqa: E402
from context_center.engine.records import Fact  # noqa: E402

WORDS = ("deploy build cache release branch pnpm docker service token budget review test suite "
         "migration database schema index latency queue worker retry timeout config").split()


def populate(paths: StorePaths, count: int) -> None:
    stamp = format_timestamp(now())
    for i in range(count):
        scope = "global" if i % 10 == 0 else "project"
        folder = paths.memory_dir(scope)
        folder.mkdir(parents=True, exist_ok=True)
        words = [WORDS[(i * 7 + k) % len(WORDS)] for k in range(12)]
        fact = Fact(id=new_fact_id(), revision=1, name=f"fact-{i:05d}", title=" ".join(words[:4]),
                    description=" ".join(words[4:10]), type="project" if scope == "project" else "user",
                    scope=scope, body=" ".join(words * 4), created_at=stamp, updated_at=stamp,
                    activation="relevant", keywords=" ".join(words[:3]))
        (folder / f"{fact.name}.md").write_text(render_fact(fact), encoding="utf-8")


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root, workspace = Path(tmp) / "state", Path(tmp) / "ws"
        workspace.mkdir()
        paths = StorePaths.create(root, workspace)
        populate(paths, args.facts)
        base = [sys.executable, "-m", "context_center", "--state-root", str(root), "--workspace", str(workspace)]
        print(f"store: {args.facts} facts; {args.runs} runs per command; times are whole processes")
        print(f"{'first call (catalog built from files)':44s} {timed(base + ['memory', 'list', '--json']) * 1000:7.0f} ms")
        baseline = [timed([sys.executable, "-c", "pass"]) for _ in range(5)]
        print(f"{'python -c pass (interpreter floor)':44s} {statistics.median(baseline) * 1000:7.0f} ms")
        commands = {
            "memory list --json": ["memory", "list", "--json"],
            "memory show fact-00042 --json": ["memory", "show", "fact-00042", "--json"],
            "memory session-context --json": ["memory", "session-context", "--json"],
            "memory --json (summary)": ["memory", "--json"],
        }
        worst = 0.0
        for label, extra in commands.items():
            samples = sorted(timed(base + extra) for _ in range(args.runs))
            p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
            worst = max(worst, p95)
            print(f"{label:44s} p50 {statistics.median(samples) * 1000:5.0f} ms   p95 {p95 * 1000:5.0f} ms")
        writes = []
        for i in range(args.runs):
            writes.append(timed(base + ["memory", "remember", "--name", f"bench-{i}", "--title", f"Bench {i}",
                                        "--body", "timed write", "--json"]))
        writes.sort()
        print(f"{'memory remember (write + MEMORY.md)':44s} p50 {statistics.median(writes) * 1000:5.0f} ms   "
              f"p95 {writes[int(round(0.95 * (len(writes) - 1)))] * 1000:5.0f} ms")
        print(json.dumps({"facts": args.facts, "worst_read_p95_ms": round(worst * 1000),
                          "budget_ms": 500, "within_budget": worst < 0.5}))


if __name__ == "__main__":
    main()
