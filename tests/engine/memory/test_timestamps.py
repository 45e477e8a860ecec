"""A timestamp just outside what a datetime holds, anywhere, is a diagnostic, never a crash (#13)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_center.engine import clock, open_engine

pytestmark = pytest.mark.adversarial

EDGES = ("0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00", "10000-01-01T00:00:00Z", "0000-12-31")


@pytest.mark.parametrize("value", EDGES)
def test_an_out_of_range_timestamp_parses_as_no_date(value: str):
    assert clock.parse_timestamp(value) is None


@pytest.mark.parametrize("key", ["expires_at", "updated_at", "created_at", "last_verified_at"])
def test_a_fact_with_one_loads_recalls_and_lists(state_root: Path, workspace: Path, key: str, cli):
    cli.remember("edge", "The deploy window opens at noon.")
    path = next((state_root / "projects").glob("*/memory/edge.md"))
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.split("\n") if not line.startswith(f"{key}:")]
    lines.insert(1, f"{key}: {EDGES[0]}")
    path.write_text("\n".join(lines), encoding="utf-8")
    with open_engine(state_root, workspace) as engine:
        [fact] = engine.facts()
        assert engine.freshness(fact) in ("fresh", "current", "stale")
        assert engine.recall("when does the deploy window open?").hits
        assert engine.session_context() is not None
    assert cli.ok("memory", "list")["facts"][0]["name"] == "edge"
    hook = cli.run("hook", "claude-code", stdin=json.dumps({"prompt": "when does the deploy window open?",
                                                            "cwd": str(workspace)}))
    assert hook.code == 0 and "Traceback" not in hook.err


def test_an_expiry_past_year_9999_in_utc_is_refused_with_a_reason(cli):
    refused = cli.refused("memory", "remember", "--title", "t", "--body", "b", "--expires-at",
                          "9999-12-31T23:59:59-01:00", code="INVALID_INPUT")
    assert "between years 1 and 9999" in refused["message"]
