"""Grounded memories over MCP, with the official client: a link that names code becomes a ref, a
memory whose code is gone ranks last, and memory_map says each line's grounding."""
from __future__ import annotations

from pathlib import Path

from support.mcp_clients import Server, run


def test_links_naming_code_become_refs_and_broken_memories_rank_last(server: Server, git_repo: Path):
    (git_repo / "ci").mkdir()
    (git_repo / "ci" / "cache.yml").write_text("cache:\n  key: lockfile\n")
    (git_repo / "ci" / "lint.yml").write_text("lint:\n  run: ruff\n")

    async def scenario():
        async with server.session("--project", str(git_repo)) as session:
            cached = await session.ok("memory_create", {
                "content": "The CI cache is keyed by the lockfile digest.", "category": "decision",
                "links": ["ci/cache.yml", "https://example.org/ci-docs", "tracker-123"]})
            linted = await session.ok("memory_create", {
                "content": "The CI lint step runs ruff on every push.", "category": "decision",
                "links": ["ci/lint.yml"]})
            [text] = [p.read_text() for p in Path(server.state_root).rglob("*.md")
                      if f"id: {cached['memory']['id']}" in p.read_text()]
            assert 'refs: ["ci/cache.yml"]' in text   # the link that names code; the others stay labels
            assert '"https://example.org/ci-docs", "tracker-123"' in text
            mapped = await session.ok("memory_map", {"scope": "project"})
            [collection] = mapped["maps"]["project"]["collections"]
            assert dict(zip(collection["lines_ids"], collection["lines_grounding"])) == {
                cached["memory"]["id"]: "grounded", linted["memory"]["id"]: "grounded"}
            query = {"query": "the CI cache keyed by the lockfile digest, and the lint step",
                     "filters": {"scope": "project"}}
            answer = await session.ok("memory_search", query)
            assert answer.index("The CI cache is keyed") < answer.index("The CI lint step runs ruff")
            (git_repo / "ci" / "cache.yml").unlink()   # (uncommitted: grounding reads the work tree)
            answer = await session.ok("memory_search", query)
            assert answer.index("The CI lint step runs ruff") < answer.index("The CI cache is keyed")
            mapped = await session.ok("memory_map", {"scope": "project"})
            [collection] = mapped["maps"]["project"]["collections"]
            grounding = dict(zip(collection["lines_ids"], collection["lines_grounding"]))
            assert grounding[cached["memory"]["id"]] == "broken"
            # a global memory's links stay labels: there is no one workspace
            made = await session.ok("memory_create", {"content": "Prefer ruff over flake8 everywhere.",
                                                      "category": "decision", "scope": "global",
                                                      "links": ["ci/lint.yml"]})
            assert made["memory"]["links"] == ["ci/lint.yml"]
            # editing the links moves the refs with them
            edited = await session.ok("memory_edit", {"currentCategory": "decision", "id": linted["memory"]["id"],
                                                      "links": ["ci/"]})
            assert edited["memory"]["links"] == ["ci/"]
            mapped = await session.ok("memory_map", {"scope": "project"})
            [collection] = mapped["maps"]["project"]["collections"]
            assert dict(zip(collection["lines_ids"], collection["lines_grounding"]))[linted["memory"]["id"]] == \
                "grounded"

    run(scenario)
