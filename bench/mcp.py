"""The MCP server: start time and memory_search over stdio, beside SQLite FTS5 on the same rows.

    .venv/bin/python bench/mcp.py [--sizes 1000 10000] [--queries 300] [--starts 7]

Memories are LoCoMo turns (one turn each; every tenth with a Chinese sentence), written as
agent memory files (promoted, categories spread over the built-ins, a third global), bound to
a project; queries are LoCoMo questions. Prints, per size: the server's start (spawn → the
``initialize`` answer) and its first answer (engine open + index), alternately as a process of its
own and forked from the resident service's warm zygote (the service started beforehand, as the
hook or ``service start`` starts it), memory_search p50/p95 through
the official client over stdio and in process, and FTS5 OR-queries on the same rows (LIMIT 50,
the search's cap). Budget: start well under 1 s; search p95 ≤ 2× FTS5 and < 50 ms
at 10,000.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio

from _results import Results
from _stores import fts5_times, load_locomo, percentiles, turns
from context_center.engine import open_agent_memory
from context_center.engine.clock import format_timestamp, now
from context_center.engine.memory.fact_file import render_fact
from context_center.engine.memory.fields import new_fact_id
from context_center.engine.records import Fact
from context_center.engine.storage.paths import StorePaths

CATEGORIES = ("decision", "instruction", "constraint", "mistake", "workflow", "preference")
CHINESE = ["部署到生产环境之前需要先运行数据库迁移", "项目使用 pnpm 管理依赖", "每次发布都从 release 分支切出",
           "接口超时的时候先检查缓存是否命中", "周五下午不要合并大的改动"]


def write_memories(paths: StorePaths, count: int) -> list[str]:
    bodies = [body for data in load_locomo() for _, body in turns(data)]
    stamp = format_timestamp(now())
    contents = []
    for scope in ("project", "global"):
        paths.memory_dir(scope).mkdir(parents=True, exist_ok=True)
    for i in range(count):
        content = " ".join(bodies[i % len(bodies)].split())
        if i % 10 == 0:
            content += " " + CHINESE[i % len(CHINESE)]
        scope = "global" if i % 3 == 0 else "project"
        fact = Fact(id=new_fact_id(), revision=1, name=f"memory-{i:06d}", title=content[:60], description=content,
                    type="project", scope=scope, body=content, created_at=stamp, updated_at=stamp,
                    activation="relevant", category=CATEGORIES[i % len(CATEGORIES)], status="promoted",
                    importance=0.5)
        (paths.memory_dir(scope) / f"{fact.name}.md").write_text(render_fact(fact), encoding="utf-8")
        contents.append(content)
    return contents


def server_command(root: Path, project: Path) -> tuple[str, list[str]]:
    return sys.executable, ["-m", "context_center", "--state-root", str(root), "mcp", "--project", str(project)]


async def over_stdio(root: Path, project: Path, queries: list[str], starts: int, runtime: Path) -> dict[str, object]:
    """Spawns alternate between a server of its own process (the service off) and one forked from
    the resident service's zygote (running in ``runtime``)."""
    # this file is bench/mcp.py: its folder must not shadow the SDK's ``mcp`` (nor reach the server)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    command, args = server_command(root, project)
    env = {**os.environ, "PYTHONPATH": _import_path(), "XDG_RUNTIME_DIR": str(runtime)}
    ways = {"own": {**env, "CONTEXT_CENTER_SERVICE": "off"}, "forked": {**env, "CONTEXT_CENTER_SERVICE": "on"}}
    start_times: dict[str, list[float]] = {way: [] for way in ways}
    first_answers: dict[str, list[float]] = {way: [] for way in ways}
    with open(os.devnull, "w") as quiet:
        for _ in range(starts):
            for way, way_env in ways.items():
                began = time.perf_counter()
                async with Client(stdio_client(StdioServerParameters(command=command, args=args, env=way_env),
                                               errlog=quiet)) as client:
                    start_times[way].append(time.perf_counter() - began)
                    await client.call_tool("memory_search", {"query": "warm up"})
                    first_answers[way].append(time.perf_counter() - began)
        async with Client(stdio_client(StdioServerParameters(command=command, args=args, env=env),
                                       errlog=quiet)) as client:
            await client.call_tool("memory_search", {"query": "warm up"})
            times, answered = [], 0
            for query in queries:
                t0 = time.perf_counter()
                result = await client.call_tool("memory_search", {"query": query})
                times.append(time.perf_counter() - t0)
                answered += not result.content[0].text.startswith("no matching memory")
    return {"starts": start_times, "first": first_answers, "times": times, "answered": answered}


def in_process(root: Path, project: Path, queries: list[str]) -> list[float]:
    service = open_agent_memory(root, project, "contract", use_judge=False)
    try:
        service.search({"query": "warm up"})
        times = []
        for query in queries:
            t0 = time.perf_counter()
            service.search({"query": query})
            times.append(time.perf_counter() - t0)
        return times
    finally:
        service.close()


CREATES = 60


def creates_in_process(root: Path, project: Path) -> list[float]:
    """memory_create, one after another, as an agent saving what it learnt: its cost must not grow
    with the store (issue #30: p95 within 1.5× between 100 and 10,000 memories)."""
    service = open_agent_memory(root, project, "contract", use_judge=False)
    try:
        times = []
        for i in range(CREATES):
            t0 = time.perf_counter()
            service.create({"content": f"Deploy number {i} of the billing worker waits {i * 7} s for the cache",
                            "category": CATEGORIES[i % len(CATEGORIES)]})
            times.append(time.perf_counter() - t0)
        return times
    finally:
        service.close()


