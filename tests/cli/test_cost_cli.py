"""``memory cost``: what each agent's context costs, source by source, on real files — a CLAUDE.md
importing AGENTS.md, a Codex chain over its budget, pinned facts, recorded injections and a
registered MCP server — with the totals, the estimate's method and what a user can act on."""
from __future__ import annotations

import json
import math
import statistics

AGENTS_MD = ("# Agents\n\nRun the tests with pytest before every push; CI runs the same command and fails on "
             "warnings.\n\nUse pnpm, never npm: the lockfile is pnpm-lock.yaml and CI rejects package-lock.json.\n")
CLAUDE_MD = ("@AGENTS.md\n\nUse pnpm, never npm: the lockfile is pnpm-lock.yaml and CI rejects package-lock.json.\n"
             "\nReview every migration with the database team before it merges.\n")


def estimate(text: str) -> int:
    """The documented estimate, written out again here (no CJK in these texts)."""
    return max(math.ceil(len(text) / 4), math.ceil(len(text.split()) * 1.3)) if text else 0


def prompt(cli, text: str, session: str = "s1") -> str:
    return json.dumps({"session_id": session, "cwd": str(cli.workspace), "hook_event_name": "UserPromptSubmit",
                       "prompt": text})


def by_agent(report: dict) -> dict[str, dict]:
    return {agent["agent"]: agent for agent in report["agents"]}


def test_each_source_of_each_agent_with_its_tokens_and_the_totals(cli):
    (cli.workspace / "AGENTS.md").write_text(AGENTS_MD, encoding="utf-8")
    (cli.workspace / "CLAUDE.md").write_text(CLAUDE_MD, encoding="utf-8")
    pinned = cli.remember("reply-in-english", "Always reply in English.", "--activation", "pinned")
    cli.remember("package-manager", "The repository uses pnpm; npm install makes a lockfile CI rejects.",
                 "--keywords", "pnpm npm")
    assert cli.run("connect", "claude-code", "--yes").code == 0
    for _ in range(3):
        assert cli.run("hook", "claude-code", stdin=prompt(cli, "which package manager, pnpm or npm?")).code == 0
    records = [r for r in cli.ok("memory", "recall", "--history")["injections"] if r["kind"] == "recall"]
    assert len(records) == 3 and all(r["chars"] > 0 for r in records)

    report = cli.ok("memory", "cost")
    agents = by_agent(report)
    assert {"reasonix", "claude-code", "codex"} <= set(agents) and set(report["method"]) == set(agents)
    claude = agents["claude-code"]
    assert set(claude) >= {"agent", "per_turn_tokens", "session_start_tokens", "sources", "recall", "method"}
    assert claude["method"].startswith("estimate")
    sources = {(s["kind"], s["path"] or s["ref"] or s["label"]): s for s in claude["sources"]}
    for source in claude["sources"]:
        assert set(source) >= {"kind", "path", "ref", "bytes", "tokens", "status", "when"}
        assert (source["path"] is None) or (source["ref"] is None)
    agents_md = sources[("instructions", str(cli.workspace / "AGENTS.md"))]
    claude_md = sources[("instructions", str(cli.workspace / "CLAUDE.md"))]
    assert (agents_md["tokens"], agents_md["bytes"], agents_md["status"], agents_md["when"]) == (
        estimate(AGENTS_MD), len(AGENTS_MD.encode()), "loaded", "every_turn")
    assert claude_md["tokens"] == estimate(CLAUDE_MD)   # the import is its own source, not counted twice

    [fact] = [s for s in claude["sources"] if s["kind"] == "pinned" and s["ref"]]
    assert fact["ref"] == pinned["ref"] and fact["when"] == "session_start"
    assert fact["tokens"] == estimate(f"- [{fact['ref']}] Always reply in English.")
    [tools] = [s for s in claude["sources"] if s["kind"] == "mcp_tools"]
    assert tools["when"] == "every_turn" and tools["tokens"] > 500 and tools["path"].endswith(".claude.json")

    recall = claude["recall"]
    spent = [math.ceil(r["chars"] / 4) for r in records]
    assert recall["turns"] == 3 and recall["mean_tokens"] == round(statistics.mean(spent))
    assert recall["p95_tokens"] == max(spent) and recall["last_7_days"][-1] == sum(spent)
    assert len(recall["last_7_days"]) == 7 and sum(recall["last_7_days"][:-1]) == 0
    [recalled] = [s for s in claude["sources"] if s["kind"] == "recall"]
    assert recalled["tokens"] == recall["mean_tokens"] and recalled["when"] == "every_turn"

    assert claude["per_turn_tokens"] == sum(s["tokens"] for s in claude["sources"] if s["when"] == "every_turn")
    assert claude["session_start_tokens"] == sum(s["tokens"] for s in claude["sources"]
                                                 if s["when"] == "session_start") > fact["tokens"]
    assert [s["tokens"] for s in claude["sources"]] == sorted((s["tokens"] for s in claude["sources"]), reverse=True)

    repeated = [a for a in claude["advice"] if a["kind"] == "repeated"]
    assert len(repeated) == 1 and repeated[0]["tokens"] == estimate(
        "Use pnpm, never npm: the lockfile is pnpm-lock.yaml and CI rejects package-lock.json.")

    codex = agents["codex"]   # not connected, no hook: its AGENTS.md only
    assert [s["kind"] for s in codex["sources"]] == ["instructions"] and codex["recall"] is None
    assert codex["per_turn_tokens"] == estimate(AGENTS_MD) and codex["session_start_tokens"] == 0
    reasonix = agents["reasonix"]   # reads the store itself: the pinned facts, at a session's start
    assert any(s["kind"] == "pinned" and s["ref"] == fact["ref"] for s in reasonix["sources"])
    assert not any(s["kind"] == "pinned" for s in codex["sources"])

    only = cli.ok("memory", "cost", "--agent", "codex")
    assert [a["agent"] for a in only["agents"]] == ["codex"]
    human = cli.run("memory", "cost", "--agent", "claude-code").out
    assert "claude-code: ~" in human and "tokens every turn" in human and "Tokens: estimate" in human
    assert cli.run("memory", "cost", "--agent", "nobody").code == 2


