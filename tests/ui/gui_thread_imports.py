"""Run by tests/ui/test_gui_thread.py in a fresh interpreter (nothing imported before it): opens the
window on a small store, then shows every tab, and prints as JSON which modules were imported on
the GUI thread after the window's first paint."""
from __future__ import annotations

import json
import sys
import threading
from pathlib import Path


class Recorder:
    """A finder that finds nothing and notes each top-level module imported on the main thread."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.on = False

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if self.on and threading.current_thread() is threading.main_thread() and name not in sys.modules:
            self.names.append(name)
        return None


def main(state_root: str, workspace: str) -> None:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv)
    from context_center.ui.app import create_window

    recorder = Recorder()
    sys.meta_path.insert(0, recorder)
    window, client = create_window(state_root, workspace,
                                   QSettings(str(Path(state_root) / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()
    steps = [lambda n=number: window.tabs.setCurrentIndex(n) for number in range(window.tabs.count())]
    quiet = [0]

    def tick() -> None:
        if window.paths is None or window.facts.model.rowCount() == 0:
            return   # (not yet: the first list is part of the start, before any tab is shown)
        recorder.on = True
        quiet[0] = quiet[0] + 1 if not client.busy else 0
        if quiet[0] < 6:
            return
        quiet[0] = 0
        if steps:
            steps.pop(0)()
        else:
            app.quit()

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(50)
    QTimer.singleShot(60_000, app.quit)
    app.exec()
    client.shutdown()
    print(json.dumps(sorted({name.split(".")[0] for name in recorder.names})))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
