"""``mcp token create|revoke|status``: a strong random token in the keyring, printed once."""
from __future__ import annotations

import keyring
import keyring.backends.fail
import pytest

from support.keyring_backend import MemoryKeyring

KEY = ("context-center", "mcp-http-token")


@pytest.fixture
def memory_keyring():
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


def test_create_stores_a_strong_token_and_prints_it_once(cli, memory_keyring):
    made = cli.ok("mcp", "token", "create")
    token = made["token"]
    assert memory_keyring.secrets == {KEY: token}
    assert token.startswith("ccmcp_") and len(token) >= 6 + 43 and made["header"] == f"Authorization: Bearer {token}"
    assert cli.ok("mcp", "token", "create", "--replace")["token"] not in (token, None)
    human = cli.run("mcp", "token", "create", "--replace")
    assert human.code == 0 and memory_keyring.secrets[KEY] in human.out


def test_a_second_create_keeps_the_token_its_clients_use(cli, memory_keyring):
    token = cli.ok("mcp", "token", "create")["token"]
    refused = cli.refused("mcp", "token", "create", code="TOKEN_EXISTS")
    assert "--replace" in refused["message"] and token not in refused["message"]
    assert memory_keyring.secrets == {KEY: token}


def test_status_and_revoke_never_show_the_token(cli, memory_keyring):
    assert cli.ok("mcp", "token", "status")["token"] is False
    token = cli.ok("mcp", "token", "create")["token"]
    for args in (("status",), ("status", "--json"), ()):
        shown = cli.run("mcp", "token", *args)
        assert shown.code == 0 and token not in shown.out + shown.err
    assert cli.ok("mcp", "token", "status")["token"] is True
    assert cli.ok("mcp", "token", "revoke") == {"name": "default", "revoked": True}
    assert memory_keyring.secrets == {}
    assert cli.ok("mcp", "token", "revoke") == {"name": "default", "revoked": False}


def test_without_a_usable_keyring_nothing_is_made(cli):
    previous = keyring.get_keyring()
    keyring.set_keyring(keyring.backends.fail.Keyring())
    try:
        refused = cli.run("mcp", "token", "create", "--json")
    finally:
        keyring.set_keyring(previous)
    assert refused.code == 1 and refused.json["error"] == "STORAGE_ERROR"
    assert "keyring" in refused.json["message"] and "token" not in refused.json


def test_named_tokens_have_their_scopes_and_a_replacement_keeps_its_own(cli, memory_keyring, tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    ci = cli.ok("mcp", "token", "create", "--name", "ci", "--project", str(project), "--read-only")
    assert (ci["name"], ci["project"], ci["read_only"]) == ("ci", str(project), True)
    full = cli.ok("mcp", "token", "create")
    assert memory_keyring.secrets == {KEY: full["token"], (KEY[0], KEY[1] + ":ci"): ci["token"]}
    listed = cli.ok("mcp", "token", "status")["tokens"]
    assert [(t["name"], t["project"], t["read_only"]) for t in listed] == [
        ("ci", str(project), True), ("default", None, False)]
    human = cli.run("mcp", "token", "status").out
    assert f"ci: project {project}, read-only" in human and "default: every project" in human
    # --replace alone: a new value, the same scope (never widened to every project, writable)
    again = cli.ok("mcp", "token", "create", "--name", "ci", "--replace")
    assert again["token"] != ci["token"] and (again["project"], again["read_only"]) == (str(project), True)
    assert memory_keyring.secrets[(KEY[0], KEY[1] + ":ci")] == again["token"]
    widened = cli.refused("mcp", "token", "create", "--name", "ci", "--replace", "--project", str(tmp_path),
                          code="INVALID_INPUT")
    assert "revoke" in widened["message"] and memory_keyring.secrets[(KEY[0], KEY[1] + ":ci")] == again["token"]
    assert cli.ok("mcp", "token", "create", "--name", "ci", "--replace", "--project", str(project),
                  "--read-only")["read_only"] is True   # the same scope, said again: fine
    assert cli.ok("mcp", "token", "revoke", "ci") == {"name": "ci", "revoked": True}
    assert [t["name"] for t in cli.ok("mcp", "token", "status")["tokens"]] == ["default"]
    assert set(memory_keyring.secrets) == {KEY}


def test_a_bad_name_or_project_makes_no_token(cli, memory_keyring, tmp_path):
    assert "lowercase" in cli.refused("mcp", "token", "create", "--name", "../ci", code="INVALID_INPUT")["message"]
    missing = cli.refused("mcp", "token", "create", "--project", str(tmp_path / "nowhere"), code="INVALID_INPUT")
    assert "not an existing directory" in missing["message"]
    assert memory_keyring.secrets == {}
