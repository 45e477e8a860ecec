"""BM25's ranking and the meaning leg's, fused by reciprocal rank.

Each leg's first :data:`DEPTH` facts count ``weight × (RANK_K + 1) / (RANK_K + rank)`` (a leg's
first fact counts its weight): words 1, meaning :data:`WEIGHT`. A fact both legs found rises; a
fact only the meaning leg found is kept only when it is at least :data:`MIN_COSINE` near the
query (any query has nearest facts, most of them unrelated). Chosen on LoCoMo
(``bench/semantic.py``): leave one conversation out, four folds of five chose 0.35 and one 0.2;
the cosine floor left 0.14 meaning-only facts a page instead of 0.52, for 0.001 of recall.
"""
from __future__ import annotations

DEPTH = 20
RANK_K = 60
WEIGHT = 0.35
MIN_COSINE = 0.84
WORDS, MEANING = "words", "meaning"


def fuse(words: list[str], meaning: list[tuple[str, float]], weight: float = WEIGHT,
         min_cosine: float = MIN_COSINE) -> list[tuple[str, float, tuple[str, ...]]]:
    """(key, fused score, the legs that found it), best first; ``words``: keys in BM25's order,
    ``meaning``: (key, cosine) nearest first."""
    scores: dict[str, float] = {}
    legs: dict[str, list[str]] = {}
    for rank, key in enumerate(words[:DEPTH], 1):
        scores[key] = scores.get(key, 0.0) + (RANK_K + 1) / (RANK_K + rank)
        legs.setdefault(key, []).append(WORDS)
    for rank, (key, cosine) in enumerate(meaning[:DEPTH], 1):
        if key in scores or cosine >= min_cosine:
            scores[key] = scores.get(key, 0.0) + weight * (RANK_K + 1) / (RANK_K + rank)
            legs.setdefault(key, []).append(MEANING)
    order = sorted(scores, key=lambda key: -scores[key])
    return [(key, scores[key], tuple(legs[key])) for key in order]
