"""The two dialogs of accepting a skill: edit the drafted SKILL.md, then choose where it goes."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
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

from ...engine import EngineError, SkillCandidate, default_skill_folder, skill_file
from .. import dialogs
from ..messages import describe
from ..words import tr


class SkillEditor(QDialog):
    """Edit a drafted SKILL.md before it is written."""

    def __init__(self, skill: SkillCandidate, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Edit skill {name}").format(name=skill.name))
        self.resize(680, 520)
        self.text = QPlainTextEdit(skill.body)
        self.text.setObjectName("skill_body")
        self.target: SkillTarget | None = None   # asked next, once the text is accepted
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)


class SkillTarget(QDialog):
    """Where a skill's SKILL.md goes: a folder (created when missing) and the skill's name,
    with the exact file that will be written."""

    def __init__(self, skill: SkillCandidate, workspace: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Write skill {name}").format(name=skill.name))
        self.resize(640, 180)
        self.folder = QLineEdit(str(default_skill_folder(workspace)))
        self.folder.setObjectName("skill_folder")
        browse = QPushButton(tr("&Browse…"))
        browse.setObjectName("skill_browse")
        browse.clicked.connect(self.browse)
        self.name = QLineEdit(skill.name)
        self.name.setObjectName("skill_name")
        self.target = QLabel()
        self.target.setObjectName("skill_target")
        self.target.setWordWrap(True)
        self.target.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("&Write SKILL.md"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(browse)
        form = QFormLayout()
        folder_label = QLabel(tr("&Folder:"))   # (a row of a layout takes no buddy: it showed "&Folder:")
        folder_label.setBuddy(self.folder)
        form.addRow(folder_label, folder_row)
        form.addRow(tr("Skill &name:"), self.name)
        form.addRow(tr("Writes:"), self.target)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.folder.textChanged.connect(self._update)
        self.name.textChanged.connect(self._update)
        self._update()

    def _resolve(self) -> tuple[Path | None, str]:
        folder = Path(self.folder.text().strip()).expanduser()
        if not self.folder.text().strip() or not folder.is_absolute():
            return None, tr("Choose a folder (a full path).")
        try:
            return skill_file(folder, self.name.text()), ""
        except EngineError as exc:
            return None, tr("The name cannot be used: {error}").format(error=describe(exc))

    def path(self) -> Path | None:
        """The SKILL.md that will be written, or None while the folder or the name is unusable."""
        return self._resolve()[0]

    def _update(self) -> None:
        path, problem = self._resolve()
        if path is not None:
            self.target.setText(str(path) if path.parent.parent.is_dir()
                                else tr("{file} (the folder will be created)").format(file=path))
        else:
            self.target.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(path is not None)

    @Slot()
    def browse(self) -> None:
        start = Path(self.folder.text().strip() or ".").expanduser()
        while not start.is_dir() and start != start.parent:
            start = start.parent  # a chooser cannot start in (or pick) a folder that does not exist yet
        chosen = dialogs.choose_directory(self, tr("Folder for the skill"), str(start))
        if chosen:
            self.folder.setText(chosen)
