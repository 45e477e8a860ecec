"""The labelled adherence sets developed against (tests/data/adherence_v1, _v2, _v4 and _v5, each written
without reading the code) as a floor: their verdicts and their PreToolUse decisions, judged in
process. Their first runs, before any change made against them: v1 violated precision 1.00, recall
0.97, followed 0.94, denials 0.92; v2 0.90, 0.47, 0.52, 0.86; v4 1.00, 0.71, 0.77, 0.75; v5 0.64,
0.78, 0.66, 0.83 (bench/adherence.py prints them beside the sets still held out)."""
from __future__ import annotations

import shutil
import uuid
from collections import Counter
from pathlib import Path

import pytest

from context_center.engine import detect_workspace, open_engine
from support.adherence_set import HELD_OUT, HELD_OUT_LAST, HELD_OUT_NEXT, SET, lay_out


@pytest.fixture(scope="module", params=[SET, HELD_OUT, HELD_OUT_LAST, HELD_OUT_NEXT], ids=lambda source: source.name)
def laid(request):
    base = Path("/tmp") / f"ccadh-{uuid.uuid4().hex}"
    base.mkdir()
    try:
        yield lay_out(base, request.param)
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
