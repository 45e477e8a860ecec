"""--policy contract | review | read-only, and the window's setting as the default."""
from __future__ import annotations

from pathlib import Path

from context_center.engine import POLICY_SETTING, open_engine
from support.mcp_clients import Server, run


def test_review_stages_what_is_not_low_risk_and_keeps_promotion_for_the_user(server: Server, workspace: Path):
    async def scenario():
        async with server.session("--project", str(workspace), "--policy", "review") as session:
            low_risk = await session.ok("memory_create", {"content": "The API lives in services/api.",
                                                          "category": "decision"})
            assert low_risk["promoted"] is True            # project scope, project type, short, new
            global_one = await session.ok("memory_create", {"content": "Always sign commits.",
                                                            "category": "decision", "scope": "global"})
            assert global_one["promoted"] is False         # global: the user's to review
            feedback = await session.ok("memory_create", {"content": "Never force-push to main.",
                                                          "category": "mistake"})
            assert feedback["promoted"] is False           # a feedback-type category, whatever it is
            duplicate = await session.ok("memory_create", {"content": "The API lives in services/api.",
                                                           "category": "decision"})
            assert duplicate["promoted"] is False          # a possible duplicate
            long_one = await session.ok("memory_create", {"content": "The API " + "really " * 80 + "lives here.",
                                                          "category": "decision"})
            assert long_one["promoted"] is False           # oversized for an automatic write
            message = await session.refused("memory_edit", {"currentCategory": "decision",
                                                            "id": low_risk["memory"]["id"],
                                                            "content": "The API lives in apps/api."},
                                            "REVIEW_REQUIRED")
            assert "memory_create" in message
            await session.refused("memory_promote", {"category": "decision", "id": global_one["memory"]["id"]},
                                  "REVIEW_REQUIRED")
            # locate checks come first
            await session.refused("memory_promote", {"category": "decision", "id": "mem-" + "2" * 32}, "NOT_FOUND")
            # a staged memory may still be corrected, demoted or deleted
            await session.ok("memory_edit", {"currentCategory": "mistake", "id": feedback["memory"]["id"],
                                             "content": "Never force-push to a shared branch."})
            await session.ok("memory_demote", {"category": "decision", "id": low_risk["memory"]["id"]})
            await session.ok("memory_delete", {"category": "decision", "id": duplicate["memory"]["id"]})
    run(scenario)


def test_read_only_refuses_every_write_and_answers_every_read(server: Server, workspace: Path):
    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            made = await session.ok("memory_create", {"content": "Use uv for virtualenvs.", "category": "decision"})
        async with server.session("--project", str(workspace), "--policy", "read-only") as session:
            memory = {"category": "decision", "id": made["memory"]["id"]}
            for tool, arguments in (("memory_create", {"content": "Use pip.", "category": "decision"}),
                                    ("memory_edit", {"currentCategory": "decision", "id": made["memory"]["id"],
                                                     "content": "Use pip."}),
                                    ("memory_promote", memory), ("memory_demote", memory),
                                    ("memory_delete", memory)):
                await session.refused(tool, arguments, "READ_ONLY")
            assert "Use uv for virtualenvs." in await session.ok("memory_search", {"query": "virtualenvs"})
            assert (await session.ok("memory_map"))["maps"]["project"]["counts"]["promoted"] == 1
    run(scenario)


def test_without_policy_the_window_setting_decides(server: Server, workspace: Path):
    with open_engine(server.state_root, workspace) as engine:
        engine.set_setting(POLICY_SETTING, "read-only")

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            await session.refused("memory_create", {"content": "Use uv.", "category": "decision"}, "READ_ONLY")
        async with server.session("--project", str(workspace), "--policy", "contract") as session:
            await session.ok("memory_create", {"content": "Use uv.", "category": "decision"})
    run(scenario)
    assert "policy read-only" in server.stderr() and "policy contract" in server.stderr()
