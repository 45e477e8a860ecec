"""The Instructions tab follows every file the resolved chain reads, and any target folder."""
import shutil

from context_center.ui import dialogs


def _body(tab) -> str:
    return tab.body.toPlainText()


def test_editing_and_deleting_an_imported_file_in_a_subfolder_reaches_the_window(ui, qtbot, workspace):
    (workspace / "docs" / "setup").mkdir(parents=True)
    imported = workspace / "docs" / "setup" / "testing.md"
    imported.write_text("Run pnpm test.\n")
    (workspace / "AGENTS.md").write_text("# Rules\n@docs/setup/testing.md\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: "Run pnpm test." in _body(tab), timeout=10000)

    imported.write_text("Run pnpm test --coverage.\n")  # only the imported file changes
    qtbot.waitUntil(lambda: "--coverage" in _body(tab), timeout=10000)
    imported.unlink()
    qtbot.waitUntil(lambda: "[rejected: import_unreadable]" in _body(tab), timeout=10000)
    imported.write_text("Back again.\n")  # a missing import's folder is still watched
    qtbot.waitUntil(lambda: "Back again." in _body(tab), timeout=10000)


def test_refresh_shows_the_new_expansion_of_the_selected_document(ui, qtbot, workspace):
    (workspace / "AGENTS.md").write_text("# Rules\n\nFirst version.\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: "First version." in _body(tab), timeout=10000)
    ui.window.watcher.stop()  # only F5 can bring the change now
    (workspace / "AGENTS.md").write_text("# Rules\n\nSecond version.\n")
    ui.window.refresh_all()
    qtbot.waitUntil(lambda: "Second version." in _body(tab), timeout=10000)


def test_a_target_folder_shows_its_own_agents_file_and_follows_it(ui, qtbot, workspace, monkeypatch):
    (workspace / "AGENTS.md").write_text("Root rule.\n")
    deep = workspace / "web" / "src"
    deep.mkdir(parents=True)
    (deep / "AGENTS.md").write_text("Web rule.\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 1, timeout=10000)
    monkeypatch.setattr(dialogs, "choose_directory", lambda *_args: str(deep))
    tab.target_button.click()
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 2, timeout=10000)
    assert tab.documents.item(1, 2).text() == "workspace/web/src/AGENTS.md"
    assert "web/src" in tab.summary.text()
    (deep / "AGENTS.md").write_text("Web rule, edited.\n")
    qtbot.waitUntil(lambda: any("edited" in d.body for d in tab.resolved.documents), timeout=10000)
    shutil.rmtree(workspace / "web")
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 1, timeout=10000)


def test_quick_add_goes_to_the_file_shown_or_chosen(ui, qtbot, workspace):
    (workspace / "REASONIX.md").write_text("# Reasonix\n\nReasonix rule.\n")
    (workspace / "AGENTS.md").write_text("# Agents\n\nAgents rule.\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 2, timeout=10000)
    tab.documents.setCurrentCell(1, 0)  # AGENTS.md (selectRow picks its column from the header: none before layout)
    assert tab.add_to.currentText() == "workspace/AGENTS.md"
    tab.note.setText("Prefer small pull requests")
    tab.quick_add()
    qtbot.waitUntil(lambda: "Prefer small pull requests" in (workspace / "AGENTS.md").read_text(), timeout=10000)
    assert "Prefer small" not in (workspace / "REASONIX.md").read_text()
    ui.idle()
    local = tab.add_to.findText("workspace/AGENTS.local.md (new file)")
    assert local >= 0
    tab.add_to.setCurrentIndex(local)
    tab.note.setText("My private note")
    tab.quick_add()
    qtbot.waitUntil(lambda: (workspace / "AGENTS.local.md").is_file(), timeout=10000)
    assert "- My private note" in (workspace / "AGENTS.local.md").read_text()


def test_quick_add_follows_the_document_in_view_unless_the_user_picked_a_file(ui, qtbot, workspace):
    """What the list showed by default is no choice: once REASONIX.md appears and is shown, a note
    goes there, not to the AGENTS.md offered while there was nothing. A file the user picks stays
    picked across a reload, until they look at another document."""
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.add_to.count() > 0, timeout=10000)
    assert tab.add_to.currentData() == str(workspace / "AGENTS.md")   # nothing yet: the default, a new file
    (workspace / "REASONIX.md").write_text("# Reasonix\n\nFirst rule.\n")
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 1, timeout=10000)
    assert tab.add_to.currentData() == str(workspace / "REASONIX.md")

    local = tab.add_to.findData(str(workspace / "AGENTS.local.md"))
    tab.add_to.setCurrentIndex(local)
    tab.add_to.activated.emit(local)   # as a pick in the list does
    (workspace / "REASONIX.md").write_text("# Reasonix\n\nFirst rule, edited.\n")
    qtbot.waitUntil(lambda: "edited" in _body(tab), timeout=10000)
    ui.idle()
    assert tab.add_to.currentData() == str(workspace / "AGENTS.local.md")

    (workspace / "AGENTS.md").write_text("# Agents\n\nAgents rule.\n")
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 2, timeout=10000)
    ui.idle()
    assert tab.add_to.currentData() == str(workspace / "AGENTS.local.md")
    tab.documents.setCurrentCell(1, 0)   # the user looks at AGENTS.md
    assert tab.add_to.currentData() == str(workspace / "AGENTS.md")
