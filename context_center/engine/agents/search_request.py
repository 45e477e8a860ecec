"""``memory_search`` arguments, checked into one request: the contract's filters, hints and defaults.

Defaults: scope ``both``, staging hidden unless ``includeStaging``, active only, sort by
relevance descending, limit 50 (hard cap 50). Every bad value is the engine's refusal
with the contract's code; the MCP schema itself rejects only an empty or five-item
``categories`` list.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from .. import clock
from ..contract import categories
from ..contract.refusals import AgentRefusal, said
from .claims import LABEL_KINDS, check_importance, check_labels, check_subject

MAX_LIMIT = 50
SEARCH_SCOPES = ("both", "global", "project")
SORT_BY = ("relevance", "created", "updated", "importance")
SORT_ORDER = ("desc", "asc")
TIME_FIELDS = ("created", "updated")
TIME_PRESETS = ("this_week", "this_month")
MAX_CATEGORIES = 4


@dataclass(frozen=True)
class TimeWindow:
    field: str                     # created | updated
    start: dt.datetime | None
    end: dt.datetime | None


@dataclass(frozen=True)
class SearchRequest:
    query: str
    categories: tuple[str, ...] | None = None        # canonical names; None = every category
    scope: str = "both"
    include_staging: bool = False
    active: bool | None = True                       # None: active and inactive
    sort_by: str = "relevance"
    order: str = "desc"
    limit: int = MAX_LIMIT
    min_importance: float | None = None
    subject: str = ""
    labels: dict[str, tuple[str, ...]] = field(default_factory=dict)   # kind → values (filters)
    match_all: bool = False
    time: TimeWindow | None = None
    hints: dict[str, tuple[str, ...]] = field(default_factory=dict)    # kind → values (boosts)
    hint_categories: tuple[str, ...] = ()

    @property
    def scopes(self) -> tuple[str, ...]:
        return ("project", "global") if self.scope == "both" else (self.scope,)


def _mapping(raw: object, name: str) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise AgentRefusal("INVALID_FILTER", f"{name} must be an object")
    return raw


def check_scope(raw: object, allowed: tuple[str, ...] = SEARCH_SCOPES) -> str:
    if raw is None:
        return allowed[0]
    if not isinstance(raw, str) or raw.strip().lower() not in allowed:
        raise AgentRefusal("INVALID_SCOPE", f"scope must be one of {', '.join(allowed)}; got {said(raw)}")
    return raw.strip().lower()


def check_categories(raw: object, field: str = "categories") -> tuple[str, ...] | None:
    """``raw`` as canonical category names; ``field`` is what the refusal calls it."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_CATEGORIES:
        leave_out = "to search every category" if field == "categories" else "to boost none"
        raise AgentRefusal("INVALID_CATEGORIES", f"{field} is a list of 1 to {MAX_CATEGORIES} names; "
                                                 f"omit it {leave_out}")
    names = [categories.normalize(name)[0] for name in raw]
    if len(set(names)) != len(names):
        raise AgentRefusal("INVALID_CATEGORIES", f"{field} must be unique (compared lowercased)")
    return tuple(names)


def _time(raw: object, now: dt.datetime) -> TimeWindow | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise AgentRefusal("INVALID_TIME", "time must be an object: field, and preset or from/to")
    which = raw.get("field", "updated")
    if which not in TIME_FIELDS:
        raise AgentRefusal("INVALID_TIME", f"time.field must be created or updated; got {said(which)}")
    preset, start_text, end_text = raw.get("preset"), raw.get("from"), raw.get("to")
    if preset is not None:
        if start_text is not None or end_text is not None:
            raise AgentRefusal("INVALID_TIME", "give time.preset or time.from/to, not both")
        if preset not in TIME_PRESETS:
            raise AgentRefusal("INVALID_TIME", f"time.preset must be this_week or this_month; got {said(preset)}")
        midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
        first = midnight - dt.timedelta(days=midnight.weekday()) if preset == "this_week" else midnight.replace(day=1)
        return TimeWindow(which, first, None)
    start, end = _moment(start_text, "from"), _moment(end_text, "to")
    if start and end and start > end:
        raise AgentRefusal("INVALID_TIME", "time.from is after time.to")
    if start is None and end is None:
        raise AgentRefusal("INVALID_TIME", "time needs a preset, or from and/or to")
    return TimeWindow(which, start, end)


def _moment(raw: object, name: str) -> dt.datetime | None:
    if raw is None:
        return None
    moment = clock.parse_timestamp(raw) if isinstance(raw, str) else None
    if moment is None:
        raise AgentRefusal("INVALID_TIME", f"time.{name} is not an ISO-8601 date or time: {said(raw)}")
    return moment


def _limit(raw: object) -> int:
    if raw is None:
        return MAX_LIMIT
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        raise AgentRefusal("INVALID_FILTER", f"limit must be a whole number from 1 to {MAX_LIMIT}; got {said(raw)}")
    return min(raw, MAX_LIMIT)


def _active(raw: object) -> bool | None:
    if raw is None:
        return True
    if raw in (True, 1):
        return True
    if raw in (False, 0):
        return False
    if raw == "any":
        return None
    raise AgentRefusal("INVALID_FILTER", f"active must be 1 (default), 0 or \"any\"; got {said(raw)}")


def _sort(raw: object) -> tuple[str, str]:
    sort = raw if raw is not None else {}
    if not isinstance(sort, dict):
        raise AgentRefusal("INVALID_SORT", "sort must be an object: {by, order}")
    by, order = sort.get("by", "relevance"), sort.get("order", "desc")
    if by not in SORT_BY:
        raise AgentRefusal("INVALID_SORT", f"sort.by must be one of {', '.join(SORT_BY)}; got {said(by)}")
    if order not in SORT_ORDER:
        raise AgentRefusal("INVALID_SORT", f"sort.order must be desc or asc; got {said(order)}")
    return by, order


def parse_search(arguments: dict[str, Any], now: dt.datetime | None = None) -> SearchRequest:
    query = arguments.get("query")
    if not isinstance(query, str):
        raise AgentRefusal("INVALID_FILTER", "query must be text: the user's request")
    filters = _mapping(arguments.get("filters"), "filters")
    hints = _mapping(arguments.get("hints"), "hints")
    match = filters.get("match", "any")
    if match not in ("any", "all"):
        raise AgentRefusal("INVALID_FILTER", f"match must be any or all; got {said(match)}")
    by, order = _sort(filters.get("sort"))
    minimum = filters.get("minImportance")
    hint_categories = hints.get("categories")
    if hint_categories is not None:
        hint_categories = check_categories(hint_categories, "hints.categories")
    return SearchRequest(
        query=query,
        categories=check_categories(arguments.get("categories")),
        scope=check_scope(filters.get("scope")),
        include_staging=filters.get("includeStaging", arguments.get("includeStaging")) is True,
        active=_active(filters.get("active")),
        sort_by=by, order=order,
        limit=_limit(filters.get("limit")),
        min_importance=None if minimum is None else check_importance(minimum, field="minImportance"),
        subject=check_subject(filters.get("subject")),
        labels={kind: values for kind in LABEL_KINDS if (values := check_labels(filters.get(kind), kind))},
        match_all=match == "all",
        time=_time(filters.get("time"), now or clock.now()),
        hints={kind: values for kind in LABEL_KINDS if (values := check_labels(hints.get(kind), f"hints.{kind}"))},
        hint_categories=tuple(hint_categories or ()),
    )
