"""An empty --state-root is refused, never taken for the real default store (#13)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.adversarial


def test_an_empty_state_root_is_refused_by_every_command(cli_process, tmp_path: Path):
    default = tmp_path / "the-real-store"
    env = {**cli_process.env(), "CONTEXT_CENTER_HOME": str(default)}
    for args in (["memory", "list", "--json"], ["memory", "remember", "--title", "t", "--body", "b"],
                 ["mcp"]):
        proc = subprocess.run([sys.executable, "-m", "context_center", "--state-root", "", *args], env=env,
                              capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        assert proc.returncode in (1, 2) and "state root is empty" in proc.stderr, (args, proc.stderr)
    assert not default.exists() and not os.path.exists(tmp_path / "catalog.sqlite")
