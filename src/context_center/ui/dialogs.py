"""Modal questions, in one place so tests can answer them (pytest-qt's advice)."""
from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget


def confirm(parent: QWidget, title: str, text: str) -> bool:
    return QMessageBox.question(parent, title, text) == QMessageBox.StandardButton.Yes


def choose_directory(parent: QWidget, title: str, start: str) -> str:
    return QFileDialog.getExistingDirectory(parent, title, start)
