"""The window's language: English, or Simplified Chinese through Qt's own translation system
(``resources/translations/*.ts``, compiled to ``context_center/resources/translations/*.qm``).

Chosen by the system locale unless the user picked one in Settings (applied the next time the
window starts: every widget is made in its language). Only the window is translated: the
engine's messages are English, and the window words each refusal from its code and hint
(``messages.describe``), the engine's sentence going to the details.
"""
from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication

from .words import QT_TR_NOOP

CHOICES = ("system", "en", "zh_CN")
# each language named in itself (a name: never translated)
CHOICE_WORDS = {"system": QT_TR_NOOP("Follow the system"), "en": "English", "zh_CN": "简体中文"}
SETTING = "window/language"
TRANSLATED = ("zh_CN",)

_installed: list[QTranslator] = []
_applied = {"language": "en"}


def current() -> str:
    """The language the window speaks (en until a translation is installed)."""
    return _applied["language"]


def chosen(settings: QSettings) -> str:
    value = settings.value(SETTING, "system", str)
    return value if value in CHOICES else "system"


def resolved(choice: str, locale: QLocale | None = None) -> str:
    """en or zh_CN: ``system`` is the locale's language (Chinese in simplified script: zh_CN)."""
    if choice in ("en", "zh_CN"):
        return choice
    locale = locale or QLocale.system()
    simplified = locale.script() in (QLocale.Script.SimplifiedHanScript, QLocale.Script.AnyScript)
    if locale.language() == QLocale.Language.Chinese and simplified and \
            locale.territory() not in (QLocale.Country.Taiwan, QLocale.Country.HongKong, QLocale.Country.Macau):
        return "zh_CN"
    return "en"


def install(app: QApplication, choice: str) -> str:
    """Install the translators ``choice`` asks for (ours, and Qt's own for its standard buttons);
    returns the language applied. A language whose file is missing stays English."""
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    _applied["language"] = "en"
    language = resolved(choice)
    if language not in TRANSLATED:
        return "en"
    ours = QTranslator(app)
    shipped = resources.files("context_center.resources") / "translations" / f"context_center_{language}.qm"
    with resources.as_file(shipped) as path:
        if not ours.load(str(path)):
            return "en"
    app.installTranslator(ours)
    _installed.append(ours)
    _applied["language"] = language
    qt = QTranslator(app)   # QDialogButtonBox's Save, Cancel…: Qt's own words
    if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    return language
