"""The Recall tab's injection record: a timeline of what the hooks gave agents, each entry's trace
as it was recorded, and "Why not this fact?" for a recorded prompt."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ...engine import Engine
from ..engine_client import EngineClient
from ..messages import Messages, describe
from ..tables import fill, read_only_table
from ..words import QT_TR_NOOP, tr
from . import reason_words

TIMELINE_ROWS = 1000   # the newest records shown (the record itself keeps its own bounds)
ALL_SESSIONS = QT_TR_NOOP("All sessions")
# the engine's words for a record's kind and a fact's decision (one the window does not know is shown as it is)
KIND_WORDS = {"recall": QT_TR_NOOP("recall"), "session-context": QT_TR_NOOP("session-context")}
DECISION_WORDS = {"injected": QT_TR_NOOP("injected"), "rejected": QT_TR_NOOP("rejected"),
                  "overridden": QT_TR_NOOP("overridden"), "recalled": QT_TR_NOOP("recalled"),
                  "suppressed": QT_TR_NOOP("suppressed"), "included": QT_TR_NOOP("included"),
                  "left out": QT_TR_NOOP("left out")}


def _word(words: dict[str, str], word: str) -> str:
    return tr(words[word]) if word in words else word

Timeline = tuple[int | None, list[str], list[dict[str, Any]], list[tuple[str, str]], tuple[int, int]]


def _timeline(engine: Engine, session: str | None) -> Timeline:
    """Runs on the worker: the newest record's id, the sessions, the records (newest first), the
    facts to ask about, and the bounds."""
    facts = sorted(((f.ref, f.label) for f in engine.facts()), key=lambda pair: pair[0])
    return (_newest(engine), engine.injection_sessions(),
            [r.to_json() for r in engine.injections(session, TIMELINE_ROWS)], facts, engine.injection_bounds())


def _newest(engine: Engine) -> int | None:
    newest = engine.injections(limit=1)
    return newest[0].id if newest else None


def _outcome(record: dict[str, Any]) -> str:
    if record["suppressed"]:
        return tr("suppressed: {reason}").format(reason=reason_words.suppression(record["suppressed"]))
    return ", ".join(i["ref"] for i in record["injected"])


class FactChoices(QAbstractListModel):
    """Every fact of the store to ask about, as "ref — label" (the ref its data): held as one list,
    so 100,000 facts cost the window no item each, and found by ref in a dict."""

    def __init__(self) -> None:
        super().__init__()
        self._facts: list[tuple[str, str]] = []
        self._rows: dict[str, int] = {}

    def set_facts(self, facts: list[tuple[str, str]]) -> None:
        self.beginResetModel()
        self._facts, self._rows = facts, {ref: row for row, (ref, _) in enumerate(facts)}
        self.endResetModel()

    def row_of(self, ref: str) -> int:
        return self._rows.get(ref, -1)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._facts)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._facts):
            return None
        ref, label = self._facts[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return f"{ref} — {label}"
        if role == Qt.ItemDataRole.UserRole:
            return ref
        return None


class InjectionView(QWidget):
    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.records: list[dict[str, Any]] = []
        self.newest_id: int | None = None
        self._selected_id: int | None = None

        self.sessions = QComboBox()
        self.sessions.setObjectName("injection_sessions")
        self.sessions.setMinimumContentsLength(24)
        self.sessions.addItem(tr(ALL_SESSIONS), None)
        self.sessions.currentIndexChanged.connect(self._session_chosen)
        session_label = QLabel(tr("&Session:"))
        session_label.setBuddy(self.sessions)
        self.bounds = QLabel()
        self.bounds.setObjectName("injection_bounds")
        top = QHBoxLayout()
        top.addWidget(session_label)
        top.addWidget(self.sessions)
        top.addStretch(1)
        top.addWidget(self.bounds)

        self.timeline = read_only_table([tr("Time (UTC)"), tr("Session"), tr("Kind"), tr("Chars"), tr("Injected"),
                                         tr("Prompt")], "injection_timeline")
        self.timeline.itemSelectionChanged.connect(self._record_chosen)
        self.outcome = QLabel(tr("Choose a record to see what the agent received."))
        self.outcome.setObjectName("injection_outcome")
        self.outcome.setWordWrap(True)
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)
        self.trace = read_only_table([tr("Fact"), tr("Revision"), tr("Decision"), tr("Score"), tr("Reason")],
                                     "injection_trace")
        self.trace.itemSelectionChanged.connect(self._trace_row_chosen)

        self.fact_choices = FactChoices()
        self.fact_choice = QComboBox()
        self.fact_choice.setObjectName("why_not_fact")
        self.fact_choice.setModel(self.fact_choices)
        self.fact_choice.setMinimumContentsLength(28)
        # its width from that length, not from measuring every fact; typing finds one among them all
        self.fact_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.fact_choice.setEditable(True)
        self.fact_choice.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = QCompleter(self.fact_choices, self.fact_choice)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.fact_choice.setCompleter(completer)
        self.why_button = QPushButton(tr("&Why not?"))
        self.why_button.setObjectName("why_not_button")
        self.why_button.setToolTip(tr("Ask the gate again about this fact for the selected record's prompt"))
        self.why_button.clicked.connect(self.ask_why_not)
        self.why_result = QLabel()
        self.why_result.setObjectName("why_not_result")
        self.why_result.setWordWrap(True)
        self.why_result.setTextFormat(Qt.TextFormat.PlainText)
        why_box = QGroupBox(tr("Why not this fact?"))
        why_row = QHBoxLayout()
        fact_label = QLabel(tr("Fa&ct:"))
        fact_label.setBuddy(self.fact_choice)
        why_row.addWidget(fact_label)
        why_row.addWidget(self.fact_choice, 1)
        why_row.addWidget(self.why_button)
        why_layout = QVBoxLayout(why_box)
        why_layout.addLayout(why_row)
        why_layout.addWidget(self.why_result)

        detail = QWidget()
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        detail_layout.addWidget(self.outcome)
        detail_layout.addWidget(self.trace, 1)
        detail_layout.addWidget(why_box)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.timeline)
        splitter.addWidget(detail)
        splitter.setSizes([300, 300])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self._enable_why()

    # loading ---------------------------------------------------------------------------------

    def reset(self) -> None:
        """Another workspace: nothing of the previous one stays on screen."""
        self.records, self.newest_id, self._selected_id = [], None, None
        self.sessions.blockSignals(True)
        self.sessions.clear()
        self.sessions.addItem(tr(ALL_SESSIONS), None)
        self.sessions.blockSignals(False)
        self.fact_choices.set_facts([])
        fill(self.timeline, [])
        self._show_record(None)

    def reload(self) -> None:
        session = self.sessions.currentData()
        self.client.submit(lambda engine: _timeline(engine, session), self._show_timeline,
                           lambda e: self.messages.failure(tr("read the injection record"), e))

    def poll(self) -> None:
        """Reload when a hook has written a record since the last look (the catalog is not watched)."""
        self.client.submit(_newest, self._polled, lambda e: self.messages.failure(tr("read the injection record"), e))

    def _polled(self, newest: int | None) -> None:
        if newest != self.newest_id:
            self.reload()

    def _show_timeline(self, loaded: Timeline) -> None:
        self.newest_id, sessions, records, facts, (days, entries) = loaded
        self.records = records
        chosen = self.sessions.currentData()
        self.sessions.blockSignals(True)
        self.sessions.clear()
        self.sessions.addItem(tr(ALL_SESSIONS), None)
        for session in sessions:
            self.sessions.addItem(session or tr("(no session id)"), session)
        index = self.sessions.findData(chosen) if chosen is not None else 0
        self.sessions.setCurrentIndex(max(index, 0))
        self.sessions.blockSignals(False)
        self.bounds.setText(tr("Kept: the last {days} days, at most {entries} records").format(
            days=f"{days:,}", entries=f"{entries:,}") if days and entries else tr("The injection record is turned off"))
        current_fact = self.fact_choice.currentData()
        self.fact_choices.set_facts(facts)
        self.fact_choice.setCurrentIndex(max(self.fact_choices.row_of(current_fact), 0) if current_fact else 0)
        self.timeline.blockSignals(True)
        fill(self.timeline, [(r["time"], r["session_id"] or "-", _word(KIND_WORDS, r["kind"]), f"{r['chars']:,}",
                              _outcome(r), r["prompt"] if r["kind"] == "recall"
                              else tr("session start ({source})").format(source=r["source"] or "?"))
                             for r in records])
        self.timeline.blockSignals(False)
        row = next((i for i, r in enumerate(records) if r["id"] == self._selected_id), None)
        if row is None and records:
            row = 0
        if row is None:
            self._show_record(None)
        else:
            self.timeline.selectRow(row)
            self._show_record(records[row])

    # choosing ----------------------------------------------------------------------------------

    @Slot()
    def _session_chosen(self) -> None:
        self._selected_id = None
        self.reload()

    @Slot()
    def _record_chosen(self) -> None:
        rows = self.timeline.selectionModel().selectedRows()
        self._show_record(self.records[rows[0].row()] if rows and rows[0].row() < len(self.records) else None)

    def selected(self) -> dict[str, Any] | None:
        return next((r for r in self.records if r["id"] == self._selected_id), None)

    def select_record(self, injection_id: int) -> bool:
        row = next((i for i, r in enumerate(self.records) if r["id"] == injection_id), None)
        if row is None:
            return False
        self.timeline.selectRow(row)
        return True

    def _show_record(self, record: dict[str, Any] | None) -> None:
        self.why_result.clear()
        if record is None:
            self._selected_id = None
            self.outcome.setText(tr("No injection has been recorded for this workspace yet.") if not self.records
                                 else tr("Choose a record to see what the agent received."))
            fill(self.trace, [])
            self._enable_why()
            return
        self._selected_id = record["id"]
        what = (tr("Prompt “{prompt}”").format(prompt=record["prompt"]) if record["kind"] == "recall"
                else tr("Session start ({source})").format(source=record["source"] or tr("unknown source")))
        given = (tr("nothing (suppressed: {reason})").format(reason=reason_words.suppression(record["suppressed"]))
                 if record["suppressed"]
                 else tr("{count} fact(s), {chars} characters").format(count=len(record["injected"]),
                                                                       chars=f"{record['chars']:,}"))
        more = record.get("rejected_count", 0) - sum(t["decision"] != "injected" for t in record["trace"])
        self.outcome.setText(tr("{what} — {agent}, session {session}, {time}: the agent received {given}").format(
            what=what, agent=record["agent"], session=record["session_id"] or tr("(none)"), time=record["time"],
            given=given) + (tr("; {count} more held back, not named").format(count=more) if more > 0 else ""))
        fill(self.trace, [(t["ref"], t["revision"], _word(DECISION_WORDS, t["decision"]),
                           "-" if t["score"] is None else f"{t['score']:.3f}", reason_words.reason(t))
                          for t in record["trace"]])
        self._enable_why()

    @Slot()
    def _trace_row_chosen(self) -> None:
        rows = self.trace.selectionModel().selectedRows()
        record = self.selected()
        if rows and record and rows[0].row() < len(record["trace"]):
            index = self.fact_choices.row_of(record["trace"][rows[0].row()]["ref"])
            if index >= 0:
                self.fact_choice.setCurrentIndex(index)

    def _enable_why(self) -> None:
        self.why_button.setEnabled(self._selected_id is not None and self.fact_choice.count() > 0)

    # why not --------------------------------------------------------------------------------

    @Slot()
    def ask_why_not(self) -> None:
        ref, injection_id = self.fact_choice.currentData(), self._selected_id
        if ref is None or injection_id is None:
            return
        self.why_result.setText(tr("Asking the gate…"))
        self.client.submit(lambda engine: engine.why_not(ref, injection_id).to_json(), self._answered,
                           self._not_answered)

    def _answered(self, answer: dict[str, Any]) -> None:
        if answer["injection_id"] != self._selected_id:
            return   # another record was chosen meanwhile
        entry = answer.get("recorded_entry")
        recorded = (f"{_word(DECISION_WORDS, entry['decision'])}: {reason_words.reason(entry)}" if entry
                    else _word(DECISION_WORDS, answer["recorded"]) if answer["recorded"] else None)
        said = (tr("The record says: {recorded}.").format(recorded=recorded) if recorded
                else tr("The record's trace did not name this fact."))
        note = reason_words.notes(answer)
        note = note[:1].upper() + note[1:]
        self.why_result.setText(f"{answer['ref']}: {_word(DECISION_WORDS, answer['decision'])} — "
                                f"{reason_words.reason(answer)}.\n{said}\n{note}.")

    def _not_answered(self, error: BaseException) -> None:
        self.why_result.setText(describe(error))
