"""Explicit search on the Whoosh index, and the index keeping itself in step."""
import json
import subprocess
import sys

import pytest

from context_center.engine import FactInput, InvalidInput, open_engine
from support.store import write_many


def remember(engine, name, body, **fields):
    fields.setdefault("title", name.replace("-", " "))
    return engine.remember(FactInput(name=name, body=body, **fields)).fact


def refs(engine, query, **kw):
    return [h.ref for h in engine.search(query, **kw).hits]


def test_finds_by_stem_keyword_alias_and_cjk(engine):
    remember(engine, "pm", "The repository uses pnpm; npm lockfiles are rejected.", keywords="包管理 yarn")
    remember(engine, "migrations", "部署之前先运行数据库迁移。", title="部署流程")
    assert refs(engine, "rejecting lockfile") == ["project/pm.md"]
    assert refs(engine, "包管理器") == ["project/pm.md"]
    assert refs(engine, "数据库迁移") == ["project/migrations.md"]


def test_type_and_scope_are_searchable_and_stale_expired_included(engine):
    remember(engine, "docs-url", "Docs at https://docs.example.test", type="reference", expires_at="2020-01-01")
    assert refs(engine, "reference docs") == ["project/docs-url.md"]


def test_a_fact_is_found_by_the_day_it_was_written(engine):
    """Questions name days ("what did we decide on 8 March 2024?"): a fact's creation date (its UTC
    day, month name and year) is searchable like a word of its text, and never shown in a snippet."""
    write_many(engine, [("queue-choice", "We chose Postgres for the queue."),
                        ("cache-choice", "We chose Postgres for the cache."),
                        ("search-choice", "We chose Postgres for the search."),
                        ("logs-choice", "We chose Postgres for the logs.")],
               created={"queue-choice": "2024-03-08T10:00:00.000Z", "cache-choice": "2024-04-21T10:00:00.000Z",
                        "search-choice": "2024-03-08T23:30:00-05:00", "logs-choice": "not a date"})
    assert refs(engine, "what did we choose on 8 March 2024?")[0] == "project/queue-choice.md"
    assert refs(engine, "Postgres in April")[0] == "project/cache-choice.md"
    assert refs(engine, "9 march")[0] == "project/search-choice.md"   # 23:30 at UTC−5 is the 9th in UTC
    assert "project/logs-choice.md" in refs(engine, "postgres logs")
    assert refs(engine, "2023") == []
    [hit] = [h for h in engine.search("postgres queue march").hits if h.ref == "project/queue-choice.md"]
    assert "march" not in hit.snippet.lower() and "2024" not in hit.snippet


def test_limit_is_validated_and_snippets_centre_on_the_match(engine):
    remember(engine, "long", "filler " * 200 + "the needle sits here " + "filler " * 200)
    [hit] = engine.search("needle").hits
    assert "needle" in hit.snippet and hit.snippet.startswith("...") and len(hit.snippet) <= 240
    with pytest.raises(InvalidInput):
        engine.search("needle", limit=21)


def test_relative_floor_drops_faint_hits(engine):
    remember(engine, "strong", "grafana dashboard alerts grafana dashboard", title="grafana dashboard")
    remember(engine, "faint", "words " * 300 + "dashboard")
    assert refs(engine, "grafana dashboard") == ["project/strong.md"]


def test_index_sync_adds_edits_renames_and_deletes_only_what_changed(engine):
    first = remember(engine, "alpha", "alpha body about rabbits")
    remember(engine, "beta", "beta body about turtles")
    assert engine.sync_search_index().added == 2
    assert engine.sync_search_index().changed == 0
    engine.edit(first.id, FactInput(body="alpha body about foxes", name="gamma"))
    report = engine.sync_search_index()
    assert (report.added, report.updated, report.removed) == (0, 1, 0)  # the key is the id: a rename updates
    assert refs(engine, "foxes") == ["project/gamma.md"] and refs(engine, "rabbits") == []
    engine.forget("beta")
    assert engine.sync_search_index().removed == 1 and refs(engine, "turtles") == []


