"""Recall and search speed on stores of natural text, beside SQLite FTS5 on the same facts.

    .venv/bin/python bench/recall.py [--sizes 1000 10000] [--queries 300] [--cache DIR]

With ``--cache DIR`` the stores are written to ``DIR/<size>`` once and reused by later runs
(the cold figures are then those of the run that built them; later runs print them as cached).

Facts are LoCoMo turns (three consecutive turns each, every tenth with a Chinese
sentence), written as files; queries are LoCoMo questions. Prints, per size: the
cold open (catalog built from the files), the cold Whoosh build (with progress), the
first recall (which builds and saves the recall index), the warm open of an unchanged
state root used before (to the first recall), automatic recall
and explicit search p50/p95, and FTS5 OR-queries on the same facts and queries.
"""
from __future__ import annotations

import argparse
import random
import re
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import fts5_times, load_locomo, percentiles, turns, write_facts
from context_center.engine import open_engine
from context_center.engine.storage.paths import StorePaths

CHINESE = ["部署到生产环境之前需要先运行数据库迁移", "项目使用 pnpm 管理依赖，不要提交 npm 的锁文件",
           "每次发布都从 release 分支切出", "接口超时的时候先检查缓存是否命中", "以后请始终用中文回复",
           "周五下午不要合并大的改动", "测试覆盖率低于八十就不能合并", "日志里不能出现用户的邮箱地址"]


def build_items(count: int) -> list[tuple[str, str, str]]:
    all_turns = [body for data in load_locomo() for _, body in turns(data)]
    items = []
    for i in range(count):
        start = (i * 7) % (len(all_turns) - 3)
        body = " ".join(all_turns[start:start + 3])
        if i % 10 == 0:
            body += " " + CHINESE[i % len(CHINESE)] + "。"
        title = " ".join(re.findall(r"[A-Za-z]+", all_turns[start])[:6]) or f"fact {i}"
        items.append((f"fact-{i:06d}", title, body))
    return items


def run(size: int, queries: list[str], cache: Path | None, record: Results | None = None) -> None:
    items = build_items(size)
    with tempfile.TemporaryDirectory() as tmp:
        folder = cache / str(size) if cache else Path(tmp)
        built = (folder / "built").exists()
        paths = StorePaths.create(folder / "state", folder)
        cold_open = cold_build = cold_recall = float("nan")
        progress_calls: list[int] = []
        if not built:
            write_facts(paths, items)
            start = time.perf_counter()
            with open_engine(state_root=paths.root, workspace=paths.workspace) as engine:
                cold_open = time.perf_counter() - start
                start = time.perf_counter()
                engine.sync_search_index(lambda done, total: progress_calls.append(done))
                cold_build = time.perf_counter() - start
                start = time.perf_counter()
                engine.recall("the first recall builds and saves the recall index", record=False)
                cold_recall = time.perf_counter() - start
            if cache:
                (folder / "built").write_text(f"{cold_open:.2f} {cold_build:.2f} {len(progress_calls)} "
                                              f"{cold_recall:.2f}\n")

        start = time.perf_counter()
        with open_engine(state_root=paths.root, workspace=paths.workspace) as engine:
            engine.recall("warm up the index", record=False)
            warm_open = time.perf_counter() - start
            recall_times, hits = [], 0
            for query in queries:
                t0 = time.perf_counter()
                result = engine.recall(query, record=False)
                recall_times.append(time.perf_counter() - t0)
                hits += bool(result.hits)
            t0 = time.perf_counter()
            engine.search("warm up", limit=8)
            first_search = time.perf_counter() - t0
            search_times = []
            for query in queries:
                t0 = time.perf_counter()
                engine.search(query, limit=8)
                search_times.append(time.perf_counter() - t0)
        fts = fts5_times(("name", "title", "body"), items, queries, 4)

    r50, r95 = percentiles(recall_times)
    s50, s95 = percentiles(search_times)
    f50, f95 = percentiles(fts)
    print(f"\n== {size:,} facts, {len(queries)} queries ==")
    if built:
        print(f"cold open and Whoosh build: cached in {folder} (when built: {(folder / 'built').read_text().strip()})")
    else:
        print(f"cold open (catalog from files)   {cold_open:8.2f} s")
        print(f"cold Whoosh build                {cold_build:8.2f} s   ({len(progress_calls)} progress reports)")
        print(f"first recall (index built, saved){cold_recall:8.2f} s")
    print(f"warm open to first recall        {warm_open:8.2f} s   (an unchanged state root, used before; "
          f"goal ≤ {1.5 if size <= 10_000 else 4} s)")
    print(f"recall   p50 {r50:7.2f} ms   p95 {r95:7.2f} ms   ({hits} of {len(queries)} turns recalled something)")
    print(f"first search {first_search * 1000:7.2f} ms   (opens the searcher, reads the postings it needs)")
    print(f"search   p50 {s50:7.2f} ms   p95 {s95:7.2f} ms   (Whoosh index, its BM25F scored with NumPy, feedback)")
    print(f"FTS5     p50 {f50:7.2f} ms   p95 {f95:7.2f} ms   (OR query, bm25, LIMIT 4)")
    print(f"recall p95 / FTS5 p95 = {r95 / f95:.2f}   search p95 / FTS5 p95 = {s95 / f95:.2f} (goal ≤ 2)")
    if record is not None:
        table = f"{size:,} facts"
        record.table(table, ["what", "p50 ms", "p95 ms", "FTS5 p95 ms", "÷ FTS5 p95"],
                     note=f"{len(queries)} LoCoMo questions; FTS5: an OR of the query's words, bm25, LIMIT 4; "
                          f"warm open to the first recall {warm_open:.2f} s", chart="p95 ms", reference="FTS5 p95 ms")
        for name, p50, p95 in (("recall", r50, r95), ("search", s50, s95), ("SQLite FTS5", f50, f95)):
            record.row(table, name, round(p50, 2), round(p95, 2), round(f95, 2), round(p95 / f95, 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--cache", type=Path, help="build each store here once and reuse it")
    parser.add_argument("--record", action="store_true", help="also write bench/results/recall.json")
    args = parser.parse_args()
    questions = [q["question"] for data in load_locomo() for q in data["qa"] if q.get("category") != 5]
    queries = random.Random(7).sample(questions, min(args.queries, len(questions)))
    record = Results("recall", "Recall and search beside SQLite FTS5") \
        if args.record else None
    for size in args.sizes:
        run(size, queries, args.cache, record)
    if record is not None:
        record.save()


if __name__ == "__main__":
    main()
