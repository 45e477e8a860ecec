"""The recall index as arrays on disk: what a new process loads instead of tokenizing every fact.

Tokenizing is most of what building the recall index costs (about 0.1 ms a fact: a second
per 10,000 facts, in every process that recalls). The base keeps, for every fact it was
built from, its key, a digest of everything the index reads from it (:func:`content_digest`),
its words and weights both ways (per document, per term) and the per-fact values recall
filters on. A process loads it in a few tens of milliseconds, keeps each fact whose digest is
unchanged, and tokenizes only the others (:class:`~.recall_index.RecallIndex` holds them
beside the base). It is saved again when enough has changed since (:func:`worth_saving`).

One ``.npz`` file per fact set (project folder) in ``<root>/cache/``, written whole with a
rename; loaded without pickle. Anything unexpected in it is a miss: the index is then built
from the facts, as without a base.
"""
from __future__ import annotations

import io
import json
import logging
import zipfile
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

import numpy as np

from ..storage.atomic_write import remove_stale_temp_files, write_atomic_bytes

log = logging.getLogger("context_center.recall")
FORMAT = 1
PERSIST_FROM = 1000   # below this many facts a build takes a few milliseconds: nothing is saved
DRIFT_FLOOR = 64      # facts differing from the base that every process may tokenize before it is saved again

Key = tuple[str, str]  # (scope, id)

@dataclass
class RecallBase:
    """Slot ``i`` is ``keys[i]``; its words are ``doc_terms[doc_ptr[i]:doc_ptr[i+1]]`` (ids into
    ``vocabulary``) and the slots holding term ``t`` are ``post_slots[term_ptr[t]:term_ptr[t+1]]``."""

    keys: list[Key]
    digests: np.ndarray          # uint64 per slot
    vocabulary: list[str]
    doc_ptr: np.ndarray
    doc_terms: np.ndarray        # int32
    doc_tfs: np.ndarray          # float32: weights are sums of halves, exact in float32
    term_ptr: np.ndarray
    post_slots: np.ndarray       # int32
    post_tfs: np.ndarray
    length: np.ndarray
    boost: np.ndarray
    stale_at: np.ndarray
    expires_at: np.ndarray
    pinned: np.ndarray           # bool

    def __len__(self) -> int:
        return len(self.keys)

    def postings(self, term_id: int) -> tuple[np.ndarray, np.ndarray]:
        start, end = self.term_ptr[term_id], self.term_ptr[term_id + 1]
        return self.post_slots[start:end], self.post_tfs[start:end]

    def terms_of(self, slot: int) -> list[str]:
        start, end = self.doc_ptr[slot], self.doc_ptr[slot + 1]
        return [self.vocabulary[t] for t in self.doc_terms[start:end]]


@dataclass
class Fresh:
    """A fact tokenized in this process, on its way into a base."""

    key: Key
    digest: int
    terms: dict[str, float]
    length: float
    boost: float
    stale_at: float
    expires_at: float
    pinned: bool


