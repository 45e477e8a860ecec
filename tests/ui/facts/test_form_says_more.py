"""Issue #36, point 5: the fact form counts the pinned total while a pinned fact is edited, links
a subject conflict to the fact holding the subject, and shows the file name a name makes."""
from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox


def test_the_pinned_total_is_counted_live_against_the_budget(ui, qtbot):
    ui.remember(name="style", title="Style", body="x" * 1000, activation="pinned")
    ui.remember(name="deploys", title="Deploys", body="Deploy on Tuesdays.", activation="pinned")
    ui.show_facts("deploys", "style")
    ui.select_fact("deploys")
    form = ui.window.facts.writes.edit_selected()
    try:
        assert form.pinned_note.isVisible()
        assert form.pinned_note.text() == f"Pinned facts: {1000 + len('Deploy on Tuesdays.'):,} of 1,500 characters"
        form.body.setPlainText("y" * 600)
        assert form.pinned_note.text().startswith("Pinned facts: 1,600 of 1,500 characters — over the budget")
        form.fields["activation"].setCurrentIndex(form.fields["activation"].findText("relevant"))
        assert not form.pinned_note.isVisible()   # not pinned: no budget to count
    finally:
        form.discard()


def test_the_name_previews_its_file_name(ui, qtbot):
    form = ui.window.facts.writes.new_fact()
    try:
        form.fields["title"].setText("Deploy: Order & Rules")
        assert form.file_preview.text() == "Saved as project/deploy-order-rules.md"
        form.fields["name"].setText("deploy-order")
        assert form.file_preview.text() == "Saved as project/deploy-order.md"
    finally:
        form.discard()


def test_a_subject_conflict_links_to_the_fact_holding_it(ui, qtbot):
    ui.remember(name="pm", title="Package manager", body="npm", subject_key="project.package_manager")
    ui.show_facts("pm")
    form = ui.window.facts.writes.new_fact()
    form.fields["title"].setText("Tooling")
    form.fields["subject_key"].setText("project.package_manager")
    form.body.setPlainText("pnpm")
    form.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(form.banner.isVisible, timeout=10000)
    assert '<a href="holder">Open project/pm.md</a>' in form.banner.text()
    opened = []
    writes = ui.window.facts.writes
    original = type(writes).edit_selected

    def edit_selected(actions):
        opened.append(actions.tab.current_row().fact.name)
        return original(actions)

    try:
        writes.edit_selected = lambda: edit_selected(writes)
        form.banner.linkActivated.emit("holder")
        assert opened == ["pm"] and form.isVisible()   # the holder opens over the form, which keeps its text
        assert form.body.toPlainText() == "pnpm"
    finally:
        for widget in ui.window.facts.findChildren(type(form)):
            widget.discard()
