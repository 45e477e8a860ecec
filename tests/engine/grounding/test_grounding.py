"""Grounded facts on real git repositories: refs, their evidence, what the work tree says of them,
git's account of who changed what, and what recall does with a broken or changed fact."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from context_center.engine import FactInput, InvalidInput, open_engine
from support.git_repos import BOB, commit_all, git

LOGIN = "import os\n\n\ndef login_handler(request):\n    token = request.token\n    return check(token)\n"


@pytest.fixture
def repo(git_repo: Path) -> Path:
    (git_repo / "src" / "auth").mkdir(parents=True)
    (git_repo / "src" / "auth" / "login.py").write_text(LOGIN)
    commit_all(git_repo, "The login handler")
    return git_repo


@pytest.fixture
def engine(state_root: Path, repo: Path):
    with open_engine(state_root, repo) as opened:
        yield opened


def remember(engine, *refs: str, title: str = "Login handler", body: str = "The login handler checks the token."):
    return engine.remember(FactInput(title=title, body=body, refs=refs)).fact


def states(engine, fact) -> dict[str, str]:
    return {check.ref: check.state for check in engine.grounding(engine.fact(fact.id)).refs}


def test_refs_and_their_evidence_are_written_in_the_front_matter(engine, repo):
    fact = remember(engine, "src/auth/login.py:4-6", "src/auth/login.py#login_handler", "src/auth/",
                    "src/auth/login.py")
    text = Path(fact.path).read_text()
    assert 'refs: ["src/auth/login.py:4-6", "src/auth/login.py#login_handler", "src/auth/", "src/auth/login.py"]' \
        in text
    evidence = {e["ref"]: e for e in json.loads(text.split("refs_evidence: ", 1)[1].split("\n", 1)[0])}
    lines = evidence["src/auth/login.py:4-6"]
    assert lines["line"] == 4 and lines["digest"].startswith("sha256:")
    assert lines["lines"] == ["def login_handler(request):", "    token = [REDACTED]", "    return check(token)"]
    assert evidence["src/auth/login.py#login_handler"]["lines"] == ["def login_handler(request):"]
    assert set(evidence) == set(fact.refs)
    assert engine.grounding(fact).state == "grounded"
    # the file is the truth: another process reads the same refs and evidence
    with open_engine(engine.paths.root, repo) as other:
        assert other.fact(fact.id).refs_evidence == fact.refs_evidence


@pytest.mark.parametrize("ref, said", [
    ("/etc/passwd", "absolute"), ("../outside.py", "leaves the workspace"), ("", "empty"),
    ("src/auth/login.py:0", "numbered from 1"), ("src/auth/login.py:9-3", "END ≥ START"),
    ("src/auth/login.py#", "one name"), ("src/a.py:12-", "path:LINE"), ("C:/code/x.py", "absolute")])
def test_a_ref_that_escapes_or_has_no_known_form_is_refused_naming_it(engine, ref, said):
    with pytest.raises(InvalidInput) as refused:
        remember(engine, ref)
    assert refused.value.code == "INVALID_INPUT" and said in refused.value.message
    assert engine.facts() == []


def test_a_symlink_out_of_the_workspace_and_too_many_refs_are_refused(engine, repo, tmp_path):
    (tmp_path / "secret.txt").write_text("outside")
    os.symlink(tmp_path / "secret.txt", repo / "src" / "leak.txt")
    with pytest.raises(InvalidInput, match="symbolic link"):
        remember(engine, "src/leak.txt")
    with pytest.raises(InvalidInput, match="at most 20 refs"):
        remember(engine, *(f"src/auth/login.py:{n}" for n in range(1, 22)))


def test_a_global_fact_cites_no_code(engine):
    with pytest.raises(InvalidInput, match="global fact"):
        engine.remember(FactInput(title="x", body="y", scope="global", refs=("src/auth/login.py",)))


def test_edited_lines_are_changed_with_the_commit_and_author_and_recall_marks_the_fact(engine, repo):
    fact = remember(engine, "src/auth/login.py:4-6")
    (repo / "src" / "auth" / "login.py").write_text(LOGIN.replace("check(token)", "verify(token)"))
    checked = engine.grounding(engine.fact(fact.id))
    [ref] = checked.refs
    assert checked.state == "changed" and ref.state == "changed"
    assert ref.now[2] == "    return verify(token)" and ref.evidence.lines[2] == "    return check(token)"
    assert ref.evidence.lines[1] == "    token = [REDACTED]"   # the evidence's secrets masked, today's too
    assert ref.now[1] == "    token = [REDACTED]"
    [(_, explained)] = engine.grounding_report()
    assert explained.refs[0].commit is None and "not committed yet" in explained.refs[0].detail
    commit = commit_all(repo, "Read the token from a header", author=BOB)
    [(_, explained)] = engine.grounding_report()
    assert explained.refs[0].commit.startswith(commit) and explained.refs[0].author == BOB[0]
    assert explained.refs[0].date
    result = engine.recall("how does the login handler check the token", record=False)
    [hit] = result.hits
    assert hit.grounding == "changed" and "freshness=fresh grounding=changed score=" in result.block


def test_lines_moved_in_the_file_are_still_ok_and_verify_follows_them(engine, repo):
    fact = remember(engine, "src/auth/login.py:4-6")
    (repo / "src" / "auth" / "login.py").write_text("# a header\n# more\n" + LOGIN)
    [ref] = engine.grounding(engine.fact(fact.id)).refs
    assert ref.state == "moved" and ref.moved_to == 6 and engine.grounding(engine.fact(fact.id)).state == "grounded"
    verified = engine.verify(fact.id).fact
    assert verified.refs == ("src/auth/login.py:6-8",) and verified.revision == 2
    assert states(engine, verified) == {"src/auth/login.py:6-8": "ok"}


def test_a_deleted_file_is_missing_by_its_commit_and_recall_holds_the_fact_back(engine, repo):
    fact = remember(engine, "src/auth/login.py")
    git(repo, "rm", "-q", "src/auth/login.py")
    commit = commit_all(repo, "Drop the login handler", author=BOB)
    checked = engine.grounding(engine.fact(fact.id))
    assert checked.state == "broken" and checked.refs[0].state == "missing"
    [(_, explained)] = engine.grounding_report(("broken",))
    assert explained.refs[0].commit.startswith(commit) and explained.refs[0].author == BOB[0]
    result = engine.recall("how does the login handler check the token")
    assert result.hits == () and result.suppressed == "matched facts cite code that is gone"
    [rejection] = result.rejected
    assert rejection.reason == "broken grounding: src/auth/login.py (the file src/auth/login.py is gone)"
    assert "broken grounding: src/auth/login.py" in json.dumps(engine.last_recall())


def test_a_renamed_file_says_where_it_went(engine, repo):
    fact = remember(engine, "src/auth/login.py:4-6")
    git(repo, "mv", "src/auth/login.py", "src/auth/signin.py")
    commit = commit_all(repo, "Rename")
    [(_, explained)] = engine.grounding_report()
    [ref] = explained.refs
    assert ref.state == "missing" and ref.renamed_to == "src/auth/signin.py" and ref.commit.startswith(commit)
    assert ref.detail == f"src/auth/login.py was renamed to src/auth/signin.py in commit {ref.commit[:10]}"
    assert engine.grounding(engine.fact(fact.id)).state == "broken"


def test_a_removed_symbol_is_missing_by_the_commit_that_removed_it(engine, repo):
    remember(engine, "src/auth/login.py#login_handler")
    (repo / "src" / "auth" / "login.py").write_text(LOGIN.replace("login_handler", "sign_in"))
    # not committed yet: no commit is blamed (a new user's walk saw the one that added the symbol)
    [(_, explained)] = engine.grounding_report()
    [ref] = explained.refs
    assert ref.state == "missing" and ref.commit is None and ref.author is None
    assert ref.detail == "login_handler is no longer in src/auth/login.py; the change is not committed yet"
    commit = commit_all(repo, "Rename the handler", author=BOB)
    [(_, explained)] = engine.grounding_report()
    [ref] = explained.refs
    assert ref.state == "missing" and ref.detail == "login_handler is no longer in src/auth/login.py"
    assert ref.commit.startswith(commit) and ref.author == BOB[0]


def test_lines_cut_from_a_file_in_an_edit_not_committed_blame_no_commit(engine, repo):
    remember(engine, "src/auth/login.py:4-6")
    (repo / "src" / "auth" / "login.py").write_text("\n".join(LOGIN.splitlines()[:2]) + "\n")
    [(_, explained)] = engine.grounding_report()
    [ref] = explained.refs
    assert ref.state == "missing" and ref.commit is None and ref.detail.endswith("; the change is not committed yet")
    commit = commit_all(repo, "Shorten the login module", author=BOB)
    [(_, explained)] = engine.grounding_report()
    assert explained.refs[0].commit.startswith(commit) and "not committed" not in explained.refs[0].detail


def test_a_branch_switch_changes_the_answer(engine, repo):
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / "src" / "auth" / "tokens.py").write_text("def refresh():\n    pass\n")
    commit_all(repo, "Token refresh")
    fact = remember(engine, "src/auth/tokens.py#refresh", title="Token refresh", body="Tokens refresh in tokens.py.")
    assert engine.grounding(engine.fact(fact.id)).state == "grounded"
    git(repo, "checkout", "-q", "main")
    assert engine.grounding(engine.fact(fact.id)).state == "broken"
    git(repo, "checkout", "-q", "feature")
    assert engine.grounding(engine.fact(fact.id)).state == "grounded"


def test_a_hand_written_ref_is_unverified_and_an_unknown_form_is_a_diagnostic(engine, repo):
    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hand.md").write_text("---\nname: hand\ntitle: Hand\ndescription: d\n"
                                    'refs: ["src/auth/login.py:4", "src/auth/login.py:0"]\n'
                                    "metadata:\n  type: project\n  scope: project\n---\n\nBody.\n")
    engine.refresh()
    fact = engine.fact("hand")
    checked = engine.grounding(fact)
    assert {r.ref: r.state for r in checked.refs} == {"src/auth/login.py:4": "unverified",
                                                      "src/auth/login.py:0": "invalid"}
    assert checked.state == "unverified"
    assert any("src/auth/login.py:0" in str(d) for d in engine.diagnostics())
    pinned = engine.pin("hand").fact   # a write that records no evidence keeps what it cannot read
    assert pinned.refs == ("src/auth/login.py:4", "src/auth/login.py:0")
    assert [e[0] for e in pinned.refs_evidence] == ["src/auth/login.py:4"]
    with pytest.raises(InvalidInput, match="src/auth/login.py:0"):   # a verify names the ref to fix
        engine.verify("hand")
    fixed = engine.edit("hand", FactInput(refs=("src/auth/login.py:4",))).fact
    assert engine.grounding(fixed).state == "grounded"


def test_between_equal_scores_a_grounded_fact_comes_first(engine, repo):
    body = "The session cookie is refreshed by the token middleware."
    grounded = engine.remember(FactInput(name="b-cookie", title="Cookie refresh", body=body,
                                         refs=("src/auth/login.py",))).fact
    plain = engine.remember(FactInput(name="a-cookie", title="Cookie refresh", body=body)).fact  # newer
    result = engine.recall("session cookie token middleware refreshed", record=False)
    assert result.hits[0].score == result.hits[1].score
    assert [h.fact.id for h in result.hits] == [grounded.id, plain.id]


def test_editing_the_text_or_refs_records_fresh_evidence_and_a_pin_does_not(engine, repo):
    fact = remember(engine, "src/auth/login.py:4-6")
    login = repo / "src" / "auth" / "login.py"
    login.write_text(LOGIN.replace("check(token)", "verify(token)"))
    pinned = engine.pin(fact.id).fact
    assert engine.grounding(pinned).state == "changed"   # pinning says nothing about the code
    edited = engine.edit(fact.id, FactInput(body="The login handler verifies the token.")).fact
    assert engine.grounding(edited).state == "grounded"
    cleared = engine.edit(fact.id, FactInput(refs=())).fact
    assert cleared.refs == () and cleared.refs_evidence == () and "refs" not in Path(cleared.path).read_text()


def test_proposed_refs_are_only_proposed(engine, repo):
    fact = engine.remember(FactInput(title="Where login lives",
                                     body="The `login_handler` in src/auth/login.py checks src/auth/ tokens.")).fact
    assert fact.refs == ()
    assert engine.proposed_refs(fact) == ["src/auth/login.py", "src/auth/", "src/auth/login.py#login_handler"]


def test_list_and_show_json_carry_grounding_without_running_git(engine, repo, monkeypatch):
    fact = remember(engine, "src/auth/login.py:4-6")
    monkeypatch.setenv("PATH", "")   # no git to run: the answer comes from the files alone
    (repo / "src" / "auth" / "login.py").write_text("")
    data = engine.fact_json(engine.fact(fact.id))
    assert data["refs"] == ["src/auth/login.py:4-6"]
    assert data["grounding"]["state"] == "broken" and data["grounding"]["checked_at"]
    [ref] = data["grounding"]["refs"]
    assert (ref["ref"], ref["state"], ref["commit"], ref["author"], ref["date"]) == (
        "src/auth/login.py:4-6", "missing", None, None, None)
    assert ref["evidence"]["lines"][0] == "def login_handler(request):"


def test_refs_dropped_by_a_reasonix_rewrite_are_lost_keys_restored_in_one_step(engine, repo):
    from support.store import rewrite_as_reasonix_does

    fact = remember(engine, "src/auth/login.py:4-6")
    rewrite_as_reasonix_does(engine.fact(fact.id))
    engine.refresh()
    assert engine.fact(fact.id).refs == ()
    assert engine.lost_keys(fact.id) == ["refs", "refs_evidence"]
    restored = engine.restore_lost_keys(fact.id).fact
    assert restored.refs == ("src/auth/login.py:4-6",) and engine.grounding(restored).state == "grounded"


def test_writes_never_lose_what_the_code_said(engine, repo):
    login = repo / "src" / "auth" / "login.py"
    fact = remember(engine, "src/auth/login.py:4-6", "src/auth/login.py:1-2")
    recorded = dict((e[0], e) for e in engine.fact(fact.id).refs_evidence)
    login.rename(repo / "moved.py")
    verified = engine.verify(fact.id).fact   # the file is away for a while: its evidence stays
    assert dict((e[0], e) for e in verified.refs_evidence) == {k: (*v[:4], v[4]) for k, v in recorded.items()}
    (repo / "moved.py").rename(login)
    login.write_text(LOGIN.replace("check(token)", "verify(token)"))
    retitled = engine.edit(fact.id, FactInput(title="Login handler (auth)")).fact
    assert engine.grounding(retitled).state == "changed"   # a new title says nothing of the code
    only_refs = engine.edit(fact.id, FactInput(refs=("src/auth/login.py:4-6",))).fact
    assert engine.history(fact.id)[0].change == "edited cited code"
    restored = engine.restore(fact.id, 1).fact
    assert restored.refs == ("src/auth/login.py:4-6", "src/auth/login.py:1-2")
    assert only_refs.revision < restored.revision


def test_a_verify_never_merges_two_refs(engine, repo):
    numbers = repo / "n.txt"
    numbers.write_text("one\ntwo\nthree\nfour\n")
    fact = remember(engine, "n.txt:1-2", "n.txt:3-4")
    numbers.write_text("zero\nzero\none\ntwo\n")   # lines 1-2 moved to 3-4
    verified = engine.verify(fact.id).fact
    assert len(verified.refs) == 2 and len({e[0] for e in verified.refs_evidence}) == len(verified.refs_evidence)


def test_a_fact_citing_code_does_not_move_to_global(engine):
    fact = remember(engine, "src/auth/login.py")
    with pytest.raises(InvalidInput, match="remove its refs"):
        engine.move(fact.id, "global")


@pytest.mark.parametrize("ref, state", [("src", "ok"), ("src/", "ok")])
def test_a_directory_cited_with_or_without_its_slash(engine, ref, state):
    fact = remember(engine, ref)
    assert {r.state for r in engine.grounding(engine.fact(fact.id)).refs} == {state}


def test_odd_but_honest_refs_and_dishonest_ones(engine, repo):
    (repo / "x").write_text("a\nb\nc\nd\ne\n")
    assert remember(engine, "x:5", title="X").refs == ("x:5",)   # a file named x, line 5: not a drive letter
    with pytest.raises(InvalidInput, match="formatting character"):
        remember(engine, "src/auth/\u202elogin.py")
    (repo / "big.txt").write_bytes(b"x" * (5 * 1024 * 1024))
    fact = remember(engine, "big.txt", title="Big")
    [ref] = engine.grounding(engine.fact(fact.id)).refs
    assert ref.state == "unverified" and "not checked" in ref.detail   # there, too big to read: not "gone"
