"""What the user decided is kept row by row in the catalog's kept table: a dismissal or a decision
writes its row, never the whole kind, an earlier version's whole-JSON setting is moved in once and
removed, and a kind keeps its bound, the newest rows."""
from __future__ import annotations

from context_center.engine import FactInput


def test_an_earlier_versions_settings_are_moved_in_once_and_removed(engine):
    engine.set_setting("review.dismissed", ["stale-0123456789", "expired-abcdefabcd"])
    engine.set_setting("review.decisions", [{"token": "a1b2c3", "item": "duplicate-0123456789", "kind": "duplicate",
                                            "facts": [], "action": "merge", "reason": "r",
                                            "applied_at": "2026-11-01T00:00:00.000Z", "changes": [],
                                            "undone_at": None}])
    review = engine.review
    assert review.decisions.dismissed() == {"stale-0123456789", "expired-abcdefabcd"}
    assert [entry["token"] for entry in review.decisions.history()] == ["a1b2c3"]
    assert engine.setting("review.dismissed") is None and engine.setting("review.decisions") is None
    review.decisions.dismiss("unused-1111111111")   # a row of its own; the others stay as they were
    assert engine.review.decisions.dismissed() == {"stale-0123456789", "expired-abcdefabcd", "unused-1111111111"}
    assert engine.review.decisions.undismiss("stale-0123456789")
    assert not engine.review.decisions.undismiss("stale-0123456789")


def test_a_kind_keeps_its_newest_rows_within_its_bound(engine):
    rows = engine.kept_rows("test.kind", 3)
    for n in range(5):
        rows.put(f"k{n}", {"n": n}, at=f"2026-12-0{n + 1}T00:00:00Z")
    assert rows.keys() == ["k2", "k3", "k4"] and rows.get("k4") == {"n": 4}


def test_an_apply_and_its_undo_are_kept_rows(engine):
    for name in ("deploy-day", "deploy-days"):
        engine.remember(FactInput(name=name, title="Deploy day", body="Deploys go out on Tuesdays."))
    review = engine.review
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    done = review.apply(item.id)
    review.undo(done["undo"])
    [entry] = engine.review.decisions.history()
    assert entry["token"] == done["undo"] and entry["undone_at"]
    assert engine.setting("review.decisions") is None   # nothing kept as one JSON value any more
