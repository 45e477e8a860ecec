"""Many objects made and let go without holding the interpreter for one long stretch."""
from __future__ import annotations

import sys
import threading

from context_center.engine.storage.bulk_load import SLICE, ShardedSet, dismantle


def test_dismantle_empties_lists_dicts_and_sets_whatever_their_size():
    big = [[n] for n in range(3 * SLICE + 5)]
    table = {n: (n,) for n in range(2 * SLICE + 1)}
    seen = {(n, n + 1) for n in range(SLICE + 7)}
    small: list[int] = [1]
    dismantle(big, table, seen, small, [], {}, set())
    assert big == [] and table == {} and seen == set() and small == []


def test_other_threads_run_while_a_large_container_is_let_go():
    """One ``del`` of a list of millions is one call in C that no other thread interrupts; a
    slice at a time, the interpreter changes threads between slices (its switch interval)."""
    big = [(n, str(n)) for n in range(1_000_000)]
    ticks: list[int] = []
    started, done = threading.Event(), threading.Event()

    def count() -> None:
        started.set()
        while not done.is_set():
            ticks.append(len(big))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    counter = threading.Thread(target=count)
    counter.start()
    started.wait()
    try:
        dismantle(big)
    finally:
        done.set()
        counter.join()
        sys.setswitchinterval(interval)
    midway = {n for n in ticks if 0 < n < 1_000_000}
    assert big == [] and midway   # the other thread ran while the list was part emptied


def test_a_sharded_set_says_once_whether_each_item_is_new():
    seen = ShardedSet()
    assert [seen.add_new(pair) for pair in [("a", "b"), ("b", "c"), ("a", "b"), ("b", "c"), ("c", "d")]] == \
        [True, True, False, False, True]
    assert len(seen) == 3


def test_a_sharded_set_of_a_million_keeps_no_table_of_a_million():
    """The stall was one table's resize, which copies every entry at once: the largest table here
    is a small part of the one a plain set of the same items grows to."""
    pairs = [(f"project/{n}", f"project/{n + 1}") for n in range(1_000_000)]
    seen = ShardedSet()
    assert all(seen.add_new(pair) for pair in pairs)
    whole = set(pairs)
    assert len(seen) == len(whole)
    assert max(sys.getsizeof(shard) for shard in seen.shards) * 50 < sys.getsizeof(whole)
