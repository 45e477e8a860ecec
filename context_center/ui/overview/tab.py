"""The Overview: the store and its wiring at a glance, each part a link to the tab that acts on it.

Facts by scope and freshness, what waits for the user (suggestions, agents' staged memories, the
review queue, facts whose cited code is gone), which agents reach this store, what a turn costs
each agent (a stacked bar by kind of source) and the hook's injections per day over 30 days.

The engine works it out on the worker (``engine.overview()``); the counts are painted first, the
charts (pyqtgraph, NumPy) are loaded after that paint. The review queue's and the suggestions'
counts come from their tabs, which work them out: the last result is shown meanwhile.
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ...engine import AGENT_DISPLAY_NAMES, StoreOverview
from ..background_import import BackgroundImport
from ..engine_client import EngineClient
from ..facts.model import value_word
from ..messages import Messages, describe
from ..theme import set_tone
from ..theme import tone as tone_of
from ..words import QT_TR_NOOP, tr

SCOPES = ("project", "team", "global")
FRESHNESS = ("fresh", "current", "stale", "expired")


def _label(name: str, wrap: bool = True) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _link(name: str, text: str, tip: str = "") -> QPushButton:
    """A flat button that goes to the tab acting on what it counts."""
    button = QPushButton(text)
    button.setObjectName(name)
    button.setProperty("link", True)   # drawn as a link (the theme's style sheet)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    if tip:
        button.setToolTip(tip)
    return button


# what the charts need that no first paint may wait for: imported off the GUI thread
CHART_MODULES = ("numpy", "pyqtgraph")


class _Body(QWidget):
    """The Overview's page, which says when it has painted."""

    def __init__(self, painted: Callable[[], None]) -> None:
        super().__init__()
        self._painted = painted

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        self._painted()


# why search runs on words alone (the meaning leg's state, engine/semantic/model.py)
SEARCH_OFF_WORDS = {
    "not_installed": QT_TR_NOOP("Search: words alone (BM25). For meaning too: pip install "
                                "'context-center[semantic]'"),
    "turned_off": QT_TR_NOOP("Search: words alone (BM25); meaning is turned off (CONTEXT_CENTER_SEMANTIC=off)"),
    "not_loaded": QT_TR_NOOP("Search: words alone (BM25); the meaning model did not load on this machine"),
}


def agent_name(agent: str) -> str:
    return AGENT_DISPLAY_NAMES.get(agent, agent)


