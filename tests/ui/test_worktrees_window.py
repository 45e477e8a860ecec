"""The window shows one repository's facts from either of its worktrees, each with its limit; the
form sets a fact's limit."""
from __future__ import annotations

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from context_center.engine import FactInput, open_engine
from support.git_repos import git, init_repo, isolate_git


@pytest.fixture
def trees(tmp_path, monkeypatch, workspace):
    """``workspace`` (the window's) made a real repository, with a linked worktree beside it."""
    isolate_git(monkeypatch, tmp_path / "git-home")
    (workspace / ".git").rmdir()
    init_repo(workspace)
    linked = workspace.parent / "demo-login"
    git(workspace, "worktree", "add", "-q", "-b", "feature/login", str(linked))
    return workspace, linked


def test_either_worktree_shows_the_same_facts_with_their_limits(open_window, trees, state_root, qtbot):
    main, linked = trees
    with open_engine(state_root, main) as engine:
        engine.remember(FactInput(name="deploys", title="Deploys", body="Deploys go through staging first."))
    with open_engine(state_root, linked) as engine:
        engine.remember(FactInput(name="login-flag", title="Login flag", body="LOGIN_V2 is on",
                                  worktree="demo-login"))
    ui = open_window()
    qtbot.waitUntil(lambda: sorted(ui.facts_shown()) == ["deploys", "login-flag"], timeout=10000)
    titles = [ui.window.facts.proxy.index(r, 1).data() for r in range(ui.window.facts.proxy.rowCount())]
    assert "Login flag  [only worktree demo-login]" in titles and "Deploys" in titles
    ui.select_fact("login-flag")
    qtbot.waitUntil(lambda: "worktree demo-login" in ui.window.facts.detail.toPlainText(), timeout=10000)
    ui.window.open_workspace(str(linked))
    qtbot.waitUntil(lambda: ui.window.windowTitle().startswith("demo-login"), timeout=10000)
    ui.idle()
    qtbot.waitUntil(lambda: sorted(ui.facts_shown()) == ["deploys", "login-flag"], timeout=10000)


def test_the_form_keeps_a_new_fact_to_a_branch(open_window, trees, qtbot):
    ui = open_window()
    form = ui.window.facts.writes.new_fact()
    QTest.keyClicks(form.fields["title"], "Release freeze")
    QTest.keyClicks(form.body, "No merges into the release train during the freeze")
    QTest.keyClicks(form.fields["branch"], "release/*")
    QTest.keyClicks(form.fields["worktree"], "bad name")
    save = form.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert form.errors["worktree"].isVisible() and "not a worktree's name" in form.errors["worktree"].text()
    assert not save.isEnabled()
    form.fields["worktree"].clear()
    assert save.isEnabled()
    with qtbot.waitSignal(form.saved, timeout=10000):
        form.save()
    with open_engine(ui.state_root, ui.workspace) as engine:
        fact = engine.fact("release-freeze")
        assert (fact.worktree, fact.branch) == ("", "release/*")
