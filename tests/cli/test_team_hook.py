"""``team install-hook``: a real git repository in tmp_path, real commits, the hook run by git.

git runs with a home and a global config of the test's own, so nothing of this machine's git
setup (a global core.hooksPath, a template folder) takes part.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SECRET = "AKIA" + "Q3EXAMPLE7KEYZ5R"   # an AWS access key id's shape
CLEAN = """---
name: release-day
title: Releases are cut on Mondays
description: When releases are cut
metadata:
  type: project
  scope: team
---

Releases are cut on Mondays from main.
"""


class Repo:
    def __init__(self, root: Path, env: dict[str, str]) -> None:
        self.root = root
        self.env = env

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        proc = subprocess.run(["git", *args], cwd=self.root, env=self.env, capture_output=True, text=True,
                              timeout=120)
        if check:
            assert proc.returncode == 0, f"git {args}: {proc.stdout} {proc.stderr}"
        return proc

    def cc(self, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "context_center", *args], cwd=cwd or self.root, env=self.env,
                              capture_output=True, text=True, timeout=120)

    def install(self, *args: str) -> dict:
        proc = self.cc("team", "install-hook", "--json", *args)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    def fact(self, name: str, text: str) -> str:
        path = self.root / ".context-center" / "memory" / f"{name}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return str(path.relative_to(self.root))

    def commit(self, *paths: str, message: str = "change") -> subprocess.CompletedProcess:
        if paths:
            self.git("add", "--", *paths)
        return self.git("commit", "-m", message, check=False)

    def commits(self) -> int:
        listed = self.git("rev-list", "--count", "HEAD", check=False)
        return int(listed.stdout.strip()) if listed.returncode == 0 else 0


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".gitconfig").write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "CONTEXT_CENTER"))}
    env.update(HOME=str(home), GIT_CONFIG_GLOBAL=str(home / ".gitconfig"), GIT_CONFIG_NOSYSTEM="1",
               PYTHONPATH=str(REPO), CONTEXT_CENTER_HOME=str(tmp_path / "state"))
    root = tmp_path / "project"
    root.mkdir()
    made = Repo(root, env)
    made.git("init", "-q", "-b", "main")
    made.git("config", "user.name", "Test Person")
    made.git("config", "user.email", "test@example.com")
    (root / "README.md").write_text("a project\n")
    made.git("add", "README.md")
    made.git("commit", "-q", "-m", "start")
    return made


def test_a_clean_fact_commits_and_one_adding_a_secret_is_refused(repo: Repo):
    installed = repo.install()
    hook = repo.root / ".git" / "hooks" / "pre-commit"
    assert installed == {"path": str(hook), "changed": True, "action": "installed", "chained": None}
    assert os.access(hook, os.X_OK) and sys.executable in hook.read_text()

    assert repo.commit(repo.fact("release-day", CLEAN)).returncode == 0
    leaked = repo.fact("deploy", CLEAN.replace("release-day", "deploy").replace(
        "from main.", f"from main.\nThe deploy key is {SECRET} for now."))
    refused = repo.commit(leaked)
    assert refused.returncode != 0 and repo.commits() == 2
    assert f"{leaked}:11: a secret (AWS access key)" in refused.stderr, refused.stderr
    assert "git commit --no-verify" in refused.stderr and SECRET not in refused.stderr + refused.stdout

    # what counts is what is staged: fixed in the work tree only, still refused; fixed and staged, fine
    Path(repo.root / leaked).write_text(CLEAN.replace("release-day", "deploy"))
    assert repo.commit().returncode != 0
    assert repo.commit(leaked).returncode == 0 and repo.commits() == 3
    Path(repo.root / leaked).write_text(f"password = {SECRET}\n")   # unstaged: not this commit's
    repo.fact("other", CLEAN.replace("release-day", "other"))
    assert repo.commit(".context-center/memory/other.md").returncode == 0

    # deleting a fact is how a team forgets it: fine, even when the file is not a fact any more
    repo.git("rm", "-q", "-f", "--", leaked)
    assert repo.commit().returncode == 0


def test_an_unparseable_fact_and_a_merge_conflict_are_refused(repo: Repo):
    repo.install()
    broken = repo.fact("broken", "---\ntitle: [never closed\nname: broken\n---\nBody.\n")
    refused = repo.commit(broken)
    assert refused.returncode != 0 and f"{broken}:" in refused.stderr
    assert "not a fact file" in refused.stderr and "YAML" in refused.stderr

    repo.git("reset", "-q")
    Path(repo.root / broken).unlink()
    conflicted = repo.fact("conflicted", CLEAN.replace("Releases are cut on Mondays from main.",
                                                       "<<<<<<< HEAD\nMondays.\n=======\nFridays.\n>>>>>>> topic"))
    refused = repo.commit(conflicted)
    assert refused.returncode != 0 and f"{conflicted}:10: an unresolved merge conflict" in refused.stderr

    checked = repo.cc("team", "check-staged", "--json")
    assert checked.returncode == 1
    assert json.loads(checked.stdout)["problems"] == [
        {"path": conflicted, "line": 10, "kind": "conflict",
         "reason": "an unresolved merge conflict (<<<<<<< … >>>>>>>): keep one side"}]
    assert repo.git("commit", "--no-verify", "-q", "-m", "knowingly").returncode == 0


def test_an_existing_hook_keeps_running_and_a_second_install_changes_nothing(repo: Repo):
    hooks = repo.root / ".git" / "hooks"
    users = "#!/bin/sh\necho ran >> \"$(git rev-parse --show-toplevel)/../user-hook-ran\"\n"
    (hooks / "pre-commit").write_text(users)
    (hooks / "pre-commit").chmod(0o755)
    first = repo.install()
    assert first["action"] == "installed" and first["chained"] == str(hooks / "pre-commit.local")
    ours = (hooks / "pre-commit").read_bytes()
    second = repo.install()
    assert second == {**first, "changed": False, "action": "unchanged"}
    assert (hooks / "pre-commit").read_bytes() == ours and (hooks / "pre-commit.local").read_text() == users
    said = repo.cc("team", "install-hook")
    assert "already installed; nothing changed" in said.stdout

    assert repo.commit(repo.fact("release-day", CLEAN)).returncode == 0
    ran = repo.root.parent / "user-hook-ran"
    assert ran.read_text() == "ran\n"
    assert repo.commit(repo.fact("leak", f"password = {SECRET}\n")).returncode != 0
    assert ran.read_text() == "ran\nran\n"   # the user's hook ran, and ours refused after it

    (hooks / "pre-commit.local").write_text("#!/bin/sh\necho 'the user hook says no' >&2\nexit 3\n")
    repo.git("reset", "-q")
    refused = repo.commit(repo.fact("fine", CLEAN.replace("release-day", "fine")))
    assert refused.returncode != 0 and "the user hook says no" in refused.stderr

    removed = repo.install("--uninstall")
    assert removed["action"] == "removed" and (hooks / "pre-commit").read_text().startswith("#!/bin/sh\necho 'the")
    assert not (hooks / "pre-commit.local").exists()
    assert repo.install("--uninstall")["action"] == "absent"


def test_core_hooks_path_and_linked_worktrees_are_respected(repo: Repo, tmp_path: Path):
    repo.git("config", "core.hooksPath", ".githooks")
    installed = repo.install()
    assert installed["path"] == str(repo.root / ".githooks" / "pre-commit")
    assert repo.commit(repo.fact("leak", f"api_key = {SECRET}\n")).returncode != 0

    repo.git("config", "--unset", "core.hooksPath")
    repo.git("reset", "-q")
    repo.git("worktree", "add", "-q", str(tmp_path / "linked"), "-b", "topic")
    linked = repo.cc("team", "install-hook", "--json", cwd=tmp_path / "linked")
    assert json.loads(linked.stdout)["path"] == str(repo.root / ".git" / "hooks" / "pre-commit")
    leak = tmp_path / "linked" / ".context-center" / "memory" / "leak.md"
    leak.parent.mkdir(parents=True)
    leak.write_text(f"token: {SECRET}\n")
    add = subprocess.run(["git", "add", "."], cwd=leak.parent, env=repo.env, capture_output=True)
    assert add.returncode == 0
    refused = subprocess.run(["git", "commit", "-m", "leak"], cwd=tmp_path / "linked", env=repo.env,
                             capture_output=True, text=True)
    assert refused.returncode != 0 and ".context-center/memory/leak.md:1: a secret" in refused.stderr


def test_outside_a_repository_it_says_so(tmp_path: Path, repo: Repo):
    outside = tmp_path / "plain"
    outside.mkdir()
    said = repo.cc("--workspace", str(outside), "team", "install-hook", "--json", cwd=outside)
    assert said.returncode == 1 and json.loads(said.stdout)["error"] == "INVALID_INPUT"
    assert "is not in a git repository" in said.stderr and "fatal" not in said.stderr
