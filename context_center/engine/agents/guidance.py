"""The tool guidance an agent's standing instructions carry, in our own words, and writing it into
AGENTS.md or CLAUDE.md between markers, idempotently (a second write replaces the block)."""
from __future__ import annotations

import os
from pathlib import Path

from ..errors import InvalidInput, StorageError
from ..storage.atomic_write import write_atomic

START, END = "<!-- context-eng:start -->", "<!-- context-eng:end -->"

_GUIDANCE = """\
Context Center keeps what earlier sessions learned — mistakes, decisions, preferences, habits — so
you do not relearn it. Before work where that past could matter, call `memory_search` with the
user's request as `query`; narrow with `categories` and `filters.scope`, and add `hints` (topics,
tags, links, categories) to rank, never to filter. A reply starting `no matching memory.` means
nothing is stored for it: go on without writing. Search shows promoted memory; staging stays
hidden unless `filters.includeStaging` is true. Prefer this project's hits over global ones and
newer over older: an old hit may be stale.

{table}

Never store secrets, credentials or e-mail addresses: they are refused."""


_ROWS = (
    ('`memory_search`',
     'Past memory may help this task. `project` or `both` needs a bound project (`--project`, '
     '`projectPath`, or `memory_bind`); on `PROJECT_NOT_BOUND`, retry with `projectPath`. `global` always works.'),
    ('`memory_create`',
     'After the work, for one new durable claim: one sentence, one claim, not already stored.'),
    ('`memory_edit`',
     'A hit is close but stale: sharpen `content`, labels or category, by `currentCategory` and `id`.'),
    ('`memory_bind`',
     'Project memory is unbound, or you moved to another repository.'),
    ('`memory_list_categories`',
     'You need category names before a named search or a write.'),
    ('`memory_map`',
     "You have a memory's text but not its id: `lines_ids[i]` is the id of `lines[i]`."),
    ('`memory_promote`',
     'A staging memory proved useful and should be searchable (`category` and `id`).'),
    ('`memory_demote`',
     'A searchable memory should leave default search.'),
    ('`memory_delete`',
     'The user rejects a staging memory (demote a live one first); it goes to the archive.'),
)
_TABLE = "\n".join(["| Tool | When |", "|------|------|", *(f"| {tool} | {when} |" for tool, when in _ROWS)])


def guidance_block(*, markers: bool = True) -> str:
    text = _GUIDANCE.format(table=_TABLE)
    return f"{START}\n{text}\n{END}" if markers else text


def write_guidance(path: str | os.PathLike[str]) -> bool:
    """Insert or replace the block in ``path`` (created if missing); False when it was already there
    as it is. A file with a start marker but no end marker is refused, not guessed at."""
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8") if target.exists() else ""
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
