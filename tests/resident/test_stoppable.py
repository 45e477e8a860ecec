"""A command whose caller has gone is stopped: the heartbeat that finds the caller gone raises in
the thread running it, at its next line of Python, so nobody's hook waits behind an answer no one
will read; and a stop that comes too late is taken back."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from context_center.service.server import CallerLeft, _Heartbeat, _Stoppable


def _run_until_stopped(beat: _Heartbeat, seconds: float, outcome: list[str]) -> None:
    stoppable = _Stoppable(beat)
    try:
        with stoppable:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:   # a command at work (pure Python, as ours are)
                pass
        outcome.append("finished")
    except CallerLeft:
        outcome.append("stopped")


@pytest.mark.adversarial
def test_a_running_command_is_stopped_once_its_caller_hangs_up():
    ours, theirs = socket.socketpair()
    outcome: list[str] = []
    with _Heartbeat(ours) as beat:
        worker = threading.Thread(target=_run_until_stopped, args=(beat, 30.0, outcome))
        started = time.monotonic()
        worker.start()
        theirs.close()   # the caller goes away
        worker.join(15)
    ours.close()
    assert outcome == ["stopped"]
    assert time.monotonic() - started < 10   # (it would have run 30 s)


def test_a_command_whose_caller_stays_runs_to_its_end_and_no_late_stop_follows_it():
    ours, theirs = socket.socketpair()
    outcome: list[str] = []
    def read() -> None:   # the caller, reading the heartbeat until it hangs up
        try:
            while theirs.recv(65536):
                pass
        except OSError:
            pass

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    with _Heartbeat(ours) as beat:
        _run_until_stopped(beat, 0.3, outcome)
        stoppable = _Stoppable(beat)
        with stoppable:
            pass
        stoppable._stop()   # the caller found gone after the command ended: nothing is raised here
        time.sleep(0.01)    # (a pending stop would fire at the next lines)
        outcome.append("after")
    theirs.shutdown(socket.SHUT_RDWR)
    reader.join(5)
    theirs.close()
    ours.close()
    assert outcome == ["finished", "after"] and not stoppable.stopped
