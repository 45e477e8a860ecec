"""`instructions adherence` as a whole command on the labelled set (tests/data/adherence_v1: written
without reading the implementation), its transcripts laid out in each agent's own folders."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.adherence_set import LaidOut, lay_out


@pytest.fixture(scope="module")
def laid() -> Iterator[LaidOut]:
    base = Path("/tmp") / f"ccadh-{uuid.uuid4().hex}"   # (no "_": Claude Code's folder names would differ)
    base.mkdir()
    try:
        yield lay_out(base)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def adherence(laid: LaidOut, state_root: Path, workspace: str, *args: str) -> subprocess.CompletedProcess:
    env = {**{k: v for k, v in os.environ.items() if k != "CONTEXT_CENTER_HOME"}, **laid.environment()}
    return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "--workspace",
                           str(laid.workspace(workspace)), "instructions", "adherence", *args],
                          capture_output=True, text=True, env=env, cwd=laid.workspace(workspace), timeout=120)


def test_the_verdicts_agree_with_the_labels_and_another_workspace_never_counts(laid, tmp_path):
    labelled = [r for r in laid.labels["rules"] if r["workspace"] == "webapp" and r["checkable"]]
    done = adherence(laid, tmp_path / "state", "webapp", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    mine = {rule["source"]: {(s["agent"], s["session"]): s["verdict"] for s in rule["sessions"]}
            for rule in report["rules"]}
    webapp_sessions = {s["session"] for s in laid.labels["sessions"] if s["workspace"] == "webapp"}
    judged = {session for verdicts in mine.values() for _, session in verdicts}
    assert judged <= webapp_sessions   # webapp-admin's sessions, whose path starts with webapp's, never count
    pairs = [(s["verdict"], mine.get(rule["source"], {}).get((s["agent"], s["session"])))
             for rule in labelled for s in rule["sessions"] if s["within_30_days"]]
    agree = sum(truth == guess for truth, guess in pairs) / len(pairs)
    wrong_violations = sum(guess == "violated" and truth != "violated" for truth, guess in pairs)
    assert agree >= 0.9 and wrong_violations == 0, (agree, wrong_violations)   # measured: 1.00 on webapp
    for rule in report["rules"]:
        assert set(rule) >= {"id", "text", "source", "checkable", "check", "sessions", "followed", "violated"}
        for session in rule["sessions"]:
            assert session["verdict"] in ("followed", "violated", "not_applicable") and session["evidence"]


def test_the_human_report_names_each_violation_with_its_evidence(laid, tmp_path):
    done = adherence(laid, tmp_path / "state", "goservice")
    assert done.returncode == 0, done.stderr
    assert "VIOLATED Claude Code session" in done.stdout and "not checkable from a transcript" in done.stdout
    assert "violated in at least one session." in done.stdout


def test_a_bad_option_is_refused_in_a_line(laid, tmp_path):
    done = adherence(laid, tmp_path / "state", "webapp", "--days", "0")
    assert done.returncode == 1 and done.stderr.startswith("INVALID_INPUT: the days to look back must be") and \
        len(done.stderr.strip().splitlines()) == 1
    done = adherence(laid, tmp_path / "state", "webapp", "--agent", "cursor")   # argparse's usage error
    assert done.returncode == 2 and "invalid choice: 'cursor'" in done.stderr
