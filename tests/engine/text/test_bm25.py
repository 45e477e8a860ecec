"""BM25 is written once: recall's in-memory index and search's Whoosh postings score with the same
functions, each with its own weights, and no other module writes the formula again."""
from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np

from context_center.engine.text.bm25 import BM25, RECALL, idf

ENGINE = Path(__file__).resolve().parents[3] / "context_center" / "engine"


def test_the_formula_as_written():
    assert idf(10, 1) == math.log(1 + 9.5 / 1.5)
    assert idf(10, 10) > 0          # a word every document holds still tells a little, never less than nothing
    norm = RECALL.norm(np.array([5.0, 10.0]), 5.0)
    assert list(norm) == [1.2, 1.2 * (0.25 + 0.75 * 2)]
    scores = RECALL.scores(np.array([1.0, 2.0]), norm, 2.0)
    assert list(scores) == [2.0 * 1 * 2.2 / (1 + 1.2), 2.0 * 2 * 2.2 / (2 + norm[1])]
    assert BM25(k1=0.6, b=0.2).scores(1.0, BM25(k1=0.6, b=0.2).norm(3.0, 3.0), 1.0) == 1.6 / 1.6


def test_no_other_module_writes_bm25_again():
    written = re.compile(r"log\(1 \+ \(.*df.*0\.5|k1 \* \(\(?1 - |\(K1 \+ 1\)|\(k1 \+ 1\)")
    found = [f"{path.relative_to(ENGINE)}:{number}" for path in sorted(ENGINE.rglob("*.py")) if path.name != "bm25.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if written.search(line)]
    assert found == []
