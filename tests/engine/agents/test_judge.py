"""The relevance judge against a real HTTP server on 127.0.0.1: batches of 30, three at once, the
timeout, every failure as one JudgeError line, and the API key nowhere but the Authorization header."""
from __future__ import annotations

import json
import re
import socket
import threading
import time
import traceback
from collections.abc import Iterator

import pytest

from context_center.engine.judge.client import (
    BATCH_SIZE,
    PARALLEL,
    SYSTEM,
    JudgeError,
    JudgeSettings,
    RelevanceJudge,
)
from support.judge_server import JudgeServer, Out, answer, completion, fair, parse_user, serving_judge

KEY = "sk-TEST-0c7e51d2-judge-key-must-never-show"
MODEL = "judge-model"


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    before = set(threading.enumerate())
    yield
    leaked = [thread.name for thread in threading.enumerate() if thread not in before]
    assert not leaked, leaked


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[JudgeServer]:
    with serving_judge(monkeypatch) as served:
        yield served


def judge_of(server: JudgeServer, key: str | None = KEY, timeout: float = 5.0, url: str | None = None):
    return RelevanceJudge(JudgeSettings(url=server.url if url is None else url, model=MODEL, timeout=timeout), key)


def assert_secret_free(error: JudgeError) -> None:
    """One line, nothing chained, and the key in none of its renderings."""
    text = str(error)
    assert text and "\n" not in text
    assert error.__cause__ is None and error.__context__ is None
    trace = "".join(traceback.format_exception(error))
    for rendering in (text, repr(error), repr(error.args), trace):
        assert KEY not in rendering
        assert KEY[3:20] not in rendering


# --- answers ---------------------------------------------------------------------------------


def test_noul_is_one_yes_probability_per_memory_in_order(server):
    memories = ["deploy with make release", "the cat sleeps", "billing runs nightly"]
    noul = judge_of(server).noul("how do I deploy billing", memories)
    assert noul == [0.9, 0.1, 0.9]
    assert [memory for memory, p in zip(memories, noul) if p > 0.5] == [memories[0], memories[2]]


def test_the_request_is_an_openai_chat_completion_with_numbered_one_line_memories(server):
    judge_of(server, url=server.url + "/").noul("where are\nthe logs", ["logs go to\n/var/log", "the cat"])
    [seen] = server.posts()
    assert seen.path == "/v1/chat/completions" and seen.content_type == "application/json"
    assert seen.body == {
        "model": MODEL,
        "temperature": 0,
        "response_format": {"type": "json_object"},
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": "Request: where are the logs\n\nMemories:\n1. logs go to /var/log\n2. the cat"},
        ],
    }
    assert "Would this memory help with the request?" in SYSTEM and '{"noul": [p1, p2, ...]}' in SYSTEM


def test_65_memories_go_in_three_batches_of_30_30_and_5_and_come_back_in_order(server):
    memories = [f"memory {n} about alpha" if n % 3 == 0 else f"memory {n} about beta" for n in range(65)]
    noul = judge_of(server).noul("alpha", memories)
    assert noul == [0.9 if n % 3 == 0 else 0.1 for n in range(65)]
    sizes = sorted((len(parse_user(seen.body)[1]) for seen in server.posts()), reverse=True)
    assert sizes == [BATCH_SIZE, BATCH_SIZE, 5]


def test_at_most_three_requests_are_in_flight_at_once(server):
    gate = threading.Condition()
    state = {"in_flight": 0, "peak": 0}

    def held(body: dict) -> Out:
        with gate:
            state["in_flight"] += 1
            state["peak"] = max(state["peak"], state["in_flight"])
            gate.notify_all()
            # The first wave waits for all of its requests, so parallelism is seen, not hoped for;
            gate.wait_for(lambda: state["peak"] >= PARALLEL, timeout=5)
            # then every request lingers a moment in case one too many shows up (it never should).
            gate.wait_for(lambda: state["in_flight"] > PARALLEL, timeout=0.05)
            state["in_flight"] -= 1
        return fair(body)

    server.reply = held
    memories = [f"memory {n}" for n in range(6 * BATCH_SIZE + 10)]
    assert judge_of(server).noul("memory", memories) == [0.9] * len(memories)
    assert len(server.posts()) == 7 and state["peak"] == PARALLEL


