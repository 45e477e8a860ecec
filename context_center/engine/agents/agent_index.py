"""The agents' in-memory index: BM25 over every memory with the contract's column weights, plus the
per-memory arrays search filters on (scope, staging, category, importance, times), all NumPy,
so a search costs a few array operations however large the store.

Column weights (the context-eng contract's): content 1.0, subject 0.7, topics 0.5, tags 0.5, links 0.4.
Tokens are the engine's (CJK bigrams, Snowball stems), so a Chinese paraphrase matches.
"""
from __future__ import annotations

import functools
import hashlib
import re
from collections import defaultdict
from pathlib import Path
from typing import Iterable

import numpy as np

from .. import clock
from ..memory.sensitive import RULES_VERSION
from ..recall.recall_index import RecallIndex
from ..records import Fact, memo
from ..text.analysis import stem, tokenize
from .claims import DEFAULT_IMPORTANCE, approximate_tokens
from .memories import PROJECT_SCOPES, content_of, shown

COLUMN_WEIGHTS = (("subject", 0.7), ("topics", 0.5), ("tags", 0.5), ("links", 0.4))
NEGATIONS = frozenset({"not", "no", "never", "none", "nothing", "cannot", "without", "avoid", "don't", "doesn't",
                       "didn't", "isn't", "aren't", "wasn't", "won't", "shouldn't", "mustn't", "can't", "dont",
                       "doesnt", "neither", "nor", "不", "没", "别", "勿", "禁止"})


def memory_terms(fact: Fact) -> dict[str, float]:
    counts: dict[str, float] = defaultdict(float)
    for token in tokenize(content_of(fact)):
        counts[token] += 1.0
    # a fact's title and description are matched as recall matches them ("Deploy cache timeout",
    # titled so in the window, was found by recall for "deploy cache" and not by an agent): each of
    # their words the content does not already hold, once
    said = set(counts)
    for name in ("title", "description"):
        for token in set(tokenize(shown(fact, name))) - said:
            counts[token] += 1.0
            said.add(token)
    for key, weight in COLUMN_WEIGHTS:
        value = shown(fact, key)
        for text in ([value] if isinstance(value, str) else value):
            for token in tokenize(text):
                counts[token] += weight
    return dict(counts)


