"""stdout is the protocol's: every line the server writes there is a JSON-RPC message, even when
the engine logs, a tool fails, or the judge is broken; what people read goes to stderr."""
from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from support.mcp_clients import Server


def test_every_stdout_line_is_a_protocol_message_and_logs_go_to_stderr(server: Server, workspace: Path):
    from context_center.engine import open_engine

    with open_engine(server.state_root, workspace) as engine:   # a judge nobody answers: a log line
        engine.set_setting("judge.url", "http://127.0.0.1:9/v1")
        engine.set_setting("judge.model", "m")
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "memory_create", "arguments": {"content": "Releases are cut on Mondays.", "category": "decision"}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "memory_search", "arguments": {"query": "when are releases cut"}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {
            "name": "memory_edit", "arguments": {"currentCategory": "decision", "id": "mem-" + "9" * 32}}},
    ]
    errors = server.cwd / "stderr.log"
    with open(errors, "w", encoding="utf-8") as stderr:
        proc = subprocess.Popen([sys.executable, "-m", "context_center", "--state-root", str(server.state_root),
                                 "mcp", "--project", str(workspace)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=stderr, text=True, env=server.env(), cwd=server.cwd)
        watchdog = threading.Timer(60, proc.kill)   # a hung server fails the test instead of hanging it
        watchdog.start()
        try:
            messages = []
            for request in requests:   # one at a time, as a client that waits for each answer
                proc.stdin.write(json.dumps(request) + "\n")
                proc.stdin.flush()
                if "id" in request:
                    messages.append(json.loads(proc.stdout.readline()))   # fails on anything but JSON
            proc.stdin.close()
            rest = proc.stdout.read()
            assert proc.wait() == 0
        finally:
            watchdog.cancel()
            watchdog.join()
            proc.stdout.close()
    assert rest == "" and [m["id"] for m in messages] == [1, 2, 3, 4]
    assert all(m["jsonrpc"] == "2.0" for m in messages)
    assert "Releases are cut on Mondays." in messages[2]["result"]["content"][0]["text"]
    assert messages[3]["result"]["isError"] is True
    logged = errors.read_text(encoding="utf-8")
    assert "relevance judge failed" in logged and "serving" in logged
