"""The window's look: light, dark, or the system's (the default), from the theme files in
``resources/themes/`` (compiled into ``context_center/resources/themes.rcc``).

A theme is a palette (Qt's roles, under the Fusion style, which draws every widget from the
palette alike on every platform), a set of named tones (error, warning, ok, the diff's colours…)
and one style sheet shared by every theme, whose ``@tone`` names are the theme's tones. Widgets
never hold a colour of their own: a label says which tone it is (:func:`set_tone`,
:func:`set_banner`), and HTML panes ask :func:`tone` when they render. "Follow the system" reads
the platform's colour scheme and follows it when it changes (:class:`ThemeFollower`).
"""
from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from . import compiled
from .words import QT_TR_NOOP

CHOICES = ("system", "light", "dark")
CHOICE_WORDS = {"system": QT_TR_NOOP("Follow the system"), "light": QT_TR_NOOP("Light"), "dark": QT_TR_NOOP("Dark")}
SETTING = "window/theme"
_TONE = re.compile(r"@([a-z_]+)")

_current: dict[str, Any] = {"name": "light", "tones": {}}


def _read(name: str) -> str:
    try:
        return compiled.read("themes.rcc", f"themes/{name}").decode("utf-8")
    except KeyError:
        raise RuntimeError(f"the theme file {name} is missing from the themes resource") from None


def theme_data(name: str) -> dict[str, Any]:
    """The palette, disabled palette and tones of the theme ``name`` (light or dark)."""
    data = json.loads(_read(f"{name}.json"))
    return {"palette": data["palette"], "disabled": data.get("disabled", {}), "tones": data["tones"]}


def style_sheet(tones: dict[str, str]) -> str:
    """The shared style sheet with this theme's tones put in (an unknown @name is an error)."""
    return _TONE.sub(lambda match: tones[match.group(1)], _read("window.qss"))


def system_scheme() -> Qt.ColorScheme:
    """What the platform says its colour scheme is (Unknown where it says nothing: offscreen)."""
    return QGuiApplication.styleHints().colorScheme()


def resolved(choice: str) -> str:
    """light or dark: ``system`` is what the platform says (light when it says nothing)."""
    if choice in ("light", "dark"):
        return choice
    return "dark" if system_scheme() == Qt.ColorScheme.Dark else "light"


def chosen(settings: QSettings) -> str:
    value = settings.value(SETTING, "system", str)
    return value if value in CHOICES else "system"


def apply(app: QApplication, choice: str) -> str:
    """Dress ``app`` in the theme ``choice`` names; returns light or dark, as applied."""
    name = resolved(choice)
    data = theme_data(name)
    palette = QPalette()
    for role, colour in data["palette"].items():
        palette.setColor(getattr(QPalette.ColorRole, role), QColor(colour))
    for role, colour in data["disabled"].items():
        palette.setColor(QPalette.ColorGroup.Disabled, getattr(QPalette.ColorRole, role), QColor(colour))
    _current.update(name=name, tones=data["tones"])
    app.setStyle("Fusion")
    app.setPalette(palette)
    app.setStyleSheet(style_sheet(data["tones"]))
    return name


def current() -> str:
    """light or dark: the theme applied last (light before any)."""
    return str(_current["name"])


def tone(name: str) -> str:
    """The current theme's colour for ``name`` (#rrggbb), for HTML a pane renders."""
    tones = _current["tones"] or theme_data("light")["tones"]
    if not _current["tones"]:
        _current["tones"] = tones
    return str(tones[name])


def tone_color(name: str) -> QColor:
    return QColor(tone(name))


def _repolish(widget: QWidget) -> None:
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()


def set_tone(widget: QWidget, name: str | None) -> None:
    """Show ``widget``'s text in the tone ``name`` (error, warning, ok, muted; None: the usual)."""
    if (widget.property("tone") or None) != name:
        widget.setProperty("tone", name or "")
        _repolish(widget)


def set_banner(widget: QWidget, kind: str | None) -> None:
    """Show ``widget`` as a banner of ``kind`` (error, warning, info; None: plain)."""
    if (widget.property("banner") or None) != kind:
        widget.setProperty("banner", kind or "")
        _repolish(widget)


class ThemeFollower(QObject):
    """Applies the chosen theme and, while it is "follow the system", the platform's changes;
    ``changed`` says that HTML panes should render again (their colours are baked in)."""

    changed = Signal(str)   # light or dark

    def __init__(self, app: QApplication, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.app, self.settings = app, settings
        self.choice = chosen(settings)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._system_changed)
        apply(app, self.choice)

    def choose(self, choice: str) -> None:
        """The user's choice (Settings): kept, and applied now."""
        self.choice = choice if choice in CHOICES else "system"
        self.settings.setValue(SETTING, self.choice)
        self.changed.emit(apply(self.app, self.choice))

    def _system_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self.choice == "system":
            self.changed.emit(apply(self.app, self.choice))
