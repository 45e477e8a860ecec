"""A relevance judge of the tests' own: a real OpenAI-compatible HTTP server on 127.0.0.1 that
records what it is asked and answers as each test says (see ``JudgeServer.reply``)."""
from __future__ import annotations

import contextlib
import http.server
import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest


@dataclass
class Out:
    """What the test server answers: a status, a body, optionally its own reason phrase and a Location."""

    status: int
    body: bytes = b""
    phrase: str | None = None
    location: str | None = None


@dataclass
class Seen:
    """One request the test server received."""

    method: str
    path: str
    authorization: str | None
    content_type: str | None
    body: dict | None


Reply = Callable[[dict], Out]


def completion(content: str) -> bytes:
    return json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}).encode()


def answer(noul: list[object]) -> bytes:
    return completion(json.dumps({"noul": noul}))


def parse_user(body: dict) -> tuple[str, list[str]]:
    """The request and the memories of the USER message, checking they are numbered from 1."""
    lines = body["messages"][1]["content"].split("\n")
    assert lines[0].startswith("Request: ") and lines[1:3] == ["", "Memories:"]
    memories = []
    for number, line in enumerate(lines[3:], 1):
        shown, _, text = line.partition(". ")
        assert shown == str(number)
        memories.append(text)
    return lines[0].removeprefix("Request: "), memories


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def fair(body: dict) -> Out:
    """0.9 for a memory sharing a word with the request, 0.1 otherwise."""
    query, memories = parse_user(body)
    return Out(200, answer([0.9 if words(query) & words(memory) else 0.1 for memory in memories]))


class JudgeServer(http.server.ThreadingHTTPServer):
    daemon_threads = False  # so server_close() joins every handler thread
    block_on_close = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.reply: Reply = fair
        self.seen: list[Seen] = []
        self.lock = threading.Lock()
        self.release = threading.Event()  # set at teardown: a held handler lets go

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def record(self, seen: Seen) -> None:
        with self.lock:
            self.seen.append(seen)

    def posts(self) -> list[Seen]:
        with self.lock:
            return [seen for seen in self.seen if seen.method == "POST"]


class Handler(http.server.BaseHTTPRequestHandler):
    server: JudgeServer

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        self.server.record(self.seen("POST", body))
        self.send(self.server.reply(body))

    def do_GET(self) -> None:
        self.server.record(self.seen("GET", None))
        self.send(Out(404))

    def seen(self, method: str, body: dict | None) -> Seen:
        return Seen(method, self.path, self.headers.get("Authorization"), self.headers.get("Content-Type"), body)

    def send(self, out: Out) -> None:
        try:
            self.send_response(out.status, out.phrase)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(out.body)))
            if out.location:
                self.send_header("Location", out.location)
            self.end_headers()
            self.wfile.write(out.body)
        except OSError:
            pass  # the client gave up (the timeout test)

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serving_judge(monkeypatch: pytest.MonkeyPatch) -> Iterator[JudgeServer]:
    """Serve on a thread; on exit, let go of held handlers, shut down and join everything."""
    for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    served = JudgeServer()
    thread = threading.Thread(target=served.serve_forever, kwargs={"poll_interval": 0.05}, name="judge-test-server")
    thread.start()
    try:
        yield served
    finally:
        served.release.set()
        served.shutdown()
        thread.join()
        served.server_close()
