"""A sync remote is hostile until checked (#26): real git, a bare repository on disk as the remote,
an attacker's clone pushing trees no work tree could hold, two state roots as two machines."""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from context_center.engine import FactInput
from support.sync_remotes import Attacker, Machine, git, planted_table_of_contents, synced_git

pytestmark = pytest.mark.adversarial

FACT = """---
id: mem-{id}
revision: 1
created_at: 2026-11-02T09:14:00Z
updated_at: 2026-11-02T09:14:00Z
name: {name}
title: {title}
metadata:
  type: project
  scope: global
---

{body}
"""


def remember(engine, title: str, body: str, scope: str = "global"):
    return engine.remember(FactInput(title=title, body=body, type="project", scope=scope)).fact


def state_files(root: Path) -> dict[str, bytes]:
    """Every file under the state root outside the parts sync may write or that change by themselves."""
    found = {}
    for path in root.rglob("*"):
        relative = path.relative_to(root).as_posix()
        if relative.startswith(("sync.git", "memory/", "projects/")) or path.is_dir():
            continue
        if relative.startswith(("catalog.sqlite", "index/", "cache/", ".lock", ".sync.lock")):
            continue   # ours, changing as the engine works; checked by the tests that need them
        found[relative] = path.read_bytes()
    return found


@pytest.fixture
def synced(two_machines, remote, tmp_path):
    """The laptop set up sync with one global fact; the desk joined; an attacker cloned the remote."""
    laptop, desk = two_machines
    with laptop.open() as engine:
        fact = remember(engine, "Deploy day", "We deploy on Tuesdays.")
        engine.sync_init(remote)
    with desk.open() as engine:
        engine.sync_init(remote)
    return laptop, desk, Attacker(remote, tmp_path / "attacker.git"), fact


def test_a_planted_search_index_never_lands_and_a_search_runs_nothing(synced, tmp_path):
    _laptop, desk, attacker, fact = synced
    marker = tmp_path / "pwned"
    attacker.push({"index/_MAIN_999.toc": ("100644", planted_table_of_contents(marker))})
    with desk.open() as engine:
        result = engine.sync()
        assert [r.path for r in result.refused] == ["index/_MAIN_999.toc"]
        assert "only facts travel" in result.refused[0].reason and "refused" in result.warning
        assert not (desk.root / "index" / "_MAIN_999.toc").exists()
        assert [h.fact.id for h in engine.search("deploy").hits] == [fact.id]
    assert not marker.exists()
    data = json.loads(subprocess.run(
        [sys.executable, "-m", "context_center", "--state-root", str(desk.root), "--workspace", str(desk.workspace),
         "memory", "search", "deploy", "--json"], capture_output=True, text=True, timeout=60).stdout)
    assert [h["id"] for h in data["hits"]] == [fact.id] and not marker.exists()


def test_a_table_of_contents_planted_in_the_index_runs_nothing_and_the_index_is_rebuilt(
        state_root, workspace, tmp_path, cli_process):
    """The second wall: whatever put it there, Whoosh's pickles are read by an unpickler that builds
    only what an index holds."""
    cli_process.remember("deploy-day", "We deploy on Tuesdays.")
    assert cli_process.ok("memory", "search", "deploy")["hits"]
    marker = tmp_path / "pwned"
    (state_root / "index" / "_MAIN_999.toc").write_bytes(planted_table_of_contents(marker))
    found = cli_process.ok("memory", "search", "tuesdays")
    assert [h["name"] for h in found["hits"]] == ["deploy-day"]
    assert not marker.exists() and not (state_root / "index" / "_MAIN_999.toc").exists()


def test_no_loaded_whoosh_module_keeps_a_way_to_unpickle_unchecked(engine):
    from context_center.engine.search.safe_unpickling import unguarded_modules

    engine.remember(FactInput(title="A fact", body="one", type="project"))
    engine.search("fact")
    engine.forget(engine.facts()[0].id)
    engine.search("fact")
    assert unguarded_modules() == []


