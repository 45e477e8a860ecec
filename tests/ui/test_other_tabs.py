"""The Instructions, Recall and Archive tabs, and what the window remembers."""
import json
import subprocess
import sys

from PySide6.QtCore import QSettings


def test_instructions_show_order_bodies_imports_and_diagnostics(ui, qtbot, workspace):
    (workspace / "docs").mkdir()
    (workspace / "docs" / "testing.md").write_text("Run pnpm test.\n")
    (workspace / "AGENTS.md").write_text("# Rules\n@docs/testing.md\n@../secret.md\n")
    ui.window.tabs.setCurrentWidget(ui.window.instructions)
    tab = ui.window.instructions
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 1, timeout=10000)
    assert tab.documents.item(0, 2).text() == "workspace/AGENTS.md"
    body = tab.body.toPlainText()
    assert "imported from docs/testing.md" in body and "Run pnpm test." in body
    assert "[rejected: import_outside_source]" in body
    assert tab.diagnostics.rowCount() == 1 and tab.diagnostics.item(0, 0).text() == "import_outside_source"
    assert tab.diagnostics.item(0, 1).text().endswith("AGENTS.md:3")


def test_quick_add_writes_the_note_and_shows_it(ui, qtbot, workspace):
    tab = ui.window.instructions
    tab.note.setText("Always run the linters")
    tab.quick_add()
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 1, timeout=10000)
    assert (workspace / "AGENTS.md").read_text() == "# Project memory\n\n## Notes\n\n- Always run the linters\n"
    assert "Always run the linters" in tab.body.toPlainText() and tab.note.text() == ""


def _recall_tab(ui, **bodies: str):
    """The Recall tab shown, over facts named by ``bodies``' keys (``build_cache``: build-cache)."""
    for name, body in bodies.items():
        ui.remember(name=name.replace("_", "-"), body=body)
    ui.window.refresh_all()
    ui.idle()
    ui.window.tabs.setCurrentWidget(ui.window.recall)
    return ui.window.recall


def test_the_recall_tester_shows_the_block_and_the_trace(ui, qtbot):
    tab = _recall_tab(ui, build_cache="The build cache lives in S3.", cache_size="The cache holds 40 GB.")
    tab.message.setText("where does the build cache live")
    tab.try_message()
    qtbot.waitUntil(lambda: tab.tester.selected.rowCount() >= 1, timeout=10000)
    assert tab.tester.block.toPlainText().startswith("<memory-recall>")
    assert tab.tester.selected.item(0, 0).text() == "project/build-cache.md"
    assert "Recalled" in tab.tester.outcome.text()
    tab.message.setText("continue")
    tab.try_message()
    qtbot.waitUntil(lambda: "generic user turn" in tab.tester.outcome.text(), timeout=10000)
    assert tab.tester.block.toPlainText() == ""


def test_the_recall_tester_names_the_fact_that_disputes_a_hit(ui, qtbot):
    """"Always use pnpm" and "Use npm": each hit says which fact disputes it, in the block the
    agent gets and in the trace's Conflicts with column."""
    tab = _recall_tab(ui, package_manager="Always use pnpm, never npm, in this repository.",
                      install="Use npm to install dependencies.")
    tab.message.setText("how do I install dependencies")
    tab.try_message()
    qtbot.waitUntil(lambda: tab.tester.selected.rowCount() >= 1, timeout=10000)
    table = tab.tester.selected
    column = next(c for c in range(table.columnCount()) if table.horizontalHeaderItem(c).text() == "Conflicts with")
    for row in range(table.rowCount()):
        ref = table.item(row, 0).text()
        other = "project/package-manager.md" if ref == "project/install.md" else "project/install.md"
        assert table.item(row, column).text().startswith(other + ": "), table.item(row, column).text()
    assert "conflicts with project/package-manager.md: Always use pnpm" in tab.tester.block.toPlainText()


