"""The context-eng rules that need no server: sentences, tokens, labels, category names and their
near-duplicates, the map's shapes, and the guidance block."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine import AgentRefusal, guidance_block, open_agent_memory, write_guidance
from context_center.engine.agents import claims
from context_center.engine.contract import categories


@pytest.mark.parametrize("content", [
    "Use pnpm, e.g. for every install.", "Prefer ruff vs. flake8 in new code.", "Ask J. Smith before a release.",
    "Upgrade to v2. Then nothing else.", "Node 20.11.1 is the pinned runtime.", "The rule holds, i.e. always.",
    "用 pnpm 安装依赖。", "Is the cache warm?", "Run make test! and lint."])
def test_one_sentence_passes(content: str):
    assert claims.check_content(content) == " ".join(content.split())


@pytest.mark.parametrize("content", [
    "Use pnpm. Never npm.", "Is it warm? Yes it is.", "It works! Ship it.", "用 pnpm。不要用 npm。",
    "Deploy on Fridays. \"Never\" on Mondays."])
def test_a_second_sentence_is_refused(content: str):
    with pytest.raises(AgentRefusal) as refused:
        claims.check_content(content)
    assert refused.value.code == "NOT_ONE_SENTENCE"


def test_the_token_estimate_is_the_larger_of_characters_and_words():
    assert claims.approximate_tokens("abcd" * 10) == 10                 # 40 characters, 1 word
    assert claims.approximate_tokens("a b c d e f g h i j") == 13        # 10 words × 1.3
    claims.check_content("word " * 615)                                  # 800 tokens: kept
    with pytest.raises(AgentRefusal, match="tokens"):
        claims.check_content("word " * 616)


def test_whitespace_collapses_and_labels_are_nfkc_lowercased():
    assert claims.check_content("  Use\n\tpnpm   now.  ") == "Use pnpm now."
    assert claims.check_labels(["ＣＩ", " Build ", "ci"], "tags") == ("ci", "build")
    with pytest.raises(AgentRefusal):
        claims.check_labels(["x" * 65], "tags")
    for bad in (True, "0.5", float("nan"), -0.01, 1.01):
        with pytest.raises(AgentRefusal):
            claims.check_importance(bad)


@pytest.mark.parametrize(("new", "existing", "blocked"), [
    ("decisions", "decision", True), ("decison", "decision", True), ("batch_probe", "batch-probe", True),
    ("prefs", "preference", False), ("instruction-set", "instruction", False), ("runbook", "workflow", False)])
def test_near_duplicate_categories_follow_the_seeds_similarity_rule(new: str, existing: str, blocked: bool):
    assert (categories.nearest(new, [existing]) is not None) is blocked


def test_category_names_are_nfkc_trimmed_and_bounded():
    assert categories.normalize("  Ｄｅｃｉｓｉｏｎ ") == ("decision", "Decision")
    for bad in ("", "   ", "x" * 65, "bad\x07name", 7):
        with pytest.raises(AgentRefusal) as refused:
            categories.normalize(bad)
        assert refused.value.code == "INVALID_CATEGORY"


def test_a_category_is_per_scope_and_outlives_its_last_memory(state_root: Path, workspace: Path):
    service = open_agent_memory(state_root, workspace, "contract", use_judge=False)
    try:
        made = service.create({"content": "Keep the changelog current.", "category": "Runbook",
                               "confirmNewCategory": True})
        assert made["memory"]["category"] == "runbook"
        with pytest.raises(AgentRefusal) as refused:   # per scope: global has no runbook yet
            service.search({"query": "changelog", "categories": ["runbook"], "filters": {"scope": "global"}})
        assert refused.value.message == "unknown category: runbook"
        service.delete({"category": "RUNBOOK", "id": made["memory"]["id"]})
        [entry] = service.list_categories({"scope": "project"})["project"]
        assert entry == {"name": "Runbook", "count": 0, "staging_count": 0, "built_in": False, "auto_promote": False}
        assert service.search({"query": "changelog", "categories": ["runbook"]}).startswith("no matching memory.")
    finally:
        service.close()


def test_the_guidance_block_goes_in_once_between_its_markers(tmp_path: Path):
    agents = tmp_path / "AGENTS.md"
    agents.write_text("# Project rules\n\nUse pnpm.\n", encoding="utf-8")
    assert write_guidance(agents) is True
    assert write_guidance(agents) is False
    text = agents.read_text(encoding="utf-8")
    assert text.startswith("# Project rules\n\nUse pnpm.\n\n<!-- context-eng:start -->")
    assert text.count("<!-- context-eng:start -->") == 1 and text.endswith("<!-- context-eng:end -->\n")
    for tool in ("memory_search", "memory_create", "memory_edit", "memory_bind", "memory_list_categories",
                 "memory_map", "memory_promote", "memory_demote", "memory_delete"):
        assert f"`{tool}`" in guidance_block()
    agents.write_text(text.replace("memory_search", "old_tool", 1) + "\nAfter.\n", encoding="utf-8")
    assert write_guidance(agents) is True   # an outdated block is replaced, what surrounds it kept
    assert agents.read_text(encoding="utf-8").endswith("<!-- context-eng:end -->\n\nAfter.\n")
    broken = tmp_path / "CLAUDE.md"
    broken.write_text("<!-- context-eng:start -->\nhalf a block\n", encoding="utf-8")
    with pytest.raises(Exception, match="without a matching"):
        write_guidance(broken)