def test_a_planted_catalog_settings_machine_file_hooks_and_attributes_never_land(synced):
    _laptop, desk, attacker, fact = synced
    with desk.open() as engine:
        engine.set_setting("kept.here", "yes")
        machine = engine.sync_status()["machine"]
    before = state_files(desk.root)
    catalog = (desk.root / "catalog.sqlite").read_bytes()
    attacker.push({
        "catalog.sqlite": ("100644", b"SQLite format 3\x00 not ours"),
        "settings.json": ("100644", '{"judge": "https://evil.example"}'),
        "sync-machine.json": ("100644", '{"machine": "attacker"}'),
        "hooks/post-merge": ("100755", "#!/bin/sh\ntouch /tmp/pwned\n"),
        ".gitattributes": ("100644", "*.md filter=evil\n"),
        "memory/global/.gitattributes": ("100644", "* filter=evil\n"),
        "memory/global/MEMORY.md": ("100644", "- [evil](evil.md)\n"),
    })
    with desk.open() as engine:
        result = engine.sync()
        assert sorted(r.path for r in result.refused) == [
            ".gitattributes", "catalog.sqlite", "hooks/post-merge", "memory/global/.gitattributes",
            "memory/global/MEMORY.md", "settings.json", "sync-machine.json"]
        assert engine.setting("kept.here") == "yes" and engine.sync_status()["machine"] == machine
        assert [f.id for f in engine.facts()] == [fact.id]
    assert state_files(desk.root) == before
    assert (desk.root / "catalog.sqlite").read_bytes()[:16] == catalog[:16] == b"SQLite format 3\x00"
    assert "evil" not in (desk.root / "memory" / "global" / "MEMORY.md").read_text(encoding="utf-8")


def test_a_rewritten_gitignore_changes_nothing_and_the_next_sync_pushes_only_facts(synced, remote):
    _laptop, desk, attacker, _fact = synced
    attacker.push({".gitignore": ("100644", "# nothing ignored\n")})
    with desk.open() as engine:
        result = engine.sync()
        assert [r.path for r in result.refused] == [".gitignore"]
        engine.search("deploy")                     # an index, a catalog, a lock: all there to be pushed
        remember(engine, "Second", "Another fact.")
        engine.sync()
    assert not (desk.root / ".gitignore").exists()
    pushed = git("--git-dir", remote, "ls-tree", "-r", "--name-only", "main", cwd=desk.root).split()
    assert all(p.startswith("memory/global/") for p in pushed if p != ".gitignore"), pushed
    # the tree keeps the ignore rules earlier versions read, ours again
    assert git("--git-dir", remote, "show", "main:.gitignore", cwd=desk.root).startswith("# Context Center sync")


@pytest.mark.parametrize("fsck", [False, True], ids=["default-git", "transfer.fsckObjects"])
def test_a_dot_dot_entry_is_refused_and_every_later_sync_goes_on(synced, tmp_path, fsck):
    laptop, desk, attacker, fact = synced
    attacker.push({"memory/..": ("100644", "x"), "memory/global/../../escape.md": ("100644", "y")})
    if fsck:   # a common hardening setting (after the push: the bare remote reads it too)
        subprocess.run(["git", "config", "--global", "transfer.fsckObjects", "true"], check=True)
    with desk.open() as engine:
        first = engine.sync()
        assert not first.offline, first.warning
        assert {r.path for r in first.refused} == {"memory/..", "memory/global/../../escape.md"}
        assert all("'..'" in r.reason for r in first.refused)
    with laptop.open() as engine:
        engine.edit(fact.id, FactInput(body="We deploy on Wednesdays."))
        assert not engine.sync().offline
    with desk.open() as engine:
        later = engine.sync()
        assert later.refused == [] and later.warning == ""
        assert engine.fact(fact.id).body == "We deploy on Wednesdays."
    assert not (tmp_path / "escape.md").exists() and not (tmp_path / "desk" / "escape.md").exists()


