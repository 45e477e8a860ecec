"""Reasonix users find their store: offered on first start, in the File menu, and named in the status bar."""
from PySide6.QtCore import QSettings

from context_center.engine import FactInput, open_engine
from context_center.ui.app import create_window


def test_a_reasonix_store_is_offered_opened_and_remembered(open_window, qtbot, tmp_path, workspace, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    reasonix = home / ".reasonix"
    with open_engine(state_root=reasonix, workspace=workspace) as engine:
        engine.remember(FactInput(name="from-reasonix", title="From Reasonix", body="shared"))
    ui = open_window()
    window = ui.window
    qtbot.waitUntil(lambda: window.reasonix_bar.isVisible(), timeout=10000)
    assert "~/.reasonix" in window.reasonix_text.text() and window.reasonix_action.isEnabled()
    assert window.store_label.text() == f"State root: {ui.state_root}"
    assert ui.facts_shown() == []
    window.open_reasonix()
    qtbot.waitUntil(lambda: window.store_label.text() == "State root: ~/.reasonix", timeout=10000)
    ui.idle()
    qtbot.waitUntil(lambda: ui.facts_shown() == ["from-reasonix"], timeout=10000)
    assert not window.reasonix_bar.isVisible()

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again, client = create_window(None, str(workspace), settings)  # the next start opens it again
    qtbot.addWidget(again)
    try:
        qtbot.waitUntil(lambda: again.paths is not None, timeout=10000)
        assert again.paths.root == reasonix
        qtbot.waitUntil(lambda: not client.busy, timeout=10000)
        assert not again.reasonix_bar.isVisible()  # offered once, and it is open anyway
    finally:
        again.close()
        client.shutdown()


def test_not_now_is_remembered(open_window, qtbot, tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".reasonix").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    ui = open_window()
    qtbot.waitUntil(lambda: ui.window.reasonix_bar.isVisible(), timeout=10000)
    ui.window._decline_reasonix()
    assert not ui.window.reasonix_bar.isVisible()
    assert ui.window.settings.value("store/reasonix_offered", False, bool) is True
    assert ui.window.reasonix_action.isEnabled()  # still one click away in the File menu
