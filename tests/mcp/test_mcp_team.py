"""Team facts over MCP: read as part of the project (the seed's scopes), never changed by an agent."""
from __future__ import annotations

from pathlib import Path

from context_center.engine import FactInput, open_engine
from support.mcp_clients import Server, run


def test_team_facts_are_read_under_project_and_agents_cannot_change_them(server: Server, workspace: Path):
    with open_engine(server.state_root, workspace) as engine:
        team = engine.remember(FactInput(name="deploys", title="Deploys", description="Deploy day",
                                         body="Deploys happen on Tuesdays after the standup.", scope="team")).fact
    assert team.path == workspace / ".context-center" / "memory" / "deploys.md"

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            for scope in ("project", "both"):
                text = await session.ok("memory_search", {"query": "when do deploys happen",
                                                          "filters": {"scope": scope}})
                assert "Deploys happen on Tuesdays" in text and f"| project: {workspace}]" in text
            text = await session.ok("memory_search", {"query": "deploys tuesdays", "filters": {"scope": "global"}})
            assert "Deploys happen on Tuesdays" not in text
            mapped = await session.ok("memory_map", {"scope": "project"})
            assert team.id in str(mapped["maps"]["project"])
            listed = await session.ok("memory_list_categories", {"scope": "project"})
            assert any(c["name"] == "project" and c["count"] == 1 for c in listed["project"])
            located = {"category": "project", "id": team.id}
            message = await session.refused("memory_edit", {"currentCategory": "project", "id": team.id,
                                                            "content": "Deploys happen daily."}, "READ_ONLY")
            assert "team memory" in message and "memory_create" in message
            for tool in ("memory_promote", "memory_demote", "memory_delete"):
                await session.refused(tool, located, "READ_ONLY")
            # a personal correction is the way: it takes precedence over the team's
            made = await session.ok("memory_create", {"content": "Deploys happen daily now.", "category": "decision"})
            assert made["memory"]["scope"] == "project" and made["memory"]["team"] is False
    run(scenario)
    with open_engine(server.state_root, workspace) as engine:
        kept = engine.fact(team.id)
        assert (kept.revision, kept.body, kept.status) == (1, team.body, team.status)
