"""One HTTP server, many agents (#27): each MCP session binds for itself, a session answers only the
token that opened it, tokens are named and scoped, and a headless server takes its token from the
environment or a file. A real server on 127.0.0.1, two or more sessions of the official client."""
from __future__ import annotations

import json
import os
from pathlib import Path

import httpx2
import pytest

from context_center.engine import open_engine
from support.mcp_clients import TOKEN, Server, client, http_server, initialize, run

pytestmark = pytest.mark.adversarial

READER = "ccmcp_" + "reader-token-of-the-tests-" + "r" * 16
SCOPED = "ccmcp_" + "scoped-token-of-the-tests-" + "s" * 16


def text_of(result) -> str:
    return result.content[0].text


async def call(c, tool: str, arguments: dict) -> tuple[bool, str]:
    result = await c.call_tool(tool, arguments)
    return bool(result.is_error), text_of(result)


def two_workspaces(tmp_path: Path) -> tuple[Path, Path]:
    first, second = tmp_path / "work" / "alpha", tmp_path / "work" / "beta"
    for folder in (first, second):
        (folder / ".git").mkdir(parents=True)
    return first, second


def test_a_session_that_bound_nothing_sees_no_other_sessions_project(server: Server, tmp_path: Path):
    alpha, beta = two_workspaces(tmp_path)
    with http_server(server) as running:
        async def scenario():
            async with client(running.url, TOKEN) as a, client(running.url, TOKEN) as b:
                assert not (await call(a, "memory_bind", {"projectPath": str(alpha)}))[0]
                made = await a.call_tool("memory_create", {"content": "Alpha deploys on Fridays.",
                                                           "category": "decision"})
                assert not made.is_error, text_of(made)
                # b bound nothing: unbound, whatever a did
                assert json.loads(text_of(await b.call_tool("memory_map", {})))["maps"].keys() == {"global"}
                is_error, said = await call(b, "memory_search", {"query": "alpha deploys",
                                                                 "filters": {"scope": "project"}})
                assert is_error and said.startswith("PROJECT_NOT_BOUND")
                is_error, said = await call(b, "memory_create", {"content": "Beta deploys on Mondays.",
                                                                 "category": "decision"})
                assert is_error and json.loads(said)["error"] == "PROJECT_NOT_BOUND"
                # b's bind moves b alone
                assert not (await call(b, "memory_bind", {"projectPath": str(beta)}))[0]
                found_a = text_of(await a.call_tool("memory_search", {"query": "alpha deploys fridays"}))
                found_b = text_of(await b.call_tool("memory_search", {"query": "alpha deploys fridays"}))
                assert "Alpha deploys on Fridays." in found_a and "Alpha deploys on Fridays." not in found_b
                mapped = json.loads(text_of(await a.call_tool("memory_map", {})))
                assert mapped["project"]["projectPath"] == str(alpha)
                assert str(server.state_root) not in json.dumps(mapped)   # never the root's absolute path
        run(scenario)


def test_the_started_project_is_every_new_sessions_first_binding(server: Server, tmp_path: Path):
    alpha, beta = two_workspaces(tmp_path)
    with http_server(server, "--project", str(alpha)) as running:
        async def scenario():
            async with client(running.url, TOKEN) as a, client(running.url, TOKEN) as b:
                for c in (a, b):
                    mapped = json.loads(text_of(await c.call_tool("memory_map", {})))
                    assert mapped["project"]["projectPath"] == str(alpha)
                await a.call_tool("memory_bind", {"projectPath": str(beta)})
                assert json.loads(text_of(await b.call_tool("memory_map", {})))["project"]["projectPath"] == str(alpha)
                async with client(running.url, TOKEN) as c:
                    assert json.loads(text_of(await c.call_tool("memory_map", {})))["project"]["projectPath"] == \
                        str(alpha)
        run(scenario)


def _post(url: str, body: dict, **headers: str) -> httpx2.Response:
    return httpx2.post(url, headers={"Accept": "application/json, text/event-stream",
                                     "Content-Type": "application/json", "mcp-protocol-version": "2025-06-18",
                                     **headers}, content=json.dumps(body), timeout=30)


CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "memory_map", "arguments": {}}}


