"""memory_search over stdio: the modes, the exact texts, the caps, hints, typos, Chinese paraphrases."""
from __future__ import annotations

import re
from pathlib import Path

from context_center.engine import open_agent_memory
from support.mcp_clients import Server, run

HIT_HEADER = re.compile(r"^\[last updated: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \| category: [^|]+ \| project: [^\]]+\]$")


def write(server: Server, workspace: Path, *memories: dict) -> None:
    service = open_agent_memory(server.state_root, workspace, "contract", use_judge=False)
    try:
        for memory in memories:
            service.create(memory)
    finally:
        service.close()


def test_small_mode_text_is_the_retrieval_line_then_one_header_per_hit(server: Server, workspace: Path):
    write(server, workspace,
          {"content": "Deploys go through the staging cluster first.", "category": "workflow"},
          {"content": "The staging cluster is in eu-west-1.", "category": "decision"},
          {"content": "Lunch is at noon.", "category": "decision", "scope": "global"})

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            text = await session.ok("memory_search", {"query": "where is the staging cluster",
                                                      "filters": {"includeStaging": True}})
            lines = text.split("\n")
            assert lines[0] == "retrieval: small · eligible 3"
            blocks = "\n".join(lines[1:]).split("\n\n")
            assert len(blocks) == 2
            for block in blocks:
                header, content = block.split("\n")
                assert HIT_HEADER.match(header), header
                assert f"| project: {workspace}]" in header
            assert "Lunch" not in text
            nothing = await session.ok("memory_search", {"query": "quantum chromodynamics"})
            assert nothing == ("no matching memory. after work, memory_create if something happened and you need "
                               "to save it for later.")
            limited = await session.ok("memory_search", {"query": "staging cluster", "filters": {
                "limit": 1, "includeStaging": True}})
            assert limited.count("[last updated:") == 1
    run(scenario)


def test_large_mode_caps_at_50_hits_and_says_when_memory_is_too_large_to_evaluate(server: Server, workspace: Path):
    write(server, workspace, *({"content": f"Release train {n} ships the parser fixes on Tuesday.",
                                "category": "decision"} for n in range(120)))

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            text = await session.ok("memory_search", {"query": "parser fixes release train"})
            first, *rest = text.split("\n")
            assert re.match(r"^retrieval: large · 120 candidates · fts, local$", first), first
            assert text.count("[last updated:") == 50
            assert text.endswith("\nMemory is too large to evaluate.")
            capped = await session.ok("memory_search", {"query": "parser", "filters": {"limit": 500}})
            assert capped.count("[last updated:") == 50
    run(scenario)


def test_hints_boost_and_admit_but_never_filter(server: Server, workspace: Path):
    write(server, workspace,
          {"content": "Cache invalidation happens on every deploy.", "category": "decision"},
          {"content": "Cache keys include the git sha.", "category": "decision", "tags": ["perf"]},
          {"content": "Builds are reproducible.", "category": "constraint", "tags": ["perf"]})

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            plain = await session.ok("memory_search", {"query": "cache"})
            hinted = await session.ok("memory_search", {"query": "cache", "hints": {"tags": ["perf"]}})
            assert plain.count("[last updated:") == 2 and "reproducible" not in plain
            assert hinted.count("[last updated:") == 3   # a hint admits a row, never removes one
            first_hit = hinted.split("\n")[2]
            assert first_hit == "Cache keys include the git sha."   # and ranks the hinted match first
    run(scenario)


def test_filters_narrow_what_is_eligible(server: Server, workspace: Path):
    write(server, workspace,
          {"content": "Use ruff for linting.", "category": "decision", "importance": 0.9, "subject": "lint",
           "topics": ["python", "style"]},
          {"content": "Use black for linting.", "category": "decision", "importance": 0.2, "subject": "format",
           "topics": ["python"]},
          {"content": "Use eslint for linting.", "category": "constraint", "scope": "global", "topics": ["js"]})

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            async def hits(**filters) -> list[str]:
                text = await session.ok("memory_search", {"query": "linting", **filters})
                return [line for line in text.split("\n") if line.startswith("Use ")]
            assert len(await hits()) == 3
            assert await hits(filters={"scope": "global"}) == ["Use eslint for linting."]
            assert await hits(categories=["constraint"]) == ["Use eslint for linting."]
            assert await hits(filters={"minImportance": 0.8}) == ["Use ruff for linting."]
            assert await hits(filters={"subject": "LINT"}) == ["Use ruff for linting."]
            assert await hits(filters={"topics": ["python", "style"], "match": "all"}) == ["Use ruff for linting."]
            assert len(await hits(filters={"topics": ["python", "js"]})) == 3
            assert await hits(filters={"sort": {"by": "importance", "order": "asc"}, "scope": "project"}) == [
                "Use black for linting.", "Use ruff for linting."]
            assert len(await hits(filters={"time": {"preset": "this_month"}})) == 3
            assert await hits(filters={"time": {"field": "created", "to": "2000-01-01"}}) == []
            assert await hits(filters={"active": 0}) == []
    run(scenario)


