"""Opening a file for the user to edit: the desktop's handler, else $VISUAL / $EDITOR, else the path.

Every fallback is visible: when nothing can open the file, a dialog shows its path
(selectable, with a copy button) instead of failing silently.
"""
from __future__ import annotations

import os
import shlex
from pathlib import Path

from PySide6.QtCore import QProcess, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from .words import tr

# editors that take "+LINE FILE", and those that take "-g FILE:LINE"
_PLUS_LINE = {"vi", "vim", "nvim", "gvim", "nano", "emacs", "emacsclient", "micro", "kak", "hx", "joe", "mg"}
_GOTO = {"code", "codium", "code-insiders", "subl", "zed"}


def editor_command(editor: str, path: Path, line: int = 0) -> list[str]:
    """The argv that opens ``path`` (at ``line`` when the editor is known to take one)."""
    argv = shlex.split(editor)
    name = os.path.basename(argv[0]) if argv else ""
    if line > 0 and name in _PLUS_LINE:
        return [*argv, f"+{line}", str(path)]
    if line > 0 and name in _GOTO:
        return [*argv, "-g", f"{path}:{line}"]
    return [*argv, str(path)]


def open_in_editor(parent: QWidget, path: str | os.PathLike[str], line: int = 0) -> str:
    """Open ``path``; returns how: ``"editor"`` ($VISUAL/$EDITOR, which can jump to ``line``),
    ``"desktop"`` (the desktop's handler for the file) or ``"shown"`` (a dialog with the path)."""
    path = Path(path)
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if editor and line > 0:  # only an editor of the user's can jump to a line
        argv = editor_command(editor, path, line)
        if QProcess.startDetached(argv[0], argv[1:])[0]:
            return "editor"
    if QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
        return "desktop"
    if editor:
        argv = editor_command(editor, path, line)
        if QProcess.startDetached(argv[0], argv[1:])[0]:
            return "editor"
    show_path(parent, path, line)
    return "shown"


def show_path(parent: QWidget, path: Path, line: int = 0) -> QMessageBox:
    where = f"{path}:{line}" if line > 0 else str(path)
    box = QMessageBox(QMessageBox.Icon.Information, tr("Open the file yourself"),
                      tr("No editor could be started for this file. It is at:\n\n{path}\n\n"
                         "Set $VISUAL or $EDITOR, or a default application for Markdown files, to open "
                         "files from here.").format(path=where), QMessageBox.StandardButton.Close, parent)
    box.setObjectName("editor_fallback")
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    copy = box.addButton(tr("&Copy path and close"), QMessageBox.ButtonRole.AcceptRole)
    copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(str(path)))
    box.open()
    return box
