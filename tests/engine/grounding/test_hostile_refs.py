"""Refs from a hand or a cloned repository: they cannot run code, leave the workspace, stall a check
or reach a prompt."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine
from context_center.engine.grounding import code_files
from support.git_repos import commit_all, git

pytestmark = pytest.mark.adversarial


def team_fact(repo: Path, name: str, front: str, body: str = "A team rule.") -> None:
    folder = repo / ".context-center" / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.md").write_text(f"---\nname: {name}\ntitle: {name}\ndescription: d\n{front}"
                                       "metadata:\n  type: project\n  scope: team\n---\n\n" + body + "\n")


def test_a_cloned_repositorys_git_configuration_runs_nothing_when_git_is_asked(git_repo: Path, state_root: Path):
    (git_repo / "app.py").write_text("def main():\n    return 1\n")
    (git_repo / "gone.py").write_text("def gone():\n    pass\n")
    (git_repo / ".gitattributes").write_text("*.py diff=evil\n")
    commit_all(git_repo, "App")
    with open_engine(state_root, git_repo) as engine:
        fact = engine.remember(FactInput(title="Main", body="main returns 1",
                                         refs=("app.py:1-2", "app.py#main", "gone.py"))).fact
        (git_repo / "app.py").write_text("def start():\n    return 2\n")
        git(git_repo, "rm", "-q", "gone.py")
        commit_all(git_repo, "Rename main, drop gone.py")
        # what a hostile clone can carry: every command git could be made to run (set last: the
        # test's own commits above would run them)
        marker = git_repo.parent / "PWNED"
        git(git_repo, "config", "diff.evil.textconv", f"touch {marker}.textconv; cat")
        git(git_repo, "config", "core.fsmonitor", f"touch {marker}.fsmonitor; true")
        git(git_repo, "config", "diff.external", f"touch {marker}.external")
        git(git_repo, "config", "core.pager", f"touch {marker}.pager; cat")
        [(_, explained)] = engine.grounding_report()
        assert {r.ref: r.state for r in explained.refs} == {"app.py:1-2": "changed", "app.py#main": "missing",
                                                            "gone.py": "missing"}
        assert all(r.commit for r in explained.refs)
        engine.grounding_explained(engine.fact(fact.id))
        assert not list(git_repo.parent.glob("PWNED*"))


def test_refs_that_escape_or_stall_are_never_read(git_repo: Path, state_root: Path, tmp_path: Path):
    outside = tmp_path / "outside.txt"
    outside.write_text("OUTSIDE SECRET\n")
    os.symlink(outside, git_repo / "link.txt")
    os.mkfifo(git_repo / "pipe.py")
    team_fact(git_repo, "escapes", 'refs: ["../outside.txt", "link.txt", "link.txt:1", "pipe.py:1", "/etc/passwd"]\n'
              'refs_evidence: [{"ref": "link.txt:1", "digest": "x", "line": 1, "lines": ["OUTSIDE SECRET"]}]\n')
    with open_engine(state_root, git_repo) as engine:
        fact = engine.fact("escapes")
        checked = engine.grounding(fact)
        states = {r.ref: r.state for r in checked.refs}
        assert states == {"../outside.txt": "invalid", "link.txt": "missing", "link.txt:1": "missing",
                          "pipe.py:1": "unverified", "/etc/passwd": "invalid"}   # a FIFO is there, never read
        assert checked.state == "broken"
        assert "OUTSIDE SECRET" not in str([r.now for r in checked.refs])
        result = engine.recall("what does the team rule say", record=False)
        assert "OUTSIDE SECRET" not in (result.block or "")


def test_a_file_of_thousands_of_refs_is_checked_for_its_first_twenty(git_repo: Path, state_root: Path):
    (git_repo / "a.py").write_text("x = 1\n")
    refs = ", ".join(f'"a.py:{n}"' for n in range(1, 5001))
    team_fact(git_repo, "many", f"refs: [{refs}]\n")
    with open_engine(state_root, git_repo) as engine:
        checked = engine.grounding(engine.fact("many"))
        assert len(checked.refs) == 20 and checked.state == "broken"
        assert any("5000 refs" in str(d) or "5,000 refs" in str(d) for d in engine.diagnostics())


def test_a_moved_range_is_looked_for_in_a_few_places_however_the_file_repeats(git_repo: Path, state_root: Path,
                                                                               monkeypatch):
    (git_repo / "big.py").write_text("same\n" * 2 + "unique start\n" + "same\n" * 50)
    with open_engine(state_root, git_repo) as engine:
        fact = engine.remember(FactInput(title="Big", body="b", refs=("big.py:1-40",))).fact
        (git_repo / "big.py").write_text("same\n" * 200_000)   # the first cited line, everywhere
        hashed = []
        real = code_files.digest
        monkeypatch.setattr(code_files, "digest", lambda text: hashed.append(1) or real(text))
        [ref] = engine.grounding(engine.fact(fact.id)).refs
        assert ref.state == "changed" and len(hashed) <= code_files.MOVED_CANDIDATES + 2
        hashed.clear()
        engine.grounding(engine.fact(fact.id))   # the same file again: nothing looked for twice
        assert hashed == []


def test_a_signed_commit_runs_no_gpg_program_of_the_repositorys(git_repo: Path, state_root: Path):
    """A clone's config can ask git to check signatures (log.showSignature) with a program of its
    choosing (gpg.program): git is asked with both turned off."""
    (git_repo / "app.py").write_text("def main():\n    return 1\n")
    commit_all(git_repo, "App")
    with open_engine(state_root, git_repo) as engine:
        engine.remember(FactInput(title="Main", body="main returns 1", refs=("app.py",)))
    (git_repo / "app.py").write_text("def main():\n    return 2\n")
    commit_all(git_repo, "Two")
    raw = git(git_repo, "cat-file", "commit", "HEAD")
    header, message = raw.split("\n\n", 1)
    signed = (header + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----"
              "\n\n" + message)
    import subprocess

    made = subprocess.run(["git", "hash-object", "-t", "commit", "-w", "--stdin"], cwd=git_repo, input=signed,
                          capture_output=True, text=True, check=True).stdout.strip()
    git(git_repo, "update-ref", "HEAD", made)
    marker = git_repo.parent / "PWNED.gpg"
    program = git_repo.parent / "evil-gpg.sh"
    program.write_text(f"#!/bin/sh\ntouch {marker}\nexit 0\n")
    program.chmod(0o755)
    git(git_repo, "config", "log.showSignature", "true")
    git(git_repo, "config", "gpg.program", str(program))
    with open_engine(state_root, git_repo) as engine:
        [(_, explained)] = engine.grounding_report()
        assert explained.refs[0].commit == made
    assert not marker.exists()


def test_evidence_never_keeps_a_secret_and_a_secret_file_is_no_oracle(git_repo: Path, state_root: Path):
    key_body = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0"
    (git_repo / "key.pem").write_text(f"-----BEGIN RSA PRIVATE KEY-----\n{key_body}\n{key_body[::-1]}\n"
                                      "-----END RSA PRIVATE KEY-----\n")
    (git_repo / "notes.txt").write_text(f"intro\n{key_body}\n{key_body[::-1]}\nend\n")
    (git_repo / ".env").write_text("DB_PASSWORD=s3cretPassw0rd\nMODE=dev\n")
    (git_repo / ".gitignore").write_text("local.cfg\n")
    (git_repo / "local.cfg").write_text("token hunter2\n")
    with open_engine(state_root, git_repo) as engine:
        fact = engine.remember(FactInput(title="Keys", body="b", refs=(
            "key.pem:1-4", "notes.txt:2-3", ".env:1", ".env#s3cretPassw0rd", "local.cfg:1"))).fact
        text = Path(fact.path).read_text()
        assert key_body not in text and key_body[::-1] not in text and "s3cretPassw0rd" not in text.split("refs:")[0]
        assert "hunter2" not in text
        evidence = {entry[0]: entry for entry in fact.refs_evidence}
        for secret in (".env:1", ".env#s3cretPassw0rd", "local.cfg:1"):
            assert evidence[secret][1:4] == ("", 0, ())   # only that the file is there: no digest, no lines
        # no oracle: a guessed word in a file of secrets is "there" whether or not it is in it
        guess = engine.remember(FactInput(title="Guess", body="g", refs=(".env#notTheSecret",))).fact
        assert engine.grounding(engine.fact(guess.id)).state == "grounded"


def test_a_ref_the_system_cannot_name_breaks_nothing(git_repo: Path, state_root: Path):
    team_fact(git_repo, "long", f'refs: ["{"a" * 300}/", "{"b" * 300}.py:1"]\n')
    with open_engine(state_root, git_repo) as engine:
        checked = engine.grounding(engine.fact("long"))
        assert {r.state for r in checked.refs} == {"invalid"}
        assert engine.recall("what does the team rule say", record=False) is not None
        with pytest.raises(Exception) as refused:
            engine.remember(FactInput(title="t", body="b", refs=(f"{'c' * 300}.py",)))
        assert getattr(refused.value, "code", "") == "INVALID_INPUT"
        made = engine.remember(FactInput(title="Long", body=f"see src/{'d' * 300}.py")).fact   # proposals too
        assert engine.proposed_refs(made) == []


def test_a_text_naming_one_path_thousands_of_times_is_looked_at_once(git_repo: Path, state_root: Path,
                                                                     monkeypatch):
    (git_repo / "a.py").write_text("def f():\n    pass\n")
    from context_center.engine.grounding import proposal

    looked = []
    real = proposal.resolve
    monkeypatch.setattr(proposal, "resolve", lambda ref, ws: looked.append(ref) or real(ref, ws))
    with open_engine(state_root, git_repo) as engine:
        body = " ".join(["see a.py and `f`"] * 3000)
        assert engine.proposed_refs(body) == ["a.py", "a.py#f"]
        assert len(looked) == 1
