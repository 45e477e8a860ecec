"""Every sentence the instruction views say (a document's reason, a warning, a diagnostic, a side-by-
side difference) carries its code and values, so a face words it in its own language; the Chinese
window showed English where one was plain text (#49 item 18). The command line's English is the
same sentence, word for word."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from context_center.engine import open_engine
from context_center.engine.instructions.agent_view import AgentHomes
from context_center.engine.instructions.reasons import REASONS, Reason

AGENTS = ("reasonix", "claude-code", "codex", "copilot", "gemini", "cursor", "windsurf")


@pytest.fixture
def homes(tmp_path: Path) -> AgentHomes:
    home = tmp_path / "home"
    home.mkdir()
    return AgentHomes(home, home / ".codex", None)


def _write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))


def _zoo(workspace: Path, homes: AgentHomes, outside: Path) -> None:
    """A workspace that makes every view say what it says least often."""
    deep = {f"docs/d{n}.md": f"@d{n + 1}.md\n" for n in range(7)}
    _write(workspace, {
        "CLAUDE.md": "@docs/d0.md\n- Claude rule.\n",
        **deep, "docs/d7.md": "- deepest\n",
        "AGENTS.md": "",                                    # empty: Codex reads the next name
        "AGENTS.override.md": "",
        "GEMINI.md": "@nowhere.md\n@../../../etc/hosts\n- Gemini rule.\n",
        ".cursor/rules/odd.mdc": "---\nalwaysApply: maybe\n---\n- Odd.\n",
        ".windsurf/rules/big.md": "---\ntrigger: always_on\n---\n- " + "x" * 13_000 + "\n",
        ".gemini/settings.json": json.dumps({"context": {"fileName": ["GEMINI.md", "/abs.md", "../up.md"]}}),
        "CLAUDE.local.md": b"\xff\xfe not utf-8\n",
        ".github/copilot-instructions.md": "- Copilot rule.\n",
    })
    _write(homes.codex_home, {"config.toml": 'project_doc_max_bytes = "lots"\nproject_doc_fallback_filenames = 7\n',
                              "AGENTS.override.md": "", "AGENTS.md": "- Codex's global rule.\n"})
    _write(homes.home, {".codeium/windsurf/memories/global_rules.md": "- " + "g" * 6_500 + "\n"})
    (outside / "elsewhere.md").write_text("- outside\n")
    (workspace / "REASONIX.md").symlink_to(outside / "elsewhere.md")


def _sentences(view) -> list[str]:
    said = [d.reason for d in view.documents] + list(view.warnings) + [d.message for d in view.diagnostics]
    return [s for s in said if s]


def _codes(sentence: str) -> list[str]:
    if not isinstance(sentence, Reason):
        return []
    return [sentence.code] + [code for _name, value in sentence.fields for code in _codes(value)]


def _uncoded(sentence: str) -> list[str]:
    """The sentence and every sentence inside it that carries no code the engine words."""
    if not isinstance(sentence, Reason) or sentence.code not in REASONS:
        return [str(sentence)]
    return [bad for _name, value in sentence.fields if isinstance(value, Reason) for bad in _uncoded(value)]


def test_every_sentence_of_every_view_carries_its_code(state_root, workspace, homes, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    _zoo(workspace, homes, outside)
    with open_engine(state_root, workspace) as engine:
        views = {agent: engine.agent_instructions(agent, workspace, homes) for agent in AGENTS}
        comparison = engine.compare_agents(workspace, homes)
        outside_target = engine.agent_instructions("reasonix", outside, homes)
    said = [s for view in views.values() for s in _sentences(view)] + _sentences(outside_target)
    said += [d.message for d in comparison.differences]
    codes = {code for sentence in said for code in _codes(sentence)}
    # what the zoo was made to make the views say (so the test cannot pass on a quiet workspace)
    assert {"codex_empty_next", "cursor_always_text", "cut_chars", "windsurf_file_cap", "windsurf_global_cap",
            "config_not_byte_count", "config_not_file_names", "gemini_file_names", "gemini_import_missing",
            "claude_import_too_deep", "file_not_utf8", "target_outside_workspace"} <= codes, sorted(codes)
    assert [bad for sentence in said for bad in _uncoded(sentence)] == []


def test_the_command_line_says_the_same_english(state_root, workspace, homes, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    _zoo(workspace, homes, outside)
    with open_engine(state_root, workspace) as engine:
        cursor = engine.agent_instructions("cursor", workspace, homes).to_json()
        codex = engine.agent_instructions("codex", workspace, homes).to_json()
    assert "workspace/.cursor/rules/odd.mdc: alwaysApply is the text 'maybe', not true or false; Cursor does not " \
           "apply the rule always" in cursor["warnings"]
    messages = [d["message"] for d in codex["diagnostics"]]
    assert "project_doc_max_bytes = 'lots' is not a byte count; the default 32,768 is shown" in messages, messages
    assert any(d["reason"] == "empty: Codex reads the next name instead" for d in codex["documents"])
    assert os.path.islink(workspace / "REASONIX.md")


@pytest.mark.parametrize("files", [
    {"CLAUDE.md": "# Claude\n- Never push to main.\n- Keep answers short.\n", "AGENTS.md": "- Never push to main.\n",
     ".gemini/settings.json": "{not json"},
    {"AGENTS.md": "- Shared.\n", "GEMINI.md": "- Shared.\n", ".gemini/settings.json": "[1, 2]"},
    {"AGENTS.md": "- Shared.\n", "CLAUDE.md": "@AGENTS.md\n",
     ".gemini/settings.json": '{"context": {"fileName": ["AGENTS.md"]}}'},
    {"AGENTS.md": "- Shared.\n", "GEMINI.md": "- Shared.\n"},
])
def test_what_align_says_carries_its_code(state_root, workspace, files):
    _write(workspace, files)
    with open_engine(state_root, workspace) as engine:
        plan = engine.align_agents()
    said = list(plan.notes) + [change.why for change in plan.changes]
    assert said and [bad for sentence in said for bad in _uncoded(sentence)] == []


def _rarer(workspace: Path, home: Path) -> None:
    """What the zoo does not make the views say: a linked rules file, an import that is not UTF-8,
    settings nested too deeply, a file over Claude Code's limit, Codex's memories and its second
    global file, Gemini CLI's saved memories; a file over the reader's limit, a pipe, a link to itself."""
    _write(workspace, {
        "docs/legacy-rules.md": "- Legacy rule.\n",
        "CLAUDE.md": "@docs/latin1.md\n- Claude rule.\n", "docs/latin1.md": b"- caf\xe9\n",
        ".claude/settings.json": "[" * 100_000 + "]" * 100_000,
        ".claude/CLAUDE.md": "- " + "x" * (4 * 1024 * 1024) + "\n",
    })
    (workspace / ".cursorrules").symlink_to(workspace / "docs/legacy-rules.md")
    _write(workspace, {"AGENTS.md": "- " + "a" * (1024 * 1024) + "\n"})   # over the reader's limit
    (workspace / "REASONIX.local.md").symlink_to("REASONIX.local.md")     # a link to itself: ELOOP
    (workspace / ".cursor" / "rules").mkdir(parents=True)
    os.mkfifo(workspace / ".cursor" / "rules" / "pipe.mdc")                # not a regular file
    _write(home, {".gemini/GEMINI.md": "- Mine.\n\n## Gemini Added Memories\n- I use tabs.\n",
                  ".gemini/settings.json": "{" + '"a": {' * 100_000 + "}" * 100_001})
    for codex, config, summary in ((".codex-on", "[features]\nmemories = true\n", "- " + "m" * 30_000 + "\n"),
                                   (".codex-small", "[features]\nmemories = true\n", "- A memory.\n"),
                                   (".codex-off", "", "- A memory.\n")):
        _write(home / codex, {"config.toml": config, "AGENTS.override.md": "- Override.\n",
                              "AGENTS.md": "- Global.\n", "memories/memory_summary.md": summary,
                              "memories/tabs.md": "- Tabs.\n"})


def test_the_rarer_sentences_carry_their_codes_too(state_root, workspace, tmp_path):
    home = tmp_path / "home"
    _rarer(workspace, home)
    said: list[str] = []
    with open_engine(state_root, workspace) as engine:
        for codex in (".codex-on", ".codex-small", ".codex-off"):
            homes = AgentHomes(home, home / codex, None)
            said += [s for agent in AGENTS for s in _sentences(engine.agent_instructions(agent, workspace, homes))]
    codes = {code for sentence in said for code in _codes(sentence)}
    assert {"symlink_to", "not_utf8_text", "nested_too_deeply", "claude_over_limit", "codex_read_instead",
            "codex_memories_off_how", "codex_memories_off", "codex_memory_summary", "codex_memory_summary_cut",
            "codex_memory_on_demand", "gemini_memories_warning", "unsafe_over_limit", "unsafe_not_regular",
            "os_error"} <= codes, sorted(codes)
    assert "workspace/.cursor/rules/pipe.mdc cannot be read: not a regular file (a pipe, a device or a folder); " \
           "not read" in said   # (the command line's English, as it was)
    assert [bad for sentence in said for bad in _uncoded(sentence)] == []
