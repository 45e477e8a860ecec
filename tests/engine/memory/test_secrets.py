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


def test_memory_cost_names_a_hand_written_pinned_fact_with_its_secrets_masked(state_root: Path, workspace: Path,
                                                                              cli):
    """#49: ``memory cost --json`` printed a hand-written fact's secret title verbatim."""
    with open_engine(state_root, workspace) as engine:
        memory = engine.paths.memory_dir("project")
    memory.mkdir(parents=True, exist_ok=True)
    (memory / f"deploy-{AWS}.md").write_text(
        f"---\nname: deploy-{AWS}\ntitle: Deploy key {TOKEN}\ndescription: the deploy key\nactivation: pinned\n"
        "metadata:\n  type: project\n  scope: project\n---\nDeploys use the key on staging.\n", encoding="utf-8")
    for n in range(10):   # enough recorded prompts for the unmatched-pinned advice, which names the fact too
        cli.run("hook", "claude-code", stdin=json.dumps({"prompt": f"what language should reply {n} use?",
                                                         "cwd": str(cli.workspace)}))
    for args in (("memory", "cost", "--json"), ("memory", "cost"), ("memory", "cost", "--agent", "reasonix")):
        result = cli.run(*args)
        assert result.code == 0, result.err
        assert "Deploy key" in result.out and "[REDACTED]" in result.out, args
        assert TOKEN not in result.out and AWS not in result.out, args


@pytest.mark.parametrize("option,value", [("--subject-key", f"deploy.{AWS}"), ("--subject-key", TOKEN),
                                          ("--name", f"aws_{AWS}"), ("--name", f"{AWS}key")])
def test_the_command_line_refuses_a_secret_in_a_name_or_subject_key_as_typed(cli, option: str, value: str):
    """#49: a subject key was lower-cased before any rule looked (``akiaq3…`` is no key to them)
    and stored; an AWS key id after ``_`` was no key either. The MCP server refused both."""
    args = ["memory", "remember", "--title", "deploy credentials", "--description", "d", "--body", "CI deploys.",
            option, value]
    if option != "--name":
        args += ["--name", "deploy-credentials"]
    refused = cli.refused(*args, code="SENSITIVE_CONTENT")
    assert AWS not in json.dumps(refused) and TOKEN not in json.dumps(refused)
    assert cli.ok("memory", "list")["facts"] == []
    assert AWS.lower() not in every_file_text(cli.root).lower() and "zq8zq8" not in every_file_text(cli.root).lower()


def test_the_form_names_a_secret_in_a_subject_key_before_saving():
    from context_center.engine.memory.fact_input import validate_fact_input

    problems = validate_fact_input(FactInput(name="deploy", title="Deploy", body="b", subject_key=f"ci.{AWS}"),
                                   creating=True)
    assert problems == {"subject_key": "contains a secret (AWS access key); it will not be written"}


def test_an_aws_key_id_inside_a_word_is_found_and_a_longer_run_is_not():
    from context_center.engine.memory.sensitive import find_secrets

    for text in (f"aws_{AWS}", f"{AWS}_prod", f"{AWS}key", f"key={AWS}", f"the id {AWS}."):
        assert [f.kind for f in find_secrets(text)] == ["AWS access key"], text
    for text in (f"X{AWS}", f"{AWS}Q", f"{AWS}7"):   # 21 capitals and digits: not a key id
        assert not find_secrets(text), text


def test_a_purges_dry_run_names_the_files_holding_a_secret_and_writes_none(state_root: Path, workspace: Path):
    """The window's History offers Purge secrets… only when there is something to purge."""
    with open_engine(state_root, workspace) as engine:
        fact = engine.remember(FactInput(title="CI", body="CI runs on every push.")).fact
        engine.edit(fact.id, FactInput(body="CI runs on every push to main."))
        assert engine.purge_secrets(fact.id, dry_run=True).rewritten == ()
        revision = next((state_root / "projects").glob("*/memory/.revisions/*/*.md"))
        text = revision.read_text(encoding="utf-8").replace("every push", f"every push with {TOKEN}")
        revision.write_text(text, encoding="utf-8")
        found = engine.purge_secrets(fact.id, dry_run=True)
        assert found.rewritten == (revision,) and found.kinds == ("GitHub token",)
        assert revision.read_text(encoding="utf-8") == text   # nothing written
