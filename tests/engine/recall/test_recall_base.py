"""The recall index saved as arrays: a new process loads it instead of tokenizing every fact, tokenizes
only what changed since, and recalls exactly what an index built from scratch recalls."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine
from context_center.engine.recall import fact_terms, recall_base

TOPICS = ("deploy pipeline cache", "database migration schema", "release branch review", "docker image build",
          "queue worker retry", "token budget latency")
QUERIES = ("why does the deploy cache time out", "how do we run a database migration", "docker build retry",
           "the release branch review rules", "nothing about anything here")


@pytest.fixture
def persisted(monkeypatch):
    monkeypatch.setattr(recall_base, "PERSIST_FROM", 10)
    monkeypatch.setattr(recall_base, "DRIFT_FLOOR", 4)


@pytest.fixture
def store(state_root: Path, workspace: Path, persisted) -> tuple[Path, Path]:
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        for i in range(60):
            topic = TOPICS[i % len(TOPICS)]
            engine.remember(FactInput(name=f"note-{i:02d}", title=f"Note {i} on {topic}",
                                      body=f"The {topic} detail number {i}: keep it in mind.",
                                      type="project", scope="project", keywords=topic.split()[0]))
        engine.remember(FactInput(name="pinned-one", title="Always deploy with care", body="deploy cache rule",
                                  type="feedback", scope="project", activation="pinned"))
        engine.remember(FactInput(name="shared-rule", title="Docker image build", body="global docker build note",
                                  type="project", scope="global"))
    return state_root, workspace


class Tokenized:
    def __init__(self, monkeypatch) -> None:
        self.texts: list[str] = []
        real = fact_terms.tokenize

        def counting(text: str, *args, **kwargs):
            self.texts.append(text)
            return real(text, *args, **kwargs)

        monkeypatch.setattr(fact_terms, "tokenize", counting)


def _recalls(state_root: Path, workspace: Path) -> list[dict]:
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        return [engine.recall(q, record=False).to_json() for q in QUERIES]


def _from_scratch(state_root: Path, workspace: Path, monkeypatch) -> list[dict]:
    with monkeypatch.context() as m:
        m.setattr(recall_base, "PERSIST_FROM", 10**9)   # neither loads (no file) nor saves
        cache = _cache(state_root)
        kept = cache.read_bytes() if cache.exists() else None
        if kept is not None:
            cache.unlink()
        try:
            return _recalls(state_root, workspace)
        finally:
            if kept is not None:
                cache.write_bytes(kept)


def _cache(state_root: Path) -> Path:
    [found] = list((state_root / "cache").glob("recall-*.npz")) or [state_root / "cache" / "missing.npz"]
    return found


def test_a_new_process_loads_the_base_and_recalls_the_same(store, monkeypatch):
    state_root, workspace = store
    first = _recalls(state_root, workspace)           # builds and saves the base
    assert _cache(state_root).exists()
    tokenized = Tokenized(monkeypatch)
    again = _recalls(state_root, workspace)
    assert tokenized.texts == [] or all(t in QUERIES or t for t in tokenized.texts)
    assert not any("detail number" in t for t in tokenized.texts)   # no fact was tokenized again
    assert again == first
    assert again == _from_scratch(state_root, workspace, monkeypatch)
    hits = {h["ref"] for h in again[0]["hits"]}
    assert "project/pinned-one.md" not in hits                       # pinned: not in the recall pool
    assert any(h.startswith("project/note-") for h in hits)


def test_only_what_changed_is_tokenized_and_the_change_is_recalled(store, monkeypatch):
    state_root, workspace = store
    _recalls(state_root, workspace)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.edit("note-03", FactInput(body="Now about a kubernetes rollout freeze, nothing else."))
        engine.forget("note-00")
    tokenized = Tokenized(monkeypatch)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        result = engine.recall("kubernetes rollout freeze", record=False)
        cache_ref = engine.recall("why does the deploy cache time out", record=False)
    assert [h.ref for h in result.hits][:1] == ["project/note-03.md"]
    assert "project/note-00.md" not in {h.ref for h in cache_ref.hits}
    fact_texts = [t for t in tokenized.texts if "kubernetes" in t or "detail number" in t]
    assert fact_texts and all("kubernetes" in t for t in fact_texts)   # the edited fact alone
    assert _recalls(state_root, workspace) == _from_scratch(state_root, workspace, monkeypatch)


def test_a_global_fact_overridden_later_is_excluded_from_the_base(store, monkeypatch):
    state_root, workspace = store
    def shared(engine_root: Path) -> set[str]:
        with open_engine(state_root=state_root, workspace=workspace) as engine:
            return {h.ref for h in engine.recall("global docker build note", record=False).hits}

    assert "global/shared-rule.md" in shared(state_root)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="shared-rule", title="Docker image build", body="project docker build note",
                                  type="project", scope="project"))
    assert "global/shared-rule.md" not in shared(state_root)
    assert _recalls(state_root, workspace) == _from_scratch(state_root, workspace, monkeypatch)


def test_a_damaged_base_is_rebuilt(store, monkeypatch):
    state_root, workspace = store
    first = _recalls(state_root, workspace)
    _cache(state_root).write_bytes(b"PK\x03\x04 not really a zip")
    assert _recalls(state_root, workspace) == first
    assert recall_base.load(_cache(state_root)) is not None      # saved again, whole


def test_much_drift_saves_the_base_again(store, monkeypatch):
    state_root, workspace = store
    _recalls(state_root, workspace)
    cache = _cache(state_root)
    os.utime(cache, ns=(1, 1))
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.recall("warm", record=False)
        for i in range(10, 13):
            engine.edit(f"note-{i:02d}", FactInput(body=f"Small change {i}."))
        engine.recall("deploy", record=False)
    assert cache.stat().st_mtime_ns == 1        # three changes: under the floor, not saved
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        for i in range(13, 20):
            engine.edit(f"note-{i:02d}", FactInput(body=f"Bigger change {i}."))
        engine.recall("deploy", record=False)
    assert cache.stat().st_mtime_ns != 1
    tokenized = Tokenized(monkeypatch)
    _recalls(state_root, workspace)
    assert not any("change" in t for t in tokenized.texts)
    assert _recalls(state_root, workspace) == _from_scratch(state_root, workspace, monkeypatch)


def test_a_small_store_saves_nothing(state_root, workspace):
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="one", title="One", body="deploy cache", type="project", scope="project"))
        engine.recall("deploy cache", record=False)
    assert not (state_root / "cache").exists() or not list((state_root / "cache").glob("*.npz"))
