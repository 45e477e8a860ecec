"""The Facts table's model and filter at scale: the worker's order is kept as given (no sort on
the GUI thread), and the filter answers from one pass per word, worked out again whenever the
words, the filters or the rows change."""
from __future__ import annotations

from PySide6.QtCore import Qt

from context_center.engine import Fact, FactView
from context_center.ui.facts.model import FactRow, FactsFilterProxy, FactsTableModel, haystack_of

ASC = Qt.SortOrder.AscendingOrder


def _row(i: int, body: str, scope: str = "project") -> FactRow:
    fact = Fact(id=f"mem-{i}", revision=1, name=f"fact-{i:03d}", title=f"Fact {i}", description="", type="project",
                scope=scope, body=body, created_at="2026-01-01T00:00:00Z", updated_at="2026-01-01T00:00:00Z")
    return FactRow(FactView(fact, "current"), haystack=haystack_of(fact))


def _shown(proxy: FactsFilterProxy) -> list[str]:
    return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]


def test_rows_sorted_by_the_worker_are_taken_as_they_come(qtbot, monkeypatch):
    model = FactsTableModel()
    rows = FactsTableModel.sorted_rows([_row(i, "x") for i in (3, 1, 2)], 0, ASC)
    sorts = []
    real = FactsTableModel.sorted_rows
    monkeypatch.setattr(FactsTableModel, "sorted_rows", staticmethod(lambda *a: sorts.append(1) or real(*a)))
    model.set_rows(rows, model.sort_state())
    assert sorts == [] and [r.fact.name for r in model.rows()] == ["fact-001", "fact-002", "fact-003"]
    model.set_rows(list(reversed(rows)), (1, ASC))   # sorted some other way: sorted here
    assert sorts == [1] and [r.fact.name for r in model.rows()] == ["fact-001", "fact-002", "fact-003"]


def test_the_filter_answers_from_one_pass_and_follows_new_rows(qtbot, monkeypatch):
    model, proxy = FactsTableModel(), FactsFilterProxy()
    proxy.setSourceModel(model)
    model.set_rows([_row(1, "deploy with pnpm"), _row(2, "docker build cache"), _row(3, "pnpm cache", "global")])
    passes = []
    real = FactsFilterProxy._work_out
    monkeypatch.setattr(FactsFilterProxy, "_work_out", lambda self, rows: passes.append(len(rows)) or real(self, rows))
    proxy.set_text("PNPM")
    assert _shown(proxy) == ["fact-001", "fact-003"] and passes == [3]
    proxy.set_text("pnpm cache")
    assert _shown(proxy) == ["fact-003"]
    proxy.set_filter("scope", "project")
    assert _shown(proxy) == []
    proxy.set_text("cache")
    assert _shown(proxy) == ["fact-002"]
    model.set_rows([_row(4, "cache warmup"), _row(2, "docker build cache")])   # new rows: worked out again
    assert _shown(proxy) == ["fact-002", "fact-004"]
    proxy.set_text("")
    proxy.set_filter("scope", "")
    assert _shown(proxy) == ["fact-002", "fact-004"]


def test_a_row_without_its_search_text_is_still_found(qtbot):
    model, proxy = FactsTableModel(), FactsFilterProxy()
    proxy.setSourceModel(model)
    row = FactRow(FactView(_row(5, "Kubernetes rollout").fact, "current"))   # made elsewhere, no haystack
    model.set_rows([row])
    proxy.set_text("kubernetes")
    assert _shown(proxy) == ["fact-005"]


def test_rows_let_go_are_handed_back_and_the_longest_names_come_with_the_rows(qtbot):
    """Freeing 100,000 rows, and finding their longest names, each held the GUI thread for tens of
    milliseconds: the model hands the old rows back (the tab frees them on the worker) and takes
    the longest names the worker found."""
    model = FactsTableModel()
    first = [_row(i, "x") for i in range(3)]
    assert not any(model.set_rows(first, model.sort_state()))   # (nothing held yet)
    held = model.row_list()
    released = model.set_rows([_row(9, "y")], model.sort_state(), longest=["fact-009"])
    assert released == [held] and released[0] is held and [r.fact.name for r in released[0]] == [
        "fact-000", "fact-001", "fact-002"]
    assert model.longest_names() == ["fact-009"]
    assert FactsTableModel.longest_of([_row(1, "x"), _row(1234, "y")])[0] == "fact-1234"


def test_the_tab_frees_the_rows_it_no_longer_shows_on_the_worker(ui, qtbot):
    ui.remember(name="one", body="1")
    ui.window.refresh_all()
    ui.idle()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 1)
    held = ui.window.facts.model.row_list()
    ui.window.refresh_all()   # F5: new rows, the old ones let go
    qtbot.waitUntil(lambda: held == [] and len(ui.facts_shown()) == 1, timeout=10000)
