"""The Review tab, driven through its widgets: the count in its title, the preview, apply, edit then
apply, dismiss, and undo right after."""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox


def open_review(ui, qtbot) -> object:
    window = ui.window
    window.tabs.setCurrentWidget(window.review)
    qtbot.waitUntil(lambda: window.review.status.text().endswith("to review."), timeout=15000)
    return window.review


def duplicates(ui) -> None:
    ui.remember(name="deploy-day", title="Deploy day", body="Deploys go out on Tuesdays after the smoke tests pass.")
    ui.remember(name="deploy-days", title="Deploy days", body="Deploys go out on Tuesdays once the smoke tests pass. "
                                                              "Rollbacks use the previous image.")


def test_apply_then_undo_and_the_count_in_the_title(ui, qtbot):
    duplicates(ui)
    ui.show_facts("deploy-day", "deploy-days")
    review = open_review(ui, qtbot)
    window = ui.window
    assert window.tabs.tabText(window.tabs.indexOf(review)) == "Review (1)"
    assert review.model.index(0, 0).data() == "duplicate"
    preview = review.preview.toPlainText()
    assert "- ## project/deploy-days.md" in preview or "- ## project/deploy-day.md" in preview
    kept_ref = review.items[0].refs[0]
    assert preview.startswith(f"duplicate: merge {kept_ref}")   # the header names what it acts on
    assert review.buttons["apply"].isEnabled() and not review.buttons["undo"].isEnabled()
    review.buttons["apply"].click()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 1, timeout=15000)
    qtbot.waitUntil(lambda: review.status.text() == "Nothing to review.", timeout=15000)
    assert window.tabs.tabText(window.tabs.indexOf(review)) == "Review"
    assert review.buttons["undo"].isEnabled()
    [kept] = window.facts.model.rows()
    assert "Rollbacks use the previous image." in kept.fact.body or "smoke tests" in kept.fact.body
    review.undo_last()   # Ctrl+Z, right after
    qtbot.waitUntil(lambda: sorted(ui.facts_shown()) == ["deploy-day", "deploy-days"], timeout=15000)
    qtbot.waitUntil(lambda: review.status.text().endswith("to review."), timeout=15000)
    assert not review.buttons["undo"].isEnabled()
    # the same proposal as before: it kept one, after the undo it proposed keeping the other
    assert review.items[0].refs[0] == kept_ref
    assert review.preview.toPlainText().startswith(f"duplicate: merge {kept_ref}")


def test_edit_then_apply_writes_the_edited_text(ui, qtbot):
    duplicates(ui)
    ui.show_facts("deploy-day", "deploy-days")
    review = open_review(ui, qtbot)
    dialog = review.edit_then_apply()
    assert "Tuesdays" in dialog.text.toPlainText()
    dialog.text.setPlainText("Deploys go out on Tuesdays, after the smoke tests; rollbacks use the last image.")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 1, timeout=15000)
    [kept] = ui.window.facts.model.rows()
    qtbot.waitUntil(lambda: ui.window.facts.model.rows()[0].fact.body.startswith("Deploys go out on Tuesdays, "),
                    timeout=15000)
    assert kept.fact.name in ("deploy-day", "deploy-days")


def test_a_stale_preview_is_refused_in_place_and_a_dismissal_holds(ui, qtbot):
    duplicates(ui)
    ui.show_facts("deploy-day", "deploy-days")
    review = open_review(ui, qtbot)
    shown = review.items[0].id
    ui.remember(name="deploy-day", title="Deploy day", body="Deploys go out on Tuesdays after the smoke tests "
                "pass, and never on Fridays.", expected_revision=1)   # another process changes it meanwhile
    review.buttons["apply"].click()
    qtbot.waitUntil(lambda: review.status.toolTip() == "Error code: NOT_FOUND"
                    and review.status.text().endswith("to review."), timeout=15000)
    assert "NOT_FOUND" not in review.status.text()   # said in words
    assert "changed since it was listed" in review.status.text()
    assert len(list(ui.state_root.glob("projects/*/memory/deploy-day*.md"))) == 2   # nothing was written
    qtbot.waitUntil(lambda: review.items and review.items[0].id != shown, timeout=15000)   # shown as it is now
    review.buttons["dismiss"].click()
    qtbot.waitUntil(lambda: review.status.text().endswith("Nothing to review."), timeout=15000)
    review.reload()
    qtbot.waitUntil(lambda: review.status.text() == "Nothing to review.", timeout=15000)
    # Undo (Ctrl+Z) right after a dismissal proposes the item again (a new user's walk found no way back)
    assert review.buttons["undo"].isEnabled()
    review.undo_last()
    qtbot.waitUntil(lambda: review.status.text().endswith("1 item to review."), timeout=15000)
    assert not review.buttons["undo"].isEnabled()


