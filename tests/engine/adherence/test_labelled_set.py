"""The labelled adherence set (tests/data/adherence_v1, written without reading the code) as a floor:
its verdicts and its PreToolUse decisions, judged in process. The first run, before any change made
against it: violated precision 1.00, recall 0.97, followed 0.94, denials 0.92 (it is the set the
rules were then developed against; bench/adherence.py prints both it and the held-out one)."""
from __future__ import annotations

import shutil
import uuid
from collections import Counter
from pathlib import Path

import pytest

from context_center.engine import detect_workspace, open_engine
from support.adherence_set import lay_out


@pytest.fixture(scope="module")
def laid():
    base = Path("/tmp") / f"ccadh-{uuid.uuid4().hex}"
    base.mkdir()
    try:
        yield lay_out(base)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_each_verdict_and_each_tool_call_decision_agrees_with_the_labels(laid, monkeypatch, tmp_path):
    for name, value in laid.environment().items():
        monkeypatch.setenv(name, value)
    verdicts: Counter = Counter()
    for workspace in sorted({rule["workspace"] for rule in laid.labels["rules"]}):
        with open_engine(state_root=tmp_path / "state", workspace=laid.workspace(workspace)) as engine:
            report = {r.rule.source: r for r in engine.adherence(home=laid.home).rules}
            for rule in engine.received_rules("claude-code"):
                if rule.check is not None and rule.check.kind != "required_command":
                    engine.apply_enforcement(engine.enforce_plan(rule.id, "claude-code"))
        for labelled in (r for r in laid.labels["rules"] if r["workspace"] == workspace and r["checkable"]):
            judged = {(v.agent, v.session): v.verdict for v in report[labelled["source"]].sessions}
            for session in labelled["sessions"]:
                if session["within_30_days"]:
                    verdicts[(session["verdict"], judged.get((session["agent"], session["session"])))] += 1
    assert sum(n for (truth, guess), n in verdicts.items() if truth == guess) == sum(verdicts.values()), verdicts
    decided: Counter = Counter()
    for labelled in laid.events():
        event = {k: v for k, v in labelled.items() if k not in ("label", "rule", "why")}
        with open_engine(state_root=tmp_path / "state", workspace=detect_workspace(event["cwd"])) as engine:
            decided[(labelled["label"], "deny" if engine.tool_call_decision(event).deny else "allow")] += 1
    assert decided[("allow", "deny")] == 0 and decided[("deny", "allow")] == 0, decided
