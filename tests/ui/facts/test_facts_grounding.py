"""The Facts tab on a real git repository: the Grounding column and filter, the detail pane's diff of
the cited lines with the commit that changed them, Open at line, and a broken fact as a problem."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QUrl

from context_center.ui.facts import detail_pane
from context_center.ui.facts import tab as facts_tab
from context_center.ui.facts.model import GROUNDING_COLUMN
from support.git_repos import BOB, commit_all, git

CODE = "def deploy(target):\n    run_migrations(target)\n    restart(target)\n"


@pytest.fixture
def workspace(git_repo: Path) -> Path:
    """The window's workspace is a real repository (the usual fixture's is a bare .git folder)."""
    (git_repo / "ops").mkdir()
    (git_repo / "ops" / "deploy.py").write_text(CODE)
    (git_repo / "ops" / "restart.py").write_text("def restart():\n    pass\n")
    commit_all(git_repo, "Deploy scripts")
    return git_repo


def test_a_changed_range_shows_its_diff_and_commit_and_a_broken_fact_is_a_problem(ui, qtbot, workspace,
                                                                                  monkeypatch):
    ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.",
                refs=("ops/deploy.py:2-3",))
    ui.remember(name="restart", title="Restart", body="Restarts go through restart().",
                refs=("ops/restart.py#restart",))
    ui.remember(name="plain", title="Plain", body="Nothing cited.")
    (workspace / "ops" / "deploy.py").write_text(CODE.replace("run_migrations", "migrate"))
    commit = commit_all(workspace, "Rename the migration step", author=BOB)
    git(workspace, "rm", "-q", "ops/restart.py")
    ui.show_facts("deploy-order", "plain", "restart")
    tab = ui.window.facts
    cells = {tab.proxy.index(r, 0).data(): tab.proxy.index(r, GROUNDING_COLUMN).data()
             for r in range(tab.proxy.rowCount())}
    assert cells == {"deploy-order": "changed", "plain": "", "restart": "broken"}

    ui.select_fact("deploy-order")
    qtbot.waitUntil(lambda: commit in tab.detail.toPlainText(), timeout=10000)   # git's word, from the worker
    text = tab.detail.toPlainText()
    assert "Cited code: changed" in text and f"by {BOB[0]}" in text
    assert "-     run_migrations(target)" in text and "+     migrate(target)" in text
    assert "    restart(target)" in text

    opened = []
    for module in (facts_tab, detail_pane):   # (a problem's file, a cited ref)
        monkeypatch.setattr(module, "open_in_editor", lambda parent, path, line=0: opened.append((path, line)))
    tab.detail.anchorClicked.emit(QUrl("open-ref:ops/deploy.py:2"))
    assert opened == [(workspace / "ops" / "deploy.py", 2)]
    assert "open-ref:ops/deploy.py:2" in tab.detail.toHtml()

    problems = [tab.problems.item(i).text() for i in range(tab.problems.count())]
    assert problems == ["✗ project/restart.md: the code it cites is gone; recall holds it back"]
    assert tab.problems_heading.isVisible() and tab.problems_heading.text().startswith("<b>1 problem in the facts</b>")
    assert ui.window.status.problem_count.text() == "⚠ 1 problem"
    tab._open_problem(tab.problems.item(0))
    assert tab.current_row().fact.name == "restart"
    qtbot.waitUntil(lambda: "ops/restart.py was" in tab.detail.toPlainText() or
                    "the file ops/restart.py is gone" in tab.detail.toPlainText(), timeout=10000)

    combo = tab.filters["grounding"]
    combo.setCurrentIndex(combo.findData("broken"))
    assert ui.facts_shown() == ["restart"]
    combo.setCurrentIndex(combo.findData("none"))
    assert ui.facts_shown() == ["plain"]


def test_verify_renews_the_evidence_and_the_problem_goes(ui, qtbot, workspace):
    ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.",
                refs=("ops/deploy.py:2-3",))
    (workspace / "ops" / "deploy.py").write_text(CODE.replace("run_migrations", "migrate"))
    ui.show_facts("deploy-order")
    tab = ui.window.facts
    assert tab.proxy.index(0, GROUNDING_COLUMN).data() == "changed"
    ui.select_fact("deploy-order")
    tab.writes.verify_selected()
    ui.idle()
    qtbot.waitUntil(lambda: tab.proxy.index(0, GROUNDING_COLUMN).data() == "grounded", timeout=10000)


def test_the_form_proposes_the_code_a_fact_names_and_cites_it_only_when_asked(ui, qtbot, workspace):
    from PySide6.QtWidgets import QDialogButtonBox

    form = ui.window.facts.writes.new_fact()
    form.fields["title"].setText("Deploy order")
    form.body.setPlainText("`deploy` in ops/deploy.py runs the migrations before the restart.")
    qtbot.waitUntil(form.proposal.isVisible, timeout=10000)
    assert form.proposed == ["ops/deploy.py", "ops/deploy.py#deploy"] and form.ref_list() == ()
    form.proposal.linkActivated.emit("add")
    assert form.ref_list() == ("ops/deploy.py", "ops/deploy.py#deploy") and not form.proposal.isVisible()
    form.refs.appendPlainText("../outside.py")
    form.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(form.banner.isVisible, timeout=10000)
    assert form.banner.toolTip() == "Error code: INVALID_INPUT" and "../outside.py" in form.banner.text()
    form.refs.setPlainText("\n".join(form.ref_list()[:2]))
    with qtbot.waitSignal(form.saved, timeout=10000) as saved:
        form.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    fact = saved.args[0].fact
    assert fact.refs == ("ops/deploy.py", "ops/deploy.py#deploy") and fact.refs_evidence
    ui.idle()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["deploy-order"], timeout=10000)
    editing = ui.window.facts.writes.edit_selected()
    assert editing.ref_list() == ("ops/deploy.py", "ops/deploy.py#deploy") and not editing.is_dirty()
    editing.discard()
