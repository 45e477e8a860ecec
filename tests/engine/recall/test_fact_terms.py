"""Many facts weighed at once by worker processes: the first build of a saved recall index."""
from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from context_center.engine.recall import fact_terms, recall_base
from context_center.engine.recall.recall_index import RecallIndex
from context_center.engine.storage import worker_processes

from .test_recall_index import fact

WORDS = ("deploy", "cache", "migration", "schema", "release", "branch", "docker", "image", "queue", "retry",
         "数据库", "迁移", "部署", "缓存", "token", "budget", "latency", "running", "ran", "panics")


def _facts(count: int) -> list:
    return [replace(fact(n, " ".join(WORDS[(n * k) % len(WORDS)] for k in range(1, 9)), keywords=WORDS[n % len(WORDS)]),
                    description=f"note {n} about {WORDS[(n + 3) % len(WORDS)]}") for n in range(count)]


@pytest.fixture
def many(monkeypatch):
    """Few enough facts for a test, counted as many, on a machine of two cores at least."""
    monkeypatch.setattr(fact_terms, "PARALLEL_FROM", 300)
    monkeypatch.setattr(fact_terms, "_PER_WORKER", 100)
    monkeypatch.setattr(worker_processes, "cores", lambda: 2)
    return _facts(401)


def test_workers_weigh_every_fact_as_this_process_would(many, monkeypatch):
    asked = []
    real = worker_processes.map_requests
    monkeypatch.setattr(worker_processes, "map_requests", lambda boot, requests: asked.append(len(requests))
                        or real(boot, requests))
    assert fact_terms.terms_of_many(many) == [fact_terms.weighted_terms(f) for f in many]
    assert asked == [2]


@pytest.mark.parametrize("boot", ["import os; os._exit(3)",
                                  "import sys, marshal; sys.stdout.buffer.write(marshal.dumps([{'x': 1.0}]))",
                                  "import sys; sys.stdout.buffer.write(b'not marshal')"])
def test_a_worker_that_fails_or_answers_amiss_leaves_the_work_here(many, monkeypatch, caplog, boot):
    monkeypatch.setattr(fact_terms, "_BOOT", boot)
    with caplog.at_level(logging.WARNING):
        assert fact_terms.terms_of_many(many) == [fact_terms.weighted_terms(f) for f in many]


def test_a_first_saved_build_scores_as_an_index_kept_one_fact_at_a_time(many, tmp_path: Path, monkeypatch):
    monkeypatch.setattr(recall_base, "PERSIST_FROM", 100)
    pinned = fact(9000, "deploy cache pinned", activation="pinned")
    facts = [*many, pinned]
    built = RecallIndex(store=tmp_path / "recall.npz")
    built.sync(facts, excluded={("project", many[7].id)})
    assert (tmp_path / "recall.npz").exists() and not built._docs   # straight to a base, nothing kept per fact
    kept = RecallIndex()
    kept.sync(facts, excluded={("project", many[7].id)})
    for terms in (["deploy", "cach"], ["数据", "据库"], ["run", "panic"], ["nothing"]):
        a, b = built.score(terms, {terms[0]}), kept.score(terms, {terms[0]})
        assert a is not None and b is not None
        slots_a = {built.fact_at(int(s)).id: a.raw[s] for s in a.raw.nonzero()[0]}
        slots_b = {kept.fact_at(int(s)).id: b.raw[s] for s in b.raw.nonzero()[0]}
        assert slots_a.keys() == slots_b.keys() and all(np.isclose(slots_a[k], slots_b[k]) for k in slots_a)
    for index in (built, kept):
        excluded = {index.fact_at(int(s)).id for s in np.flatnonzero(index.excluded[:len(facts)])}
        assert excluded == {many[7].id, pinned.id}