def test_a_contradiction_keeps_the_other_fact_when_asked(ui, qtbot):
    ui.remember(name="use-npm", title="Installs", body="Use npm for installs in the web package.")
    ui.remember(name="no-npm", title="No npm", body="Never use npm for installs in the web package; use pnpm.")
    ui.show_facts("no-npm", "use-npm")
    review = open_review(ui, qtbot)
    [item] = review.items
    assert item.kind == "contradiction" and review.buttons["keep_other"].isVisibleTo(review)
    assert "Evidence" in review.preview.toPlainText() and "{" not in review.preview.toPlainText()
    review.buttons["keep_other"].click()
    qtbot.waitUntil(lambda: ui.facts_shown() == [item.facts[1].name], timeout=15000)


def test_an_item_about_a_state_wears_that_state_s_badge(ui, qtbot):
    duplicates(ui)
    ui.remember(name="old-freeze", title="Release freeze", body="The release branch is frozen until March.",
                expires_at="2020-03-31T00:00:00Z")
    ui.show_facts("deploy-day", "deploy-days", "old-freeze")
    review = open_review(ui, qtbot)
    model = review.model
    kinds = {model.index(r, 0).data(): model.index(r, 0).data(Qt.ItemDataRole.DecorationRole)
             for r in range(model.rowCount())}
    assert set(kinds) == {"duplicate", "expired"}
    assert kinds["expired"].name() == "calendar-x" and kinds["duplicate"] is None


def test_each_reason_is_the_engine_s_in_english_and_chinese_in_a_chinese_window(ui, qtbot):
    """A new user's walk: in the Chinese window every reason was the engine's English sentence."""
    from PySide6.QtWidgets import QApplication

    from context_center.engine import MemoryReview, open_engine
    from context_center.ui import language
    from context_center.ui.review_words import reason

    duplicates(ui)
    ui.remember(name="no-fridays", title="No Friday deploys", body="Never deploy the web app on Fridays.")
    ui.remember(name="fridays", title="Friday deploys", body="Deploy the web app on Fridays after lunch.")
    ui.remember(name="beta", title="Beta", body="The beta ends soon.", expires_at="2020-01-01")
    ui.remember(name="audit-export", title="Audit export",   # alike, one word in another's place: related
                body="Admins can export the audit log as CSV from the settings page.")
    ui.remember(name="audit-import", title="Audit import",
                body="Admins can import the audit log as CSV from the settings page.")
    ui.remember(name="hosting", title="Hosting", body="The app is deployed on Heroku.")
    ui.remember(name="moved", title="Moved", body="We migrated the app from Heroku to Fly.io.")
    ui.remember(name="export-time", title="Nightly export time", body="The nightly export runs at 01:00 UTC.")
    ui.remember(name="export-schedule", title="Nightly export schedule", body="The nightly export runs at 03:30 UTC.")
    ui.remember(name="review-day", title="Review day", body="Reviews happen on Mondays.")
    ui.remember(name="reviews", title="Review day", body="Reviews happen on Thursdays.", scope="global")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        items = MemoryReview(engine).items()
    assert {item.kind for item in items} >= {"duplicate", "related", "contradiction", "expired", "override"}
    assert any(item.evidence.get("left_behind") for item in items)
    assert any(item.evidence.get("values") for item in items)   # (the two values named in the reason)
    for item in items:   # the window's English is the engine's, word for word
        assert reason(item) == item.reason, item.kind
    app = QApplication.instance()
    try:
        language.install(app, "zh_CN")
        for item in items:
            said = reason(item)
            assert re.search(r"[\u4e00-\u9fff]{4}", said) and all(ref in said for ref in item.refs), said
            assert not re.search(r"\b(?:the|and|forget|keep)\b", said), said
    finally:
        language.install(app, "en")