def test_a_session_answers_only_its_own_id_and_the_token_that_opened_it(server: Server):
    keyring = {"context-center": {"mcp-http-token": TOKEN, "mcp-http-token:reader": READER}}
    with open_engine(server.state_root, server.cwd) as engine:
        engine.set_setting("mcp.tokens", {"reader": {"project": None, "read_only": True}})
    with http_server(server, keyring=keyring) as running:
        status, headers, _text = initialize(running.url, f"Bearer {TOKEN}")
        assert status == 200
        session = headers["mcp-session-id"]
        _post(running.url, {"jsonrpc": "2.0", "method": "notifications/initialized"},
              Authorization=f"Bearer {TOKEN}", **{"mcp-session-id": session})
        assert _post(running.url, CALL, Authorization=f"Bearer {TOKEN}",
                     **{"mcp-session-id": session}).status_code == 200
        # another valid token cannot use this session; an unknown id, or none, is no session
        assert _post(running.url, CALL, Authorization=f"Bearer {READER}",
                     **{"mcp-session-id": session}).status_code == 404
        assert _post(running.url, CALL, Authorization=f"Bearer {TOKEN}",
                     **{"mcp-session-id": "f" * 32}).status_code == 404
        assert _post(running.url, CALL, Authorization=f"Bearer {TOKEN}").status_code >= 400


def test_a_read_only_token_writes_nothing_and_a_project_token_binds_its_project_only(server: Server, tmp_path: Path):
    alpha, beta = two_workspaces(tmp_path)
    keyring = {"context-center": {"mcp-http-token": TOKEN, "mcp-http-token:reader": READER,
                                  "mcp-http-token:alpha": SCOPED}}
    with open_engine(server.state_root, server.cwd) as engine:
        engine.set_setting("mcp.tokens", {"reader": {"project": None, "read_only": True},
                                          "alpha": {"project": str(alpha), "read_only": False}})
    with http_server(server, "--project", str(beta), keyring=keyring) as running:
        async def scenario():
            async with client(running.url, TOKEN) as owner:   # a fact of the project for the reader to try
                made = json.loads(text_of(await owner.call_tool("memory_create", {
                    "content": "Beta ships on Tuesdays.", "category": "decision"})))
                fact = made.get("id") or made["memory"]["id"]
            async with client(running.url, READER) as reader:
                attempts = [("memory_create", {"content": "Readers write nothing.", "category": "decision",
                                               "scope": "global"}),
                            ("memory_edit", {"currentCategory": "decision", "id": fact,
                                             "content": "Beta ships on Mondays."}),
                            ("memory_delete", {"category": "decision", "id": fact}),
                            ("memory_promote", {"category": "decision", "id": fact}),
                            ("memory_demote", {"category": "decision", "id": fact})]
                for tool, arguments in attempts:
                    is_error, said = await call(reader, tool, arguments)
                    assert is_error and json.loads(said)["error"] == "READ_ONLY", (tool, said)
                is_error, said = await call(reader, "memory_search", {"query": "ships"})
                assert not is_error and "Beta ships on Tuesdays." in said   # reading works; nothing changed it
            async with client(running.url, SCOPED) as scoped:
                mapped = json.loads(text_of(await scoped.call_tool("memory_map", {})))
                # it starts on its own project, not on the server's --project (which it could not bind)
                assert mapped["project"]["projectPath"] == str(alpha)
                is_error, said = await call(scoped, "memory_bind", {"projectPath": str(beta)})
                assert is_error and json.loads(said)["error"] == "INVALID_PROJECT_PATH"
                assert "only" in json.loads(said)["message"]
                made = await scoped.call_tool("memory_create", {"content": "Alpha ships on Fridays.",
                                                                "category": "decision"})
                assert not made.is_error, text_of(made)
        run(scenario)
    for workspace, bodies in ((alpha, ["Alpha ships on Fridays."]), (beta, ["Beta ships on Tuesdays."])):
        with open_engine(server.state_root, workspace) as engine:
            assert [f.body for f in engine.facts() if f.scope == "project"] == bodies


