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

import re
from pathlib import Path

from .. import clock
from ..memory import sensitive
from ..memory.fact_refs import KEPT_LINES, MAX_LINE_CHARS, Evidence, Ref, resolve
from ..memory.sensitive import MASK
from .code_files import CodeFile, CodeFiles

# files that hold secrets by their nature: their evidence says only that they are there (no lines,
# no digest a weak secret could be guessed from, no word looked up that a client could probe for)
SECRET_FILES = re.compile(r"(?:^|/)(?:\.env(?:\.[^/]*)?|[^/]*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|gpg|asc|ovpn)|"
                          r"id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?|\.netrc|\.npmrc|\.pypirc|\.pgpass|"
                          r"credentials(?:\.[^/]*)?|secrets?(?:\.[^/]*)?)$", re.IGNORECASE)
_BASE64_LINE = re.compile(r"^\s*[A-Za-z0-9+/]{32,}={0,2}\s*$")


def secret_file(path: str) -> bool:
    return bool(SECRET_FILES.search(path))


def masked_lines(lines: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Lines as evidence may keep them: secrets masked across lines (a private key's block), and a
    line that is nothing but a long run of base64 (a key's body, cited without its header) masked
    too; each cut at :data:`MAX_LINE_CHARS`."""
    joined = sensitive.redact("\n".join(lines))[0]
    return tuple(MASK if _BASE64_LINE.match(line) else line[:MAX_LINE_CHARS] for line in joined.split("\n"))


def record(ref: Ref, workspace: Path, files: CodeFiles, stamp: str | None = None, *,
           private: bool = False) -> Evidence | None:
    """The evidence of ``ref`` in the work tree now, or None when there is nothing to record (the
    file, the lines or the symbol are not there, or the file is not read). ``private``: a file git
    ignores; like a file that holds secrets by its name, only its being there is recorded."""
    stamp = stamp or clock.format_timestamp(clock.now())
    where = resolve(ref, workspace)
    if where is None:
        return None
    try:
        if ref.kind == "directory" or (ref.kind == "file" and where.is_dir()):   # ("src" without its "/")
            return Evidence(ref.text, recorded_at=stamp) if where.is_dir() else None
        if private or secret_file(ref.path):
            return Evidence(ref.text, recorded_at=stamp) if where.is_file() else None
    except OSError:   # a name the system refuses: nothing there to record
        return None
    code = files.read(where)
    if not isinstance(code, CodeFile):
        return None
    if ref.kind == "file":
        return Evidence(ref.text, code.digest, recorded_at=stamp)
    if ref.kind == "lines":
        span = code.span(ref.start, ref.end)
        if span is None:
            return None
        return Evidence(ref.text, code.span_digest(ref.start, ref.end) or "", ref.start,
                        masked_lines(span[:KEPT_LINES]), stamp)
    line = code.find_word(ref.symbol)
    if not line:
        return None
    return Evidence(ref.text, "", line, masked_lines((code.lines[line - 1],)), stamp)
