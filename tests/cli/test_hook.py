"""The hook never fails a turn: every hostile event exits 0, prints a block or nothing, and says
what happened in one line on stderr; a busy store costs at most the hook's time budget (#13)."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.adversarial


def hook(cli, raw: bytes, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(cli.root), "hook",
                           "claude-code"], input=raw, capture_output=True, env={**cli.env(), **env},
                          cwd=cli.workspace, timeout=60)


def event(**fields) -> bytes:
    return json.dumps(fields).encode()


@pytest.fixture
def stored(cli):
    cli.remember("deploys", "Deploys go through the staging cluster first.")
    return cli


@pytest.mark.parametrize("raw", [
    b'{"prompt": "how do deploys \xff\xfe work?"}',                        # invalid UTF-8
    event(prompt="how do deploys \ud800 work?"),                          # a lone surrogate
    event(prompt="how do deploys work?", cwd=42),                         # cwd not a string
    event(prompt="how do deploys work?", cwd=["/tmp"]),
    event(prompt="how do deploys work?", cwd="/" + "x" * 70_000),          # cwd far too long
    event(prompt="how do deploys work?", cwd="/tmp/\0nul"),
    b"[" * 200_000 + b"]" * 200_000,                                      # deeply nested JSON
    b'{"prompt": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b"not json at all", b"", b"42", event(prompt=None), event(prompt={"text": "deploys"}),
], ids=["bad-utf8", "surrogate", "cwd-int", "cwd-list", "cwd-long", "cwd-nul", "deep", "deep-prompt",
        "garbage", "empty", "number", "prompt-null", "prompt-object"])
def test_a_hostile_event_exits_0_without_a_traceback(stored, raw: bytes):
    proc = hook(stored, raw)
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr and len(proc.stderr.decode().strip().splitlines()) <= 1
    assert proc.stdout in (b"",) or proc.stdout.startswith(b"<memory-recall>")


def test_a_prompt_with_odd_bytes_still_gets_its_recall(stored):
    proc = hook(stored, b'{"prompt": "how do deploys go through staging \xff?", "cwd": "'
                + str(stored.workspace).encode() + b'"}')
    assert proc.returncode == 0 and b"staging cluster" in proc.stdout, proc.stderr


def test_a_store_busy_past_the_budget_costs_the_turn_nothing_but_time(stored):
    catalog = sqlite3.connect(stored.root / "catalog.sqlite", timeout=1)
    fact = next((stored.root / "projects").glob("*/memory/deploys.md"))
    fact.write_text(fact.read_text(encoding="utf-8") + "\nEdited.\n", encoding="utf-8")  # the hook must write
    catalog.execute("BEGIN EXCLUSIVE")   # another process holds the catalog's write lock
    try:
        started = time.monotonic()
        proc = hook(stored, event(prompt="how do deploys work?", cwd=str(stored.workspace)),
                    CONTEXT_CENTER_HOOK_BUDGET="1.5")
        took = time.monotonic() - started
    finally:
        catalog.rollback()
        catalog.close()
    assert proc.returncode == 0 and proc.stdout == b""
    assert b"no answer within 1.5 s" in proc.stderr
    assert took < 20   # not the catalog's 30 s busy timeout (the process start counts too)


def test_the_budget_is_not_spent_by_a_normal_turn(stored, tmp_path: Path):
    proc = hook(stored, event(prompt="how do deploys work?", cwd=str(stored.workspace)))
    assert proc.returncode == 0 and b"staging cluster" in proc.stdout and proc.stderr == b""


def test_a_store_that_is_not_there_is_named_and_never_made(cli, tmp_path: Path):
    """A new user's walk: ``--state-root ~/.reasonix`` on a machine without Reasonix made an empty
    store, printed nothing and said nothing; every later prompt recalled from it, silently."""
    missing = tmp_path / "no-such-store"
    for flag in ([], ["--session-start"]):
        proc = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(missing), "hook",
                               "claude-code", *flag], input=event(prompt="how do deploys work?", session_id="s"),
                              capture_output=True, env=cli.env(), cwd=cli.workspace, timeout=60)
        assert proc.returncode == 0 and proc.stdout == b""
        assert f"no store at {missing}" in proc.stderr.decode() and not missing.exists()