def test_an_external_edit_while_open_is_found_after_refresh(engine):
    fact = remember(engine, "queue", "The queue is RabbitMQ.")
    assert refs(engine, "rabbitmq") == ["project/queue.md"]
    fact.path.write_text(fact.path.read_text().replace("RabbitMQ", "Kafka"))
    engine.refresh()
    assert refs(engine, "kafka") == ["project/queue.md"] and refs(engine, "rabbitmq") == []


def test_a_reader_opened_before_a_write_sees_it_on_its_next_query(state_root, workspace):
    with open_engine(state_root=state_root, workspace=workspace) as reader, \
            open_engine(state_root=state_root, workspace=workspace) as writer:
        remember(reader, "first", "first fact about otters")
        assert refs(reader, "otters") == ["project/first.md"]
        remember(writer, "second", "second fact about otters too")
        writer.sync_search_index()
        reader.refresh()
        assert sorted(refs(reader, "otters")) == ["project/first.md", "project/second.md"]


def test_a_missing_or_corrupt_index_is_rebuilt_with_progress(engine):
    for i in range(5):
        remember(engine, f"f{i}", f"fact number {i} about llamas")
    seen = []
    engine.sync_search_index(lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5)
    engine.close()
    index_dir = engine.paths.search_index_dir
    for path in index_dir.iterdir():
        if path.suffix == ".seg" or path.name.startswith("_"):
            path.write_bytes(b"garbage")
    with open_engine(state_root=engine.paths.root, workspace=engine.paths.workspace) as reopened:
        assert len(reopened.search("llamas").hits) == 5


def test_a_different_whoosh_stamp_rebuilds(engine):
    remember(engine, "x", "zebras everywhere")
    engine.sync_search_index()
    engine.close()
    stamp_file = engine.paths.search_index_dir / "context-center.json"
    stamp = json.loads(stamp_file.read_text())
    stamp_file.write_text(json.dumps({**stamp, "package": "Whoosh", "version": "2.7.4"}))
    with open_engine(state_root=engine.paths.root, workspace=engine.paths.workspace) as reopened:
        report = reopened.sync_search_index()
        assert report.rebuilt and report.added == 1
    assert json.loads(stamp_file.read_text())["package"] == "whoosh-ng"


SYNC_SCRIPT = """
import sys
from context_center.engine import FactInput, open_engine
root, ws, prefix = sys.argv[1:4]
with open_engine(state_root=root, workspace=ws) as engine:
    for i in range(15):
        engine.remember(FactInput(name=f"{prefix}-{i}", title=f"{prefix} {i}", body=f"shared walrus {prefix} {i}"))
        engine.sync_search_index()
"""


def test_two_processes_writing_the_index_at_once_both_land(state_root, workspace):
    procs = [subprocess.Popen([sys.executable, "-c", SYNC_SCRIPT, str(state_root), str(workspace), prefix],
                              stderr=subprocess.PIPE, text=True) for prefix in ("left", "right")]
    errors = [p.communicate(timeout=180)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], "\n".join(errors)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        assert len(engine.search("walrus", limit=20).hits) == 20  # 30 facts, capped at the maximum limit
        assert len(engine.search("left").hits) == 8 and len(engine.search("right").hits) == 8


def test_feedback_on_a_larger_store_keeps_direct_matches_first(engine):
    write_many(engine, [(f"filler-{i}", f"notes about gardening and tomatoes {i}") for i in range(60)])
    remember(engine, "cluster", "The kubernetes cluster autoscaler handles node pools.")
    remember(engine, "pools", "Node pools are sized by the autoscaler every night; kubernetes upgrades on Sundays.")
    hits = engine.search("kubernetes autoscaler").hits
    assert [h.ref for h in hits[:2]] == ["project/cluster.md", "project/pools.md"]
    assert all(a.score >= b.score for a, b in zip(hits, hits[1:]))