def test_a_symlink_a_linked_folder_and_a_submodule_are_refused(synced, tmp_path):
    _laptop, desk, attacker, fact = synced
    outside = tmp_path / "outside"
    outside.mkdir()
    attacker.push({
        "memory/global/passwd.md": ("120000", "/etc/passwd"),
        "memory/global/.archive": ("120000", str(outside)),
        "memory/global/vendored.md": ("160000", "a" * 40),
    })
    with desk.open() as engine:
        result = engine.sync()
        reasons = {r.path: r.reason for r in result.refused}
        assert set(reasons) == {"memory/global/passwd.md", "memory/global/.archive", "memory/global/vendored.md"}
        assert "symbolic link" in reasons["memory/global/passwd.md"] and "submodule" in reasons[
            "memory/global/vendored.md"]
        engine.forget(fact.id)                      # the archive is a real folder here
    folder = desk.root / "memory" / "global"
    assert not any(p.is_symlink() for p in folder.rglob("*"))
    assert list(outside.iterdir()) == [] and len(list((folder / ".archive").iterdir())) == 1


def test_a_hostile_name_or_id_in_a_conflict_never_writes_outside_the_fact_folder(synced, tmp_path):
    _laptop, desk, attacker, fact = synced
    with desk.open() as engine:
        engine.edit(fact.id, FactInput(body="We deploy on Thursdays."))
    path = "memory/global/deploy-day.md"
    hostile = FACT.format(id=fact.id[4:], name="../../../../escape", title="Deploy day", body="Mondays.")
    attacker.push({path: ("100644", hostile.replace("revision: 1", "revision: 2")),
                   f"memory/global/.revisions/{fact.id}/000000001.md": None})
    with desk.open() as engine:
        engine.sync()
        assert {f.id for f in engine.facts()} == {fact.id}
        assert engine.fact(fact.id).path == desk.root / path          # the name it was found under
        assert {r.body for r in [engine.fact(fact.id), *engine.history(fact.id)]} >= {
            "Mondays.", "We deploy on Thursdays."}
    assert not list(tmp_path.rglob("escape.md"))
    assert {p.name for p in (desk.root / "memory" / "global").iterdir()} >= {"deploy-day.md"}


def test_a_force_pushed_history_leaves_the_store_whole(synced):
    _laptop, desk, attacker, fact = synced
    with desk.open() as engine:
        mine = remember(engine, "Desk only", "Made on the desk.")
        engine.sync()
    other = FACT.format(id="f" * 32, name="intruder", title="Intruder", body="An unrelated history.")
    attacker.push({"memory/global/intruder.md": ("100644", other)}, base={}, parent=False, force=True)
    with desk.open() as engine:
        result = engine.sync()
        assert not result.offline, result.warning
        assert {f.id for f in engine.facts()} == {fact.id, mine.id, "mem-" + "f" * 32}
        assert [r.revision for r in engine.history(fact.id)] == [1]
        assert engine.archived() == []


def test_a_fact_deleted_on_the_remote_arrives_as_an_archive_entry(synced):
    laptop, desk, attacker, fact = synced
    files = attacker.files()
    attacker.push({path: None for path in files if path.startswith("memory/global/")})
    with desk.open() as engine:
        result = engine.sync()
        assert engine.facts() == []
        assert [a.id for a in engine.archived()] == [fact.id]
        assert [a for a, _ in result.archived] == ["memory/global/deploy-day.md"]
        assert result.refused == []
        entry = engine.archived()[0].path
    recovered = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(desk.root),
                                "--workspace", str(desk.workspace), "memory", "recover", str(entry), "--json"],
                               capture_output=True, text=True, timeout=60)
    assert recovered.returncode == 0, recovered.stderr
    assert json.loads(recovered.stdout)["id"] == fact.id


