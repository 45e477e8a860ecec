"""The window opens the store every face opens (#29): a Reasonix store (or any folder) is opened for
every agent (config.toml) or for this window only, a broken config file is said and the default
opened meanwhile, and a state root an earlier version remembered is offered once."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import QMessageBox, QPushButton

from context_center.engine import FactInput, open_engine
from context_center.ui import dialogs
from context_center.ui.app import create_window


@pytest.fixture
def reasonix(own_home: Path, workspace: Path, monkeypatch) -> Path:
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    root = own_home / ".reasonix"
    with open_engine(state_root=root, workspace=workspace) as engine:
        engine.remember(FactInput(name="from-reasonix", title="From Reasonix", body="shared"))
    return root


def config_file(user_config_home: Path) -> Path:
    return user_config_home / "context-center" / "config.toml"


def second_window(qtbot, tmp_path: Path, workspace: Path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window, client = create_window(None, str(workspace), settings)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.paths is not None, timeout=10000)
    qtbot.waitUntil(lambda: not client.busy, timeout=10000)
    return window, client


def test_a_reasonix_store_opened_for_every_agent_is_written_into_config_toml(
        open_window, qtbot, tmp_path, workspace, reasonix, user_config_home, monkeypatch):
    ui = open_window(flag=False)
    window = ui.window
    qtbot.waitUntil(lambda: window.reasonix.bar.isVisible(), timeout=10000)
    assert "~/.reasonix" in window.reasonix.bar.text.text() and window.reasonix.action.isEnabled()
    qtbot.waitUntil(lambda: window.store.label.text() == "Store: ~/.local/share/context-center · the default",
                    timeout=10000)
    asked = []
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: asked.append(k) or True)
    window.reasonix.open()
    assert asked[0]["action"] == "Use it for every agent" and asked[0]["cancel"] == "Only in this window"
    qtbot.waitUntil(lambda: window.store.label.text() == "Store: ~/.reasonix · config.toml", timeout=10000)
    ui.idle()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["from-reasonix"], timeout=10000)
    assert tomllib.loads(config_file(user_config_home).read_text())["state_root"] == str(reasonix)
    with open_engine(workspace=workspace) as engine:   # the command line, the hook, the MCP server
        assert engine.paths.root == reasonix
    again, client = second_window(qtbot, tmp_path, workspace)   # the next start opens it too
    try:
        assert again.paths.root == reasonix and not again.reasonix.bar.isVisible()
    finally:
        again.close()
        client.shutdown()


def test_only_in_this_window_writes_nothing_and_the_next_start_opens_the_rules_store(
        open_window, qtbot, tmp_path, workspace, reasonix, user_config_home, own_home, monkeypatch):
    (own_home / ".claude").mkdir()   # an agent on this machine, not connected to the window's store
    ui = open_window(flag=False)
    qtbot.waitUntil(lambda: ui.window.reasonix.action.isEnabled(), timeout=10000)
    qtbot.waitUntil(lambda: ui.window.store.warning.isVisible(), timeout=10000)   # the default store: not wired
    monkeypatch.setattr(dialogs, "confirm", lambda *a, **k: False)
    ui.window.reasonix.open()
    qtbot.waitUntil(lambda: ui.window.store.label.text() == "Store: ~/.reasonix · this window only", timeout=10000)
    assert not config_file(user_config_home).exists()
    qtbot.waitUntil(lambda: not ui.window.store.warning.isVisible(), timeout=10000)   # this window's own store
    again, client = second_window(qtbot, tmp_path, workspace)
    try:
        assert again.paths.root != reasonix
    finally:
        again.close()
        client.shutdown()


def test_a_broken_config_file_is_said_and_the_default_store_opens(open_window, qtbot, own_home, user_config_home,
                                                                   monkeypatch):
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    config = config_file(user_config_home)
    config.parent.mkdir(parents=True)
    config.write_text('state_root = "relative"\n')
    ui = open_window(flag=False)
    box = ui.window.findChild(QMessageBox, "problem_box")
    qtbot.waitUntil(lambda: box is not None or ui.window.findChild(QMessageBox, "problem_box"),
                    timeout=10000)
    box = ui.window.findChild(QMessageBox, "problem_box")
    assert f"{config}:1: state_root 'relative' is relative" in box.text()
    assert ui.window.paths.root == own_home / ".local" / "share" / "context-center"


def test_a_state_root_an_earlier_version_remembered_is_offered_once(open_window, qtbot, tmp_path, workspace,
                                                                    reasonix, user_config_home):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("store/root", str(reasonix))
    settings.sync()
    ui = open_window(flag=False)
    qtbot.waitUntil(lambda: ui.window.store.offer.isVisible(), timeout=10000)
    assert "opened ~/.reasonix at every start" in ui.window.store.offer.text.text()
    ui.window.store.offer.findChild(QPushButton, "adopt_remembered").click()
    qtbot.waitUntil(lambda: ui.window.paths.root == reasonix, timeout=10000)
    assert tomllib.loads(config_file(user_config_home).read_text())["state_root"] == str(reasonix)
    assert ui.window.settings.value("store/root", "", str) == ""
    assert not ui.window.store.offer.isVisible()


def test_not_now_is_remembered(open_window, qtbot, own_home):
    (own_home / ".reasonix").mkdir(parents=True)
    ui = open_window()
    qtbot.waitUntil(lambda: ui.window.reasonix.bar.isVisible(), timeout=10000)
    ui.window.reasonix.decline()
    assert not ui.window.reasonix.bar.isVisible()
    assert ui.window.settings.value("store/reasonix_offered", False, bool) is True
    assert ui.window.reasonix.action.isEnabled()  # still one click away in the File menu


def test_a_reasonix_store_made_after_the_start_is_found_on_f5_and_on_return_to_the_window(ui, qtbot, own_home,
                                                                                         monkeypatch):
    """Issue #36, point 7: "Open Reasonix memory…" stayed grey, even after F5, when ~/.reasonix
    appeared after the window started."""
    ui.idle()
    assert not ui.window.reasonix.action.isEnabled()
    (own_home / ".reasonix").mkdir()
    ui.window.refresh_all()
    qtbot.waitUntil(lambda: ui.window.reasonix.action.isEnabled(), timeout=10000)

    (own_home / ".reasonix").rmdir()   # and on coming back to the window (the platform says when)
    monkeypatch.setattr(ui.window, "isActiveWindow", lambda: True)
    ui.window.changeEvent(QEvent(QEvent.Type.ActivationChange))
    qtbot.waitUntil(lambda: not ui.window.reasonix.action.isEnabled(), timeout=10000)
