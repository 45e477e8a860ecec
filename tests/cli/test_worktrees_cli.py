"""Worktrees from the command line, as real processes: the hook in a linked worktree recalls the
repository's facts, two worktrees write at once and lose nothing, `--only-worktree` and
`--only-branch` set and clear a fact's limit."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from support.git_repos import git, init_repo, isolate_git


@pytest.fixture
def trees(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    isolate_git(monkeypatch, tmp_path / "git-home")
    main = init_repo(tmp_path / "src" / "app")
    linked = tmp_path / "src" / "app-login"
    git(main, "worktree", "add", "-q", "-b", "feature/login", str(linked))
    return main, linked


def run(state_root: Path, where: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), *args],
                          input=stdin, capture_output=True, text=True, cwd=where, timeout=120,
                          env={**os.environ, "CONTEXT_CENTER_SERVICE": "off"})


def test_the_hook_in_a_linked_worktree_recalls_the_repositorys_facts(trees, state_root):
    main, linked = trees
    assert run(state_root, main, "memory", "remember", "--title", "Deploys",
               "--body", "Deploys go through the staging cluster first.").returncode == 0
    event = json.dumps({"session_id": "s", "hook_event_name": "UserPromptSubmit", "cwd": str(linked),
                        "prompt": "how do deploys reach the staging cluster?"})
    done = run(state_root, linked, "hook", "claude-code", stdin=event)
    assert done.returncode == 0 and "staging cluster first" in done.stdout, done.stderr


def test_two_worktrees_writing_at_once_lose_nothing(trees, state_root):
    main, linked = trees
    jobs = [(where, f"fact-{where.name}-{i}") for i in range(6) for where in (main, linked)]
    with ThreadPoolExecutor(len(jobs)) as pool:
        results = list(pool.map(lambda job: run(state_root, job[0], "memory", "remember", "--name", job[1],
                                                "--title", job[1], "--body", f"written from {job[0].name}"), jobs))
    assert [r.returncode for r in results] == [0] * len(jobs), [r.stderr for r in results if r.returncode]
    for where in (main, linked):
        listed = json.loads(run(state_root, where, "memory", "list", "--json").stdout)["facts"]
        assert sorted(f["name"] for f in listed) == sorted(name for _, name in jobs)


def test_only_worktree_and_only_branch_set_show_and_clear_a_limit(trees, state_root):
    main, linked = trees
    made = run(state_root, linked, "memory", "remember", "--title", "Login flag", "--body", "LOGIN_V2 is on",
               "--only-worktree", "app-login", "--only-branch", "feature/*", "--json")
    assert made.returncode == 0, made.stderr
    fact = json.loads(made.stdout)
    assert (fact["worktree"], fact["branch"]) == ("app-login", "feature/*")
    listed = run(state_root, main, "memory", "list")
    assert "[only worktree app-login, branch feature/*]" in listed.stdout
    found = run(state_root, main, "memory", "search", "LOGIN_V2")   # explicit search shows it, with its limit
    assert "only worktree app-login, branch feature/*" in found.stdout, found.stdout + found.stderr
    cleared = run(state_root, main, "memory", "edit", "login-flag", "--only-worktree", "", "--only-branch", "",
                  "--json")
    assert cleared.returncode == 0, cleared.stderr
    shown = json.loads(run(state_root, main, "memory", "show", "login-flag", "--json").stdout)
    assert shown["worktree"] is None and shown["branch"] is None
    refused = run(state_root, main, "memory", "remember", "--title", "x", "--body", "y", "--only-worktree", "a b",
                  "--json")
    assert refused.returncode == 1 and json.loads(refused.stdout)["error"] == "INVALID_INPUT"
