"""Issue #36, point 11: an action's result stays in the status bar until the next action; what
happens in the background (the search index catching up) never writes over it."""
from __future__ import annotations


def test_an_actions_result_outlives_the_search_indexs_note(ui, qtbot):
    window = ui.window
    bar = window.statusBar()
    report = {"added": 2, "updated": 0, "removed": 0}
    window._index_ready(report)
    assert bar.currentMessage() == "Search index up to date (2 added, 0 updated, 0 removed)"   # nothing else showed

    ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.")
    ui.show_facts("deploy-order")
    ui.select_fact("deploy-order")
    window.facts.verify_selected()
    qtbot.waitUntil(lambda: bar.currentMessage().startswith("Verified project/deploy-order"), timeout=10000)
    said = bar.currentMessage()
    window._index_ready(report)          # the index catches up with the write a moment later
    window._index_failed("disk full")
    assert bar.currentMessage() == said

    window.messages.info("Restored project/deploy-order.md")   # the next action's result replaces it
    assert bar.currentMessage() == "Restored project/deploy-order.md"
