"""Qt models over the engine's facts: a table model that sorts and filters itself, and a thin proxy."""
from __future__ import annotations

import heapq
from typing import Any, Callable, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QIdentityProxyModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from ...engine import Fact, FactView, TeamStatus
from ..icons import badge
from ..theme import tone_color
from ..words import QT_TR_NOOP, tr

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


# The engine's values of a fact's fields (its type, scope, activation, volatility, freshness, and
# what its cited code says), as the window shows them; the value itself stays what is stored,
# sorted and filtered on.
VALUE_WORDS = {
    "user": QT_TR_NOOP("user"), "feedback": QT_TR_NOOP("feedback"), "project": QT_TR_NOOP("project"),
    "reference": QT_TR_NOOP("reference"), "team": QT_TR_NOOP("team"), "global": QT_TR_NOOP("global"),
    "relevant": QT_TR_NOOP("relevant"), "pinned": QT_TR_NOOP("pinned"), "evergreen": QT_TR_NOOP("evergreen"),
    "stable": QT_TR_NOOP("stable"), "volatile": QT_TR_NOOP("volatile"), "fresh": QT_TR_NOOP("fresh"),
    "current": QT_TR_NOOP("current"), "stale": QT_TR_NOOP("stale"), "expired": QT_TR_NOOP("expired"),
    "grounded": QT_TR_NOOP("grounded"), "changed": QT_TR_NOOP("changed"), "broken": QT_TR_NOOP("broken"),
    "unverified": QT_TR_NOOP("unverified"), "none": QT_TR_NOOP("none"), "ok": QT_TR_NOOP("ok"),
    "moved": QT_TR_NOOP("moved"), "missing": QT_TR_NOOP("missing"), "invalid": QT_TR_NOOP("invalid"),
}


def value_word(value: str) -> str:
    """An engine value of a fact's field in the window's language (itself when it is none of them)."""
    word = VALUE_WORDS.get(value)
    return tr(word) if word is not None else value


def limit_words(fact: Fact) -> str:
    """Where a fact kept to one task applies: ``worktree feature-x``, ``branch release/*``, both, or ""."""
    return ", ".join(part for part in (tr("worktree {name}").format(name=fact.worktree) if fact.worktree else "",
                                       tr("branch {name}").format(name=fact.branch) if fact.branch else "") if part)


def team_summary(team: TeamStatus) -> str:
    """One line: ``alice, 2026-02-01`` and ``· uncommitted`` when the work tree differs."""
    last = (f"{team.author}, {team.date[:10]}" if team.commit
            else tr("not in git") if team.note else tr("never committed"))
    return tr("{last} · uncommitted").format(last=last) if team.uncommitted and team.commit else last


def _title(row: FactRow) -> str:
    """The label, and where a fact kept to one task applies (every fact is listed, with its limit)."""
    fact = row.view.fact
    if fact.worktree or fact.branch:
        return tr("{label}  [only {limit}]").format(label=fact.label, limit=limit_words(fact))
    return fact.label


COLUMNS = ((QT_TR_NOOP("Name"), lambda r: r.view.fact.name), (QT_TR_NOOP("Title"), _title),
           (QT_TR_NOOP("Type"), lambda r: r.view.fact.type), (QT_TR_NOOP("Scope"), lambda r: r.view.fact.scope),
           (QT_TR_NOOP("Activation"), lambda r: r.view.fact.effective_activation),
           (QT_TR_NOOP("Freshness"), lambda r: r.view.freshness),
           (QT_TR_NOOP("Rev"), lambda r: r.view.fact.revision),
           (QT_TR_NOOP("Updated"), lambda r: r.view.fact.updated_at[:19].replace("T", " ")),
           (QT_TR_NOOP("Grounding"), lambda r: "" if r.view.grounding.state == "none" else r.view.grounding.state),
           (QT_TR_NOOP("Last commit"), lambda r: team_summary(r.view.team) if r.view.team else ""))
