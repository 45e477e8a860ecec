"""Sync in the window: Sync now, the status bar, offline as a warning, conflicts settled with a diff."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from context_center.engine import FactInput, open_engine
from support.sync_remotes import make_machine


def test_sync_is_off_until_it_is_set_up(git_home, ui):
    sync = ui.window.sync
    assert not sync.sync_action.isEnabled() and not sync.timer.isActive()
    assert "Set up sync…" in sync.sync_action.toolTip() and sync.setup_action.isEnabled()


def test_set_up_sync_checks_the_remote_then_syncs_without_a_terminal(git_home, ui, tmp_path, remote):
    """Issue #36: every Sync item was grey with no explanation; Set up sync… does what `sync init`
    does, with its refusals said in place."""
    sync = ui.window.sync
    ui.remember(name="written-here", scope="global")
    dialog = sync.open_setup()
    assert not dialog.go.isEnabled()   # nothing typed yet
    dialog.remote.setText(str(tmp_path / "nowhere.git"))
    dialog.go.click()
    ui.qtbot.waitUntil(lambda: dialog.remote.isEnabled(), timeout=20000)
    assert "could not be reached as a git repository, so sync was not set up" in dialog.status.text()
    assert dialog.status.toolTip() == "Error code: INVALID_INPUT" and dialog.isVisible()
    assert not sync.sync_action.isEnabled()

    dialog.remote.setText(remote)
    with ui.qtbot.waitSignal(sync.synced, timeout=30000) as signal:
        dialog.go.click()
    assert signal.args[0]["pushed"] >= 1 and not dialog.isVisible()
    ui.qtbot.waitUntil(lambda: sync.sync_action.isEnabled(), timeout=10000)
    assert not sync.setup_action.isEnabled() and sync.label.text().startswith("Synced")
    assert ui.window.statusBar().currentMessage() != sync.label.text()   # said once, in the label
    assert sync.timer.isActive()   # background sync on, at its default interval


def test_sync_now_shows_the_result_and_offline_is_a_warning_not_an_error(
        open_window, state_root, workspace, tmp_path, remote):
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(title="Before", body="x", scope="global"))
        engine.sync_init(remote)
    ui = open_window()
    sync = ui.window.sync
    ui.qtbot.waitUntil(lambda: sync.sync_action.isEnabled(), timeout=10000)
    assert sync.timer.isActive() and sync.timer.interval() == 15 * 60_000       # the default, once set up
    assert sync.interval_actions[15].isChecked()
    ui.remember(name="written-here", scope="global")
    with ui.qtbot.waitSignal(sync.synced, timeout=20000):
        sync.sync_action.trigger()
    assert sync.label.text().startswith("Synced") and "↑" in sync.label.text()
    (tmp_path / "remote.git").rename(tmp_path / "away.git")
    with ui.qtbot.waitSignal(sync.synced, timeout=20000) as signal:
        sync.sync_now()
    assert signal.args[0]["offline"] is True
    assert "offline" in sync.label.text() and sync.label.property("tone") == "warning"
    assert not ui.window.findChildren(QMessageBox)          # no error box: work goes on
    sync.set_interval(0)
    ui.idle()
    assert not sync.timer.isActive()
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert engine.sync_interval() == 0


def test_a_conflict_is_listed_with_its_diff_and_keep_theirs_settles_it(
        open_window, state_root, workspace, tmp_path, remote):
    desk = make_machine(tmp_path, "desk")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        fact = engine.remember(FactInput(title="Shell", body="bash", scope="global")).fact
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
        engine.edit(fact.id, FactInput(body="fish"))
        engine.sync()
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.edit(fact.id, FactInput(body="zsh"))
    ui = open_window()
    sync = ui.window.sync
    ui.qtbot.waitUntil(lambda: sync.sync_action.isEnabled(), timeout=10000)
    with ui.qtbot.waitSignal(sync.synced, timeout=20000):
        sync.sync_now()
    assert "1 conflict" in sync.label.text()
    dialog = sync.open_conflicts()
    ui.qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10000)
    diff = dialog.diff.toPlainText()
    assert "-zsh" in diff and "+fish" in diff          # mine (this machine) → theirs (the desk)
    assert "revision 2" in dialog.keep_mine.text() and "revision 3" in dialog.keep_theirs.text()
    with ui.qtbot.waitSignal(dialog.settled, timeout=10000):
        dialog.keep_theirs.click()
    ui.qtbot.waitUntil(lambda: dialog.list.count() == 0 and dialog.empty.isVisible(), timeout=10000)
    dialog.close()
    ui.idle()
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert engine.fact(fact.id).body == "fish" and engine.sync_conflicts() == []


def test_edit_settles_a_conflict_with_the_text_written_in_the_dialog(
        open_window, state_root, workspace, tmp_path, remote):
    desk = make_machine(tmp_path, "desk")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        fact = engine.remember(FactInput(title="Indent", body="tabs", scope="global")).fact
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
        engine.edit(fact.id, FactInput(body="2 spaces"))
        engine.sync()
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.edit(fact.id, FactInput(body="4 spaces"))
        engine.sync()
    ui = open_window()
    ui.qtbot.waitUntil(lambda: ui.window.sync.conflicts_action.isEnabled(), timeout=10000)
    dialog = ui.window.sync.open_conflicts()
    ui.qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10000)
    dialog.editor.setPlainText("4 spaces, 2 in YAML")
    with ui.qtbot.waitSignal(dialog.settled, timeout=10000):
        dialog.save_edit.click()
    ui.qtbot.waitUntil(lambda: dialog.list.count() == 0, timeout=10000)
    dialog.close()
    ui.idle()
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert engine.fact(fact.id).body == "4 spaces, 2 in YAML" and engine.sync_conflicts() == []


def test_what_the_remote_offered_and_was_refused_is_a_warning_in_the_window(
        open_window, state_root, workspace, tmp_path, remote):
    from support.sync_remotes import Attacker

    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(title="Before", body="x", scope="global"))
        engine.sync_init(remote)
    Attacker(remote, tmp_path / "attacker.git").push({"index/_MAIN_999.toc": ("100644", b"planted")})
    ui = open_window()
    sync = ui.window.sync
    ui.qtbot.waitUntil(lambda: sync.sync_action.isEnabled(), timeout=10000)
    with ui.qtbot.waitSignal(sync.synced, timeout=20000) as signal:
        sync.sync_now()
    assert [r["path"] for r in signal.args[0]["refused"]] == ["index/_MAIN_999.toc"]
    assert "1 refused from the remote" in sync.label.text() and sync.label.property("tone") == "warning"
    assert "index/_MAIN_999.toc" in sync.label.toolTip()
    assert not (state_root / "index" / "_MAIN_999.toc").exists()


def test_keep_mine_settles_it_everywhere_the_window_said_it(open_window, state_root, workspace, tmp_path, remote):
    """After Keep mine the detail said "Rewritten by another tool … Restore the lost keys" (which
    wrote the flag back) and the status bar kept "1 conflict" in red until the next sync."""
    desk = make_machine(tmp_path, "desk")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        fact = engine.remember(FactInput(title="Shell", body="bash", scope="global")).fact
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
        engine.edit(fact.id, FactInput(body="fish"))
        engine.sync()
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.edit(fact.id, FactInput(body="zsh"))
    ui = open_window()
    sync = ui.window.sync
    ui.qtbot.waitUntil(lambda: sync.sync_action.isEnabled(), timeout=10000)
    with ui.qtbot.waitSignal(sync.synced, timeout=20000):
        sync.sync_now()
    assert "1 conflict" in sync.label.text() and sync.label.property("tone") == "error"
    dialog = sync.open_conflicts()
    ui.qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10000)
    with ui.qtbot.waitSignal(dialog.settled, timeout=10000):
        dialog.keep_mine.click()
    ui.qtbot.waitUntil(lambda: dialog.list.count() == 0, timeout=10000)
    dialog.close()
    ui.qtbot.waitUntil(lambda: "conflict" not in sync.label.text(), timeout=10000)
    assert sync.label.text().startswith("Synced") and sync.label.property("tone") != "error"
    ui.idle()
    ui.qtbot.waitUntil(lambda: any(r.fact.body == "zsh" for r in ui.window.facts.model.rows()), timeout=10000)
    ui.select_fact(fact.name)
    ui.idle()
    assert ui.window.facts.detail.lost_keys == []
    assert "Rewritten by another tool" not in ui.window.facts.detail.toPlainText()
