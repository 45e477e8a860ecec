"""Bind and scope, one store with the window and the CLI, revisions, the archive, parallel servers."""
from __future__ import annotations

from pathlib import Path

import anyio

from context_center.engine import open_engine
from support.mcp_clients import Server, run


def test_unbound_global_works_project_waits_and_the_working_directory_is_never_taken(server: Server,
                                                                                      workspace: Path):
    (server.cwd / ".git").mkdir()  # the server's cwd even looks like a repository: still not a project

    async def scenario():
        async with server.session() as session:
            made = await session.ok("memory_create", {"content": "Prefer rebase over merge.",
                                                      "category": "decision", "scope": "global"})
            assert made["promoted"] and made["memory"]["scope"] == "global"
            text = await session.ok("memory_search", {"query": "rebase", "filters": {"scope": "global"}})
            assert "Prefer rebase over merge." in text and "| project: global]" in text
            assert (await session.ok("memory_map"))["maps"].keys() == {"global"}
            assert (await session.ok("memory_list_categories"))["scopes"] == ["global"]
            await session.refused("memory_map", {"scope": "project"}, "PROJECT_NOT_BOUND")
            await session.refused("memory_search", {"query": "rebase", "filters": {"scope": "both"}},
                                  "PROJECT_NOT_BOUND")
            # id tools find a global row unbound (upstream needs a project even for those)
            demoted = await session.ok("memory_demote", {"category": "decision", "id": made["memory"]["id"]})
            assert demoted == {"id": made["memory"]["id"], "category": "decision", "demoted": True}
            message = await session.refused("memory_promote", {"category": "decision", "id": "mem-" + "1" * 32},
                                            "PROJECT_NOT_BOUND")
            assert "memory_bind" in message
            # projectPath on a call binds, and the binding stays
            text = await session.ok("memory_search", {"query": "rebase", "projectPath": str(workspace),
                                                      "filters": {"includeStaging": True}})
            assert "Prefer rebase over merge." in text
            assert (await session.ok("memory_map"))["maps"].keys() == {"project", "global"}
            again = await session.ok("memory_bind", {"projectPath": str(workspace)})
            assert again["created"] is False and again["projectPath"] == str(workspace)
    run(scenario)
    with open_engine(server.state_root, workspace) as engine:
        assert [p.name for p in (server.state_root / "projects").iterdir()] == [engine.paths.project_key]


def test_bind_creates_the_project_folder_under_context_centers_key_so_the_window_sees_it(server: Server,
                                                                                         workspace: Path):
    async def scenario():
        async with server.session() as session:
            bound = await session.ok("memory_bind", {"projectPath": str(workspace)})
            assert bound["created"] is True and set(bound["maps"]) == {"project", "global"}
            await session.ok("memory_create", {"content": "CI runs on every push to main.", "category": "constraint",
                                               "subject": "CI", "topics": ["ci"], "importance": 0.9})
    run(scenario)
    with open_engine(server.state_root, workspace) as engine:
        [fact] = engine.facts()
        assert (fact.scope, fact.category, fact.status, fact.type) == ("project", "constraint", "promoted", "project")
        assert (fact.subject, fact.topics, fact.importance) == ("ci", ("ci",), 0.9)
        assert fact.body == "CI runs on every push to main."
        assert engine.recall("does CI run on every push?").hits  # promoted: recalled like any fact


def test_staged_memories_stay_out_of_recall_the_hook_and_default_search(server: Server, workspace: Path):
    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            staged = await session.ok("memory_create", {"content": "Prefer zebra-striped tables in reports.",
                                                        "category": "preference"})
            assert staged["promoted"] is False and staged["memory"]["staging"] is True
            default = await session.ok("memory_search", {"query": "zebra striped tables"})
            assert default.startswith("no matching memory.")
            shown = await session.ok("memory_search", {"query": "zebra striped tables",
                                                       "filters": {"includeStaging": True}})
            assert "zebra-striped" in shown
            with open_engine(server.state_root, workspace) as engine:
                assert not engine.recall("zebra striped tables in reports").hits
                assert not engine.search("zebra striped").hits
                assert engine.session_context().text == ""
            await session.ok("memory_promote", {"category": "preference", "line": "Prefer zebra-striped tables "
                                                                                  "in reports."})
            with open_engine(server.state_root, workspace) as engine:
                assert engine.recall("zebra striped tables in reports").hits
    run(scenario)


