"""File ▸ Settings: the agents' write policy and the relevance judge (its key in the keyring only)."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import keyring
import keyring.backends.fail
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QLineEdit

from context_center.engine import POLICY_SETTING, describe_judge, open_engine
from context_center.ui.settings_dialog import SettingsDialog
from support.keyring_backend import MemoryKeyring

SECRET = "sk-test-0123456789abcdef"


@pytest.fixture
def memory_keyring():
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def no_keyring():
    previous = keyring.get_keyring()
    keyring.set_keyring(keyring.backends.fail.Keyring())
    yield
    keyring.set_keyring(previous)


class _Judge(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.authorizations.append(self.headers.get("Authorization"))  # type: ignore[attr-defined]
        body = json.dumps({"choices": [{"message": {"content": json.dumps({"noul": [0.9]})}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args) -> None:
        pass


@pytest.fixture
def judge_server():
    """An OpenAI-compatible judge on 127.0.0.1 that finds every memory helpful."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Judge)
    server.authorizations = []
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="test-judge",
                              daemon=True)  # a short poll: shutdown() waits for it
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


def open_settings(ui, qtbot) -> SettingsDialog:
    dialog = ui.window.open_settings()
    qtbot.waitUntil(lambda: dialog.view is not None, timeout=10000)
    return dialog


def stored(ui, key: str):
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        return engine.setting(key)


def save(dialog, qtbot) -> None:
    with qtbot.waitSignal(dialog.accepted, timeout=10000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()


def shown_texts(dialog) -> str:
    """Every text the dialog shows: labels, fields and their placeholders."""
    fields = dialog.findChildren(QLineEdit)
    return "\n".join([w.text() for w in dialog.findChildren(QLabel)] + [w.text() for w in fields]
                     + [w.placeholderText() for w in fields])


def test_the_shortcut_opens_it_and_the_policy_is_saved_for_the_mcp_server(ui, qtbot, memory_keyring):
    qtbot.keyClick(ui.window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: any(d.isVisible() for d in ui.window.findChildren(SettingsDialog)), timeout=5000)
    dialog = next(d for d in ui.window.findChildren(SettingsDialog) if d.isVisible())
    qtbot.waitUntil(lambda: dialog.view is not None, timeout=10000)
    assert dialog.policy() == "contract" and dialog.view.judge["url"] is None
    texts = shown_texts(dialog)
    assert "waits in Suggestions" in texts and "cannot write, edit or delete" in texts
    dialog.policy_buttons["review"].setChecked(True)
    save(dialog, qtbot)
    assert stored(ui, POLICY_SETTING) == "review"
    again = open_settings(ui, qtbot)
    assert again.policy() == "review"
    again.reject()


def test_the_judge_is_saved_and_read_back(ui, qtbot, memory_keyring):
    dialog = open_settings(ui, qtbot)
    assert dialog.timeout.value() == 20
    dialog.url.setText("http://127.0.0.1:9/v1")
    dialog.model.setText("judge-small")
    dialog.timeout.setValue(7.5)
    save(dialog, qtbot)
    assert (stored(ui, "judge.url"), stored(ui, "judge.model"), stored(ui, "judge.timeout")) == (
        "http://127.0.0.1:9/v1", "judge-small", 7.5)
    again = open_settings(ui, qtbot)
    assert (again.url.text(), again.model.text(), again.timeout.value()) == ("http://127.0.0.1:9/v1", "judge-small",
                                                                             7.5)
    again.url.clear()  # no URL: no judge
    save(again, qtbot)
    assert stored(ui, "judge.url") is None and stored(ui, "judge.model") is None


def test_an_unusable_judge_is_refused_in_place(ui, qtbot, memory_keyring):
    dialog = open_settings(ui, qtbot)
    dialog.policy_buttons["read-only"].setChecked(True)
    dialog.url.setText("ftp://judge.example/v1")
    dialog.model.setText("judge-small")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(dialog.error.isVisible, timeout=10000)
    assert dialog.error.text().startswith("The judge's settings are not usable")
    assert dialog.error.toolTip() == "Error code: INVALID_INPUT"
    assert dialog.isVisible() and dialog.url.text() == "ftp://judge.example/v1"
    assert stored(ui, "judge.url") is None and stored(ui, POLICY_SETTING) is None   # nothing half-saved
    dialog.url.setText("http://judge.example/v1")
    dialog.model.clear()
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: "needs a model name" in dialog.error.text(), timeout=10000)
    dialog.reject()


