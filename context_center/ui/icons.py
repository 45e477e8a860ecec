"""The window's icons: Lucide's (ISC licence; ``resources/icons/lucide/``, compiled into
``context_center/resources/icons.rcc``), drawn in the theme's colours.

A Lucide icon is a stroke drawing in ``currentColor``. :class:`_ToneEngine` draws it when Qt asks,
in the colour the palette has at that moment — its text colour, the disabled text colour for a grey
action, the highlighted text colour on a selected row — or in a named tone of the theme (a stale
badge in the warning tone). So an icon follows a theme change without being made again, at any
scale. What is drawn is kept per icon, colour, size and scale.

:func:`icon` is an icon by its Lucide name; :func:`badge` the icon of a fact's or an item's state
(pinned, stale, broken, staged, team…), or None.
"""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QIconEngine, QImage, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from . import compiled
from .theme import tone_color

# (name, colour, width, height, scale) → the drawing; a handful of colours, sizes and scales per icon
_drawn: dict[tuple[str, int, int, int, float], QPixmap] = {}

# A state the window marks with an icon → (the Lucide icon, the theme's tone or None for the text's colour)
BADGES: dict[str, tuple[str, str | None]] = {
    "pinned": ("pin", None),
    "stale": ("clock-alert", "warning"),
    "expired": ("calendar-x", "warning"),
    "broken": ("unlink", "error"),
    "changed": ("file-diff", "warning"),
    "staged": ("inbox", None),
    "team": ("users", None),
}


@lru_cache(maxsize=None)
def svg(name: str) -> bytes:
    """The Lucide drawing ``name`` (``pin``, ``trash-2``…); KeyError when the app does not ship it."""
    try:
        return compiled.read("icons.rcc", f"icons/{name}.svg")
    except KeyError:
        raise KeyError(f"no icon named {name!r} is bundled (resources/icons/lucide/)") from None


def _colour(tone: str | None, mode: QIcon.Mode) -> QColor:
    palette = QGuiApplication.palette()
    if mode == QIcon.Mode.Disabled:
        return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    if tone is not None:
        return tone_color(tone)
    if mode == QIcon.Mode.Selected:
        return palette.color(QPalette.ColorRole.HighlightedText)
    return palette.color(QPalette.ColorRole.WindowText)


def drawn(name: str, colour: QColor, size: QSize, scale: float) -> QPixmap:
    """``name`` drawn in ``colour`` to fill ``size`` logical pixels at ``scale`` device pixels each."""
    key = (name, colour.rgba(), size.width(), size.height(), scale)
    pixmap = _drawn.get(key)
    if pixmap is None:
        data = svg(name).replace(b"currentColor", colour.name().encode("ascii"))
        renderer = QSvgRenderer(QByteArray(data))
        image = QImage(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(image.width(), image.height())   # square, centred in a wider or taller box
        renderer.render(painter, QRectF((image.width() - side) / 2, (image.height() - side) / 2, side, side))
        painter.end()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(scale)
        _drawn[key] = pixmap
    return pixmap


class _ToneEngine(QIconEngine):
    """Draws one Lucide icon in the palette's colour (or a tone) of the moment it is painted."""

    def __init__(self, name: str, tone: str | None) -> None:
        super().__init__()
        self.name, self.tone = name, tone

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, _state: QIcon.State, scale: float) -> QPixmap:
        return drawn(self.name, _colour(self.tone, mode), size, scale)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        device = painter.device()
        scale = device.devicePixelRatioF() if device is not None else 1.0
        painter.drawPixmap(rect, self.scaledPixmap(rect.size(), mode, state, scale))

    def actualSize(self, size: QSize, _mode: QIcon.Mode, _state: QIcon.State) -> QSize:
        side = min(size.width(), size.height())
        return QSize(side, side)

    def clone(self) -> QIconEngine:
        return _ToneEngine(self.name, self.tone)

    def key(self) -> str:
        return "context-center-lucide"

    def iconName(self) -> str:
        return self.name

    def isNull(self) -> bool:
        return False


@lru_cache(maxsize=None)
def icon(name: str, tone: str | None = None) -> QIcon:
    """The Lucide icon ``name``, in the text's colour or the theme's ``tone``."""
    svg(name)   # a name the app does not ship fails here, where it is asked for, not at paint time
    return QIcon(_ToneEngine(name, tone))


def badge(state: str) -> QIcon | None:
    """The icon of a state (pinned, stale, expired, broken, changed, staged, team), or None."""
    found = BADGES.get(state)
    return icon(*found) if found is not None else None
