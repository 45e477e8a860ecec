"""Issue #36, point 8: search results came sorted by name. They come most relevant first (a word
in the name or title counts most, then keywords, description, body); a header click still sorts."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt


def test_search_results_are_most_relevant_first_until_a_column_is_chosen(ui, qtbot):
    ui.remember(name="alpha-notes", title="Alpha notes", description="Where deploy logs go", body="Ship it.")
    ui.remember(name="deploy-cache", title="Deploy cache", body="The deploy cache is warmed first.")
    ui.remember(name="zebra", title="Zebra", body="Mentions deploy once.")
    ui.remember(name="unrelated", title="Unrelated", body="Nothing here.")
    ui.show_facts("alpha-notes", "deploy-cache", "unrelated", "zebra")
    tab = ui.window.facts
    header = tab.table.horizontalHeader()

    tab.search.setText("deploy")
    assert ui.facts_shown() == ["deploy-cache", "alpha-notes", "zebra"]
    assert header.sortIndicatorSection() == -1   # no column claims the order

    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(0) + 10, header.height() // 2))   # Name still sorts
    assert ui.facts_shown() == ["alpha-notes", "deploy-cache", "zebra"]

    tab.search.setText("deploy cache")   # a new search: by relevance again
    assert ui.facts_shown()[0] == "deploy-cache"
    tab.search.clear()
    assert ui.facts_shown() == ["alpha-notes", "deploy-cache", "unrelated", "zebra"]
    assert header.sortIndicatorSection() == 0
