"""The fact files of one scope folder as last seen, indexed for what a write checks.

A write asks a few questions: which fact has this id or name, who holds this subject key, how
much of the pinned budget is spent. Answered from indexes kept up to date file by file, they
cost the same at 100 facts and at 100,000. The full list of facts (and the diagnostics) is
made only when someone reads it, once per change.

Two files holding one id (an interrupted rename, a copy made by hand): the higher revision is
the fact; on a tie, the first by path. The other is listed in a diagnostic.
"""
from __future__ import annotations

import bisect
from pathlib import Path

from ..records import Diagnostic, Fact
from ..storage.fact_cache import CachedFile
from .fields import normalize_subject_key


class ScopeTable:
    def __init__(self, scope: str) -> None:
        self.scope = scope
        self.loaded = False
        self.folder_stamp: int | None = None      # the folder's st_mtime_ns when it was last scanned
        self.files: dict[str, CachedFile] = {}     # path (as text) → what it holds
        self._order: list[str] = []                # the paths holding a fact, sorted (kept, not sorted per read)
        self._holders: dict[str, list[str]] = {}   # id → the paths (as text, sorted) holding it
        self.kept: dict[str, Fact] = {}            # id → the fact
        self.by_name: dict[str, Fact] = {}
        self.by_subject: dict[str, dict[str, Fact]] = {}   # normalized subject key → id → fact
        self.pinned_chars = 0                      # bodies of pinned, promoted facts
        self.version = 0                           # bumped by every change
        self.changed_ids: set[str] = set()         # ids changed since a reader took them (MEMORY.md's lines)
        self.reloaded = True                       # loaded whole since a reader last looked

    # changes ---------------------------------------------------------------------------------

    def load(self, files: dict[str, CachedFile]) -> None:
        """Everything at once (an open): the same as applying each file, in one pass. The table
        keeps ``files`` itself (at 100,000 facts a copy costs what the rest of the pass does)."""
        version = self.version
        self.__init__(self.scope)  # type: ignore[misc]
        self.version = version + 1
        self.reloaded = True
        self.files = files
        self._order = order = [text for text, item in files.items() if item.fact is not None]
        order.sort()   # a snapshot comes in path order: one pass
        holders = self._holders
        for text in order:
            fact_id = files[text].fact.id   # type: ignore[union-attr]
            held = holders.get(fact_id)
            if held is None:
                holders[fact_id] = [text]
            else:
                held.append(text)
        kept, index = self.kept, self._index
        for fact_id, held in holders.items():
            if len(held) > 1:
                self._resolve(fact_id)
                continue
            fact = files[held[0]].fact   # the usual case, without _resolve's comparisons
            assert fact is not None
            kept[fact_id] = fact
            index(fact)
        self.changed_ids = set(self.kept)
        self.loaded = True

    def apply(self, path: Path | str, item: CachedFile | None) -> None:
        """``path`` now holds ``item`` (None: it is gone)."""
        path = str(path)
        old = self.files.get(path)
        touched: set[str] = set()
        if old is not None and old.fact is not None:
            index = bisect.bisect_left(self._order, path)
            if index < len(self._order) and self._order[index] == path:
                del self._order[index]
            holders = self._holders.get(old.fact.id, [])
            if path in holders:
                holders.remove(path)
            if not holders:
                self._holders.pop(old.fact.id, None)
            touched.add(old.fact.id)
        if item is None:
            self.files.pop(path, None)
        else:
            self.files[path] = item
            if item.fact is not None:
                bisect.insort(self._order, path)
                bisect.insort(self._holders.setdefault(item.fact.id, []), path)
                touched.add(item.fact.id)
        for fact_id in touched:
            self._resolve(fact_id)
        self.version += 1

    def _resolve(self, fact_id: str) -> None:
        self.changed_ids.add(fact_id)
        previous = self.kept.pop(fact_id, None)
        if previous is not None:
            self._unindex(previous)
        kept: Fact | None = None
        for text in self._holders.get(fact_id, ()):
            fact = self.files[text].fact
            if fact is not None and (kept is None or fact.revision > kept.revision):
                kept = fact
        if kept is not None:
            self.kept[fact_id] = kept
            self._index(kept)

    def _index(self, fact: Fact) -> None:
        self.by_name[fact.name] = fact
        key = normalize_subject_key(fact.subject_key) if fact.subject_key else ""
        if key:
            self.by_subject.setdefault(key, {})[fact.id] = fact
        if fact.activation != "relevant" and fact.pinned and not fact.staging:   # (most are "relevant")
            self.pinned_chars += len(fact.body.strip())

    def _unindex(self, fact: Fact) -> None:
        if self.by_name.get(fact.name) is fact:
            del self.by_name[fact.name]
        key = normalize_subject_key(fact.subject_key)
        holders = self.by_subject.get(key)
        if holders is not None and holders.get(fact.id) is fact:
            del holders[fact.id]
            if not holders:
                del self.by_subject[key]
        if fact.pinned and not fact.staging:
            self.pinned_chars -= len(fact.body.strip())

    # reading everything ---------------------------------------------------------------------------

    def facts(self) -> list[Fact]:
        """The facts in path order (each id where its first file is)."""
        files = self.files
        if len(self._holders) == len(self._order):   # no id in two files (the usual case): each file's fact
            return [files[text].fact for text in self._order]   # type: ignore[misc]
        out, seen = [], set()
        for text in self._order:
            fact = files[text].fact
            assert fact is not None
            if fact.id not in seen:
                seen.add(fact.id)
                out.append(self.kept[fact.id])
        return out

    def diagnostics(self) -> list[Diagnostic]:
        found: list[Diagnostic] = []
        for text in sorted(p for p, item in self.files.items() if item.diagnostics):
            found.extend(self.files[text].diagnostics)
        for fact_id, holders in self._holders.items():
            if len(holders) < 2:
                continue
            kept = self.kept[fact_id]
            for text in holders:
                other = self.files[text].fact
                if other is None or other is kept:
                    continue
                assert other.path is not None and kept.path is not None
                if kept.revision > other.revision:   # an interrupted rename: the newer revision is the fact
                    found.append(Diagnostic(other.path, 1, f"revision {other.revision} of {kept.id} is left over "
                                            f"from an interrupted rename to {kept.path.name}; it is kept as a "
                                            "revision and removed when the store is next opened", "warning"))
                else:
                    found.append(Diagnostic(other.path, 1, f"id {fact_id} is also used by {kept.path.name}; "
                                            "this copy is skipped until one of them changes id"))
        return found
