"""The Overview's two charts, drawn with pyqtgraph in the theme's colours: what a turn costs each
agent, as one stacked bar per agent by kind of source, and the hook's injections per day.

pyqtgraph (and NumPy under it) is imported here only, and this module only once the Overview has
painted its counts: nothing heavy comes before the first paint.
"""
from __future__ import annotations

from typing import Any, Sequence

import pyqtgraph as pg
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

from ..theme import tone
from ..words import tr
from .kinds import KIND_TONES, kind_word


def _style(plot: pg.PlotWidget) -> None:
    """Background, axes and text from the palette of the moment (light or dark)."""
    palette = QGuiApplication.palette()
    text = palette.color(QPalette.ColorRole.WindowText)
    plot.setBackground(palette.color(QPalette.ColorRole.Base))
    font = QFont(QGuiApplication.font())
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        axis.setPen(pg.mkPen(text))
        axis.setTextPen(pg.mkPen(text))
        axis.setStyle(tickFont=font)


def _plot(name: str) -> pg.PlotWidget:
    plot = pg.PlotWidget(enableMenu=False)   # (made with its menu, it built one only to drop it)
    plot.setObjectName(name)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    plot.setFixedHeight(190)
    return plot


class CostChart:
    """One horizontal bar per agent: its per-turn tokens, stacked by kind of source."""

    def __init__(self) -> None:
        self.widget: pg.PlotWidget = _plot("cost_chart")
        self.bars: dict[str, Any] = {}   # kind → its BarGraphItem (the data the chart shows)
        self.legend = self.widget.addLegend(offset=(-10, 10))

    def show(self, agents: Sequence[tuple[str, dict[str, int]]]) -> None:
        """``agents``: (the agent's name as shown, its per-turn tokens by kind), top to bottom."""
        plot = self.widget
        plot.clear()
        self.legend.clear()
        self.legend.setLabelTextColor(QGuiApplication.palette().color(QPalette.ColorRole.WindowText))
        _style(plot)
        rows = list(range(len(agents)))[::-1]   # the first agent on top
        left = [0.0] * len(agents)
        self.bars = {}
        for kind, tone_name in KIND_TONES.items():
            widths = [float(by_kind.get(kind, 0)) for _name, by_kind in agents]
            if not any(widths):
                continue
            colour = QColor(tone(tone_name))
            bar = pg.BarGraphItem(x0=list(left), y=rows, width=widths, height=0.6, brush=colour,
                                  pen=pg.mkPen(colour), name=kind_word(kind))
            plot.addItem(bar)
            self.bars[kind] = bar
            left = [a + b for a, b in zip(left, widths)]
        plot.setFixedHeight(90 + 46 * max(len(agents), 1))   # a bar's height, not the window's
        plot.getAxis("left").setTicks([[(row, name) for row, (name, _k) in zip(rows, agents)]])
        plot.getAxis("bottom").setLabel(tr("tokens every turn (estimated)"))
        plot.setYRange(-0.6, max(len(agents) - 0.4, 0.6), padding=0)
        plot.setXRange(0, max(max(left, default=0), 1) * 1.3, padding=0)   # the legend's room on the right


class InjectionChart:
    """The hook's injections per day, the last 30 days, today on the right."""

    def __init__(self) -> None:
        self.widget: pg.PlotWidget = _plot("injection_chart")
        self.bar: Any = None

    def show(self, per_day: Sequence[int], labels: Sequence[str]) -> None:
        plot = self.widget
        plot.clear()
        _style(plot)
        colour = QColor(tone("chart_bar"))
        days = list(range(len(per_day)))
        self.bar = pg.BarGraphItem(x=days, height=[float(n) for n in per_day], width=0.7, brush=colour,
                                   pen=pg.mkPen(colour))
        plot.addItem(self.bar)
        plot.getAxis("bottom").setTicks([[(d, labels[d]) for d in days if d % 7 == (len(days) - 1) % 7]])
        plot.getAxis("left").setLabel(tr("injections"))
        plot.setXRange(-0.6, len(days) - 0.4, padding=0)
        plot.setYRange(0, max(max(per_day, default=0), 4) * 1.15, padding=0)   # (whole counts: no 0.5 tick)


def prepare() -> None:
    """pyqtgraph's options, once, before the first chart."""
    pg.setConfigOptions(antialias=True)


def charts() -> tuple[CostChart, InjectionChart]:
    prepare()
    return CostChart(), InjectionChart()
