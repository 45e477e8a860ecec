"""``MEMORY.md``: a derived index of a fact folder, rebuilt from the facts.

Lines between our markers are ours and are rebuilt on every change; each is in
Reasonix's managed form (``- [Label](name.md) — [scope/type pinned] description``)
so Reasonix recognises them too. An index line outside the markers, in that form
or in our earlier one (``- [T](name.md) (pinned) — desc``), is derived data and is
dropped; every other hand-written line is kept, in place.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Iterable

from ..records import Fact
from ..storage.atomic_write import write_atomic
from ..storage.safe_read import read_regular_text

BEGIN = "<!-- context-center:index:begin (generated from the fact files; edits here are replaced) -->"
END = "<!-- context-center:index:end -->"
_DERIVED_LINE = re.compile(r"^\s*[-*]\s+\[[^\]]*\]\([^)]+\.md\)")


def _entry(fact: Fact) -> str:
    """Reasonix's managed line, so it recognises ours and does not list a fact twice:
    ``- [Label](name.md) — [scope/type pinned] description``."""
    title = fact.label.replace("[", "(").replace("]", ")")
    pin = " pinned" if fact.pinned else ""
    description = " ".join(fact.description.split())
    return f"- [{title}]({fact.name}.md) — [{fact.scope}/{fact.type}{pin}] {description}".rstrip()


def render_index(existing: str, facts: Iterable[Fact]) -> str:
    entries = [_entry(f) for f in sorted(facts, key=lambda f: f.name)]
    block = [BEGIN, *entries, END]
    lines = existing.replace("\r\n", "\n").split("\n") if existing.strip() else []
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


MAX_INDEX_BYTES = 16 * 1024 * 1024
log = logging.getLogger("context_center.memory")


def rebuild_index(folder: Path, facts: Iterable[Fact]) -> bool:
    """Rewrite ``folder/MEMORY.md`` if its derived part changed; True if written."""
    facts = list(facts)
    path = folder / "MEMORY.md"
    try:
        existing = read_regular_text(path, MAX_INDEX_BYTES)
    except FileNotFoundError:
        existing = ""
        if not facts:
            return False
    except (OSError, UnicodeDecodeError) as exc:   # hand-written lines we cannot read are not ours to drop
        log.warning("context-center: %s is left as it is: %s", path,
                    exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is not UTF-8 text")
        return False
    text = render_index(existing, facts)
    if text == existing:
        return False
    write_atomic(path, text)
    return True
