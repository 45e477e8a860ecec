"""What grounded facts cost the hook: a prompt's whole process with 1,000 facts citing code, beside the
same store without refs and the interpreter's floor, measured in one run (issue #32).

    .venv/bin/python bench/grounding.py [--facts 10000] [--grounded 1000] [--runs 15]

Two stores of N facts each are written (the same texts); in one, ``--grounded`` of them cite code
(a line range and a symbol each, in 200 files of a workspace, their evidence recorded through the
engine as ``memory remember --ref`` records it), and the prompt matches those facts, so recall
checks the refs of every candidate it might inject. Each hook is a new process fed a
UserPromptSubmit event, through the resident service (started once per store, as the first hook
starts it), alternating with ``python -c pass`` so a drift of the machine hits all three. Prints p50
and p95 in ms and the margin over the floor's p95 (the speed issue's budget: floor + 80 ms at
10,000 facts).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import write_facts
from cli_latency import items, p95
from context_center.engine import FactInput, open_engine
from context_center.engine.storage.paths import StorePaths
from hook_latency import timed

PROMPT = "which handler looks the deploy cache up when it times out after a migration?"
FILES = 200


def make_store(tmp: Path, name: str, size: int, grounded: int) -> tuple[Path, Path]:
    root, workspace = tmp / name / "state", tmp / name / "ws"
    (workspace / ".git").mkdir(parents=True)
    code = workspace / "src"
    code.mkdir()
    for n in range(FILES):
        lines = [f"def handler_{n}_{k}(request):\n    return cache_lookup(request, {k})\n" for k in range(40)]
        (code / f"module_{n:03d}.py").write_text("".join(lines))
    write_facts(StorePaths.create(root, workspace), items(size - grounded))
    with open_engine(root, workspace) as engine:
        for i in range(grounded):
            refs = (f"src/module_{i % FILES:03d}.py:{1 + (i % 40) * 2}-{2 + (i % 40) * 2}",
                    f"src/module_{i % FILES:03d}.py#handler_{i % FILES}_{i % 40}") if name == "grounded" else None
            engine.remember(FactInput(name=f"deploy-{i:05d}", title=f"Deploy cache note {i}",
                                      body=f"The deploy cache times out on the release branch after migration "
                                           f"{i}: handler {i % 40} looks it up.", refs=refs))
    return root, workspace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--grounded", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--record", action="store_true", help="also write bench/results/grounding.json")
    args = parser.parse_args()
    record = Results("grounding", "The hook with facts citing code") \
        if args.record else None
    with tempfile.TemporaryDirectory(prefix="cc-grounding-") as name:
        tmp = Path(name)
        runtime = tmp / "run"
        runtime.mkdir(mode=0o700)
        env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime)}
        started = time.perf_counter()
        stores = {kind: make_store(tmp, kind, args.facts, args.grounded) for kind in ("plain", "grounded")}
        print(f"two stores of {args.facts:,} facts written in {time.perf_counter() - started:.0f} s; "
              f"{args.grounded:,} cite code in one of them")
        commands = {}
        for kind, (root, workspace) in stores.items():
            event = json.dumps({"session_id": "bench", "hook_event_name": "UserPromptSubmit",
                                "cwd": str(workspace), "prompt": PROMPT})
            argv = [sys.executable, "-m", "context_center", "--state-root", str(root), "hook", "claude-code"]
            timed(argv, event, env)   # starts the service, which opens this store
            timed(argv, event, env)
            label = f"{args.grounded:,} facts citing code" if kind == "grounded" else "no refs"
            commands[f"hook, {label}"] = (argv, event)
        with open_engine(*stores["grounded"]) as engine:
            result = engine.recall(PROMPT, record=False)
            cited = [h for h in result.hits if h.fact.refs]
            print(f"the prompt recalls {len(result.hits)} facts, {len(cited)} of them citing code "
                  f"(checked: {', '.join(sorted({h.grounding for h in cited})) or 'none'})")
        floor: list[float] = []
        results: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(args.runs):
            for label, (argv, event) in commands.items():
                floor.append(timed([sys.executable, "-c", "pass"], "", env))
                results[label].append(timed(argv, event, env))
        floor_p95 = p95(floor)
        print(f"{'python -c pass (the floor)':34s} p50 {sorted(floor)[len(floor) // 2] * 1000:5.0f} ms   "
              f"p95 {floor_p95 * 1000:5.0f} ms")
        table = f"{args.facts:,} facts"
        if record is not None:
            record.table(table, ["hook", "p50 ms", "p95 ms", "floor p95 ms", "over the floor ms"],
                         note=f"{args.runs} runs each, alternating with python -c pass; the resident service running; "
                              f"budget: the floor + 80 ms", chart="p95 ms", reference="floor p95 ms")
        for label, samples in results.items():
            ordered = sorted(samples)
            print(f"{label:34s} p50 {ordered[len(ordered) // 2] * 1000:5.0f} ms   p95 {p95(samples) * 1000:5.0f} ms"
                  f"   floor + {(p95(samples) - floor_p95) * 1000:4.0f} ms")
            if record is not None:
                record.row(table, label, round(ordered[len(ordered) // 2] * 1000), round(p95(samples) * 1000),
                           round(floor_p95 * 1000), round((p95(samples) - floor_p95) * 1000))
        if record is not None:
            record.save()
        for root, _ in stores.values():
            subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(root), "service", "stop"],
                           env=env, capture_output=True)


if __name__ == "__main__":
    main()
