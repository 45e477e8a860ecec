"""Secrets are never stored or shown verbatim: not in a file name, a recall trace, a recovered
fact, its revision, or a SKILL.md (#13)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_center.engine import FactInput, SensitiveContent, open_engine

pytestmark = pytest.mark.adversarial

TOKEN = "ghp_" + "Zq8" * 12
AWS = "AKIAQ3EGT5JXKZ7PLM2R"


def every_file_text(root: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in root.rglob("*")
                     if p.is_file() and p.suffix in (".md", ".json"))


@pytest.mark.parametrize("title", [f"password = hunter2hunter2 for {TOKEN}", f"key {AWS}"])
def test_redacted_secrets_never_name_the_file(engine, title: str):
    made = engine.remember(FactInput(title=title, body=f"The token is {TOKEN}.", redact_secrets=True)).fact
    assert "hunter2" not in made.name and "akia" not in made.name.lower() and "ghp" not in made.name
    assert TOKEN not in every_file_text(engine.paths.root) and AWS not in every_file_text(engine.paths.root)


def test_a_secret_pasted_into_a_prompt_is_masked_in_the_recall_trace(cli):
    cli.remember("deploys", "Deploys go through the staging cluster first.")
    hook = cli.run("hook", "claude-code", stdin=json.dumps({"prompt": f"deploy with {TOKEN} to staging",
                                                            "cwd": str(cli.workspace)}))
    assert hook.code == 0
    last = cli.run("memory", "recall", "--last", "--json")
    assert TOKEN not in last.out and "[REDACTED]" in last.out


def test_recovering_a_hand_written_archive_entry_masks_its_token(state_root: Path, workspace: Path):
    with open_engine(state_root, workspace) as engine:
        archive = engine.paths.memory_dir("project") / ".archive"
        archive.mkdir(parents=True)
        entry = archive / "20261101-120000.000-leaky.md"
        entry.write_text(f"---\nid: mem-{'1' * 32}\nrevision: 3\nname: leaky\ntitle: Leaky\n"
                         f"description: ci\nmetadata:\n  type: project\n  scope: project\n---\n"
                         f"The CI token is {TOKEN}.\n", encoding="utf-8")
        recovered = engine.recover(str(entry)).fact
        assert TOKEN not in recovered.body and "[REDACTED]" in recovered.body
        assert TOKEN not in every_file_text(engine.paths.memory_dir("project"))
        assert all(TOKEN not in r.body for r in engine.revisions(recovered.id)[1])


def test_a_skill_holding_a_secret_is_not_written(engine, tmp_path: Path):
    from context_center.engine.suggestions.candidates import SkillCandidate
    from context_center.engine.suggestions.service import write_skill

    skill = SkillCandidate(id="s1", name="deploy", title="Deploy", description="how to deploy",
                           body=f"---\nname: deploy\ndescription: d\n---\nRun `deploy --token {TOKEN}`.\n",
                           reason="", evidence=())
    with pytest.raises(SensitiveContent):
        write_skill(skill, tmp_path / "skills")
    assert not (tmp_path / "skills" / "deploy").exists()


def test_recall_and_search_never_print_a_hand_written_secret(state_root: Path, workspace: Path, cli):
    with open_engine(state_root, workspace) as engine:
        memory = engine.paths.memory_dir("project")
    memory.mkdir(parents=True, exist_ok=True)
    (memory / "deploy-key.md").write_text(
        f"---\nname: deploy-key\ntitle: Deploy key {TOKEN}\ndescription: the deploy uses {AWS}\n"
        f"metadata:\n  type: project\n  scope: project\n---\nDeploys use the key {TOKEN} on staging.\n",
        encoding="utf-8")
    for args in (("memory", "recall", "how do deploys use the key on staging?", "--json"),
                 ("memory", "recall", "--last", "--json"), ("memory", "search", "deploy key staging", "--json"),
                 ("memory", "search", "deploy key staging")):
        result = cli.run(*args)
        assert result.code == 0, result.err
        assert TOKEN not in result.out and AWS not in result.out, args


def test_a_secret_in_a_key_another_tool_wrote_is_masked_on_the_next_write(state_root: Path, workspace: Path):
    with open_engine(state_root, workspace) as engine:
        memory = engine.paths.memory_dir("project")
        memory.mkdir(parents=True, exist_ok=True)
        path = memory / "ci.md"
        path.write_text(f"---\nid: mem-{'2' * 32}\nrevision: 1\nname: ci\ntitle: CI\ndescription: ci\n"
                        f"ci_token: {TOKEN}\nmetadata:\n  type: project\n  scope: project\n  note: key {AWS}\n---\n"
                        "CI runs on every push.\n", encoding="utf-8")
        engine.refresh()
        engine.edit("ci", FactInput(body="CI runs on every push to main."))
        text = path.read_text(encoding="utf-8")
        assert TOKEN not in text and AWS not in text and "ci_token: [REDACTED]" in text


def test_purge_secrets_masks_every_revision_and_archive_entry_in_place(cli, state_root: Path, workspace: Path):
    made = cli.remember("ci", "CI runs on every push.")
    cli.ok("memory", "edit", made["id"], "--body", "CI runs on every push to main.")
    revision = next((state_root / "projects").glob("*/memory/.revisions/*/*.md"))
    revision.write_text(revision.read_text(encoding="utf-8").replace("every push", f"every push with {TOKEN}"),
                        encoding="utf-8")
    shown = cli.ok("memory", "revisions", made["id"])["revisions"][0]   # masked as shown, kept in the file
    assert TOKEN not in shown["body"] and shown["masked"] == [{"field": "body", "kind": "GitHub token"}]
    assert TOKEN in revision.read_text(encoding="utf-8")
    report = cli.ok("memory", "purge-secrets", made["id"])
    assert report["rewritten"] == [str(revision)] and report["kinds"] == ["GitHub token"]
    assert TOKEN not in json.dumps(cli.ok("memory", "revisions", made["id"]))
    assert cli.ok("memory", "purge-secrets", made["id"])["rewritten"] == []   # nothing left