def test_no_memories_ask_nothing(server):
    assert judge_of(server).noul("anything", []) == []
    assert server.seen == []


def test_the_pool_threads_are_gone_when_noul_returns(server):
    judge_of(server).noul("memory", [f"memory {n}" for n in range(100)])
    assert not [thread for thread in threading.enumerate() if thread.name.startswith("relevance-judge")]


def test_check_asks_one_tiny_question_and_says_so_in_one_line(server):
    line = judge_of(server).check()
    assert re.fullmatch(r"the judge at http://127\.0\.0\.1:\d+/v1 \(model judge-model\) "
                        r"answered 1 question in \d+\.\d\d s", line), line
    [seen] = server.posts()
    assert parse_user(seen.body) == ("ping", ["pong"])


# --- the key ---------------------------------------------------------------------------------


def test_the_key_goes_only_in_the_authorization_header(server):
    judge_of(server).noul("q", ["q"])
    [seen] = server.posts()
    assert seen.authorization == f"Bearer {KEY}"
    assert KEY not in json.dumps(seen.body) and KEY not in seen.path


@pytest.mark.parametrize("key", [None, "", "   "])
def test_no_key_no_authorization_header(server, key):
    judge_of(server, key=key).noul("q", ["q"])
    [seen] = server.posts()
    assert seen.authorization is None


def test_the_repr_of_the_judge_does_not_hold_the_key(server):
    judge = judge_of(server)
    assert KEY not in repr(judge) and "api_key=set" in repr(judge)
    assert "api_key=none" in repr(judge_of(server, key=None))


def test_a_key_no_header_can_carry_is_refused_without_being_shown(server):
    with pytest.raises(JudgeError) as caught:
        judge_of(server, key=KEY[:10] + "\n" + KEY[10:])
    assert "header" in str(caught.value)
    assert_secret_free(caught.value)


# --- failures --------------------------------------------------------------------------------

FAILURES = {
    "http 500": (lambda body: Out(500, b"oops"), "answered HTTP 500 (Internal Server Error)"),
    "http 401 echoing the key": (
        lambda body: Out(401, json.dumps({"error": f"bad key {KEY}"}).encode(), phrase=f"Unauthorized {KEY}"),
        "answered HTTP 401 (Unauthorized)",
    ),
    "http 404": (lambda body: Out(404, b"no such model"), "answered HTTP 404 (Not Found)"),
    "garbage text": (lambda body: Out(200, b"<html>I am not JSON</html>"), "reply is not JSON"),
    "not a completion": (lambda body: Out(200, json.dumps({"noul": [0.9]}).encode()), "no choices[0].message.content"),
    "empty choices": (lambda body: Out(200, json.dumps({"choices": []}).encode()), "no choices[0].message.content"),
    "content not JSON, echoing the key": (lambda body: Out(200, completion(f"Yes! {KEY}")), "answer is not JSON"),
    "content nested too deep": (lambda body: Out(200, completion("[" * 100_000)), "answer is not JSON"),
    "a bare list": (lambda body: Out(200, completion("[0.9]")), 'answer is not {"noul": [...]}'),
    "noul not a list": (lambda body: Out(200, completion('{"noul": "0.9"}')), 'answer is not {"noul": [...]}'),
    "another key": (lambda body: Out(200, completion('{"scores": [0.9]}')), 'answer is not {"noul": [...]}'),
    "too few answers": (lambda body: Out(200, answer([0.9])), "gave 1 answers for 2 memories"),
    "too many answers": (lambda body: Out(200, answer([0.9, 0.1, 0.5])), "gave 3 answers for 2 memories"),
    "above 1": (lambda body: Out(200, answer([0.9, 1.5])), "answer #2 is not a number from 0 to 1"),
    "below 0": (lambda body: Out(200, answer([-0.1, 0.5])), "answer #1 is not a number from 0 to 1"),
    "a bool": (lambda body: Out(200, answer([True, 0.2])), "answer #1 is not a number from 0 to 1"),
    "a string": (lambda body: Out(200, answer(["0.9", 0.2])), "answer #1 is not a number from 0 to 1"),
    "null": (lambda body: Out(200, answer([0.2, None])), "answer #2 is not a number from 0 to 1"),
    "NaN": (lambda body: Out(200, completion('{"noul": [NaN, 0.1]}')), "answer #1 is not a number from 0 to 1"),
}


