"""An MCP client's arguments are hostile until checked (#27): no call stalls the server, no label is a
side door for a secret or an address, an unreadable path binds nothing, and a lone surrogate gets
an answer. The real server over stdio, driven by the official client (and by raw JSON lines where
the client itself would refuse to send what an attacker can)."""
from __future__ import annotations

import json
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from context_center.engine import open_engine
from support.mcp_clients import Server, run

pytestmark = pytest.mark.adversarial

GITHUB = "ghp_" + "A1b2C3d4" * 5


def test_a_huge_content_is_refused_at_once_and_the_server_goes_on(server: Server):
    import anyio

    async def scenario():
        async with server.session() as session:
            for size in (40_000, 1_000_000, 10_000_000):
                started = time.monotonic()
                with anyio.fail_after(30):
                    await session.refused("memory_create", {"content": "x" * size, "category": "decision",
                                                            "scope": "global"}, "TOO_LONG")
                # it took 21 s at 40,000 characters (a quadratic scan ran before the length check)
                assert time.monotonic() - started < 5, size
            made = await session.ok("memory_create", {"content": "Small claims still work.", "category": "decision",
                                                      "scope": "global"})
            assert made["promoted"]
    run(scenario)


@pytest.mark.parametrize("arguments, field", [
    ({"category": GITHUB, "confirmNewCategory": True}, "category"),
    ({"category": "alice@example.org", "confirmNewCategory": True}, "category"),
    ({"topics": ["AKIAIOSFODNN7EXAMPLQ"]}, "topics"),
    ({"tags": ["ops", "bob@example.org"]}, "tags"),
    ({"links": [f"t={GITHUB}"]}, "links"),
    ({"subject": "token=" + GITHUB}, "subject"),
])
def test_labels_are_checked_like_content(server: Server, arguments: dict, field: str):
    async def scenario():
        async with server.session() as session:
            given = {"content": "Deploys go through staging first.", "category": "decision", "scope": "global",
                     **arguments}
            message = await session.refused("memory_create", given, "SENSITIVE_CONTENT")
            assert field in message
            for value in (GITHUB, "alice@example.org", "AKIA", "bob@example.org"):
                assert value not in message
    run(scenario)
    with open_engine(server.state_root, server.cwd) as engine:
        assert engine.facts() == []
        assert GITHUB.lower() not in json.dumps(engine.agent_categories("global")).lower()


@pytest.mark.parametrize("content", [
    "The staging key is ＡＫＩＡＩＯＳＦＯＤＮＮ７ＥＸＡＭＰＬＱ for the deploy user.",   # full width
    "The root password is hunter2x on the build box.",
    "数据库的密码是 hunter2x。",
])
def test_secrets_in_other_forms_are_refused(server: Server, content: str):
    async def scenario():
        async with server.session() as session:
            await session.refused("memory_create", {"content": content, "category": "decision", "scope": "global"},
                                  "SENSITIVE_CONTENT")
    run(scenario)


def test_a_path_that_cannot_be_read_binds_nothing_and_leaves_nothing_behind(server: Server, tmp_path: Path):
    from context_center.engine import StorePaths

    bound: list[str] = []

    async def scenario():
        async with server.session() as session:
            for path in ("/" + "d" * 8192, str(tmp_path / "missing"), str(tmp_path / "file.txt" / "below"),
                         "/tmp/\x00nul"):
                message = await session.refused("memory_bind", {"projectPath": path}, "INVALID_PROJECT_PATH")
                assert len(message) < 400
            is_error, said = await session.call("memory_bind", {"projectPath": "/proc/1/root"})
            assert "INTERNAL_ERROR" not in said and "Traceback" not in said   # readable as root, refused if not
            if not is_error:
                bound.append(StorePaths.create(server.state_root, "/proc/1/root").project_key)
            mapped = await session.ok("memory_map", {"scope": "global"})
            assert str(server.state_root) not in json.dumps(mapped)
    (tmp_path / "file.txt").write_text("x")
    run(scenario)
    made = sorted(p.name for p in (server.state_root / "projects").iterdir()) \
        if (server.state_root / "projects").exists() else []
    assert made == bound   # a refused bind made no project folder
    assert "Traceback" not in server.stderr()


def test_an_address_in_a_clients_name_is_not_written_into_a_fact(server: Server):
    async def scenario():
        async with server.session(agent="codex (alice@example.org)") as session:
            await session.ok("memory_create", {"content": "Releases are cut on Mondays.", "category": "decision",
                                               "scope": "global"})
    run(scenario)
    files = list((server.state_root / "memory" / "global").glob("*.md"))
    text = "\n".join(p.read_text(encoding="utf-8") for p in files)
    assert "written_by" in text and "alice@example.org" not in text


def test_a_secret_in_a_hand_written_fact_never_reaches_an_agent(server: Server):
    """Written by hand (or pulled, or by another tool): search and map show it masked, and a search
    for the secret itself finds nothing, as recall does."""
    with open_engine(server.state_root, server.cwd) as engine:
        folder = engine.paths.memory_dir("global")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ci.md").write_text(
        f"---\nname: ci\ntitle: CI key {GITHUB}\ncategory: decision\nsubject: zebra {GITHUB}\n"
        f"topics: [ops, {GITHUB}]\n---\nThe zebracorn CI pushes with {GITHUB}.\n", encoding="utf-8")

    async def scenario():
        async with server.session() as session:
            found = await session.ok("memory_search", {"query": "zebracorn CI", "filters": {"scope": "global"}})
            assert "zebracorn" in found and "[REDACTED]" in found
            mapped = await session.ok("memory_map", {"scope": "global"})
            assert "zebracorn" in json.dumps(mapped)
            by_secret = await session.ok("memory_search", {"query": GITHUB, "filters": {"scope": "global"}})
            shown = json.dumps([found, mapped, by_secret]).lower()
            assert GITHUB.lower() not in shown and "a1b2c3d4" not in shown
            assert "zebracorn" not in by_secret
    run(scenario)


