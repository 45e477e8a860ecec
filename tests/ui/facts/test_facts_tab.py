"""The Facts tab, driven through its widgets against a real engine."""
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from context_center.ui import dialogs
from context_center.ui.facts.form import FactForm
from context_center.ui.facts.model import FactsTableModel


def save(form: FactForm) -> None:
    form.buttons.button(QDialogButtonBox.StandardButton.Save).click()


def test_a_first_run_explains_the_tabs_and_offers_a_first_fact(ui):
    tab = ui.window.facts
    assert tab.stack.currentIndex() == 1
    shown = tab.welcome_text.toPlainText()
    for name in ("Overview", "Facts", "Instructions", "Recall", "Archive", "Suggestions", "Review"):
        assert name + " —" in shown, name   # every tab (the Overview and Review were left out)
    assert ui.window.findChild(type(tab.buttons["new"]), "button_first_fact").isVisible()


def test_a_fact_is_created_through_the_form(ui, qtbot):
    form = ui.window.facts.writes.new_fact()
    form.fields["title"].setText("Package manager is pnpm")
    form.body.setPlainText("Use pnpm; npm lockfiles are rejected.")
    with qtbot.waitSignal(form.saved, timeout=10000):
        save(form)
    ui.idle()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["package-manager-is-pnpm"])
    assert ui.window.facts.stack.currentIndex() == 0
    assert "Use pnpm" in ui.window.facts.detail.toPlainText()
    assert list(ui.state_root.glob("projects/*/memory/package-manager-is-pnpm.md"))
    from context_center.ui.facts.model import TEAM_COLUMN
    assert ui.window.facts.table.isColumnHidden(TEAM_COLUMN)   # no team facts: the title has the room


def test_the_form_validates_as_you_type(ui):
    form = ui.window.facts.writes.new_fact()
    save_button = form.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert not save_button.isEnabled()
    form.fields["title"].setText("Deploys")
    form.body.setPlainText("Deploy on Tuesdays.")
    assert save_button.isEnabled()
    form.fields["subject_key"].setText("。。")
    assert form.errors["subject_key"].isVisible() and "subject key" in form.errors["subject_key"].text()
    assert not save_button.isEnabled()
    form.fields["subject_key"].setText("project.deploy_day")
    form.fields["expires_at"].setText("next week")
    assert form.errors["expires_at"].isVisible() and not save_button.isEnabled()
    form.discard()


def test_a_subject_conflict_is_shown_in_place_naming_the_holder(ui, qtbot):
    holder = ui.remember(name="pm", body="npm", subject_key="project.package_manager")
    form = ui.window.facts.writes.new_fact()
    form.fields["title"].setText("Tooling")
    form.fields["subject_key"].setText("project.package_manager")
    form.body.setPlainText("pnpm")
    save(form)
    qtbot.waitUntil(form.banner.isVisible, timeout=10000)
    assert form.banner.toolTip() == "Error code: SUBJECT_CONFLICT" and holder.id in form.banner.text()
    assert "_CONFLICT" not in form.banner.text()   # said in words
    assert form.isVisible()
    form.discard()


def test_a_refused_pin_shows_the_budget_message(ui, qtbot):
    ui.remember(name="house-style", body="x" * 1400, activation="pinned")
    ui.remember(name="second", body="y" * 200)
    ui.window.refresh_all()
    ui.idle()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 2)
    ui.select_fact("second")
    with qtbot.waitSignal(ui.window.messages.problem, timeout=10000) as blocker:
        ui.window.facts.writes.toggle_pin()
    title, text = blocker.args
    assert title == "Could not pin the fact" and "1,600" in text and "AGENTS.md" in text
    assert ui.window.status.pinned.text() == "Pinned 1,400 / 1,500 characters"


