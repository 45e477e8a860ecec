"""Timestamps: RFC 3339 UTC with fractional seconds, and the ``expires_at`` grammar."""
from __future__ import annotations

import datetime as dt
import re

from .errors import InvalidInput

UTC = dt.timezone.utc
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def now() -> dt.datetime:
    return dt.datetime.now(UTC)


def format_timestamp(moment: dt.datetime) -> str:
    """``2026-11-20T16:02:11.482Z``."""
    moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_timestamp(text: str | None) -> dt.datetime | None:
    """Parse RFC 3339 (``Z`` or offset; any fraction) or ``YYYY-MM-DD``; None if unparseable."""
    if not text:
        return None
    value = str(text).strip()
    if value[-1:] == "Z" and value[10:11] == "T":   # what we write (2026-11-20T16:02:11.482Z): no rewriting
        try:
            return dt.datetime.fromisoformat(value).astimezone(UTC)
        except (ValueError, OverflowError):
            pass   # the general path below says what it can
    if _DATE_RE.match(value):
        try:
            return dt.datetime.strptime(value, "%Y-%m-%d").replace(tzinfo=UTC)
        except ValueError:
            return None
    value = value.replace(" ", "T", 1) if "T" not in value and " " in value else value
    if value.endswith(("Z", "z")):
        value = value[:-1] + "+00:00"
    match = re.match(r"^(.*T\d{2}:\d{2}:\d{2})(\.\d+)?(.*)$", value)
    if match and match.group(2):  # fromisoformat in 3.11 accepts 1-6 fraction digits
        fraction = (match.group(2)[1:] + "000000")[:6]
        value = f"{match.group(1)}.{fraction}{match.group(3)}"
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC)
    except OverflowError:  # 0001-01-01T00:00:00+01:00 is before year 1 in UTC: no date we can hold
        return None


def end_of_day(text: str) -> str:
    """An expiry written as a date alone (``2027-06-01``) means the end of that day, UTC
    (``2027-06-01T23:59:59Z``): a fact expiring on a day is recalled through it, whether the date
    came from a hand-written file, the command line, the window or an MCP client. Any other text
    comes back as it is."""
    return f"{text}T23:59:59Z" if _DATE_RE.match(text) else text


def parse_expiry(text: str) -> str:
    """The canonical ``expires_at`` for user input: ``""`` clears it (``never``/``none``/empty)."""
    value = end_of_day(text.strip())
    if value.lower() in ("", "never", "none"):
        return ""
    moment = parse_timestamp(value)
    if moment is None:
        raise InvalidInput(
            f"expires_at {text!r} is not a date between years 1 and 9999 in UTC: use YYYY-MM-DD (the end of "
            "that day), RFC 3339 (2027-06-01T00:00:00Z) or never")
    return format_timestamp(moment).replace(".000Z", "Z")
