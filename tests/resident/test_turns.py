"""The service's commands run one at a time, and a hook waiting for its turn goes first."""
from __future__ import annotations

import threading
import time

from context_center.service.server import Turns


def test_a_waiting_hook_goes_before_every_waiting_read():
    turns = Turns()
    order: list[str] = []
    assert turns.acquire()                     # a command runs

    def wait(name: str, first: bool) -> None:
        with turns.turn(first=first):
            order.append(name)

    threads = [threading.Thread(target=wait, args=args) for args in (("read-1", False), ("read-2", False),
                                                                     ("hook", True))]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10
    while turns.waiting < 3:   # all three wait for the running command
        assert time.monotonic() < deadline
        time.sleep(0.001)
    turns.release()
    for thread in threads:
        thread.join(10)
    assert order[0] == "hook" and sorted(order[1:]) == ["read-1", "read-2"]


def test_a_turn_not_free_in_time_is_not_taken():
    turns = Turns()
    assert turns.acquire()
    assert turns.acquire(timeout=0.05) is False and turns.locked()
    turns.release()
    assert turns.acquire(timeout=0.05) and turns.locked()
