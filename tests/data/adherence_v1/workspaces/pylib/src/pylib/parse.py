import datetime as _dt


def parse_date(text: str) -> _dt.date:
    """Parse an ISO date."""
    return _dt.date.fromisoformat(text.strip())
