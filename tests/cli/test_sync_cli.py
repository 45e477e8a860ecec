"""``context-center sync`` as scripts see it: JSON shapes, and offline as a warning with exit 0."""
from __future__ import annotations

import json
import subprocess
import sys

from support.sync_remotes import make_machine


def run(machine, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(machine.root),
                           "--workspace", str(machine.workspace), *args],
                          capture_output=True, text=True, timeout=60)


def test_sync_answers_pulled_pushed_and_conflicts_and_offline_is_exit_0(tmp_path, remote):
    laptop = make_machine(tmp_path, "laptop", origin="git@example.com:me/app.git")
    assert run(laptop, "memory", "remember", "--title", "A fact", "--body", "x", "--json").returncode == 0
    refused = run(laptop, "sync", "--json")
    assert refused.returncode == 1 and json.loads(refused.stdout)["error"] == "SYNC_NOT_SET_UP"
    said = run(laptop, "sync").stderr.strip()   # the next step named, once (issue #36)
    assert said == ("SYNC_NOT_SET_UP: sync is not set up for this state root (set it up with "
                    "`context-center sync init --remote URL`)"), said
    first = run(laptop, "sync", "init", "--remote", remote, "--json")
    assert first.returncode == 0, first.stderr
    data = json.loads(first.stdout)
    assert {"pulled", "pushed", "conflicts", "offline"} <= data.keys() and data["pushed"] >= 1
    (tmp_path / "remote.git").rename(tmp_path / "elsewhere.git")
    offline = run(laptop, "sync", "--json")
    assert offline.returncode == 0
    assert json.loads(offline.stdout)["offline"] is True and json.loads(offline.stdout)["warning"]
    human = run(laptop, "sync")
    assert human.returncode == 0 and human.stdout.startswith("Warning:")
    status = json.loads(run(laptop, "sync", "status", "--json").stdout)
    assert status["initialised"] and status["interval_minutes"] == 15 and status["last"]["offline"]
    assert json.loads(run(laptop, "sync", "conflicts", "--json").stdout) == {"conflicts": []}


def test_a_remote_that_is_not_a_repository_is_refused_at_set_up(tmp_path, remote):
    laptop = make_machine(tmp_path, "laptop", origin="git@example.com:me/app.git")
    wrong = run(laptop, "sync", "init", "--remote", str(tmp_path / "no-such-repo.git"), "--json")
    assert wrong.returncode == 1 and json.loads(wrong.stdout)["error"] == "INVALID_INPUT"
    assert "was not set up" in json.loads(wrong.stdout)["message"]
    assert json.loads(run(laptop, "sync", "status", "--json").stdout)["initialised"] is False
    assert run(laptop, "sync", "init", "--remote", remote, "--json").returncode == 0


def test_settling_by_an_edit_needs_the_text(tmp_path, remote):
    laptop = make_machine(tmp_path, "laptop", origin="git@example.com:me/app.git")
    assert run(laptop, "memory", "remember", "--title", "A fact", "--body", "x", "--json").returncode == 0
    flagged = laptop.root / "projects"
    [path] = [p for p in flagged.rglob("a-fact.md")]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("---\n", "---\nsync_conflict: {\"kind\": \"edited_both\", \"ours_revision\": 1, "
                                 "\"ours_machine\": \"a\", \"theirs_revision\": 1, \"theirs_machine\": \"b\"}\n", 1),
                    encoding="utf-8")
    bare = run(laptop, "sync", "resolve", "a-fact", "--keep", "edit", "--json")
    assert bare.returncode == 1 and json.loads(bare.stdout)["error"] == "INVALID_INPUT"
    edited = run(laptop, "sync", "resolve", "a-fact", "--keep", "edit", "--body", "y", "--json")
    assert edited.returncode == 0, edited.stderr
    assert json.loads(run(laptop, "sync", "conflicts", "--json").stdout) == {"conflicts": []}


def test_a_fact_changed_on_both_machines_is_counted_as_merged_and_a_plain_clone_checks_the_facts_out(tmp_path,
                                                                                                   git_home):
    """The counts read 'pulled 0, pushed 6, 1 conflict' after the other machine's version had been
    merged in; and the sync pushed main to a bare remote whose HEAD is master, so a plain clone of
    it checked out nothing."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "master", str(remote)], check=True, timeout=60)
    laptop = make_machine(tmp_path, "laptop", "app", origin="git@example.com:me/app.git")
    desk = make_machine(tmp_path, "desk", "work-app", origin="git@example.com:me/app.git")
    made = json.loads(run(laptop, "memory", "remember", "--name", "deploy", "--title", "Deploy", "--body",
                          "We deploy on Tuesdays.", "--json").stdout)
    assert run(laptop, "sync", "init", "--remote", str(remote), "--json").returncode == 0
    assert json.loads(run(desk, "sync", "init", "--remote", str(remote), "--json").stdout)["pulled"] >= 1
    assert run(laptop, "memory", "edit", made["id"], "--body", "We deploy on Wednesdays.").returncode == 0
    assert run(desk, "memory", "edit", made["id"], "--body", "We deploy on Thursdays.").returncode == 0
    assert run(laptop, "sync", "--json").returncode == 0
    synced = json.loads(run(desk, "sync", "--json").stdout)
    assert synced["merged"] == 1 and len(synced["conflicts"]) == 1
    clone = tmp_path / "plain-clone"
    subprocess.run(["git", "clone", "-q", str(remote), str(clone)], check=True, timeout=60, capture_output=True)
    assert list(clone.rglob("deploy.md")), "a plain clone of the remote checked out nothing"
    head = subprocess.run(["git", "--git-dir", str(remote), "symbolic-ref", "HEAD"], capture_output=True, text=True,
                          timeout=60).stdout.strip()
    assert head == "refs/heads/main"


def test_the_human_line_says_what_was_merged():
    from context_center.cli.sync_commands import _human

    said = _human({"pulled": 0, "merged": 1, "pushed": 6, "remote": "r", "renamed": [], "conflicts": [],
                   "warning": None})
    assert said == "Pulled 0 files, merged 1 fact changed on both machines, pushed 6 files (r)."
