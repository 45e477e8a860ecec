"""Instructions ▸ Align agents…: one set of rules reaching every agent (engine/instructions/align.py).

The user picks the agents and the file whose text is the source; the dialog shows what would
change, as diffs, with what each agent reads already; Apply writes it (backed up), and Undo takes
the latest align of the workspace back. Everything runs on the window's worker.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine import AGENT_DISPLAY_NAMES, INSTRUCTION_AGENTS
from ..engine_client import EngineClient
from ..messages import describe
from ..theme import set_tone
from ..words import tr
from .agent_views import worded

SOURCES = ("AGENTS.md", "CLAUDE.md", "GEMINI.md", "REASONIX.md", ".cursorrules", ".windsurfrules")


class AlignDialog(QDialog):
    changed = Signal()   # files were written or restored: the tab reads them again

    def __init__(self, client: EngineClient, workspace: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("align_agents")
        self.setWindowTitle(tr("Align agents"))
        self.client, self.workspace = client, workspace
        self.plan: Any = None
        layout = QVBoxLayout(self)
        intro = QLabel(tr("Make every agent chosen receive the workspace's standing rules from one file, "
                          "AGENTS.md, each by its own import or setting. Nothing is written until you apply; "
                          "every file is backed up, and the last align can be undone."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        grid = QGridLayout()
        self.boxes: dict[str, QCheckBox] = {}
        for index, agent in enumerate(INSTRUCTION_AGENTS):
            box = QCheckBox(AGENT_DISPLAY_NAMES[agent])
            box.setChecked(True)
            box.toggled.connect(lambda _on: self.preview())
            grid.addWidget(box, index // 4, index % 4)
            self.boxes[agent] = box
        layout.addLayout(grid)
        self.source = QComboBox()
        self.source.setObjectName("align_source")
        for name in SOURCES:
            if (workspace / name).is_file() or name == "AGENTS.md":
                self.source.addItem(name if name != "AGENTS.md" else tr("AGENTS.md (as it is)"), name)
        self.source.currentIndexChanged.connect(lambda _index: self.preview())
        source_label = QLabel(tr("&Source text"))
        source_label.setBuddy(self.source)
        row = QGridLayout()
        row.addWidget(source_label, 0, 0)
        row.addWidget(self.source, 0, 1)
        layout.addLayout(row)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.outcome = QLabel()   # what the last Apply or Undo did
        self.outcome.setObjectName("align_outcome")
        self.outcome.setWordWrap(True)
        layout.addWidget(self.outcome)
        self.changes = QTextBrowser()
        self.changes.setObjectName("align_changes")
        layout.addWidget(self.changes, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.apply_button = QPushButton(tr("&Apply"))
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.apply)
        self.undo_button = QPushButton(tr("&Undo last align"))
        self.undo_button.setEnabled(False)   # until an align of this workspace is found to undo
        self.undo_button.clicked.connect(self.undo)
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.undo_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(820, 620)
        self.preview()
        self._look_for_undo()

    def _look_for_undo(self) -> None:
        self.client.submit(lambda engine: engine.align_undoable(), self.undo_button.setEnabled,
                           lambda _e: self.undo_button.setEnabled(False), owner=self)

    def chosen(self) -> list[str]:
        return [agent for agent, box in self.boxes.items() if box.isChecked()]

    @Slot()
    def preview(self) -> None:
        agents, name = self.chosen(), self.source.currentData()
        source = None if name in (None, "AGENTS.md") else self.workspace / name
        self.apply_button.setEnabled(False)
        self.status.setText(tr("Working out the change…"))
        if not agents:
            self.plan = None
            self.status.setText(tr("Choose at least one agent."))
            self.changes.clear()
            return
        self.client.submit(lambda engine: engine.align_agents(agents, source), self._shown, self._failed, owner=self)

    def _shown(self, plan: Any) -> None:
        if plan.agents != tuple(a for a in INSTRUCTION_AGENTS if a in self.chosen()):
            return   # another choice is on its way
        self.plan = plan
        set_tone(self.status, None)
        parts = ["<ul>" + "".join(f"<li>{html.escape(worded(note))}</li>" for note in plan.notes) + "</ul>"]
        for change in plan.changes:
            what = tr("Create {file}") if change.before is None else tr("Change {file}")
            parts.append(f"<p><b>{what.format(file=html.escape(change.label))}</b>: "
                         f"{html.escape(worded(change.why))}</p><pre>{html.escape(change.diff)}</pre>")
        self.changes.setHtml("".join(parts))
        self.status.setText(tr("{count} file(s) to change; the source is {source}.").format(
            count=len(plan.changes), source=plan.source)
            if plan.changes else tr("Nothing to change: every agent chosen receives AGENTS.md."))
        self.apply_button.setEnabled(bool(plan.changes))

    def _failed(self, error: BaseException) -> None:
        self.outcome.clear()
        self.plan = None
        self.apply_button.setEnabled(False)
        set_tone(self.status, "error")
        self.status.setText(describe(error))

    @Slot()
    def apply(self) -> None:
        plan = self.plan
        if plan is None or not plan.changes:
            return
        self.apply_button.setEnabled(False)
        self.client.submit(lambda engine: engine.apply_align(plan), self._applied, self._failed, owner=self)

    def _applied(self, backups: Path) -> None:
        set_tone(self.outcome, None)
        self.outcome.setText(tr("Applied; the files as they were are in {folder}.").format(folder=backups))
        self.changed.emit()
        self.preview()
        self._look_for_undo()

    @Slot()
    def undo(self) -> None:
        self.undo_button.setEnabled(False)
        self.client.submit(lambda engine: engine.undo_align(), self._undone, self._undo_refused, owner=self)

    def _undone(self, restored: list[str]) -> None:
        set_tone(self.outcome, None)
        self.outcome.setText(tr("Restored {files}.").format(files=", ".join(restored)))
        self.changed.emit()
        self.preview()
        self._look_for_undo()

    def _undo_refused(self, error: BaseException) -> None:
        """Said under the preview, which stays as it is: Apply still applies it (a refused undo
        took Apply away while the preview listed files to change)."""
        set_tone(self.outcome, "error")
        self.outcome.setText(describe(error))
        self._look_for_undo()
