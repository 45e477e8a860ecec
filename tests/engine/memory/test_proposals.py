"""The user's side of an agent's proposal: a staged fact is not knowledge until promoted."""
from __future__ import annotations

import pytest

from context_center.engine import FactInput, RevisionConflict, open_agent_memory


def propose(state_root, workspace, content: str, **extra) -> str:
    service = open_agent_memory(state_root, workspace, "contract", agent="codex", use_judge=False)
    try:
        return service.create({"content": content, "category": "preference", **extra})["memory"]["id"]
    finally:
        service.close()


def test_a_proposal_overrides_nothing_and_spends_no_pinned_budget(engine, state_root, workspace):
    engine.remember(FactInput(name="indent", title="Indentation", body="Indent with four spaces.", scope="global",
                              subject_key="style.indent", activation="pinned"))
    proposal = propose(state_root, workspace, "Indent with two spaces.")
    engine.refresh()
    engine.edit(proposal, FactInput(subject_key="style.indent", activation="pinned", body="x" * 1400))
    assert engine.overrides() == {}                   # the promoted global fact still stands
    assert engine.pinned_total() == len("Indent with four spaces.")
    assert "Indent with four spaces." in engine.session_context().text


def test_approval_checks_the_revision_the_user_edited(engine, state_root, workspace):
    proposal = propose(state_root, workspace, "Prefer short branches.")
    engine.refresh()
    [waiting] = engine.agent_proposals()
    assert (waiting.agent, waiting.stale, waiting.fact.id) == ("codex", False, proposal)
    engine.edit(proposal, FactInput(body="Prefer short-lived branches."))   # the agent (or anyone) edits meanwhile
    with pytest.raises(RevisionConflict):
        engine.approve_proposal(proposal, edits=FactInput(body="Prefer small branches.", expected_revision=1))
    promoted = engine.approve_proposal(proposal, edits=FactInput(expected_revision=2)).fact
    assert (promoted.status, promoted.revision, promoted.body) == ("promoted", 3, "Prefer short-lived branches.")
    assert engine.agent_proposals() == []
