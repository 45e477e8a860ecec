"""What the Instructions tab's tests share."""
from __future__ import annotations

import pytest


@pytest.fixture
def agent_home(tmp_path, monkeypatch):
    """The agents' own folders (~/.codex, ~/.claude) under tmp_path, never the tester's."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    return home
