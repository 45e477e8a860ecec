"""GitHub Copilot, Gemini CLI, Cursor and Windsurf: what each receives, by its own documented rules,
on files shaped like the ones their users write (#35)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_center.engine import open_engine
from context_center.engine.instructions.agent_view import AgentHomes


@pytest.fixture
def homes(tmp_path: Path) -> AgentHomes:
    home = tmp_path / "home"
    home.mkdir()
    return AgentHomes(home, home / ".codex", None)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _view(state_root: Path, workspace: Path, homes: AgentHomes, agent: str, target: Path | None = None) -> dict:
    with open_engine(state_root, workspace) as engine:
        return engine.agent_instructions(agent, target or workspace, homes).to_json()


def _by_label(view: dict) -> dict[str, dict]:
    return {d["label"]: d for d in view["documents"]}


def test_copilot_reads_repository_and_path_specific_instructions_and_agents_md(state_root, workspace, homes):
    _write(workspace, {
        ".github/copilot-instructions.md": "# Repository\n- Use pnpm, never npm.\n",
        ".github/instructions/python.instructions.md":
            '---\napplyTo: "**/*.py,scripts/**"\n---\n- Type every function.\n',
        ".github/instructions/everywhere.instructions.md": '---\napplyTo: "**"\n---\n- Answer briefly.\n',
        ".github/instructions/release.instructions.md": "---\ndescription: release steps\n---\n- Tag first.\n",
        "AGENTS.md": "- Run the tests before a commit.\n",
        "CLAUDE.md": "- Claude only.\n",
        "web/AGENTS.md": "- Use the web team's lint.\n",
        "notes.md": "not an instruction file\n",
    })
    _write(homes.home, {".copilot/copilot-instructions.md": "- Reply in English.\n"})
    docs = _by_label(_view(state_root, workspace, homes, "copilot"))
    assert docs["workspace/.github/copilot-instructions.md"]["status"] == "loaded"
    python = docs["workspace/.github/instructions/python.instructions.md"]
    assert python["status"] == "on_demand"
    assert python["trigger"] == {"kind": "glob", "globs": ["**/*.py", "scripts/**"]}
    assert python["body"] == "- Type every function."   # the front matter is not sent
    assert docs["workspace/.github/instructions/everywhere.instructions.md"]["status"] == "loaded"
    assert docs["workspace/.github/instructions/release.instructions.md"]["trigger"]["kind"] == "manual"
    assert docs["workspace/AGENTS.md"]["status"] == "loaded" and docs["workspace/CLAUDE.md"]["status"] == "loaded"
    assert docs["workspace/web/AGENTS.md"]["trigger"] == {"kind": "glob", "globs": ["web/**"]}
    assert docs["~/.copilot/copilot-instructions.md"]["status"] == "loaded"
    assert "workspace/notes.md" not in docs


def test_gemini_follows_its_file_names_imports_and_saved_memories(state_root, workspace, homes):
    _write(homes.home, {".gemini/GEMINI.md": "# Mine\n\n## Gemini Added Memories\n- My database port is 5432.\n"})
    _write(workspace, {
        ".gemini/settings.json": json.dumps({"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}}),
        "AGENTS.md": "# Shared rules\n@./docs/style.md\n- Never push to main.\n",
        "docs/style.md": "- Two spaces.\n@./deeper.md\n",
        "docs/deeper.md": "- Deeper.\n@./style.md\n",          # a cycle: read once
        "GEMINI.md": "- Gemini only.\n@/etc/hostname\n@./missing.md\n```\n@./docs/style.md\n```\n",
        "api/GEMINI.md": "- API rules.\n",
    })
    view = _view(state_root, workspace, homes, "gemini")
    docs = _by_label(view)
    assert view["limits"]["file_names"] == ["AGENTS.md", "GEMINI.md"]
    assert view["limits"]["file_names_from"] == "workspace/.gemini/settings.json"
    order = [d["label"] for d in view["documents"]]
    assert order[0] == "~/.gemini/GEMINI.md"
    assert order.index("workspace/AGENTS.md") < order.index("workspace/docs/style.md") \
        < order.index("workspace/docs/deeper.md") < order.index("workspace/GEMINI.md")
    assert docs["workspace/docs/style.md"]["parent"] == "workspace/AGENTS.md"
    assert order.count("workspace/docs/style.md") == 1
    codes = {d["code"] for d in view["diagnostics"]}
    assert {"import_outside", "import_missing"} <= codes   # /etc/hostname refused; missing.md said
    assert "workspace/api/GEMINI.md" in docs and docs["workspace/api/GEMINI.md"]["trigger"]["globs"] == ["api/**"]
    assert any("Gemini Added Memories" in w for w in view["warnings"])


def test_gemini_reads_gemini_md_without_settings(state_root, workspace, homes):
    _write(workspace, {"GEMINI.md": "- Hello.\n", "AGENTS.md": "- Not read by default.\n"})
    docs = _by_label(_view(state_root, workspace, homes, "gemini"))
    assert "workspace/GEMINI.md" in docs and "workspace/AGENTS.md" not in docs


def test_cursor_reads_rules_by_their_front_matter(state_root, workspace, homes):
    _write(workspace, {
        ".cursor/rules/core.mdc": "---\ndescription: core\nalwaysApply: true\n---\n- Keep diffs small.\n",
        ".cursor/rules/typescript.mdc":
            "---\ndescription:\nglobs: **/*.ts,**/*.tsx\nalwaysApply: false\n---\n- Strict.\n",
        ".cursor/rules/migrations.mdc": "---\ndescription: How to write a database migration\n---\n- Reversible.\n",
        ".cursor/rules/manual.mdc": "---\nalwaysApply: false\n---\n- Only when asked.\n",
        ".cursor/rules/quoted.mdc": "---\nalwaysApply: 'true'\n---\n- Quoted.\n",
        ".cursorrules": "- The old file.\n",
        "AGENTS.md": "- Shared.\n",
        "pkg/.cursor/rules/pkg.mdc": "---\nalwaysApply: true\n---\n- Package rule.\n",
    })
    view = _view(state_root, workspace, homes, "cursor")
    docs = _by_label(view)
    assert docs["workspace/.cursor/rules/core.mdc"]["status"] == "loaded"
    assert docs["workspace/.cursor/rules/core.mdc"]["body"] == "- Keep diffs small."
    assert docs["workspace/.cursor/rules/typescript.mdc"]["trigger"] == {"kind": "glob",
                                                                         "globs": ["**/*.ts", "**/*.tsx"]}
    assert docs["workspace/.cursor/rules/migrations.mdc"]["trigger"] == {
        "kind": "description", "globs": [], "description": "How to write a database migration"}
    assert docs["workspace/.cursor/rules/manual.mdc"]["trigger"]["kind"] == "manual"
    assert docs["workspace/.cursor/rules/quoted.mdc"]["trigger"]["kind"] == "manual"
    assert any("quoted.mdc" in w for w in view["warnings"])
    assert docs["workspace/.cursorrules"]["status"] == "loaded" and docs["workspace/AGENTS.md"]["status"] == "loaded"
    assert docs["workspace/pkg/.cursor/rules/pkg.mdc"]["trigger"] == {"kind": "glob", "globs": ["pkg/**"]}


def test_windsurf_applies_triggers_and_its_character_caps(state_root, workspace, homes):
    big = "- " + "x" * 13_000 + "\n"
    _write(homes.home, {".codeium/windsurf/memories/global_rules.md": "- " + "g" * 6_500 + "\n"})
    _write(workspace, {
        ".windsurf/rules/always.md": "---\ntrigger: always_on\n---\n- Use bun.\n",
        ".windsurf/rules/big.md": "---\ntrigger: always_on\n---\n" + big,
        ".windsurf/rules/decide.md": "---\ntrigger: model_decision\ndescription: when writing SQL\n---\n- Use CTEs.\n",
        ".windsurf/rules/js.md": "---\ntrigger: glob\nglobs: \"*.js, src/**/*.ts\"\n---\n- ESM only.\n",
        ".windsurf/rules/manual.md": "---\ntrigger: manual\n---\n- On request.\n",
        ".windsurf/rules/odd.md": "---\ntrigger: sometimes\n---\n- Never applied.\n",
        "AGENTS.md": "- Shared.\n",
    })
    view = _view(state_root, workspace, homes, "windsurf")
    docs = _by_label(view)
    assert docs["workspace/.windsurf/rules/always.md"]["status"] == "loaded"
    cut = docs["workspace/.windsurf/rules/big.md"]
    assert cut["status"] == "truncated" and len(cut["body"]) == 12_000 and cut["cut_line"] == 1
    assert docs["~/.codeium/windsurf/memories/global_rules.md"]["status"] == "truncated"
    assert len(docs["~/.codeium/windsurf/memories/global_rules.md"]["body"]) == 6_000
    assert docs["workspace/.windsurf/rules/decide.md"]["trigger"] == {
        "kind": "description", "globs": [], "description": "when writing SQL"}
    assert docs["workspace/.windsurf/rules/js.md"]["trigger"] == {"kind": "glob", "globs": ["*.js", "src/**/*.ts"]}
    assert docs["workspace/.windsurf/rules/manual.md"]["trigger"]["kind"] == "manual"
    assert "none Windsurf knows" in docs["workspace/.windsurf/rules/odd.md"]["reason"]
    assert len(view["warnings"]) == 2


def test_a_fifo_or_a_yaml_bomb_in_a_cloned_rules_folder_stalls_nothing(state_root, workspace, homes):
    rules = workspace / ".cursor" / "rules"
    rules.mkdir(parents=True)
    os.mkfifo(rules / "pipe.mdc")
    bomb = "---\na: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\nglobs: *c\n---\n- body\n"
    (rules / "bomb.mdc").write_text(bomb, encoding="utf-8")
    docs = _by_label(_view(state_root, workspace, homes, "cursor"))
    assert docs["workspace/.cursor/rules/pipe.mdc"]["status"] == "skipped"
    assert docs["workspace/.cursor/rules/bomb.mdc"]["trigger"] == {"kind": "glob", "globs": ["*c"]}   # text, no alias


def test_the_cli_shows_each_new_agent_and_compares_any_subset(state_root, workspace, homes):
    _write(workspace, {"AGENTS.md": "- Never push to main.\n",
                       ".cursor/rules/ts.mdc": "---\nglobs: **/*.ts\n---\n- x\n"})
    env = {**os.environ, "HOME": str(homes.home)}

    def cli(*args: str) -> dict:
        done = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "memory",
                               "instructions", "--target", str(workspace), "--json", *args],
                              capture_output=True, text=True, env=env, cwd=workspace)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    for agent in ("copilot", "gemini", "cursor", "windsurf"):
        assert cli("--agent", agent)["agent"] == agent
    assert cli("--agent", "cursor")["documents"][0]["trigger"] == {"kind": "glob", "globs": ["**/*.ts"]}
    pair = cli("--compare", "cursor,copilot")
    assert list(pair["agents"]) == ["copilot", "cursor"]
    assert all(set(row["agents"]) == {"copilot", "cursor"} for row in pair["files"])
    assert len(cli("--compare")["agents"]) == 7
    done = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "memory",
                           "instructions", "--compare", "cursor,vim"], capture_output=True, text=True, env=env,
                          cwd=workspace)
    assert done.returncode != 0 and "'vim'" in done.stderr


def test_reasonix_carries_an_imported_agents_md_once(state_root, workspace):
    """A CLAUDE.md holding ``@AGENTS.md`` and lines of its own: AGENTS.md's text reaches Reasonix
    once, inside CLAUDE.md, not a second time as a document of its own."""
    _write(workspace, {"AGENTS.md": "- Never push to main.\n- Run the tests first.\n",
                       "CLAUDE.md": "@AGENTS.md\n\n- Claude only: keep answers short.\n"})
    with open_engine(state_root, workspace) as engine:
        resolved = engine.instructions(workspace)
    text = "\n".join(d.body for d in resolved.documents)
    assert text.count("Never push to main") == 1 and "Claude only" in text
    assert [d.label for d in resolved.documents] == ["workspace/CLAUDE.md"]
    assert any(d.code == "duplicate_document" and "imported by workspace/CLAUDE.md" in d.message
               for d in resolved.diagnostics)


def test_the_side_by_side_names_each_rule_that_reaches_some_agents_only(state_root, workspace, homes):
    _write(workspace, {"AGENTS.md": "- Run the tests before every commit.\n",
                       "CLAUDE.md": "- Never push to main without a review.\n- Run the tests before every commit.\n"})
    with open_engine(state_root, workspace) as engine:
        comparison = engine.compare_agents(workspace, homes, agents=("claude-code", "codex"))
    rules = [d.message for d in comparison.differences if d.kind == "rule_reaches_some"]
    # the rule AGENTS.md holds too reaches both; the other one Claude Code only
    assert rules == ["workspace/CLAUDE.md rule 'Never push to main without a review.' reaches Claude Code only"]
    many = "".join(f"- Rule number {i} for Claude alone.\n" for i in range(14))
    _write(workspace, {"CLAUDE.md": many})
    with open_engine(state_root, workspace) as engine:
        comparison = engine.compare_agents(workspace, homes, agents=("claude-code", "codex"))
    rules = [d.message for d in comparison.differences if d.kind == "rule_reaches_some"]
    assert "workspace/AGENTS.md rule 'Run the tests before every commit.' reaches Codex only" in rules
    claude = [m for m in rules if "CLAUDE.md" in m]
    assert len(claude) == 11 and claude[-1] == ("… and 4 more rules of workspace/CLAUDE.md that reach only some "
                                                "of the agents")


def test_a_rule_an_import_brings_is_named_by_the_file_that_says_it(state_root, workspace, homes):
    """A new user's walk: rules in AGENTS.md and docs/style.md, which CLAUDE.md imports, were named
    "workspace/CLAUDE.md rule …" (the importer Reasonix receives them in)."""
    _write(workspace, {"AGENTS.md": "- Use pnpm for installs.\n",
                       "docs/style.md": "- Four-space indentation in Python.\n",
                       "CLAUDE.md": "@AGENTS.md\n@docs/style.md\n\n- Keep answers short, in English.\n"})
    with open_engine(state_root, workspace) as engine:
        comparison = engine.compare_agents(workspace, homes, agents=("reasonix", "codex"))
    rules = sorted(d.message for d in comparison.differences if d.kind == "rule_reaches_some")
    assert rules == ["workspace/CLAUDE.md rule 'Keep answers short, in English.' reaches Reasonix only",
                     "workspace/docs/style.md rule 'Four-space indentation in Python.' reaches Reasonix only"]
    [style] = [d for d in comparison.differences if d.kind == "rule_reaches_some" and "style.md" in d.message]
    assert style.paths == (workspace / "docs" / "style.md",)


def test_what_a_hostile_clone_can_hold_neither_crashes_nor_hides_a_view(state_root, workspace, homes):
    """Found by an attack on these views: a thousand nested folders (recursion), 2,001 folders that
    came first and hid the rest (depth first), an import too long for a file name, a quadratic
    ``@a/a/a/…``, a BOM before the front matter, a brace glob split at its comma, context file
    names with a path, and a link followed without a word."""
    deep_trees = [_deep_tree(workspace / "deep"), _deep_tree(workspace / ".claude" / "rules")]
    try:
        _hostile_clone_checks(state_root, workspace, homes)
    finally:   # pytest's own clean-up recurses: a later session sharing its temporary root would fail
        for top in deep_trees:
            _remove_deep_tree(top)


def _deep_tree(top: Path) -> Path:
    """1,100 nested folders under ``top`` (one level at a time: pathlib's mkdir would recurse too
    deep), a rule file at the bottom."""
    deep = top
    deep.mkdir(parents=True)
    for _ in range(1100):
        deep = deep / "d"
        deep.mkdir()
    (deep / "deepest.md").write_text("- At the bottom.\n")
    return top


def _remove_deep_tree(top: Path) -> None:
    folders = [top]
    while (below := folders[-1] / "d").is_dir():
        folders.append(below)
    (folders[-1] / "deepest.md").unlink()
    for folder in reversed(folders):
        folder.rmdir()


def _hostile_clone_checks(state_root, workspace, homes):
    for i in range(2001):
        (workspace / "aaa" / f"f{i:04d}").mkdir(parents=True)
    _write(workspace, {
        "zzz/AGENTS.md": "- Found, though listed last.\n",
        "GEMINI.md": "@" + "x" * 300 + ".md\n@" + "a/" * 20_000 + "b.md\n- ok\n",
        ".cursor/rules/bom.mdc": "\ufeff---\nalwaysApply: true\n---\n- With a BOM.\n",
        ".cursor/rules/brace.mdc": "---\nglobs: src/**/*.{ts,tsx},docs/**\n---\n- Braces.\n",
        ".gemini/settings.json": json.dumps({"context": {"fileName": ["GEMINI.md", "/etc/passwd", "../x.md"]}}),
        "real.md": "- the target\n",
    })
    os.symlink(workspace / "real.md", workspace / ".windsurfrules")
    import time
    started = time.monotonic()
    for agent in ("claude-code", "copilot", "gemini", "cursor", "windsurf"):
        _view(state_root, workspace, homes, agent)   # none raises
    assert time.monotonic() - started < 60   # (a quadratic import check took minutes)
    cursor = _by_label(_view(state_root, workspace, homes, "cursor"))
    assert cursor["workspace/.cursor/rules/bom.mdc"]["status"] == "loaded"
    assert cursor["workspace/.cursor/rules/brace.mdc"]["trigger"]["globs"] == ["src/**/*.{ts,tsx}", "docs/**"]
    copilot = _view(state_root, workspace, homes, "copilot")
    assert "workspace/zzz/AGENTS.md" in _by_label(copilot)   # nearest first: aaa/'s 2,001 folders hide nothing
    assert any(d["code"] == "scan_limit" for d in copilot["diagnostics"])
    gemini = _view(state_root, workspace, homes, "gemini")
    assert gemini["limits"]["file_names"] == ["GEMINI.md"]
    assert any(d["code"] == "agent_config_limit" for d in gemini["diagnostics"])
    windsurf = _by_label(_view(state_root, workspace, homes, "windsurf"))
    assert "a symbolic link to" in windsurf["workspace/.windsurfrules"]["reason"]
    claude = _by_label(_view(state_root, workspace, homes, "claude-code"))
    assert claude["workspace/.claude/rules" + "/d" * 1100 + "/deepest.md"]["status"] == "loaded"


def test_a_rules_folder_of_empty_folders_is_looked_through_only_so_far(state_root, workspace, homes):
    """A clone's .cursor/rules/ holding thousands of empty folders: the walk stops (and says so)
    rather than list every one of them on every view."""
    for i in range(2_100):
        (workspace / ".cursor" / "rules" / f"f{i:04d}").mkdir(parents=True)
    view = _view(state_root, workspace, homes, "cursor")
    limits = [d["message"] for d in view["diagnostics"] if d["code"] == "scan_limit"]
    assert "workspace/.cursor/rules holds more than 2,000 folders; the first found are shown" in limits
