"""The tool guidance an agent's standing instructions carry, in our own words, and writing it into
AGENTS.md or CLAUDE.md between markers, idempotently (a second write replaces the block)."""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from ..errors import InvalidInput, StorageError
from ..storage.atomic_write import write_atomic
from ..storage.safe_read import read_regular_bytes

START, END = "<!-- context-eng:start -->", "<!-- context-eng:end -->"
GUIDANCE_FILE = "context_eng_guidance.md"


def _guidance() -> str:
    """The block's text, shipped as a resource so the MCP face reads it without the engine."""
    return resources.files("context_center.resources").joinpath(GUIDANCE_FILE).read_text(encoding="utf-8").strip()


def guidance_block(*, markers: bool = True) -> str:
    text = _guidance()
    return f"{START}\n{text}\n{END}" if markers else text


def write_guidance(path: str | os.PathLike[str]) -> bool:
    """Insert or replace the block in ``path`` (created if missing); False when it was already there
    as it is. A file with a start marker but no end marker is refused, not guessed at."""
    target = Path(path)
    try:
        text = read_regular_bytes(target).decode("utf-8") if target.exists() else ""   # never a FIFO's wait
    except (OSError, UnicodeDecodeError) as exc:
        raise StorageError(f"cannot read {target}: {exc}") from exc
    block = guidance_block()
    start, end = text.find(START), text.find(END)
    if start >= 0 and (end < 0 or end < start):
        raise InvalidInput(f"{target} has {START} without a matching {END} after it; fix the markers by hand")
    if start >= 0:
        updated = text[:start] + block + text[end + len(END):]
    else:
        updated = (text.rstrip("\n") + "\n\n" if text.strip() else "") + block + "\n"
    if updated == text:
        return False
    write_atomic(target, updated)
    return True
