"""What every prompt pays: the Claude Code hook and the read commands as whole processes, beside the
interpreter's floor measured in the same run (issue #30's table).

    .venv/bin/python bench/hook_latency.py [--facts 10000 100000] [--runs 15]

For each store size: N fact files written into a temporary state root, opened once (the catalog
and caches built, as a user's store is after its first use), then each command timed as a new
process, alternating with ``python -c pass`` so a drift of the machine's speed hits both. The
hook is fed a real UserPromptSubmit (or SessionStart) event on stdin and writes its injection
record, as Claude Code runs it. Prints p50 and p95 in ms, the margin over the floor's p95, and the
hook's peak resident size.
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
from context_center.engine.storage.paths import StorePaths

PROMPT = "why does the deploy cache timeout on the release branch after the migration?"


def timed(argv: list[str], stdin: str = "", env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr}")
    return elapsed


def peak_kb_of(argv: list[str], stdin: str, env: dict[str, str]) -> int:
    """The largest resident size of one run of ``argv`` (its own process, not this one)."""
    script = ("import resource, subprocess, sys; subprocess.run(sys.argv[2:], input=sys.argv[1], text=True, "
              "capture_output=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", script, stdin, *argv], capture_output=True, text=True,
                         env=env).stdout
    return int(out.strip() or 0)


def measure(size: int, runs: int, behind: bool = False, record: Results | None = None) -> None:
    with tempfile.TemporaryDirectory(prefix="cc-") as tmp:
        root, workspace = Path(tmp) / "state", Path(tmp) / "ws"
        (workspace / ".git").mkdir(parents=True)
        paths = StorePaths.create(root, workspace)
        # two facts the prompt recalls that dispute each other: recall names each beside the other
        disputed = [(f"deploy-cache-port-{n}", "Deploy cache timeout on the release branch after the migration",
                     f"The deploy cache timeout on the release branch after the migration: the deploy cache "
                     f"listens on port {port}.") for n, port in ((1, 6379), (2, 6380))]
        write_facts(paths, [*items(size), *disputed])
        runtime = Path(tmp) / "run"
        runtime.mkdir(mode=0o700)
        env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime)}
        alone = {**env, "CONTEXT_CENTER_SERVICE": "off"}
        base = [sys.executable, "-m", "context_center", "--state-root", str(root)]
        read = [*base, "--workspace", str(workspace)]
        started = time.perf_counter()
        timed([*read, "memory", "recall", PROMPT, "--json"], env=alone)   # the first use: catalog, caches, index
        first_use = time.perf_counter() - started
        (workspace / "CLAUDE.md").write_text("- Never use npm; use pnpm.\n- Do not edit files under src/generated/.\n")
        for source in ("CLAUDE.md:1", "CLAUDE.md:2"):   # both PreToolUse matchers, enforced
            timed([*read, "instructions", "enforce", source, "--agent", "claude-code", "--yes"], env=alone)
        started = time.perf_counter()
        timed([*base, "service", "start"], env=env)
        event = json.dumps({"session_id": "bench", "hook_event_name": "UserPromptSubmit", "cwd": str(workspace),
                            "prompt": PROMPT})
        timed([*base, "hook", "claude-code"], event, env=env)   # the service opens this store
        named = json.loads(subprocess.run([*read, "memory", "recall", PROMPT, "--json"], env=alone, text=True,
                                          capture_output=True).stdout)
        print("recalled with a dispute named:", sum(bool(hit.get("conflicts_with")) for hit in named["hits"]),
              "of", len(named["hits"]), "hits")
        print(f"\n== {size:,} facts; {runs} runs each, alternating with the floor; first use "
              f"{first_use:.1f} s; the service started and opened it in {time.perf_counter() - started:.1f} s ==")
        start_event = json.dumps({"session_id": "bench", "hook_event_name": "SessionStart", "cwd": str(workspace),
                                  "source": "startup"})
        def tool_event(tool: str, **given: str) -> str:
            return json.dumps({"session_id": "bench", "hook_event_name": "PreToolUse", "cwd": str(workspace),
                               "tool_name": tool, "tool_input": given})

        tool_hook = [*base, "hook", "claude-code", "--pre-tool-use"]
        commands = {
            "hook claude-code (UserPromptSubmit)": ([*base, "hook", "claude-code"], event, env),
            "hook --pre-tool-use (Bash, allowed)": (tool_hook, tool_event("Bash", command="pnpm test"), env),
            "hook --pre-tool-use (Bash, denied)": (tool_hook, tool_event("Bash", command="npm ci"), env),
            "hook --pre-tool-use (Edit, allowed)": (tool_hook, tool_event("Edit", file_path=str(workspace / "a.ts")),
                                                    env),
            "hook claude-code --session-start": ([*base, "hook", "claude-code", "--session-start"], start_event, env),
            "memory recall Q --json": ([*read, "memory", "recall", PROMPT, "--json"], "", env),
            "memory show REF --json": ([*read, "memory", "show", "fact-00042", "--json"], "", env),
            "memory session-context --json": ([*read, "memory", "session-context", "--json"], "", env),
            "memory --json (summary)": ([*read, "memory", "--json"], "", env),
            "memory list --json": ([*read, "memory", "list", "--json"], "", env),
            "hook, no service (its first call)": ([*base, "hook", "claude-code"], event, alone),
        }
        floor: list[float] = []
        results: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, (argv, stdin, environ) in commands.items():
                floor.append(timed([sys.executable, "-c", "pass"]))
                results[name].append(timed(argv, stdin, env=environ))
        floor_p95 = p95(floor)
        print(f"{'python -c pass (the floor)':40s} p50 {sorted(floor)[len(floor) // 2] * 1000:6.0f} ms   "
              f"p95 {floor_p95 * 1000:6.0f} ms")
        table = f"{size:,} facts"
        if record is not None:
            record.table(table, ["command", "p50 ms", "p95 ms", "floor p95 ms", "over the floor ms"],
                         note=f"{runs} runs each, alternating with python -c pass; the resident service running",
                         chart="p95 ms", reference="floor p95 ms")
        for name, samples in results.items():
            ordered = sorted(samples)
            print(f"{name:40s} p50 {ordered[len(ordered) // 2] * 1000:6.0f} ms   p95 {p95(samples) * 1000:6.0f} ms"
                  f"   floor + {(p95(samples) - floor_p95) * 1000:5.0f} ms")
            if record is not None:
                record.row(table, name, round(ordered[len(ordered) // 2] * 1000), round(p95(samples) * 1000),
                           round(floor_p95 * 1000), round((p95(samples) - floor_p95) * 1000))
        argv, stdin, environ = commands["hook claude-code (UserPromptSubmit)"]
        status = json.loads(subprocess.run([*base, "service", "status", "--json"], env=env, capture_output=True,
                                           text=True).stdout)
        print(f"hook peak resident size {peak_kb_of(argv, stdin, environ) / 1024:.0f} MB; the service "
              f"{status['resident_kb'] / 1024:.0f} MB; without it the hook peaks at "
              f"{peak_kb_of(argv, stdin, alone) / 1024:.0f} MB")
        if behind:
            hook_behind_a_list(commands["hook claude-code (UserPromptSubmit)"], read, env, alone, runs)
        subprocess.run([*base, "service", "stop"], env=env, capture_output=True)


def hook_behind_a_list(hook: tuple[list[str], str, dict[str, str]], read: list[str], env: dict[str, str],
                       alone: dict[str, str], runs: int) -> None:
    """The hook while another terminal runs ``memory list --json`` over and over: the list answered
    by the service (as it is routed) against the list in its own process (as if it were not)."""
    import threading

    argv, stdin, environ = hook
    for label, list_env in (("routed through the service", env), ("in its own process", alone)):
        stop = threading.Event()
        lists: list[float] = []

        def keep_listing(list_env: dict[str, str], stop: threading.Event, lists: list[float]) -> None:
            while not stop.is_set():
                lists.append(timed([*read, "memory", "list", "--json"], env=list_env))

        lister = threading.Thread(target=keep_listing, args=(list_env, stop, lists))
        lister.start()
        hooks = []
        for _ in range(runs):
            hooks.append(timed(argv, stdin, env=environ))
            time.sleep(0.05)
        stop.set()
        lister.join()
        ordered = sorted(hooks)
        print(f"hook while memory list runs {label:28s} p50 {ordered[len(ordered) // 2] * 1000:6.0f} ms   "
              f"p95 {p95(hooks) * 1000:6.0f} ms   max {ordered[-1] * 1000:6.0f} ms   "
              f"({len(lists)} lists, p50 {sorted(lists)[len(lists) // 2] * 1000:.0f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--behind-list", action="store_true",
                        help="also time the hook while `memory list` runs over and over, routed and not")
    parser.add_argument("--record", action="store_true", help="also write bench/results/hook_latency.json")
    args = parser.parse_args()
    record = Results("hook_latency", "The hooks and the read commands, as whole processes") if args.record else None
    for size in args.facts:
        measure(size, args.runs, args.behind_list, record)
    if record is not None:
        record.save()


if __name__ == "__main__":
    main()
