"""Whether the meaning leg of search helps, and what it costs: BM25 alone beside BM25 fused with it.

    .venv/bin/pip install -e '.[semantic]'
    .venv/bin/python bench/semantic.py [--cache DIR] [--skip-locomo] [--speed-facts 10000]

Quality, with the same search code as ``engine.search`` (``SearchService`` over a Whoosh index,
and the meaning leg's vectors of the same facts):

- LoCoMo (../shared/bench/README.md; five conversations, each turn a fact): recall_any@10 of BM25
  alone and fused. The fusion's weight is chosen leave-one-conversation-out among a few (the
  held-out figure: each conversation judged by the weight the other four chose), beside the
  shipped weight on all five.
- Chinese questions (``tests/data/semantic_zh/``: 100 questions over 184 facts, 84 of them
  distractors, written by a session that had not read the code; most questions paraphrase their
  fact): the answer's rank, recall@1/@5/@10 per kind of question.

Speed: embedding a fact and a query (ms, this machine), and explicit search p50/p95 at
``--speed-facts`` LoCoMo turns with and without the leg, beside SQLite FTS5 on the same facts.
Vectors are kept in ``--cache`` (default: a temporary folder), so a second run embeds nothing.
"""
from __future__ import annotations

import argparse
import itertools
import json
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from _results import Results
from _stores import fts5_times, load_locomo, percentiles, turns
from context_center.engine.records import Fact, Snapshot
from context_center.engine.search.service import SearchParameters, SearchService
from context_center.engine.semantic import fusion
from context_center.engine.semantic.meaning import MeaningLeg
from context_center.engine.semantic.model import embedder, leg
from locomo_cv import conversation_facts, questions_of

ROOT = Path(__file__).resolve().parents[1]
CHINESE = ROOT / "tests" / "data" / "semantic_zh"
WEIGHTS = (0.0, 0.2, 0.35, 0.5, 0.7)


def _ranked(service: SearchService, snapshot: Snapshot, question: str) -> list[str]:
    return [hit.fact.name for hit in service.search(question, snapshot, 10).hits]


def _services(folder: Path, meaning: MeaningLeg, weights: tuple[float, ...]) -> dict[float, SearchService]:
    """One search per weight over the same index and vectors (0: words alone)."""
    return {w: SearchService(folder, SearchParameters(meaning_weight=w), meaning=meaning if w else None)
            for w in weights}


def locomo(cache: Path, record: Results | None = None) -> None:
    shipped = fusion.WEIGHT
    hits: dict[float, list[list[bool]]] = {w: [] for w in WEIGHTS}
    started = time.perf_counter()
    embedded = 0
    for number, conversation in enumerate(load_locomo()):
        # ids fixed by the turn, so the vectors kept in --cache are found again by a second run
        facts = [replace(f, id=f"mem-locomo{number}-{f.name}") for f in conversation_facts(conversation)]
        snapshot = Snapshot(facts=tuple(facts))
        meaning = MeaningLeg(cache / f"locomo-{number}.npz")
        embedded += meaning.update(facts)
        services = _services(cache / f"locomo-index-{number}", meaning, WEIGHTS)
        questions = questions_of(conversation)
        for weight, service in services.items():
            hits[weight].append([bool(set(_ranked(service, snapshot, q)) & gold) for q, gold in questions])
            service.close()
    elapsed = time.perf_counter() - started

    def rate(weight: float, folds: list[int]) -> float:
        pooled = [h for c in folds for h in hits[weight][c]]
        return sum(pooled) / len(pooled)

    folds = list(range(len(hits[0.0])))
    held: list[bool] = []
    choices = []
    for fold in folds:
        best = max(WEIGHTS, key=lambda w: rate(w, [c for c in folds if c != fold]))
        choices.append(best)
        held += hits[best][fold]
    print(f"LoCoMo: {len(folds)} conversations, {sum(len(h) for h in hits[0.0]):,} questions; "
          f"{embedded:,} turns embedded in this run; {elapsed:.0f} s")
    print(f"  recall_any@10  BM25 alone {rate(0.0, folds):.3f}   fused, weight {shipped} (shipped) "
          f"{rate(shipped, folds):.3f}   held-out (weight chosen on the other four: {choices}) "
          f"{sum(held) / len(held):.3f}")
    print("  by weight on all five: " + ", ".join(f"{w}: {rate(w, folds):.3f}" for w in WEIGHTS))
    if record is not None:
        record.row("quality", "LoCoMo recall_any@10 (760 questions)", round(rate(0.0, folds), 3),
                   round(sum(held) / len(held), 3))


