"""The Review tab: what to merge, fix or let go, each with its reason, evidence and a preview of the
exact texts before and after; Apply, Edit then apply, Dismiss, and Undo right after.

The queue is worked out on the engine's worker (a few seconds at 10,000 facts); the last result
stays shown while it is worked out again. Nothing is applied without a click, and an item whose
facts changed since it was shown is refused by the engine (never a stale preview).
"""
from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine import Change, Engine
from .diffs import diff_html
from .engine_client import EngineClient
from .icons import badge
from .messages import Messages, describe
from .review_words import evidence_word, inner_word, reason
from .tables import read_only_view
from .theme import tone
from .words import QT_TR_NOOP, tr

UNUSED_NOTE = QT_TR_NOOP("“Unused” rests on what the Claude Code hook injected and what agents' MCP searches "
                         "returned: an agent that recalls by other means is invisible to it.")
# the engine's words for an item's kind and action (one the window does not know is shown as it is)
KIND_WORDS = {"duplicate": QT_TR_NOOP("duplicate"), "related": QT_TR_NOOP("related"),
              "contradiction": QT_TR_NOOP("contradiction"),
              "override": QT_TR_NOOP("override"), "stale": QT_TR_NOOP("stale"), "expired": QT_TR_NOOP("expired"),
              "broken": QT_TR_NOOP("broken"), "changed": QT_TR_NOOP("changed"), "unused": QT_TR_NOOP("unused"),
              "oversize": QT_TR_NOOP("oversize"), "staged": QT_TR_NOOP("staged"), "worktree": QT_TR_NOOP("worktree")}
ACTION_WORDS = {"merge": QT_TR_NOOP("merge"), "keep": QT_TR_NOOP("keep"), "verify": QT_TR_NOOP("verify"),
                "forget": QT_TR_NOOP("forget"), "split": QT_TR_NOOP("split"), "advice": QT_TR_NOOP("advice"),
                "clear": QT_TR_NOOP("clear")}


def _word(words: dict[str, str], word: str) -> str:
    return tr(words[word]) if word in words else word


class ReviewItems(QAbstractTableModel):
    """The queue's items as rows (kind, facts, why), each cell worded when first shown: a thousand
    items put in a table widget cell by cell held the window for a tenth of a second."""

    HEADERS = (QT_TR_NOOP("Kind"), QT_TR_NOOP("Facts"), QT_TR_NOOP("Why"))

    def __init__(self) -> None:
        super().__init__()
        self.items: list[Any] = []
        self._said: dict[int, tuple[str, str, str]] = {}

    def set_items(self, items: list[Any]) -> None:
        self.beginResetModel()
        self.items, self._said = items, {}
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt's name
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return tr(self.HEADERS[section])
        return None

    def text(self, row: int, column: int) -> str:
        said = self._said.get(row)
        if said is None:
            item = self.items[row]
            said = self._said[row] = (_word(KIND_WORDS, item.kind), ", ".join(item.refs) or item.target, reason(item))
        return said[column]

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.text(index.row(), index.column())
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 0:   # a fact's state, with its badge
            return badge(self.items[index.row()].kind)
        return None


