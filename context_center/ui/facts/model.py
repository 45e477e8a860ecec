"""Qt models over the engine's facts: a table model that sorts and filters itself, and a thin proxy."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QIdentityProxyModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from ...engine import Fact, FactView, TeamStatus, limit_text
from ..theme import tone_color

Index = QModelIndex | QPersistentModelIndex


class FactRow(NamedTuple):
    """A row of the table: the engine's view of a fact, and what the search box looks in (both
    made on the worker). A named tuple: the worker makes one per fact on every listing, in C. The
    hot paths (sorting, painting, filtering) read ``row.view.fact`` (two lookups made in C); the
    properties below are for the rest."""

    view: FactView
    haystack: str = ""   # what the search box looks in, lowercased

    @property
    def fact(self) -> Fact:
        return self.view.fact

    @property
    def freshness(self) -> str:
        return self.view.freshness

    @property
    def overridden_by(self) -> str | None:
        return self.view.overridden_by

    @property
    def overridden_why(self) -> str:
        return self.view.overridden_why

    @property
    def team(self) -> TeamStatus | None:
        return self.view.team

    @property
    def key(self) -> tuple[str, str]:
        return self.view.fact.scope, self.view.fact.id

    def search_text(self) -> str:
        return self.haystack or haystack_of(self.view.fact)


def haystack_of(fact: Fact) -> str:
    return " ".join((fact.name, fact.title, fact.description, fact.keywords, fact.body, fact.subject_key)).lower()


def _title(row: FactRow) -> str:
    """The label, and where a fact kept to one task applies (every fact is listed, with its limit)."""
    fact = row.view.fact
    return f"{fact.label}  [only {limit_text(fact)}]" if fact.worktree or fact.branch else fact.label


COLUMNS = (("Name", lambda r: r.view.fact.name), ("Title", _title),
           ("Type", lambda r: r.view.fact.type), ("Scope", lambda r: r.view.fact.scope),
           ("Activation", lambda r: r.view.fact.effective_activation), ("Freshness", lambda r: r.view.freshness),
           ("Rev", lambda r: r.view.fact.revision),
           ("Updated", lambda r: r.view.fact.updated_at[:19].replace("T", " ")),
           ("Grounding", lambda r: "" if r.view.grounding.state == "none" else r.view.grounding.state),
           ("Last change (team)", lambda r: r.view.team.summary if r.view.team else ""))
GROUNDING_COLUMN = len(COLUMNS) - 2
TEAM_COLUMN = len(COLUMNS) - 1
_ANSWERED_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole, Qt.ItemDataRole.ToolTipRole,
                             Qt.ItemDataRole.ForegroundRole})


class FactsTableModel(QAbstractTableModel):
    """Rows of :class:`FactRow`; the row itself sits under ``Qt.UserRole``.

    It sorts and filters its rows itself, in Python, once per change: every row in ``_all``
    (sorted), the ones that pass the search box and the filters in ``_rows``. A sorting and
    filtering proxy would call Python for each row on every reset and every keystroke (a tenth
    of a second, and most of a second, at 100,000 facts)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[FactRow] = []
        self._rows: list[FactRow] = []      # shown: the rows of _all that pass
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.AscendingOrder)
        self._passes: Callable[[list[FactRow]], list[bool]] | None = None   # None: every row
        self._rank: Callable[[FactRow], float] | None = None   # a search's relevance: orders what passes

    def set_rows(self, rows: list[FactRow], sorted_by: tuple[int, Qt.SortOrder] | None = None) -> None:
        """``sorted_by``: the rows come sorted so (by :meth:`sorted_rows`, on the worker); sorting
        100,000 rows here would hold the GUI thread for a tenth of a second."""
        rows = list(rows) if sorted_by == self._sort else self.sorted_rows(rows, *self._sort)
        self.beginResetModel()
        self._all = rows
        self._rows = self._shown(rows)
        self.endResetModel()

    def set_filter(self, passes: Callable[[list[FactRow]], list[bool]] | None,
                   rank: Callable[[FactRow], float] | None = None) -> None:
        """Show the rows ``passes`` accepts (it answers for all rows at once), most relevant first
        by ``rank`` when given (ties in the column's order) until a column is sorted; the current
        row and the selection stay on the facts still shown."""
        self._passes = passes
        self._rank = rank
        self._relayout(self._all)

    def _shown(self, rows: list[FactRow]) -> list[FactRow]:
        shown = rows if self._passes is None else [row for row, ok in zip(rows, self._passes(rows)) if ok]
        if self._rank is not None:
            shown = sorted(shown, key=self._rank, reverse=True)   # (stable: ties keep the column's order)
        return shown

    def _relayout(self, rows: list[FactRow]) -> None:
        """New order or new subset of the same rows: persistent indexes follow their fact."""
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        keys = [self._rows[i.row()].key if 0 <= i.row() < len(self._rows) else None for i in old]
        self._all = rows
        self._rows = self._shown(rows)
        position = {row.key: n for n, row in enumerate(self._rows)}
        self.changePersistentIndexList(old, [self.index(position[k], i.column()) if k in position else QModelIndex()
                                             for k, i in zip(keys, old)])
        self.layoutChanged.emit()

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
        if not 0 <= column < len(COLUMNS):
            return
        self._rank = None   # a column chosen: it orders the rows, a search's relevance no longer
        self._sort = (column, order)
        self._relayout(self.sorted_rows(self._all, column, order))

    def rows(self) -> list[FactRow]:
        """Every row, shown or filtered out."""
        return list(self._all)

    def total(self) -> int:
        return len(self._all)

    def row_list(self) -> list[FactRow]:
        """The rows shown, as held (not a copy: read it, never change it)."""
        return self._rows

    def row_of(self, key: tuple[str, str]) -> int:
        """The row showing ``key``, or -1 (no such fact, or filtered out)."""
        return next((i for i, r in enumerate(self._rows) if r.key == key), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED_ROLES:   # most of a paint's calls (font, alignment, size…): answered first
            return None
        number = index.row()
        if not index.isValid() or not 0 <= number < len(self._rows):
            return None
        row = self._rows[number]
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[index.column()][1](row)
        if role == Qt.ItemDataRole.UserRole:
            return row
        view = row.view
        if role == Qt.ItemDataRole.ToolTipRole:  # the cell's full text (columns clip), then what it is about
            cell = str(COLUMNS[index.column()][1](row))
            about = view.fact.description or view.fact.label
            tip = cell if about in (cell, "") else f"{cell}\n{about}"
            if view.overridden_by:
                tip += f"\nOverridden by {view.overridden_by}"
            if view.team is not None and view.team.uncommitted:
                tip += "\nChanged in the work tree, not committed yet"
            if view.sync_conflict is not None:
                tip += "\nA sync conflict waits to be settled (Sync ▸ Conflicts)"
            problem = view.grounding.problem
            if problem is not None:
                tip += f"\nIts cited code: {problem.ref}: {problem.detail}"
            return tip
        if role == Qt.ItemDataRole.ForegroundRole:
            if view.overridden_by:  # greyed: agents get the project fact instead
                return QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            if index.column() == GROUNDING_COLUMN and view.grounding.state == "broken":
                return tone_color("error")
            if view.freshness in ("stale", "expired"):
                return tone_color("warning")
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        return None


class FactsFilterProxy(QIdentityProxyModel):
    """The search box and the four filters, applied by the source model (see
    :class:`FactsTableModel`); this proxy adds no mapping of its own, so Qt calls no Python per
    row. It stays a proxy so the view and the tab keep one place to ask for what is shown."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._filters: dict[str, str] = {}
        self._ranking = True   # a search's results by relevance, until a column is sorted

    def set_text(self, text: str) -> None:
        """A new search: its results most relevant first (a column's header still sorts them)."""
        self._words = text.lower().split()
        self._ranking = True
        self._refilter()

    def set_filter(self, field: str, value: str) -> None:
        """``field`` is scope, type, activation, freshness or grounding; ``""`` means any."""
        if value:
            self._filters[field] = value
        else:
            self._filters.pop(field, None)
        self._refilter()

    def _refilter(self) -> None:
        source = self.sourceModel()
        assert isinstance(source, FactsTableModel)
        rank = self._relevance if self._words and self._ranking else None
        source.set_filter(self._work_out if self._words or self._filters else None, rank)

    def _relevance(self, row: FactRow) -> float:
        """How well ``row`` answers the search: each word counts most in the name and title, then
        the keywords and the description; a row matched by its body alone ranks after them (its
        words passed the filter: the body, long, is not read again on every keystroke)."""
        fact = row.view.fact
        fields = ((3.0, fact.name.lower()), (3.0, fact.title.lower()), (2.0, fact.keywords.lower()),
                  (1.5, fact.description.lower()))
        return sum(weight for word in self._words for weight, text in fields if word in text)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(COLUMNS):   # (-1: the header shows no column sorted, for a ranked search)
            self._ranking = False
        self.sourceModel().sort(column, order)

    def _work_out(self, rows: list[FactRow]) -> list[bool]:
        """Every row's answer in one pass per word: a few milliseconds each at 100,000 rows."""
        accepted = [True] * len(rows)
        if self._filters:
            accepted = [self._passes_filters(row) for row in rows]
        for word in self._words:
            accepted = [ok and word in row.haystack if row.haystack else ok and word in row.search_text()
                        for ok, row in zip(accepted, rows)]
        return accepted

    def _passes_filters(self, row: FactRow) -> bool:
        fact = row.view.fact
        values = {"scope": fact.scope, "type": fact.type, "activation": fact.effective_activation,
                  "freshness": row.view.freshness, "grounding": row.view.grounding.state}
        return all(values[field] == wanted for field, wanted in self._filters.items())
