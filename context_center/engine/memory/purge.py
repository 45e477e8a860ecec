"""Purging a fact's secrets: the one rewrite history allows.

History is otherwise immutable; a secret must not survive in it. Every file of the fact is masked
in place — the active file, each revision snapshot (in every scope folder), its archive entries —
and no new revision is made (one would snapshot the secret again)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..records import Fact
from ..storage.atomic_write import write_atomic
from ..storage.safe_read import read_regular_bytes
from . import sensitive
from .fact_file import decode_fact_bytes
from .fact_reading import MAX_FACT_FILE_BYTES
from .fact_store import FactStore


@dataclass(frozen=True)
class PurgeReport:
    """What purging a fact's secrets rewrote: the files and the kinds of secret masked."""

    ref: str
    rewritten: tuple[Path, ...]
    kinds: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"ref": self.ref, "rewritten": [str(p) for p in self.rewritten], "kinds": list(self.kinds)}


def purge_files(store: FactStore, fact: Fact, *, dry_run: bool = False) -> PurgeReport:
    """Mask every secret in ``fact``'s files (call it holding the store lock); ``dry_run``: only
    say which files hold one (the window offers Purge only when one does)."""
    assert fact.path is not None
    files = [fact.path, *store.revisions.files(fact)]
    files += [entry.path for entry in store.archive.entries() if entry.id == fact.id]
    rewritten: list[Path] = []
    kinds: set[str] = set()
    for path in files:
        try:   # never through a symlink: its target's text would become a revision of ours
            text = decode_fact_bytes(read_regular_bytes(path, MAX_FACT_FILE_BYTES, follow_symlinks=False))[0]
        except (OSError, UnicodeDecodeError):
            continue
        masked, found = sensitive.redact(text)
        if found:
            if not dry_run:
                write_atomic(path, masked)
            rewritten.append(path)
            kinds.update(found)
    return PurgeReport(fact.ref, tuple(rewritten), tuple(sorted(kinds)))
