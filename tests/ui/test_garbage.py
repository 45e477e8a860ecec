"""Reference cycles are collected on the GUI thread only: a cycle holding a Qt object, destroyed
on the engine's worker by Python's automatic collector, made Qt warn "Timers cannot be started from
another thread" and crashed the window (a segmentation fault while the Overview drew its charts
and the worker worked out the review at 10,000 facts)."""
from __future__ import annotations

import gc
import threading


class Marker:
    """Says on which thread it was freed."""

    def __init__(self, freed: list[str]) -> None:
        self.freed = freed
        self.cycle = self

    def __del__(self) -> None:
        self.freed.append(threading.current_thread().name)


def test_a_cycle_made_anywhere_is_freed_on_the_gui_thread(ui, qtbot):
    ui.idle()   # (a load would freeze the marker with the facts it made: never freed by anyone)
    freed: list[str] = []
    Marker(freed)   # garbage only the cycle collector can free

    def allocate() -> None:   # what the worker does all day: enough for many automatic passes
        keep = []
        for number in range(200_000):
            keep.append([number])
            if len(keep) > 1000:
                keep.clear()

    worker = threading.Thread(target=allocate, name="engine-like-worker")
    worker.start()
    worker.join()
    assert freed == []   # Python's own collector would have run on the worker by now
    assert not gc.isenabled()
    young = [[number] for number in range(2 * gc.get_threshold()[0])]   # the GUI thread's own allocations
    qtbot.waitUntil(lambda: bool(freed), timeout=10000)
    assert freed == [threading.main_thread().name] and young


def test_the_gui_thread_collects_as_often_as_python_would(ui, qtbot):
    """Each generation when it is as full as Python's own thresholds allow: young garbage does not
    pile up while the window waits."""
    from PySide6.QtWidgets import QApplication

    from context_center.ui.garbage import collect_on_gui_thread
    # the open's loads done first: a load that asked for no pass (the facts' listing, the review)
    # holds every pass back until it ends, and under a loaded machine they outlasted the wait below
    ui.idle()
    collector = collect_on_gui_thread(QApplication.instance())
    before = sum(collector.passes)
    kept = [[number] for number in range(5 * collector.thresholds[0])]   # far past the youngest's threshold
    assert gc.get_count()[0] > collector.thresholds[0]
    qtbot.waitUntil(lambda: sum(collector.passes) > before, timeout=5000)   # (with an older one, maybe)
    assert gc.get_count()[0] < collector.thresholds[0] and len(kept) == 5 * collector.thresholds[0]


def _filled_to_the_oldest() -> list:
    """Counts as Python's collector would see them just before a pass over every generation."""
    for _ in range(gc.get_threshold()[2] + 1):
        gc.collect(1)
    for _ in range(gc.get_threshold()[1] + 1):
        gc.collect(0)
    return [[number] for number in range(2 * gc.get_threshold()[0])]


def test_the_oldest_generation_waits_until_the_heap_has_grown_by_a_quarter(ui):
    """A pass over every object, every 25 seconds, held the window up to half a second while the
    engine held millions: Python's own rule (a quarter more long-lived objects) holds here too."""
    import sys

    from PySide6.QtWidgets import QApplication

    from context_center.ui.garbage import collect_on_gui_thread
    ui.idle()   # (the worker idle: a pass over the oldest waits for it, as the next test shows)
    collector = collect_on_gui_thread(QApplication.instance())
    collector._blocks = sys.getallocatedblocks()
    before = list(collector.passes)
    young = _filled_to_the_oldest()
    collector.tick()
    assert collector.passes[2] == before[2] and collector.passes[1] == before[1] + 1
    grown = [[number] for number in range(sys.getallocatedblocks() // 2)]   # (a list and an int each)
    young += _filled_to_the_oldest()
    collector.tick()
    assert collector.passes[2] == before[2] + 1 and len(grown) and len(young)


def test_the_oldest_generation_waits_while_the_engine_works(ui, qtbot):
    """A pass over every object while a job held millions of them (a review at 100,000 facts) held
    the window for half a second: the pass waits for the worker, then walks what is left."""
    import sys

    from PySide6.QtWidgets import QApplication

    from context_center.ui.garbage import collect_on_gui_thread
    ui.idle()
    collector = collect_on_gui_thread(QApplication.instance())
    release = threading.Event()
    ui.client.submit(lambda engine: release.wait(30))
    try:
        qtbot.waitUntil(lambda: ui.client.busy, timeout=5000)
        collector._blocks = sys.getallocatedblocks()
        before = list(collector.passes)
        grown = [[number] for number in range(sys.getallocatedblocks() // 2)]
        young = _filled_to_the_oldest()
        collector.tick()
        assert collector.passes[2] == before[2] and collector.passes[1] == before[1] + 1   # the worker works
    finally:
        release.set()
    ui.idle()
    young += _filled_to_the_oldest()
    collector.tick()
    assert collector.passes[2] == before[2] + 1 and len(grown) and len(young)


def test_no_pass_runs_while_a_load_asked_the_collector_to_wait(ui):
    """A store's load pauses the collector and freezes what it made at its end; a pass run by hand
    meanwhile walked everything it had made so far (105 ms at 100,000 facts)."""
    from PySide6.QtWidgets import QApplication

    from context_center.engine.storage.bulk_load import paused_gc
    from context_center.ui.garbage import collect_on_gui_thread
    ui.idle()
    collector = collect_on_gui_thread(QApplication.instance())
    inside, leave = threading.Event(), threading.Event()

    def load() -> None:
        with paused_gc(freeze=True):
            inside.set()
            leave.wait(30)

    loader = threading.Thread(target=load)
    loader.start()
    try:
        inside.wait(10)
        before = sum(collector.passes)
        young = [[number] for number in range(2 * collector.thresholds[0])]
        collector.tick()
        assert sum(collector.passes) == before
    finally:
        leave.set()
        loader.join()
    young += [[number] for number in range(2 * collector.thresholds[0])]
    collector.tick()
    assert sum(collector.passes) == before + 1 and young


def test_the_facts_tabs_listing_asks_the_collector_to_wait_while_it_makes_its_rows(ui, monkeypatch):
    """Its rows were made with the collector only disabled: the window's tick, which did not know,
    walked the half-made rows (60 ms at 100,000 facts, after F5)."""
    from context_center.engine import Engine, bulk_work_running
    from context_center.ui.facts.loader import load_facts_view

    seen: list[bool] = []
    views = Engine.fact_views

    def watched(self, *args, **kwargs):
        for view in views(self, *args, **kwargs):
            seen.append(bulk_work_running())
            yield view

    monkeypatch.setattr(Engine, "fact_views", watched)
    ui.remember(name="deploy-day", body="We deploy on Tuesdays.")
    ui.show_facts("deploy-day")
    seen.clear()
    listed: list[object] = []
    ui.client.submit(load_facts_view, listed.append)
    ui.qtbot.waitUntil(lambda: bool(listed), timeout=10000)
    assert seen and all(seen) and not bulk_work_running()