def test_pin_verify_and_the_pinned_total(ui, qtbot):
    ui.remember(name="rule", body="Small commits.")
    ui.show_facts("rule")
    ui.select_fact("rule")
    ui.window.facts.writes.toggle_pin()
    ui.idle()
    qtbot.waitUntil(lambda: ui.window.status.pinned.text() == "Pinned 14 / 1,500 characters")
    assert ui.window.facts.buttons["pin"].text() == "Un&pin"
    ui.window.facts.writes.verify_selected()
    ui.idle()
    qtbot.waitUntil(lambda: "Last verified:** 20" in ui.window.facts.detail.toMarkdown()
                    or "Last verified: 20" in ui.window.facts.detail.toPlainText())


def test_a_revision_conflict_offers_to_reload(ui, qtbot):
    fact = ui.remember(name="racy", body="v1")
    ui.show_facts("racy")
    ui.select_fact("racy")
    form = ui.window.facts.writes.edit_selected()
    with __import__("context_center.engine", fromlist=["open_engine"]).open_engine(
            state_root=ui.state_root, workspace=ui.workspace) as other:
        from context_center.engine import FactInput
        other.edit(fact.id, FactInput(body="changed elsewhere"))
    form.body.setPlainText("my edit")
    save(form)
    qtbot.waitUntil(form.reload_button.isVisible, timeout=10000)
    assert form.banner.toolTip() == "Error code: REVISION_CONFLICT"
    form.reload_button.click()
    qtbot.waitUntil(lambda: form.body.toPlainText() == "changed elsewhere", timeout=10000)
    form.body.setPlainText("my edit, again")
    with qtbot.waitSignal(form.saved, timeout=10000):
        save(form)


def test_an_external_edit_shows_up_by_itself(ui, qtbot):
    fact = ui.remember(name="watched", title="Before", body="b")
    qtbot.waitUntil(lambda: ui.facts_shown() == ["watched"], timeout=10000)
    fact.path.write_text(fact.path.read_text().replace("title: Before", "title: After the edit"))
    qtbot.waitUntil(lambda: ui.window.facts.model.rows()[0].fact.title == "After the edit", timeout=10000)


def open_history(ui, qtbot, name: str, edit: dict, **fields):
    """A fact written, then edited by another process; its history dialog opened in the window."""
    from context_center.engine import FactInput, open_engine
    fact = ui.remember(name=name, **fields)
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.edit(fact.id, FactInput(**edit))
    ui.show_facts(name)
    ui.select_fact(name)
    ui.window.facts.writes.history_selected()
    qtbot.waitUntil(lambda: ui.window.facts.writes.history_dialog is not None, timeout=10000)
    return ui.window.facts.writes.history_dialog


def test_history_diff_and_restore(ui, qtbot):
    dialog = open_history(ui, qtbot, "wording", {"body": "second wording"}, body="first wording")
    dialog.list.setCurrentRow(1)
    assert "-first wording" in dialog.view.toPlainText() and "+second wording" in dialog.view.toPlainText()
    dialog.list.setCurrentRow(0)
    dialog.against.setCurrentIndex(1)  # what revision 2 changed, against revision 1
    assert "-first wording" in dialog.view.toPlainText() and "revision 1" in dialog.view.toPlainText()
    dialog.list.setCurrentRow(1)
    with qtbot.waitSignal(dialog.restored, timeout=10000):
        dialog.restore_button.click()
    ui.idle()
    qtbot.waitUntil(lambda: ui.window.facts.model.rows()[0].fact.revision == 3)
    assert ui.window.facts.model.rows()[0].fact.body == "first wording"
    # what was restored, not "Saved project/wording.md (revision 3)"
    assert ui.window.statusBar().currentMessage() == "Restored revision 1 of project/wording.md as revision 3"


def test_forget_asks_then_archives(ui, qtbot, monkeypatch):
    ui.remember(name="gone", body="b")
    ui.show_facts("gone")
    ui.select_fact("gone")
    asked = []
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: asked.append(k) and False)
    ui.window.facts.writes.forget_selected()
    ui.idle()
    assert ui.facts_shown() == ["gone"] and asked == [{"action": "Forget"}]
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: True)
    ui.window.facts.writes.forget_selected()
    ui.idle()
    qtbot.waitUntil(lambda: ui.facts_shown() == [] and ui.window.archive.table.rowCount() == 1, timeout=10000)


