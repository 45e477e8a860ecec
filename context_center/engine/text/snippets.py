"""Short, private excerpts of fact text for recall blocks and search results."""
from __future__ import annotations

import html
import re
from typing import Iterable

from .analysis import tokenize
from .limits import MAX_ANALYZED_CHARS

_HOME = re.compile(r"(?:/home/|/Users/|[A-Za-z]:\\Users\\)[^/\\\s\"'<>]+")


def redact_home(text: str) -> str:
    """``/home/<user>``, ``/Users/<user>``, ``C:\\Users\\<user>`` → ``<local-home>``."""
    return _HOME.sub("<local-home>", text)


def escape_for_block(text: str) -> str:
    """Home directories redacted, then HTML-escaped (a fact cannot close the block), as Reasonix
    does: the placeholder itself reads ``&lt;local-home&gt;`` in the block."""
    return html.escape(redact_home(text), quote=False) if text else text


def make_snippet(text: str, terms: Iterable[str], max_chars: int = 520) -> str:
    """At most ``max_chars`` of ``text`` (whitespace collapsed), centred on the first matched term
    (looked for in the part search reads: the first :data:`MAX_ANALYZED_CHARS` characters)."""
    flat = " ".join(text[:MAX_ANALYZED_CHARS].split())
    if len(flat) <= max_chars:
        return flat
    wanted = set(terms)
    position = 0
    if wanted:
        for match in re.finditer(r"\S+", flat):
            if wanted.intersection(tokenize(match.group(0))):
                position = match.start()
                break
    budget = max_chars - 6  # room for "..." on both sides
    start = max(0, min(position - budget // 3, len(flat) - budget))
    if start > 0:
        space = flat.find(" ", start)
        start = space + 1 if 0 <= space < position else start
    end = min(len(flat), start + budget)
    if end < len(flat):
        space = flat.rfind(" ", start, end)
        end = space if space > start + budget // 2 else end
    return ("..." if start > 0 else "") + flat[start:end].rstrip() + ("..." if end < len(flat) else "")


def shorten(snippet: str) -> str:
    """The snippet cut by a quarter, ending in ``...``."""
    core = snippet[:-3] if snippet.endswith("...") else snippet
    keep = max(0, len(core) * 3 // 4)
    return core[:keep].rstrip() + "..."


_SURROGATE = re.compile("[\ud800-\udfff]")


def collapse(text: str) -> str:
    """Whitespace collapsed; a lone surrogate (valid JSON, not UTF-8) becomes U+FFFD."""
    return " ".join(_SURROGATE.sub("\ufffd", text).split())