def test_the_last_recall_of_another_process_appears(ui, qtbot, state_root, workspace):
    ui.remember(name="build-cache", body="The build cache lives in S3.")
    ui.window.tabs.setCurrentWidget(ui.window.recall)
    event = json.dumps({"prompt": "where does the build cache live", "cwd": str(workspace)})
    subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "--workspace",
                    str(workspace), "hook", "claude-code"], input=event, text=True, check=True,
                   capture_output=True)
    tab = ui.window.recall
    qtbot.waitUntil(lambda: tab.last.selected.rowCount() == 1, timeout=15000)
    assert "where does the build cache live" in tab.last.outcome.text()


def test_the_session_context_and_its_size(ui, qtbot):
    ui.remember(name="style", body="Answer briefly.", activation="pinned")
    ui.window.refresh_all()
    ui.idle()
    ui.window.tabs.setCurrentWidget(ui.window.recall)
    tab = ui.window.recall
    qtbot.waitUntil(lambda: "Answer briefly." in tab.context.toPlainText(), timeout=10000)
    assert tab.context_label.text().startswith("Pinned bodies: 15 of 1,500 characters")


def test_recover_and_its_refusal(ui, qtbot):
    from context_center.engine import open_engine
    fact = ui.remember(name="phoenix", body="rises")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.forget(fact.id)
    ui.window.tabs.setCurrentWidget(ui.window.archive)
    tab = ui.window.archive
    qtbot.waitUntil(lambda: tab.table.rowCount() == 1, timeout=10000)
    qtbot.waitUntil(lambda: "rises" in tab.preview.toPlainText(), timeout=10000)  # read on selection
    shown = tab.preview.toPlainText()   # rendered as the Facts tab shows a fact, not raw YAML
    assert "Name: phoenix" in shown and "Why: forgotten" in shown and "revision:" not in shown
    tab.search.setText("nothing like it")
    assert tab.table.rowCount() == 0 and tab.preview.toPlainText() == "No archived fact matches the search."
    tab.search.setText("PHOENIX")
    assert tab.table.rowCount() == 1
    qtbot.waitUntil(lambda: "rises" in tab.preview.toPlainText(), timeout=10000)
    tab.search.clear()
    ui.remember(name="phoenix", body="a new one with the same name")
    tab.recover_selected()
    qtbot.waitUntil(lambda: tab.status.toolTip() == "Error code: ALREADY_ACTIVE", timeout=10000)
    assert "ALREADY_ACTIVE" not in tab.status.text()   # said in words
    assert tab.table.rowCount() == 1
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        other.forget("phoenix")
    ui.window.refresh_all()
    qtbot.waitUntil(lambda: tab.table.rowCount() == 2, timeout=10000)
    row = next(r for r in range(2) if tab.entries[r].id == fact.id)
    tab.table.selectRow(row)
    tab.recover_selected()
    qtbot.waitUntil(lambda: "Recovered project/phoenix.md" in tab.status.text(), timeout=10000)
    qtbot.waitUntil(lambda: [r.fact.id for r in ui.window.facts.model.rows()] == [fact.id], timeout=10000)


def test_delete_permanently_lists_what_goes_asks_and_deletes_only_that(ui, qtbot):
    from PySide6.QtWidgets import QMessageBox

    from context_center.engine import FactInput, open_engine
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        leaked = other.remember(FactInput(name="leaked", title="leaked", body="first")).fact
        other.edit(leaked.id, FactInput(body="second"))
        other.forget(leaked.id)
        kept = other.remember(FactInput(name="kept", title="kept", body="stays")).fact
        other.forget(kept.id)
    ui.window.refresh_all()
    ui.window.tabs.setCurrentWidget(ui.window.archive)
    tab = ui.window.archive
    qtbot.waitUntil(lambda: tab.table.rowCount() == 2, timeout=10000)
    row = next(r for r in range(2) if tab.entries[r].id == leaked.id)
    tab.table.selectRow(row)
    entry = tab.entries[row].path
    assert tab.delete_button.isEnabled() and tab.delete_button.shortcut().toString() == "Shift+Del"

    tab.delete_selected()
    qtbot.waitUntil(lambda: tab.confirm is not None, timeout=10000)
    text = tab.confirm.text()
    assert "leaked" in text and "cannot be recovered" in text and entry.name in text and "000000001.md" in text
    assert tab.confirm.defaultButton() == tab.confirm.button(QMessageBox.StandardButton.Cancel)
    tab.confirm.button(QMessageBox.StandardButton.Cancel).click()   # asked, and nothing goes
    qtbot.waitUntil(lambda: tab.confirm is None, timeout=5000)
    assert entry.exists()

    tab.delete_selected()
    qtbot.waitUntil(lambda: tab.confirm is not None, timeout=10000)
    destroy = next(b for b in tab.confirm.buttons() if b.text() == "Delete permanently")
    destroy.click()
    qtbot.waitUntil(lambda: "Deleted leaked and 1 earlier revision(s) for good." in tab.status.text(), timeout=10000)
    qtbot.waitUntil(lambda: tab.table.rowCount() == 1 and tab.entries[0].id == kept.id, timeout=10000)
    assert not entry.exists()


