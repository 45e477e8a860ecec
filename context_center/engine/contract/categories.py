"""Categories of agent memories: names, the built-ins, what auto-promotes, near-duplicates.

A category exists per scope (``global``, or one project) once it has been used or
registered; the registry lives in the catalog, so a category whose last memory was
deleted stays listed with a count of 0. A fact made in the window or the CLI belongs
to the category named after its type.
"""
from __future__ import annotations

import unicodedata
from collections import Counter

from .refusals import AgentRefusal, json_type

BUILT_INS = ("instruction", "mistake", "preference", "decision", "constraint", "workflow")
AUTO_PROMOTE = frozenset({"instruction", "decision", "constraint", "mistake"})
MAX_NAME = 64
MAX_PER_SCOPE = 200   # categories one scope may hold: a new one past it is refused (each is compared with all)
NEAR = 0.8

# the fact type that follows a category: what recall and the window file it under
_TYPE_OF = {"preference": "user", "instruction": "feedback", "mistake": "feedback", "workflow": "feedback"}


def type_of(category: str) -> str:
    return _TYPE_OF.get(category, "project")


def normalize(name: object) -> tuple[str, str]:
    """(canonical, display) of a category name: NFKC, trimmed, 1–64 characters, no control
    characters; canonical is lowercased."""
    if not isinstance(name, str):
        raise AgentRefusal("INVALID_CATEGORY", f"a category name is text, not {json_type(name)}")
    if len(name) > MAX_NAME * 4:   # before NFKC reads it all
        raise AgentRefusal("INVALID_CATEGORY", f"a category name has at most {MAX_NAME} characters; "
                                               f"got {len(name):,}")
    display = unicodedata.normalize("NFKC", name).strip()
    if not display:
        raise AgentRefusal("INVALID_CATEGORY", "a category name must not be empty")
    if len(display) > MAX_NAME:
        raise AgentRefusal("INVALID_CATEGORY", f"a category name has at most {MAX_NAME} characters; "
                                               f"got {len(display)}")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in display):
        raise AgentRefusal("INVALID_CATEGORY", "a category name must not contain control characters")
    return display.lower(), display


def _skeleton(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _distance(a: str, b: str) -> int:
    """Damerau-Levenshtein (optimal string alignment) distance."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][len(b)]


def similarity(a: str, b: str) -> float:
    """1 − distance / longer length, on the names with everything but letters and digits removed."""
    left, right = _skeleton(a), _skeleton(b)
    longer = max(len(left), len(right))
    if not longer:
        return 1.0 if a == b else 0.0
    return 1.0 - _distance(left, right) / longer


def _could_be_near(left: str, right: str) -> bool:
    """A bound the edit distance cannot beat: the lengths' difference, and half the letters one has
    and the other lacks. Most names are told apart by it, without the quadratic distance."""
    longer = max(len(left), len(right))
    if not longer:
        return True
    limit = (1.0 - NEAR) * longer
    if abs(len(left) - len(right)) > limit:
        return False
    missing = Counter(left)
    missing.subtract(Counter(right))
    return sum(abs(n) for n in missing.values()) / 2 <= limit


def nearest(canonical: str, existing: list[str]) -> tuple[str, float] | None:
    """The existing name a new ``canonical`` would nearly duplicate (similarity ≥ 0.8), if any."""
    best: tuple[str, float] | None = None
    mine = _skeleton(canonical)
    for other in existing:
        if other == canonical or not _could_be_near(mine, _skeleton(other)):
            continue
        score = similarity(canonical, other)
        if score >= NEAR and (best is None or score > best[1]):
            best = (other, score)
    return best
