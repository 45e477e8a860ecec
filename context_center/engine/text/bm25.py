"""BM25, written once. The recall index (its postings in NumPy arrays, :mod:`..recall.recall_index`)
and the search index (Whoosh's postings, :mod:`..search.postings`) both score with it, each with
its own weights: recall ``k1 = 1.2, b = 0.75``; search ``k1 = 0.6, b = 0.2`` (facts are short: their
length says little), with a fact's head words counting twice.

    score(term, doc) = idf(term) × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average length))
    idf(term)        = ln(1 + (N − df + 0.5) / (df + 0.5))

The idf is BM25's, not Whoosh's classic ``ln(N / (df + 1)) + 1``, which over-rewards common words.
Every function takes plain numbers or NumPy arrays alike.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


def idf(count: int, df: int) -> float:
    """How much a term that ``df`` of ``count`` documents hold tells (never negative)."""
    return math.log(1 + (count - df + 0.5) / (df + 0.5))


@dataclass(frozen=True)
class BM25:
    k1: float   # how soon a term's repeats stop counting
    b: float    # how much a long document is discounted

    def norm(self, lengths: Any, average: float) -> Any:
        """Each document's ``k1 × (1 − b + b × length / average length)``."""
        return self.k1 * ((1 - self.b) + self.b * lengths / (average or 1.0))

    def scores(self, tf: Any, norm: Any, term_idf: float) -> Any:
        """A term's score in each document that holds it ``tf`` times (``norm``: :meth:`norm`)."""
        return term_idf * tf * (self.k1 + 1) / (tf + norm)


RECALL = BM25(k1=1.2, b=0.75)