def test_geometry_last_tab_and_workspace_are_remembered(open_window, qtbot, tmp_path):
    first = open_window("remembered.ini")
    first.window.tabs.setCurrentWidget(first.window.recall)
    first.window.close()
    settings = QSettings(str(tmp_path / "remembered.ini"), QSettings.Format.IniFormat)
    assert settings.value("window/tab") == "recall"   # by name: a new tab moves the indexes
    assert settings.value("workspaces/last") == str(first.workspace)
    second = open_window("remembered.ini")
    assert second.window.tabs.currentWidget() is second.window.recall
    assert second.window.windowTitle().startswith(first.workspace.name)


def test_switching_workspace_from_the_recent_menu(ui, qtbot, tmp_path):
    other = tmp_path / "other-repo"
    (other / ".git").mkdir(parents=True)
    ui.window.open_workspace(str(other))
    qtbot.waitUntil(lambda: ui.window.windowTitle().startswith("other-repo"), timeout=10000)
    ui.idle()
    labels = [a.text() for a in ui.window.recent_menu.actions()]
    assert labels[:2] == [str(other), str(ui.workspace)]


def test_the_search_index_is_built_in_a_child_process_with_progress(ui, qtbot):
    import shutil

    from context_center.ui.index_builder import IndexBuilder
    ui.remember(name="indexed", body="zebra crossings")
    qtbot.waitUntil(lambda: "indexed" in ui.facts_shown(), timeout=10000)  # seen, and its sync started
    qtbot.waitUntil(lambda: not ui.window.index_builder.running, timeout=30000)
    shutil.rmtree(ui.state_root / "index")  # a cold build, whatever the window already did
    for vectors in (ui.state_root / "cache").glob("vectors-*"):   # (and the meaning leg's, when installed)
        vectors.unlink()
    builder = IndexBuilder()
    reports, progress, meaning = [], [], []
    builder.finished.connect(reports.append)
    builder.progress.connect(lambda done, total: progress.append((done, total)))
    builder.meaning_progress.connect(lambda done, total: meaning.append((done, total)))
    with qtbot.waitSignal(builder.finished, timeout=30000):
        builder.start(str(ui.state_root), str(ui.workspace))
    [report] = reports
    assert report.items() >= {"added": 1, "updated": 0, "removed": 0, "rebuilt": True}.items()
    assert progress[-1] == (1, 1)
    assert meaning[-1:] == ([(1, 1)] if report["meaning"] else []) and report["embedded"] == len(meaning[-1:])
    from context_center.engine import open_engine
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        assert engine.sync_search_index().changed == 0  # the child left it in step
        assert [h.ref for h in engine.search("zebra").hits] == ["project/indexed.md"]


def test_an_external_edit_reaches_the_search_index_too(ui, qtbot):
    from context_center.engine import open_engine
    qtbot.waitUntil(lambda: not ui.window.index_builder.running, timeout=30000)
    with qtbot.waitSignal(ui.window.index_builder.finished, timeout=30000):
        ui.remember(name="late-arrival", body="narwhals appear on Thursdays")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        assert engine.sync_search_index().changed == 0  # the window's builder had already indexed it
        assert [h.ref for h in engine.search("narwhals").hits] == ["project/late-arrival.md"]


