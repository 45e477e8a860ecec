"""A count and its noun in plain grammar: "1 file", "3 files", "1,204 facts" (not "file(s)")."""
from __future__ import annotations


def counted(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` with ``noun`` when it is one, else ``nouns`` (by default the noun and an "s")."""
    return f"{n:,} {noun if n == 1 else nouns or noun + 's'}"