def test_a_forget_on_the_other_machine_is_one_archive_entry_not_two(synced):
    laptop, desk, _attacker, fact = synced
    with laptop.open() as engine:
        engine.forget(fact.id)
        engine.sync()
    with desk.open() as engine:
        result = engine.sync()
        assert engine.facts() == [] and result.archived == []
        assert [a.id for a in engine.archived()] == [fact.id]


def test_a_pulled_fact_holding_a_secret_is_shown_masked(synced):
    _laptop, desk, attacker, _fact = synced
    key = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    text = FACT.format(id="e" * 32, name="token", title="CI token", body=f"The CI token is {key} for pushes.")
    text = text.replace("title: CI token", f"title: CI token\ndescription: token={key}")
    attacker.push({"memory/global/token.md": ("100644", text)})
    with desk.open() as engine:
        engine.sync()
    run = [sys.executable, "-m", "context_center", "--state-root", str(desk.root), "--workspace",
           str(desk.workspace), "memory"]
    shown = subprocess.run([*run, "show", "token", "--json"], capture_output=True, text=True, timeout=60)
    listed = subprocess.run([*run, "list", "--json"], capture_output=True, text=True, timeout=60)
    human = subprocess.run([*run, "show", "token"], capture_output=True, text=True, timeout=60)
    for out in (shown.stdout, listed.stdout, human.stdout):
        assert key not in out and "[REDACTED]" in out
    data = json.loads(shown.stdout)
    assert data["masked"] == [{"field": "description", "kind": "GitHub token"},
                              {"field": "body", "kind": "GitHub token"}]
    assert json.loads(listed.stdout)["facts"][-1]["masked"] == data["masked"]
    assert key in (desk.root / "memory" / "global" / "token.md").read_text(encoding="utf-8")   # the file as it is


# kill -9 at each step of a sync ------------------------------------------------------------------------

FAKE_GIT = """#!/bin/sh
# git, except that the sync dies (kill -9) when it runs `git $CC_KILL_AT`, leaving git's index lock behind
for arg in "$@"; do
  if [ "$arg" = "$CC_KILL_AT" ]; then
    touch "$CC_GIT_DIR/index.lock"
    kill -9 $PPID
    exit 1
  fi
done
exec {git} "$@"
"""


@pytest.mark.parametrize("step", ["cat-file", "write-tree", "update-ref", "push"])
def test_a_kill_during_sync_leaves_the_store_whole_and_the_next_sync_finishes(synced, tmp_path, step):
    laptop, desk, _attacker, fact = synced
    with laptop.open() as engine:
        engine.edit(fact.id, FactInput(body="We deploy on Wednesdays."))
        added = remember(engine, "From the laptop", "Added on the laptop.")
        gone = remember(engine, "Short lived", "Forgotten on the laptop.")
        engine.sync()
        engine.forget(gone.id)
        engine.sync()
    with desk.open() as engine:
        engine.edit(fact.id, FactInput(body="We deploy on Thursdays."))
        mine = remember(engine, "From the desk", "Added on the desk.")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "git").write_text(FAKE_GIT.format(git=subprocess.check_output(["which", "git"], text=True).strip()))
    (bin_dir / "git").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "CC_KILL_AT": step,
           "CC_GIT_DIR": str(desk.root / "sync.git")}
    killed = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(desk.root),
                             "--workspace", str(desk.workspace), "sync", "--json"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert killed.returncode == -9, (killed.returncode, killed.stderr)
    assert (desk.root / "sync.git" / "index.lock").exists()
    with desk.open() as engine:
        assert {fact.id, mine.id} <= {f.id for f in engine.facts()}    # whole before the next sync too
        result = engine.sync()
        assert not result.offline and not result.refused, result.warning
        ids = {f.id for f in engine.facts()}
        assert ids == {fact.id, added.id, mine.id}
        assert {r.body for r in [engine.fact(fact.id), *engine.history(fact.id)]} >= {
            "We deploy on Wednesdays.", "We deploy on Thursdays."}
        assert [a.id for a in engine.archived()] == [gone.id]
    with laptop.open() as engine:
        engine.sync()
        assert {f.id for f in engine.facts()} == {fact.id, added.id, mine.id}
    assert not list(desk.root.rglob(".atomic-*.tmp"))