def chinese(cache: Path, record: Results | None = None) -> None:
    facts_data = [json.loads(line) for line in (CHINESE / "facts.jsonl").read_text(encoding="utf-8").splitlines()
                  if line.strip()]
    questions = [json.loads(line) for line in (CHINESE / "questions.jsonl").read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    facts = [Fact(id=f"mem-zh-{item['id']}", revision=1, name=item["id"], title="", description="", type="project",
                  scope="project", body=item["text"], created_at="2026-12-01T00:00:00Z",
                  updated_at="2026-12-01T00:00:00Z", activation="relevant") for item in facts_data]
    snapshot = Snapshot(facts=tuple(facts))
    meaning = MeaningLeg(cache / "chinese.npz")
    meaning.update(facts)
    services = _services(cache / "chinese-index", meaning, (0.0, fusion.WEIGHT))
    print(f"Chinese questions: {len(questions)} over {len(facts)} facts ({CHINESE.relative_to(ROOT)})")
    found: dict[float, list[tuple[str, int]]] = {}
    for weight, name in ((0.0, "BM25 alone"), (fusion.WEIGHT, f"fused ({fusion.WEIGHT})")):
        ranks = []
        for item in questions:
            names = _ranked(services[weight], snapshot, item["question"])
            ranks.append((item["kind"], names.index(item["answer"]) + 1 if item["answer"] in names else 0))
        found[weight] = ranks
        row = []
        for kind in ("all", "paraphrase", "keyword", "mixed"):
            mine = [r for k, r in ranks if kind in ("all", k)]
            row.append(f"{kind} ({len(mine)}) " + "/".join(f"{sum(0 < r <= k for r in mine) / len(mine):.2f}"
                                                           for k in (1, 5, 10)))
        print(f"  {name:14s} recall@1/@5/@10: " + ";  ".join(row))
    for service in services.values():
        service.close()
    if record is not None:
        for k in (1, 10):
            for kind in ("all", "paraphrase"):
                mine = {w: [r for kd, r in ranks if kind in ("all", kd)] for w, ranks in found.items()}
                record.row("quality", f"Chinese recall@{k}, {kind} ({len(mine[0.0])} questions)",
                           *(round(sum(0 < r <= k for r in mine[w]) / len(mine[w]), 2) for w in (0.0, fusion.WEIGHT)))


def speed(cache: Path, size: int, record: Results | None = None) -> None:
    model = embedder()
    assert model is not None
    data = load_locomo()
    every = [body for conversation in data for _, body in turns(conversation)]
    bodies = list(itertools.islice(itertools.cycle(every), size))   # LoCoMo's turns, again as needed
    facts = [Fact(id=f"mem-speed-{n}", revision=1, name=f"t{n}", title="", description="", type="project",
                  scope="project", body=body, created_at="2026-12-01T00:00:00Z", updated_at="2026-12-01T00:00:00Z",
                  activation="relevant") for n, body in enumerate(bodies)]
    queries = [q["question"] for conversation in data for q in conversation["qa"]][:200]
    one = [time.perf_counter()]
    for text in bodies[:50]:
        model.passages([text])
        one.append(time.perf_counter())
    per_fact = statistics.median(b - a for a, b in zip(one, one[1:])) * 1000
    query_times = []
    for query in queries[:100]:
        started = time.perf_counter()
        model.query(query)
        query_times.append(time.perf_counter() - started)
    q50, q95 = percentiles(query_times)
    print(f"Embedding, one thread: a fact {per_fact:.1f} ms (median of 50), a query p50 {q50:.1f} ms, "
          f"p95 {q95:.1f} ms; {size:,} facts ≈ {per_fact * size / 60000:.1f} min in the background")
    snapshot = Snapshot(facts=tuple(facts))
    meaning = MeaningLeg(cache / f"speed-{size}.npz")
    started = time.perf_counter()
    made = meaning.update(facts)
    if made:
        print(f"  embedded {made:,} facts in {time.perf_counter() - started:.0f} s")
    words = SearchService(cache / f"speed-index-{size}")
    both = SearchService(cache / f"speed-index-{size}", meaning=meaning)
    words.sync(snapshot)
    both.sync(snapshot)
    timings: dict[str, tuple[float, float]] = {}
    for name, service in (("BM25 alone", words), ("BM25 + meaning", both)):
        times = []
        for query in queries:
            started = time.perf_counter()
            service.search(query, snapshot, 8)
            times.append(time.perf_counter() - started)
        p50, p95 = percentiles(times)
        timings[name] = (p50, p95)
        print(f"  search at {size:,} facts, {name:15s} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms")
    fts = fts5_times(("name", "title", "body"), [(f.name, "", f.body) for f in facts], queries, 8)
    f50, f95 = percentiles(fts)
    if record is not None:
        table = f"search at {size:,} facts"
        record.table(table, ["what", "p50 ms", "p95 ms", "FTS5 p95 ms"], chart="p95 ms", reference="FTS5 p95 ms",
                     note=f"embedding a fact {per_fact:.0f} ms, a query p50 {q50:.0f} ms (one thread)")
        for name, (p50, p95) in timings.items():
            record.row(table, name, round(p50, 2), round(p95, 2), round(f95, 2))
        record.row(table, "SQLite FTS5", round(f50, 2), round(f95, 2), round(f95, 2))
    print(f"  FTS5 on the same facts           p50 {f50:6.2f} ms   p95 {f95:6.2f} ms (OR query, bm25, LIMIT 8)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, help="keep the vectors here (a second run embeds nothing)")
    parser.add_argument("--skip-locomo", action="store_true")
    parser.add_argument("--speed-facts", type=int, default=10_000, help="0: no speed figures")
    parser.add_argument("--record", action="store_true", help="also write bench/results/semantic.json")
    args = parser.parse_args()
    state = leg()
    print(f"meaning leg: {state.describe()}")
    if not state.on:
        return
    record = Results("semantic", "Search's meaning leg beside words alone") \
        if args.record else None
    if record is not None:
        record.table("quality", ["what", "words alone", "words and meaning"],
                     note="LoCoMo: the fusion's weight chosen on the other four conversations for each; Chinese: "
                          "tests/data/semantic_zh, written by a session that had not read the code")
    with tempfile.TemporaryDirectory() as tmp:
        cache = args.cache or Path(tmp)
        cache.mkdir(parents=True, exist_ok=True)
        chinese(cache, record)
        if not args.skip_locomo:
            locomo(cache, record)
        if args.speed_facts:
            speed(cache, args.speed_facts, record)
    if record is not None:
        record.save()


if __name__ == "__main__":
    main()
