"""Modal questions, in one place so tests can answer them (pytest-qt's advice).

Buttons say what they do ("Forget", "Discard changes"), never Yes/No.
"""
from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from .words import tr


def confirm(parent: QWidget, title: str, text: str, action: str | None = None, cancel: str | None = None) -> bool:
    """Ask before ``action`` (OK unless given); True when the user chose it. Escape and Enter pick
    ``cancel`` (Cancel unless given)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    go = box.addButton(action or tr("OK"), QMessageBox.ButtonRole.AcceptRole)
    stay = box.addButton(cancel or tr("Cancel"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(stay)
    box.setEscapeButton(stay)
    box.exec()
    return box.clickedButton() is go


def choose_directory(parent: QWidget, title: str, start: str) -> str:
    return QFileDialog.getExistingDirectory(parent, title, start)