def test_an_open_starts_the_search_index_once_the_list_is_shown(open_window, qtbot, state_root, workspace,
                                                                 monkeypatch):
    from context_center.engine import FactInput, open_engine
    from context_center.ui.index_builder import IndexBuilder

    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="listed-first", title="Listed first", body="before the index"))
    rows_when_started = []
    real = IndexBuilder.start

    def start(self, *args, **kwargs):
        rows_when_started.append(self.parent().facts.model.total() if self.parent() else -1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(IndexBuilder, "start", start)
    ui = open_window()
    qtbot.waitUntil(lambda: bool(rows_when_started), timeout=10000)
    assert rows_when_started[0] == 1   # the list was shown before the index work began
    qtbot.waitUntil(lambda: not ui.window.index_builder.running, timeout=30000)


def test_an_archive_reload_keeps_the_entry_selected(ui, qtbot):
    """A late reload (the watcher's echo of a forget, under load) selected the first entry again:
    Delete permanently then asked about, and deleted, another fact than the one chosen (the
    delete test timed out waiting for the chosen one's words, 3 runs in 3 at load 6)."""
    from context_center.engine import FactInput, open_engine
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as other:
        chosen = other.remember(FactInput(name="chosen", title="chosen", body="first")).fact
        other.forget(chosen.id)
        newer = other.remember(FactInput(name="newer", title="newer", body="stays")).fact
        other.forget(newer.id)
    ui.window.tabs.setCurrentWidget(ui.window.archive)
    tab = ui.window.archive
    tab.reload()
    qtbot.waitUntil(lambda: tab.table.rowCount() == 2, timeout=10000)
    row = next(r for r in range(2) if tab.entries[r].id == chosen.id)
    assert row != 0   # newest first: the chosen one is not the first row
    tab.table.selectRow(row)
    tab.reload()   # as the watcher's late echo does
    ui.idle()
    assert tab.entries[tab.table.currentRow()].id == chosen.id
    assert tab.delete_button.isEnabled()


def test_the_recall_trace_is_worded_in_the_window_s_language(ui, qtbot):
    """A new user's walk: in the Chinese window the trace's reasons and a suppressed turn were the
    engine's English. The window words them from their codes; in English it says what the engine says."""
    import re

    from PySide6.QtWidgets import QApplication

    from context_center.ui import language

    tab = _recall_tab(ui, build_cache="The build cache lives in S3.", cache_size="The cache holds 40 GB.")

    def tried(message: str) -> None:
        tab.tester.outcome.clear()
        tab.message.setText(message)
        tab.try_message()
        qtbot.waitUntil(lambda: tab.tester.outcome.text() != "", timeout=10000)

    from context_center.engine import open_engine

    tried("where does the build cache live")
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        said = engine.recall("where does the build cache live", record=False)
    assert [tab.tester.selected.item(row, 4).text() for row in range(tab.tester.selected.rowCount())] == \
        [hit.reason for hit in said.hits]
    app = QApplication.instance()
    try:
        language.install(app, "zh_CN")
        tried("where does the build cache live")
        qtbot.waitUntil(lambda: tab.tester.selected.rowCount() >= 1, timeout=10000)
        why = tab.tester.selected.item(0, 4).text()
        assert re.search(r"[\u4e00-\u9fff]{2}", why) and "matched" not in why and "scope" not in why, why
        assert "build" in why   # the matched words are the prompt's own
        tried("continue")
        outcome = tab.tester.outcome.text()
        assert "generic user turn" not in outcome and re.search(r"[\u4e00-\u9fff]{4}", outcome), outcome
    finally:
        language.install(app, "en")


def test_the_window_says_every_recall_decision_the_engine_can_make():
    """The window's sentences are the engine's, code for code and word for word (its one deliberate
    second copy: lupdate reads only literals)."""
    from context_center.engine.recall.reasons import NOTES, REASONS, SUPPRESSIONS
    from context_center.ui.recall import reason_words

    assert reason_words.REASON_WORDS == REASONS
    assert reason_words.SUPPRESSION_WORDS == SUPPRESSIONS
    assert reason_words.NOTE_WORDS == NOTES
