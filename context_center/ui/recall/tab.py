"""The Recall tab: try a message, see the block and the trace; the last trace of any process;
what the hooks gave agents (the injection record); the pinned session context."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...engine import Engine
from ..engine_client import EngineClient
from ..messages import Messages
from ..tables import fill, read_only_table
from ..words import QT_TR_NOOP, tr
from .injections import InjectionView
from .reason_words import reason, suppressed

POLL_MS = 2000
# a fact's freshness, as the engine names it (one the window does not know is shown as it is)
FRESHNESS_WORDS = {"fresh": QT_TR_NOOP("fresh"), "current": QT_TR_NOOP("current"), "stale": QT_TR_NOOP("stale"),
                   "expired": QT_TR_NOOP("expired")}


class TraceView(QWidget):
    """One recall decision: outcome, budget, the block, selected and rejected facts."""

    def __init__(self, prefix: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outcome = QLabel()
        self.outcome.setObjectName(f"{prefix}_outcome")
        self.outcome.setWordWrap(True)
        self.block = QPlainTextEdit()
        self.block.setObjectName(f"{prefix}_block")
        self.block.setReadOnly(True)
        self.block.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.block.setPlaceholderText(tr("Nothing would be appended."))
        self.selected = read_only_table([tr("Fact"), tr("Revision"), tr("Score"), tr("Freshness"), tr("Reason"),
                                         tr("Conflicts with")], f"{prefix}_selected")
        self.rejected = read_only_table([tr("Fact"), tr("Score"), tr("Why not")], f"{prefix}_rejected")
        tables = QSplitter(Qt.Orientation.Vertical)
        for title, table in ((tr("Selected"), self.selected), (tr("Rejected candidates"), self.rejected)):
            box = QGroupBox(title)
            QVBoxLayout(box).addWidget(table)
            tables.addWidget(box)
        splitter = QSplitter()
        splitter.addWidget(self.block)
        splitter.addWidget(tables)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.outcome)
        layout.addWidget(splitter, 1)

    def show_trace(self, trace: dict[str, Any] | None) -> None:
        if not trace:
            self.outcome.setText(tr("No recall has run for this workspace yet."))
            self.block.clear()
            fill(self.selected, [])
            fill(self.rejected, [])
            return
        state = (tr("Suppressed: {reason}").format(reason=suppressed(trace)) if trace["suppressed"]
                 else tr("Recalled {count} fact(s)").format(count=len(trace["hits"])))
        more = trace.get("rejected_count", 0) - len(trace.get("rejected", []))
        numbers = {"query": trace["query"], "used": f"{trace['used_chars']:,}", "budget": f"{trace['char_budget']:,}",
                   "limit": trace["limit"], "omitted": trace["omitted"]}
        said = (tr("<b>{state}</b> at {time} for “{query}” — {used} of {budget} characters, at most {limit} facts, "
                   "{omitted} omitted").format(state=state, time=trace["created_at"], **numbers)
                if trace.get("created_at") else
                tr("<b>{state}</b> for “{query}” — {used} of {budget} characters, at most {limit} facts, "
                   "{omitted} omitted").format(state=state, **numbers))
        self.outcome.setText(said + (tr(", {count} more rejected").format(count=more) if more > 0 else ""))
        self.block.setPlainText(trace["block"])
        fill(self.selected, [(h["ref"], h["revision"], f"{h['score']:.3f}",
                              tr(FRESHNESS_WORDS[h["freshness"]]) if h["freshness"] in FRESHNESS_WORDS
                              else h["freshness"], reason(h), _conflicts(h))
                              for h in trace["hits"]])
        fill(self.rejected, [(r["ref"], "-" if r["score"] is None else f"{r['score']:.3f}", reason(r))
                              for r in trace.get("rejected", [])])


def _conflicts(hit: dict[str, Any]) -> str:
    """The facts that dispute a hit (the block names them to the agent too): "ref: what it says"."""
    return "; ".join(f"{other['ref']}: {other['snippet']}" for other in hit.get("conflicts_with") or []) or "—"


def _context(engine: Engine) -> tuple[str, int, int, list[str]]:
    context = engine.session_context()
    return context.text, context.used_chars, context.budget, [f"{g.ref} → {p.ref}" for g, p in context.suppressed]


class RecallTab(QWidget):
    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.message = QLineEdit()
        self.message.setObjectName("recall_message")
        self.message.setPlaceholderText(tr("Type a user message to see what automatic recall would append"))
        self.message.returnPressed.connect(self.try_message)
        button = QPushButton(tr("&Try recall"))
        button.clicked.connect(self.try_message)
        top = QHBoxLayout()
        top.addWidget(self.message, 1)
        top.addWidget(button)
        self.tester = TraceView("try")
        self.last = TraceView("last")
        self.injections = InjectionView(client, messages)
        self.context = QPlainTextEdit()
        self.context.setObjectName("session_context")
        self.context.setReadOnly(True)
        self.context.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.context_label = QLabel()
        context_page = QWidget()
        context_layout = QVBoxLayout(context_page)
        context_layout.addWidget(self.context_label)
        context_layout.addWidget(self.context, 1)
        self.pages = QTabWidget()
        self.pages.addTab(self.tester, tr("Try a message"))
        self.pages.addTab(self.last, tr("Last recall (any process)"))
        self.pages.addTab(self.injections, tr("What agents received"))
        self.pages.addTab(context_page, tr("Pinned session context"))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.pages, 1)
        self.tester.show_trace(None)
        self.tester.outcome.setText(tr("Type a message above and press Enter."))
        self._last_id: int | None = None
        self.poll = QTimer(self)
        self.poll.setInterval(POLL_MS)
        self.poll.timeout.connect(self._poll)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self.poll.start()
        self.reload()

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.poll.stop()
        super().hideEvent(event)

    def reset(self) -> None:
        """Another workspace was opened: no trace or context of the previous one stays on screen."""
        self._last_id = None
        self.tester.show_trace(None)
        self.tester.outcome.setText(tr("Type a message above and press Enter."))
        self.last.show_trace(None)
        self.injections.reset()
        self.context.clear()
        self.context_label.clear()

    def reload(self) -> None:
        self.reload_last()
        self.injections.reload()
        self.client.submit(_context, self._show_context, lambda e: self.messages.failure(tr("build the context"), e))

    @Slot()
    def _poll(self) -> None:
        """Hooks in other processes write to the catalog, which is not watched: look now and then."""
        if self.client.busy:
            return  # the worker is busy (an index build, a write): poll again later
        self.reload_last()
        self.injections.poll()

    @Slot()
    def reload_last(self) -> None:
        if self.client.busy:
            return  # the worker is busy (an index build, a write): poll again later
        self.client.submit(lambda engine: engine.last_recall(), self._show_last,
                           lambda e: self.messages.failure(tr("read the last recall"), e))

    def _show_last(self, trace: dict[str, Any] | None) -> None:
        trace_id = trace.get("trace_id") if trace else None
        if trace_id != self._last_id or trace is None:
            self._last_id = trace_id
            self.last.show_trace(trace)

    def _show_context(self, result: tuple[str, int, int, list[str]]) -> None:
        text, used, budget, suppressed = result
        note = tr("Pinned bodies: {used} of {budget} characters").format(used=f"{used:,}", budget=f"{budget:,}")
        if suppressed:
            note += tr(" — overridden by project facts: {facts}").format(facts="; ".join(suppressed))
        self.context_label.setText(note)
        self.context.setPlainText(text or tr("(no pinned facts: nothing is added at session start)"))

    @Slot()
    def try_message(self) -> None:
        message = self.message.text()
        if not message.strip():
            return
        self.client.submit(lambda engine: engine.recall(message).to_json(), self._tried,
                           lambda e: self.messages.failure(tr("run recall"), e))

    def _tried(self, trace: dict[str, Any]) -> None:
        self.tester.show_trace(trace)
        self.pages.setCurrentWidget(self.tester)
        self.reload_last()
