"""Search quality on LoCoMo without tuning to the sample: leave-one-conversation-out.

    .venv/bin/python bench/locomo_cv.py [--grid small|full]

For each conversation held out, the parameters of explicit search (BM25 k1 and b, the
feedback's docs, terms and weight; search.SearchParameters) are chosen on the other
conversations — the best recall_any@10 over their questions together, MRR breaking ties —
and that choice is scored on the held-out one. Printed: the held-out figures (mean over
the questions of all folds, each judged by parameters that never saw it) beside the dev
figure of the shipped parameters on all conversations, the best any grid point reaches
on all of them (what tuning to the sample would show) and the plain-BM25 baseline of
../shared/bench/README.md. The same search code as ``engine.search`` runs
(``SearchService`` over a Whoosh index of the turns, written as bench/locomo.py writes them).
"""
from __future__ import annotations

import argparse
import itertools
import tempfile
import time
from pathlib import Path

from _results import Results
from _stores import fact_name, load_locomo, turn_dates, turns
from context_center.engine.memory.fields import new_fact_id
from context_center.engine.records import Fact, Snapshot
from context_center.engine.search.service import SearchParameters, SearchService
from locomo import PlainBM25

LIMIT = 10


def grid(size: str) -> list[SearchParameters]:
    full = size == "full"
    k1s, bs = ((0.6, 0.9, 1.2, 1.6), (0.2, 0.3, 0.5, 0.75)) if full else ((0.9, 1.2), (0.3, 0.75))
    floors = (0.15, 0.05) if full else (0.15,)
    feedback = [dict(feedback_weight=0.0)]
    feedback += [dict(feedback_weight=w, feedback_docs=d, feedback_terms=t)
                 for w in ((0.3, 0.6, 1.0) if full else (0.3, 0.6)) for d, t in ((3, 10), (5, 20))]
    return [SearchParameters(k1=k1, b=b, relative_floor=floor, **f)
            for k1, b, floor, f in itertools.product(k1s, bs, floors, feedback)]


def conversation_facts(conversation: dict) -> list[Fact]:
    """A fact per turn, written on its session's date (as bench/locomo.py writes them)."""
    dates = turn_dates(conversation)
    return [Fact(id=new_fact_id(), revision=1, name=fact_name(dia), title=dia, description="", type="project",
                 scope="project", body=body, created_at=dates[dia], updated_at=dates[dia], activation="relevant")
            for dia, body in turns(conversation)]


def questions_of(conversation: dict) -> list[tuple[str, set[str]]]:
    return [(q["question"], {fact_name(e) for e in q["evidence"]})
            for q in conversation["qa"] if q.get("category") != 5 and q.get("evidence")]


def first_ranks(service: SearchService, snapshot: Snapshot, questions: list[tuple[str, set[str]]]) -> list[int]:
    """Per question, the rank (1-based) of the first evidence turn among the first LIMIT, 0 for none."""
    ranks = []
    for question, gold in questions:
        names = [hit.fact.name for hit in service.search(question, snapshot, LIMIT).hits]
        ranks.append(next((i for i, name in enumerate(names, 1) if name in gold), 0))
    return ranks


def metrics(ranks: list[int]) -> tuple[float, float, float]:
    n = len(ranks) or 1
    return (sum(0 < r <= 5 for r in ranks) / n, sum(0 < r <= 10 for r in ranks) / n,
            sum(1 / r for r in ranks if r) / n)


def label(p: SearchParameters) -> str:
    feedback = (f"feedback {p.feedback_weight} × {p.feedback_terms} words of {p.feedback_docs}"
                if p.feedback_weight else "no feedback")
    return f"k1 {p.k1}, b {p.b}, floor {p.relative_floor}, {feedback}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grid", choices=("small", "full"), default="full")
    parser.add_argument("--record", action="store_true", help="also write bench/results/locomo_cv.json")
    args = parser.parse_args()
    data = load_locomo()
    points = grid(args.grid)
    shipped = SearchParameters()
    if shipped not in points:
        points.append(shipped)
    start = time.perf_counter()
    # ranks[point][conversation] = first-evidence ranks of that conversation's questions
    ranks: dict[SearchParameters, list[list[int]]] = {p: [] for p in points}
    baseline: list[list[int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for number, conversation in enumerate(data):
            facts = conversation_facts(conversation)
            snapshot = Snapshot(facts=tuple(facts))
            questions = questions_of(conversation)
            folder = Path(tmp) / str(number)
            SearchService(folder).sync(snapshot)   # one Whoosh index per conversation, read by every point
            for point in points:
                service = SearchService(folder, point)
                ranks[point].append(first_ranks(service, snapshot, questions))
                service.close()
            plain = PlainBM25({f.name: f.body for f in facts})
            baseline.append([next((i for i, key in enumerate(plain.search(q, LIMIT), 1) if key in gold), 0)
                             for q, gold in questions])
    elapsed = time.perf_counter() - start

    def pooled(point: SearchParameters, keep: list[int]) -> list[int]:
        return [r for c in keep for r in ranks[point][c]]

    folds = range(len(data))
    held_out: list[int] = []
    print(f"LoCoMo dev: {len(data)} conversations, {sum(len(r) for r in baseline)} questions, "
          f"{len(points)} parameter sets; {elapsed:.0f} s")
    print("leave one conversation out: chosen on the other four, scored on the one left out")
    for held in folds:
        train = [c for c in folds if c != held]
        best = max(points, key=lambda p: metrics(pooled(p, train))[1:])
        held_out += ranks[best][held]
        r5, r10, mrr = metrics(ranks[best][held])
        print(f"  conversation {held + 1}: {label(best):58s} held-out r@5 {r5:.3f}  r@10 {r10:.3f}  MRR {mrr:.3f}")
    every = list(folds)
    tuned = max(points, key=lambda p: metrics(pooled(p, every))[1:])
    rows = [("plain BM25 (README baseline)", [r for c in baseline for r in c]),
            ("held-out (leave one conversation out)", held_out),
            (f"dev, shipped ({label(shipped)})", pooled(shipped, every)),
            (f"dev, best on all five ({label(tuned)})", pooled(tuned, every))]
    print(f"{'system':78s} {'recall_any@5':>13s} {'recall_any@10':>14s} {'MRR':>7s}")
    record = Results("locomo_cv", "Search quality on LoCoMo, held out") if args.record else None
    table = "recall_any@10, leave one conversation out"
    if record is not None:
        record.table(table, ["system", "recall_any@5", "recall_any@10", "MRR", "plain BM25 recall_any@10"],
                     note=f"{len(data)} conversations of the LoCoMo sample, {sum(len(r) for r in baseline)} questions, "
                          f"{len(points)} parameter sets; held out: chosen on the other conversations, scored on "
                          "the one left out (goal ≥ 0.72)", chart="recall_any@10",
                     reference="plain BM25 recall_any@10")
    plain_r10 = metrics(rows[0][1])[1]
    for name, rows_ranks in rows:
        r5, r10, mrr = metrics(rows_ranks)
        print(f"{name:78s} {r5:13.3f} {r10:14.3f} {mrr:7.3f}")
        if record is not None:
            record.row(table, name, round(r5, 3), round(r10, 3), round(mrr, 3), round(plain_r10, 3))
    if record is not None:
        record.save()


if __name__ == "__main__":
    main()
