"""Freshness windows by volatility and by type."""
import datetime as dt

import pytest

from context_center.engine.clock import format_timestamp
from context_center.engine.memory.freshness import freshness
from context_center.engine.records import Fact

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.timezone.utc)


def fact(days_ago: float, type: str = "project", **extra) -> Fact:
    stamp = format_timestamp(NOW - dt.timedelta(days=days_ago))
    return Fact(id="mem-" + "0" * 32, revision=1, name="f", title="f", description="", type=type,
                scope="project", body="b", created_at=stamp, updated_at=stamp, **extra)


@pytest.mark.parametrize("type, days, state", [
    ("reference", 14, "fresh"), ("reference", 15, "current"), ("reference", 46, "stale"),
    ("project", 30, "fresh"), ("project", 180, "current"), ("project", 181, "stale"),
    ("user", 90, "fresh"), ("feedback", 365, "current"), ("feedback", 366, "stale"),
])
def test_type_windows_are_inclusive(type, days, state):
    assert freshness(fact(days, type), NOW) == state


@pytest.mark.parametrize("volatility, days, state", [
    ("volatile", 7, "fresh"), ("volatile", 30, "current"), ("volatile", 31, "stale"),
    ("stable", 90, "fresh"), ("stable", 366, "stale"), ("evergreen", 5000, "fresh"),
])
def test_volatility_overrides_the_type(volatility, days, state):
    assert freshness(fact(days, "reference", volatility=volatility), NOW) == state


def test_verification_renews_the_clock():
    verified = format_timestamp(NOW - dt.timedelta(days=1))
    assert freshness(fact(400, last_verified_at=verified), NOW) == "fresh"


def test_past_expiry_wins_over_everything():
    assert freshness(fact(0, volatility="evergreen", expires_at="2026-11-01"), NOW) == "expired"


def test_a_future_clock_is_current():
    assert freshness(fact(-3), NOW) == "current"


def test_a_window_ends_at_its_last_microsecond():
    at_edge = fact(14, "reference")
    assert freshness(at_edge, NOW) == "fresh"
    assert freshness(at_edge, NOW + dt.timedelta(microseconds=1)) == "current"


@pytest.mark.parametrize("stamp", ["", "not a date", "0001-01-01T00:00:00Z"])
def test_a_clock_that_says_nothing_is_current(stamp):
    undated = Fact(id="mem-" + "0" * 32, revision=1, name="f", title="f", description="", type="project",
                   scope="project", body="b", created_at=stamp, updated_at=stamp)
    assert freshness(undated, NOW) == "current"


def test_a_fact_read_back_from_an_open_has_the_same_freshness(state_root, workspace, monkeypatch):
    """An open reads each fact's parsed moments from the folder snapshot instead of parsing them."""
    from context_center.engine import FactInput, open_engine
    from context_center.engine.storage import folder_snapshot
    monkeypatch.setattr(folder_snapshot, "worth_saving", lambda *_: True)   # a snapshot of every open
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        for days in (1, 20, 200):
            written = engine.remember(FactInput(name=f"f{days}", title=f"F {days}", body="b", type="reference",
                                                scope="project")).fact
            (written.path).write_text(written.path.read_text(encoding="utf-8").replace(
                written.updated_at, format_timestamp(NOW - dt.timedelta(days=days))), encoding="utf-8")
    with open_engine(state_root=state_root, workspace=workspace) as engine:   # parses the edited files
        parsed = {f.name: freshness(f, NOW) for f in engine.facts()}
    with open_engine(state_root=state_root, workspace=workspace) as engine:   # reads them from the snapshot
        facts = engine.facts()
        carried = ["freshness_moments" in f.__dict__ for f in facts]   # before anything asks for them
        read_back = {f.name: freshness(f, NOW) for f in facts}
    assert parsed == {"f1": "fresh", "f20": "current", "f200": "stale"}
    assert carried == [True, True, True] and read_back == parsed
