"""How old a fact is allowed to get: fresh, current, stale, or expired."""
from __future__ import annotations

import datetime as dt

from .. import clock
from ..records import Fact
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


def freshness(fact: Fact, now: dt.datetime | None = None) -> str:
    return freshness_from(freshness_clock(fact), clock.parse_timestamp(fact.expires_at), fact.volatility,
                          fact.type, now or clock.now())


def freshness_from(moment: dt.datetime | None, expires: dt.datetime | None, volatility: str, fact_type: str,
                   now: dt.datetime) -> str:
    """Freshness from already parsed timestamps (the recall index keeps them parsed)."""
    if expires is not None and expires <= now:
        return "expired"
    if volatility == "evergreen":
        return "fresh"
    if moment is None or moment.year <= 1 or moment >= now:
        return "current"
    fresh_days, current_days = VOLATILITY_WINDOWS.get(volatility) or TYPE_WINDOWS.get(
        fact_type, TYPE_WINDOWS["project"])
    age = now - moment
    if age <= dt.timedelta(days=fresh_days):
        return "fresh"
    if age <= dt.timedelta(days=current_days):
        return "current"
    return "stale"
