"""Hostile transcripts: a deeply nested line, content that is not text, a FIFO named like a
session. The scan skips each and keeps the rest; a generated SKILL.md always parses (#13)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml

from support.transcripts import claude_session, codex_session

pytestmark = pytest.mark.adversarial


def test_hostile_lines_and_files_are_skipped_and_the_scan_goes_on(engine, workspace: Path, tmp_path: Path):
    home = tmp_path / "home"
    path = claude_session(home, workspace, "aaaa1111", [("2026-11-20T10:00:00Z", "Always run pnpm test first.")])
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("[" * 200_000 + "]" * 200_000 + "\n")
        handle.write(json.dumps({"type": "user", "message": {"role": "user", "content": 42}}) + "\n")
        handle.write(json.dumps({"type": "user", "message": {"role": "user", "content": [{"type": "text",
                                                                                           "text": 7}]}}) + "\n")
    rollout = codex_session(home, workspace, "bbbb2222", [("2026-11-21T09:00:00Z", "Always run pnpm test first.")])
    with open(rollout, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"type": "response_item", "payload": {"type": "message", "role": "user",
                                                                     "content": 5}}) + "\n")
    os.mkfifo(path.parent / "cccc3333.jsonl")   # would block a plain open() forever
    result = engine.suggestions(home=home)
    assert {s.name: s.sessions for s in result.sources}["claude-code"] >= 1
    assert any("pnpm test" in m.body for m in result.memories)


def test_a_generated_skill_md_always_parses(engine, workspace: Path, tmp_path: Path):
    home = tmp_path / "home"
    ask = 'Run the deploy: "quick" #1 — then tag: release & notify'
    claude_session(home, workspace, "aaaa1111", [("2026-11-20T10:00:00Z", ask)])
    codex_session(home, workspace, "bbbb2222", [("2026-11-21T09:00:00Z", ask + " again")])
    skills = engine.suggestions(home=home).skills
    assert skills
    for skill in skills:
        front = skill.body.split("---\n")[1]
        loaded = yaml.safe_load(front)
        assert loaded["name"] == skill.name and loaded["description"] == " ".join(skill.description.split())


def test_a_source_that_cannot_be_read_says_why_with_its_code(monkeypatch, workspace: Path, tmp_path: Path):
    """A transcript source that cannot be read said "cannot be read: Permission denied" in English
    in the Chinese window's Suggestions header (#49 item 18): its detail carries its code, the
    system's error its errno; the English is the same."""
    from context_center.engine.instructions.reasons import REASONS, Reason
    from context_center.engine.suggestions import transcripts

    def denied(self, workspace, limit):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(transcripts.ClaudeCodeSource, "sessions", denied)
    _sessions, statuses = transcripts.recent_sessions(workspace, tmp_path, 10)
    detail = next(s.detail for s in statuses if not s.available and not s.missing)
    assert detail == "cannot be read: Permission denied"
    assert isinstance(detail, Reason) and detail.code in REASONS
    why = dict(detail.fields)["why"]
    assert isinstance(why, Reason) and why.code == "os_error" and dict(why.fields)["errno"] == "EACCES"
