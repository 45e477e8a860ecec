"""The review asks the user's judge (a real HTTP server of the tests' own on 127.0.0.1) to confirm a
pair before proposing it: confirmed, refused, too slow, unreachable; and without a judge nothing is
asked. A judge's answer is kept until one of the pair's facts changes."""
from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from context_center.engine import FactInput, MemoryReview, configure_judge
from context_center.engine.review.second_opinion import QUESTIONS
from support.judge_server import JudgeServer, Out, answer, serving_judge

PAIRS = {"contradiction": ("Always use pnpm, never npm, in this repository.", "Use npm to install dependencies."),
         "duplicate": ("Deploys go out on Tuesdays after the smoke tests pass.",
                       "Deploys go out on Tuesdays once the smoke tests pass.")}


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[JudgeServer]:
    with serving_judge(monkeypatch) as served:
        yield served


@pytest.fixture
def store(engine):
    for kind, (first, second) in PAIRS.items():
        engine.remember(FactInput(name=f"{kind}-a", title=f"{kind} a", body=first))
        engine.remember(FactInput(name=f"{kind}-b", title=f"{kind} b", body=second))
    return engine


def pairs(engine) -> dict[str, dict]:
    return {item.kind: item.evidence for item in MemoryReview(engine).items()
            if item.kind in ("duplicate", "contradiction")}


def test_without_a_judge_the_pairs_stand_on_the_local_rules(store):
    found = pairs(store)
    assert set(found) == {"duplicate", "contradiction"} and not any("judge" in e for e in found.values())


def test_a_confirmed_pair_is_proposed_with_the_judges_word_and_asked_once(store, server):
    server.reply = lambda body: Out(200, answer([0.9]))
    configure_judge(store, server.url, "judge-model", 5.0)
    found = pairs(store)
    assert {kind: e["judge"] for kind, e in found.items()} == {
        "duplicate": {"asked": True, "yes": 0.9}, "contradiction": {"asked": True, "yes": 0.9}}
    posts = server.posts()
    assert len(posts) == 2   # one short request a pair, with the two texts
    questions = {p.body["messages"][1]["content"].splitlines()[0] for p in posts}
    assert questions == {f"Question: {q}" for q in QUESTIONS.values()}
    assert any(PAIRS["contradiction"][1] in p.body["messages"][1]["content"] for p in posts)
    assert pairs(store) == found and len(server.posts()) == 2   # kept: not asked again


def test_a_refused_pair_is_not_proposed(store, server):
    server.reply = lambda body: Out(200, answer([0.2]))
    configure_judge(store, server.url, "judge-model", 5.0)
    assert pairs(store) == {}


def test_a_judge_too_slow_is_asked_once_and_the_pairs_stand_saying_why(store, server):
    def held(body: dict) -> Out:
        server.release.wait(10)
        return Out(200, answer([0.1]))

    server.reply = held
    configure_judge(store, server.url, "judge-model", 0.3)
    found = pairs(store)
    server.release.set()
    assert set(found) == {"duplicate", "contradiction"}
    for evidence in found.values():
        assert evidence["judge"]["asked"] is False and "did not answer within 0.3 s" in evidence["judge"]["why"]
    assert len(server.posts()) == 1   # a failing judge is asked nothing more in that listing


def test_an_unreachable_judge_leaves_the_local_rules_to_decide(store):
    with socket.socket() as probe:   # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    configure_judge(store, f"http://127.0.0.1:{port}/v1", "judge-model", 2.0)
    found = pairs(store)
    assert set(found) == {"duplicate", "contradiction"}
    assert all("cannot reach the judge" in e["judge"]["why"] for e in found.values())