def _raw_server(server: Server) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "context_center", "--state-root", str(server.state_root), "mcp"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=server.env(), cwd=server.cwd)
    return proc


def _exchange(proc: subprocess.Popen, line: str, timeout: float = 30) -> dict | None:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write((line + "\n").encode())
    proc.stdin.flush()
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    return json.loads(proc.stdout.readline()) if ready else None


def test_a_lone_surrogate_in_any_argument_gets_an_answer(server: Server):
    proc = _raw_server(server)
    try:
        hello = _exchange(proc, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}))
        assert hello is not None and "result" in hello
        proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        # the client library refuses to send these: written as the JSON text an attacker sends
        calls = [
            '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_search","arguments":'
            '{"query":"deploy \\ud800 day","filters":{"scope":"global"}}}}',
            '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_create","arguments":'
            '{"content":"A claim \\udc00 here.","category":"decision","scope":"global"}}}',
            '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"memory_map","arguments":'
            '{"projectPath":"/tmp/\\ud83d"}}}',
        ]
        for number, line in enumerate(calls, start=2):
            answer = _exchange(proc, line)
            assert answer is not None, f"no answer to call {number}"
            assert answer["id"] == number and "result" in answer, answer
    finally:
        proc.stdin.close()
        proc.wait(30)
        proc.stdout.close()


def test_a_line_that_is_no_message_is_answered_and_the_server_goes_on(server: Server):
    proc = _raw_server(server)
    try:
        hello = _exchange(proc, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}))
        assert hello is not None and "result" in hello
        for line, code in (('{"jsonrpc":"2.0","id":2,"method":', -32700), ("hello", -32700),
                           ("[" * 100_000 + "]" * 100_000, -32700), ('{"id": 3, "x": 1}', -32600),
                           ('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"memory_search",'
                            '"arguments":{"query":"x","hints":{"subjects":' + "[" * 600 + '"\\ud800"' + "]" * 600
                            + "}}}}", None)):
            answer = _exchange(proc, line)
            assert answer is not None, line[:60]
            if code is not None:
                assert answer["error"]["code"] == code, answer
        assert proc.poll() is None   # still serving
        ok = _exchange(proc, json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/list"}))
        assert ok is not None and ok["id"] == 9 and "result" in ok
    finally:
        proc.stdin.close()
        proc.wait(30)
        proc.stdout.close()


def test_answers_name_no_absolute_path_and_a_relative_or_system_path_binds_nothing(server: Server, workspace: Path):
    async def scenario():
        async with server.session() as session:
            made = await session.ok("memory_create", {"content": "A staged claim for the test.", "category": "note",
                                                      "scope": "global", "confirmNewCategory": True})
            deleted = await session.ok("memory_delete", {"category": "note", "id": made["memory"]["id"]})
            assert not deleted["archived"].startswith("/") and str(server.state_root) not in json.dumps(deleted)
            for path in (".", "..", "~root", "relative/dir", "/proc/self/cwd", "/proc", "/sys/kernel"):
                await session.refused("memory_bind", {"projectPath": path}, "INVALID_PROJECT_PATH")
            bound = await session.ok("memory_bind", {"projectPath": str(workspace)})
            assert bound["projectPath"] == str(workspace)
    run(scenario)


@pytest.mark.parametrize("address", ["alice＠example.com", "dave﹫example.com", "ｂｏｂ＠ｅｘａｍｐｌｅ．ｃｏｍ",
                                     "carol@exa\u200bmple.com"])
def test_an_address_in_another_form_is_refused_and_masked(server: Server, address: str):
    async def scenario():
        async with server.session() as session:
            await session.refused("memory_create", {"content": f"Write to {address} about the deploy.",
                                                    "category": "decision", "scope": "global"}, "SENSITIVE_CONTENT")
        async with server.session(agent=f"agent {address}") as session:
            await session.ok("memory_create", {"content": "Deploys go out on Fridays.", "category": "decision",
                                               "scope": "global"})
    run(scenario)
    text = "\n".join(p.read_text(encoding="utf-8") for p in (server.state_root / "memory" / "global").glob("*.md"))
    assert "example" not in text.replace("[REDACTED]", "")


def test_a_scope_holds_a_bounded_number_of_categories(state_root: Path, workspace: Path):
    from context_center.engine import AgentRefusal, open_agent_memory
    from context_center.engine.contract.categories import MAX_PER_SCOPE

    service = open_agent_memory(state_root, workspace, "contract", use_judge=False)
    try:
        started = time.monotonic()
        made = 0
        for number in range(MAX_PER_SCOPE + 5):
            try:
                service.create({"content": f"Claim number {number} of the test.", "category": f"area {number:04d} x",
                                "scope": "global", "confirmNewCategory": True})
                made += 1
            except AgentRefusal as refusal:
                assert refusal.code == "INVALID_CATEGORY" and "the most it keeps" in refusal.message
        assert made <= MAX_PER_SCOPE and made >= MAX_PER_SCOPE - 20
        assert time.monotonic() - started < 60   # each new name is compared with all, cheaply
    finally:
        service.close()
