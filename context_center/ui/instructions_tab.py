"""The Instructions tab: load order, expanded bodies with imports marked, diagnostics, quick add."""
from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine import InstructionSet
from . import dialogs
from .editor import open_in_editor
from .engine_client import EngineClient
from .messages import Messages
from .tables import fill, read_only_table

_IMPORT = re.compile(r'^(&lt;instruction-import path=&quot;(.*?)&quot;&gt;|&lt;/instruction-import&gt;)$')
_REJECTED = re.compile(r"&lt;!-- rejected: ([a-z_]+) --&gt;")
_SKIPPED = re.compile(r"&lt;!-- skipped: ([a-z ]+) --&gt;")


def body_html(body: str) -> str:
    """The expanded body, with import boundaries and rejected import lines visibly marked."""
    out = []
    for line in html.escape(body).split("\n"):
        match = _IMPORT.match(line)
        if match and match.group(2) is not None:
            out.append(f'<span style="background:#e3f2fd;color:#0d47a1">▼ imported from {match.group(2)}</span>')
        elif match:
            out.append('<span style="background:#e3f2fd;color:#0d47a1">▲ end of import</span>')
        else:
            line = _REJECTED.sub(r'<span style="background:#fdecea;color:#b00020">[rejected: \1]</span>', line)
            out.append(_SKIPPED.sub(r'<span style="background:#fff8e1;color:#8d6e00">[skipped: \1]</span>', line))
    return '<pre style="white-space: pre-wrap">' + "\n".join(out) + "</pre>"


def _display(path: Path, workspace: Path) -> str:
    """How a file is named in the tab: ``workspace/…`` inside the workspace, ``user/…`` otherwise."""
    try:
        return "workspace/" + path.relative_to(workspace).as_posix()
    except ValueError:
        return "user/" + path.name


