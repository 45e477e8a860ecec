"""Opening another workspace replaces what every tab shows."""
from context_center.engine import FactInput, open_engine


def _seed(state_root, workspace, name, agents_rule):
    (workspace / ".git").mkdir(parents=True, exist_ok=True)
    (workspace / "AGENTS.md").write_text(f"# Rules\n\n{agents_rule}\n")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        fact = engine.remember(FactInput(name=name, title=name, description="d", body="b")).fact
        engine.forget(fact.id)
        engine.remember(FactInput(name=name, title=name, description="d", body="b"))


def test_opening_another_workspace_replaces_every_tab(open_window, state_root, workspace, qtbot, tmp_path):
    _seed(state_root, workspace, "first-fact", "First rule.")
    ui = open_window()  # both engines will be at generation 0 when their facts are shown
    qtbot.waitUntil(lambda: ui.facts_shown() == ["first-fact"], timeout=10000)
    other = tmp_path / "other-repo"
    _seed(ui.state_root, other, "second-fact", "Second rule.")
    ui.window.recall.message.setText("first fact")
    ui.window.recall.try_message()
    ui.idle()

    ui.window.open_workspace(str(other))
    qtbot.waitUntil(lambda: ui.window.windowTitle().startswith("other-repo"), timeout=10000)
    ui.idle()
    assert ui.facts_shown() == ["second-fact"]
    # the other tabs load once the list is painted (or 500 ms later): no job is pending before then,
    # so idle() alone returned before they started, one run in four
    qtbot.waitUntil(lambda: [e.name for e in ui.window.archive.entries] == ["second-fact"], timeout=10000)
    qtbot.waitUntil(lambda: ui.window.instructions.resolved is not None   # (None until the tab has loaded)
                    and "Second rule." in ui.window.instructions.resolved.documents[-1].body, timeout=10000)
    ui.idle()
    assert "first-fact" not in ui.window.recall.tester.outcome.text()
    ui.window.refresh_all()  # F5 keeps the new workspace's facts
    ui.idle()
    assert ui.facts_shown() == ["second-fact"]
    ui.select_fact("second-fact")
    ui.window.facts.writes.verify_selected()  # acting on what is shown works: no NOT_FOUND
    ui.idle()
    row = next(r for r in ui.window.facts.model.rows() if r.fact.name == "second-fact")
    assert row.fact.last_verified_at


def test_started_in_another_project_the_window_says_it_opened_the_last_one_and_offers_the_switch(
        qtbot, tmp_path, state_root, workspace, monkeypatch):
    """Issue #36, point 13: started in a new project folder, the window reopened the previous
    workspace without a word."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QPushButton

    from context_center.ui.app import create_window

    new_project = tmp_path / "work" / "new-project"
    (new_project / ".git").mkdir(parents=True)
    (new_project / "src").mkdir()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("workspaces/last", str(workspace))
    monkeypatch.chdir(new_project / "src")   # anywhere in the new project
    window, client = create_window(str(state_root), None, settings)
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.paths is not None, timeout=10000)
        assert window.paths.workspace == workspace
        bar = window.workspace_bar
        assert bar.isVisible() and "demo-repo, the last workspace you used" in bar.text.text()
        assert "new-project" in bar.text.text()
        assert "state root" not in window.statusBar().currentMessage()   # the store is said once, on its label
        bar.findChild(QPushButton, "open_started_in").click()
        qtbot.waitUntil(lambda: window.paths is not None and window.paths.workspace == new_project, timeout=10000)
        assert not bar.isVisible()
    finally:
        window.close()
        client.shutdown()

    monkeypatch.chdir(new_project)   # started in the last workspace (now the new project): nothing to say
    window, client = create_window(str(state_root), None, settings)
    qtbot.addWidget(window)
    try:
        assert not window.workspace_bar.isVisibleTo(window)
    finally:
        window.close()
        client.shutdown()
