"""The persistent Whoosh index of the facts. With .postings (its scoring), the only modules
that import Whoosh.

Only the classic 2.7 API is used. The index folder is stamped with the Whoosh
distribution, its version and our analyzer version: any change rebuilds it. The
index is derived data: a missing or corrupt folder is rebuilt from the facts, and
``sync`` adds, updates and removes only the documents whose text changed. Writers
wait for Whoosh's lock; readers never block writers and see every committed write
on their next query: one searcher is kept between queries and reopened when the
index's generation moved (a commit here or in another process). Scoring reads
this index's postings through :mod:`.postings` (NumPy, the same BM25F).
"""
from __future__ import annotations

import errno
import gc
import hashlib
import json
import shutil
import time
import warnings
from dataclasses import dataclass
from importlib import metadata as importlib_metadata
from pathlib import Path
from typing import Callable, Iterable

from whoosh import index as whoosh_index
from whoosh.analysis import Token, Tokenizer
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.query import Every
from whoosh.scoring import BM25F
from whoosh.writing import CLEAR

from ..clock import parse_timestamp
from ..errors import StorageError
from ..records import Fact, Progress
from ..storage.atomic_write import write_atomic
from ..storage.store_lock import StoreLock
from ..text.analysis import tokenize
from ..text.bm25 import BM25, idf
from .postings import PostingsScorer, segment_id
from .safe_unpickling import harden_whoosh

harden_whoosh()   # Whoosh reads its pickles through an unpickler that builds only an index's classes

ANALYZER_VERSION = 5   # 4: a fact's creation date is indexed as words; 5: the analyzer moved (search/index.py)
HEAD_BOOST = 2.0
WRITER_TIMEOUT = 60.0
READ_RETRIES = 6


class _BM25(BM25F):
    """Whoosh's BM25F with the one BM25's idf (:mod:`..text.bm25`)."""

    def idf(self, searcher, fieldname, text):
        parent = searcher.get_parent()
        return idf(parent.doc_count_all(), parent.doc_frequency(fieldname, text))


def whoosh_distribution() -> tuple[str, str]:
    for name in ("whoosh-ng", "Whoosh-Reloaded", "Whoosh"):
        try:
            return name, importlib_metadata.version(name)
        except importlib_metadata.PackageNotFoundError:
            continue
    return "whoosh", "unknown"