def _blake(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little")


# what memory_terms reads, versioned: a saved index keyed by the old reading is read again
TERMS_VERSION = 2   # 2: the title's and the description's words


@functools.cache
def _rules_salt(version: int) -> int:
    return _blake(f"agents' index, terms {TERMS_VERSION}, secret rules {version}")


def _digest(fact: Fact) -> int:
    if not (fact.subject or fact.topics or fact.tags or fact.links):   # most memories: no second hash
        return fact.content_digest ^ _rules_salt(RULES_VERSION)
    return _blake("\x1f".join((str(fact.content_digest), f"{TERMS_VERSION}/{RULES_VERSION}", fact.subject,
                               "\x1e".join(fact.topics), "\x1e".join(fact.tags), "\x1e".join(fact.links))))


def memory_digest(fact: Fact) -> int:
    """64 bits of everything :func:`memory_terms` reads (the secret rules' version included: what
    they mask is not searchable), the key of a memory in the saved index."""
    return memo(fact, "_memory_digest", _digest)


def _version(fact: Fact) -> int:
    return hash((content_of(fact), fact.title, fact.description, fact.subject, fact.topics, fact.tags, fact.links))


_NEGATION_PART = re.compile("n't|[不没别勿]")


def _negated(lowered: str, words: list[str]) -> bool:
    if _NEGATION_PART.search(lowered) is not None:
        return True
    return not NEGATIONS.isdisjoint(lowered.replace("’", "'").split() if "’" in lowered else words)


def has_negation(text: str) -> bool:
    """Whether ``text`` says not, no, never… (a word of :data:`NEGATIONS`, with ’ read as ', or
    any "n't", or a Chinese negation) anywhere."""
    lowered = text.lower()
    return _negated(lowered, lowered.split())


def claim_measures(content: str) -> tuple[int, bool]:
    """(:func:`~.claims.approximate_tokens`, :func:`has_negation`) of a memory's content, its
    words split once."""
    lowered = content.lower()
    words = lowered.split()
    return approximate_tokens(content, len(words)), _negated(lowered, words)


def _epoch(text: str) -> float:
    moment = clock.parse_timestamp(text)
    return moment.timestamp() if moment is not None else 0.0


class AgentIndex:
    """Kept in step with the engine's facts; rebuilt only for what changed. With a ``store`` (a
    file path), a new process starts from the words saved there (:mod:`..recall.recall_base`) and
    tokenizes only the memories new or changed since: a server's first search does not pay for
    tokenizing every memory."""

    def __init__(self, store: Path | None = None) -> None:
        self.bm25 = RecallIndex(memory_terms, _version, store=store, digest_of=memory_digest)
        self._facts: tuple[Fact, ...] | None = None
        self._raw_words: dict[str, str] | None = None
        self.category_codes: dict[str, int] = {}
        size = 0
        self.project = np.zeros(size, dtype=bool)
        self.present = np.zeros(size, dtype=bool)
        self.staging = np.zeros(size, dtype=bool)
        self.category = np.zeros(size, dtype=np.int32)
        self.importance = np.zeros(size)
        self.created = np.zeros(size)
        self.updated = np.zeros(size)
        self.subjected = np.zeros(size, dtype=bool)   # has a subject (:meth:`subject_at` says which)
        self._tokens = np.zeros(size, dtype=np.int64)    # worked out for the slots a search reads
        self._negated = np.zeros(size, dtype=bool)
        self._measured = np.zeros(size, dtype=bool)
        self.limited: list[tuple[int, Fact]] = []   # (slot, memory) of each kept to a worktree or branch
        self._labels: dict[int, dict[str, frozenset[str]]] = {}   # worked out for the slots a search reads
        self._subjects: dict[int, str] = {}

    def sync(self, facts: tuple[Fact, ...]) -> None:
        if facts is self._facts:
            return
        self.bm25.sync(facts)
        self.bm25.save_if_worth()
        self._facts = facts
        self._raw_words = None
        size = self.bm25.size
        self.project = np.zeros(size, dtype=bool)
        self.present = np.zeros(size, dtype=bool)
        self.staging = np.zeros(size, dtype=bool)
        self.category = np.full(size, -1, dtype=np.int32)
        self.importance = np.zeros(size)
        self.created = np.zeros(size)
        self.updated = np.zeros(size)
        self.subjected = np.zeros(size, dtype=bool)
        self._tokens = np.zeros(size, dtype=np.int64)    # worked out for the slots a search reads
        self._negated = np.zeros(size, dtype=bool)
        self._measured = np.zeros(size, dtype=bool)
        self._labels, self._subjects = {}, {}
        self.limited = []
        moments: dict[str, float] = {}   # a timestamp read once (a fact's created and updated are often one)
        for slot, fact in self.bm25.slots():
            self.present[slot] = True
            self.project[slot] = fact.scope in PROJECT_SCOPES   # team facts belong to the project
            self.staging[slot] = fact.staging
            self.subjected[slot] = bool(fact.subject.strip())
            self.category[slot] = self.category_codes.setdefault(fact.effective_category.lower(),
                                                                 len(self.category_codes))
            self.importance[slot] = DEFAULT_IMPORTANCE if fact.importance is None else fact.importance
            if fact.worktree or fact.branch:
                self.limited.append((slot, fact))
            for stamp, column in ((fact.created_at, self.created), (fact.updated_at, self.updated)):
                moment = moments.get(stamp)
                if moment is None:
                    moment = moments[stamp] = _epoch(stamp)
                column[slot] = moment

    def _measure(self, slots: np.ndarray) -> None:
        for slot in slots[~self._measured[slots]]:
            self._tokens[slot], self._negated[slot] = claim_measures(content_of(self.fact_at(int(slot))))
        self._measured[slots] = True

    def tokens_at(self, slots: np.ndarray) -> np.ndarray:
        """The approximate tokens of the memories in ``slots`` (an array of slots)."""
        self._measure(slots)
        return self._tokens[slots]

    def negated_among(self, mask: np.ndarray) -> np.ndarray:
        """Of the slots ``mask`` holds, those whose memory says not, no, never… (:func:`has_negation`)."""
        slots = np.flatnonzero(mask)
        self._measure(slots)
        found = np.zeros(len(mask), dtype=bool)
        found[slots] = self._negated[slots]
        return found

    def labels_at(self, slot: int) -> dict[str, frozenset[str]]:
        """The topics, tags and links of the memory in ``slot``, lowercased (a secret masked)."""
        found = self._labels.get(slot)
        if found is None:
            fact = self.fact_at(slot)
            found = self._labels[slot] = {name: frozenset(t.lower() for t in shown(fact, name))
                                          for name in ("topics", "tags", "links")}
        return found

    def subject_at(self, slot: int) -> str:
        found = self._subjects.get(slot)
        if found is None:
            found = self._subjects[slot] = shown(self.fact_at(slot), "subject").lower()
        return found

    @property
    def size(self) -> int:
        return self.bm25.size

    def active(self, now: float) -> np.ndarray:
        return self.bm25.expires_at[: self.size] > now

    def categories_in(self, scope: str) -> set[str]:
        """The categories holding a memory of ``scope`` (canonical names)."""
        in_scope = self.present & (self.project if scope == "project" else ~self.project)
        names = {code: name for name, code in self.category_codes.items()}
        return {names[int(code)] for code in np.unique(self.category[in_scope])}

    def codes(self, names: Iterable[str]) -> list[int]:
        return [self.category_codes[n] for n in names if n in self.category_codes]

    def fact_at(self, slot: int) -> Fact:
        return self.bm25.fact_at(slot)

    def _words(self) -> dict[str, str]:
        """Every word as written (lowercased) → its index term; built on the first typo retry."""
        if self._raw_words is None:
            self._raw_words = {}
            for _slot, fact in self.bm25.slots():
                for word in tokenize(content_of(fact), stemmed=False):
                    if word not in self._raw_words and word.isascii():
                        self._raw_words[word] = stem(word)
        return self._raw_words

    def nearest_term(self, word: str) -> str | None:
        """The index term of a known word one edit away from ``word`` (the typo retry), preferring
        the most common; None when there is none."""
        word = word.lower()
        if len(word) < 4 or not word.isascii() or word in self._words():
            return None
        best: tuple[int, str] | None = None
        for known, term in self._words().items():
            if abs(len(known) - len(word)) > 1 or known[:1] != word[:1]:
                continue
            if _one_edit(word, known):
                frequency = self.bm25.document_frequency(term)
                if best is None or frequency > best[0]:
                    best = (frequency, term)
        return best[1] if best else None


def _one_edit(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one insertion, deletion, substitution or adjacent swap apart?"""
    if len(a) == len(b):
        diffs = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diffs) == 1:
            return True
        first, second = (diffs + [0, 0])[:2]
        return len(diffs) == 2 and second == first + 1 and a[first] == b[second] and a[second] == b[first]
    if len(a) > len(b):
        a, b = b, a
    for i in range(len(b)):
        if a == b[:i] + b[i + 1:]:
            return True
    return False