# an earlier version's layout -------------------------------------------------------------------------

OLD_GITIGNORE = """\
# Context Center sync: only the personal facts travel (see the README, "Teams and several machines").
/*
!/.gitignore
!/memory/
/memory/*
!/memory/global/
!/projects/
/projects/*/*
!/projects/*/memory/
!/projects/*/repository.json
MEMORY.md
.atomic-*.tmp
*.tmp
"""


def old_layout(machine: Machine, remote: str, planted: dict[str, bytes]) -> None:
    """A state root synced by an earlier version: the repository at <root>/.git, a tracked .gitignore,
    and what a hostile remote had already checked out into it (tracked, as that version left it)."""
    root = machine.root
    (root / ".gitignore").write_text(OLD_GITIGNORE, encoding="utf-8")
    git("init", "-q", cwd=root)
    git("symbolic-ref", "HEAD", "refs/heads/main", cwd=root)
    git("remote", "add", "origin", remote, cwd=root)
    git("add", "-A", cwd=root)
    git("commit", "-q", "-m", "Context Center: facts from old\n\nMachine: old", cwd=root)
    for path, data in planted.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
        git("add", "-f", path, cwd=root)
    git("commit", "-q", "-m", "what a remote had pushed", cwd=root)
    git("push", "-q", "origin", "HEAD:refs/heads/main", cwd=root)


def test_an_earlier_layout_moves_by_itself_keeping_its_history(two_machines, remote, tmp_path):
    laptop, desk = two_machines
    with laptop.open() as engine:
        fact = remember(engine, "Deploy day", "We deploy on Tuesdays.")
        engine.set_setting("kept.here", "yes")
    marker = tmp_path / "pwned"
    old_layout(laptop, remote, {"index/_MAIN_999.toc": planted_table_of_contents(marker),
                                "hooks/post-merge": b"#!/bin/sh\n", ".gitattributes": b"* filter=evil\n"})
    commits = len(git("rev-list", "HEAD", cwd=laptop.root).split())
    with laptop.open() as engine:
        result = engine.sync()
        assert not result.offline, result.warning
        assert {d.path.relative_to(laptop.root).as_posix() for d in result.diagnostics} >= {
            "index/_MAIN_999.toc", "hooks/post-merge", ".gitattributes"}
        assert [h.fact.id for h in engine.search("deploy").hits] == [fact.id]
        assert engine.setting("kept.here") == "yes"
    assert not marker.exists()
    assert not (laptop.root / ".git").exists() and not (laptop.root / ".gitignore").exists()
    assert not (laptop.root / ".gitattributes").exists()
    history = synced_git(laptop.root, "rev-list", "HEAD").split()
    assert len(history) == commits + 1
    assert sorted(synced_git(laptop.root, "ls-files").split()) == [
        ".gitignore", "memory/global/deploy-day.md"]
    # a machine still on the earlier version pushes its catalog: refused, not an error
    attacker = Attacker(remote, tmp_path / "old-machine.git")
    attacker.push({"catalog.sqlite": ("100644", b"SQLite format 3\x00")})
    with desk.open() as engine:
        joined = engine.sync_init(remote)
        assert [r.path for r in joined.refused] == ["catalog.sqlite"] and not joined.offline
        assert [f.id for f in engine.facts()] == [fact.id]
    with laptop.open() as engine:   # the desk's merge left the catalog out: the remote's tip holds facts only
        assert engine.sync().refused == []
    assert "catalog.sqlite" not in git("--git-dir", remote, "ls-tree", "--name-only", "main", cwd=tmp_path)
    connection = sqlite3.connect(laptop.root / "catalog.sqlite")
    connection.execute("select count(*) from sqlite_master").fetchone()
    connection.close()


