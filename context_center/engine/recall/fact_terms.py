"""A fact's words as recall weighs them, for one fact or, by worker processes, for many at once.

Fields are weighted (name, title and keywords count double, the description one and a half
times) in one bag of words. Weighing is most of what a first recall over a large store costs
(about 35 µs a fact: 3.5 s at 100,000, every fact at once when no saved base is there yet), and
it shares nothing between facts, so :func:`terms_of_many` splits many facts across workers
(:mod:`..storage.worker_processes`) and weighs them here when workers cannot help.
"""
from __future__ import annotations

from collections import Counter
from typing import IO, Sequence

from ..records import Fact
from ..storage import worker_processes
from ..text.analysis import tokenize

FIELD_WEIGHTS = (("name", 2.0), ("title", 2.0), ("keywords", 2.0), ("description", 1.5), ("body", 1.0))
Fields = tuple[str, str, str, str, str]   # a fact's name, title, keywords, description and body

PARALLEL_FROM = 20_000   # facts to weigh before workers pay for their start and the texts' trip
_PER_WORKER = 10_000
_PROTOCOL = 1
_BOOT = "from context_center.engine.recall.fact_terms import serve; serve(sys.stdin.buffer, sys.stdout.buffer)"


def fields_of(fact: Fact) -> Fields:
    return fact.name, fact.title, fact.keywords, fact.description, fact.body


def field_terms(fields: Fields) -> dict[str, float]:
    """Each word's weight: its count in each field times the field's weight, summed (halves and
    whole numbers: exact in any order)."""
    counts: dict[str, float] = {}
    for (field, weight), text in zip(FIELD_WEIGHTS, fields):
        if not text:
            continue
        if field == "name":
            text = text.replace("-", " ")
        for token, times in Counter(tokenize(text)).items():
            counts[token] = counts.get(token, 0.0) + times * weight
    return counts


def weighted_terms(fact: Fact) -> dict[str, float]:
    return field_terms(fields_of(fact))


def terms_of_many(facts: Sequence[Fact]) -> list[dict[str, float]]:
    """:func:`weighted_terms` of each of ``facts``, in order; by worker processes when there are
    many (the same answer, sooner)."""
    workers = worker_processes.count(len(facts) // _PER_WORKER) if len(facts) >= PARALLEL_FROM else 0
    if workers:
        size = -(-len(facts) // workers)
        slices = [[fields_of(f) for f in facts[start:start + size]] for start in range(0, len(facts), size)]
        answers = worker_processes.map_requests(_BOOT, [(_PROTOCOL, part) for part in slices])
        if answers is not None and all(isinstance(a, list) and len(a) == len(part) for a, part in zip(answers, slices)):
            terms = [t for answer in answers for t in answer]
            if all(type(t) is dict for t in terms):
                return terms
    return [weighted_terms(f) for f in facts]


def serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """A worker: weigh the fields named on ``requests``, answer their terms on ``answers``."""
    import marshal

    protocol, items = marshal.loads(requests.read())
    if protocol != _PROTOCOL:
        raise SystemExit(f"a request of protocol {protocol}, not {_PROTOCOL}")
    answers.write(marshal.dumps([field_terms(tuple(fields)) for fields in items]))
    answers.flush()