def test_the_key_goes_to_the_keyring_and_is_never_shown(ui, qtbot, memory_keyring):
    dialog = open_settings(ui, qtbot)
    assert dialog.key.echoMode() == QLineEdit.EchoMode.Password and dialog.key.isEnabled()
    assert not dialog.keyring_warning.isVisibleTo(dialog)
    dialog.url.setText("http://127.0.0.1:9/v1")
    dialog.model.setText("judge-small")
    dialog.key.setText(SECRET)
    save(dialog, qtbot)
    assert memory_keyring.secrets == {("context-center", "judge-api-key"): SECRET}
    assert dialog.key.text() == ""
    again = open_settings(ui, qtbot)
    assert again.key.text() == "" and SECRET not in shown_texts(again)
    assert "a key is stored" in again.key.placeholderText()
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        assert describe_judge(engine)["key"] is True
    again.save()   # an empty field keeps the stored key
    qtbot.waitUntil(lambda: not again.isVisible(), timeout=10000)
    assert memory_keyring.secrets == {("context-center", "judge-api-key"): SECRET}
    third = open_settings(ui, qtbot)
    third.remove_key.click()
    qtbot.waitUntil(lambda: "removed" in third.test_result.text(), timeout=10000)
    assert memory_keyring.secrets == {} and "optional" in third.key.placeholderText()
    third.reject()


def test_test_asks_the_judge_and_says_what_it_answered(ui, qtbot, memory_keyring, judge_server):
    dialog = open_settings(ui, qtbot)
    url = f"http://127.0.0.1:{judge_server.server_address[1]}/v1"
    dialog.url.setText(url)
    dialog.model.setText("judge-small")
    dialog.key.setText(SECRET)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: dialog.test_result.text().startswith("✓"), timeout=10000)
    assert f"The judge at {url} (model judge-small) answered 1 question in" in dialog.test_result.text()
    assert judge_server.authorizations == [f"Bearer {SECRET}"]
    assert dialog.key.text() == "" and SECRET not in shown_texts(dialog)
    assert stored(ui, "judge.url") == url   # Test stores what it tests
    dialog.reject()


def test_test_says_why_the_judge_did_not_answer(ui, qtbot, memory_keyring, judge_server):
    port = judge_server.server_address[1]
    judge_server.shutdown()  # nobody answers there any more
    judge_server.server_close()
    dialog = open_settings(ui, qtbot)
    dialog.url.setText(f"http://127.0.0.1:{port}/v1")
    dialog.model.setText("judge-small")
    dialog.key.setText(SECRET)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: dialog.test_result.text().startswith("✗"), timeout=10000)
    assert "127.0.0.1" in dialog.test_result.text() and dialog.test_button.isEnabled()
    assert SECRET not in shown_texts(dialog) and "a key is stored" in dialog.key.placeholderText()
    dialog.reject()


def test_without_a_usable_keyring_the_key_field_is_disabled_and_says_why(ui, qtbot, no_keyring):
    dialog = open_settings(ui, qtbot)
    assert dialog.keyring_warning.isVisibleTo(dialog)
    assert dialog.keyring_warning.text().startswith("No usable OS keyring")
    assert not dialog.key.isEnabled() and not dialog.remove_key.isEnabled()
    dialog.policy_buttons["review"].setChecked(True)
    save(dialog, qtbot)   # the rest still saves
    assert stored(ui, POLICY_SETTING) == "review"


def test_with_the_keyring_warning_save_and_cancel_stay_on_a_small_screen(ui, qtbot, no_keyring):
    """A walk at 1280×800: with the keyring's warning the dialog was 746 pixels tall, opened at y=73,
    and Save and Cancel fell off the screen. The groups scroll; the dialog stays on its screen."""
    dialog = open_settings(ui, qtbot)
    dialog.show()
    qtbot.waitUntil(dialog.keyring_warning.isVisible, timeout=5000)
    screen = dialog.screen().availableGeometry()
    assert screen.height() < 746 + 73   # (the offscreen screen here is smaller still than the walk's)
    assert screen.contains(dialog.frameGeometry())
    save_button = dialog.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert save_button.isVisible() and dialog.rect().contains(save_button.geometry().translated(
        dialog.buttons.pos()))
    assert dialog.groups.verticalScrollBar().maximum() > 0 or dialog.height() >= dialog._body.sizeHint().height()


def test_the_keyring_warning_is_in_the_windows_language(ui, qtbot, no_keyring):
    """The Chinese window showed the engine's English sentence; it is the window's now, the
    engine's (naming the backend) in its tooltip, under the window's words saying it is the system's
    own message (the tooltip was the English sentence alone)."""
    from PySide6.QtWidgets import QApplication

    from context_center.ui import language
    app = QApplication.instance()
    language.install(app, "zh_CN")
    try:
        dialog = open_settings(ui, qtbot)
        qtbot.waitUntil(lambda: dialog.keyring_warning.isVisibleTo(dialog), timeout=5000)
        text = dialog.keyring_warning.text()
        assert "密钥环" in text and "No usable" not in text and "keyring.backends" not in text
        first, detail = dialog.keyring_warning.toolTip().split("\n", 1)   # the window's words, the system's marked
        assert first == "系统的原始消息（英文）：" and detail.startswith("No usable OS keyring")
        dialog.reject()
    finally:
        language.install(app, "en")
