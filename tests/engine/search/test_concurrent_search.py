"""A search while another process rebuilds the index finds what it found before: a rebuild is one
commit that replaces every segment, never a moment with an empty index (#13)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine

pytestmark = pytest.mark.adversarial

REBUILDS = """
import subprocess, sys
for _ in range(4):
    subprocess.run([sys.executable, "-m", "context_center", "--state-root", sys.argv[1], "--workspace", sys.argv[2],
                    "memory", "index", "--rebuild"], capture_output=True, check=True)
"""


def test_searches_during_rebuilds_in_another_process_never_come_back_empty(state_root: Path, workspace: Path):
    with open_engine(state_root, workspace) as engine:
        for number in range(150):
            engine.remember(FactInput(name=f"release-{number}", title=f"Release {number}",
                                      body=f"Release train {number} ships the parser fixes on Tuesday."))
        assert engine.search("parser train").hits
        rebuilder = subprocess.Popen([sys.executable, "-c", REBUILDS, str(state_root), str(workspace)])
        searches, empty = 0, 0
        try:
            while rebuilder.poll() is None:
                searches += 1
                empty += not engine.search("parser train").hits
        finally:
            rebuilder.wait(timeout=120)
    assert rebuilder.returncode == 0 and searches > 0
    assert empty == 0, f"{empty} of {searches} searches found nothing"