EDIT_SCRIPT = """
import sys
from context_center.engine import FactInput, open_engine
root, ws = sys.argv[1:3]
with open_engine(state_root=root, workspace=ws) as engine:
    [fact] = [f for f in engine.facts() if f.name == "queue"]
    engine.edit(fact.id, FactInput(body="The queue is Kafka now."))
    engine.sync_search_index()
"""


def test_the_kept_searcher_sees_another_processs_commit(state_root, workspace):
    with open_engine(state_root=state_root, workspace=workspace) as reader:
        remember(reader, "queue", "The queue is RabbitMQ.")
        assert refs(reader, "rabbitmq") == ["project/queue.md"]   # the searcher is kept from here on
        done = subprocess.run([sys.executable, "-c", EDIT_SCRIPT, str(state_root), str(workspace)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        reader.refresh()   # the facts as the other process left them: the index already agrees
        assert reader.sync_search_index().changed == 0
        [hit] = reader.search("kafka").hits
        assert hit.ref == "project/queue.md" and "Kafka" in hit.snippet
        assert refs(reader, "rabbitmq") == []


def test_a_search_after_an_edit_or_a_forget_reads_the_new_text(engine):
    write_many(engine, [(f"filler-{i}", f"notes about gardening and tomatoes {i}") for i in range(60)])
    fact = remember(engine, "deploy", "Deploys go out with Ansible on Tuesdays.")
    remember(engine, "other", "Ansible inventories live in ops/.")
    assert refs(engine, "ansible tuesdays")[0] == "project/deploy.md"
    engine.edit(fact.id, FactInput(body="Deploys go out with Terraform on Fridays."))
    [hit] = engine.search("terraform fridays").hits
    assert hit.ref == "project/deploy.md" and "Terraform" in hit.snippet
    assert refs(engine, "tuesdays") == [] and refs(engine, "ansible") == ["project/other.md"]
    engine.forget("other")
    assert refs(engine, "ansible") == []


def test_scores_are_whooshs_own_bm25f_across_segments_and_deletions(engine):
    """The NumPy scoring reads Whoosh's postings (a layout private to the pinned whoosh-ng): it
    must give Whoosh's own BM25F scores, on an index of several segments with deleted documents."""
    from whoosh.query import Or, Term

    from context_center.engine.search import postings as search_postings
    from context_center.engine.search.service import SearchService

    service = SearchService(engine.paths.search_index_dir)   # the room alone, on the engine's facts

    words = ["otter", "badger", "heron", "salmon", "willow", "river", "bank", "stone"]
    for batch in range(3):   # three commits: three segments (Whoosh merges small ones lazily)
        write_many(engine, [(f"f{batch}-{i}", " ".join(words[(i * k + batch) % len(words)]
                                                        for k in range(1, 2 + i % 5))) for i in range(40)])
        service.sync(engine.snapshot())
    for i in range(0, 40, 3):
        engine.forget(f"f1-{i}")
    service.sync(engine.snapshot())
    index = service.index
    terms = ["otter", "river", "stone"]
    searcher = index._current_searcher()   # weighted like the product: its BM25 (k1, b, idf)
    assert len(searcher.reader().leaf_readers()) > 1 and searcher.reader().has_deletions()
    theirs = [(hit["key"], hit.score) for hit in searcher.search(
        Or([Term(f, t) for t in terms for f in ("head", "body")]), limit=None)]
    ours = index.search(terms, 200)
    assert len(ours) == len(theirs) > 20
    assert dict(ours) == pytest.approx(dict(theirs), rel=1e-9)
    search_postings.POSTINGS_BUDGET, kept = 10, search_postings.POSTINGS_BUDGET   # evicting on every read
    try:
        index._scorer.forget_segments_except(set())
        assert dict(index.search(terms, 200)) == pytest.approx(dict(theirs), rel=1e-9)
    finally:
        search_postings.POSTINGS_BUDGET = kept
        service.close()


def test_an_empty_index_finds_nothing_and_is_not_called_damaged(engine, caplog):
    assert engine.search("anything at all").hits == ()
    remember(engine, "only", "a single fact about herons")
    engine.forget("only")
    assert engine.search("herons").hits == ()
    assert "damaged" not in caplog.text
