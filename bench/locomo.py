"""Search quality on LoCoMo (../shared/bench/README.md): turn-level recall_any@5/@10 and MRR.

    .venv/bin/python bench/locomo.py [--record]

Each turn of a conversation becomes one fact, written on its session's date; each
question (category 5, adversarial, left out) is searched with `engine.search`; a hit at k
is any evidence turn among the first k results. The plain-BM25 baseline of the README
(lowercase alphanumeric, stopwords removed, k1 = 1.5, b = 0.75) runs on the same facts and
questions.
This is the dev figure of the shipped parameters on all five conversations; how they were
chosen, and the held-out (leave-one-conversation-out) figures, are in bench/locomo_cv.py.
"""
from __future__ import annotations

import argparse
import math
import re
import tempfile
import time
from collections import Counter
from pathlib import Path

from _results import Results
from _stores import fact_name, load_locomo, turn_dates, turns, write_facts
from context_center.engine import open_engine
from context_center.engine.storage.paths import StorePaths
from context_center.engine.text.analysis import ENGLISH_STOPWORDS

K = (5, 10)


class PlainBM25:
    def __init__(self, docs: dict[str, str], k1: float = 1.5, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tf = {key: Counter(self.tokens(text)) for key, text in docs.items()}
        self.length = {key: sum(c.values()) for key, c in self.tf.items()}
        self.avg = sum(self.length.values()) / len(self.length)
        self.df = Counter(t for c in self.tf.values() for t in c)

    @staticmethod
    def tokens(text: str) -> list[str]:
        return [t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in ENGLISH_STOPWORDS]

    def search(self, query: str, limit: int) -> list[str]:
        n = len(self.tf)
        scores: Counter = Counter()
        for term in set(self.tokens(query)):
            df = self.df.get(term)
            if not df:
                continue
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            for key, counts in self.tf.items():
                tf = counts.get(term)
                if tf:
                    norm = self.k1 * (1 - self.b + self.b * self.length[key] / self.avg)
                    scores[key] += idf * tf * (self.k1 + 1) / (tf + norm)
        return [key for key, _ in scores.most_common(limit)]


def evaluate(ranked_lists: list[tuple[list[str], set[str]]]) -> dict[str, float]:
    out = {}
    for k in K:
        out[f"recall_any@{k}"] = sum(bool(set(r[:k]) & gold) for r, gold in ranked_lists) / len(ranked_lists)
    rr = []
    for ranked, gold in ranked_lists:
        rank = next((i for i, key in enumerate(ranked, 1) if key in gold), None)
        rr.append(1 / rank if rank else 0.0)
    out["MRR"] = sum(rr) / len(rr)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="also write bench/results/locomo.json")
    args = parser.parse_args()
    data = load_locomo()
    ours: list[tuple[list[str], set[str]]] = []
    baseline: list[tuple[list[str], set[str]]] = []
    facts_total = 0
    start = time.perf_counter()
    for conversation in data:
        items = [(fact_name(dia), dia, body) for dia, body in turns(conversation)]
        facts_total += len(items)
        questions = [q for q in conversation["qa"] if q.get("category") != 5 and q.get("evidence")]
        plain = PlainBM25({name: body for name, _, body in items})
        with tempfile.TemporaryDirectory() as tmp:
            paths = StorePaths.create(Path(tmp) / "state", Path(tmp))
            dates = turn_dates(conversation)
            write_facts(paths, [(name, title, body) for name, title, body in items],
                        created={name: dates[dia] for name, dia, _ in items})
            with open_engine(state_root=paths.root, workspace=paths.workspace) as engine:
                for q in questions:
                    gold = {f"project/{fact_name(e)}.md" for e in q["evidence"]}
                    hits = engine.search(q["question"], limit=10).hits
                    ours.append(([h.ref for h in hits], gold))
                    baseline.append(([f"project/{key}.md" for key in plain.search(q["question"], 10)], gold))
    elapsed = time.perf_counter() - start
    print(f"LoCoMo dev: {len(data)} conversations, {facts_total} facts, {len(ours)} questions "
          f"(category 5 left out); {elapsed:.1f} s")
    print(f"{'system':34s} {'recall_any@5':>13s} {'recall_any@10':>14s} {'MRR':>7s}")
    record = Results("locomo", "Search quality on LoCoMo, all five conversations (the dev figure)") \
        if args.record else None
    table = "recall_any@k and MRR; the parameters were chosen on these conversations (held out: locomo_cv)"
    if record:
        record.table(table, ["system", "recall_any@5", "recall_any@10", "MRR", "plain BM25 recall_any@10"],
                     chart="recall_any@10", reference="plain BM25 recall_any@10")
    plain = evaluate(baseline)
    for label, rows in (("plain BM25 (README baseline)", baseline), ("engine.search (Context Center)", ours)):
        m = evaluate(rows)
        print(f"{label:34s} {m['recall_any@5']:13.3f} {m['recall_any@10']:14.3f} {m['MRR']:7.3f}")
        if record:
            record.row(table, label, round(m["recall_any@5"], 3), round(m["recall_any@10"], 3), round(m["MRR"], 3),
                       round(plain["recall_any@10"], 3))
    if record:
        record.save()


if __name__ == "__main__":
    main()
