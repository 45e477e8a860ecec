"""Every worktree of a repository shares its project memory, with real `git worktree add/remove`;
a fact can be kept to one worktree or branch, and is held back elsewhere with the reason said."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from context_center.engine import FactInput, InvalidInput, MemoryReview, open_agent_memory, open_engine
from context_center.engine.storage import worktrees
from context_center.engine.storage.paths import StorePaths, project_key
from support.git_repos import git, init_repo, isolate_git


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    isolate_git(monkeypatch, tmp_path / "git-home")
    return init_repo(tmp_path / "src" / "app")


def add_worktree(repo: Path, where: Path, branch: str) -> Path:
    git(repo, "worktree", "add", "-q", "-b", branch, str(where))
    return where


def remember(root: Path, workspace: Path, title: str, body: str, **limits: str):
    with open_engine(root, workspace) as engine:
        return engine.remember(FactInput(title=title, body=body, **limits)).fact


def titles(root: Path, workspace: Path) -> list[str]:
    with open_engine(root, workspace) as engine:
        return sorted(f.title for f in engine.facts() if f.scope == "project")


def test_a_linked_worktree_and_a_folder_in_it_use_the_main_worktrees_project(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "src" / "app-login", "feature/login")
    (feature / "pkg" / "sub").mkdir(parents=True)
    remember(state_root, repo, "Deploy target", "We deploy the billing worker to eu-west-1")
    remember(state_root, feature, "Login flag", "The login flow reads the LOGIN_V2 flag")
    assert titles(state_root, repo) == titles(state_root, feature) == ["Deploy target", "Login flag"]
    assert StorePaths.create(state_root, feature / "pkg" / "sub").project_key == project_key(repo)
    assert [p.name for p in (state_root / "projects").iterdir()] == [project_key(repo)]
    with open_engine(state_root, feature) as engine:
        assert engine.place().worktree == "app-login" and engine.place().branch == "feature/login"
        assert engine.recall("which flag does the login flow read", record=False).hits
        assert not engine.diagnostics()


def test_a_removed_worktree_loses_nothing(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-tmp", "tmp")
    remember(state_root, feature, "Cache size", "The session cache holds 512 entries")
    git(repo, "worktree", "remove", str(feature))
    assert titles(state_root, repo) == ["Cache size"]


def test_a_bare_repositorys_worktrees_share_the_bare_repositorys_project(tmp_path, state_root, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "git-home")
    seed = init_repo(tmp_path / "seed")
    bare = tmp_path / "app.git"
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(bare))
    one = add_worktree(bare, tmp_path / "one", "one")
    two = add_worktree(bare, tmp_path / "two", "two")
    remember(state_root, one, "Queue", "The import queue is drained nightly")
    assert titles(state_root, two) == ["Queue"]
    assert StorePaths.create(state_root, two).project_key == project_key(bare)
    tree = worktrees.locate(two)
    assert tree is not None and tree.name == "two" and worktrees.names(tree) == {"one", "two"}


def test_a_moved_main_checkout_leaves_the_worktree_on_its_own_folder_with_a_diagnostic(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-x", "x")
    remember(state_root, repo, "Shared", "A fact of the repository")
    moved = repo.parent / "app-moved"
    repo.rename(moved)
    with open_engine(state_root, feature) as engine:
        assert engine.paths.project_key == project_key(feature)
        assert [f.title for f in engine.facts()] == []
        [problem] = [d for d in engine.diagnostics() if d.path == feature / ".git"]
        assert "git worktree repair" in problem.reason and problem.severity == "warning"
    git(moved, "worktree", "repair", str(feature))   # mended as the diagnostic says: one project again,
    remember(state_root, moved, "After the move", "A fact of the moved checkout")   # the moved path's
    assert titles(state_root, feature) == ["After the move"]
    with open_engine(state_root, feature) as engine:
        assert not engine.diagnostics()


def test_a_git_file_pointing_into_another_repository_reads_nothing_of_it(repo, tmp_path, state_root):
    """A downloaded folder whose .git names another project's worktree: that worktree does not point
    back, so the folder is its own project and another project's memory never reaches its prompts."""
    add_worktree(repo, tmp_path / "app-real", "real")
    remember(state_root, repo, "Secret plan", "The acquisition closes in March")
    stranger = tmp_path / "downloaded"
    stranger.mkdir()
    (stranger / ".git").write_text(f"gitdir: {repo / '.git' / 'worktrees' / 'app-real'}\n")
    with open_engine(state_root, stranger) as engine:
        assert engine.paths.project_key == project_key(stranger)
        assert not engine.recall("when does the acquisition close", record=False).hits
        assert any("does not point back" in d.reason for d in engine.diagnostics())


