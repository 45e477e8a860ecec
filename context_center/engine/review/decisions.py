"""What the user decided in review: dismissals, and each apply with what takes it back.

Kept row by row (:class:`..storage.kept.KeptRows`): the newest :data:`KEPT_DECISIONS` applies and
:data:`KEPT_DISMISSALS` dismissals. An apply is recorded as the changes it made, each with what
undoes it: ``restore`` (a fact edited or verified: its revision before and after), ``recover`` (a
fact forgotten: its archive entry) and ``forget`` (a fact created by a split: its revision).
"""
from __future__ import annotations

import secrets
from typing import Any, Callable

from .. import clock
from ..storage.kept import KeptRows, Row

DISMISSED = "review.dismissed"
DECISIONS = "review.decision"
KEPT_DISMISSALS = 2000
KEPT_DECISIONS = 200
# where an earlier version kept them, each a JSON list in the settings (folded in, then removed)
LEGACY_DISMISSED, LEGACY_DECISIONS = "review.dismissed", "review.decisions"


class Decisions:
    """``rows(kind, bound)`` gives the kept rows of a kind (:meth:`.facade.Engine.kept_rows`)."""

    def __init__(self, rows: Callable[[str, int], KeptRows]) -> None:
        self._dismissed = rows(DISMISSED, KEPT_DISMISSALS)
        self._decisions = rows(DECISIONS, KEPT_DECISIONS)
        self._dismissed.fold(LEGACY_DISMISSED, _legacy_dismissals)
        self._decisions.fold(LEGACY_DECISIONS, _legacy_decisions)

    def dismissed(self) -> set[str]:
        return set(self._dismissed.keys())

    def dismiss(self, item_id: str) -> None:
        self._dismissed.put(item_id, {})

    def undismiss(self, item_id: str) -> bool:
        """Propose the item again; False when it was not dismissed."""
        return self._dismissed.drop(item_id)

    def record(self, item: dict[str, Any], changes: list[dict[str, Any]]) -> str:
        token = secrets.token_hex(6)
        entry = {"token": token, "item": item["id"], "kind": item["kind"], "facts": item["facts"],
                 "action": item["action"], "reason": item["reason"], "applied_at": clock.format_timestamp(clock.now()),
                 "changes": changes, "undone_at": None}
        self._decisions.put(token, entry, entry["applied_at"])
        return token

    def history(self) -> list[dict[str, Any]]:
        return [body for _, _, body in self._decisions.rows() if isinstance(body, dict) and "token" in body]

    def find(self, token: str) -> dict[str, Any] | None:
        return next((entry for entry in self.history() if entry["token"] == token), None)

    def mark_undone(self, token: str) -> None:
        entry = self.find(token)
        if entry is not None:
            entry["undone_at"] = clock.format_timestamp(clock.now())
            self._decisions.put(token, entry, str(entry.get("applied_at") or ""))


def _legacy_dismissals(value: Any) -> list[Row]:
    ids = [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
    return [(item, f"0000-{n:06d}", {}) for n, item in enumerate(ids)]   # before any dismissed since


def _legacy_decisions(value: Any) -> list[Row]:
    entries = [e for e in value if isinstance(e, dict) and isinstance(e.get("token"), str)] \
        if isinstance(value, list) else []
    return [(e["token"], str(e.get("applied_at") or f"0000-{n:06d}"), e) for n, e in enumerate(entries)]
