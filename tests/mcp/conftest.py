"""The MCP suite's fixture: a server on the test's state root (see :mod:`support.mcp_clients`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from support.mcp_clients import Server, make_server


@pytest.fixture
def server(state_root: Path, tmp_path: Path) -> Server:
    return make_server(state_root, tmp_path)
