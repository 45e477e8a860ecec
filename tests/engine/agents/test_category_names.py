"""The categories a scope holds, kept without a pass over every memory on each write, are still
what a pass would find: after our own creates, and after another process's."""
from __future__ import annotations

from context_center.engine import Fact, open_agent_memory, open_engine
from context_center.engine.clock import format_timestamp, now
from context_center.engine.memory.fields import new_fact_id


def _stored_category(service, memory_id: str) -> str:
    return next(f.category for f in service.engine.facts() if f.id == memory_id)


def test_a_write_names_categories_as_a_fresh_look_would_after_ours_and_anothers(state_root, workspace):
    ours = open_agent_memory(state_root, workspace, "contract", agent="codex", use_judge=False)
    other = open_engine(state_root, workspace)
    try:
        ours.create({"content": "We deploy with blue green", "category": "decision"})
        made = ours.create({"content": "Release trains leave on Tuesdays", "category": "Release Trains",
                            "confirmNewCategory": True})
        assert _stored_category(ours, made["memory"]["id"]) == "Release Trains"
        # our own new category is known to our next write: the same name, spelt otherwise, joins it
        again = ours.create({"content": "Release trains skip holidays", "category": "release trains"})
        assert _stored_category(ours, again["memory"]["id"]) == "Release Trains"
        # another tool's memory between two writes of ours, in a category no agent registered
        stamp = format_timestamp(now())
        other.create_fact(Fact(id=new_fact_id(), revision=1, name="ops-rotations", title="Ops rotations",
                               description="", type="project", scope="project",
                               body="Ops rotations change every Monday", created_at=stamp, updated_at=stamp,
                               activation="relevant", category="Ops Rotations", status="promoted"))
        ours.engine.refresh()   # as the server's watcher has it do on the change
        joined = ours.create({"content": "Ops rotations hand over at noon", "category": "ops rotations"})
        assert _stored_category(ours, joined["memory"]["id"]) == "Ops Rotations"
    finally:
        ours.close()
        other.close()