def test_files_in_the_sync_repository_are_only_ours(synced):
    """No hook a remote could name, no ignore file in the state root; the rules are the repository's."""
    _laptop, desk, _attacker, _fact = synced
    git_dir = desk.root / "sync.git"
    assert not (git_dir / "hooks").exists() or not [p for p in (git_dir / "hooks").iterdir()
                                                      if p.stat().st_mode & stat.S_IXUSR]
    assert (git_dir / "info" / "exclude").read_text(encoding="utf-8").startswith("# Context Center sync")
    assert "-filter" in (git_dir / "info" / "attributes").read_text(encoding="utf-8")
    assert not (desk.root / ".gitignore").exists() and not (desk.root / ".git").exists()


# what a fresh-eyes attack found after the first pass ------------------------------------------------

def test_a_nest_of_brackets_in_repository_json_stops_nothing(synced):
    laptop, desk, attacker, fact = synced
    attacker.push({"projects/aaa/repository.json": ("100644", "[" * 100_000)})
    for machine in (desk, laptop, desk):
        with machine.open() as engine:
            assert not engine.sync().offline
            assert [f.id for f in engine.facts()] == [fact.id]
    listed = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(desk.root),
                             "--workspace", str(desk.workspace), "memory", "list", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr


def _rebuilt_on_the_first_commit(attacker: Attacker, changes: dict) -> None:
    """The branch rebuilt on its first commit, so the merge base is old and the victims' later edits
    count as theirs: a conflict the attacker chooses."""
    attacker.files()
    first = attacker._git("log", "--format=%H", "main").split()[-1]
    files = {}
    for entry in filter(None, attacker._git("ls-tree", "-r", "-z", first).split("\0")):
        info, path = entry.split("\t", 1)
        mode, _kind, sha = info.split()
        files[path] = (mode, sha)
    attacker._git("update-ref", "refs/heads/main", first)
    attacker.push(changes, base=files, force=True)


@pytest.mark.parametrize("name", ["MEMORY", "x" * 253])   # x*253 + ".md" is one byte past a file name
def test_a_name_no_fact_file_can_have_in_a_conflict_never_wedges_nor_loses_the_fact(synced, name):
    laptop, desk, attacker, fact = synced
    with laptop.open() as engine:
        engine.edit(fact.id, FactInput(body="We deploy on Thursdays."))
        engine.sync()
    with desk.open() as engine:
        engine.sync()
    path = "memory/global/deploy-day.md"
    text = FACT.format(id=fact.id[4:], name=name, title="Deploy day", body="Mondays.").replace(
        "revision: 1", "revision: 2")
    _rebuilt_on_the_first_commit(attacker, {path: ("100644", text)})
    for machine in (desk, laptop, desk):
        with machine.open() as engine:
            result = engine.sync()
            assert not result.offline, result.warning
            assert [f.id for f in engine.facts()] == [fact.id]
            assert engine.fact(fact.id).path.name == "deploy-day.md"


def test_an_alias_bomb_in_a_pulled_fact_is_a_diagnostic_not_an_exhausted_memory(synced):
    _laptop, desk, attacker, fact = synced
    levels = ["a: &l0 [x,x,x,x,x,x,x,x,x]"] + [f"l{i}: &l{i} [*l{i-1},*l{i-1},*l{i-1},*l{i-1},*l{i-1},*l{i-1},"
                                             f"*l{i-1},*l{i-1},*l{i-1}]" for i in range(1, 9)]
    bomb = ("---\nid: mem-" + "b" * 32 + "\nname: bomb\ntitle: Bomb\n" + "\n".join(levels)
            + "\nsync_conflict: {kind: edited_both, ours_machine: *l8}\nmetadata:\n  type: project\n"
            "  scope: global\n---\n\nx\n")
    attacker.push({"memory/global/bomb.md": ("100644", bomb)})
    with desk.open() as engine:
        engine.sync()
        assert [f.id for f in engine.facts()] == [fact.id]
        assert any("aliases" in d.reason for d in engine.diagnostics())
        assert engine.sync_conflicts() == []


