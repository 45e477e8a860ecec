"""Settings shared with the MCP server: the agents' write policy and the relevance judge.

Both live in the store's catalog (every face reads them alike); the judge's API key lives in
the OS keyring and nowhere else: it is typed here, stored, and never shown back or logged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QSettings, Qt, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ..engine import (
    POLICIES,
    POLICY_SETTING,
    Engine,
    JudgeError,
    clear_judge_key,
    configure_judge,
    describe_judge,
    keyring_problem,
    open_judge,
    set_judge_key,
)
from . import language
from . import theme as theme_module
from .engine_client import EngineClient
from .messages import describe
from .theme import ThemeFollower, set_banner, set_tone
from .words import QT_TR_NOOP, tr

DEFAULT_TIMEOUT = 20.0
POLICY_TEXT = {
    "contract": (QT_TR_NOOP("&Contract"),
                 QT_TR_NOOP("Instructions, decisions, constraints and mistakes are saved at once; anything else "
                            "an agent writes (preferences, workflows, project notes…) waits in Suggestions for you.")),
    "review": (QT_TR_NOOP("Re&view"),
               QT_TR_NOOP("Stricter: only short project decisions and constraints are saved at once; everything else "
                          "waits in Suggestions, and agents can neither promote nor edit saved memories.")),
    "read-only": (QT_TR_NOOP("Read-&only"),
                  QT_TR_NOOP("Agents search and read memories but cannot write, edit or delete any.")),
}
# the words of theme.CHOICE_WORDS and language.CHOICE_WORDS["system"], marked for translation here (the
# languages' own names are names: never translated)
FOLLOW_SYSTEM = QT_TR_NOOP("Follow the system")
THEME_WORDS = {"system": FOLLOW_SYSTEM, "light": QT_TR_NOOP("Light"), "dark": QT_TR_NOOP("Dark")}


@dataclass(frozen=True)
class SettingsView:
    policy: str
    judge: dict[str, Any]          # describe_judge: url, model, timeout, key (stored or not; never the key)
    keyring_problem: str | None


def load_settings(engine: Engine) -> SettingsView:
    """Runs on the worker (the keyring may be slow to answer)."""
    policy = engine.setting(POLICY_SETTING, "contract")
    return SettingsView(policy if policy in POLICIES else "contract", describe_judge(engine), keyring_problem())


# the keyring's warning in the window's language (the engine words it in English, naming the backend)
NO_KEYRING_WORDS = QT_TR_NOOP("No usable OS keyring, so the API key cannot be stored here. On a desktop, install and "
                              "unlock one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Locker); on a "
                              "headless server, choose a backend with PYTHON_KEYRING_BACKEND or a keyringrc.cfg, or "
                              "use a judge that needs no key.")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


class SettingsDialog(QDialog):
    """Edit → Settings: read on open, validated and stored on Save; a refusal stays in the dialog."""

    def __init__(self, client: EngineClient, parent: QWidget | None = None, *,
                 theme: ThemeFollower | None = None, settings: QSettings | None = None) -> None:
        """``theme`` and ``settings``: the window's look and where it keeps its language (the
        Appearance group is shown when they are given)."""
        super().__init__(parent)
        self.client, self.theme, self.window_settings = client, theme, settings
        self.view: SettingsView | None = None      # as read when the dialog opened
        self.setWindowTitle(tr("Settings"))
        self.setMinimumWidth(600)

        agents = QGroupBox(tr("Agents (MCP server)"))
        agents_layout = QVBoxLayout(agents)
        intro = QLabel(tr("What agents may write to this store over MCP. Agents' servers read this when they start."))
        intro.setWordWrap(True)
        agents_layout.addWidget(intro)
        self.policy_group = QButtonGroup(self)
        self.policy_buttons: dict[str, QRadioButton] = {}
        for policy in POLICIES:
            label, sentence = POLICY_TEXT[policy]
            button = QRadioButton(tr(label))
            button.setObjectName(f"policy_{policy}")
            explanation = QLabel(tr(sentence))
            explanation.setWordWrap(True)
            explanation.setContentsMargins(24, 0, 0, 6)   # under the button's text, not its circle
            self.policy_group.addButton(button)
            self.policy_buttons[policy] = button
            agents_layout.addWidget(button)
            agents_layout.addWidget(explanation)

        judge = QGroupBox(tr("Relevance judge"))
        about = QLabel(tr("Optional: an OpenAI-compatible endpoint that agents' memory search asks whether each "
                          "memory helps. Leave the URL empty to search locally only."))
        about.setWordWrap(True)
        self.url = QLineEdit()
        self.url.setObjectName("judge_url")
        self.url.setPlaceholderText(tr("http://localhost:8080/v1 — empty: no judge"))
        self.model = QLineEdit()
        self.model.setObjectName("judge_model")
        self.model.setPlaceholderText(tr("the model to ask"))
        self.timeout = QDoubleSpinBox()
        self.timeout.setObjectName("judge_timeout")
        self.timeout.setRange(1, 600)
        self.timeout.setDecimals(1)
        self.timeout.setSuffix(tr(" s"))
        self.timeout.setValue(DEFAULT_TIMEOUT)
        self.key = QLineEdit()
        self.key.setObjectName("judge_key")
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.remove_key = QPushButton(tr("&Remove key"))
        self.remove_key.setObjectName("judge_remove_key")
        self.remove_key.setToolTip(tr("Delete the stored API key from the OS keyring now"))
        self.remove_key.clicked.connect(self.remove_stored_key)
        key_row = QHBoxLayout()
        key_row.addWidget(self.key, 1)
        key_row.addWidget(self.remove_key)
        self.keyring_warning = QLabel()
        self.keyring_warning.setObjectName("keyring_problem")
        self.keyring_warning.setWordWrap(True)
        set_banner(self.keyring_warning, "warning")
        self.keyring_warning.hide()
        self.test_button = QPushButton(tr("T&est"))
        self.test_button.setObjectName("judge_test")
        self.test_button.setToolTip(tr("Save the judge's settings (and a key you typed), then ask it one tiny "
                                       "question"))
        self.test_button.clicked.connect(self.test_judge)
        self.test_result = QLabel()
        self.test_result.setObjectName("judge_test_result")
        self.test_result.setWordWrap(True)
        self.test_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addWidget(self.test_result, 1)
        form = QFormLayout()
        form.addRow(tr("&URL:"), self.url)
        form.addRow(tr("&Model:"), self.model)
        form.addRow(tr("&Timeout:"), self.timeout)
        key_label = QLabel(tr("API &key:"))
        key_label.setBuddy(self.key)  # a row of a layout gets no buddy by itself
        form.addRow(key_label, key_row)
        form.addRow("", self.keyring_warning)
        judge_layout = QVBoxLayout(judge)
        judge_layout.addWidget(about)
        judge_layout.addLayout(form)
        judge_layout.addLayout(test_row)

        appearance = QGroupBox(tr("Appearance"))
        self.theme_choice = QComboBox()
        self.theme_choice.setObjectName("theme_choice")
        for choice in theme_module.CHOICES:
            self.theme_choice.addItem(tr(THEME_WORDS.get(choice, theme_module.CHOICE_WORDS[choice])), choice)
        self.language_choice = QComboBox()
        self.language_choice.setObjectName("language_choice")
        for choice in language.CHOICES:
            self.language_choice.addItem(tr(FOLLOW_SYSTEM) if choice == "system"
                                         else language.CHOICE_WORDS[choice], choice)
        self.language_note = QLabel()
        self.language_note.setObjectName("language_note")
        self.language_note.setWordWrap(True)
        set_tone(self.language_note, "muted")
        self.language_choice.currentIndexChanged.connect(self._language_note)
        looks = QFormLayout(appearance)
        looks.addRow(tr("T&heme:"), self.theme_choice)
        looks.addRow(tr("&Language:"), self.language_choice)
        looks.addRow("", self.language_note)
        if theme is not None and settings is not None:
            self.theme_choice.setCurrentIndex(self.theme_choice.findData(theme.choice))
            self.language_choice.setCurrentIndex(self.language_choice.findData(language.chosen(settings)))
        else:
            appearance.hide()
        self._language_note()

        self.error = QLabel()
        self.error.setObjectName("settings_error")
        self.error.setWordWrap(True)
        set_tone(self.error, "error")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        # the groups scroll, Save and Cancel stay in view: on a 1280×800 screen, with the keyring's
        # warning shown, the dialog was 746 pixels tall and its buttons fell off the screen (a walk)
        body = self._body = QWidget()
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        for part in (appearance, agents, judge, self.error):
            inner.addWidget(part)
        self.groups = QScrollArea()
        self.groups.setWidget(body)
        self.groups.setWidgetResizable(True)
        self.groups.setFrameShape(QFrame.Shape.NoFrame)
        self.groups.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = self._layout = QVBoxLayout(self)
        layout.addWidget(self.groups, 1)
        layout.addWidget(self.buttons)
        self._set_busy(True)  # until the settings are read
        self.client.submit(load_settings, self.show_settings, self._refused, owner=self)

    @Slot()
    def _language_note(self) -> None:
        started = self.window_settings is not None and language.chosen(self.window_settings)
        picked = self.language_choice.currentData()
        self.language_note.setText(tr("The window speaks it the next time it starts.")
                                   if started and picked != started else "")

    # reading -------------------------------------------------------------------------------------

    def show_settings(self, view: SettingsView) -> None:
        self.view = view
        self.policy_buttons[view.policy].setChecked(True)
        judge = view.judge
        self.url.setText(judge["url"] or "")
        self.model.setText(judge["model"] or "")
        self.timeout.setValue(judge["timeout"] or DEFAULT_TIMEOUT)
        self._show_key_state(bool(judge["key"]))
        problem = _sentence(view.keyring_problem or "")
        if language.current() != "en" and problem:   # the engine's sentence is English: words of the window,
            self.keyring_warning.setText(tr(NO_KEYRING_WORDS))
            # the tooltip in the window's language too: the engine's English sentence (naming the
            # backend) under a heading that says it is the system's own message
            self.keyring_warning.setToolTip(tr("The system's own message (in English):") + "\n" + problem)
        else:
            self.keyring_warning.setText(problem)
        self.keyring_warning.setVisible(view.keyring_problem is not None)
        self._set_busy(False)
        self.fit()   # room for the warning, which arrives after the dialog was sized

    def fit(self) -> None:
        """As tall as what it shows, within the screen it is on (past that its groups scroll)."""
        body = self._body
        margins = self._layout.contentsMargins()
        wanted = body.sizeHint().height() + self.buttons.sizeHint().height() + self._layout.spacing() \
            + margins.top() + margins.bottom()
        screen = self.screen().availableGeometry()
        self.resize(max(self.width(), body.sizeHint().width() + margins.left() + margins.right()),
                    min(wanted, screen.height() - 60))
        frame = self.frameGeometry()
        if frame.bottom() > screen.bottom() or frame.top() < screen.top():   # keep it all on the screen
            self.move(frame.left(), max(screen.top(), screen.bottom() - frame.height()))

    def _show_key_state(self, stored: bool) -> None:
        self.key.clear()  # a key typed here is stored, never shown back
        self.key.setPlaceholderText(tr("a key is stored in the OS keyring — type a new one to replace it") if stored
                                    else tr("optional; kept in the OS keyring, never in a file"))

    def _set_busy(self, busy: bool) -> None:
        busy = busy or self.view is None   # nothing can be saved over settings that could not be read
        no_keyring = self.view is None or self.view.keyring_problem is not None
        for widget in (self.url, self.model, self.timeout, self.test_button, *self.policy_buttons.values()):
            widget.setEnabled(not busy)
        self.key.setEnabled(not busy and not no_keyring)
        self.remove_key.setEnabled(not busy and not no_keyring)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(not busy)

    # writing ------------------------------------------------------------------------------------

    def policy(self) -> str:
        return next(name for name, button in self.policy_buttons.items() if button.isChecked())

    def _store_judge(self) -> Callable[[Engine], None]:
        """A job that validates and stores the judge's fields (and a typed key) as they are now."""
        url, model, timeout = self.url.text().strip(), self.model.text().strip(), self.timeout.value()
        key = self.key.text().strip()

        def store(engine: Engine) -> None:
            configure_judge(engine, url or None, model, timeout)
            if key:
                set_judge_key(key)
        return store

    @Slot()
    def save(self) -> None:
        if self.view is None:
            return
        store, policy = self._store_judge(), self.policy()

        def job(engine: Engine) -> None:
            store(engine)  # the judge first: a refused URL leaves everything as it was
            engine.set_setting(POLICY_SETTING, policy)

        self.error.hide()
        self._set_busy(True)
        self.client.submit(job, self._saved, self._refused, owner=self)

    def _saved(self, _result: object) -> None:
        if self.theme is not None and self.window_settings is not None:   # the window's own, kept by Qt
            self.window_settings.setValue(language.SETTING, self.language_choice.currentData())
            self.theme.choose(self.theme_choice.currentData())
        self.key.clear()
        self._set_busy(False)
        self.accept()

    def _refused(self, error: BaseException) -> None:
        self._set_busy(False)
        self.error.setText(describe(error))   # in words; the code in the tooltip
        self.error.setToolTip(tr("Error code: {code}").format(code=getattr(error, "code", "ERROR")))
        self.error.show()

    @Slot()
    def remove_stored_key(self) -> None:
        def removed(_result: object) -> None:
            self._show_key_state(False)
            self.test_result.setText(tr("The API key was removed from the keyring."))

        self.error.hide()
        self.client.submit(lambda _engine: clear_judge_key(), removed, self._refused, owner=self)

    @Slot()
    def test_judge(self) -> None:
        """Store the judge's fields as typed, then ask the judge one tiny question, on the engine's
        worker; the answer (or why there is none) is one line beside the button."""
        store = self._store_judge()

        def job(engine: Engine) -> tuple[bool, str | None]:
            store(engine)
            judge = open_judge(engine)
            return describe_judge(engine)["key"] is True, judge.check() if judge is not None else None

        def answered(result: tuple[bool, str | None]) -> None:
            key_stored, answer = result
            self._set_busy(False)
            self._show_key_state(key_stored)
            set_tone(self.test_result, None)
            self.test_result.setText(f"✓ {_sentence(answer)}." if answer else
                                     tr("No judge is set (the URL is empty): agents' memory search stays local."))

        def failed(error: BaseException) -> None:
            if not isinstance(error, JudgeError):
                self.test_result.clear()
                self._refused(error)
                return
            self._set_busy(False)
            if self.key.text().strip():  # stored before the judge was asked
                self._show_key_state(True)
            set_tone(self.test_result, "error")
            self.test_result.setText(f"✗ {_sentence(str(error))}")

        self.error.hide()
        set_tone(self.test_result, None)
        self.test_result.setText(tr("Asking the judge…"))
        self._set_busy(True)
        self.client.submit(job, answered, failed, owner=self)
