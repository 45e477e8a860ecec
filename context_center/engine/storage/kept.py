"""What the user decided, kept row by row in the catalog's ``kept`` table, one kind at a time: the
review's decisions and dismissals, the disputes settled, the judge's answers, the rules enforced.

An earlier version kept each kind as one JSON value in the settings, read and rewritten whole on
every change; :meth:`KeptRows.fold` moves such a value in, once, and removes it. A kind keeps at
most ``bound`` rows, the newest by their time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .. import clock

if TYPE_CHECKING:
    from .catalog import Catalog

Row = tuple[str, str, Any]   # (key, at, body)


class KeptRows:
    def __init__(self, catalog: Catalog, kind: str, bound: int) -> None:
        self._catalog = catalog
        self.kind = kind
        self.bound = bound

    def rows(self) -> list[Row]:
        """(key, at, body) of each row, oldest first."""
        return self._catalog.kept(self.kind)

    def keys(self) -> list[str]:
        return [key for key, _, _ in self.rows()]

    def get(self, key: str) -> Any:
        return next((body for found, _, body in self.rows() if found == key), None)

    def put(self, key: str, body: Any, at: str | None = None) -> None:
        """Write the row of ``key`` (its time ``at``, else now)."""
        self._catalog.keep(self.kind, key, at or clock.format_timestamp(clock.now()), body, bound=self.bound)

    def drop(self, key: str) -> bool:
        """Remove the row of ``key``; False when there was none."""
        return self._catalog.drop_kept(self.kind, key)

    def fold(self, setting: str, rows_of: Callable[[Any], list[Row]]) -> None:
        """Move an earlier version's setting (one JSON value) in, as ``rows_of`` reads it, and remove it."""
        value = self._catalog.setting(setting)
        if value is None:
            return
        for key, at, body in rows_of(value):
            self._catalog.keep(self.kind, key, at, body, bound=self.bound)
        self._catalog.set_setting(setting, None)