@pytest.mark.parametrize("reply, reason", FAILURES.values(), ids=FAILURES.keys())
def test_every_bad_answer_is_one_secret_free_judge_error(server, reply, reason):
    server.reply = reply
    with pytest.raises(JudgeError) as caught:
        judge_of(server).noul("where are the logs", ["logs go to /var/log", "the cat"])
    assert reason in str(caught.value)
    assert_secret_free(caught.value)


def test_ints_0_and_1_are_numbers(server):
    server.reply = lambda body: Out(200, answer([0, 1]))
    assert judge_of(server).noul("q", ["a", "b"]) == [0.0, 1.0]


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_not_followed_so_the_key_stays_home(server, status):
    server.reply = lambda body: Out(status, location=f"http://127.0.0.1:{server.server_address[1]}/elsewhere")
    with pytest.raises(JudgeError) as caught:
        judge_of(server).noul("q", ["a"])
    assert f"answered HTTP {status} (" in str(caught.value)
    assert [seen.path for seen in server.seen] == ["/v1/chat/completions"]
    assert_secret_free(caught.value)


def test_one_failing_batch_fails_the_whole_judging(server):
    server.reply = lambda body: Out(500) if "memory 40" in parse_user(body)[1] else fair(body)
    with pytest.raises(JudgeError) as caught:
        judge_of(server).noul("memory", [f"memory {n}" for n in range(100)])
    assert "HTTP 500" in str(caught.value)
    assert_secret_free(caught.value)


def test_a_slow_judge_times_out(server):
    def slow(body: dict) -> Out:
        server.release.wait(timeout=10)  # teardown sets it, so the run never hangs
        return fair(body)

    server.reply = slow
    started = time.monotonic()
    with pytest.raises(JudgeError) as caught:
        judge_of(server, timeout=0.5).noul("q", ["a"])
    assert time.monotonic() - started < 3
    assert re.fullmatch(r"the judge at http://127\.0\.0\.1:\d+/v1 did not answer within 0\.5 s", str(caught.value))
    assert_secret_free(caught.value)


def test_connection_refused(server):
    with socket.socket() as bound:  # bound, never listening: a connection is refused
        bound.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{bound.getsockname()[1]}/v1"
        with pytest.raises(JudgeError) as caught:
            judge_of(server, url=url, timeout=2).noul("q", ["a"])
    assert str(caught.value) == f"cannot reach the judge at {url}: Connection refused"
    assert_secret_free(caught.value)


def test_check_raises_the_same_judge_error(server):
    server.reply = lambda body: Out(503)
    with pytest.raises(JudgeError, match=r"HTTP 503 \(Service Unavailable\)") as caught:
        judge_of(server).check()
    assert_secret_free(caught.value)


@pytest.mark.parametrize("url", [
    "ftp://127.0.0.1/v1", "file:///etc/passwd", "127.0.0.1:8080/v1", "http://", "http://host:99999/v1",
    "http://host name/v1", "http://[::1/v1", "", pytest.param(f"{KEY}:443/v1", id="the key pasted as the URL"),
])
def test_only_http_and_https_urls_with_a_host_are_accepted(url):
    with pytest.raises(JudgeError, match="http:// or https://") as caught:
        RelevanceJudge(JudgeSettings(url, MODEL), KEY)
    assert_secret_free(caught.value)


def test_https_urls_are_accepted_and_shown_without_user_info():
    judge = RelevanceJudge(JudgeSettings("https://user:pw@judge.example/v1?api-key=x", MODEL), None)
    assert repr(judge) == "RelevanceJudge(url='https://judge.example/v1', model='judge-model', api_key=none)"


@pytest.mark.parametrize("settings", [
    JudgeSettings("http://127.0.0.1/v1", ""), JudgeSettings("http://127.0.0.1/v1", MODEL, timeout=0),
    JudgeSettings("http://127.0.0.1/v1", MODEL, timeout=float("inf")),
])
def test_a_model_and_a_positive_timeout_are_needed(settings):
    with pytest.raises(JudgeError):
        RelevanceJudge(settings, KEY)