UPDATED_COLUMN = 7
GROUNDING_COLUMN = len(COLUMNS) - 2
TEAM_COLUMN = len(COLUMNS) - 1
# the columns that show an engine value (type, scope, activation, freshness, grounding): said in words
_VALUE_COLUMNS = frozenset({2, 3, 4, 5, GROUNDING_COLUMN})
# the columns whose value can be a state with a badge (icons.BADGES): a team fact, pinned, stale or
# expired, its cited code broken or changed
BADGE_STATES = {3: ("team",), 4: ("pinned",), 5: ("stale", "expired"), GROUNDING_COLUMN: ("broken", "changed")}
_ANSWERED_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole, Qt.ItemDataRole.ToolTipRole,
                             Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.DecorationRole})


class FactsTableModel(QAbstractTableModel):
    """Rows of :class:`FactRow`; the row itself sits under ``Qt.UserRole``.

    It sorts and filters its rows itself, in Python, once per change: every row in ``_all``
    (sorted), the ones that pass the search box and the filters in ``_rows``. A sorting and
    filtering proxy would call Python for each row on every reset and every keystroke (a tenth
    of a second, and most of a second, at 100,000 facts)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[FactRow] = []
        self._longest: list[str] | None = None   # longest_names, until the rows change
        self._rows: list[FactRow] = []      # shown: the rows of _all that pass
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.AscendingOrder)
        self._passes: Callable[[list[FactRow]], list[bool]] | None = None   # None: every row
        self._rank: Callable[[FactRow], float] | None = None   # a search's relevance: orders what passes

    def set_rows(self, rows: list[FactRow], sorted_by: tuple[int, Qt.SortOrder] | None = None,
                 longest: list[str] | None = None) -> list[list[FactRow]]:
        """``sorted_by``: the rows come sorted so (by :meth:`sorted_rows`, on the worker); sorting
        100,000 rows here would hold the GUI thread for a tenth of a second. ``longest``: their
        :meth:`longest_of`, found on the worker too. Returns the lists of rows let go, for the
        caller to free elsewhere: freeing 100,000 rows here held the GUI thread for 30 ms."""
        released = [self._all] if self._rows is self._all else [self._all, self._rows]
        rows = list(rows) if sorted_by == self._sort else self.sorted_rows(rows, *self._sort)
        self.beginResetModel()
        self._all = rows
        self._longest = longest
        self._rows = self._shown(rows)
        self.endResetModel()
        return released

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

    def longest_names(self) -> list[str]:
        """The few longest names of every row (by characters: the table measures these, not 100,000)."""
        if self._longest is None:
            self._longest = self.longest_of(self._all)
        return self._longest

    @staticmethod
    def longest_of(rows: list[FactRow]) -> list[str]:
        """Thread-safe (plain Python): the worker finds them with the rows (60 ms at 100,000 facts)."""
        return heapq.nlargest(20, (r.view.fact.name for r in rows), key=len)

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
            value = COLUMNS[index.column()][1](row)
            if index.column() == UPDATED_COLUMN:   # the day; the time is in its tooltip (sorting reads both)
                return value[:10]
            return value_word(value) if index.column() in _VALUE_COLUMNS else value
        if role == Qt.ItemDataRole.UserRole:
            return row
        if role == Qt.ItemDataRole.DecorationRole:
            return badge(COLUMNS[index.column()][1](row)) if index.column() in BADGE_STATES else None
        view = row.view
        if role == Qt.ItemDataRole.ToolTipRole:  # the cell's full text (columns clip), then what it is about
            cell = str(COLUMNS[index.column()][1](row))
            if index.column() in _VALUE_COLUMNS:
                cell = value_word(cell)
            about = view.fact.description or view.fact.label
            tip = cell if about in (cell, "") else f"{cell}\n{about}"
            if view.overridden_by:
                tip += "\n" + tr("Overridden by {ref}").format(ref=view.overridden_by)
            if view.team is not None and view.team.uncommitted:
                tip += "\n" + tr("Changed in the work tree, not committed yet")
            if view.sync_conflict is not None:
                tip += "\n" + tr("A sync conflict waits to be settled (Sync ▸ Conflicts)")
            problem = view.grounding.problem
            if problem is not None:
                tip += "\n" + tr("Its cited code: {ref}: {detail}").format(ref=problem.ref, detail=problem.detail)
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
            return tr(COLUMNS[section][0])
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
