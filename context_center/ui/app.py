"""The composition root of the desktop app: application, settings, engine worker, window."""
from __future__ import annotations

import os
import sys
from importlib import resources

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from .. import APP_ID, APP_NAME
from ..engine import import_deferred_modules
from . import language
from .engine_client import EngineClient
from .garbage import collect_on_gui_thread
from .main_window import MainWindow
from .recent_workspaces import last_workspace
from .stop_signals import StopSignals

# Where the window keeps geometry and recent workspaces; unchanged when the app id became
# reverse-DNS, so nobody loses their settings.
SETTINGS_APP = "context-center"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)   # as resources/compile.py renders them


def app_icon() -> QIcon:
    """The icon drawn in resources/icons/, as compiled: the SVG, and PNGs drawn for the small sizes
    (a task bar asks for 16 or 24 pixels; each is rendered at its size, not scaled down)."""
    icon = QIcon()
    shipped = resources.files("context_center.resources")
    for item in (shipped / "context-center.svg", *(shipped / "icons" / str(size) / "context-center.png"
                                                  for size in ICON_SIZES)):
        with resources.as_file(item) as path:
            if path.is_file():
                icon.addFile(str(path))
    return icon


GUI_SWITCH_INTERVAL = 0.0002   # seconds (Python's default: 0.005)


def create_window(state_root: str | None = None, workspace: str | None = None,
                  settings: QSettings | None = None) -> tuple[MainWindow, EngineClient]:
    """Build the window over a worker; opens ``workspace`` (else the last one, else the cwd)."""
    import_deferred_modules()   # here, not on the worker once the window is shown (a GUI stall)
    # The GUI thread gives up the interpreter lock on every call into Qt and must win it back for
    # every Python slot and model.data() a repaint makes; while the engine's worker computes, each
    # such handover waited up to the 5 ms switch interval: a repaint of a few hundred cells froze
    # the window for a third of a second. At 0.2 ms the worker loses little and the window none.
    sys.setswitchinterval(GUI_SWITCH_INTERVAL)
    settings = settings or QSettings("Context Center", SETTINGS_APP)
    app = QApplication.instance()
    assert isinstance(app, QApplication), "the window needs a QApplication"
    collect_on_gui_thread(app)   # before the worker runs: no Qt object is ever freed on its thread
    language.install(app, language.chosen(settings))   # before any widget is made: each is made in it
    client = EngineClient()
    # the store every face opens (store_choice.py); ``state_root``: this window's --state-root
    window = MainWindow(client, settings, state_root)
    window.setWindowIcon(app_icon())
    last = last_workspace(settings)
    if workspace is None and last and os.path.isdir(last):
        workspace = last
        started_in = os.getcwd()
        repository = _repository_of(started_in)
        if repository is not None and repository != _repository_of(last):   # started in another project
            window.opened_last_workspace(last, repository)
    window.open_workspace(workspace)
    return window, client


def _repository_of(folder: str) -> str | None:
    """The repository ``folder`` is in (the nearest folder holding ``.git``), but never the home
    folder itself (a dotfiles repository there is not a project)."""
    try:
        current = os.path.realpath(folder)
        home = os.path.realpath(os.path.expanduser("~"))
        while True:
            if current != home and os.path.exists(os.path.join(current, ".git")):
                return current
            parent = os.path.dirname(current)
            if parent == current:
                return None
            current = parent
    except OSError:
        return None


def run(state_root: str | None = None, workspace: str | None = None) -> int:
    existing = QApplication.instance()  # typed as the QCoreApplication base
    assert existing is None or isinstance(existing, QApplication), "the window needs a QApplication"
    app = existing or QApplication(sys.argv)
    app.setApplicationName(APP_NAME)  # also the WM_CLASS class (StartupWMClass)
    app.setOrganizationName("Context Center")
    app.setDesktopFileName(APP_ID)  # the Wayland app_id: <APP_ID>.desktop
    app.setWindowIcon(app_icon())
    window, client = create_window(state_root, workspace)
    window.show()
    # Ctrl+C or SIGTERM: File > Quit, on the next loop turn (not inside the handler)
    stops = StopSignals(lambda: QTimer.singleShot(0, window.close))
    try:
        code = app.exec()
    finally:
        stops.restore()
    if not client.shutdown(timeout_ms=5000):
        # a long job (a scan) is still running: leave without it; every write is atomic
        sys.stderr.write("context-center: an engine job was still running at exit; it was stopped\n")
        sys.stderr.flush()
        os._exit(code)
    return code
