"""The workspace's files as refs read them: lines, digests, whole-word lookups, cached by stamp.

A check runs on every prompt for the facts recall is about to inject, so a file is read once per
change: what was read is kept against the file's (mtime, size, inode) and used again while they
hold. Files are read as regular files only (a FIFO never stalls a prompt), at most
:data:`MAX_CODE_BYTES`, and decoded leniently (a line's bytes that are not UTF-8 become U+FFFD
in both the evidence and the check, so they compare alike).
"""
from __future__ import annotations

import hashlib
import os
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from ..memory.fact_refs import MAX_LINE_CHARS
from ..storage.safe_read import read_regular_bytes

MAX_CODE_BYTES = 4 * 1024 * 1024
_KEPT_FILES = 256


def digest(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


MOVED_CANDIDATES = 64   # places a moved range is looked for (lines equal to its first one)
MOVED_MAX_LINES = 400   # a longer range is not looked for elsewhere (it changed, or it is where it was)


@dataclass(frozen=True)
class CodeFile:
    """A file's lines, with what was looked up in them kept (a file is read again when it changes,
    so a lookup is made once per change, not once per prompt)."""

    lines: tuple[str, ...]
    digest: str        # of the whole file's text
    _found: dict[tuple[str, ...], int | str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, raw: bytes) -> CodeFile:
        """The file whose bytes are ``raw`` (UTF-8, undecodable bytes replaced)."""
        text = raw.decode("utf-8", "replace").replace("\r\n", "\n")
        return cls(tuple(text.split("\n")), digest(text))

    def span(self, start: int, end: int) -> tuple[str, ...] | None:
        """Lines ``start``..``end`` (1-based, inclusive), or None past the end of the file."""
        if end > len(self.lines):
            return None
        return self.lines[start - 1:end]

    def span_digest(self, start: int, end: int) -> str | None:
        """The digest of lines ``start``..``end`` (kept: a range is hashed once per change of the file)."""
        key = ("digest", str(start), str(end))
        if key not in self._found:
            span = self.span(start, end)
            self._found[key] = digest("\n".join(span)) if span is not None else ""
        found = self._found[key]
        return str(found) or None

    def find_span(self, length: int, wanted: str, first: str) -> int:
        """The first line of a run of ``length`` lines whose digest is ``wanted`` and whose first
        line starts with ``first`` (as evidence keeps it: its first :data:`MAX_LINE_CHARS`), else 0.
        Only runs starting at such a line are hashed, at most :data:`MOVED_CANDIDATES` of them: a
        hostile file (the same line a million times) costs no more than a few."""
        key = ("span", str(length), wanted, first)
        if length > MOVED_MAX_LINES:
            return 0
        if key not in self._found:
            found, tried = 0, 0
            for start, line in enumerate(self.lines[:len(self.lines) - length + 1]):
                if line[:MAX_LINE_CHARS] != first:
                    continue
                tried += 1
                if digest("\n".join(self.lines[start:start + length])) == wanted:
                    found = start + 1
                    break
                if tried >= MOVED_CANDIDATES:
                    break
            self._found[key] = found
        return int(self._found[key])

    def find_word(self, word: str) -> int:
        """The first line holding ``word`` as a whole word, else 0."""
        key = ("word", word)
        if key not in self._found:
            pattern = re.compile(r"(?<![\w$])" + re.escape(word) + r"(?![\w$])")
            self._found[key] = next((number for number, line in enumerate(self.lines, 1)
                                     if word in line and pattern.search(line)), 0)
        return int(self._found[key])


@dataclass(frozen=True)
class Unreadable:
    """A file that is there but is not read: not a regular file, or over :data:`MAX_CODE_BYTES`."""

    reason: str


class CodeFiles:
    """Files read once per change of their stamp (thread-safe; a few hundred kept)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, tuple[tuple[int, int, int], CodeFile | Unreadable]] = OrderedDict()
        self._lock = threading.Lock()

    def read(self, path: Path) -> CodeFile | Unreadable | None:
        """The file at ``path`` (a regular file, not a link); :class:`Unreadable` when it is there but
        is not read; None when there is none."""
        key = str(path)
        try:
            stat = os.lstat(path)
        except OSError:   # gone, or a name the system refuses (too long)
            return None
        stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and kept[0] == stamp:
                self._kept.move_to_end(key)
                return kept[1]
        found: CodeFile | Unreadable
        try:
            raw = read_regular_bytes(path, MAX_CODE_BYTES, follow_symlinks=False)
        except OSError as exc:
            found = Unreadable(getattr(exc, "reason", None) or exc.strerror or str(exc))
        else:
            found = CodeFile.of(raw)
        with self._lock:
            self._kept[key] = (stamp, found)
            self._kept.move_to_end(key)
            while len(self._kept) > _KEPT_FILES:
                self._kept.popitem(last=False)
        return found