class InstructionsTab(QWidget):
    def __init__(self, client: EngineClient, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.client, self.messages = client, messages
        self.resolved: InstructionSet | None = None
        self.target: str | None = None   # None: the workspace root
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.target_button = QPushButton("&Target folder…")
        self.target_button.setObjectName("choose_target")
        self.target_button.setToolTip("Show what an agent started in another folder of the workspace receives")
        self.target_button.clicked.connect(self.choose_target)
        self.documents = read_only_table(["Order", "Scope", "File", "Priority", "Characters", "≈ Tokens"],
                                         "documents", stretch=2)
        self.documents.currentCellChanged.connect(self._show_document)
        self.documents.doubleClicked.connect(self.open_in_editor)
        self.body = QTextBrowser()
        self.body.setObjectName("instruction_body")
        self.diagnostics = read_only_table(["Code", "File and line", "Message"], "diagnostics")
        self.diagnostics.setToolTip("Double-click a diagnostic to open its file at that line")
        self.diagnostics.doubleClicked.connect(self.open_diagnostic)

        self.note = QLineEdit()
        self.note.setObjectName("quick_add")
        self.note.setPlaceholderText("Quick add a standing rule (like /remember): e.g. Run the tests before pushing")
        self.note.returnPressed.connect(self.quick_add)
        self.add_to = QComboBox()
        self.add_to.setObjectName("quick_add_file")
        self.add_to.setToolTip("The instruction file the note is added to (.local.md files are not committed)")
        self.add_to.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        add_to_label = QLabel("to")
        add_to_label.setBuddy(self.add_to)
        add = QPushButton("&Add note")
        add.clicked.connect(self.quick_add)
        self.open_button = QPushButton("&Open in editor")
        self.open_button.clicked.connect(self.open_in_editor)
        refresh = QPushButton("&Refresh")
        refresh.clicked.connect(self.reload)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        target_row = QHBoxLayout()
        target_row.addWidget(self.summary, 1)
        target_row.addWidget(self.target_button, 0, Qt.AlignmentFlag.AlignTop)
        left_layout.addLayout(target_row)
        left_layout.addWidget(self.documents)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.body)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([470, 800])
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(splitter)
        vertical.addWidget(self.diagnostics)
        vertical.setStretchFactor(0, 3)
        add_row = QHBoxLayout()
        add_row.addWidget(self.note, 1)
        add_row.addWidget(add_to_label)
        add_row.addWidget(self.add_to)
        add_row.addWidget(add)
        add_row.addWidget(self.open_button)
        add_row.addWidget(refresh)
        layout = QVBoxLayout(self)
        layout.addWidget(vertical, 1)
        layout.addLayout(add_row)

    def reset(self) -> None:
        """Another workspace was opened: nothing of the previous chain stays on screen."""
        self.resolved = None
        self.target = None
        fill(self.documents, [])
        fill(self.diagnostics, [])
        self.body.clear()
        self.summary.clear()

    def reload(self) -> None:
        target = self.target

        def load(engine):
            folder = target or engine.paths.workspace
            return engine.instructions(folder), engine.quick_add_targets(folder)

        self.client.submit(load, self._loaded, lambda e: self.messages.failure("resolve the instructions", e))

    def _loaded(self, loaded: tuple[InstructionSet, list[tuple[Path, bool]]]) -> None:
        resolved, targets = loaded
        chosen = self.add_to.currentData()
        self.add_to.blockSignals(True)
        self.add_to.clear()
        for path, exists in targets:
            self.add_to.addItem(_display(path, resolved.workspace) + ("" if exists else " (new file)"), str(path))
        self.add_to.blockSignals(False)
        self.show_set(resolved)
        if chosen is not None and self.add_to.findData(chosen) >= 0:
            self.add_to.setCurrentIndex(self.add_to.findData(chosen))

    @Slot()
    def choose_target(self) -> None:
        """Resolve the chain for another folder of the workspace (``web/src`` reads its AGENTS.md too)."""
        start = self.target or (str(self.resolved.workspace) if self.resolved else "")
        chosen = dialogs.choose_directory(self, "Resolve the instructions for the folder", start)
        if chosen:
            self.set_target(chosen)

    def set_target(self, folder: str | None) -> None:
        self.target = folder
        self.reload()

    def show_set(self, resolved: InstructionSet) -> None:
        row_before = self.documents.currentRow()
        self.resolved = resolved
        docs = resolved.documents
        where = resolved.target.relative_to(resolved.workspace).as_posix()
        count = "No documents" if not docs else "1 document" if len(docs) == 1 else f"{len(docs)} documents"
        self.summary.setText(f"{count} for {'the workspace root' if where == '.' else where}, "
                             f"{sum(d.chars for d in docs):,} characters, ≈{sum(d.tokens for d in docs):,} tokens; "
                             "later entries win")
        fill(self.documents, [(d.order, d.scope, d.label, d.priority, f"{d.chars:,}", f"{d.tokens:,}") for d in docs],
             [str(d.path) + (f"\nimports: {', '.join(d.imports)}" if d.imports else "") for d in docs])
        fill(self.diagnostics, [(d.code, f"{d.source}:{d.line}" if d.line else d.source, d.message)
                                for d in resolved.diagnostics],
             [f"{d.source}:{d.line}\n{d.message}" if d.line else f"{d.source}\n{d.message}"
              for d in resolved.diagnostics])
        if docs:
            # the same row as before; at first the most specific document (later entries win)
            row = min(row_before, len(docs) - 1) if row_before >= 0 else len(docs) - 1
            self.documents.selectRow(row)
            self._show_document(row)  # the same row stays selected: show its new body all the same
        else:
            self.body.setHtml("<p>No instruction files on the chain from the workspace root to the target. "
                              "Quick add a note below to create <code>AGENTS.md</code>.</p>")
        self.open_button.setEnabled(bool(docs))

    @Slot(int, int, int, int)
    def _show_document(self, row: int, *_: int) -> None:
        if self.resolved is None or not 0 <= row < len(self.resolved.documents):
            return
        document = self.resolved.documents[row]
        self.body.setHtml(body_html(document.body))
        index = self.add_to.findData(str(document.path))
        if index >= 0:  # quick add goes to the document in view unless the user picks another
            self.add_to.setCurrentIndex(index)

    @Slot()
    def open_in_editor(self) -> None:
        row = self.documents.currentRow()
        if self.resolved is None or not 0 <= row < len(self.resolved.documents):
            return
        open_in_editor(self, self.resolved.documents[row].path)

    @Slot()
    def open_diagnostic(self) -> None:
        """A diagnostic's file, at its line when the editor can jump there."""
        row = self.diagnostics.currentRow()
        if self.resolved is None or not 0 <= row < len(self.resolved.diagnostics):
            return
        diagnostic = self.resolved.diagnostics[row]
        open_in_editor(self, diagnostic.source, diagnostic.line)

    @Slot()
    def quick_add(self) -> None:
        note, file = self.note.text(), self.add_to.currentData()
        if not note.strip():
            return

        def done(path) -> None:
            self.note.clear()
            self.messages.info(f"Added to {path}")
            self.reload()

        self.client.submit(lambda engine: engine.add_instruction_note(note, file=file), done,
                           lambda e: self.messages.failure("add the note", e))