class _FactTokenizer(Tokenizer):
    """Our tokens (CJK bigrams, lowercased and stemmed words), stopwords left out."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize_text=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        position = start_pos
        for text in tokenize(value, drop_stopwords=True):
            token.text = text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = text
            if positions:
                token.pos = position
            if chars:
                token.startchar = token.endchar = start_char
            position += 1
            yield token


def _schema() -> Schema:
    analyzer = _FactTokenizer()
    return Schema(key=ID(stored=True, unique=True), version=STORED(),
                  head=TEXT(analyzer=analyzer, field_boost=HEAD_BOOST), body=TEXT(analyzer=analyzer))


def document_key(fact: Fact) -> str:
    return f"{fact.scope}:{fact.id}"


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")


def _date_words(created_at: str) -> str:
    """The day a fact was written, as a question names it ("8 march 2024"): the UTC date of its
    ``created_at``, as the file records it. Month names are fixed English words, whatever the
    locale ("may" is a stopword, so a fact of May is found by its day and year only)."""
    moment = parse_timestamp(created_at)
    return f"{moment.day} {_MONTHS[moment.month - 1]} {moment.year}" if moment else ""


def _document(fact: Fact) -> dict[str, str]:
    head = " ".join((fact.name.replace("-", " "), fact.title, fact.keywords, fact.description))
    # Below the text, with the same weight as a word of it: the type, the scope and the date.
    body = " ".join((fact.body, fact.type, fact.scope, _date_words(fact.created_at)))
    return {"head": head, "body": body}


def _entry_hash(key: str, version: str) -> int:
    return int.from_bytes(hashlib.sha1(f"{key}={version}".encode()).digest()[:16], "big")


def _digest_of(total: int, count: int) -> str:
    """The set of (key, version) pairs, in any order: the sum of their hashes (no sort of 100,000 keys)."""
    return f"sum-{total % (1 << 128):032x}-{count}"


def set_digest(pairs: Iterable[tuple[str, str]]) -> str:
    total = count = 0
    for key, version in pairs:
        total += _entry_hash(key, version)
        count += 1
    return _digest_of(total, count)


def _version(fields: dict[str, str]) -> str:
    return hashlib.sha1("\0".join((fields["head"], fields["body"])).encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class SyncReport:
    added: int = 0
    updated: int = 0
    removed: int = 0
    rebuilt: bool = False

    @property
    def changed(self) -> int:
        return self.added + self.updated + self.removed


def _abandon(writer) -> None:   # (a whoosh SegmentWriter)
    """Give a writer up whatever state a failure left it in, its lock released even when cancelling
    fails: on a full disk closing the half-written segment fails too, and the lock, held by this
    very process, would then keep each later writer of this process waiting for a minute."""
    try:
        writer.cancel()
    except Exception:  # noqa: BLE001 - the failure being handled is the one to report
        lock = getattr(writer, "writelock", None)
        if lock is not None:
            try:
                lock.release()
            except Exception:  # noqa: BLE001 - not held (any more)
                pass


def _read_only(exc: BaseException) -> bool:
    """Did ``exc`` come from a folder that cannot be written (read-only, full, not ours)?"""
    while exc is not None:
        if isinstance(exc, OSError) and exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC):
            return True
        if isinstance(exc, StorageError) and any(word in exc.message for word in ("Read-only", "No space",
                                                                                    "Permission denied")):
            return True
        exc = exc.__cause__  # type: ignore[assignment]
    return False


class SearchIndex:
    def __init__(self, folder: Path, *, k1: float, b: float) -> None:
        """``k1`` and ``b``: BM25's saturation and length normalization (search.SearchParameters)."""
        self.folder = folder
        self._stamp_file = folder / "context-center.json"
        self._create_lock = StoreLock(folder.parent / ".index-create.lock")
        # id(fact) → (fact, fields, version, hash of key and version)
        self._hashed: dict[int, tuple[Fact, dict[str, str], str, int]] = {}
        # (generation, digest, key → version) of this process's last commit: read back only if another came
        self._committed: tuple[int, str, dict[str, str]] | None = None
        package, version = whoosh_distribution()
        self._identity = {"package": package, "version": version, "analyzer": ANALYZER_VERSION}
        self._index = None
        self._in_memory_digest: str | None = None   # set when the folder cannot be written (a read-only root)
        self._searcher = None   # kept between queries while the index's generation stays the same
        self._scorer = PostingsScorer(BM25(k1=k1, b=b))
        self._frequencies: tuple[object, dict[str, int]] = (None, {})
        self._keys: tuple[object, dict[int, str]] = (None, {})   # each document's key, per searcher

    # opening ----------------------------------------------------------------------------

    def _stamp(self) -> dict:
        if self._in_memory_digest is not None:
            return {**self._identity, "digest": self._in_memory_digest}
        try:
            return json.loads(self._stamp_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def _open(self, *, fresh: bool = False):
        if self._index is not None and (not fresh or self._in_memory_digest is not None):
            return self._index
        self._index = self._open_existing()
        if self._index is None:
            self._create(unless_made_meanwhile=True)
        return self._index

    def _open_existing(self):
        """The index on disk, if it is one of ours and opens; else None."""
        stamp = self._stamp()
        if not all(stamp.get(k) == v for k, v in self._identity.items()):
            return None
        harden_whoosh()   # a whoosh module imported since is covered before it reads a file
        # Whoosh leaves the file of a corrupt table of contents open; it is closed (quietly)
        # as the failed open unwinds, and any cycle holding it is collected before we go on.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            for attempt in range(3):  # a commit elsewhere can replace files as we open: retry first
                try:
                    if not whoosh_index.exists_in(str(self.folder)):
                        return None
                    return whoosh_index.open_dir(str(self.folder))
                except Exception:  # noqa: BLE001 - still failing after retries: rebuild the derived index
                    time.sleep(0.05 * (attempt + 1))
            gc.collect()
        return None

    def _create(self, *, unless_made_meanwhile: bool = False) -> None:
        """A new, empty index. Under a lock of its own: two processes that both found no index
        would otherwise clear the folder under each other's feet (one renaming a file the other
        just deleted); the second finds the first one's index and uses it."""
        self._drop_searcher()
        try:
            with self._create_lock:
                if unless_made_meanwhile:
                    self._index = self._open_existing()
                    if self._index is not None:
                        return
                if self.folder.is_symlink() or (self.folder.exists() and not self.folder.is_dir()):
                    self.folder.unlink()   # a file (or a link) where the index folder belongs: derived, replaced
                elif self.folder.exists():
                    shutil.rmtree(self.folder, ignore_errors=True)
                self.folder.mkdir(parents=True, exist_ok=True)
                self._index = whoosh_index.create_in(str(self.folder), _schema())
                write_atomic(self._stamp_file, json.dumps({**self._identity, "digest": ""}))
        except (OSError, StorageError) as exc:
            if not _read_only(exc):
                raise
            # a read-only state root (or a full disk): search from an index in memory, this process only
            self._in_memory()

    def _writer(self):
        deadline = time.monotonic() + WRITER_TIMEOUT
        delay = 0.01
        while True:
            try:
                return self._open().writer()
            except whoosh_index.LockError:
                if time.monotonic() > deadline:
                    raise StorageError(f"the search index {self.folder} stayed locked for "
                                       f"{WRITER_TIMEOUT:.0f} s") from None
                time.sleep(delay)
                delay = min(delay * 2, 0.2)

    # keeping in step ----------------------------------------------------------------------

    def sync(self, facts: Iterable[Fact], progress: Progress | None = None) -> SyncReport:
        """Add, update and remove only what changed since the last sync (of any process)."""
        wanted = {}
        seen: dict[int, tuple[Fact, dict[str, str], str, int]] = {}
        total = 0
        for fact in facts:
            # a fact object the store kept from the last look (its file did not change) was hashed then
            known = self._hashed.get(id(fact))
            if known is None or known[0] is not fact:
                fields = _document(fact)
                version = _version(fields)
                key = document_key(fact)
                known = (fact, fields, version, _entry_hash(key, version))
            seen[id(fact)] = known
            wanted[document_key(fact)] = (known[1], known[2])
            total += known[3]
        self._hashed = seen
        digest = _digest_of(total, len(wanted))
        if self._stamp().get("digest") == digest and self._index is not None:
            self._note_in_step(self._index, digest, wanted)
            return SyncReport()
        index = self._open()
        if self._stamp().get("digest") == digest:
            self._note_in_step(index, digest, wanted)
            return SyncReport()
        # Everything is read through the writer, under Whoosh's lock: another process's commit
        # deletes merged segment files, which a reader outside the lock could be opening.
        writer = self._writer()
        try:
            generation = index.latest_generation()
            if self._committed is not None and self._committed[:2] == (generation, self._stamp().get("digest")):
                # nobody committed since our own last commit: what it holds is what we wrote
                existing = dict(self._committed[2])
                rebuilt = not existing and bool(wanted)
            else:
                with writer.searcher() as searcher:
                    rebuilt = searcher.doc_count_all() == 0 and bool(wanted)
                    existing = {fields["key"]: fields.get("version") for fields in searcher.all_stored_fields()}
            removed = [k for k in existing if k not in wanted]
            todo = [(k, f, v) for k, (f, v) in wanted.items() if existing.get(k) != v]
            for key in removed:
                writer.delete_by_term("key", key)
            total = len(todo)
            for done, (key, fields, version) in enumerate(todo, start=1):
                if key in existing:
                    writer.update_document(key=key, version=version, **fields)
                else:
                    writer.add_document(key=key, version=version, **fields)
                if progress and (done % 200 == 0 or done == total):
                    progress(done, total)
            writer.commit()
        except BaseException:
            _abandon(writer)
            raise
        self._record_digest(digest)
        self._index = index
        self._note_in_step(index, digest, wanted)
        added = sum(1 for k, _, _ in todo if k not in existing)
        return SyncReport(added=added, updated=len(todo) - added, removed=len(removed), rebuilt=rebuilt)

    def rebuild(self, facts: Iterable[Fact], progress: Progress | None = None) -> SyncReport:
        """Every document written again, in one commit that replaces every segment: a reader in
        another process sees the old index or the new one, never an empty one in between (a
        rebuild used to delete the folder first, and concurrent searches found nothing). An index
        that cannot be opened, or is too damaged to be rewritten, is created anew."""
        self._committed = None
        self._drop_searcher()
        self._index = None
        self._open(fresh=True)
        every = list(facts)
        for fresh in (False, True):
            try:
                return self._refill(every, progress)
            except Exception as exc:  # noqa: BLE001 - said below
                if _read_only(exc):   # a full disk or a read-only root: nothing can be written there
                    break
                if isinstance(exc, StorageError) or fresh:
                    raise
                self._index = None   # a damaged segment the writer cannot read: start from nothing
                self._create()
        self._in_memory()
        return self._refill(every, progress)

    def _in_memory(self) -> None:
        """Search from an index in this process's memory: the folder cannot be written (a read-only
        root, a full disk), and what is in it may be damaged."""
        from whoosh.filedb.filestore import RamStorage  # type: ignore[attr-defined]

        self._drop_searcher()
        self._committed = None
        self._index = RamStorage().create_index(_schema())
        self._in_memory_digest = ""

    def _refill(self, facts: list[Fact], progress: Progress | None) -> SyncReport:
        documents = []
        for fact in facts:
            fields = _document(fact)
            documents.append((document_key(fact), fields, _version(fields)))
        digest = set_digest((k, v) for k, _, v in documents)
        writer = self._writer()
        try:
            writer.delete_by_query(Every())
            for done, (key, fields, version) in enumerate(documents, start=1):
                writer.add_document(key=key, version=version, **fields)
                if progress and (done % 200 == 0 or done == len(documents)):
                    progress(done, len(documents))
            writer.commit(mergetype=CLEAR)
        except BaseException:
            _abandon(writer)
            raise
        self._record_digest(digest)
        return SyncReport(added=len(documents), rebuilt=True)

    def _note_in_step(self, index, digest: str, wanted: dict[str, tuple[dict[str, str], str]]) -> None:
        """The index holds ``wanted`` now: the next sync of this process need not read it back, unless
        another commits meanwhile."""
        if self._committed is None or self._committed[:2] != (index.latest_generation(), digest):
            self._committed = (index.latest_generation(), digest, {k: v for k, (_, v) in wanted.items()})

    def _record_digest(self, digest: str) -> None:
        if self._in_memory_digest is not None:
            self._in_memory_digest = digest
        else:
            write_atomic(self._stamp_file, json.dumps({**self._identity, "digest": digest}))

    # searching ---------------------------------------------------------------------------------

    def search(self, terms: list[str], limit: int,
               expansion: dict[str, float] | None = None) -> list[tuple[str, float]]:
        """(document key, BM25F score) of the best ``limit`` documents matching any of ``terms``
        (tokens as :func:`tokenize` gives them with ``drop_stopwords=True``); ``expansion``
        adds further body terms with their own (smaller) weights."""
        terms = list(dict.fromkeys(terms))
        if not terms:
            return []
        clauses = [(field, term, 1.0) for term in terms for field in ("head", "body")]
        clauses += [("body", term, boost) for term, boost in (expansion or {}).items()]

        def run(searcher):
            top = self._scorer.top(searcher, clauses, limit)
            if self._keys[0] is not searcher:   # (a stored field is unpickled from a compressed block)
                self._keys = (searcher, {})
            keys = self._keys[1]
            found = []
            for docnum, score in top:
                key = keys.get(docnum)
                if key is None:
                    key = keys[docnum] = searcher.stored_fields(docnum)["key"]
                found.append((key, score))
            return found

        return self._reading(run)

    def document_frequencies(self, terms: Iterable[str]) -> tuple[int, dict[str, int]]:
        """(documents in the index, body document frequency of each term)."""
        terms = list(terms)

        def read(searcher):
            if self._frequencies[0] is not searcher:   # known per generation: feedback asks again and again
                self._frequencies = (searcher, {})
            known = self._frequencies[1]
            for term in terms:
                if term not in known:
                    known[term] = searcher.doc_frequency("body", term)
            return searcher.doc_count_all(), {t: known[t] for t in terms}

        return self._reading(read)

    def _reading(self, read: Callable):
        """Run ``read(searcher)``; if another process's commit removed a segment file while we were
        opening it, open the newest generation and read again (readers never block writers)."""
        delay = 0.01
        for attempt in range(READ_RETRIES):
            try:
                return read(self._current_searcher())
            except (whoosh_index.IndexError, OSError):
                if attempt == READ_RETRIES - 1:
                    raise
                self._drop_searcher()
                self._index = None
                time.sleep(delay)
                delay *= 2
        raise AssertionError("unreachable")

    def _current_searcher(self):
        """The searcher of the newest committed generation: the kept one while it is current."""
        searcher = self._searcher
        if searcher is not None and self._index is not None and searcher.up_to_date():
            return searcher
        self._drop_searcher()
        searcher = self._open().searcher(weighting=_BM25(B=self._scorer.bm25.b, K1=self._scorer.bm25.k1))
        self._searcher = searcher
        self._scorer.forget_segments_except({found for reader, _ in searcher.reader().leaf_readers()
                                             if (found := segment_id(reader)) is not None})
        return searcher

    def _drop_searcher(self) -> None:
        if self._searcher is not None:
            searcher, self._searcher = self._searcher, None
            try:
                searcher.close()
            except Exception:  # noqa: BLE001 - its files may be gone already (a rebuild, a merge elsewhere)
                pass

    def close(self) -> None:
        self._drop_searcher()
        if self._index is not None:
            self._index.close()
            self._index = None
