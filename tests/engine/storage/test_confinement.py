"""Symlinks in the store are never followed: a fact file that is a link is a diagnostic (its
target never reaches a prompt), and nothing is written through a linked .archive or .revisions (#13)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_center.engine import FactInput, StorageError, open_engine

pytestmark = pytest.mark.adversarial


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    secret = folder / "passwd.md"
    secret.write_text("---\nname: passwd\ntitle: root password\n---\nroot:x:0:0 the deploy password is here\n",
                      encoding="utf-8")
    return folder


def test_a_fact_file_that_is_a_symlink_is_a_diagnostic_never_recalled(state_root: Path, workspace: Path,
                                                                       outside: Path, cli):
    cli.remember("real", "Deploys go through staging.")
    memory = next((state_root / "projects").glob("*/memory"))
    (memory / "linked.md").symlink_to(outside / "passwd.md")
    with open_engine(state_root, workspace) as engine:
        assert [f.name for f in engine.facts()] == ["real"]
        assert any("symlink" in d.reason for d in engine.diagnostics() if Path(d.path).name == "linked.md")
        assert not any("passwd" in h.ref for h in engine.recall("what is the deploy password?").hits)
        assert engine.migrate() == 0
    hook = cli.run("hook", "claude-code", stdin=json.dumps({"prompt": "what is the deploy password?",
                                                            "cwd": str(workspace)}))
    assert "root:x" not in hook.out
    assert (outside / "passwd.md").read_text(encoding="utf-8").startswith("---\nname: passwd")


@pytest.mark.parametrize("folder", [".archive", ".revisions"])
def test_nothing_is_written_through_a_linked_archive_or_revisions_folder(state_root: Path, workspace: Path,
                                                                         outside: Path, folder: str):
    with open_engine(state_root, workspace) as engine:
        made = engine.remember(FactInput(name="real", title="Real", body="Deploys go through staging.")).fact
        memory = engine.paths.memory_dir("project")
        (memory / folder).symlink_to(outside, target_is_directory=True)
        with pytest.raises(StorageError, match="symlink"):
            if folder == ".archive":
                engine.forget(made.id)
            else:
                engine.edit(made.id, FactInput(body="Deploys go through staging first."))
        assert engine.fact(made.id).revision == 1   # nothing changed
    assert sorted(p.name for p in outside.iterdir()) == ["passwd.md"]
