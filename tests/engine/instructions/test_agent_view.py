"""What each agent receives: Codex's byte budget, Claude Code's rules, imports and auto memory,
Reasonix's chain in the per-agent shape, the three side by side, and each file's meters against
its agent's limits (Codex's shared 32 KiB, MEMORY.md's lines and bytes, Windsurf's characters)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine import AgentHomes

KIB = 1024


@pytest.fixture
def homes(tmp_path: Path) -> AgentHomes:
    home = tmp_path / "home"
    (home / ".codex").mkdir(parents=True)
    return AgentHomes(home=home, codex_home=home / ".codex", claude_managed=tmp_path / "etc" / "CLAUDE.md")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def lines_of(count: int, width: int = 99) -> str:
    """``count`` numbered lines of ``width`` characters plus a newline each."""
    return "".join(f"{i:05d} " + "x" * (width - 6) + "\n" for i in range(1, count + 1))


def by_label(view) -> dict:
    return {d.label: d for d in view.documents}


# Codex --------------------------------------------------------------------------------------------

def test_codex_cuts_the_chain_at_32_kib_root_first_and_drops_the_deepest_file(engine, workspace, homes):
    write(workspace / "AGENTS.md", lines_of(200))                 # 20,000 bytes
    write(workspace / "pkg" / "AGENTS.md", lines_of(200))         # 20,000 bytes: crosses the budget
    write(workspace / "pkg" / "web" / "AGENTS.md", "the most specific rule\n")
    view = engine.agent_instructions("codex", workspace / "pkg" / "web", homes)
    docs = by_label(view)
    assert [d.status for d in view.documents] == ["loaded", "truncated", "dropped"]
    cut = docs["workspace/pkg/AGENTS.md"]
    assert cut.kept_bytes == 32 * KIB - 20_000 == 12_768
    assert cut.cut_line == 12_768 // 100 + 1 == 128        # line 128 is the one cut in the middle
    assert len(cut.body.encode()) == 12_768 and cut.body.endswith("x") and "00128 " in cut.body
    assert docs["workspace/pkg/web/AGENTS.md"].body == "" and "budget" in docs["workspace/pkg/web/AGENTS.md"].reason
    assert view.total_bytes == 32 * KIB
    assert view.limits["project_doc_max_bytes"] == 32 * KIB and view.limits["source"] == "default"
    [warning] = view.warnings
    assert "workspace/pkg/AGENTS.md is cut at line 128" in warning and "pkg/web/AGENTS.md is dropped" in warning


def test_codex_reads_its_limit_and_fallback_names_from_config_toml(engine, workspace, homes):
    write(homes.codex_home / "config.toml",
          'project_doc_max_bytes = 10\nproject_doc_fallback_filenames = ["CLAUDE.md"]\n')
    write(workspace / "CLAUDE.md", "0123456789abcdef\n")
    view = engine.agent_instructions("codex", workspace, homes)
    [doc] = view.documents
    assert (doc.label, doc.status, doc.kept_bytes, doc.body) == ("workspace/CLAUDE.md", "truncated", 10, "0123456789")
    assert view.limits["project_doc_max_bytes"] == 10 and view.limits["source"] == "~/.codex/config.toml"


def test_codex_budget_zero_turns_project_files_off(engine, workspace, homes):
    write(homes.codex_home / "config.toml", "project_doc_max_bytes = 0\n")
    write(workspace / "AGENTS.md", "rule\n")
    [doc] = engine.agent_instructions("codex", workspace, homes).documents
    assert doc.status == "skipped" and "= 0" in doc.reason


def test_codex_one_file_per_folder_override_first_and_imports_stay_literal(engine, workspace, homes):
    write(workspace / "AGENTS.override.md", "override rule\n@docs/setup.md\n")
    write(workspace / "AGENTS.md", "shadowed rule\n")
    write(workspace / "docs" / "setup.md", "setup\n")
    docs = by_label(engine.agent_instructions("codex", workspace, homes))
    assert docs["workspace/AGENTS.override.md"].status == "loaded"
    assert docs["workspace/AGENTS.override.md"].body == "override rule\n@docs/setup.md"   # no expansion
    shadowed = docs["workspace/AGENTS.md"]
    assert shadowed.status == "skipped" and "one file per folder" in shadowed.reason
    assert "workspace/docs/setup.md" not in docs


def test_codex_global_file_first_non_empty_and_outside_the_budget(engine, workspace, homes):
    write(homes.codex_home / "AGENTS.override.md", "  \n")
    write(homes.codex_home / "AGENTS.md", "global rule\n")
    write(homes.codex_home / "config.toml", "project_doc_max_bytes = 4\n")
    write(workspace / "AGENTS.md", "abcd\n")
    view = engine.agent_instructions("codex", workspace, homes)
    docs = by_label(view)
    assert docs["~/.codex/AGENTS.override.md"].status == "skipped"
    assert docs["~/.codex/AGENTS.md"].status == "loaded" and docs["~/.codex/AGENTS.md"].scope == "global"
    assert docs["workspace/AGENTS.md"].status == "truncated" and docs["workspace/AGENTS.md"].kept_bytes == 4
    assert view.total_bytes == len("global rule\n") + 4


def test_codex_walks_from_the_root_marker_only(tmp_path, state_root, homes):
    from context_center.engine import open_engine

    outer = tmp_path / "outer"
    write(outer / "AGENTS.md", "above the repository\n")
    repo = outer / "repo"
    (repo / ".git").mkdir(parents=True)
    write(repo / "AGENTS.md", "repository rule\n")
    with open_engine(state_root=state_root, workspace=repo) as engine:
        assert [d.label for d in engine.agent_instructions("codex", repo, homes).documents] == ["workspace/AGENTS.md"]
    plain = tmp_path / "plain" / "sub"
    write(plain.parent / "AGENTS.md", "parent rule\n")
    write(plain / "AGENTS.md", "cwd rule\n")
    with open_engine(state_root=state_root, workspace=plain.parent) as engine:   # no .git anywhere: cwd only
        view = engine.agent_instructions("codex", plain, homes)
        assert [d.label for d in view.documents] == ["workspace/sub/AGENTS.md"] and view.limits["project_root"] is None


def test_codex_memories_off_by_default_and_the_summary_cut_when_on(engine, workspace, homes):
    memories = homes.codex_home / "memories"
    write(memories / "memory_summary.md", lines_of(300))     # 30,000 bytes: past ~5,000 tokens
    write(memories / "MEMORY.md", "- uses pnpm\n")
    docs = by_label(engine.agent_instructions("codex", workspace, homes))
    assert docs["~/.codex/memories/memory_summary.md"].status == "skipped"
    assert "off" in docs["~/.codex/memories/memory_summary.md"].reason
    write(homes.codex_home / "config.toml", "[features]\nmemories = true\n")
    docs = by_label(engine.agent_instructions("codex", workspace, homes))
    summary = docs["~/.codex/memories/memory_summary.md"]
    assert summary.status == "truncated" and summary.kept_bytes == 20_000 and summary.cut_line == 201
    assert docs["~/.codex/memories/MEMORY.md"].status == "on_demand"


def test_codex_bad_config_is_a_diagnostic_and_the_defaults_apply(engine, workspace, homes):
    write(homes.codex_home / "config.toml", "project_doc_max_bytes = [\n")
    write(workspace / "AGENTS.md", "rule\n")
    view = engine.agent_instructions("codex", workspace, homes)
    assert view.limits["project_doc_max_bytes"] == 32 * KIB
    assert [d.code for d in view.diagnostics] == ["agent_config_unreadable"]


# Claude Code -----------------------------------------------------------------------------------------

def test_claude_code_loads_managed_user_folders_local_and_rules_with_and_without_paths(engine, workspace, homes):
    write(homes.claude_managed, "company policy\n")
    write(homes.home / ".claude" / "CLAUDE.md", "my preferences\n")
    write(homes.home / ".claude" / "rules" / "style.md", "user rule\n")
    write(workspace / "CLAUDE.md", "project rule\n")
    write(workspace / ".claude" / "CLAUDE.md", "also project\n")
    write(workspace / "CLAUDE.local.md", "my local notes\n")
    write(workspace / ".claude" / "rules" / "always.md", "always rule\n")
    write(workspace / ".claude" / "rules" / "frontend" / "ts.md", '---\npaths:\n  - "src/**/*.ts"\n---\nts rule\n')
    write(workspace / "AGENTS.md", "Codex and Reasonix only\n")
    view = engine.agent_instructions("claude-code", workspace, homes)
    docs = by_label(view)
    assert [(d.label, d.status) for d in view.documents] == [
        (str(homes.claude_managed), "loaded"),
        ("~/.claude/CLAUDE.md", "loaded"),
        ("~/.claude/rules/style.md", "loaded"),
        ("workspace/CLAUDE.md", "loaded"),
        ("workspace/.claude/CLAUDE.md", "loaded"),
        ("workspace/CLAUDE.local.md", "loaded"),
        ("workspace/.claude/rules/always.md", "loaded"),
        ("workspace/.claude/rules/frontend/ts.md", "on_demand"),
    ]
    assert "src/**/*.ts" in docs["workspace/.claude/rules/frontend/ts.md"].reason
    assert docs["workspace/CLAUDE.local.md"].scope == "local"


def test_claude_code_expands_relative_absolute_and_home_imports_but_not_inside_code(engine, workspace, homes,
                                                                                    tmp_path):
    shared = write(tmp_path / "elsewhere" / "shared.md", "shared team rules\n")
    write(homes.home / "my-notes.md", "personal notes\n")
    write(workspace / "docs" / "setup.md", "setup steps\n")
    write(workspace / "docs" / "fenced.md", "never read\n")
    write(workspace / "docs" / "span.md", "never read either\n")
    write(workspace / "CLAUDE.md", f"See @docs/setup.md for setup.\n@{shared}\n@~/my-notes.md\n"
                                   "Write `@docs/span.md` literally.\n```\n@docs/fenced.md\n```\n@no/such/file.md\n")
    view = engine.agent_instructions("claude-code", workspace, homes)
    docs = by_label(view)
    assert docs["workspace/CLAUDE.md"].imports == ("workspace/docs/setup.md", shared.as_posix(), "~/my-notes.md")
    assert docs[shared.as_posix()].status == "loaded" and docs[shared.as_posix()].parent == "workspace/CLAUDE.md"
    assert docs["~/my-notes.md"].reason.startswith("imported by workspace/CLAUDE.md (line 3")
    assert "workspace/docs/fenced.md" not in docs and "workspace/docs/span.md" not in docs


def test_claude_code_follows_at_most_five_hops_and_reads_a_cycle_once(engine, workspace, homes):
    for i in range(1, 8):
        write(workspace / f"hop{i}.md", f"hop {i}\n@hop{i + 1}.md\n")
    write(workspace / "CLAUDE.md", "@hop1.md\n@CLAUDE.md\n")
    view = engine.agent_instructions("claude-code", workspace, homes)
    assert [d.label for d in view.documents] == ["workspace/CLAUDE.md"] + [f"workspace/hop{i}.md" for i in range(1, 6)]
    [problem] = view.diagnostics
    assert problem.code == "import_depth_exceeded" and "hop5.md" in problem.label


def test_claude_code_auto_memory_stops_after_200_lines(engine, workspace, homes):
    folder = homes.home / ".claude" / "projects" / str(workspace).replace("/", "-").replace("_", "-")
    folder = folder.with_name("".join(c if c.isalnum() else "-" for c in str(workspace)))
    write(folder / "memory" / "MEMORY.md", "".join(f"- [topic {i}](topic{i}.md)\n" for i in range(1, 251)))
    write(folder / "memory" / "topic1.md", "---\ntype: project\n---\nfirst topic\n")
    view = engine.agent_instructions("claude-code", workspace, homes)
    docs = by_label(view)
    index = docs[f"~/.claude/projects/{folder.name}/memory/MEMORY.md"]
    assert index.status == "truncated" and index.cut_line == 201
    assert index.body.splitlines()[-1] == "- [topic 200](topic200.md)" and "topic 201" not in index.body
    assert index.kept_bytes == len(index.body.encode())
    assert docs[f"~/.claude/projects/{folder.name}/memory/topic1.md"].status == "on_demand"
    assert any("stops before line 201" in w for w in view.warnings)


def test_claude_code_auto_memory_stops_at_25_kb_of_long_lines(engine, workspace, homes):
    folder = homes.home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(workspace))
    write(folder / "memory" / "MEMORY.md", lines_of(100, width=500))   # 100 lines, 50,000 bytes
    index = by_label(engine.agent_instructions("claude-code", workspace, homes))[
        f"~/.claude/projects/{folder.name}/memory/MEMORY.md"]
    assert index.status == "truncated" and index.kept_bytes <= 25_000 and index.cut_line == 50
    assert "25,000 bytes" in index.reason


def test_claude_code_subfolder_files_are_on_demand_and_excludes_skip(engine, workspace, homes):
    write(workspace / "CLAUDE.md", "root\n")
    write(workspace / "packages" / "api" / "CLAUDE.md", "api rules\n")
    write(workspace / "packages" / "legacy" / "CLAUDE.md", "old rules\n")
    write(workspace / "node_modules" / "dep" / "CLAUDE.md", "a dependency's file\n")
    write(workspace / ".claude" / "settings.json", '{"claudeMdExcludes": ["**/legacy/CLAUDE.md"]}')
    docs = by_label(engine.agent_instructions("claude-code", workspace, homes))
    assert docs["workspace/packages/api/CLAUDE.md"].status == "on_demand"
    assert docs["workspace/packages/legacy/CLAUDE.md"].status == "skipped"
    assert "claudeMdExcludes" in docs["workspace/packages/legacy/CLAUDE.md"].reason
    assert "workspace/node_modules/dep/CLAUDE.md" not in docs


def test_claude_code_skips_files_over_4_mib(engine, workspace, homes):
    write(workspace / "CLAUDE.md", "x" * (4 * 1024 * 1024 + 1))
    [doc] = engine.agent_instructions("claude-code", workspace, homes).documents
    assert doc.status == "skipped" and "4 MiB" in doc.reason and doc.body == ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("agent", ["codex", "claude-code"])
def test_a_fifo_named_like_an_instruction_file_is_reported_not_read(engine, workspace, homes, agent):
    os.mkfifo(workspace / ("AGENTS.md" if agent == "codex" else "CLAUDE.md"))
    view = engine.agent_instructions(agent, workspace, homes)   # returns: nothing waits on the pipe
    if agent == "codex":   # Codex takes regular files only: the pipe is not a candidate
        assert view.documents == () and view.diagnostics == ()
    else:
        assert [d.status for d in view.documents] == ["skipped"]
        assert view.diagnostics[0].code == "document_unreadable"


# Reasonix and the comparison --------------------------------------------------------------------------

def test_reasonix_is_the_default_and_its_answer_is_todays_plus_the_per_agent_keys(engine, workspace, homes):
    write(workspace / "AGENTS.md", "rule\n@docs/a.md\n")
    write(workspace / "docs" / "a.md", "imported\n")
    write(workspace / "AGENTS.local.md", "mine\n")
    today = engine.instructions(workspace).to_json()
    view = engine.agent_instructions(target=workspace, homes=homes).to_json()
    assert {k: view[k] for k in today} == {**today, "documents": view["documents"]}
    for old, new in zip(today["documents"], view["documents"], strict=True):
        assert {k: new[k] for k in old} == old
        assert new["status"] == "loaded" and new["bytes"] == len(old["body"].encode()) and new["reason"]
    assert view["agent"] == "reasonix" and view["total_bytes"] == sum(d["bytes"] for d in view["documents"])


def test_unknown_agent_or_missing_target_is_refused(engine, workspace):
    from context_center.engine import InvalidInput

    with pytest.raises(InvalidInput, match="unknown agent"):
        engine.agent_instructions("vim")
    for ask in (lambda: engine.agent_instructions("codex", workspace / "nope"),
                lambda: engine.compare_agents(workspace / "nope")):
        with pytest.raises(InvalidInput, match="does not exist"):
            ask()


def test_a_target_outside_the_workspace_is_named_in_every_view(engine, workspace, homes, tmp_path):
    for agent in ("reasonix", "claude-code", "codex"):
        view = engine.agent_instructions(agent, tmp_path, homes)
        assert view.target == workspace and view.diagnostics[0].code == "target_outside_workspace", agent


def test_side_by_side_sizes_are_the_files_own(engine, workspace, homes):
    write(workspace / "AGENTS.md", "Shared rule.\n@docs/setup.md\n")
    write(workspace / "docs" / "setup.md", "Setup.\n")
    row = next(r for r in engine.compare_agents(workspace, homes).rows if r.label == "workspace/AGENTS.md")
    size = len("Shared rule.\n@docs/setup.md\n")
    assert row.cell("reasonix") == f"loaded {size} B + imports" and row.cell("codex") == f"loaded {size} B"
    assert row.cell("claude-code") == "—"


def test_comparison_names_a_claude_only_file_an_import_shown_literally_and_text_received_twice(
        engine, workspace, homes):
    write(workspace / "CLAUDE.md", "Claude-only rule: prefer small commits over large rewrites.\n")
    write(workspace / "docs" / "setup.md", "Install with pnpm and run the full test suite first.\n")
    write(workspace / "pkg" / "AGENTS.md", "Package rule.\n@../docs/setup.md\n")
    write(workspace / "pkg" / "CLAUDE.md", "@../docs/setup.md\nInstall with pnpm and run the full test suite first.\n")
    comparison = engine.compare_agents(workspace / "pkg", homes, agents=("codex", "reasonix", "claude-code"))
    assert list(comparison.views) == ["reasonix", "claude-code", "codex"]   # in their own order
    messages = [d.message for d in comparison.differences]
    only = [d for d in comparison.differences if d.kind == "only_some" and d.paths[0].name == "CLAUDE.md"
            and d.paths[0].parent == workspace]
    assert only and only[0].agents == ("codex",) and "Codex does not read it" in only[0].message
    assert any(m.startswith("workspace/pkg/AGENTS.md:2 @../docs/setup.md") and "Codex shows it literally" in m
               and "Reasonix rejects it (import_outside_source)" in m for m in messages), messages
    twice = [d for d in comparison.differences if d.kind == "received_twice"]
    assert [d.message for d in twice] == ["Claude Code receives it twice: the text of workspace/docs/setup.md is "
                                          "also inside workspace/pkg/CLAUDE.md"]
    row = next(r for r in comparison.rows if r.label == "workspace/CLAUDE.md")
    assert row.per_agent["codex"] is None and row.per_agent["claude-code"].status == "loaded"
    assert set(comparison.to_json()) >= {"agents", "files", "differences"}


def test_reasonix_no_longer_receives_an_imported_file_twice(engine, workspace, homes):
    """A CLAUDE.md that imports AGENTS.md and says more: Reasonix received AGENTS.md's text twice
    (as itself, and inside CLAUDE.md), which the comparison named. It is now carried once."""
    write(workspace / "AGENTS.md", "Run the whole test suite before every push to main.\n")
    write(workspace / "CLAUDE.md", "Claude notes.\n@AGENTS.md\n")
    comparison = engine.compare_agents(workspace, homes)
    assert [d for d in comparison.differences if d.kind == "received_twice"] == []
    reasonix = comparison.views["reasonix"]
    assert [d.label for d in reasonix.documents] == ["workspace/CLAUDE.md"]
    assert "\n".join(d.body for d in reasonix.documents).count("Run the whole test suite") == 1


def test_views_follow_changes_on_disk(engine, workspace, homes):
    write(workspace / "AGENTS.md", "first\n")
    assert engine.agent_instructions("codex", workspace, homes).documents[0].body == "first"
    write(workspace / "AGENTS.md", "second\n")
    assert engine.agent_instructions("codex", workspace, homes).documents[0].body == "second"


# Each file against its agent's limit, in the limit's own unit ------------------------------------

def meters(document) -> list[tuple[str, int, int, int]]:
    return [(m.unit, m.before, m.used, m.limit) for m in document.meters]


def test_codex_files_share_the_32_kib_budget_and_each_meter_starts_where_the_last_ended(engine, workspace, homes):
    write(workspace / "AGENTS.md", "r" * 19_999 + "\n")                       # 20,000 bytes
    write(workspace / "pkg" / "AGENTS.md", "p" * 19_999 + "\n")               # crosses the budget
    write(workspace / "pkg" / "web" / "AGENTS.md", "the most specific rule\n")  # 23 bytes: dropped
    view = engine.agent_instructions("codex", workspace / "pkg" / "web", homes)
    root, pkg, web = view.documents
    assert meters(root) == [("bytes", 0, 20_000, 32 * KIB)] and not root.meters[0].over
    assert meters(pkg) == [("bytes", 20_000, 20_000, 32 * KIB)] and pkg.meters[0].over
    assert meters(web) == [("bytes", 32 * KIB, 23, 32 * KIB)] and web.meters[0].over
    assert root.to_json()["meters"] == [{"unit": "bytes", "before": 0, "used": 20_000, "limit": 32 * KIB}]


def test_claude_code_s_memory_index_is_measured_in_lines_and_bytes(engine, workspace, homes):
    folder = homes.home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(workspace))
    index_text = "".join(f"- [topic {i}](topic{i}.md)\n" for i in range(1, 251))
    write(folder / "memory" / "MEMORY.md", index_text)
    write(workspace / "CLAUDE.md", "root rules\n")
    docs = {d.label: d for d in engine.agent_instructions("claude-code", workspace, homes).documents}
    index = docs[f"~/.claude/projects/{folder.name}/memory/MEMORY.md"]
    assert meters(index) == [("lines", 0, 250, 200), ("bytes", 0, len(index_text.encode()), 25_000)]
    assert index.meters[0].over and not index.meters[1].over
    assert docs["workspace/CLAUDE.md"].meters == ()   # no limit of Claude Code's cuts it


def test_windsurf_rules_against_their_character_caps(engine, workspace, homes):
    write(homes.home / ".codeium" / "windsurf" / "memories" / "global_rules.md", "- " + "g" * 6_500 + "\n")
    write(workspace / ".windsurf" / "rules" / "small.md", "---\ntrigger: always_on\n---\n- Use bun.\n")
    docs = {d.label: d for d in engine.agent_instructions("windsurf", workspace, homes).documents}
    glob = next(d for label, d in docs.items() if label.endswith("global_rules.md"))
    assert meters(glob) == [("characters", 0, 6_502, 6_000)] and glob.meters[0].over   # (its body: no last newline)
    small = next(d for label, d in docs.items() if label.endswith("small.md"))
    assert [(m.unit, m.limit) for m in small.meters] == [("characters", 12_000)] and not small.meters[0].over
