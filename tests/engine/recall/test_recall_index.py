"""The in-memory recall index keeps itself in step and only re-reads what changed."""
from context_center.engine.recall.recall_index import RecallIndex, fact_key
from context_center.engine.records import Fact


def fact(n: int, body: str, **extra) -> Fact:
    return Fact(id=f"mem-{n:032x}", revision=1, name=f"f{n}", title=f"fact {n}", description="",
                type="project", scope="project", body=body, created_at="2026-11-01T00:00:00Z",
                updated_at="2026-11-01T00:00:00Z", **extra)


def top(index: RecallIndex, term: str) -> list[str]:
    scores = index.score([term], set())
    return sorted(index.fact_at(int(s)).name for s in scores.raw.nonzero()[0])


def test_only_changed_documents_are_retokenized():
    index = RecallIndex()
    a, b = fact(1, "apples"), fact(2, "bananas")
    assert index.sync([a, b]) == 2
    assert index.sync([a, b]) == 0
    assert index.sync([a.evolve(activation="pinned"), b]) == 0  # metadata only: no re-tokenizing
    assert index.excluded[index.slot_of(fact_key(a))]
    assert index.sync([a.evolve(body="cherries"), b]) == 1
    assert top(index, "cherri") == ["f1"] and top(index, "appl") == []


def test_removed_slots_are_reused_and_never_match():
    index = RecallIndex()
    index.sync([fact(1, "apples"), fact(2, "apples too")])
    index.sync([fact(2, "apples too")])
    assert top(index, "appl") == ["f2"]
    index.sync([fact(2, "apples too"), fact(3, "apples three")])
    assert top(index, "appl") == ["f2", "f3"] and len(index) == 2


def test_a_words_count_follows_the_facts_added_and_removed():
    """The count is kept between questions (disputes ask it of every hit), and counted again once a
    fact holding the word comes or goes."""
    index = RecallIndex()
    index.sync([fact(1, "apples"), fact(2, "apples too")])
    assert index.document_frequency("appl") == 2
    index.sync([fact(1, "apples"), fact(2, "apples too"), fact(3, "apples again")])
    assert index.document_frequency("appl") == 3
    index.sync([fact(3, "apples again")])
    assert index.document_frequency("appl") == 1
