"""Hand-written facts far beyond what Context Center writes: search, recall and the hook read a
bounded part of each, say which facts were cut, and keep the file whole (#13)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_center.engine import open_engine
from context_center.engine.text.limits import MAX_ANALYZED_CHARS

pytestmark = pytest.mark.adversarial


def write(workspace_memory: Path, name: str, title: str, body: str) -> Path:
    workspace_memory.mkdir(parents=True, exist_ok=True)
    path = workspace_memory / f"{name}.md"
    path.write_text(f"---\nname: {name}\ntitle: {title}\ndescription: hand-written\n"
                    f"metadata:\n  type: project\n  scope: project\n---\n{body}\n", encoding="utf-8")
    return path


def test_huge_hand_written_facts_are_read_in_part_and_named(state_root: Path, workspace: Path, cli):
    with open_engine(state_root, workspace) as engine:
        memory = engine.paths.memory_dir("project")
    write(memory, "repeats", "Repeats", "deploy " * 70_000)            # overflowed Whoosh's counters
    write(memory, "one-letter", "One letter", "a" * 5_000_000)          # Snowball was quadratic on it
    big_title = write(memory, "big-title", "staging " * 2_500_000, "Deploys go through staging.")
    write(memory, "normal", "Release day", "Releases are cut on Mondays.")
    before = big_title.stat().st_size
    with open_engine(state_root, workspace) as engine:
        cut = {Path(d.path).stem for d in engine.diagnostics() if "search and recall read" in d.reason}
        assert cut == {"repeats", "one-letter", "big-title"}
        assert len(engine.facts()) == 4
        assert [h.ref for h in engine.search("releases mondays").hits][:1] == ["project/normal.md"]
        assert engine.search("deploy").hits
        assert engine.recall("when are releases cut?").hits
    hook = cli.run("hook", "claude-code", stdin=json.dumps({"prompt": "when are releases cut on mondays?",
                                                            "cwd": str(workspace)}))
    assert hook.code == 0 and "Releases are cut on Mondays." in hook.out
    assert big_title.stat().st_size == before   # the file is never touched


def test_the_analyzer_reads_a_bounded_prefix():
    from context_center.engine.text.analysis import tokenize

    assert len(tokenize("word " * (MAX_ANALYZED_CHARS // 5 + 1000))) == MAX_ANALYZED_CHARS // 5 + 1  # + "w"
    assert [len(t) for t in tokenize("x" * 10_000)] == [64]
