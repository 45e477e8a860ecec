"""Qt models over the engine's facts: a thin table model and a filtering proxy."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from ..engine import Fact, TeamStatus

STALE_COLOR = QColor("#b35900")
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class FactRow:
    """A fact with what the table shows about it (computed on the worker)."""

    fact: Fact
    freshness: str
    overridden_by: str | None   # ref of the nearer fact that overrides this one (project > team > global)
    provenance: tuple[str, ...] = ()  # for an accepted suggestion: why, how to apply, evidence (lines)
    overridden_why: str = ""    # "same name", "same subject"…
    team: TeamStatus | None = None   # a team fact's last commit and uncommitted state (git's)
    haystack: str = ""                # what the search box looks in, lowercased (made on the worker)

    @property
    def key(self) -> tuple[str, str]:
        return self.fact.scope, self.fact.id

    def search_text(self) -> str:
        return self.haystack or haystack_of(self.fact)


def haystack_of(fact: Fact) -> str:
    return " ".join((fact.name, fact.title, fact.description, fact.keywords, fact.body, fact.subject_key)).lower()


COLUMNS = (("Name", lambda r: r.fact.name), ("Title", lambda r: r.fact.label), ("Type", lambda r: r.fact.type),
           ("Scope", lambda r: r.fact.scope), ("Activation", lambda r: r.fact.effective_activation),
           ("Freshness", lambda r: r.freshness), ("Rev", lambda r: r.fact.revision),
           ("Updated", lambda r: r.fact.updated_at[:19].replace("T", " ")),
           ("Last change (team)", lambda r: r.team.summary if r.team else ""))


class FactsTableModel(QAbstractTableModel):
    """Rows of :class:`FactRow`; the row itself sits under ``Qt.UserRole``."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[FactRow] = []
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.AscendingOrder)

    def set_rows(self, rows: list[FactRow], sorted_by: tuple[int, Qt.SortOrder] | None = None) -> None:
        """``sorted_by``: the rows come sorted so (by :meth:`sorted_rows`, on the worker); sorting
        100,000 rows here would hold the GUI thread for a tenth of a second."""
        rows = list(rows) if sorted_by == self._sort else self.sorted_rows(rows, *self._sort)
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def sort_state(self) -> tuple[int, Qt.SortOrder]:
        return self._sort

    @staticmethod
    def sorted_rows(rows: list[FactRow], column: int, order: Qt.SortOrder) -> list[FactRow]:
        """Thread-safe (plain Python): the worker sorts with it before handing rows over."""
        getter = COLUMNS[column][1]

        def key(row: FactRow) -> tuple[Any, ...]:
            value = getter(row)
            return (value.lower(), value) if isinstance(value, str) else (value,)

        return sorted(rows, key=key, reverse=order == Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorted here, in Python, once: a proxy calling ``data()`` per comparison is ~100× slower."""
        if not 0 <= column < len(COLUMNS):
            return
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        keys = [self._rows[i.row()].key for i in old]
        self._rows = self.sorted_rows(self._rows, column, order)
        position = {row.key: n for n, row in enumerate(self._rows)}
        self.changePersistentIndexList(old, [self.index(position[k], i.column()) for k, i in zip(keys, old)])
        self.layoutChanged.emit()

    def rows(self) -> list[FactRow]:
        return list(self._rows)

    def row_list(self) -> list[FactRow]:
        """The rows as held (not a copy: read it, never change it); a new list after every change."""
        return self._rows

    def row_of(self, key: tuple[str, str]) -> int:
        return next((i for i, r in enumerate(self._rows) if r.key == key), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[index.column()][1](row)
        if role == Qt.ItemDataRole.UserRole:
            return row
        if role == Qt.ItemDataRole.ToolTipRole:  # the cell's full text (columns clip), then what it is about
            cell = str(COLUMNS[index.column()][1](row))
            about = row.fact.description or row.fact.label
            tip = cell if about in (cell, "") else f"{cell}\n{about}"
            if row.overridden_by:
                tip += f"\nOverridden by {row.overridden_by}"
            if row.team is not None and row.team.uncommitted:
                tip += "\nChanged in the work tree, not committed yet"
            return tip
        if role == Qt.ItemDataRole.ForegroundRole:
            if row.overridden_by:  # greyed: agents get the project fact instead
                return QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            if row.freshness in ("stale", "expired"):
                return STALE_COLOR
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        return None


class FactsFilterProxy(QSortFilterProxyModel):
    """Text search over name, title, description, keywords and body, plus the four filters.

    Qt asks :meth:`filterAcceptsRow` once per row; at 100,000 facts, working the answer out in
    each call held the GUI thread for about a second per keystroke. The answers are worked out
    for every row at once, in one pass, when the words, the filters or the rows change."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._filters: dict[str, str] = {}
        self._accepted: list[bool] = []
        self._accepted_for: list[FactRow] | None = None   # the source's row list they were worked out for

    def set_text(self, text: str) -> None:
        self.beginFilterChange()
        self._words = text.lower().split()
        self._accepted_for = None
        self.endFilterChange()

    def set_filter(self, field: str, value: str) -> None:
        """``field`` is scope, type, activation or freshness; ``""`` means any."""
        self.beginFilterChange()
        if value:
            self._filters[field] = value
        else:
            self._filters.pop(field, None)
        self._accepted_for = None
        self.endFilterChange()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.sourceModel().sort(column, order)  # the source sorts; this proxy only filters

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._words and not self._filters:
            return True
        source = self.sourceModel()
        assert isinstance(source, FactsTableModel)
        rows = source.row_list()
        if self._accepted_for is not rows:
            self._accepted = self._work_out(rows)
            self._accepted_for = rows
        return self._accepted[source_row]

    def _work_out(self, rows: list[FactRow]) -> list[bool]:
        accepted = [True] * len(rows)
        if self._filters:
            accepted = [self._passes_filters(row) for row in rows]
        for word in self._words:   # one comprehension per word: a few milliseconds each at 100,000 rows
            accepted = [ok and word in row.haystack if row.haystack else ok and word in row.search_text()
                        for ok, row in zip(accepted, rows)]
        return accepted

    def _passes_filters(self, row: FactRow) -> bool:
        values = {"scope": row.fact.scope, "type": row.fact.type, "activation": row.fact.effective_activation,
                  "freshness": row.freshness}
        return all(values[field] == wanted for field, wanted in self._filters.items())
