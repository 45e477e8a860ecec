"""How old a fact is allowed to get: fresh, current, stale, or expired."""
from __future__ import annotations

import datetime as dt
from typing import Iterable

from .. import clock
from ..records import Fact, memo
from .fields import FRESHNESS_STATES  # noqa: F401 - re-exported: where freshness is described

# (fresh, current) windows in days, inclusive; older is stale.
VOLATILITY_WINDOWS = {"stable": (90, 365), "volatile": (7, 30)}
TYPE_WINDOWS = {"reference": (14, 45), "user": (90, 365), "feedback": (90, 365), "project": (30, 180)}


def freshness_clock(fact: Fact) -> dt.datetime | None:
    """The later of updated_at (else created_at) and last_verified_at."""
    updated = clock.parse_timestamp(fact.updated_at) or clock.parse_timestamp(fact.created_at)
    verified = clock.parse_timestamp(fact.last_verified_at)
    moments = [m for m in (updated, verified) if m is not None]
    return max(moments) if moments else None


def is_expired(fact: Fact, now: dt.datetime | None = None) -> bool:
    expires = clock.parse_timestamp(fact.expires_at)
    return expires is not None and expires <= (now or clock.now())


_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
_MICROSECOND = dt.timedelta(microseconds=1)
_DAY = 86_400_000_000   # µs
YEAR_2 = (dt.datetime(2, 1, 1, tzinfo=dt.timezone.utc) - _EPOCH) // _MICROSECOND   # before: "no date"


def _micros(moment: dt.datetime | None) -> int | None:
    return None if moment is None else (moment - _EPOCH) // _MICROSECOND


def moments_of(fact: Fact) -> tuple[int | None, int | None]:
    """(its freshness clock, its expiry) in whole µs since the epoch, None where it has none:
    what :func:`freshness` needs."""
    return _micros(freshness_clock(fact)), _micros(clock.parse_timestamp(fact.expires_at))


def freshness_moments(fact: Fact) -> tuple[int | None, int | None]:
    """:func:`moments_of`, parsed once per fact (an open reads it from the folder snapshot instead
    of parsing three timestamps per fact)."""
    return memo(fact, "freshness_moments", moments_of)


def freshness(fact: Fact, now: dt.datetime | None = None) -> str:
    """Fresh, current, stale or expired at ``now``: the windows are inclusive, a verification
    renews the clock, a past expiry wins, and a clock in the future (or none) is current.
    Worked out from the fact's parsed moments in whole µs, so a boundary is exact."""
    return _freshness_at(fact, ((now or clock.now()) - _EPOCH) // _MICROSECOND)


def freshness_of(facts: Iterable[Fact], now: dt.datetime | None = None) -> list[str]:
    """:func:`freshness` of each, told at one moment (``now``, else the clock's now)."""
    at = ((now or clock.now()) - _EPOCH) // _MICROSECOND
    return [_freshness_at(fact, at) for fact in facts]


def _freshness_at(fact: Fact, at: int) -> str:
    moment, expires = freshness_moments(fact)
    if expires is not None and expires <= at:
        return "expired"
    if fact.volatility == "evergreen":
        return "fresh"
    if moment is None or moment < YEAR_2 or moment >= at:
        return "current"
    fresh_days, current_days = VOLATILITY_WINDOWS.get(fact.volatility) or TYPE_WINDOWS.get(
        fact.type, TYPE_WINDOWS["project"])
    age = at - moment
    if age <= fresh_days * _DAY:
        return "fresh"
    if age <= current_days * _DAY:
        return "current"
    return "stale"
