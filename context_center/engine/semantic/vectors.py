"""The facts' vectors: derived data, like the search index, kept per fact set in the state root's
cache and made again from the facts whenever they are missing, stale or unreadable.

One file per fact set (a workspace's, or the global one), ``cache/vectors-<digest>.npz``: the
model's name, each fact's key (``scope:id``) with a digest of the text embedded, and the vectors
(float16: a cosine needs no more). It is never read from anywhere else (no sync, no repository
carries it) and read as hostile all the same: a regular file of bounded size, no pickles, every
array's shape checked; anything else is no vectors, and they are made again. A fact is embedded
once until its text changes (:meth:`FactVectors.update`, a batch at a time, the file written as
the work grows by a quarter and every few minutes, so a stopped build loses little); a fact gone is
dropped; another model makes them all again.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import os
import time
from pathlib import Path
from typing import Callable

import numpy as np

from ..records import Fact
from ..storage.atomic_write import write_atomic_bytes
from ..storage.safe_read import read_regular_bytes
from .model import Embedder

log = logging.getLogger("context_center.semantic")
TEXT_CHARS = 1500          # of a fact, what is embedded (the model reads about 512 tokens)
BATCH = 32                 # facts embedded at once
SAVE_SECONDS = 300         # the file is written at least this often while facts are embedded
MAX_FILE_BYTES = 1 << 30   # 100,000 facts take about 95 MB

Progress = Callable[[int, int], None]


def fact_key(fact: Fact) -> str:
    return f"{fact.scope}:{fact.id}"


def embedded_text(fact: Fact) -> str:
    """What of a fact is embedded: its title, description and body, as one passage."""
    return "\n".join(part for part in (fact.title, fact.description, fact.body) if part)[:TEXT_CHARS]


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "replace")).hexdigest()[:16]


class FactVectors:
    """The vectors of one fact set made with one model."""

    def __init__(self, path: Path, model_name: str) -> None:
        self.path, self.model_name = path, model_name
        self._stamp: tuple[int, int] | None = None
        self._rows: dict[str, int] = {}
        self._digests: list[str] = []
        self._keys: list[str] = []
        self._vectors = np.zeros((0, 0), dtype=np.float16)
        self._scored: np.ndarray | None = None

    # reading ---------------------------------------------------------------------------------

    def _read(self) -> None:
        """The file as it is now (read again only when it changed); a file of another model, or
        one that is not what this module writes, is none."""
        try:
            info = os.stat(self.path)
        except OSError:
            self._set([], [], np.zeros((0, 0), dtype=np.float16), None)
            return
        stamp = (info.st_mtime_ns, info.st_size)
        if stamp == self._stamp:
            return
        keys: list[str] = []
        digests: list[str] = []
        vectors = np.zeros((0, 0), dtype=np.float16)
        try:
            with np.load(io.BytesIO(read_regular_bytes(self.path, MAX_FILE_BYTES)), allow_pickle=False) as data:
                model, found_keys, found_digests, found = (data["model"], data["keys"], data["digests"],
                                                           data["vectors"])
                if str(model) == self.model_name and found.ndim == 2 and found.dtype == np.float16 \
                        and found_keys.ndim == found_digests.ndim == 1 \
                        and len(found_keys) == len(found_digests) == found.shape[0]:
                    keys, digests, vectors = [str(k) for k in found_keys], [str(d) for d in found_digests], found
        except (OSError, ValueError, KeyError, TypeError) as exc:   # unreadable: made again
            log.info("context-center: the vectors in %s are unreadable (%s); they are made again",
                     self.path, type(exc).__name__)
        self._set(keys, digests, vectors, stamp)

    def _set(self, keys: list[str], digests: list[str], vectors: np.ndarray, stamp: tuple[int, int] | None) -> None:
        self._keys, self._digests, self._vectors, self._stamp = keys, digests, vectors, stamp
        self._rows = {key: row for row, key in enumerate(keys)}
        self._scored = None   # the vectors as float32, made on the first search

    def count(self) -> int:
        self._read()
        return len(self._keys)

    def nearest(self, query: np.ndarray, allowed: Callable[[str], bool], depth: int) -> list[tuple[str, float]]:
        """The ``depth`` keys ``allowed`` whose facts mean most nearly what ``query`` does, with
        their cosines, nearest first (a fact not embedded yet is left out). Every vector is scored
        (one product: milliseconds at 100,000) and the nearest are read in order until ``depth``
        are allowed."""
        self._read()
        if not self._keys or self._vectors.shape[1] != len(query):
            return []
        if self._scored is None:   # (converted once per read of the file, not on every search)
            self._scored = self._vectors.astype(np.float32)
        cosines = self._scored @ query.astype(np.float32)
        found: list[tuple[str, float]] = []
        wanted = depth
        while len(found) < depth:
            top = np.argpartition(-cosines, min(wanted, len(cosines)) - 1)[:wanted] if wanted < len(cosines) \
                else np.arange(len(cosines))
            found = [(self._keys[row], float(cosines[row])) for row in top[np.argsort(-cosines[top], kind="stable")]
                     if allowed(self._keys[row])][:depth]
            if wanted >= len(cosines):
                break
            wanted *= 4   # too few allowed among the nearest: look further
        return found

    # making them ------------------------------------------------------------------------------

    def missing(self, facts: list[Fact]) -> list[Fact]:
        """The facts with no vector for their text as it is now."""
        self._read()
        return [f for f in facts if (row := self._rows.get(fact_key(f))) is None
                or self._digests[row] != _digest(embedded_text(f))]

    def update(self, facts: list[Fact], model: Embedder, progress: Progress | None = None,
               batch: int = BATCH) -> int:
        """Embed what is missing or stale, drop what is gone; how many facts were embedded."""
        self._read()
        wanted = {fact_key(f) for f in facts}
        todo = self.missing(facts)
        keep = [row for row, key in enumerate(self._keys) if key in wanted]
        keys = [self._keys[row] for row in keep]
        digests = [self._digests[row] for row in keep]
        vectors = self._vectors[keep] if len(keep) else np.zeros((0, 0), dtype=np.float16)
        if not todo:
            if len(keep) != len(self._keys):
                with contextlib.suppress(OSError):   # (dropping what is gone can wait for a writable disk)
                    self._write(keys, digests, vectors)
            return 0
        done, unsaved, saved_at = 0, 0, time.monotonic()
        rows = {key: row for row, key in enumerate(keys)}   # (the facts kept: a changed one's row is replaced)
        fresh: list[np.ndarray] = []   # new facts' vectors, stacked when the file is written
        for start in range(0, len(todo), batch):
            chunk = todo[start:start + batch]
            texts = [embedded_text(f) for f in chunk]
            made = model.passages(texts).astype(np.float16)
            for fact, text, vector in zip(chunk, texts, made):
                key = fact_key(fact)
                if key in rows:
                    digests[rows[key]] = _digest(text)
                    vectors[rows[key]] = vector
                else:
                    keys.append(key)
                    digests.append(_digest(text))
                    fresh.append(vector)
            done += len(chunk)
            unsaved += len(chunk)
            last = done == len(todo)
            # written as the work grows by a quarter, or every few minutes, and at the end: a stopped
            # build loses little, and a large first build writes the file a few dozen times, not
            # once a batch (100,000 facts: 3,000 writes of up to 95 MB)
            if last or unsaved >= max(batch, len(keys) // 4) or time.monotonic() - saved_at >= SAVE_SECONDS:
                if fresh:
                    vectors = np.concatenate([vectors, np.stack(fresh)]) if vectors.size else np.stack(fresh)
                    fresh = []
                try:
                    self._write(keys, digests, vectors)
                except OSError as exc:   # a read-only state root, a full disk: search goes on with what there is
                    log.warning("context-center: the meaning vectors could not be saved to %s (%s); search "
                                "uses words for the facts not embedded", self.path, exc)
                    return done - unsaved
                unsaved, saved_at = 0, time.monotonic()
            if progress is not None:
                progress(done, len(todo))
        return done

    def _write(self, keys: list[str], digests: list[str], vectors: np.ndarray) -> None:
        buffer = io.BytesIO()
        np.savez(buffer, model=np.array(self.model_name), keys=np.array(keys, dtype=str),
                 digests=np.array(digests, dtype=str),
                 vectors=vectors.astype(np.float16) if vectors.size else np.zeros((0, 0), dtype=np.float16))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic_bytes(self.path, buffer.getvalue())
        self._stamp = None   # read again: what was written is what the next reader sees
