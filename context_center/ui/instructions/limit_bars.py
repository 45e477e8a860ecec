"""Each file against its agent's limit, drawn as a bar in the limit's own unit: what the files
before it spent of a shared budget (Codex's 32 KiB), then the file itself — the part within the
limit in the theme's chart colour, the part past it in the error tone, the limit a line. A cut is
seen before it is read."""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from ...engine import Meter
from ..theme import tone_color
from ..words import QT_TR_NOOP, tr

METERS_ROLE = Qt.ItemDataRole.UserRole + 7   # a cell's meters: a tuple of Meter
UNIT_WORDS = {"bytes": QT_TR_NOOP("bytes"), "lines": QT_TR_NOOP("lines"), "characters": QT_TR_NOOP("characters")}
BAR_EMS = 6   # the bar's width, in the font's line heights; the words follow it


def unit_word(unit: str) -> str:
    return tr(UNIT_WORDS[unit]) if unit in UNIT_WORDS else unit


def meter_text(meters: Sequence[Meter]) -> str:
    """``20,000 bytes after 20,000 of 32,768 · 250 lines of 200``."""
    return " · ".join(
        (tr("{used} {unit} after {before} of {limit}") if m.before else tr("{used} {unit} of {limit}")).format(
            used=f"{m.used:,}", unit=unit_word(m.unit), before=f"{m.before:,}", limit=f"{m.limit:,}")
        for m in meters)


def bar_width(option: QStyleOptionViewItem) -> int:
    return option.fontMetrics.height() * BAR_EMS


class LimitBarDelegate(QStyledItemDelegate):
    """Draws a cell holding meters (:data:`METERS_ROLE`) as bars with their words; any other cell
    as usual."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        meters = index.data(METERS_ROLE)
        if not meters:
            super().paint(painter, option, index)
            return
        view = QStyleOptionViewItem(option)
        self.initStyleOption(view, index)
        text = view.text
        view.text = ""
        style = view.widget.style() if view.widget is not None else None
        if style is not None:   # the background and the selection, as any cell
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, view, painter, view.widget)
        area = option.rect.adjusted(4, 3, -4, -3)
        width = min(bar_width(option), max(area.width() // 2, 10))
        height = max((area.height() - 2 * (len(meters) - 1)) // len(meters), 3)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for number, meter in enumerate(meters):
            bar = QRect(area.left(), area.top() + number * (height + 2), width, height)
            self._bar(painter, bar, meter)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        painter.setPen(option.palette.color(QPalette.ColorRole.HighlightedText if selected
                                            else QPalette.ColorRole.Text))
        words = QRect(area.left() + width + 8, option.rect.top(), area.width() - width - 8, option.rect.height())
        painter.drawText(words, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         option.fontMetrics.elidedText(text, Qt.TextElideMode.ElideRight, words.width()))
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        size = super().sizeHint(option, index)
        if index.data(METERS_ROLE):
            size.setWidth(size.width() + bar_width(option) + 12)
        return size

    @staticmethod
    def _bar(painter: QPainter, bar: QRect, meter: Meter) -> None:
        scale = max(meter.limit, meter.before + meter.used, 1)

        def x(value: int) -> float:
            return bar.left() + bar.width() * min(value, scale) / scale

        painter.fillRect(bar, tone_color("quiet_bg"))
        end, limit = meter.before + meter.used, meter.limit
        parts = ((0, min(meter.before, limit), "faded"), (meter.before, min(end, limit), "chart_instructions"),
                 (max(meter.before, limit), end, "error"))
        for start, stop, tone_name in parts:
            if stop > start:
                painter.fillRect(QRectF(x(start), bar.top(), x(stop) - x(start), bar.height()), tone_color(tone_name))
        painter.setPen(QPen(tone_color("muted"), 1))
        painter.drawRect(bar.adjusted(0, 0, -1, -1))   # (its edge: seen on a selected row too)
        painter.drawLine(round(x(limit)), bar.top() - 1, round(x(limit)), bar.bottom() + 1)   # the limit
