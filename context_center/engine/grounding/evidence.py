"""What a ref pointed at when its fact was written: the evidence kept beside it in the front matter.

Kept in the fact's file (``refs_evidence:``), so it travels with it (a team clone, sync) and a
later check can say what changed, not only that something did. Per ref:

- a file: the digest of its text;
- lines: the digest of the cited lines and the lines themselves (at most :data:`KEPT_LINES`,
  secrets masked; the digest is of the lines as they were, so a check compares exactly);
- a symbol: the line it was found on, and that line's text (masked);
- a directory: that it was there.

How it is kept in the file: :mod:`..memory.fact_refs`.
"""
from __future__ import annotations

from pathlib import Path

from .. import clock
from ..memory import sensitive
from ..memory.fact_refs import KEPT_LINES, MAX_LINE_CHARS, Evidence, Ref, resolve
from .code_files import CodeFiles, digest


def record(ref: Ref, workspace: Path, files: CodeFiles, stamp: str | None = None) -> Evidence | None:
    """The evidence of ``ref`` in the work tree now, or None when there is nothing to record (the
    file, the lines or the symbol are not there)."""
    stamp = stamp or clock.format_timestamp(clock.now())
    where = resolve(ref, workspace)
    if where is None:
        return None
    if ref.kind == "directory":
        return Evidence(ref.text, recorded_at=stamp) if where.is_dir() else None
    code = files.read(where)
    if code is None:
        return None
    if ref.kind == "file":
        return Evidence(ref.text, code.digest, recorded_at=stamp)
    if ref.kind == "lines":
        span = code.span(ref.start, ref.end)
        if span is None:
            return None
        shown = tuple(sensitive.redact(line)[0][:MAX_LINE_CHARS] for line in span[:KEPT_LINES])
        return Evidence(ref.text, digest("\n".join(span)), ref.start, shown, stamp)
    line = code.find_word(ref.symbol)
    if not line:
        return None
    return Evidence(ref.text, "", line, (sensitive.redact(code.lines[line - 1])[0][:MAX_LINE_CHARS],), stamp)
