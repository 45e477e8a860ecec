"""Loading many objects at once without the cyclic collector's help.

An open at 100,000 facts makes millions of small objects (facts, paths, tuples, dict entries),
none of them in a reference cycle. Each allocation threshold crossed starts a collection that
walks the young objects, and every tenth a pass over older ones: about a third of the open's
time, for nothing found. While loading, the collector waits; the engine then freezes what was
loaded (``gc.freeze``), so later passes skip it too.
"""
from __future__ import annotations

import contextlib
import gc
import threading
from typing import Any, Hashable, Iterator

_pauses = [0]   # loads under way on any thread (a collector run by hand, as the window's is, waits for them)
_counting = threading.Lock()


def bulk_work_running() -> bool:
    """Whether a load that asked the collector to wait is under way on some thread."""
    return _pauses[0] > 0


@contextlib.contextmanager
def paused_gc(*, freeze: bool = False) -> Iterator[None]:
    """``freeze``: what exists at the end moves to the permanent generation before the collector
    wakes. Otherwise its first pass walks every object made meanwhile (all of them were young):
    a quarter of a second at 100,000 facts, holding the interpreter while the window waits."""
    was_enabled = gc.isenabled()
    gc.disable()
    with _counting:
        _pauses[0] += 1
    try:
        yield
    finally:
        with _counting:
            _pauses[0] -= 1
        if freeze:
            gc.freeze()
        if was_enabled:
            gc.enable()


SLICE = 4096


def dismantle(*containers: list[Any] | dict[Any, Any] | set[Any]) -> None:
    """Empty each container a slice at a time. Freeing a container of millions of objects is one
    call in C that holds the interpreter to its end: the review's pairs and readings at 100,000
    facts, let go at once when it returned, held the window for a third of a second. Between
    slices other threads run."""
    for container in containers:
        if isinstance(container, list):
            while container:
                del container[-SLICE:]
        elif isinstance(container, dict):
            while container:
                for _ in range(min(SLICE, len(container))):
                    container.popitem()
        else:
            while container:
                for _ in range(min(SLICE, len(container))):
                    container.pop()


class ShardedSet:
    """A set of millions kept as many small ones. One table grows by doubling, and each resize
    copies every entry in one call in C that holds the interpreter: the review's pairs seen at
    100,000 facts (millions of them) held the window for a tenth of a second at its last resize.
    Here each shard holds about a 256th of them, so its resizes are short and other threads run
    between them."""

    SHARDS = 256

    def __init__(self) -> None:
        self.shards: list[set[Hashable]] = [set() for _ in range(self.SHARDS)]

    def add_new(self, item: Hashable) -> bool:
        """Add ``item``; whether it was new."""
        shard = self.shards[hash(item) % self.SHARDS]
        if item in shard:
            return False
        shard.add(item)
        return True

    def __len__(self) -> int:
        return sum(len(shard) for shard in self.shards)
