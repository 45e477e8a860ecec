"""The token estimate every face shows for instructions, facts and what the hook injected.

No tokenizer ships with the app: Claude's is not public, and an open encoding's table (1.7 MB for
cl100k) would load in a process that starts on every prompt. ``bench/token_estimate.py`` measures
the estimate against cl100k_base on this project's documents and on LoCoMo.
"""
from __future__ import annotations

import math
import re

METHOD = "estimate: max(characters / 4, words × 1.3), each CJK character a word (no tokenizer at hand)"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def approximate_tokens(text: str) -> int:
    """max(⌈chars / 4⌉, ⌈words × 1.3⌉), with each CJK character counted as a word."""
    if not text:
        return 0
    words = len(text.split()) + len(_CJK.findall(text))
    return max(math.ceil(len(text) / 4), math.ceil(words * 1.3))


def tokens_of_chars(chars: int) -> int:
    """The estimate for a text known only by its length (an injection record keeps its characters)."""
    return math.ceil(chars / 4) if chars > 0 else 0
