"""The window's icons: Lucide's, bundled (no desktop icon theme is needed), drawn in the theme's
colours, on the menus, the toolbar, the tabs and the states a row is in."""
from __future__ import annotations

import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSize, Qt  # noqa: E402
from PySide6.QtGui import QAction, QGuiApplication, QIcon, QPalette  # noqa: E402
from PySide6.QtWidgets import QAbstractButton, QApplication, QToolBar  # noqa: E402

from context_center.engine import Fact, FactView, Grounding  # noqa: E402
from context_center.ui import icons, theme  # noqa: E402
from context_center.ui.facts.model import COLUMNS, FactRow, FactsTableModel  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "context_center" / "ui"
BUNDLED = ROOT / "resources" / "icons" / "lucide"


def colours(icon: QIcon, size: int = 24, mode: QIcon.Mode = QIcon.Mode.Normal, scale: float = 1.0) -> Counter:
    """The opaque pixels' colours of ``icon`` drawn at ``size``: what the user sees of it."""
    image = icon.pixmap(QSize(size, size), scale, mode).toImage()
    return Counter(image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())
                   if image.pixelColor(x, y).alpha() == 255)


def named_in_code() -> set[str]:
    """The icons the window's code asks for by a literal name, and the badges'."""
    code = "\n".join(path.read_text(encoding="utf-8") for path in UI.rglob("*.py"))
    return set(re.findall(r"""\bicon\(["']([a-z0-9-]+)["']""", code)) | {glyph for glyph, _ in icons.BADGES.values()}


def test_every_icon_the_window_names_is_bundled_and_drawn_in_the_theme_s_colour():
    named = named_in_code()
    assert {"pin", "folder-open", "folder-sync", "trash-2"} <= named   # (the pattern does find them)
    shipped = {path.stem for path in BUNDLED.glob("*.svg")}
    assert named - shipped == set()
    for name in shipped:
        assert b"currentColor" in icons.svg(name)   # drawn in the theme's colour, not a fixed one
    with pytest.raises(KeyError):
        icons.icon("no-such-icon")


def test_the_icon_set_s_licence_ships_with_the_app():
    shipped = resources.files("context_center.resources") / "LICENSE-lucide.md"
    assert "ISC License" in shipped.read_text(encoding="utf-8")
    assert (BUNDLED / "LICENSE").read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")


def test_icons_follow_the_theme_at_any_scale(qapp):
    app = QApplication.instance()
    pin = icons.icon("pin")
    try:
        for name in ("light", "dark", "light"):
            theme.apply(app, name)
            palette = QGuiApplication.palette()
            text = palette.color(QPalette.ColorRole.WindowText).name()
            assert colours(pin).most_common(1)[0][0] == text, name
            grey = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText).name()
            assert colours(pin, mode=QIcon.Mode.Disabled).most_common(1)[0][0] == grey
            stale = icons.badge("stale")
            assert stale is not None and colours(stale).most_common(1)[0][0] == theme.tone("warning")
        one, two = colours(pin, 16), colours(pin, 16, scale=2.0)
        assert sum(two.values()) > 3 * sum(one.values())   # drawn at 2×, not a 16-pixel drawing stretched
        assert pin.pixmap(QSize(16, 16), 2.0).deviceIndependentSize().toSize() == QSize(16, 16)
    finally:
        theme.apply(app, "light")


def test_the_facts_table_marks_pinned_team_stale_and_broken_rows_with_their_badge(qapp):
    def row(name: str, **fields) -> FactRow:
        freshness = fields.pop("freshness", "current")
        grounding = fields.pop("grounding", Grounding("none", ""))
        fact = Fact(id=f"mem-{name}", revision=1, name=name, title=name, description="", type="project",
                    scope=fields.pop("scope", "project"), body="b", created_at="2026-01-01T00:00:00Z",
                    updated_at="2026-01-01T00:00:00Z", **fields)
        return FactRow(FactView(fact, freshness, grounding=grounding))

    model = FactsTableModel()
    model.set_rows([row("a-plain"), row("b-pinned", activation="pinned"), row("c-team", scope="team"),
                    row("d-stale", freshness="stale"), row("e-broken", grounding=Grounding("broken", "now"))])
    headers = [column[0] for column in COLUMNS]

    def marks(r: int) -> dict[str, str]:
        found = {}
        for c, header in enumerate(headers):
            decoration = model.index(r, c).data(Qt.ItemDataRole.DecorationRole)
            if decoration is not None:
                found[header] = decoration.themeName() or decoration.name()
        return found

    assert [marks(r) for r in range(5)] == [
        {}, {"Activation": "pin"}, {"Scope": "users"}, {"Freshness": "clock-alert"}, {"Grounding": "unlink"}]


def test_the_window_s_menus_toolbar_and_tabs_have_icons(ui):
    window = ui.window
    tabs = window.tabs
    assert all(not tabs.tabIcon(n).isNull() for n in range(tabs.count()))
    assert len({tabs.tabIcon(n).name() for n in range(tabs.count())}) == tabs.count()
    bare, used = [], {tabs.tabIcon(n).name() for n in range(tabs.count())}
    for menu_action in window.menuBar().actions():
        for action in menu_action.menu().actions():
            if action.isSeparator() or action.isCheckable():   # (a check mark is drawn where the icon goes)
                continue
            if action.icon().isNull():
                bare.append(f"{menu_action.text()} ▸ {action.text()}")
    assert bare == []
    used |= {action.icon().name() for action in window.findChildren(QAction)}
    used |= {button.icon().name() for button in window.findChildren(QAbstractButton)}
    used |= {glyph for glyph, _ in icons.BADGES.values()}
    shipped = {path.stem for path in BUNDLED.glob("*.svg")}
    assert shipped - used == set()   # nothing bundled that the window does not show
    toolbar = window.findChild(QToolBar, "main_toolbar")
    shown = [a for a in toolbar.actions() if not a.isSeparator()]
    assert window.fact_actions["new"] in shown and window.sync.sync_action in shown and len(shown) >= 8
    assert all(not a.icon().isNull() for a in shown)
    assert "(Ctrl+N)" in window.fact_actions["new"].toolTip()


def test_a_state_s_word_and_its_badge_fit_their_column(ui, qtbot):
    """The badge takes room beside the word: "pinned" and "expired" show whole at the columns' own
    widths and when a small window squeezes them ("t…" was all a team fact's scope showed)."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    ui.remember(name="always", body="Always.", activation="pinned")
    ui.remember(name="old-freeze", body="Frozen.", expires_at="2020-03-31T00:00:00Z")
    ui.show_facts("always", "old-freeze")
    window = ui.window
    table = window.facts.table
    proxy, header = table.model(), table.horizontalHeader()
    for size in ((1800, 900), (1024, 640)):
        window.resize(*size)
        qtbot.waitUntil(lambda wanted=size[0]: window.width() == wanted, timeout=5000)
        table.fit_columns()
        checked = 0
        for row in range(proxy.rowCount()):
            for column in (3, 4, 5, 8):
                index = proxy.index(row, column)
                if index.data(Qt.ItemDataRole.DecorationRole) is None:
                    continue
                option = QStyleOptionViewItem()
                option.initFrom(table)
                option.font, option.decorationSize = table.font(), QSize(16, 16)
                needed = table.itemDelegate().sizeHint(option, index).width()
                assert needed <= header.sectionSize(column), (size, index.data(), needed, header.sectionSize(column))
                checked += 1
        assert checked == 2
