"""The window's words, through Qt's translation system: ``tr("Save")`` is "Save" in English and
its translation in ``resources/translations/context_center_<language>.ts`` otherwise.

Every word is in one context (the empty one), so a sentence said in two places is translated
once, and a subclass never looks its words up under another name. ``pyside6-lupdate`` finds each
``tr("…")`` and ``QT_TR_NOOP("…")`` whose text is a literal; a sentence with values is written
with named fields (``tr("Deleted {name}").format(name=…)``), never as an f-string, whose text
lupdate cannot see. ``QT_TR_NOOP`` marks words kept in a table made at import (before a
translator is installed), translated where they are shown: ``tr(WORDS[key])``.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def tr(text: str) -> str:
    """``text`` in the window's language (itself when it has no translation)."""
    return QCoreApplication.translate("", text)


def QT_TR_NOOP(text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """``text`` as it is, marked for translation where it is shown."""
    return text
