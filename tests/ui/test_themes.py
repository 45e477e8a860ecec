"""Light, dark and the system's: every tone the window uses exists in both themes and is readable
on what it is drawn on; Settings switches the theme at once, and "follow the system" follows it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox  # noqa: E402

from context_center.ui import theme  # noqa: E402

UI = Path(theme.__file__).parent
THEMES = ("light", "dark")


def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(one: str, other: str) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_tone_the_window_names_is_in_both_themes():
    code = "\n".join(path.read_text(encoding="utf-8") for path in UI.rglob("*.py"))
    named = set(re.findall(r"""\btone(?:_color)?\(["']([a-z_]+)["']\)""", code))
    named |= set(re.findall(r"""set_tone\([^,]+,\s*["']([a-z_]+)["']""", code))
    named |= {"removed_bg", "quiet_bg"}   # (agent_views names them through a table)
    sheet = theme._read("window.qss")
    in_sheet = set(re.findall(r"@([a-z_]+)", sheet))
    for name in THEMES:
        tones = theme.theme_data(name)["tones"]
        assert named <= set(tones), (name, named - set(tones))
        assert in_sheet <= set(tones), (name, in_sheet - set(tones))
        assert set(re.findall(r'\[tone="([a-z]+)"\]', sheet)) >= {"error", "warning", "ok", "muted"}


@pytest.mark.parametrize("name", THEMES)
def test_text_is_readable_on_what_it_is_drawn_on(name):
    data = theme.theme_data(name)
    palette, tones = data["palette"], data["tones"]
    pairs = [("Text", palette["Text"], palette["Base"]), ("WindowText", palette["WindowText"], palette["Window"]),
             ("ButtonText", palette["ButtonText"], palette["Button"]),
             ("HighlightedText", palette["HighlightedText"], palette["Highlight"]),
             ("ToolTipText", palette["ToolTipText"], palette["ToolTipBase"]),
             ("Link", palette["Link"], palette["Base"])]
    pairs += [(tone, tones[tone], palette[ground]) for tone in ("error", "warning", "ok", "muted", "accent")
              for ground in ("Base", "Window")]
    pairs += [(f"{kind}_fg", tones[f"{kind}_fg"], tones[f"{kind}_bg"]) for kind in ("removed", "added", "info", "note")]
    weak = [(what, round(contrast(fg, bg), 2)) for what, fg, bg in pairs if contrast(fg, bg) < 4.5]
    assert weak == []
    assert contrast(tones["faded"], palette["Base"]) >= 3.0   # text an agent never receives: faded, still legible
    charts = [name for name in tones if name.startswith("chart_")]   # a bar against the chart's Base: 3:1
    assert len(charts) == 6 and [c for c in charts if contrast(tones[c], palette["Base"]) < 3.0] == []


def test_settings_switch_the_theme_at_once_and_the_window_renders_in_it(ui, qtbot, monkeypatch):
    app = QApplication.instance()
    window = ui.window
    assert window.theme.choice == "system" and theme.current() == "light"   # offscreen says no scheme: light
    dialog = window.open_settings()
    qtbot.waitUntil(lambda: dialog.buttons.button(QDialogButtonBox.StandardButton.Save).isEnabled(), timeout=10000)
    choice = dialog.findChild(QComboBox, "theme_choice")
    assert [choice.itemData(i) for i in range(choice.count())] == ["system", "light", "dark"]
    choice.setCurrentIndex(choice.findData("dark"))
    with qtbot.waitSignal(window.theme.changed, timeout=10000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    dark = theme.theme_data("dark")
    assert app.palette().color(QPalette.ColorRole.Window).name() == dark["palette"]["Window"]
    assert window.settings.value(theme.SETTING) == "dark" and theme.current() == "dark"
    window.status.problem_count.setText("1 problem")
    assert window.status.problem_count.palette().color(QPalette.ColorRole.WindowText).name() == dark["tones"]["error"]
    ui.remember(name="night", body="Readable at night.")
    ui.show_facts("night")
    ui.select_fact("night")
    assert theme.tone("error") == dark["tones"]["error"]

    window.theme.choose("system")   # and the platform turns dark, then light
    monkeypatch.setattr(theme, "system_scheme", lambda: Qt.ColorScheme.Dark)
    with qtbot.waitSignal(window.theme.changed, timeout=5000) as turned:
        QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert turned.args == ["dark"] and theme.current() == "dark"
    monkeypatch.setattr(theme, "system_scheme", lambda: Qt.ColorScheme.Light)
    with qtbot.waitSignal(window.theme.changed, timeout=5000):
        QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert theme.current() == "light"
    window.theme.choose("light")
    monkeypatch.setattr(theme, "system_scheme", lambda: Qt.ColorScheme.Dark)
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)   # a chosen theme stays
    assert theme.current() == "light"


@pytest.mark.parametrize("name", ["light", "dark"])
def test_an_unchecked_radio_button_can_be_seen(qtbot, name):
    """Unchecked radio buttons were nearly invisible in the dark Settings: Fusion draws their ring a
    shade darker than the window. Their ring stands out from the window at 3:1 at least."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QRadioButton

    app = QApplication.instance()
    try:
        theme.apply(app, name)
        button = QRadioButton("Review")
        qtbot.addWidget(button)
        button.show()
        qtbot.waitExposed(button)
        image = button.grab().toImage()
        window = theme.theme_data(name)["palette"]["Window"]
        ring = max((contrast(QColor(image.pixel(x, y)).name(), window)
                    for x in range(min(18, image.width())) for y in range(image.height())), default=1.0)
        assert ring >= 3.0, ring
    finally:
        theme.apply(app, "light")
