"""``context-center mcp judge …`` and ``mcp guidance``; the server itself is tests/mcp's."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from support.judge_server import serving_judge
from support.keyring_backend import MemoryKeyring


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    try:
        yield backend
    finally:
        keyring.set_keyring(previous)


def test_no_judge_by_default_then_set_tested_and_turned_off(cli, memory_keyring, monkeypatch):
    assert cli.ok("mcp", "judge", "show") == {"url": None, "model": None, "timeout": None, "key": False}
    with serving_judge(monkeypatch) as judge:
        shown = cli.ok("mcp", "judge", "set", "--url", judge.url, "--model", "m1", "--timeout", "3")
        assert shown == {"url": judge.url, "model": "m1", "timeout": 3.0, "key": False}
        assert cli.ok("mcp", "judge", "set-key", stdin="sk-abc123-secret\n") == {"key": True}
        assert memory_keyring.secrets[("context-center", "judge-api-key")] == "sk-abc123-secret"
        tested = cli.ok("mcp", "judge", "test")
        assert tested["ok"] and "answered 1 question" in tested["message"]
        assert judge.posts()[0].authorization == "Bearer sk-abc123-secret"
        text = cli.run("mcp", "judge", "show")
        assert "an API key in the keyring" in text.out and "sk-abc123" not in text.out
    assert cli.ok("mcp", "judge", "off")["url"] is None
    assert cli.ok("mcp", "judge", "clear-key") == {"key": False}
    assert ("context-center", "judge-api-key") not in memory_keyring.secrets


def test_bad_judge_settings_are_refused_with_a_reason(cli, memory_keyring):
    refused = cli.refused("mcp", "judge", "set", "--url", "ftp://example.test", "--model", "m", code="INVALID_INPUT")
    assert "http" in refused["message"]
    cli.refused("mcp", "judge", "test", code="INVALID_INPUT")
    cli.refused("mcp", "judge", "set-key", stdin="\n", code="INVALID_INPUT")


def test_a_headless_machine_without_a_keyring_is_told_how_to_configure_one(cli):
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        refused = cli.refused("mcp", "judge", "set-key", stdin="sk-abc123\n", code="STORAGE_ERROR")
    finally:
        keyring.set_keyring(previous)
    assert "PYTHON_KEYRING_BACKEND" in refused["message"] and "sk-abc123" not in refused["message"]


def test_guidance_prints_or_inserts_the_block(cli, tmp_path: Path):
    printed = cli.run("mcp", "guidance")
    assert printed.code == 0 and printed.out.startswith("<!-- context-eng:start -->")
    target = tmp_path / "CLAUDE.md"
    first = cli.ok("mcp", "guidance", "--write", str(target))
    again = cli.ok("mcp", "guidance", "--write", str(target))
    assert (first["changed"], again["changed"]) == (True, False)
    assert target.read_text(encoding="utf-8").count("<!-- context-eng:end -->") == 1


def test_the_server_refuses_a_project_that_is_not_a_folder(cli_process, tmp_path: Path):
    result = cli_process.run("mcp", "--project", str(tmp_path / "nope"))
    assert result.code == 2 and "INVALID_PROJECT_PATH" in result.err and result.out == ""
