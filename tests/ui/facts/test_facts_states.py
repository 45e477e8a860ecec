"""The Facts tab says what state it is in: loading, counts while filtering, no results."""
from PySide6.QtCore import QSettings, Qt

from context_center.ui.app import create_window
from context_center.ui.facts.tab import PAGE_LIST, PAGE_LOADING


def test_a_loading_page_shows_until_the_store_is_read(qtbot, tmp_path, state_root, workspace):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window, client = create_window(str(state_root), str(workspace), settings)
    qtbot.addWidget(window)
    try:
        # the engine answers through the event loop, which has not run yet: nothing is known
        assert window.facts.stack.currentIndex() == PAGE_LOADING
        assert window.facts.loading_label.text() == "Reading the facts…"
        qtbot.waitUntil(lambda: window.facts.stack.currentIndex() != PAGE_LOADING, timeout=10000)
    finally:
        qtbot.waitUntil(lambda: not client.busy, timeout=10000)
        window.close()
        client.shutdown()


def test_counts_say_n_of_m_while_filtering_and_no_results_offers_to_clear(ui, qtbot):
    ui.remember(name="only-one", body="alpha")
    ui.window.refresh_all()
    ui.idle()
    tab = ui.window.facts
    qtbot.waitUntil(lambda: tab.count_label.text() == "1 fact")
    ui.remember(name="second", title="Second thing", body="beta", description="a longer description")
    ui.window.refresh_all()
    ui.idle()
    qtbot.waitUntil(lambda: tab.count_label.text() == "2 facts")
    assert tab.stack.currentIndex() == PAGE_LIST
    tab.search.setText("alpha")
    assert tab.count_label.text() == "1 of 2 facts" and not tab.no_results.isVisible()
    tab.search.setText("nothing like this")
    assert tab.count_label.text() == "0 of 2 facts" and tab.no_results.isVisible()
    tab.no_results.linkActivated.emit("clear")
    assert tab.search.text() == "" and tab.count_label.text() == "2 facts" and not tab.no_results.isVisible()
    row = next(r for r in range(tab.proxy.rowCount()) if tab.proxy.index(r, 0).data() == "second")
    assert tab.proxy.index(row, 1).data(Qt.ItemDataRole.ToolTipRole) == "Second thing\na longer description"
