"""Which store the window opens: the one every face opens, never one of its own.

The window opens what the one rule gives (``--state-root``, ``$CONTEXT_CENTER_HOME``, the user's
``config.toml``, the platform default), evaluated on the engine's worker like every open. A config
file that cannot be used is shown, and the window opens the platform default meanwhile. Opening
another store (Reasonix's, or any folder) asks whether the agents should use it too: yes writes
``config.toml``; no opens it for this session only. A state root an earlier version remembered in
the window's settings is offered once for ``config.toml``. The status bar names the store, where
the choice came from, and warns when the agents' registered commands reach another store.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from ..engine import ConfigError, StateRootChoice, choose_state_root
from . import dialogs
from .engine_client import EngineClient
from .messages import Messages
from .offer_bar import OfferBar
from .theme import set_tone
from .words import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from ..engine import DoctorReport

REMEMBERED_KEY = "store/root"          # where an earlier version kept the window's own state root
# where the choice came from (said through tr() where shown: only "the default" is a word)
SOURCE_SAID = {"flag": "--state-root", "env": "$CONTEXT_CENTER_HOME", "config": "config.toml",
               "default": QT_TR_NOOP("the default")}


def short(path: Path | str) -> str:
    """``~/…`` for a path under the home folder."""
    path, home = Path(path), Path.home()
    return "~/" + path.relative_to(home).as_posix() if home in path.parents else str(path)


class StoreChoice(QObject):
    """The window's store: asked of the rule, changed only with the user's say on the agents."""

    reopen = Signal()          # open the workspace again, on :attr:`state_root`
    connect_agents = Signal()  # the user asked to wire the agents (from the status bar's warning)

    def __init__(self, parent: QWidget, client: EngineClient, settings: QSettings, messages: Messages,
                 state_root: str | None) -> None:
        super().__init__(parent)
        self.window, self.client, self.settings, self.messages = parent, client, settings, messages
        self.state_root = state_root        # None: the rule's store; else --state-root, or this session's own
        self.session_only = False           # state_root was chosen in this window, for this window
        self.choice: StateRootChoice | None = None
        self.label = QLabel()
        self.label.setObjectName("state_root")
        self.label.setContentsMargins(0, 0, 14, 0)
        self.warning = QPushButton()
        self.warning.setObjectName("agents_elsewhere")
        self.warning.setFlat(True)
        set_tone(self.warning, "warning")
        self.warning.clicked.connect(self.connect_agents.emit)
        self.warning.hide()
        self.offer = self._offer_bar()

    # opening ---------------------------------------------------------------------------------------

    def open_failed(self, error: BaseException) -> bool:
        """True when ``error`` is the config file's: said, and the platform default opened instead."""
        if not isinstance(error, ConfigError) or self.state_root is not None:
            return False
        from ..engine import platform_default_state_root

        self.messages.problem.emit(tr("The config file cannot be used"),
                                   tr("{message}.\n\nThis window opened the default store meanwhile, for this window "
                                      "only. The agents' commands that do not name their store stop with the same "
                                      "message until the file is fixed (`context-center config unset state-root` "
                                      "mends a bad value).").format(message=error.message))
        self.state_root, self.session_only = str(platform_default_state_root()), True
        self.reopen.emit()
        return True

    def opened(self, root: Path) -> None:
        """An open: the store's name at once (its source and the agents follow :meth:`check`)."""
        self.label.setText(tr("Store: {path}").format(path=short(root)))
        self.label.setToolTip(str(root))

    def check(self, root: Path, workspace: Path) -> None:
        """Once the list is shown: where the store's choice came from, whether the agents reach it
        (doctor, on the worker), and an earlier remembered root, offered once."""
        flag = self.state_root

        def look(_engine: object) -> tuple[StateRootChoice | None, DoctorReport]:
            from ..engine import doctor

            try:
                choice = choose_state_root(flag)
            except ConfigError:
                choice = None
            return choice, doctor(workspace, state_root=str(root), live=False)
        self.client.submit(look, lambda found: self._looked(root, *found), lambda _e: None, owner=self)

    def _looked(self, root: Path, choice: StateRootChoice | None, report: DoctorReport) -> None:
        self.choice = choice
        source = tr("this window only") if self.session_only else tr(SOURCE_SAID[choice.source]) if choice else ""
        self.label.setText(tr("Store: {path}").format(path=short(root)) + (f" · {source}" if source else ""))
        self.label.setToolTip(f"{root}\n" + tr("Every face (this window, the command line, the Claude Code hook, the "
                                               "MCP server) opens the store given by --state-root, else "
                                               "$CONTEXT_CENTER_HOME, else config.toml, else the default."))
        elsewhere = [p for p in report.problems if p.fix.endswith(("connect claude-code", "connect codex"))]
        self.warning.setText(tr("⚠ Agents reach another store") if any("reaches the store" in p.what
                                                                        for p in elsewhere)
                             else tr("⚠ Agents not connected"))
        self.warning.setToolTip("\n".join(p.what for p in elsewhere) + "\n\n"
                                + tr("Click to connect them (File ▸ Connect agents…)."))
        # a store open for this window only is not the agents' on purpose: nothing to connect them to
        self.warning.setVisible(bool(elsewhere) and any(report.agents.values()) and not self.session_only)
        self._offer_remembered(root)

    # another store -----------------------------------------------------------------------------------

    def open_other(self, root: str) -> None:
        """Open ``root``: for every agent too (config.toml), or for this window's session only."""
        agents_too = dialogs.confirm(
            self.window, tr("Open another store"),
            tr("Open {path} in this window.\n\nShould your agents use it too? The Claude Code hook, the MCP server and "
               "the command line would then all read and write this store (it is written into config.toml). "
               "Otherwise it is open in this window only, until it closes.").format(path=short(root)),
            action=tr("Use it for every agent"), cancel=tr("Only in this window"))
        if not agents_too:
            self.state_root, self.session_only = root, True
            self.reopen.emit()
            return
        self._adopt(root)

    def _adopt(self, root: str) -> None:
        def write(_engine: object) -> StateRootChoice:
            from ..engine import set_state_root

            set_state_root(root)
            return choose_state_root(None)

        def written(choice: StateRootChoice) -> None:
            if choice.path == Path(root):
                self.state_root, self.session_only = None, False
            else:   # the environment outranks the file here: say so, and open it all the same
                self.state_root, self.session_only = root, True
                self.messages.info(tr("{source} still chooses {path} for commands started from this "
                                      "environment").format(source=tr(SOURCE_SAID[choice.source]),
                                                            path=short(choice.path)))
            self.reopen.emit()
        self.client.submit(write, written, lambda e: self.messages.failure(tr("write config.toml"), e), owner=self)

    # an earlier version's remembered root ---------------------------------------------------------------

    def _offer_bar(self) -> OfferBar:
        return OfferBar("store_offer", "warning", [(tr("Use it for every agent"), "adopt_remembered",
                                                    self._use_remembered),
                                                   (tr("Keep this one"), "keep_current", self._keep_current)])

    def _remembered(self) -> str:
        value = self.settings.value(REMEMBERED_KEY, "", str)
        return value if isinstance(value, str) else ""

    def _offer_remembered(self, root: Path) -> None:
        remembered = self._remembered()
        if not remembered:
            return
        if Path(remembered) == root or not Path(remembered).is_dir():
            self.settings.remove(REMEMBERED_KEY)   # nothing to offer: the same store, or gone
            return
        self.offer.offer(tr("An earlier version of this window opened {remembered} at every start, while your "
                            "agents used {root}. Use {remembered} for every agent from now on?").format(
            remembered=short(remembered), root=short(root)))

    def _use_remembered(self) -> None:
        remembered = self._remembered()
        self.settings.remove(REMEMBERED_KEY)
        self.offer.hide()
        if remembered:
            self._adopt(remembered)

    def _keep_current(self) -> None:
        self.settings.remove(REMEMBERED_KEY)
        self.offer.hide()
