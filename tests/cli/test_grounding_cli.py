"""``--ref``, ``memory grounding``, and the grounding in ``memory``, ``list`` and ``show``: the command
line on a real git repository, the hook as a real process."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from support.git_repos import BOB, commit_all, git

CODE = "def deploy(target):\n    run_migrations(target)\n    restart(target)\n"


@pytest.fixture
def repo_cli(git_repo: Path, cli: Any) -> Any:
    """The command line with a real git repository as its workspace."""
    (git_repo / "ops").mkdir()
    (git_repo / "ops" / "deploy.py").write_text(CODE)
    commit_all(git_repo, "Deploy script")
    return type(cli)(cli.root, git_repo, cli.home)


def test_remember_with_refs_and_the_grounding_report(repo_cli: Any):
    made = repo_cli.ok("memory", "remember", "--title", "Deploy runs migrations", "--body",
                       "Deploys run the migrations before the restart.", "--ref", "ops/deploy.py:2-3",
                       "--ref", "ops/deploy.py#deploy")
    assert made["refs"] == ["ops/deploy.py:2-3", "ops/deploy.py#deploy"]
    assert made["grounding"]["state"] == "grounded" and made["proposed_refs"] == []
    assert repo_cli.ok("memory", "grounding") == {"facts": []}
    (repo_cli.workspace / "ops" / "deploy.py").write_text(CODE.replace("run_migrations", "migrate"))
    commit = commit_all(repo_cli.workspace, "Rename the migration step", author=BOB)
    report = repo_cli.ok("memory", "grounding")
    [entry] = report["facts"]
    assert entry["ref"] == "project/deploy-runs-migrations.md" and entry["grounding"]["state"] == "changed"
    [lines, symbol] = entry["grounding"]["refs"]
    assert lines["state"] == "changed" and lines["commit"].startswith(commit) and lines["author"] == BOB[0]
    assert lines["evidence"]["lines"] == ["    run_migrations(target)", "    restart(target)"]
    assert lines["now"] == ["    migrate(target)", "    restart(target)"]
    assert symbol["state"] == "ok"
    assert repo_cli.ok("memory", "grounding", "--state", "broken") == {"facts": []}
    shown = repo_cli.ok("memory", "show", "deploy-runs-migrations")
    assert shown["grounding"]["state"] == "changed" and shown["grounding"]["refs"][0]["commit"] is None  # no git
    assert repo_cli.ok("memory")["grounding"] == {"grounded": 0, "changed": 1, "broken": 0, "unverified": 0}
    human = repo_cli.run("memory").out
    assert "Grounding    1 changed, 0 broken" in human
    verified = repo_cli.ok("memory", "verify", "deploy-runs-migrations")
    assert verified["grounding"]["state"] == "grounded" and verified["revision"] == 2


def test_a_ref_that_leaves_the_workspace_is_refused_and_edit_replaces_or_clears_refs(repo_cli: Any):
    refused = repo_cli.refused("memory", "remember", "--title", "t", "--body", "b", "--ref", "../../etc/passwd",
                               code="INVALID_INPUT")
    assert "../../etc/passwd" in refused["message"]
    repo_cli.ok("memory", "remember", "--title", "Deploy", "--body", "b", "--ref", "ops/deploy.py")
    assert repo_cli.ok("memory", "edit", "deploy", "--ref", "ops/")["refs"] == ["ops/"]
    cleared = repo_cli.ok("memory", "edit", "deploy", "--no-refs")
    assert "refs" not in cleared and cleared["grounding"]["state"] == "none"
    assert repo_cli.run("memory", "edit", "deploy", "--no-refs", "--ref", "ops/").code == 1


def test_a_fact_naming_code_gets_refs_proposed_never_added(repo_cli: Any):
    made = repo_cli.ok("memory", "remember", "--title", "Deploy order",
                       "--body", "`deploy` in ops/deploy.py runs the migrations first.")
    assert made["proposed_refs"] == ["ops/deploy.py", "ops/deploy.py#deploy"] and "refs" not in made
    human = repo_cli.run("memory", "remember", "--title", "Deploy order 2", "--body", "See ops/deploy.py.").out
    assert "context-center memory edit project/deploy-order-2.md --ref ops/deploy.py" in human


def test_the_hook_holds_back_a_fact_whose_code_is_gone(repo_cli: Any):
    repo_cli.ok("memory", "remember", "--title", "Deploy runs migrations", "--body",
                "Deploys run the migrations before the restart.", "--ref", "ops/deploy.py#deploy")
    event = {"hook_event_name": "UserPromptSubmit", "prompt": "do deploys run the migrations before the restart?",
             "session_id": "s1", "cwd": str(repo_cli.workspace)}

    def hook() -> str:
        proc = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(repo_cli.root),
                               "hook", "claude-code"], input=json.dumps(event), capture_output=True, text=True,
                              cwd=repo_cli.workspace, env={**repo_cli.env(), "CONTEXT_CENTER_SERVICE": "off"},
                              timeout=60)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    assert "Deploys run the migrations" in hook()
    git(repo_cli.workspace, "rm", "-q", "ops/deploy.py")
    assert "Deploys run the migrations" not in hook()
    last = repo_cli.ok("memory", "recall", "--last")
    assert any(r["reason"] == "broken grounding: ops/deploy.py#deploy (the file ops/deploy.py is gone)"
               for r in last["rejected"])


def test_the_printed_command_quotes_what_it_proposes(repo_cli: Any):
    folder = repo_cli.workspace / ".context-center" / "memory"
    folder.mkdir(parents=True)
    (folder / "odd.md").write_text('---\nname: odd\ntitle: Odd\ndescription: d\nrefs: ["ops/$(id).py"]\n'
                                   "metadata:\n  type: project\n  scope: team\n---\n\nSee ops/deploy.py first.\n")
    human = repo_cli.run("memory", "verify", "odd").out
    assert "--ref 'ops/$(id).py' --ref ops/deploy.py" in human   # pasted, it runs nothing