def test_the_override_is_explained_in_the_window_s_language(ui, qtbot):
    """The Chinese window's detail pane said the engine's English sentence about an override; the
    window words it from the sentence's code and values (its table is the engine's, word for word)."""
    import re

    from PySide6.QtWidgets import QApplication

    from context_center.engine.memory.overrides import OVERRIDE_SENTENCES, WHY
    from context_center.ui import language
    from context_center.ui.facts import detail

    assert detail.OVERRIDE_WORDS == OVERRIDE_SENTENCES and set(detail.WHY_WORDS) == set(WHY)
    ui.remember(name="pm-global", title="Package manager", scope="global", body="npm",
                subject_key="project.package_manager")
    ui.remember(name="pm", title="Package manager here", body="pnpm", subject_key="project.package_manager")
    ui.window.refresh_all()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 2)
    tab = ui.window.facts
    app = QApplication.instance()
    try:
        language.install(app, "zh_CN")
        tab.select(next(r.key for r in tab.model.rows() if r.fact.name == "pm-global"))
        said = tab.detail.toPlainText()
        assert "project/pm.md" in said and "answers the same question" not in said and "same subject" not in said
        assert re.search(r"[\u4e00-\u9fff]{10}", said), said
    finally:
        language.install(app, "en")


def test_filters_search_and_the_override_explained(ui, qtbot):
    ui.remember(name="pm-global", title="Package manager", scope="global", body="npm",
                subject_key="project.package_manager")
    ui.remember(name="pm", title="Package manager here", body="pnpm", subject_key="project.package_manager")
    ui.remember(name="docs-link", title="Docs", type="reference", body="https://docs.example.test")
    ui.window.refresh_all()
    ui.idle()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 3)
    tab = ui.window.facts
    tab.filters["scope"].setCurrentIndex(tab.filters["scope"].findData("global"))
    assert ui.facts_shown() == ["pm-global"]
    tab.select(next(r.key for r in tab.model.rows() if r.fact.name == "pm-global"))
    assert "Overridden by project/pm.md (same subject): the project fact answers" in tab.detail.toPlainText()
    assert "this global fact stays for other projects." in tab.detail.toPlainText()
    assert "(fact:project/pm.md)" in tab.detail.toMarkdown()
    tab.detail.anchorClicked.emit(QUrl("fact:project/pm.md"))  # the link in the explanation
    assert tab.current_row().fact.ref == "project/pm.md" and tab.filters["scope"].currentIndex() == 0
    tab.filters["scope"].setCurrentIndex(0)
    tab.search.setText("docs.example")
    assert ui.facts_shown() == ["docs-link"]
    tab.search.clear()
    tab.filters["type"].setCurrentIndex(tab.filters["type"].findData("reference"))
    assert ui.facts_shown() == ["docs-link"]


def test_unparseable_files_are_listed(ui, qtbot):
    folder = ui.window.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.md").write_text("---\nname: [x\n---\nbody\n")
    qtbot.waitUntil(lambda: ui.window.facts.problems.isVisible(), timeout=10000)
    assert "broken.md" in ui.window.facts.problems.item(0).text()


def test_the_table_model_is_well_behaved(ui, qtbot, qtmodeltester):
    ui.remember(name="one", body="1")
    ui.remember(name="two", body="2", scope="global", type="user")
    ui.window.refresh_all()
    ui.idle()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 2)
    model = FactsTableModel()
    model.set_rows(ui.window.facts.model.rows())
    qtmodeltester.check(model)
    qtmodeltester.check(ui.window.facts.proxy)


