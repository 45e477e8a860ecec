"""``MEMORY.md``: a derived index of a fact folder, rebuilt from the facts.

Lines between our markers are ours and are rebuilt on every change; each is in
Reasonix's managed form (``- [Label](name.md) — [scope/type pinned] description``)
so Reasonix recognises them too. An index line outside the markers, in that form
or in our earlier one (``- [T](name.md) (pinned) — desc``), is derived data and is
dropped; every other hand-written line is kept, in place.
"""
from __future__ import annotations

import bisect
import contextlib
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import StorageError
from ..records import Fact
from ..storage.atomic_write import stage_file, write_atomic
from ..storage.safe_read import read_regular_text

BEGIN = "<!-- context-center:index:begin (generated from the fact files; edits here are replaced) -->"
END = "<!-- context-center:index:end -->"
# A managed line, as upstream tells one: a ``- [..](name.md)`` link to a file of the folder itself
# followed by spaces and an em dash (our earlier form put `` (pinned)`` between). A hand-written
# ``- [notes](notes.md)``, or ``- [Design doc](docs/design.md) — read first`` (a file elsewhere:
# no fact of this folder), is no such line.
_DERIVED_LINE = re.compile(r"^\s*[-*]\s+\[[^\]]*\]\([^)/\\]+\.md\)(?:\s+\(pinned\))?\s+\u2014")


def _entry(fact: Fact) -> str:
    """Reasonix's managed line, so it recognises ours and does not list a fact twice:
    ``- [Label](name.md) — [scope/type pinned] description``."""
    title = fact.label.replace("[", "(").replace("]", ")")
    pin = " pinned" if fact.pinned else ""
    description = " ".join(fact.description.split())
    return f"- [{title}]({fact.name}.md) — [{fact.scope}/{fact.type}{pin}] {description}".rstrip()


def render_index(existing: str, facts: Iterable[Fact]) -> str:
    entries = [_entry(f) for f in sorted(facts, key=lambda f: f.name)]
    return splice_index(existing, entries)


def splice_index(existing: str, entries: list[str]) -> str:
    """``existing`` with our block (``entries``, in order) in place of the old one; every other
    hand-written line kept where it was, and derived lines outside the markers dropped."""
    block = [BEGIN, *entries, END]
    text = existing.replace("\r\n", "\n")
    begin, end = text.find("<!-- context-center:index:begin"), text.find(END)
    if 0 <= begin < end and text.count("<!-- context-center:index:begin") == 1 and text.count(END) == 1:
        # the usual case: only the lines around our block are looked at (a block of 100,000 lines is not)
        start = text.rfind("\n", 0, begin) + 1
        stop = text.find("\n", end)
        before = [line for line in text[:start].split("\n")[:-1] if not _DERIVED_LINE.match(line)]
        after = [line for line in (text[stop + 1:].split("\n") if stop >= 0 else [])
                 if not _DERIVED_LINE.match(line)]
        return "\n".join(before + block + after).rstrip() + "\n"
    lines = text.split("\n") if existing.strip() else []
    kept: list[str] = []
    position: int | None = None
    inside = False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("<!-- context-center:index:begin"):
            inside, position = True, len(kept)
            continue
        if stripped == END:
            inside = False
            continue
        if inside or _DERIVED_LINE.match(line):
            if position is None:
                position = len(kept)
            continue
        kept.append(line)
    if position is None:
        if not kept:
            kept = ["# Memory index", ""]
        position = len(kept)
        if kept and kept[-1].strip():
            kept.append("")
            position += 1
    out = kept[:position] + block + kept[position:]
    return "\n".join(out).rstrip() + "\n"


class IndexLines:
    """The lines of one folder's block, kept between rewrites: a change renders the lines of the
    facts it touched, not every line (at 100,000 facts the whole takes a tenth of a second)."""

    def __init__(self) -> None:
        self._line: dict[str, str] = {}       # name → line
        self._names: list[str] = []           # sorted
        self._name_of: dict[str, str] = {}    # id → name
        self.filled = False

    def fill(self, facts: Iterable[Fact]) -> None:
        self._line = {f.name: _entry(f) for f in facts}
        self._name_of = {f.id: f.name for f in facts}
        self._names = sorted(self._line)
        self.filled = True

    def update(self, fact_id: str, fact: Fact | None) -> None:
        old = self._name_of.pop(fact_id, None)
        if old is not None and self._line.pop(old, None) is not None:
            index = bisect.bisect_left(self._names, old)
            if index < len(self._names) and self._names[index] == old:
                del self._names[index]
        if fact is not None:
            if fact.name not in self._line:
                bisect.insort(self._names, fact.name)
            self._line[fact.name] = _entry(fact)
            self._name_of[fact_id] = fact.name

    def entries(self) -> list[str]:
        return [self._line[name] for name in self._names]


MAX_INDEX_BYTES = 16 * 1024 * 1024
log = logging.getLogger("context_center.memory")


def rebuild_index(folder: Path, facts: Iterable[Fact]) -> bool:
    """Rewrite ``folder/MEMORY.md`` if its derived part changed; True if written."""
    prepared = prepare_index(folder, facts)
    return prepared.write() if prepared is not None else False


@dataclass
class PreparedIndex:
    """A ``MEMORY.md`` rendered away from the lock, written under it only if the file it was made
    from is still the one on disk (another process may have rewritten it meanwhile)."""
    path: Path
    text: str
    made_from: tuple[int, int, int] | None   # (size, mtime_ns, inode) of the file read; None: there was none
    staged: Path | None = None

    def stage(self) -> None:
        """Write it, synced, beside the fact folder (not in it: the folder's mtime tells a write of
        another process, and this is none); :meth:`commit` moves it in."""
        self.staged = stage_file(self.path.parent.parent, self.text)

    def commit(self) -> bool:
        """Put it in place if still current (holding the lock); False when the file changed since."""
        if _stamp(self.path) != self.made_from:
            self.discard()
            return False
        if self.staged is None:
            write_atomic(self.path, self.text)
            return True
        try:
            os.replace(self.staged, self.path)
        except OSError as exc:
            self.discard()
            raise StorageError(f"could not write {self.path}: {exc.strerror or exc}") from exc
        self.staged = None
        return True

    def discard(self) -> None:
        if self.staged is not None:
            with contextlib.suppress(OSError):
                self.staged.unlink()
            self.staged = None

    def write(self) -> bool:
        """Stage and commit in one go (the caller holds the lock throughout)."""
        return self.commit()


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino


def prepare_index(folder: Path, facts: Iterable[Fact] | IndexLines) -> PreparedIndex | None:
    """The new ``folder/MEMORY.md``, or None when nothing is to be written (unchanged, or a file whose
    hand-written lines cannot be read)."""
    if isinstance(facts, IndexLines):
        entries = facts.entries()
    else:
        entries = [_entry(f) for f in sorted(facts, key=lambda f: f.name)]
    path = folder / "MEMORY.md"
    stamp = _stamp(path)
    try:
        existing = read_regular_text(path, MAX_INDEX_BYTES, follow_symlinks=False)
    except FileNotFoundError:
        existing, stamp = "", None
        if not entries:
            return None
    except (OSError, UnicodeDecodeError) as exc:   # hand-written lines we cannot read are not ours to drop
        log.warning("context-center: %s is left as it is: %s", path,
                    exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is not UTF-8 text")
        return None
    text = splice_index(existing, entries)
    return None if text == existing else PreparedIndex(path, text, stamp)