class EditTextDialog(QDialog):
    """The text an apply writes, edited first."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Edit, then apply"))
        self.setMinimumSize(560, 320)
        self.text = QPlainTextEdit(text)
        self.text.setObjectName("review_edit_text")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("A&pply"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("The fact will hold this text (a new revision; Undo takes it back):")))
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)


class ReviewTab(QWidget):
    written = Signal(object, object)   # Change, None: the window reloads what an apply or undo touched
    counted = Signal(int)              # items in the queue, for the tab's title
    undo_changed = Signal()            # whether there is a decision to take back changed (Edit ▸ Undo)

    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.items: list[Any] = []
        self.undo_tokens: list[str] = []    # what the last apply here recorded (Undo, Ctrl+Z takes it back)
        self.undismiss_ids: list[str] = []  # or what the last dismissal here dismissed (Undo proposes them again)
        self._notice = ""                   # a refusal, kept in view while the queue is worked out again
        self.model = ReviewItems()
        self.table = read_only_view(self.model, "review")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.selectionModel().currentRowChanged.connect(lambda current, _previous: self._preview(current.row()))
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.preview = QTextBrowser()
        self.preview.setObjectName("review_preview")
        self.status = QLabel()
        self.status.setObjectName("review_status")
        self.status.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        for key, label, slot in (("apply", tr("A&pply"), self.apply_selected),
                                 ("keep_other", tr("&Keep the other"), self.keep_other),
                                 ("edit", tr("Ed&it then apply…"), self.edit_then_apply),
                                 ("dismiss", tr("&Dismiss"), self.dismiss_selected),
                                 ("undo", tr("U&ndo"), self.undo_last)):
            button = QPushButton(label)
            button.setObjectName(f"review_{key}")
            button.clicked.connect(slot)
            self.buttons[key] = button
            row.addWidget(button)
        # Keep the other shows for a contradiction or an override only; its room stays when it is hidden,
        # so Apply does not move ~110 px between item kinds under the pointer
        policy = self.buttons["keep_other"].sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.buttons["keep_other"].setSizePolicy(policy)
        self.buttons["undo"].setToolTip(tr("Take the last apply back, as new revisions, or the last dismissal "
                                           "(Ctrl+Z)"))
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.preview)
        splitter.setSizes([260, 340])
        layout = QVBoxLayout(self)
        note = QLabel(tr("Proposals only: nothing is changed until you apply it, and Undo takes an apply back."))
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(splitter, 1)
        layout.addLayout(row)
        self._update_buttons()

    # loading --------------------------------------------------------------------------------------

    def reset(self) -> None:
        self.items = []
        self.undo_tokens, self.undismiss_ids = [], []
        self.model.set_items([])
        self.preview.clear()
        self.status.clear()
        self.counted.emit(0)
        self._update_buttons()

    def reload(self) -> None:
        """Work the queue out again (on the worker); what is shown stays until the answer comes."""
        self.status.setText(self._notice + tr("Checking the store…"))
        self.client.submit(lambda engine: engine.review.items(), self.show_items,
                           lambda e: self.status.setText(tr("Could not review the store: {error}").format(
                               error=describe(e))), owner=self)

    def show_items(self, items: list[Any]) -> None:
        selected = {self.items[r].id for r in self._rows() if r < len(self.items)}
        self.items = items
        self.model.set_items(items)
        self._fit_columns()
        self.counted.emit(len(items))
        if not self._notice:
            self.status.setToolTip("")   # (a refusal's code goes with it)
        self.status.setText(self._notice + (tr("Nothing to review.") if not items else
                                            tr("1 item to review.") if len(items) == 1 else
                                            tr("{count} items to review.").format(count=len(items))))
        self._notice = ""
        rows = [n for n, item in enumerate(items) if item.id in selected]
        if items:
            # (not selectRow: with Control held, as the keyboard last said, it took the row away)
            self.table.selectionModel().setCurrentIndex(
                self.table.model().index(rows[0] if rows else 0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        else:
            self.preview.setHtml("<p>" + tr("Nothing to review: no duplicates, contradictions, stale or broken facts.")
                                 + "</p>")
        self._preview(self.table.currentIndex().row())
        self._update_buttons()

    def _fit_columns(self) -> None:
        """Kind and Facts as wide as their longest words, measured here in a few calls: sized by the
        view, each of a thousand rows was asked for its words while the worker held the interpreter
        (a tenth of a second at 10,000 facts); Why, free text, takes the rest."""
        metrics, header = self.table.fontMetrics(), self.table.horizontalHeader()
        badge_room = self.table.iconSize().width() if self.table.iconSize().isValid() else 16
        margin = 2 * self.table.style().pixelMetric(self.table.style().PixelMetric.PM_HeaderMargin) + 8
        kinds = {_word(KIND_WORDS, item.kind) for item in self.items}
        facts = sorted({self.model.text(row, 1) for row in range(len(self.items))}, key=len)[-20:]
        kind_width = max((metrics.horizontalAdvance(word) for word in kinds), default=0) + badge_room + margin
        facts_width = max((metrics.horizontalAdvance(text) for text in facts), default=0) + margin
        header.resizeSection(0, max(header.sectionSizeHint(0), kind_width))
        header.resizeSection(1, max(header.sectionSizeHint(1),
                                    min(facts_width, max(160, self.table.viewport().width() // 2))))

    def _rows(self) -> list[int]:
        return sorted({index.row() for index in self.table.selectionModel().selectedRows()})

    def selected(self) -> list[Any]:
        return [self.items[r] for r in self._rows() if r < len(self.items)]

    def _preview(self, row: int) -> None:
        if not 0 <= row < len(self.items):
            return
        item = self.items[row]
        kind, action = _word(KIND_WORDS, item.kind), _word(ACTION_WORDS, item.action)
        what = item.refs[0] if item.refs else item.target   # what the action acts on ("contradiction: keep" said not)
        head = tr("{kind}: {action} {what}").format(kind=kind, action=action, what=what) if what \
            else f"{kind}: {action}"
        parts = [f"<h3>{html.escape(head)}</h3>",
                 f"<p>{html.escape(reason(item))}</p>"]
        if item.before or item.after:
            parts.append(diff_html(item.before, item.after))
        if item.kind == "unused":
            parts.append(f"<p><i>{html.escape(tr(UNUSED_NOTE))}</i></p>")
        parts.append(_evidence_html(item.evidence))
        self.preview.setHtml("".join(parts))

    def _update_buttons(self) -> None:
        chosen = self.selected()
        writes = [item for item in chosen if item.action != "advice"]
        self.buttons["apply"].setEnabled(bool(writes))
        self.buttons["edit"].setEnabled(len(chosen) == 1 and chosen[0].editable)
        choice = len(chosen) == 1 and chosen[0].kind in ("contradiction", "override")
        self.buttons["keep_other"].setVisible(choice)
        if choice:
            self.buttons["keep_other"].setToolTip(tr("Keep {kept} and forget {forgotten}").format(
                kept=chosen[0].refs[1], forgotten=chosen[0].refs[0]))
        self.buttons["dismiss"].setEnabled(bool(chosen))
        self.buttons["undo"].setEnabled(self.can_undo())
        self.undo_changed.emit()   # (Ctrl+Z is the window's Edit ▸ Undo: one Undo, whichever tab)

    def can_undo(self) -> bool:
        return bool(self.undo_tokens or self.undismiss_ids)

    # deciding -------------------------------------------------------------------------------------

    @Slot()
    def apply_selected(self) -> None:
        ids = [item.id for item in self.selected() if item.action != "advice"]
        if ids:
            self._apply(ids, None)

    @Slot()
    def keep_other(self) -> None:
        """A contradiction or an override: the other fact stands (Apply keeps the proposed one)."""
        chosen = self.selected()
        if len(chosen) == 1 and chosen[0].kind in ("contradiction", "override"):
            self._apply([chosen[0].id], None, keep=chosen[0].refs[1])

    @Slot()
    def edit_then_apply(self) -> EditTextDialog | None:
        chosen = self.selected()
        if len(chosen) != 1 or not chosen[0].editable:
            return None
        item = chosen[0]
        dialog = EditTextDialog(item.proposed_text, self)
        dialog.accepted.connect(lambda: self._apply([item.id], dialog.text.toPlainText()))
        dialog.open()
        return dialog

    def _apply(self, ids: list[str], text: str | None, keep: str | None = None) -> None:
        self.status.setText(tr("Applying…"))

        def job(engine: Engine) -> list[dict[str, Any]]:
            review = engine.review
            return [review.apply(item_id, edit_text=text, keep=keep) for item_id in ids]

        def done(results: list[dict[str, Any]]) -> None:
            self.undo_tokens, self.undismiss_ids = [r["undo"] for r in results], []
            self._update_buttons()
            changed = sum(len(r["changes"]) for r in results)
            items = tr("1 item") if len(results) == 1 else tr("{count} items").format(count=len(results))
            changes = tr("1 change") if changed == 1 else tr("{count} changes").format(count=changed)
            self.status.setText(tr("Applied {items} ({changes}). Undo (Ctrl+Z) takes it back.").format(
                items=items, changes=changes))
            self.messages.undoable(tr("Applied 1 review item") if len(results) == 1 else
                                   tr("Applied {count} review items").format(count=len(results)), self.undo_last)
            self.written.emit(Change(facts=True, archive=True), None)   # the window reloads, this tab too

        def refused(error: BaseException) -> None:
            self._notice = f"<span style='color:{tone('error')}'>{html.escape(describe(error))}</span> "   # in words
            self.status.setToolTip(tr("Error code: {code}").format(code=getattr(error, "code", "ERROR")))
            self.status.setText(self._notice)
            self.reload()   # what the engine refused is shown as it is now, the refusal kept in view

        self.client.submit(job, done, refused)

    @Slot()
    def dismiss_selected(self) -> None:
        ids = [item.id for item in self.selected()]
        if not ids:
            return

        def job(engine: Engine) -> None:
            review = engine.review
            for item_id in ids:
                review.dismiss(item_id)

        def done(_none: None) -> None:
            self.undo_tokens, self.undismiss_ids = [], ids
            self._update_buttons()
            said = tr("Dismissed {count}: not proposed again until their facts change. Undo (Ctrl+Z) "
                      "proposes them again.").format(count=len(ids))
            self.status.setText(said)
            self.messages.undoable(said, self.undo_last)   # (the last apply's word no longer stays)
            self.reload()

        self.client.submit(job, done, lambda e: self.status.setText(tr("Could not dismiss: {error}").format(
            error=describe(e))))

    @Slot()
    def undo_last(self) -> None:
        if self.undismiss_ids:
            self._undismiss()
        if not self.undo_tokens:
            return
        tokens = list(reversed(self.undo_tokens))   # the last applied first
        self.undo_tokens = []
        self._update_buttons()

        def job(engine: Engine) -> int:
            review = engine.review
            for token in tokens:
                review.undo(token)
            return len(tokens)

        def done(count: int) -> None:
            said = (tr("Undone: the store is as before (1 decision taken back, as new revisions).") if count == 1
                    else tr("Undone: the store is as before ({count} decisions taken back, as new "
                            "revisions).").format(count=count))
            self.status.setText(said)
            self.messages.info(said)   # ("Applied 1 review item" stayed in the status bar)
            self.written.emit(Change(facts=True, archive=True), None)

        self.client.submit(job, done, lambda e: self.status.setText(
            f"<span style='color:{tone('error')}'>"
            + tr("Could not undo: {error}").format(error=html.escape(describe(e))) + "</span>"))


    def _undismiss(self) -> None:
        ids, self.undismiss_ids = self.undismiss_ids, []
        self._update_buttons()

        def job(engine: Engine) -> None:
            review = engine.review
            for item_id in ids:
                review.undismiss(item_id)

        def done(_none: None) -> None:
            self.status.setText(tr("Proposed again: {count}.").format(count=len(ids)))
            self.messages.info(self.status.text())
            self.reload()

        self.client.submit(job, done, lambda e: self.status.setText(tr("Could not undo: {error}").format(
            error=describe(e))))


def _value_words(value: Any) -> str:
    """A value of the evidence in words: yes or no, never Python's True or False ("same title: False")."""
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if isinstance(value, (list, tuple)):   # "package-manager: npm; …", never Python's ['…']
        return "; ".join(_value_words(item) for item in value)
    return str(value)


def _evidence_html(evidence: dict[str, Any]) -> str:
    """The evidence as a short list: each key, and a nested mapping as its own lines."""
    rows = []
    for key, value in evidence.items():
        if key in ("note", "refs", "checked_at") or value in (None, "", [], {}):
            continue
        label = html.escape(evidence_word(key))
        if isinstance(value, dict):
            inner = "".join(f"<li>{html.escape(inner_word(k))}: {html.escape(_value_words(v))[:300]}</li>"
                            for k, v in value.items())
            rows.append(f"<li>{label}:<ul>{inner}</ul></li>")
        else:
            rows.append(f"<li>{label}: {html.escape(_value_words(value))[:300]}</li>")
    return "<p><b>" + tr("Evidence") + f"</b></p><ul>{''.join(rows)}</ul>" if rows else ""
