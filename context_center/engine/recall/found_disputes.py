"""The contradictions the review found, kept for recall: derived data beside the recall index.

Recall reads claims and names left behind itself (:mod:`.disputes`); a contradiction the review
finds only with the whole store's word weights (one note negating what the other asserts, the
same words with another number) is too costly to look for on every prompt. Each run of the review
writes the pairs it proposed here, each fact as it stood (:func:`..memory.settled.stood`), and
recall names the other side of a hit's pair while both still stand so; a fact changed since is
not named until the review runs again. A file that cannot be read is as if none were kept.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Iterable

from ..memory.settled import stood
from ..records import Fact
from ..storage.atomic_write import write_atomic

log = logging.getLogger("context_center.recall")
MAX_PAIRS = 5000         # kept at most (a review proposing more is read as far as this)
MAX_FILE_BYTES = 4 << 20


def save(path: Path, pairs: Iterable[tuple[Fact, Fact]]) -> None:
    """Keep ``pairs`` (the review's contradictions), replacing what was kept."""
    kept = sorted({tuple(sorted((stood(a), stood(b)))) for a, b in pairs})[:MAX_PAIRS]
    text = json.dumps({"pairs": kept})
    try:   # (the window works the review out on every look at its tab: the same pairs are not written again)
        if path.is_file() and path.stat().st_size == len(text) and path.read_text(encoding="utf-8") == text:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
    except OSError as exc:   # derived data: the next review tries again
        log.warning("context-center: could not keep the review's contradictions in %s: %s", path, exc)


class FoundDisputes:
    """The pairs kept in ``path``, read again when the file changes."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._stamp: tuple[int, int] | None = None
        self._others: dict[str, list[str]] = {}

    def others(self, fact: Fact) -> list[str]:
        """How each fact the review found contradicting ``fact`` stood (``fact`` as it stands now)."""
        self._read()
        return self._others.get(stood(fact), []) if self._others else []

    def _read(self) -> None:
        try:
            status = os.stat(self._path)
        except OSError:
            self._stamp, self._others = None, {}
            return
        stamp = (status.st_mtime_ns, status.st_size)
        if stamp == self._stamp:
            return
        self._stamp, self._others = stamp, {}
        if status.st_size > MAX_FILE_BYTES:
            return
        try:
            pairs = json.loads(self._path.read_text(encoding="utf-8")).get("pairs", [])
        except (OSError, ValueError, AttributeError):
            return
        for pair in pairs if isinstance(pairs, list) else []:
            if isinstance(pair, list) and len(pair) == 2 and all(isinstance(side, str) for side in pair):
                first, second = pair
                self._others.setdefault(first, []).append(second)
                self._others.setdefault(second, []).append(first)