def test_a_file_mode_naming_a_commit_and_a_pull_past_its_bound_are_refused(synced):
    _laptop, desk, attacker, fact = synced
    commit = attacker._git("hash-object", "-t", "commit", "--literally", "-w", "--stdin",
                           stdin=b"x" * 200_000).strip()   # an object of another type, of any size
    files = attacker.files()
    files["memory/global/big.md"] = ("100644", commit)   # the entry names a commit, not a blob
    attacker.push({}, base=files, literally=True)
    with desk.open() as engine:
        refused = {r.path: r.reason for r in engine.sync().refused}
        assert "commit" in refused["memory/global/big.md"]
    assert not (desk.root / "memory" / "global" / "big.md").exists()
    from context_center.engine.sync.travel import MAX_PULL_BYTES, MAX_TRAVEL_BYTES

    copies = MAX_PULL_BYTES // MAX_TRAVEL_BYTES + 2
    big = attacker.blob(b"y" * MAX_TRAVEL_BYTES)
    files = attacker.files()
    files.update({f"memory/global/copy-{n}.md": ("100644", big) for n in range(copies)})
    attacker.push({}, base=files)
    with desk.open() as engine:
        result = engine.sync()
        assert "nothing was merged" in result.warning and result.pulled == 0
        assert [f.id for f in engine.facts()] == [fact.id]
    assert not list((desk.root / "memory" / "global").glob("copy-*.md"))


def test_a_deletion_with_a_decoy_claiming_the_id_still_archives_the_fact(synced):
    _laptop, desk, attacker, fact = synced
    decoy = FACT.format(id=fact.id[4:], name="nothing", title="nothing", body="nothing")
    attacker.push({"memory/global/deploy-day.md": None, "projects/zzz-elsewhere/memory/nothing.md": ("100644", decoy)})
    with desk.open() as engine:
        result = engine.sync()
        assert [a for a, _ in result.archived] == ["memory/global/deploy-day.md"]
        assert any(a.id == fact.id for a in engine.archived())


def test_a_project_folder_named_like_a_pattern_reaches_no_other_folder(synced, tmp_path):
    laptop, desk, attacker, _fact = synced
    with laptop.open() as engine:
        mine = remember(engine, "Build tool", "We build with make.", scope="project")
        engine.sync()
    with desk.open() as engine:
        engine.sync()
    with desk.open() as engine:   # (the repository's folder, adopted by the sync)
        assert mine.id in {f.id for f in engine.facts()}
        key = engine.paths.project_folder_key
    own = f"projects/{key}/memory/build-tool.md"
    twin = FACT.format(id=mine.id[4:], name="a", title="a", body="the attacker's").replace("scope: global",
                                                                                          "scope: project")
    attacker.push({"projects/*/memory/a.md": ("100644", twin)})
    attacker.push({"projects/*/memory/a.md": None})
    with desk.open() as engine:
        engine.sync()
        assert (desk.root / own).is_file()
        assert mine.id in {f.id for f in engine.facts()}


def test_a_secret_in_a_pulled_file_name_is_refused(synced):
    _laptop, desk, attacker, _fact = synced
    name = "deploy-ghp_" + "A1b2C3d4" * 5
    attacker.push({f"memory/global/{name}.md": ("100644", FACT.format(id="c" * 32, name=name, title="t", body="b"))})
    with desk.open() as engine:
        assert [r.reason for r in engine.sync().refused] == ["the file name holds a secret"]
        assert not any("ghp_" in f.ref for f in engine.facts())