def test_keyboard_new_fact_and_tab_switching(ui, qtbot):
    qtbot.keyClick(ui.window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert ui.window.tabs.currentWidget() is ui.window.instructions
    qtbot.keyClick(ui.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: any(isinstance(w, FactForm) and w.isVisible() for w in ui.window.findChildren(FactForm)))
    assert ui.window.tabs.currentWidget() is ui.window.facts
    for form in ui.window.findChildren(FactForm):
        form.discard()


def test_history_shows_title_changes_too(ui, qtbot):
    dialog = open_history(ui, qtbot, "renamed", {"title": "New title"}, title="Old title", body="same body")
    text = dialog.view.toPlainText()
    assert "-Title: Old title" in text and "+Title: New title" in text


def test_history_lists_what_each_revision_changed_and_diffs_every_field(ui, qtbot):
    dialog = open_history(ui, qtbot, "flagged", {"activation": "pinned"}, body="same body")
    labels = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert labels[0].startswith("Revision 2 (active) — pinned") and labels[1].startswith("Revision 1 — created")
    dialog.list.setCurrentRow(1)
    text = dialog.view.toPlainText()
    assert "-Activation: relevant" in text and "+Activation: pinned" in text and "(no difference)" not in text
    assert "verification date" in dialog.findChild(QLabel, "restore_explained").text()
    dialog.close()


def test_subject_conflicts_are_found_by_normalized_key_as_the_engine_sees_them(ui, qtbot):
    from context_center.engine import open_engine
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    for name, key in (("pm-one", "Project.Package Manager"), ("pm-two", "project.package_manager")):
        (folder / f"{name}.md").write_text(f"---\nname: {name}\ntitle: {name}\nsubject_key: {key}\n"
                                           "metadata:\n  type: project\n  scope: project\n---\n\nbody\n")
    ui.window.refresh_all()
    ui.idle()
    tab = ui.window.facts
    qtbot.waitUntil(lambda: tab.problems.count() == 1, timeout=10000)
    text = tab.problems.item(0).text()
    assert "project.package_manager" in text and "pm-one" in text and "pm-two" in text


def test_move_to_global_keeps_the_fact_and_its_history(ui, qtbot):
    fact = ui.remember(name="house-style", body="Short answers.")
    ui.show_facts("house-style")
    ui.select_fact("house-style")
    assert ui.window.facts.buttons["move"].text().replace("&", "") == "Move to global"
    ui.window.facts.writes.move_selected()
    ui.idle()
    qtbot.waitUntil(lambda: ui.window.facts.model.rows()[0].fact.scope == "global", timeout=10000)
    row = ui.window.facts.current_row()
    assert row is not None and (row.fact.id, row.fact.scope, row.fact.revision) == (fact.id, "global", 2)
    assert ui.window.facts.buttons["move"].text().replace("&", "") == "Move to project"


def test_a_fact_rewritten_by_another_tool_says_so_and_gets_its_keys_back(ui, qtbot):
    from context_center.engine import open_engine
    from support.store import rewrite_as_reasonix_does
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "agent-note.md").write_text(
        "---\nid: mem-" + "d" * 32 + "\nrevision: 1\ncreated_at: 2026-11-01T00:00:00Z\n"
        "updated_at: 2026-11-01T00:00:00Z\nname: agent-note\ntitle: Agent note\ndescription: d\n"
        "status: staging\nmetadata:\n  type: project\n  scope: project\n---\n\nstaged\n")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        rewrite_as_reasonix_does(engine.fact("agent-note"))
    ui.show_facts("agent-note")
    ui.select_fact("agent-note")
    tab = ui.window.facts
    qtbot.waitUntil(lambda: "Rewritten by another tool" in tab.detail.toPlainText(), timeout=10000)
    assert tab.detail.lost_keys == ["status"]
    tab.writes.restore_lost_keys_selected()
    # staged again, it is an agent's proposal: it leaves the facts and waits in Suggestions
    agents = ui.window.suggestions.agents
    qtbot.waitUntil(lambda: [p.fact.name for p in agents.proposals] == ["agent-note"], timeout=10000)
    assert ui.window.suggestions.agents.proposals[0].fact.status == "staging"
    qtbot.waitUntil(lambda: ui.facts_shown() == [] and tab.waiting_note.isVisibleTo(tab), timeout=10000)