def test_a_headless_server_takes_one_token_from_the_environment_or_a_mode_600_file(server: Server, tmp_path: Path):
    broken = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    given = "headless-" + "h" * 24
    with http_server(server, keyring={}, env={**broken, "CONTEXT_CENTER_MCP_TOKEN": given}) as running:
        assert initialize(running.url, f"Bearer {given}")[0] == 200
        assert initialize(running.url, f"Bearer {TOKEN}")[0] == 401
    token_file = tmp_path / "token"
    token_file.write_text(given + "\n")
    token_file.chmod(0o644)
    from support.mcp_clients import serve_refused

    refused = serve_refused(server, "--http", "127.0.0.1:0", "--token-file", str(token_file))
    assert refused.returncode == 2 and f"chmod 600 {token_file}" in refused.stderr, refused.stderr
    os.chmod(token_file, 0o600)
    with http_server(server, "--token-file", str(token_file), keyring={}, env=broken) as running:
        assert initialize(running.url, f"Bearer {given}")[0] == 200
    short = tmp_path / "short"
    short.write_text("abc")
    short.chmod(0o600)
    assert serve_refused(server, "--http", "127.0.0.1:0", "--token-file", str(short)).returncode == 2


def _delete(url: str, token: str, session: str) -> int:
    return httpx2.delete(url, headers={"Authorization": f"Bearer {token}", "mcp-session-id": session,
                                       "mcp-protocol-version": "2025-06-18"}, timeout=30).status_code


@pytest.mark.slow
def test_no_other_client_can_push_a_sessions_binding_out(server: Server, tmp_path: Path):
    alpha, beta = two_workspaces(tmp_path)
    keyring = {"context-center": {"mcp-http-token": TOKEN, "mcp-http-token:reader": READER}}
    with open_engine(server.state_root, server.cwd) as engine:
        engine.set_setting("mcp.tokens", {"reader": {"project": None, "read_only": True}})
    with http_server(server, "--project", str(alpha), keyring=keyring) as running:
        async def scenario():
            async with client(running.url, TOKEN) as victim:
                await victim.call_tool("memory_bind", {"projectPath": str(beta)})
                for _ in range(60):   # another token's sessions come and go: the victim's binding stays
                    status, headers, _ = initialize(running.url, f"Bearer {READER}")
                    assert status == 200
                    assert _delete(running.url, READER, headers["mcp-session-id"]) < 300
                mapped = json.loads(text_of(await victim.call_tool("memory_map", {})))
                assert mapped["project"]["projectPath"] == str(beta)
        run(scenario)


def test_one_token_cannot_hold_every_session(server: Server):
    from context_center.mcp_server import http_limits

    keyring = {"context-center": {"mcp-http-token": TOKEN, "mcp-http-token:reader": READER}}
    with open_engine(server.state_root, server.cwd) as engine:
        engine.set_setting("mcp.tokens", {"reader": {"project": None, "read_only": True}})
    with http_server(server, keyring=keyring) as running:
        opened = [initialize(running.url, f"Bearer {READER}") for _ in range(http_limits.MAX_SESSIONS_PER_TOKEN)]
        assert all(status == 200 for status, _, _ in opened)
        assert initialize(running.url, f"Bearer {READER}")[0] == 503     # that token is at its bound
        assert initialize(running.url, f"Bearer {TOKEN}")[0] == 200      # another is not
        assert _delete(running.url, READER, opened[0][1]["mcp-session-id"]) < 300
        assert initialize(running.url, f"Bearer {READER}")[0] == 200     # a closed one makes room


def test_a_token_bound_to_a_project_binds_no_other_path_of_the_same_key(server: Server, tmp_path: Path):
    dashed, nested = tmp_path / "w" / "col-x", tmp_path / "w" / "col" / "x"   # one project key, two folders
    for folder in (dashed, nested):
        (folder / ".git").mkdir(parents=True)
    keyring = {"context-center": {"mcp-http-token": TOKEN, "mcp-http-token:alpha": SCOPED}}
    with open_engine(server.state_root, server.cwd) as engine:
        engine.set_setting("mcp.tokens", {"alpha": {"project": str(dashed), "read_only": False}})
    with http_server(server, keyring=keyring) as running:
        async def scenario():
            async with client(running.url, SCOPED) as scoped:
                is_error, said = await call(scoped, "memory_bind", {"projectPath": str(nested)})
                assert is_error and json.loads(said)["error"] == "INVALID_PROJECT_PATH"
        run(scenario)