class OverviewTab(QWidget):
    go_to = Signal(str)        # the tab to show: facts, suggestions, review, instructions, recall, broken
    connect_agents = Signal()
    painted = Signal()         # (an open waits for what is shown first to paint before it does the rest)

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.data: StoreOverview | None = None
        self.counts: dict[str, int | None] = {"suggestions": None, "review": None}   # their tabs' last counts
        self.charts: Any = None            # (CostChart, InjectionChart) once loaded
        self._charts_wanted = False        # data came: the charts load after the next paint
        self._half_made: Any = None        # the first chart, made a turn of the event loop before the second
        self._chart_modules = BackgroundImport(CHART_MODULES, self)
        self._chart_modules.done.connect(self._load_charts)

        self.fact_total = _label("overview_facts")
        self.fact_scopes = _label("overview_scopes")
        self.fact_freshness = _label("overview_freshness")
        open_facts = _link("overview_open_facts", tr("Open the Facts tab (Ctrl+1)"))
        open_facts.clicked.connect(lambda: self.go_to.emit("facts"))
        self.search_leg = _label("overview_search")
        set_tone(self.search_leg, "muted")
        facts = self._box(tr("Facts"), self.fact_total, self.fact_scopes, self.fact_freshness, self.search_leg,
                          open_facts)

        self.waiting_links = {
            "suggestions": _link("overview_suggestions", "", tr("Memory and skill candidates from your agents' "
                                                                 "sessions: the Suggestions tab")),
            "staged": _link("overview_staged", "", tr("Memories agents wrote that wait for your review: the "
                                                       "Suggestions tab")),
            "review": _link("overview_review", "", tr("Duplicates, contradictions, stale and unused facts: the "
                                                       "Review tab")),
            "broken": _link("overview_broken", "", tr("Facts whose cited code is gone: the Facts tab, filtered")),
        }
        for key, button in self.waiting_links.items():
            button.clicked.connect(lambda _checked=False, k=key: self.go_to.emit("suggestions" if k == "staged"
                                                                                 else k))
        waiting = self._box(tr("Waiting for you"), *self.waiting_links.values())

        self.agent_lines = _label("overview_agents")
        self.agent_lines.setTextFormat(Qt.TextFormat.RichText)
        connect = _link("overview_connect", tr("Connect agents… (Ctrl+Shift+K)"))
        connect.clicked.connect(self.connect_agents.emit)
        agents = self._box(tr("Agents on this store"), self.agent_lines, connect)

        self.cost_summary = _label("overview_costs")
        self.cost_slot = QVBoxLayout()
        # a chart with nothing to draw is a sentence, not empty axes
        self.cost_empty = _label("overview_costs_empty")
        self.cost_empty.setText(tr("Nothing to chart yet: no agent receives an instruction file or a recall here."))
        set_tone(self.cost_empty, "muted")
        self.cost_empty.hide()
        self.cost_slot.addWidget(self.cost_empty)
        see_files = _link("overview_instructions", tr("Each file an agent receives, and its cuts: the Instructions "
                                                      "tab (Ctrl+2)"))
        see_files.clicked.connect(lambda: self.go_to.emit("instructions"))
        self.method = _label("overview_method")
        set_tone(self.method, "muted")
        costs = self._box(tr("What a turn costs each agent"), self.cost_summary, self.cost_slot, self.method,
                          see_files)

        self.injection_summary = _label("overview_injections")
        self.injection_slot = QVBoxLayout()
        self.injection_empty = _label("overview_injections_empty")
        self.injection_empty.setText(tr("Nothing to chart yet: the hook has injected nothing in the last 30 days."))
        set_tone(self.injection_empty, "muted")
        self.injection_empty.hide()
        self.injection_slot.addWidget(self.injection_empty)
        see_recall = _link("overview_recall", tr("What the hook gave on each turn: the Recall tab (Ctrl+3)"))
        see_recall.clicked.connect(lambda: self.go_to.emit("recall"))
        injections = self._box(tr("Injections per day, the last 30 days"), self.injection_summary,
                               self.injection_slot, see_recall)

        self.status = _label("overview_status")
        set_tone(self.status, "muted")
        self.body = body = _Body(self._body_painted)   # (the tab itself is covered by its scroll area)
        grid = QGridLayout(body)
        grid.addWidget(facts, 0, 0)
        grid.addWidget(waiting, 0, 1)
        grid.addWidget(agents, 0, 2)
        grid.addWidget(costs, 1, 0, 1, 3)
        grid.addWidget(injections, 2, 0, 1, 3)
        grid.addWidget(self.status, 3, 0, 1, 3)
        grid.setRowStretch(4, 1)
        for column in range(3):
            grid.setColumnStretch(column, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        self.clear()

    @staticmethod
    def _box(title: str, *parts: Any) -> QGroupBox:
        box = QGroupBox(title)
        column = QVBoxLayout(box)
        for part in parts:
            if isinstance(part, QVBoxLayout):
                column.addLayout(part)
            else:
                column.addWidget(part)
        column.addStretch(1)
        return box

    # the data ------------------------------------------------------------------------------------

    def clear(self) -> None:
        """A new workspace: nothing said until its overview is worked out."""
        self.data = None
        self.fact_total.setText("…")
        for label in (self.fact_scopes, self.fact_freshness, self.search_leg, self.agent_lines, self.cost_summary,
                      self.injection_summary, self.method, self.status):
            label.setText("")
        self._show_waiting()

    def reset(self) -> None:
        """A new workspace: its own counts come with its tabs."""
        self.counts = dict.fromkeys(self.counts)
        self.clear()

    def reload(self) -> None:
        """Work the overview out again, on the worker; what is shown stays until it comes."""
        self.status.setText(tr("Working it out…") if self.data is None else self.status.text())
        self.client.submit(lambda engine: engine.overview(), self.show_overview,
                           lambda e: self.status.setText(tr("Could not work the overview out: {error}").format(
                               error=describe(e))), owner=self)

    def count(self, key: str, value: int) -> None:
        """A tab's own count (its last result: suggestions, review)."""
        self.counts[key] = value
        self._show_waiting()

    def show_overview(self, data: StoreOverview) -> None:
        self.data = data
        self.fact_total.setText(tr("{count} facts").format(count=f"{data.facts:,}") if data.facts != 1
                                else tr("1 fact"))
        self.fact_scopes.setText(" · ".join(f"{value_word(scope)} {data.by_scope.get(scope, 0):,}"
                                            for scope in SCOPES))
        self.fact_freshness.setText(" · ".join(f"{value_word(state)} {data.by_freshness.get(state, 0):,}"
                                               for state in FRESHNESS))
        set_tone(self.fact_freshness, "warning" if data.by_freshness.get("stale") or data.by_freshness.get("expired")
                 else None)
        self._show_waiting()
        self._show_agents(data)
        code, model = data.search
        self.search_leg.setText(tr("Search: words and meaning ({model})").format(model=model) if code == "on"
                                else tr(SEARCH_OFF_WORDS.get(code, SEARCH_OFF_WORDS["not_installed"])))
        self.cost_summary.setText(" · ".join(
            tr("{agent} ~{tokens} tokens every turn").format(agent=agent_name(a.agent), tokens=f"{a.per_turn_tokens:,}")
            for a in data.costs))
        self.method.setText(tr("Tokens are estimated: characters ÷ 4 or words × 1.3, whichever is more."))
        total, today = sum(data.injections_per_day), data.injections_per_day[-1] if data.injections_per_day else 0
        self.injection_summary.setText(tr("1 injection in 30 days, {today} today").format(today=today) if total == 1
            else tr("{total} injections in 30 days, {today} today").format(total=f"{total:,}", today=f"{today:,}")
            if total else
            tr("No injection recorded yet: the Claude Code hook records what it gives each turn."))
        self.status.setText(tr("Worked out in {ms} ms.").format(ms=round(data.seconds * 1000)))
        self._charts_wanted = True
        if self.charts is not None:
            self._draw_charts()
        else:
            self.body.update()   # the charts load after this paint

    def _show_waiting(self) -> None:
        data, links = self.data, self.waiting_links
        suggestions, review = self.counts["suggestions"], self.counts["review"]
        links["suggestions"].setText(
            tr("Suggestions: your sessions are read when you open the tab") if suggestions is None else
            tr("Suggestions: {count}").format(count=f"{suggestions:,}"))
        links["review"].setText(tr("Review: …") if review is None else tr("Review: {count}").format(
            count=f"{review:,}"))
        links["staged"].setText(tr("Agents' memories staged: …") if data is None else
                                tr("Agents' memories staged: {count}").format(count=f"{data.staged:,}"))
        links["broken"].setText(tr("Facts whose cited code is gone: …") if data is None else
                                tr("Facts whose cited code is gone: {count}").format(count=f"{data.broken:,}"))
        set_tone(links["broken"], "error" if data is not None and data.broken else None)

    def _show_agents(self, data: StoreOverview) -> None:
        lines = []
        for link in data.agents:
            name = agent_name(link.agent)
            if link.hook and link.server:
                said, shade = tr("{agent}: its hook and the MCP server reach this store"), None
            elif link.hook:
                said, shade = tr("{agent}: its hook reaches this store"), None
            elif link.server:
                said, shade = tr("{agent}: the MCP server reaches this store"), None
            elif link.elsewhere:
                said, shade = tr("{agent}: connected to another store"), "warning"
            elif link.installed:
                said, shade = tr("{agent}: not connected"), "warning"
            else:
                said, shade = tr("{agent}: not on this machine"), "muted"
            text = said.format(agent=name).replace("&", "&amp;").replace("<", "&lt;")
            mark = "✓ " if link.connected else "○ "
            colour = f' style="color: {tone_of(shade)}"' if shade else ""
            lines.append(f"<span{colour}>{mark}{text}</span>")
        self.agent_lines.setText("<br>".join(lines))

    # the charts, after the first paint -------------------------------------------------------------

    def _body_painted(self) -> None:
        self.painted.emit()
        if self._charts_wanted and self.charts is None:
            self._chart_modules.start()   # (on a thread; then the charts are made here)

    def _load_charts(self) -> None:
        """Each chart made and drawn in a turn of the event loop of its own: made together, with the
        window's first layout of them, they held the GUI thread past 100 ms (bench/window_startup.py)."""
        if self.charts is not None or self.data is None or self._half_made is not None:
            return
        from .charts import CostChart, prepare  # pyqtgraph and NumPy, imported meanwhile on a thread of their own

        prepare()
        cost = CostChart()
        self._half_made = cost
        self.cost_slot.addWidget(cost.widget)
        QTimer.singleShot(0, self._second_chart)

    def _second_chart(self) -> None:
        from .charts import InjectionChart

        cost, self._half_made = self._half_made, None
        if cost is None:
            return
        injections = InjectionChart()
        self.injection_slot.addWidget(injections.widget)
        self.charts = (cost, injections)
        self._draw_charts()

    def _draw_charts(self) -> None:
        data = self.data
        if data is None or self.charts is None:
            return
        cost, injections = self.charts
        cost.show([(agent_name(a.agent), a.per_turn_by_kind()) for a in data.costs])
        today = dt.datetime.now(dt.timezone.utc).date()
        days = len(data.injections_per_day)
        labels = [(today - dt.timedelta(days=days - 1 - d)).strftime("%m-%d") for d in range(days)]
        injections.show(data.injections_per_day, labels)
        costs = any(any(a.per_turn_by_kind().values()) for a in data.costs)
        injected = any(data.injections_per_day)
        cost.widget.setVisible(costs)
        self.cost_empty.setVisible(not costs)
        injections.widget.setVisible(injected)
        self.injection_empty.setVisible(not injected)
