"""Each file against its agent's limit, in the limit's own unit: Codex's project files share a
32 KiB budget (each meter says what the files above it spent), Claude Code's MEMORY.md stops at
200 lines or 25,000 bytes, Windsurf caps a rule's characters. A file no limit applies to has none."""
from __future__ import annotations

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