def test_a_deleted_remote_branch_is_pushed_back(synced, remote):
    laptop, _desk, _attacker, fact = synced
    git("--git-dir", remote, "update-ref", "-d", "refs/heads/main", cwd=laptop.root)
    with laptop.open() as engine:
        engine.sync()
    assert "memory/global/deploy-day.md" in git("--git-dir", remote, "ls-tree", "-r", "--name-only", "main",
                                                 cwd=laptop.root)


def test_two_names_one_case_apart_never_land_on_one_file(synced):
    _laptop, desk, attacker, fact = synced
    twin = FACT.format(id="d" * 32, name="Deploy-Day", title="Deploy Day", body="Another text.")
    attacker.push({"memory/global/Deploy-Day.md": ("100644", twin)})
    with desk.open() as engine:
        assert [r.path for r in engine.sync().refused] == ["memory/global/Deploy-Day.md"]
        assert engine.fact(fact.id).body == "We deploy on Tuesdays."


def test_another_fact_written_over_ours_keeps_both(synced):
    _laptop, desk, attacker, fact = synced
    other = FACT.format(id="f" * 32, name="deploy-day", title="Deploy day", body="Nothing here.")
    attacker.push({"memory/global/deploy-day.md": ("100644", other)})
    with desk.open() as engine:
        result = engine.sync()
        assert engine.fact(fact.id).body == "We deploy on Tuesdays."
        assert engine.fact(fact.id).path == desk.root / "memory/global/deploy-day.md"
        assert engine.fact("mem-" + "f" * 32).body == "Nothing here."
        assert result.renamed == [("memory/global/deploy-day.md", "memory/global/deploy-day-2.md")]


def test_an_edit_on_the_other_machine_is_taken_without_a_conflict(synced):
    laptop, desk, _attacker, fact = synced
    with laptop.open() as engine:
        engine.edit(fact.id, FactInput(title="Release day", body="We deploy on Wednesdays."))
        engine.sync()
    with desk.open() as engine:
        result = engine.sync()
        assert result.conflicts == [] and result.refused == []
        assert (engine.fact(fact.id).title, engine.fact(fact.id).body) == ("Release day", "We deploy on Wednesdays.")


def test_history_rewritten_on_the_remote_is_refused_and_a_purge_there_is_taken(synced):
    laptop, desk, attacker, fact = synced
    key = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    written = laptop.root / "memory/global/deploy-day.md"   # by hand: a write of ours refuses a secret
    written.write_text(written.read_text().replace("We deploy on Tuesdays.", f"We deploy with {key}."))
    with laptop.open() as engine:
        engine.edit(fact.id, FactInput(body="We deploy on Fridays."))
        engine.sync()
    with desk.open() as engine:
        engine.sync()
    snapshot = f"memory/global/.revisions/{fact.id}/000000001.md"
    attacker.push({snapshot: ("100644", (desk.root / snapshot).read_text().replace("deploy", "never deploy"))})
    with desk.open() as engine:
        result = engine.sync()
        assert [r.path for r in result.refused] == [snapshot]
        assert "history is never rewritten" in result.refused[0].reason
        assert key in (desk.root / snapshot).read_text()
    with laptop.open() as engine:
        engine.purge_secrets(fact.id)
        engine.sync()
    with desk.open() as engine:
        result = engine.sync()
        assert result.refused == [], result.refused
        assert key not in (desk.root / snapshot).read_text() and "[REDACTED]" in (desk.root / snapshot).read_text()


def test_a_fact_moved_into_a_project_folder_this_machine_never_had_is_archived_here(synced):
    _laptop, desk, attacker, fact = synced
    path = "memory/global/deploy-day.md"
    moved = (desk.root / path).read_text().replace("scope: global", "scope: project")
    attacker.push({path: None, "projects/zzz-nobody/memory/deploy-day.md": ("100644", moved)})
    with desk.open() as engine:
        result = engine.sync()
        assert [a for a, _ in result.archived] == [path]
        assert [a.id for a in engine.archived()] == [fact.id]