def test_a_codex_chain_over_its_budget_is_cut_and_dropped_and_says_what_never_arrives(cli):
    big = "".join(f"Rule {n}: keep the module boundaries as the architecture document draws them.\n\n"
                  for n in range(500))   # about 40 KB: past Codex's 32 KiB
    (cli.workspace / "AGENTS.md").write_text(big, encoding="utf-8")
    sub = cli.workspace / "service"
    sub.mkdir()
    (sub / "AGENTS.md").write_text("The service talks to the queue, never to the database.\n", encoding="utf-8")
    codex = by_agent(cli.ok("memory", "cost", "--agent", "codex", "--target", str(sub)))["codex"]
    files = {s["path"]: s for s in codex["sources"]}
    root, nested = files[str(cli.workspace / "AGENTS.md")], files[str(sub / "AGENTS.md")]
    assert root["status"] == "truncated" and root["bytes"] == 32 * 1024
    assert root["tokens"] == estimate(big.encode()[:32 * 1024].decode())
    assert nested["status"] == "dropped" and nested["tokens"] == 0 and nested["bytes"] == 0
    assert codex["per_turn_tokens"] == root["tokens"]
    kinds = {a["kind"]: a for a in codex["advice"]}
    assert kinds["cut"]["tokens"] == estimate(big) - root["tokens"] and "line" in kinds["cut"]["text"]
    assert kinds["dropped"]["tokens"] == estimate("The service talks to the queue, never to the database.\n")


def test_a_pinned_fact_no_recorded_prompt_touched_is_named_with_what_it_would_save(cli):
    cli.remember("deploy-window", "Deploys go out on Tuesdays after the smoke tests.", "--activation", "pinned")
    cli.remember("reply-language", "Replies use English, even to questions asked in French.", "--activation",
                 "pinned", "--keywords", "language english french")
    for n in range(10):
        cli.run("hook", "claude-code", stdin=prompt(cli, f"what language should reply number {n} use?"))
    reasonix = by_agent(cli.ok("memory", "cost", "--agent", "reasonix"))["reasonix"]
    unmatched = [a for a in reasonix["advice"] if a["kind"] == "unmatched_pinned"]
    assert [a["refs"] for a in unmatched] == [["project/deploy-window.md"]]
    assert unmatched[0]["tokens"] == estimate("- [project/deploy-window.md] Deploys go out on Tuesdays after the "
                                              "smoke tests.")
    assert "10 recorded prompts" in unmatched[0]["text"]