def test_the_window_words_every_kind_as_the_engine_does(qapp):
    """Each kind's reason, made by the engine's finders, read back by the window word for word."""
    import datetime as dt
    from types import SimpleNamespace

    from PySide6.QtWidgets import QApplication

    from context_center.engine.records import Fact
    from context_center.engine.review import finders
    from context_center.ui import language
    from context_center.ui.review_words import reason

    stamp = "2020-01-01T00:00:00Z"

    def fact(name: str, **fields) -> Fact:
        return Fact(id=f"id-{name}", revision=1, name=name, title=fields.pop("title", name), description="",
                    type="project", scope=fields.pop("scope", "project"), body=fields.pop("body", "A body."),
                    created_at=stamp, updated_at=stamp, **fields)

    problem = SimpleNamespace(ref="src/app.py#main", detail="main is no longer in src/app.py")
    checked = SimpleNamespace(state="broken", problem=problem, to_json=lambda: {
        "state": "broken", "refs": [{"ref": problem.ref, "state": "missing", "detail": problem.detail}]})
    changed = SimpleNamespace(state="changed", problem=problem, to_json=lambda: {
        "state": "changed", "refs": [{"ref": problem.ref, "state": "changed", "detail": problem.detail}]})
    long = "\n\n".join("A paragraph of the long fact, said at length. " * 20 for _ in range(8))
    items = [
        *finders.freshness_items([fact("old"), fact("beta", expires_at="2020-02-01")], ["stale", "expired"]),
        *finders.grounding_items([fact("cites", refs=("src/app.py#main",))], lambda f: checked),
        *finders.grounding_items([fact("cites-too", refs=("src/app.py:3-4",))], lambda f: changed),
        *finders.worktree_items([fact("lost", worktree="feature-x")], frozenset({"main"})),
        *finders.unused_items([fact("idle")], lambda f: finders.Usage(), dt.datetime(2024, 1, 1, tzinfo=dt.UTC), 30),
        *finders.oversize_items([fact("long", body=long)], 1_450, [{"agent": "Codex", "label": "workspace/AGENTS.md",
                                                                   "bytes": 40_000, "kept_bytes": 32_768,
                                                                   "cut_line": 410}]),
        *finders.staged_items([SimpleNamespace(stale=True, fact=fact("staged"), agent="claude-code",
                                               written_at=stamp, imported_from="")]),
        *finders.duplicates_and_contradictions([fact("hosting", body="The app is deployed on Heroku."),
                                                fact("moved", body="We migrated the app from Heroku to Fly.io.")],
                                               lambda f: finders.Usage()),
        *finders.duplicates_and_contradictions([fact("pm", body="Always use pnpm in this repository."),
                                                fact("npm", body="Use npm to install dependencies here.")],
                                               lambda f: finders.Usage()),
        *finders.duplicates_and_contradictions([fact("logs", title="", body="订单日志保留两周。"),
                                                fact("logs-too", title="", body="订单日志保留 14 天。")],
                                               lambda f: finders.Usage()),
        *finders.duplicates_and_contradictions([fact("bugs", title="", body="Bugs are tracked in Linear."),
                                                fact("defects", title="", body="Log defects as Linear issues.")],
                                               lambda f: finders.Usage()),
        *finders.overrides([fact("pm", body="Use yarn.", subject_key="project.pm"),
                            fact("pm-everywhere", body="Use pnpm.", subject_key="project.pm", scope="global"),
                            fact("day", title="Deploy day", body="Fridays."),
                            fact("ship-day", title="Deploy day", body="Tuesdays.", scope="global")]),
    ]
    assert {item.kind for item in items} == {"stale", "expired", "broken", "changed", "worktree", "unused",
                                             "oversize", "staged", "contradiction", "override", "duplicate"}
    [merge, tracked] = [item for item in items if item.kind == "duplicate"]   # (the value both give, in its reason;
    assert merge.evidence["shared"] == ["duration: 14 days"] and "both give duration: 14 days; " in merge.reason
    assert "(both give tool:issue-tracker: linear)" in tracked.reason   # alone, where no other word is alike)
    assert len([item for item in items if item.kind == "override"]) == 2
    assert [bool(item.evidence.get("claims")) for item in items if item.kind == "contradiction"] == [False, True]
    for item in items:
        assert reason(item) == item.reason, item.kind
    app = QApplication.instance()
    try:   # (and in Chinese, the value as the engine shows it)
        language.install(app, "zh_CN")
        assert "两条都给出 duration: 14 days；" in reason(merge)
        assert "（两条都给出 tool:issue-tracker: linear）" in reason(tracked)
    finally:
        language.install(app, "en")


def test_the_evidence_says_yes_or_no_never_true_or_false(ui, qtbot):
    """"same title: False" (and "标题相同: False" in Chinese): words, not Python's booleans."""
    from context_center.ui.review_tab import _evidence_html
    shown = _evidence_html({"same_title": False, "similarity": 0.91, "nested": {"flag": True}})
    assert "same title: no" in shown and "flag: yes" in shown
    assert "False" not in shown and "True" not in shown
    claims = _evidence_html({"claims": {"project/a.md": ["package-manager: pnpm", "package-manager: not npm"]}})
    assert "project/a.md: package-manager: pnpm; package-manager: not npm" in claims and "['" not in claims
    duplicates(ui)
    ui.show_facts("deploy-day", "deploy-days")
    review = open_review(ui, qtbot)
    preview = review.preview.toPlainText()
    assert "same title:" in preview and "False" not in preview and "True" not in preview


def test_apply_stays_in_place_whether_keep_the_other_shows_or_not(ui, qtbot):
    """Review's Apply moved ~110 px between item kinds (Keep the other comes and goes beside it)."""
    review = ui.window.review
    ui.window.tabs.setCurrentWidget(review)
    keep, apply = review.buttons["keep_other"], review.buttons["apply"]
    keep.setVisible(False)
    qtbot.waitUntil(lambda: not keep.isVisible(), timeout=1000)
    review.layout().activate()
    hidden = apply.mapTo(review, apply.rect().topLeft())
    keep.setVisible(True)
    review.layout().activate()
    assert apply.mapTo(review, apply.rect().topLeft()) == hidden