def compact(base: RecallBase | None, keep: np.ndarray, fresh: list[Fresh]) -> RecallBase:
    """A new base: the slots ``keep`` of ``base`` (in that order), then ``fresh``. Term ids of the
    old base stay as they are (new words are appended), so its part is copied, not re-read."""
    vocabulary = list(base.vocabulary) if base is not None else []
    ids = {term: i for i, term in enumerate(vocabulary)}
    if base is not None and len(keep):
        starts, ends = base.doc_ptr[keep], base.doc_ptr[keep + 1]
        kept_counts = ends - starts
        offsets = np.repeat(starts - np.concatenate(([0], np.cumsum(kept_counts)[:-1])), kept_counts)
        entries = offsets + np.arange(int(kept_counts.sum()))
        kept_terms, kept_tfs = base.doc_terms[entries], base.doc_tfs[entries]
    else:
        keep = np.zeros(0, dtype=np.int64)
        kept_counts = np.zeros(0, dtype=np.int64)
        kept_terms, kept_tfs = np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32)
    fresh_counts = np.fromiter((len(f.terms) for f in fresh), dtype=np.int64, count=len(fresh))
    entries_of_fresh = int(fresh_counts.sum())
    # every word of every fresh fact in one pass of C loops (a cold build's 2.5 million entries):
    # new words take ids in order of first appearance, as one entry at a time gave them
    words = list(chain.from_iterable(f.terms for f in fresh))
    for term in dict.fromkeys(words):
        if term not in ids:
            ids[term] = len(vocabulary)
            vocabulary.append(term)
    fresh_terms = np.fromiter(map(ids.__getitem__, words), dtype=np.int32, count=entries_of_fresh)
    fresh_tfs = np.fromiter(chain.from_iterable(f.terms.values() for f in fresh), dtype=np.float32,
                            count=entries_of_fresh)
    counts = np.concatenate((kept_counts, fresh_counts))
    doc_terms = np.concatenate((kept_terms, fresh_terms)).astype(np.int32, copy=False)
    doc_tfs = np.concatenate((kept_tfs, fresh_tfs)).astype(np.float32, copy=False)
    doc_ptr = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=doc_ptr[1:])
    doc_of_entry = np.repeat(np.arange(len(counts), dtype=np.int32), counts)
    order = np.argsort(doc_terms, kind="stable")
    term_ptr = np.zeros(len(vocabulary) + 1, dtype=np.int64)
    np.cumsum(np.bincount(doc_terms, minlength=len(vocabulary)), out=term_ptr[1:])

    def column(name: str, dtype: type) -> np.ndarray:
        old = getattr(base, name)[keep] if base is not None else np.zeros(0, dtype=dtype)
        new: np.ndarray = np.fromiter((getattr(f, name if name != "digests" else "digest") for f in fresh), dtype=dtype,
                          count=len(fresh))
        return np.concatenate((old.astype(dtype, copy=False), new))

    keys = ([base.keys[int(slot)] for slot in keep] if base is not None else []) + [f.key for f in fresh]
    return RecallBase(keys, column("digests", np.uint64), vocabulary, doc_ptr, doc_terms, doc_tfs, term_ptr,
                      doc_of_entry[order], doc_tfs[order], column("length", float), column("boost", float),
                      column("stale_at", float), column("expires_at", float), column("pinned", bool))


_ARRAYS = ("digests", "doc_ptr", "doc_terms", "doc_tfs", "term_ptr", "post_slots", "post_tfs", "length", "boost",
           "stale_at", "expires_at", "pinned")


def save(path: Path, base: RecallBase) -> None:
    """Written whole (temp file and rename); a failure costs the next process a build, nothing else."""
    buffer = io.BytesIO()
    names = json.dumps({"format": FORMAT, "keys": [list(k) for k in base.keys], "vocabulary": base.vocabulary},
                       ensure_ascii=False).encode("utf-8")
    np.savez(buffer, names=np.frombuffer(names, dtype=np.uint8),
             **{name: getattr(base, name) for name in _ARRAYS})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temp_files(path.parent)
        write_atomic_bytes(path, buffer.getvalue())
    except Exception as exc:   # noqa: BLE001 - StorageError or OSError: derived data, the facts are untouched
        log.warning("context-center: the recall index could not be saved to %s (%s)", path, exc)


def load(path: Path) -> RecallBase | None:
    try:
        with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as data:
            names = json.loads(data["names"].tobytes().decode("utf-8"))
            arrays = {name: data[name] for name in _ARRAYS}
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, UnicodeDecodeError) as exc:
        log.info("context-center: the saved recall index %s is not usable (%s); it is rebuilt", path, exc)
        return None
    if not isinstance(names, dict) or names.get("format") != FORMAT:
        return None
    try:
        keys = [(str(scope), str(fact_id)) for scope, fact_id in names["keys"]]
        base = RecallBase(keys=keys, vocabulary=[str(t) for t in names["vocabulary"]], **arrays)
    except (TypeError, ValueError, KeyError):
        return None
    slots, vocabulary, entries = len(base.keys), len(base.vocabulary), len(base.doc_terms)
    consistent = (
        all(len(getattr(base, n)) == slots for n in ("digests", "length", "boost", "stale_at", "expires_at", "pinned"))
        and len(base.doc_ptr) == slots + 1 and len(base.term_ptr) == vocabulary + 1
        and len(base.doc_tfs) == entries and len(base.post_slots) == entries and len(base.post_tfs) == entries
        and (entries == 0 or (int(base.doc_terms.max()) < vocabulary and int(base.doc_terms.min()) >= 0
                              and int(base.post_slots.max()) < slots and int(base.post_slots.min()) >= 0))
        and int(base.doc_ptr[-1]) == entries and int(base.term_ptr[-1]) == entries
    )
    return base if consistent else None


def worth_saving(base_size: int | None, total: int, changed: int) -> bool:
    """Save again? Not for a small store; when there is no base; when more than a handful of
    facts (each tokenized again by every process) differ from it."""
    if total < PERSIST_FROM:
        return False
    if base_size is None:
        return True
    return changed > max(DRIFT_FLOOR, total // 50)
