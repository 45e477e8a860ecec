"""Create or edit a fact: a form that validates as you type and shows the engine's refusal in place."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Callable, cast

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...engine import (
    FACT_CHOICES,
    PINNED_BUDGET_CHARS,
    Engine,
    Fact,
    FactFields,
    FactInput,
    NameConflict,
    PinnedBudgetExceeded,
    RefusedError,
    RevisionConflict,
    SubjectConflict,
    WriteResult,
    name_from_title,
    validate_fact_input,
)
from .. import dialogs
from ..engine_client import EngineClient
from ..messages import describe
from ..theme import set_banner, set_tone
from ..words import tr
from .model import value_word

if TYPE_CHECKING:   # (a suggestion's record: loaded with the Suggestions tab)
    from ...engine import Acceptance

# the engine's values; "" (unset) first where a field may stay unset
# a new fact is a project fact unless chosen otherwise, as on the command line: it comes first
SAVE_KEYS = ("Ctrl+Return", "Ctrl+Enter")   # the form's Save, wherever the cursor is in it
_CHOICES = {"type": tuple(sorted(FACT_CHOICES["type"], key=lambda t: t != "project")), "scope": FACT_CHOICES["scope"],
            "activation": FACT_CHOICES["activation"], "volatility": ("", *FACT_CHOICES["volatility"])}


class FactForm(QDialog):
    """``saved(result)`` is emitted once the engine has written the fact (the save job's result: a
    :class:`WriteResult`, or an :class:`Acceptance` for a suggestion; each carries its ``.change``
    and its ``.fact``); ``refused(error)`` when it would not (the form stays open with the refusal
    in place)."""

    saved = Signal(object)
    refused = Signal(object)

    def __init__(self, client: EngineClient, fact: Fact | None = None, parent: QWidget | None = None,
                 *, initial: dict[str, str] | None = None,
                 save_job: Callable[[Engine, FactInput], WriteResult | Acceptance] | None = None) -> None:
        """Edit ``fact``, or create a new one (prefilled from ``initial``). ``save_job`` replaces how
        the fact is stored (accepting a suggestion stores it and records the decision; promoting an
        agent's proposal writes the edits and the promotion as one revision)."""
        super().__init__(parent)
        self.client = client
        self.fact = fact
        self.save_job = save_job
        self._initial: dict[str, str] = {}   # the values as opened: what "changed" means
        self._show_all_errors = False         # set by a save attempt
        self._touched: set[str] = set()       # fields the user typed in or left (their errors show)
        self.setWindowTitle(tr("Edit fact") if fact else tr("New fact"))
        self.setMinimumWidth(560)
        self.fields: dict[str, Any] = {}
        self.errors: dict[str, QLabel] = {}
        form = QFormLayout()
        for name, label in (("title", tr("&Title")), ("name", tr("&Name")), ("description", tr("&Description")),
                            ("type", tr("T&ype")), ("scope", tr("&Scope")), ("keywords", tr("&Keywords")),
                            ("subject_key", tr("Su&bject key")), ("activation", tr("&Activation")),
                            ("volatility", tr("&Volatility")), ("expires_at", tr("E&xpires")),
                            ("worktree", tr("Only in &worktree")), ("branch", tr("Only on b&ranch"))):
            widget: QComboBox | QLineEdit
            if name in _CHOICES:
                widget = QComboBox()
                widget.addItems([value_word(c) if c else tr("(by type)") for c in _CHOICES[name]])
                widget.currentIndexChanged.connect(self.validate)
                widget.activated.connect(lambda _i, n=name: self._touch(n))
            else:
                widget = QLineEdit()
                widget.textChanged.connect(self.validate)
                widget.textEdited.connect(lambda _t, n=name: self._touch(n))      # typed, even if erased
                widget.editingFinished.connect(lambda n=name: self._touch(n))     # visited and left
            self.fields[name] = widget
            error = QLabel()
            error.setObjectName(f"error_{name}")
            set_tone(error, "error")
            error.setWordWrap(True)
            error.hide()
            self.errors[name] = error
            column = QVBoxLayout()
            column.setSpacing(2)
            column.addWidget(widget)
            column.addWidget(error)
            holder = QWidget()
            holder.setLayout(column)
            column.setContentsMargins(0, 0, 0, 0)
            form.addRow(label, holder)
        self.fields["name"].setPlaceholderText(tr("file name; from the title when empty"))
        # what the name makes on disk, and the pinned budget while pinned: said as the user types
        self.file_preview = self._note_under("name", "file_name")
        self.pinned_note = self._note_under("activation", "pinned_note")
        self.pinned_others: int | None = None   # the other pinned facts' total (set by the Facts tab)
        for name in ("name", "title", "scope", "activation"):
            widget = self.fields[name]
            (widget.currentIndexChanged if isinstance(widget, QComboBox) else widget.textChanged).connect(
                self._update_notes)
        self.fields["keywords"].setPlaceholderText(tr("aliases and translations, space separated"))
        self.fields["subject_key"].setPlaceholderText(tr("e.g. project.package_manager"))
        self.fields["expires_at"].setPlaceholderText(tr("YYYY-MM-DD, RFC 3339, or empty"))
        self.fields["worktree"].setPlaceholderText(tr("a worktree's name (main: the main checkout); empty: every "
                                                      "worktree"))
        self.fields["branch"].setPlaceholderText(tr("a branch glob such as release/*; empty: every branch"))
        for name in ("worktree", "branch"):
            self.fields[name].setToolTip(tr("Keeps the fact to one task: it is recalled, searched by agents and "
                                            "pinned only there, and listed everywhere with its limit"))
        self.body = QPlainTextEdit()
        self.body.setPlaceholderText(tr("The fact, in Markdown"))
        self.body.textChanged.connect(self.validate)
        self.body.textChanged.connect(self._update_notes)
        self.fields["body"] = self.body
        self.errors["body"] = QLabel()
        self.errors["body"].setObjectName("error_body")
        self.errors["body"].setWordWrap(True)  # a secret's refusal names kinds and fields: never clip it
        set_tone(self.errors["body"], "error")
        self.errors["body"].hide()
        form.addRow(tr("B&ody"), self.body)
        form.addRow("", self.errors["body"])
        self.refs = QPlainTextEdit()
        self.refs.setObjectName("refs")
        self.refs.setPlaceholderText(tr("One per line, from the workspace: src/app.py, src/app.py:10-20, "
                                        "src/app.py#main, docs/ — checked before the fact is recalled"))
        self.refs.setMaximumHeight(4 * self.refs.fontMetrics().lineSpacing() + 12)
        self.refs.setTabChangesFocus(True)
        form.addRow(tr("Cites &code"), self.refs)
        self.proposal = QLabel()
        self.proposal.setObjectName("proposed_refs")
        self.proposal.setWordWrap(True)
        self.proposal.setTextFormat(Qt.TextFormat.RichText)
        self.proposal.linkActivated.connect(lambda _link: self.add_proposed())
        self.proposal.hide()
        self.proposed: list[str] = []
        form.addRow("", self.proposal)
        self._proposing = QTimer(self)   # asked once typing pauses: the engine looks in the workspace
        self._proposing.setSingleShot(True)
        self._proposing.setInterval(400)
        self._proposing.timeout.connect(self._propose)
        for text_changed in (self.body.textChanged, self.fields["title"].textChanged,
                             self.fields["description"].textChanged, self.refs.textChanged):
            text_changed.connect(self._proposing.start)

        self.banner = QLabel()
        self.banner.setObjectName("refusal")
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                            | Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.banner.linkActivated.connect(self._banner_link)
        self._holder: tuple[str, str] | None = None   # (scope, id) of the fact a subject conflict named
        self.open_holder: Callable[[str, str], None] | None = None   # opens it (set by the Facts tab)
        set_banner(self.banner, "error")
        self.banner.hide()
        self.reload_button = QPushButton(tr("&Reload the current revision"))
        self.reload_button.hide()
        self.reload_button.clicked.connect(self.reload_current)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setToolTip(tr("Save (Ctrl+Return)"))
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        for keys in SAVE_KEYS:
            QShortcut(QKeySequence(keys), self, self.save)
        self.yours = QPlainTextEdit()
        self.yours.setObjectName("your_version")
        self.yours.setReadOnly(True)
        self.yours.setMaximumHeight(140)
        self.yours.setToolTip(tr("What you had typed, kept after reloading the newer revision: copy what you need"))
        self.yours_label = QLabel(tr("Your version (not saved):"))
        self.yours.hide()
        self.yours_label.hide()
        bottom = QHBoxLayout()
        bottom.addWidget(self.reload_button)
        bottom.addStretch(1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.banner)
        layout.addWidget(self.yours_label)
        layout.addWidget(self.yours)
        layout.addLayout(bottom)
        self.expected_revision = fact.revision if fact else None
        if fact is not None:
            self.fill(fact)
            self.fields["scope"].setEnabled(False)  # a fact does not change scope
        elif initial:
            self.fill_values(initial)
        self._initial = self.values()
        self._initial_refs = self.ref_list()
        self.validate()
        self._update_notes()
        self._propose()

    # fields ---------------------------------------------------------------------------------

    def _note_under(self, field: str, object_name: str) -> QLabel:
        note = QLabel()
        note.setObjectName(object_name)
        set_tone(note, "muted")
        note.hide()
        column = self.fields[field].parentWidget().layout()
        column.insertWidget(1, note)
        return note

    def set_pinned_others(self, total: int) -> None:
        """The pinned total of every other fact: the counter adds this one's body as it is typed."""
        self.pinned_others = total
        self._update_notes()

    @Slot()
    def _update_notes(self) -> None:
        name = self.value("name").strip() or name_from_title(self.value("title"))
        scope = self.fact.scope if self.fact is not None else self.value("scope")
        self.file_preview.setText(tr("Saved as {path}").format(path=f"{scope}/{name}.md") if name else "")
        self.file_preview.setVisible(bool(name))
        pinned = self.value("activation") == "pinned"
        if pinned and self.pinned_others is not None:
            total = self.pinned_others + len(self.body.toPlainText().strip())
            over = total > PINNED_BUDGET_CHARS
            said = tr("Pinned facts: {total} of {budget} characters").format(total=f"{total:,}",
                                                                             budget=f"{PINNED_BUDGET_CHARS:,}")
            if over:
                said += " — " + tr("over the budget: shorten this body or unpin another fact")
            self.pinned_note.setText(said)
            set_tone(self.pinned_note, "error" if over else "muted")
        self.pinned_note.setVisible(pinned and self.pinned_others is not None)

    def fill(self, fact: Fact) -> None:
        self.refs.setPlainText("\n".join(fact.refs))
        self.fill_values({"title": fact.title, "name": fact.name, "description": fact.description,
                          "type": fact.type, "scope": fact.scope, "keywords": fact.keywords,
                          "subject_key": fact.subject_key, "activation": fact.effective_activation,
                          "volatility": fact.volatility, "expires_at": fact.expires_at, "worktree": fact.worktree,
                          "branch": fact.branch, "body": fact.body})

    def fill_values(self, values: dict[str, str]) -> None:
        values = dict(values)
        self.body.setPlainText(values.pop("body", self.body.toPlainText()))
        for name, value in values.items():
            widget = self.fields[name]
            if isinstance(widget, QComboBox):
                widget.setCurrentIndex(max(0, list(_CHOICES[name]).index(value) if value in _CHOICES[name] else 0))
            else:
                widget.setText(value)

    def value(self, name: str) -> str:
        widget = self.fields[name]
        if isinstance(widget, QComboBox):
            return _CHOICES[name][widget.currentIndex()]
        if isinstance(widget, QPlainTextEdit):
            return widget.toPlainText()
        return widget.text()

    def _touch(self, name: str) -> None:
        self._touched.add(name)
        self.validate()

    def values(self) -> dict[str, str]:
        return {name: self.value(name) for name in self.fields}

    def is_dirty(self) -> bool:
        """Has the user changed anything since the form was opened (or reloaded)?"""
        return self.values() != self._initial or self.ref_list() != self._initial_refs

    def ref_list(self) -> tuple[str, ...]:
        """The refs typed, one per line (blank lines ignored)."""
        return tuple(line.strip() for line in self.refs.toPlainText().splitlines() if line.strip())

    def request(self) -> FactInput:
        values = cast(FactFields, self.values())  # the form's fields are named as FactInput's
        if self.fact is None and not (values["name"] or "").strip():
            values["name"] = None
        if self.fact is not None:
            values.pop("scope")
        refs = self.ref_list()
        return FactInput(**values, refs=refs if refs or self.fact is not None else None,
                         expected_revision=self.expected_revision)

    # refs the text suggests ----------------------------------------------------------------------

    @Slot()
    def _propose(self) -> None:
        """Refs the text names that the workspace has (the engine looks, on its worker): offered
        with a link that adds them; never added by themselves. None for a global fact."""
        if self.value("scope") == "global":
            self._show_proposed([])
            return
        text = "\n".join((self.value("title"), self.value("description"), self.body.toPlainText()))
        cited = self.ref_list()
        self.client.submit(lambda engine: engine.proposed_refs(text, cited), self._show_proposed,
                           lambda _error: None, owner=self)

    def _show_proposed(self, proposed: list[str]) -> None:
        self.proposed = [ref for ref in proposed if ref not in self.ref_list()]
        if not self.proposed:
            self.proposal.hide()
            return
        shown = ", ".join(f"<code>{html.escape(ref)}</code>" for ref in self.proposed)
        self.proposal.setText(tr('The text names code in this workspace: {refs}. <a href="add">Cite it</a> '
                                 "(checked before the fact is recalled)").format(refs=shown))
        self.proposal.show()

    @Slot()
    def add_proposed(self) -> None:
        """Add the proposed refs to the ones typed (the user's choice: the link)."""
        lines = [*self.ref_list(), *(ref for ref in self.proposed if ref not in self.ref_list())]
        self.refs.setPlainText("\n".join(lines))
        self._show_proposed([])

    @Slot()
    def validate(self) -> bool:
        """Save is enabled only for valid input; a field's error shows once the user has changed
        that field (or tried to save), not while the form is still untouched."""
        problems = validate_fact_input(self.request(), creating=self.fact is None)
        values = self.values()
        for name, label in self.errors.items():
            touched = (self._show_all_errors or name in self._touched
                       or values[name] != self._initial.get(name, values[name]))
            label.setText(problems.get(name, ""))
            label.setVisible(name in problems and touched)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(not problems)
        return not problems

    # saving -----------------------------------------------------------------------------------

    @Slot()
    def save(self) -> None:
        self._show_all_errors = True
        if not self.validate() or not self.buttons.isEnabled():
            return
        request = self.request()
        self.buttons.setEnabled(False)
        if self.fact is None or self.save_job is not None:
            job = self.save_job or (lambda engine, req: engine.remember(req))
            self.client.submit(lambda engine: job(engine, request), self._saved, self._refused, owner=self)
        else:
            fact_id, scope = self.fact.id, self.fact.scope
            self.client.submit(lambda engine: engine.edit(fact_id, request, scope), self._saved,
                               self._refused, owner=self)

    def _saved(self, result: WriteResult | Acceptance) -> None:
        self.buttons.setEnabled(True)
        self.saved.emit(result)
        self.accept()

    def _refused(self, error: BaseException) -> None:
        self.buttons.setEnabled(True)
        self.refused.emit(error)
        if not isinstance(error, RefusedError):
            self.show_refusal(tr("The store could not be written: {error}").format(error=describe(error)))
            return
        hint = {SubjectConflict: tr("Edit the holder instead, or choose another subject key."),
                PinnedBudgetExceeded: tr("Set activation to relevant, or unpin another fact."),
                NameConflict: tr("Choose another name."),
                RevisionConflict: tr("Someone changed this fact since you opened it.")}.get(type(error), "")
        # in words: the code is for a bug report, in the tooltip (a new user read "PINNED_BUDGET:")
        link = ""
        if isinstance(error, SubjectConflict) and error.details.get("holder_ref") and self.open_holder is not None:
            self._holder = (str(error.details["holder_scope"]), str(error.details["holder"]))
            link = tr('<a href="holder">Open {ref}</a>, the fact holding it').format(
                ref=html.escape(str(error.details["holder_ref"])))
        self.show_refusal(describe(error) + (f"\n{hint}" if hint else ""), code=error.code, link=link)
        self.reload_button.setVisible(isinstance(error, RevisionConflict))

    def show_refusal(self, text: str, code: str = "", link: str = "") -> None:
        """``link``: rich text to follow the sentence (an anchor the banner answers)."""
        said = html.escape(text, quote=False).replace("\n", "<br>")
        self.banner.setText(f"{said}<br>{link}" if link else said)
        self.banner.setToolTip(tr("Error code: {code}").format(code=code) if code else "")
        self.banner.show()

    @Slot(str)
    def _banner_link(self, _link: str) -> None:
        if self._holder is not None and self.open_holder is not None:
            self.open_holder(*self._holder)

    def reject(self) -> None:
        """Cancel, Escape or the close button: ask before throwing typed text away."""
        if self.is_dirty() and not dialogs.confirm(
                self, tr("Discard changes?"), tr("You changed this fact. Discard your changes?"),
                action=tr("Discard changes"), cancel=tr("Keep editing")):
            return
        super().reject()

    def discard(self) -> None:
        """Close without asking (the caller has decided)."""
        super().reject()

    @Slot()
    def reload_current(self) -> None:
        """After a revision conflict: load the newest revision into the form and keep what the
        user typed beside it, so nothing they wrote is lost."""
        assert self.fact is not None
        fact_id, scope = self.fact.id, self.fact.scope
        mine, my_refs = self.values(), self.ref_list()

        def loaded(fact: Fact) -> None:
            self.fact = fact
            self.expected_revision = fact.revision
            self.fill(fact)
            self._initial = self.values()
            self._initial_refs = self.ref_list()
            changed = [name for name in mine if mine[name] != self._initial[name]]
            if my_refs != self._initial_refs:
                changed.append("refs")
                mine["refs"] = " ".join(my_refs)
            self.yours.setPlainText("\n".join(f"{name}: {mine[name]}" for name in changed if name != "body")
                                    + (f"\n\n{mine['body']}" if "body" in changed else ""))
            self.yours.setVisible(bool(changed))
            self.yours_label.setVisible(bool(changed))
            self.banner.hide()
            self.reload_button.hide()
            self.validate()

        self.client.submit(lambda engine: (engine.refresh(), engine.fact(fact_id, scope))[1], loaded, self._refused,
                           owner=self)
