"""The facts table as a view: the columns' widths by content priority, and a signal once it has
painted (an open starts the rest of its work after the list's first paint)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QHeaderView, QStyle, QTableView

from ...engine import FACT_CHOICES, GROUNDING_STATES
from .model import BADGE_STATES, UPDATED_COLUMN, FactsTableModel, value_word


class FactsTable(QTableView):
    """The facts table. It says when it has painted: an open starts the rest of its work (the other
    tabs, the index) after the list's first paint, so that paint does not share the interpreter
    with them (at 100,000 facts that sharing froze the window for 100-170 ms)."""

    painted = Signal()
    resized = Signal()
    TITLE = 1
    # each column's width, and the least it is given when the title would be squeezed: the columns
    # give way in this order (team first, the title never), as far as their least. Scope, activation,
    # freshness and grounding have room for a state's badge beside the word ("team", "pinned"…).
    WIDTHS = (150, 240, 66, 80, 92, 86, 36, 135, 98, 150)
    UPDATED = UPDATED_COLUMN
    REVISION = 6
    GIVE_WAY = (9, UPDATED, 0, 8, 4, 5, 2, 3)   # the order they give way in, each down to least_widths
    NAME_MOST = 220        # a name longer than this is elided (its tooltip whole)
    TITLE_LEAST = 260
    TITLE_FLOOR = 160   # ... and the least it gives way to when that ends the sideways scroll

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        self.painted.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit_columns()
        self.resized.emit()

    def fit_columns(self) -> None:
        """Give the title room by content priority: at 1,024 pixels with the team column shown the
        title shrank to "…" while Updated kept its width (a new user's report). The other columns
        give way first, never below what their words need (:meth:`least_widths`); the title, free
        text, takes what is left, elided with its tooltip, down to its floor."""
        header = self.horizontalHeader()
        shown = [c for c in range(len(self.WIDTHS)) if c != self.TITLE and not header.isSectionHidden(c)]
        leasts = self.least_widths()
        widths = {c: max(self.WIDTHS[c], leasts[c]) for c in shown}
        short = self.TITLE_LEAST - (self.viewport().width() - sum(widths.values()))
        for column in self.GIVE_WAY:   # (the last commit, free text, first: elided, the whole in its tooltip)
            if short <= 0:
                break
            if column in widths:
                give = max(0, min(short, widths[column] - leasts[column]))
                widths[column] -= give
                short -= give
        # the title takes the rest, never less than its least, unless giving way to its floor ends a
        # sideways scroll (at 1,280 pixels with team facts, every other column at its least, the table
        # was 140 pixels too wide); past that the table scrolls sideways and the title keeps its least
        rest = self.viewport().width() - sum(widths.values())
        widths[self.TITLE] = rest if self.TITLE_FLOOR <= rest < self.TITLE_LEAST else max(self.TITLE_LEAST, rest)
        for column, width in widths.items():
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def least_widths(self) -> dict[int, int]:
        """What each column needs to show every cell whole: its header's word, each value's word a
        column can show (with its badge: a team fact's scope showed "t…", "reference" was cut at
        50 pixels), the day, the longest name listed (a name is short: up to NAME_MOST, then elided
        with its tooltip). The last commit and the title are free text: elided."""
        header = self.horizontalHeader()
        cells = self.fontMetrics()
        badge = self.iconSize().width() if self.iconSize().isValid() else 16
        model = self.model()
        values = {2: FACT_CHOICES["type"], 3: FACT_CHOICES["scope"], 4: FACT_CHOICES["activation"],
                  5: FACT_CHOICES["freshness"], 8: GROUNDING_STATES}
        leasts = {}
        for column in range(len(self.WIDTHS)):
            least = header_least(header, column)
            for value in values.get(column, ()):
                extra = badge + 18 if value in BADGE_STATES.get(column, ()) else 14
                least = max(least, cells.horizontalAdvance(value_word(value)) + extra)
            if column == self.UPDATED:
                least = max(least, cells.horizontalAdvance("2026-12-03") + 14)
            elif column == self.REVISION:
                least = max(least, cells.horizontalAdvance("999") + 14)
            elif column == 0 and model is not None:
                widest = max((cells.horizontalAdvance(n) for n in self._longest_names()), default=0)
                least = max(least, min(self.NAME_MOST, widest + 14))
            leasts[column] = least
        return leasts

    def _longest_names(self) -> list[str]:
        source = self.model()
        while source is not None and not isinstance(source, FactsTableModel) and hasattr(source, "sourceModel"):
            source = source.sourceModel()
        return source.longest_names() if isinstance(source, FactsTableModel) else []

    def room_needed(self) -> int:
        """The table's width with every shown column at its least and the title at its floor."""
        header = self.horizontalHeader()
        leasts = self.least_widths()
        columns = sum(leasts[c] for c in range(len(self.WIDTHS)) if c != self.TITLE and not header.isSectionHidden(c))
        return columns + self.TITLE_FLOOR + (self.width() - self.viewport().width())


def header_least(header: QHeaderView, column: int) -> int:
    """The width a header's word needs whole: with the sort arrow where it is shown."""
    if header.isSortIndicatorShown() and header.sortIndicatorSection() == column:
        return header.sectionSizeHint(column)
    label = str(header.model().headerData(column, Qt.Orientation.Horizontal) or "") if header.model() else ""
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    bold = QFont(header.font())
    bold.setBold(True)   # a header's word is bold where the selected row crosses it
    return QFontMetrics(bold).horizontalAdvance(label) + 2 * margin + 2
