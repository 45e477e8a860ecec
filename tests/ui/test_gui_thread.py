"""Nothing heavy runs on the GUI thread once the window is up: no tab's first show imports a large
module there (they are imported off it, or before the first paint), and a table is filled with
one measure of its columns, not one per cell."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QHeaderView

from context_center.engine import FactInput, open_engine
from context_center.ui.tables import fill, read_only_table

# Each took from a tenth to half a second to import (measured): never on the GUI thread after
# the first paint. (Qt's own modules, and the small ones of the standard library, may come.)
HEAVY = {"numpy", "pyqtgraph", "sqlalchemy", "whoosh", "scipy", "yaml", "markdown_it", "pygments", "mcp",
         "watchdog", "keyring", "tomlkit", "platformdirs", "jsonschema"}
HERE = Path(__file__).parent


def test_no_tabs_first_show_imports_a_heavy_module_on_the_gui_thread(state_root: Path, workspace: Path):
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        for n in range(30):
            engine.remember(FactInput(name=f"fact-{n}", title=f"Fact {n}", body=f"We deploy service {n} on Fridays."))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": os.pathsep.join([str(HERE.parent.parent)])}
    done = subprocess.run([sys.executable, str(HERE / "gui_thread_imports.py"), str(state_root), str(workspace)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    imported = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert not imported & HEAVY, f"imported on the GUI thread after the first paint: {sorted(imported & HEAVY)}"


def test_a_table_is_filled_with_one_measure_of_its_columns(qtbot):
    """Sized to its contents on every cell put in, a Review of 546 items took 9.5 s at 10,000 facts
    under the window's style sheet; the columns are measured once, after the last row."""
    table = read_only_table(("Kind", "Facts", "Why"), "t")
    qtbot.addWidget(table)
    table.show()
    header = table.horizontalHeader()
    modes: set[QHeaderView.ResizeMode] = set()   # how the first column was sized as each cell came in
    table.model().dataChanged.connect(lambda *_: modes.add(header.sectionResizeMode(0)))
    fill(table, [("duplicate", "x" * n, "why") for n in range(1, 200)])   # each row wider than the last
    assert modes == {QHeaderView.ResizeMode.Interactive}, modes
    assert header.sectionResizeMode(0) == QHeaderView.ResizeMode.ResizeToContents
    assert table.columnWidth(1) >= table.fontMetrics().horizontalAdvance("x" * 199)


def test_the_window_hands_the_interpreter_back_within_its_own_switch_interval(ui):
    """Set once, by the composition root: an engine client setting its own afterwards (1 ms) undid
    the window's 0.2 ms, and each cell a repaint asks for waited up to five times longer."""
    from context_center.ui.app import GUI_SWITCH_INTERVAL

    assert sys.getswitchinterval() == pytest.approx(GUI_SWITCH_INTERVAL)



def test_the_search_index_child_keeps_numpy_to_one_thread(ui, qtbot):
    """OpenBLAS's pool, started when the child imports NumPy, spun on a core waiting for work (perf:
    44 ms of a core within a 108 ms stall of the window at 10,000 facts)."""
    from context_center.ui.index_builder import IndexBuilder

    builder = IndexBuilder()
    builder.start(str(ui.state_root), str(ui.workspace))
    assert builder.process is not None
    with qtbot.waitSignal(builder.process.started, timeout=10000):
        pass
    environ = Path(f"/proc/{builder.process.processId()}/environ").read_bytes().split(b"\0")
    with qtbot.waitSignal(builder.finished, timeout=60000):
        pass
    assert {b"OPENBLAS_NUM_THREADS=1", b"OMP_NUM_THREADS=1", b"MKL_NUM_THREADS=1"} <= set(environ)