def _import_path() -> str:
    """This process's import path for the processes it starts: its absolute entries (a relative one
    would be read from each process's own working folder)."""
    return os.pathsep.join(p for p in sys.path if os.path.isabs(p))


def _service(runtime: Path, root: Path, action: str) -> None:
    # started as the servers are (their import path included: a server is forked only for a caller
    # whose interpreter and path are the zygote's)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "CONTEXT_CENTER_SERVICE": "on",
           "PYTHONPATH": _import_path()}
    subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(root), "service", action],
                   env=env, check=True, capture_output=True)
    if action == "start":   # its zygote imports for a second or two: a first server meanwhile serves itself
        for _ in range(600):
            state = subprocess.run([sys.executable, "-m", "context_center", "service", "status", "--json"], env=env,
                                   capture_output=True, text=True)
            if (json.loads(state.stdout).get("mcp", {}).get("zygote") or {}).get("ready"):
                return
            time.sleep(0.1)
        raise SystemExit("the service's zygote did not get ready")


def run(size: int, queries: list[str], starts: int, record: Results | None = None) -> float:
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory(prefix="cc-", dir="/tmp") as runtime:
        os.chmod(runtime, 0o700)
        project = Path(tmp) / "project"
        project.mkdir()
        paths = StorePaths.create(Path(tmp) / "state", project)
        contents = write_memories(paths, size)
        in_process(paths.root, project, queries[:5])   # the catalog is built once, as a real store has it
        _service(Path(runtime), paths.root, "start")
        try:
            measured = anyio.run(over_stdio, paths.root, project, queries, starts, Path(runtime))
        finally:
            _service(Path(runtime), paths.root, "stop")
        local = in_process(paths.root, project, queries)
        created = creates_in_process(paths.root, project)
    fts = fts5_times(("content",), [(c,) for c in contents], queries, 50)
    start_times, first = measured["starts"], measured["first"]
    assert isinstance(start_times, dict) and isinstance(first, dict)
    s50, s95 = percentiles(measured["times"])  # type: ignore[arg-type]
    l50, l95 = percentiles(local)
    f50, f95 = percentiles(fts)
    print(f"\n== {size:,} memories, {len(queries)} queries ==")
    for way, said in (("own", "its own process"), ("forked", "forked by the service")):
        print(f"server start (spawn → initialize), {said:<21}  median {statistics.median(start_times[way]):.2f} s"
              f"   max {max(start_times[way]):.2f} s   ({starts} starts; budget: well under 1 s)")
        print(f"first memory_search answer,        {said:<21}  median {statistics.median(first[way]):.2f} s"
              f"   max {max(first[way]):.2f} s   (goal ≤ 0.50 s at 10,000, forked)")
    print(f"memory_search over stdio   p50 {s50:7.2f} ms   p95 {s95:7.2f} ms   "
          f"({measured['answered']} of {len(queries)} found something)")
    print(f"memory_search in process   p50 {l50:7.2f} ms   p95 {l95:7.2f} ms")
    print(f"FTS5 (OR query, LIMIT 50)  p50 {f50:7.2f} ms   p95 {f95:7.2f} ms")
    print(f"stdio p95 / FTS5 p95 = {s95 / f95:.2f}  (budget ≤ 2.00, and p95 < 50 ms at 10,000)")
    c50, c95 = percentiles(created)
    print(f"memory_create in process  p50 {c50:7.2f} ms   p95 {c95:7.2f} ms   ({CREATES} in a row)")
    if record is not None:
        table = f"{size:,} memories"
        record.table(table, ["what", "p50 ms", "p95 ms", "FTS5 p95 ms", "÷ FTS5 p95"],
                     note=f"{len(queries)} LoCoMo questions; FTS5: an OR of the query's words, LIMIT 50; server start "
                          f"(spawn to initialize) median {statistics.median(start_times['forked']):.2f} s forked by "
                          f"the service, {statistics.median(start_times['own']):.2f} s as a process of its own; first "
                          f"answer {statistics.median(first['forked']):.2f} s and "
                          f"{statistics.median(first['own']):.2f} s", chart="p95 ms", reference="FTS5 p95 ms")
        for name, p50, p95 in (("memory_search over stdio", s50, s95), ("memory_search in process", l50, l95),
                               ("SQLite FTS5", f50, f95)):
            record.row(table, name, round(p50, 2), round(p95, 2), round(f95, 2), round(p95 / f95, 2))
    return c95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--starts", type=int, default=7)
    parser.add_argument("--record", action="store_true", help="also write bench/results/mcp.json")
    args = parser.parse_args()
    record = Results("mcp", "The MCP server: start and memory_search beside SQLite FTS5") \
        if args.record else None
    questions = [q["question"] for data in load_locomo() for q in data["qa"] if q.get("category") != 5]
    queries = random.Random(7).sample(questions, min(args.queries, len(questions)))
    creates = {size: run(size, queries, args.starts, record) for size in args.sizes}
    smallest, largest = min(creates), max(creates)
    if smallest != largest:
        print(f"\nmemory_create p95 at {largest:,} / at {smallest:,} memories = "
              f"{creates[largest] / creates[smallest]:.2f}  (goal ≤ 1.50)")
    if record is not None:
        record.save()


if __name__ == "__main__":
    main()