def test_a_fact_kept_to_a_branch_follows_the_checkout(repo, state_root):
    remember(state_root, repo, "Release freeze", "No merges into the release train during the freeze",
             branch="release/*")
    prompt = "may I merge into the release train during the freeze"
    with open_engine(state_root, repo) as engine:
        result = engine.recall(prompt, record=False)
        assert not result.hits and result.suppressed == "matched facts are kept to another worktree or branch"
        assert [r.reason for r in result.rejected] == ["limited to branch release/*; this is branch main"]
        # a face words it in its own language from its code and values
        assert (result.rejected[0].reason.code, dict(result.rejected[0].reason.fields)) == \
            ("limited_other_branch", {"branch": "release/*", "here": "main"})
        git(repo, "checkout", "-q", "-b", "release/2.4")
        assert [h.fact.title for h in engine.recall(prompt, record=False).hits] == ["Release freeze"]
        git(repo, "checkout", "-q", "--detach")
        result = engine.recall(prompt, record=False)
        assert not result.hits
        assert result.rejected[0].reason == "limited to branch release/*; this worktree has a detached HEAD"


def test_a_fact_kept_to_a_worktree_applies_there_only(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-login", "feature/login")
    remember(state_root, feature, "Login flag", "The login flow reads the LOGIN_V2 flag", worktree="app-login")
    remember(state_root, feature, "Login rule", "Never log the LOGIN_TOKEN value", worktree="app-login",
             activation="pinned")
    prompt = "which flag does the login flow read"
    with open_engine(state_root, feature) as engine:
        assert engine.recall(prompt, record=False).hits
        assert "LOGIN_TOKEN" in engine.session_context().text
    with open_engine(state_root, repo) as engine:
        result = engine.recall(prompt, record=False)
        assert not result.hits and "limited to worktree app-login; this is worktree main" in result.rejected[0].reason
        assert "LOGIN_TOKEN" not in engine.session_context().text
        assert sorted(f.title for f in engine.facts()) == ["Login flag", "Login rule"]   # listed everywhere
        assert engine.fact_json(engine.fact("login-flag"))["worktree"] == "app-login"


def test_agents_search_holds_back_a_memory_kept_elsewhere(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-login", "feature/login")
    remember(state_root, feature, "Login flag", "The login flow reads the LOGIN_V2 flag", worktree="app-login")
    for workspace, found in ((feature, True), (repo, False)):
        memory = open_agent_memory(state_root, workspace, "contract", use_judge=False)
        try:
            assert ("LOGIN_V2" in memory.search({"query": "login flow flag"})) is found
        finally:
            memory.close()


def test_a_fact_kept_to_a_worktree_that_is_gone_says_so(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-spike", "spike")
    remember(state_root, feature, "Spike", "The spike uses a local sqlite file", worktree="app-spike")
    git(repo, "worktree", "remove", "--force", str(feature))
    with open_engine(state_root, repo) as engine:
        [problem] = engine.diagnostics()
        assert "kept to worktree app-spike, which this repository no longer has" in problem.reason


def test_limits_are_checked_and_cleared(repo, state_root):
    with open_engine(state_root, repo) as engine:
        with pytest.raises(InvalidInput, match="not a worktree's name"):
            engine.remember(FactInput(title="x", body="y", worktree="../etc"))
        with pytest.raises(InvalidInput, match="space or a control character"):
            engine.remember(FactInput(title="x", body="y", branch="main\nfoo"))
        with pytest.raises(InvalidInput, match="global fact"):
            engine.remember(FactInput(title="x", body="y", scope="global", branch="main"))
        fact = engine.remember(FactInput(title="Kept", body="kept to main", worktree="main", branch="ma*")).fact
        with pytest.raises(InvalidInput, match="global fact"):
            engine.move(fact.ref, "global")
        text = Path(str(fact.path)).read_text(encoding="utf-8")
        assert "\nworktree: main\n" in text and "\nbranch: ma*\n" in text
        cleared = engine.edit(fact.ref, FactInput(worktree="", branch="")).fact
        assert (cleared.worktree, cleared.branch) == ("", "")
        assert "worktree:" not in Path(str(cleared.path)).read_text(encoding="utf-8")


def test_a_hand_written_limit_that_is_no_name_matches_nowhere_and_says_so(repo, state_root):
    with open_engine(state_root, repo) as engine:
        folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "odd.md").write_text("---\nname: odd\ndescription: odd\nworktree: ../../x\n---\nAn odd fact\n",
                                   encoding="utf-8")
    with open_engine(state_root, repo) as engine:
        assert engine.fact("odd").worktree == "..?..?x"   # kept to nowhere, never let loose everywhere
        assert not engine.recall("an odd fact", record=False).hits
        assert any("matches nowhere" in d.reason for d in engine.diagnostics())
        engine.pin("odd")   # a later write keeps what was written
    assert "worktree: ..?..?x" in (folder / "odd.md").read_text(encoding="utf-8")


def test_names_git_gives_worktrees_are_taken(repo, state_root):
    with open_engine(state_root, repo) as engine:
        for name in ("feat+login", "café", "fix@2", "x=y"):
            assert engine.remember(FactInput(title=f"t {name}", body="b", worktree=name)).fact.worktree == name


def test_not_a_git_folder_holds_back_every_limited_fact(tmp_path, state_root):
    plain = tmp_path / "plain"
    plain.mkdir()
    remember(state_root, plain, "Kept", "kept to main alone", worktree="main")
    with open_engine(state_root, plain) as engine:
        result = engine.recall("kept to main alone", record=False)
        assert not result.hits and "no git worktree" in result.rejected[0].reason


def test_a_git_file_that_is_a_fifo_is_not_read(tmp_path, state_root):
    odd = tmp_path / "odd"
    odd.mkdir()
    os.mkfifo(odd / ".git")
    assert StorePaths.create(state_root, odd).project_key == project_key(odd)   # returns: nothing waits on it
    shutil.rmtree(odd)


def test_the_review_offers_to_clear_a_limit_to_a_worktree_that_is_gone(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-spike", "spike")
    remember(state_root, feature, "Spike db", "The spike keeps its rows in a local sqlite file", worktree="app-spike")
    git(repo, "worktree", "remove", "--force", str(feature))
    prompt = "where does the spike keep its rows"
    with open_engine(state_root, repo) as engine:
        review = MemoryReview(engine)
        [item] = [i for i in review.items() if i.kind == "worktree"]
        assert item.action == "clear" and "(only worktree app-spike)" in item.before
        assert "(only" not in item.after
        assert not engine.recall(prompt, record=False).hits
        done = review.apply(item.id)
        assert engine.fact("spike-db").worktree == ""
        assert engine.recall(prompt, record=False).hits   # shared with every worktree now
        assert not [i for i in review.items() if i.kind == "worktree"]
        review.undo(done["undo"])
        assert engine.fact("spike-db").worktree == "app-spike"


def test_binding_an_agent_to_a_linked_worktree_binds_the_repositorys_project(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-login", "feature/login")
    remember(state_root, repo, "Deploys", "Deploys go through the staging cluster first")
    memory = open_agent_memory(state_root, None, "contract", use_judge=False)
    try:
        bound = memory.bind({"projectPath": str(feature)})
        assert bound["projectKey"] == project_key(repo) and bound["created"] is False
        assert "staging cluster" in memory.search({"query": "how do deploys go"})
    finally:
        memory.close()


def test_a_symlinked_git_file_is_not_followed(repo, tmp_path, state_root):
    """A downloaded folder whose .git is a symlink to a real worktree's .git file reads nothing of it."""
    real = add_worktree(repo, tmp_path / "app-real", "real")
    remember(state_root, repo, "Secret plan", "The acquisition closes in March")
    evil = tmp_path / "downloads" / "evil"
    evil.mkdir(parents=True)
    (evil / ".git").symlink_to(real / ".git")
    with open_engine(state_root, evil) as engine:
        assert engine.paths.project_key == project_key(evil)
        assert not engine.facts() and not engine.recall("when does the acquisition close", record=False).hits
        assert any("symlink" in d.reason for d in engine.diagnostics())


def test_a_fact_held_back_here_overrides_nothing_here(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-feat", "feat")
    with open_engine(state_root, repo) as engine:
        engine.remember(FactInput(title="Test command", body="Run make test before every push", scope="global",
                                  activation="pinned"))
    remember(state_root, feature, "Test command", "Run tox -e feat before every push", worktree="app-feat")
    with open_engine(state_root, repo) as engine:
        assert "make test" in engine.session_context().text
        assert not engine.overrides()
    with open_engine(state_root, feature) as engine:   # where it applies, the nearer fact overrides as ever
        assert "make test" not in engine.session_context().text and engine.overrides()


def test_a_bare_layouts_worktree_named_main_shares_the_repository(tmp_path, state_root, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "git-home")
    seed = init_repo(tmp_path / "seed")
    bare = tmp_path / "proj" / ".bare"
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(bare))
    main = tmp_path / "proj" / "main"
    git(bare, "worktree", "add", "-q", str(main), "main")
    feat = add_worktree(bare, tmp_path / "proj" / "feat", "feat")
    remember(state_root, feat, "Queue", "The import queue is drained nightly")
    assert titles(state_root, main) == ["Queue"]


def test_a_crafted_pointer_with_a_nul_is_its_own_project(tmp_path, state_root):
    gitdir = tmp_path / "g" / "worktrees" / "x"
    gitdir.mkdir(parents=True)
    (gitdir / "commondir").write_text("../..\n")
    (gitdir / "gitdir").write_bytes(b"a\0b\n")
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / ".git").write_text(f"gitdir: {gitdir}\n")
    with open_engine(state_root, odd) as engine:
        assert engine.paths.project_key == project_key(odd)
        assert all("\n" not in d.reason for d in engine.diagnostics())


def test_a_branch_being_rebased_is_still_its_branch(repo, state_root):
    remember(state_root, repo, "Login rule", "Login tokens expire after ten minutes", branch="feature/*")
    git(repo, "checkout", "-q", "-b", "feature/login")
    head = git(repo, "rev-parse", "HEAD").strip()
    (repo / ".git" / "HEAD").write_text(head + "\n")   # as git leaves it while it rebases
    (repo / ".git" / "rebase-merge").mkdir()
    (repo / ".git" / "rebase-merge" / "head-name").write_text("refs/heads/feature/login\n")
    with open_engine(state_root, repo) as engine:
        assert engine.place().branch == "feature/login"
        assert engine.recall("when do login tokens expire", record=False).hits


def test_a_head_that_does_not_say_its_branch_matches_no_glob(repo, state_root):
    remember(state_root, repo, "Any branch", "Kept to every branch glob", branch="*")
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/.invalid\n")   # reftable's stub
    with open_engine(state_root, repo) as engine:
        assert engine.place().branch is None
        assert not engine.recall("kept to every branch glob", record=False).hits


def test_limits_in_a_folder_without_git_are_said(tmp_path, state_root):
    plain = tmp_path / "plain-two"
    plain.mkdir()
    remember(state_root, plain, "Kept", "kept to main alone", branch="main")
    with open_engine(state_root, plain) as engine:
        assert any("no git worktree" in d.reason for d in engine.diagnostics())


def test_facts_left_in_a_worktrees_own_folder_are_said(repo, tmp_path, state_root):
    feature = add_worktree(repo, tmp_path / "app-old", "old")
    own = state_root / "projects" / project_key(feature) / "memory"
    own.mkdir(parents=True)
    (own / "old-fact.md").write_text("---\nname: old-fact\ndescription: d\n---\nwritten before\n")
    with open_engine(state_root, feature) as engine:
        assert any("not read here" in d.reason and d.path == own for d in engine.diagnostics())