def test_paragraphs_that_state_discoverable_facts_not_rules_are_named_with_their_saving(cli):
    facts = ["The API server lives in services/api and is written in Go 1.22, with its migrations beside it.",
             "The web client is a Next.js 14 application; its components are stored under web/src/components."]
    rules = ["Never push to main: open a pull request and wait for the two approvals the branch rules ask for.",
             "Run the whole test suite with make test before you push, and keep the coverage above ninety percent."]
    (cli.workspace / "CLAUDE.md").write_text("# Project\n\n" + "\n\n".join([rules[0], *facts, rules[1]]) + "\n",
                                             encoding="utf-8")
    claude = by_agent(cli.ok("memory", "cost", "--agent", "claude-code"))["claude-code"]
    [advice] = [a for a in claude["advice"] if a["kind"] == "discoverable"]
    assert advice["tokens"] == sum(estimate(p) for p in facts)
    assert advice["text"].startswith("workspace/CLAUDE.md: 2 paragraphs state discoverable facts, not rules")
    assert advice["paths"] == [str(cli.workspace / "CLAUDE.md")]


def test_a_discoverable_paragraph_is_named_by_the_imported_file_that_says_it(cli):
    """A new user's walk: a fact paragraph in AGENTS.md, which CLAUDE.md imports beside
    docs/style.md, was named "workspace/CLAUDE.md" with ~61 tokens: the paragraph ran on across the
    imports' wrappers into the style guide's rule."""
    fact = "The API server lives in services/api and is written in Go 1.22, with its migrations beside it."
    rule = "Four-space indentation in Python, and never a tab: the formatter rejects tabs in CI."
    (cli.workspace / "docs").mkdir()
    (cli.workspace / "docs" / "style.md").write_text(f"# Style\n{rule}\n", encoding="utf-8")
    (cli.workspace / "AGENTS.md").write_text(f"# Agents\n\n{fact}\n", encoding="utf-8")
    (cli.workspace / "CLAUDE.md").write_text("@AGENTS.md\n@docs/style.md\n", encoding="utf-8")
    reasonix = by_agent(cli.ok("memory", "cost", "--agent", "reasonix"))["reasonix"]
    [advice] = [a for a in reasonix["advice"] if a["kind"] == "discoverable"]
    assert advice["text"].startswith("workspace/AGENTS.md: 1 paragraph states a discoverable fact, not a rule")
    assert advice["tokens"] == estimate(fact) and advice["paths"] == [str(cli.workspace / "AGENTS.md")]
    assert "(“The API server lives in services/api and is written in Go 1…”)" in advice["text"]


def test_a_short_fact_paragraph_is_advice_too(cli):
    """A second walk: "The API server lives in services/api and is written in Go." (58 characters)
    was no advice at all; only paragraphs of 60 or more were read."""
    fact = "The API server lives in services/api and is written in Go."
    (cli.workspace / "AGENTS.md").write_text(f"# Agents\n\n{fact}\n\n- Use pnpm for installs.\n", encoding="utf-8")
    codex = by_agent(cli.ok("memory", "cost", "--agent", "codex"))["codex"]
    [advice] = [a for a in codex["advice"] if a["kind"] == "discoverable"]
    assert f"(“{fact}”)" in advice["text"] and advice["tokens"] == estimate(fact)


def test_a_fact_in_a_bullet_list_is_advice_too(cli):
    """#49: the README's own example was no advice when it sat in a bullet list: the list was one
    paragraph, and its rule ("Use pnpm") hid the fact beside it."""
    fact = "The API server lives in services/api and is written in Go."
    (cli.workspace / "AGENTS.md").write_text(f"# Agents\n\n- {fact}\n- Use pnpm for installs.\n"
                                             "* Never push to main.\n", encoding="utf-8")
    codex = by_agent(cli.ok("memory", "cost", "--agent", "codex"))["codex"]
    [advice] = [a for a in codex["advice"] if a["kind"] == "discoverable"]
    assert f"(“{fact}”)" in advice["text"] and advice["tokens"] == estimate(fact)
    assert advice["text"].startswith("workspace/AGENTS.md: 1 paragraph states a discoverable fact")
