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
