"""What the user decided in review: dismissals, and each apply with what takes it back.

Kept in the catalog's settings (bounded: the newest :data:`KEPT_DECISIONS` applies and
:data:`KEPT_DISMISSALS` dismissals). An apply is recorded as the changes it made, each with what
undoes it: ``restore`` (a fact edited or verified: its revision before and after), ``recover`` (a
fact forgotten: its archive entry) and ``forget`` (a fact created by a split: its revision).
"""
from __future__ import annotations

import secrets
from typing import Any, Callable

from .. import clock

DISMISSED_KEY = "review.dismissed"
DECISIONS_KEY = "review.decisions"
KEPT_DISMISSALS = 2000
KEPT_DECISIONS = 200


class Decisions:
    """Read and written through ``setting(key, default)`` and ``set_setting(key, value)``."""

    def __init__(self, setting: Callable[[str, Any], Any], set_setting: Callable[[str, Any], None]) -> None:
        self._setting = setting
        self._set = set_setting

    def dismissed(self) -> set[str]:
        value = self._setting(DISMISSED_KEY, [])
        return {item for item in value if isinstance(item, str)} if isinstance(value, list) else set()

    def dismiss(self, item_id: str) -> None:
        value = [item for item in self._setting(DISMISSED_KEY, []) if item != item_id]
        self._set(DISMISSED_KEY, [*value, item_id][-KEPT_DISMISSALS:])

    def undismiss(self, item_id: str) -> bool:
        """Propose the item again; False when it was not dismissed."""
        value = self._setting(DISMISSED_KEY, [])
        if not isinstance(value, list) or item_id not in value:
            return False
        self._set(DISMISSED_KEY, [item for item in value if item != item_id])
        return True

    def record(self, item: dict[str, Any], changes: list[dict[str, Any]]) -> str:
        token = secrets.token_hex(6)
        entry = {"token": token, "item": item["id"], "kind": item["kind"], "facts": item["facts"],
                 "action": item["action"], "reason": item["reason"], "applied_at": clock.format_timestamp(clock.now()),
                 "changes": changes, "undone_at": None}
        self._set(DECISIONS_KEY, [*self.history(), entry][-KEPT_DECISIONS:])
        return token

    def history(self) -> list[dict[str, Any]]:
        value = self._setting(DECISIONS_KEY, [])
        return [entry for entry in value if isinstance(entry, dict) and "token" in entry] \
            if isinstance(value, list) else []

    def find(self, token: str) -> dict[str, Any] | None:
        return next((entry for entry in self.history() if entry["token"] == token), None)

    def mark_undone(self, token: str) -> None:
        entries = self.history()
        for entry in entries:
            if entry["token"] == token:
                entry["undone_at"] = clock.format_timestamp(clock.now())
        self._set(DECISIONS_KEY, entries)