def test_an_edit_is_a_new_revision_the_user_can_restore_and_a_category_move_promotes_or_demotes(
        server: Server, workspace: Path):
    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            made = await session.ok("memory_create", {"content": "Tests run with pytest -x.", "category": "workflow"})
            memory_id = made["memory"]["id"]
            assert made["promoted"] is False
            edited = await session.ok("memory_edit", {"currentCategory": "workflow", "id": memory_id,
                                                      "content": "Tests run with pytest -q.", "tags": ["tests"]})
            assert edited["memory"]["content"] == "Tests run with pytest -q." and edited["memory"]["revision"] == 2
            moved = await session.ok("memory_edit", {"currentCategory": "workflow", "id": memory_id,
                                                     "category": "instruction"})
            assert moved["promoted"] is True and moved["memory"]["category"] == "instruction"
            back = await session.ok("memory_edit", {"currentCategory": "instruction", "id": memory_id,
                                                    "category": "workflow"})
            assert back["promoted"] is False and back["memory"]["staging"] is True
            return memory_id
    memory_id = run(scenario)
    with open_engine(server.state_root, workspace) as engine:
        fact, earlier = engine.revisions(memory_id)
        assert fact.revision == 4 and [r.revision for r in earlier] == [3, 2, 1]
        assert earlier[-1].body == "Tests run with pytest -x."
        restored = engine.restore(memory_id, 1)
        assert restored.fact.body == "Tests run with pytest -x."


def test_delete_moves_a_staged_memory_to_the_archive_where_it_can_be_recovered(server: Server, workspace: Path):
    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            made = await session.ok("memory_create", {"content": "Prefer dark themes.", "category": "preference"})
            deleted = await session.ok("memory_delete", {"category": "preference", "id": made["memory"]["id"]})
            # relative to the state root: an answer never names the root's absolute path
            assert deleted["deleted"] is True and (server.state_root / deleted["archived"]).is_file()
            listed = await session.ok("memory_list_categories", {"scope": "project"})
            assert {"name": "preference", "count": 0, "staging_count": 0, "built_in": True,
                    "auto_promote": False} in listed["project"]   # a count-0 entry stays
            return deleted["archived"]
    archived = str(server.state_root / run(scenario))
    with open_engine(server.state_root, workspace) as engine:
        assert [a.path for a in engine.archived()] == [Path(archived)]
        assert engine.recover(archived).fact.body == "Prefer dark themes."


def test_two_servers_writing_at_once_lose_nothing(server: Server, workspace: Path):
    async def writer(label: str) -> list[str]:
        ids = []
        async with server.session("--project", str(workspace), agent=label) as session:
            for number in range(12):
                made = await session.ok("memory_create", {
                    "content": f"Service {label}-{number} listens on port {8000 + number}.", "category": "decision"})
                ids.append(made["memory"]["id"])
        return ids

    results: dict[str, list[str]] = {}

    async def scenario():
        async def one(label: str) -> None:
            results[label] = await writer(label)
        async with anyio.create_task_group() as group:
            group.start_soon(one, "alpha")
            group.start_soon(one, "beta")
    run(scenario)
    with open_engine(server.state_root, workspace) as engine:
        stored = {f.id for f in engine.facts()}
        assert stored == set(results["alpha"]) | set(results["beta"]) and len(stored) == 24
        assert not engine.diagnostics()


def test_a_running_server_sees_what_the_cli_writes(server: Server, workspace: Path):
    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            assert (await session.ok("memory_search", {"query": "kangaroo"})).startswith("no matching memory.")
            with open_engine(server.state_root, workspace) as engine:
                from context_center.engine import FactInput
                engine.remember(FactInput(name="kangaroo", title="Kangaroo deploys", body="Deploys use kangaroo.",
                                          description="the deploy tool"))
            with anyio.fail_after(10):
                while True:   # the server's watcher notices the new file; poll its answer
                    text = await session.ok("memory_search", {"query": "kangaroo"})
                    if "Deploys use kangaroo." in text:
                        break
                    await anyio.sleep(0.05)
            assert "category: project" in text   # a CLI fact belongs to the category named after its type
    run(scenario)


def test_memory_map_aligns_lines_ids_and_categories(server: Server, workspace: Path):
    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            for number in range(14):
                await session.ok("memory_create", {"content": f"Decision number {number} holds.",
                                                   "category": "decision"})
            await session.ok("memory_create", {"content": "Prefer small pull requests.", "category": "preference"})
            answer = await session.ok("memory_map", {"scope": "project"})
            assert set(answer) == {"project", "maps"}
            index = answer["maps"]["project"]
            [decisions] = [c for c in index["collections"] if c["name"] == "decision"]
            assert decisions["count"] == 14 and len(decisions["lines"]) == 12 == len(decisions["lines_ids"])
            assert decisions["lines"][0] == "Decision number 13 holds."   # newest first
            staging = index["staging"]
            assert staging == {"count": 1, "lines": ["Prefer small pull requests."], "lines_ids": staging["lines_ids"],
                               "lines_categories": ["preference"], "lines_grounding": ["none"], "lines_limits": [None],
                               "searched": False}
            promoted = await session.ok("memory_promote", {"category": staging["lines_categories"][0],
                                                           "id": staging["lines_ids"][0]})
            assert promoted["promoted"] is True
    run(scenario)