def test_a_chinese_paraphrase_matches_by_bigrams_and_one_typo_is_forgiven(server: Server, workspace: Path):
    write(server, workspace, {"content": "部署前先运行全部测试。", "category": "workflow"},
          *({"content": f"Module {n} exports a registry of handlers.", "category": "decision"} for n in range(70)))

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            chinese = await session.ok("memory_search", {"query": "部署之前要跑测试吗",
                                                         "filters": {"includeStaging": True}})
            assert "部署前先运行全部测试。" in chinese
            typo = await session.ok("memory_search", {"query": "registyr"})
            assert "· typo" in typo.split("\n")[0] or "typo," in typo.split("\n")[0], typo.split("\n")[0]
            assert "exports a registry" in typo
    run(scenario)


def test_same_subject_hits_put_the_project_first_then_the_newer(server: Server, workspace: Path):
    write(server, workspace,
          {"content": "The node version is 18.", "category": "decision", "scope": "global", "subject": "node"},
          {"content": "The node version is 20.", "category": "decision", "subject": "node"},
          {"content": "The node version is 22.", "category": "decision", "subject": "node"})

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            text = await session.ok("memory_search", {"query": "node version"})
            order = [line for line in text.split("\n") if line.startswith("The node")]
            assert order == ["The node version is 22.", "The node version is 20.", "The node version is 18."]
    run(scenario)


HOLD = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()
"""


def test_a_search_writes_nothing_on_its_path_so_a_held_catalog_costs_it_nothing(server: Server, workspace: Path):
    """Every search rewrote what searches returned into the catalog, a write on an agent's read:
    with the catalog held by another process's write, each search waited for it. Now what a
    search returned is written off its path, and lands once the catalog is free."""
    import sqlite3
    import subprocess
    import sys
    import time

    write(server, workspace, {"content": "Deploys go through the staging cluster first.", "category": "workflow"},
          {"content": "The staging cluster is in eu-west-1.", "category": "decision"})
    catalog = server.state_root / "catalog.sqlite"
    took: list[float] = []

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            await session.ok("memory_search", {"query": "staging cluster"})   # (the store is open)
            holder = subprocess.Popen([sys.executable, "-c", HOLD, str(catalog)], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True)
            try:
                assert holder.stdout is not None and holder.stdout.readline() == "held\n"
                for _ in range(5):
                    started = time.monotonic()
                    assert "eu-west-1" in await session.ok("memory_search", {"query": "staging cluster"})
                    took.append(time.monotonic() - started)
            finally:
                holder.communicate("", timeout=30)
    run(scenario)
    assert max(took) < 2.0, took   # (each waited out the catalog's busy timeout before)
    with sqlite3.connect(catalog) as db:
        counts = [row[0] for row in db.execute("SELECT count FROM search_returns")]
    assert counts and set(counts) == {6}   # every search counted, once the catalog was free (at exit, at the latest)


def test_a_facts_title_and_description_are_matched_as_recall_matches_them(server: Server, workspace: Path):
    """A fact made in the window or the CLI, titled "Deploy cache timeout": recall found it for
    "deploy cache", an agent's search did not (it read the body alone)."""
    from context_center.engine import FactInput, open_engine

    with open_engine(server.state_root, workspace) as engine:
        engine.remember(FactInput(name="deploy-cache", title="Deploy cache timeout",
                                  description="how long the CDN keeps a build", body="Set it to 300 seconds."))
        engine.remember(FactInput(name="lunch", title="Lunch", body="Lunch is at noon."))
        assert [h.fact.name for h in engine.recall("deploy cache", record=False).hits] == ["deploy-cache"]

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            for query in ("deploy cache", "CDN build"):
                text = await session.ok("memory_search", {"query": query})
                assert "Set it to 300 seconds." in text and "Lunch" not in text, (query, text)
    run(scenario)


def test_a_disputed_memory_names_the_other_side_until_the_user_settles_it(server: Server, workspace: Path):
    """"Always use pnpm, never npm" and "Use npm to install dependencies": an agent searching for how
    to install dependencies is told of both, whichever it is handed; once the user dismisses the
    contradiction in review ("both are right"), no longer."""
    from context_center.engine import FactInput, MemoryReview, open_engine

    with open_engine(server.state_root, workspace) as engine:
        pnpm = engine.remember(FactInput(name="package-manager", title="Package manager",
                                         body="Always use pnpm, never npm, in this repository.")).fact
        npm = engine.remember(FactInput(name="install", title="Install",
                                        body="Use npm to install dependencies.")).fact
        engine.remember(FactInput(name="lunch", title="Lunch", body="Lunch is at noon."))

    async def search() -> str:
        async with server.session("--project", str(workspace)) as session:
            return await session.ok("memory_search", {"query": "install dependencies npm"})

    text = run(search)
    blocks = text.split("\n", 1)[1].split("\n\n")   # after the retrieval line
    for fact, other in ((pnpm, npm), (npm, pnpm)):
        [block] = [b for b in blocks if b.split("\n")[1] == fact.body]
        assert f"(conflicts with {other.ref}: {other.body})" in block, text

    with open_engine(server.state_root, workspace) as engine:
        review = MemoryReview(engine)
        [item] = [item for item in review.items() if item.kind == "contradiction"]
        review.dismiss(item.id)
    assert "conflicts with" not in run(search)
