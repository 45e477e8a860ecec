"""A file the remote changed and this machine did not: may it replace ours?

A remote may edit a fact (as a hand in an editor may: the edit there is the fact's text here, and
the version it replaced stays in the sync repository's history), but never make one disappear: a
file whose remote version holds another fact, or none, is settled like an edit on both machines
(fact_merge.py), so both stay. History is never rewritten: an archive entry or a revision snapshot
here is replaced only by its own masked copy (``purge-secrets`` on another machine), and any other
change to one is refused.
"""
from __future__ import annotations

import enum
from pathlib import Path

from ..memory import sensitive
from ..memory.fact_file import FactFileError, decode_fact_bytes, parse_fact
from ..memory.fact_reading import MAX_FACT_FILE_BYTES
from ..records import Fact
from ..storage.safe_read import read_regular_bytes
from .travel import fact_folder, scope_of_folder

REWRITTEN_HISTORY = "history is never rewritten by a sync: the archive entry or revision here is kept"


class Verdict(enum.Enum):
    TAKE = "take"        # write the remote's version
    SETTLE = "settle"    # both versions stay: settled as an edit on both machines
    REFUSE = "refuse"    # ours stays, the remote's is refused


def judge(root: Path, path: str, theirs: bytes) -> Verdict:
    """What to do with the remote's ``theirs`` for ``path`` (inside a fact folder), changed there
    alone."""
    ours_bytes = _read(root / path)
    if ours_bytes is None or ours_bytes == theirs:
        return Verdict.TAKE                              # nothing here (or nothing readable) to keep
    found = fact_folder(path)
    assert found is not None
    rest = found[1]
    ours_text, theirs_text = _text(ours_bytes), _text(theirs)
    if ours_text is not None and theirs_text == sensitive.redact(ours_text)[0]:
        return Verdict.TAKE                              # ours, masked: purge-secrets there
    if "/" in rest:
        return Verdict.REFUSE
    ours, their_fact = _fact(ours_text, path), _fact(theirs_text, path)
    if ours is None or (their_fact is not None and their_fact.id == ours.id):
        return Verdict.TAKE                              # an edit there (or no fact here to keep)
    return Verdict.SETTLE                                # another fact, or none, over ours


def _read(path: Path) -> bytes | None:
    try:   # never through a link, never past what a fact file may hold
        return read_regular_bytes(path, MAX_FACT_FILE_BYTES, follow_symlinks=False)
    except OSError:
        return None


def _text(data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return decode_fact_bytes(data)[0]
    except UnicodeDecodeError:
        return None


def _fact(text: str | None, path: str) -> Fact | None:
    found = fact_folder(path)
    if text is None or found is None:
        return None
    try:
        return parse_fact(text, path=Path(path), scope=scope_of_folder(found[0]), name_from_file=False)[0]
    except FactFileError:
        return None
