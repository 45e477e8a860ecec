"""The relevance judge over stdio: a real HTTP judge on 127.0.0.1, its key from the keyring, and
local search whenever it fails (one line on stderr, never the key)."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine import open_agent_memory, open_engine
from support.judge_server import Out, answer, serving_judge
from support.mcp_clients import Server, run

KEY = "sk-judge-TEST-5b1f0e-must-stay-in-the-keyring"


@pytest.fixture
def judged(server: Server, workspace: Path, monkeypatch: pytest.MonkeyPatch):
    with serving_judge(monkeypatch) as judge:
        with open_engine(server.state_root, workspace) as engine:
            engine.set_setting("judge.url", judge.url)
            engine.set_setting("judge.model", "tiny-judge")
            engine.set_setting("judge.timeout", 15.0)   # a loaded CI machine still answers in time
        server.keyring = {"context-center": {"judge-api-key": KEY}}
        service = open_agent_memory(server.state_root, workspace, "contract", use_judge=False)
        for content in ("Deploys run from the release branch.", "The office plant needs water on Fridays.",
                        "Rollbacks use the previous release tag."):
            service.create({"content": content, "category": "decision"})
        service.close()
        yield judge


def test_the_judge_decides_what_is_kept_and_gets_the_key_from_the_keyring(server: Server, workspace: Path, judged):
    judged.reply = lambda body: Out(200, answer([0.9 if "release" in line else 0.2 for line in
                                                 body["messages"][1]["content"].split("\n")[3:]]))

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            return await session.ok("memory_search", {"query": "how do we ship"})
    text = run(scenario)
    assert "Deploys run from the release branch." in text and "Rollbacks use the previous release tag." in text
    assert "plant" not in text   # "ship" matches nothing locally: only the judge could keep these
    [seen] = judged.posts()
    assert seen.authorization == f"Bearer {KEY}" and seen.body["model"] == "tiny-judge"
    assert KEY not in server.stderr()


@pytest.mark.parametrize("failure", ["500", "garbage", "slow"])
def test_a_failing_judge_is_one_line_on_stderr_and_local_search_answers(server: Server, workspace: Path, judged,
                                                                        failure: str):
    if failure == "slow":
        with open_engine(server.state_root, workspace) as engine:
            engine.set_setting("judge.timeout", 1.0)

    def reply(_body: dict) -> Out:
        if failure == "slow":
            judged.release.wait(30)   # past the 1 s timeout; the fixture lets go at the end
            return Out(200, answer([0.9, 0.9, 0.9]))
        return Out(500, b"boom") if failure == "500" else Out(200, b"not json at all")
    judged.reply = reply

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            return await session.ok("memory_search", {"query": "release branch deploys"})
    text = run(scenario)
    assert text.startswith("retrieval: small · eligible 3")
    assert "Deploys run from the release branch." in text and "plant" not in text
    failures = [line for line in server.stderr().splitlines() if "relevance judge failed" in line]
    assert len(failures) == 1 and KEY not in server.stderr()
