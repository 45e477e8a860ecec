"""A read-only state root (a read-only mount, as a full disk is for writes) still allows every
read: list, show, search, recall, the summary and the hook; a write is a clear STORAGE_ERROR (#13).
Uses a real tmpfs mount remounted read-only; skipped where this machine does not allow mounts."""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.mounts import remount_read_only, tmpfs

pytestmark = pytest.mark.adversarial


@pytest.fixture
def mounted(tmp_path: Path) -> Iterator[Path]:
    with tmpfs(tmp_path / "mnt", "16m") as point:
        yield point


def run(root: Path, workspace: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(root), "--workspace",
                           str(workspace), *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_every_read_works_on_a_read_only_root_and_a_write_says_why(mounted: Path, workspace: Path):
    root = mounted / "state"
    made = run(root, workspace, "memory", "remember", "--title", "Deploys", "--body", "Deploys go through staging.",
               "--json")
    assert made.returncode == 0, made.stderr
    remount_read_only(mounted)
    assert run(root, workspace, "memory", "list", "--json").returncode == 0
    shown = run(root, workspace, "memory", "show", "deploys", "--json")
    assert shown.returncode == 0 and "staging" in json.loads(shown.stdout)["body"]
    found = run(root, workspace, "memory", "search", "staging", "--json")
    assert found.returncode == 0 and json.loads(found.stdout)["hits"], found.stderr
    recalled = run(root, workspace, "memory", "recall", "how do deploys work?", "--json")
    assert recalled.returncode == 0 and json.loads(recalled.stdout)["hits"]
    assert run(root, workspace, "memory", "--json").returncode == 0
    hook = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(root), "hook", "claude-code"],
                          input=json.dumps({"prompt": "how do deploys work?", "cwd": str(workspace)}),
                          capture_output=True, text=True, timeout=60)
    assert hook.returncode == 0 and "staging" in hook.stdout, hook.stderr
    assert "injection record" not in hook.stderr   # a read-only store simply keeps none
    history = run(root, workspace, "memory", "recall", "--history", "--json")
    assert history.returncode == 0 and json.loads(history.stdout)["injections"] == []
    refused = run(root, workspace, "memory", "remember", "--title", "x", "--body", "y", "--json")
    assert refused.returncode == 1 and json.loads(refused.stdout)["error"] == "STORAGE_ERROR"
    assert "Read-only" in refused.stderr and "Traceback" not in refused.stderr


def test_an_agents_searches_on_a_read_only_root_answer_and_write_nothing(mounted: Path, workspace: Path):
    from context_center.engine import open_agent_memory

    root = mounted / "state"
    service = open_agent_memory(root, workspace, "contract", use_judge=False)
    try:
        service.create({"content": "Deploys go through the staging cluster first.", "category": "workflow"})
    finally:
        service.close()
    remount_read_only(mounted)
    service = open_agent_memory(root, workspace, "contract", use_judge=False)
    try:
        asked = {"query": "staging cluster", "filters": {"includeStaging": True}}
        for _ in range(3):
            assert "staging cluster" in service.search(asked)
    finally:
        service.close()   # (closing writes what searches returned: on a read-only root, nothing, quietly)