def test_the_detail_follows_a_fact_moved_or_forgotten_by_another_process(ui, qtbot):
    from context_center.engine import open_engine
    moving = ui.remember(name="staging-deploys", body="Deploy staging on Fridays.")
    ui.remember(name="other", body="Something else.")
    ui.window.refresh_all()
    ui.idle()
    qtbot.waitUntil(lambda: len(ui.facts_shown()) == 2, timeout=10000)
    ui.select_fact("staging-deploys")
    tab = ui.window.facts
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.move(moving.id, "global")
    qtbot.waitUntil(lambda: "global/staging-deploys.md" in tab.detail.toPlainText(), timeout=10000)
    assert tab.current_row().fact.scope == "global" and tab.buttons["edit"].isEnabled()
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.forget(moving.id)
    qtbot.waitUntil(lambda: ui.facts_shown() == ["other"], timeout=10000)
    qtbot.waitUntil(lambda: "staging-deploys" not in tab.detail.toPlainText(), timeout=10000)
    assert tab.current_row().fact.name == "other" and "project/other.md" in tab.detail.toPlainText()


def test_history_purges_a_secret_from_every_revision_after_asking(ui, qtbot, monkeypatch):
    token = "ghp_" + "Zq8" * 12
    clean = open_history(ui, qtbot, "clean", {"body": "still clean"}, body="nothing secret here")
    assert not clean.purge_button.isVisibleTo(clean)   # offered only when there is something to purge
    clean.reject()
    ui.window.facts.writes.history_dialog = None
    from context_center.engine import FactInput, open_engine
    fact = ui.remember(name="leaky", body="deploy token is placeholder")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.edit(fact.id, FactInput(body="now clean"))
    revision = next(p for p in (ui.state_root / "projects").glob(f"*/memory/.revisions/{fact.id}/*.md"))
    revision.write_text(revision.read_text(encoding="utf-8").replace("placeholder", token), encoding="utf-8")
    ui.show_facts("clean", "leaky")
    ui.select_fact("leaky")
    ui.window.facts.writes.history_selected()
    qtbot.waitUntil(lambda: ui.window.facts.writes.history_dialog is not None, timeout=10000)
    dialog = ui.window.facts.writes.history_dialog
    assert dialog.purge_button.isVisibleTo(dialog)
    asked = []
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: asked.append(a) or False)
    qtbot.keyClick(dialog.list, Qt.Key.Key_Return)   # Return never leads to an irreversible action
    assert asked == [] and not dialog.purge_button.isDefault()
    assert dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close).isDefault()
    dialog.purge_button.click()
    assert token in revision.read_text(encoding="utf-8")   # asked, and the answer was no
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: k.get("action") == "Purge")
    with qtbot.waitSignal(dialog.purged, timeout=10000) as done:
        dialog.purge_button.click()
    assert [str(p) for p in done.args[0].rewritten] == [str(revision)]
    assert token not in revision.read_text(encoding="utf-8") and "[REDACTED]" in revision.read_text(encoding="utf-8")
    dialog.reject()


def test_a_proposed_subject_key_is_set_in_one_click_and_then_holds(ui, qtbot):
    """"Always use pnpm" has no subject key: the detail proposes the one its claims give, a click
    sets it, and from then a second fact giving that subject another value is refused."""
    ui.remember(name="package-manager", body="Always use pnpm, never npm, in this repository.")
    ui.show_facts("package-manager")
    ui.select_fact("package-manager")
    tab = ui.window.facts
    qtbot.waitUntil(lambda: "project.package_manager" in tab.detail.toPlainText(), timeout=10000)
    assert "Use it" in tab.detail.toPlainText()
    tab.detail.anchorClicked.emit(QUrl("use-subject:project.package_manager"))
    qtbot.waitUntil(lambda: tab.current_row() is not None
                    and tab.current_row().fact.subject_key == "project.package_manager", timeout=10000)
    qtbot.waitUntil(lambda: "Use it" not in tab.detail.toPlainText(), timeout=10000)

    form = tab.writes.new_fact()
    form.fields["title"].setText("Install")
    form.fields["subject_key"].setText("project.package_manager")
    form.body.setPlainText("Use npm to install dependencies.")
    save(form)
    qtbot.waitUntil(form.banner.isVisible, timeout=10000)
    assert form.banner.toolTip() == "Error code: SUBJECT_CONFLICT"
    form.discard()
