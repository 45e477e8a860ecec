"""What an agent may write: one sentence, one claim, labelled, never a secret.

Content is whitespace-collapsed; empty → ``EMPTY_CONTENT``; a second sentence (``.!?``
then a capital letter, or ``。！？`` then more text) → ``NOT_ONE_SENTENCE``, without
tripping on e.g., i.e., vs., initials or versions (v2.); over 800 approximate tokens
→ ``TOO_LONG``. Labels are NFKC-lowercased, at most 10 values of 64 characters;
importance is a number in 0–1. A secret or an e-mail address → ``SENSITIVE_CONTENT``.
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass

from ..contract.refusals import AgentRefusal, json_type, said
from ..memory import sensitive
from ..text.snippets import collapse

MAX_TOKENS = 800
MAX_RAW_CHARS = MAX_TOKENS * 4 * 4   # past this, content is too long however much of it is whitespace
MAX_LABELS = 10
MAX_LABEL = 64
DEFAULT_IMPORTANCE = 0.5
LABEL_KINDS = ("topics", "tags", "links")

_ABBREVIATIONS = frozenset("""e.g i.e vs etc cf approx mr mrs ms dr prof st jr sr no fig eq al inc ltd
co corp dept est ca viz resp""".split())
_LATIN_END = re.compile(r"(?<!\S)(?P<word>\S*?)[.!?]+[\"')\]]*\s+[\"'(\[]*(?P<next>\w)")
_CJK_END = re.compile(r"[。！？]+[」』”’）)]*(?=\s*\S)")
_VERSION = re.compile(r"^(?:v\d+(?:\.\d+)*|\d+(?:\.\d+)+)$", re.IGNORECASE)
def approximate_tokens(text: str, words: int | None = None) -> int:
    """max(⌈characters / 4⌉, ⌈words × 1.3⌉), the contract's estimate (``words``: ``text``'s count of
    whitespace-separated words, when the caller has it)."""
    return max(math.ceil(len(text) / 4), math.ceil((len(text.split()) if words is None else words) * 1.3))


def _is_sentence_end(word: str) -> bool:
    stripped = word.lstrip("\"'([").rstrip(".!?")
    lowered = stripped.lower()
    if lowered in _ABBREVIATIONS or lowered.rstrip(".") in _ABBREVIATIONS:
        return False
    if len(stripped) == 1 and stripped.isalpha():  # an initial: J. Smith
        return False
    if _VERSION.match(stripped):                   # v2. / 3.
        return False
    return True


def sentence_count(text: str) -> int:
    count = 1
    for match in _LATIN_END.finditer(text):
        if match.group("next").isupper() and _is_sentence_end(match.group("word")):
            count += 1
    count += len(_CJK_END.findall(text))
    return count


def _too_long(tokens: int) -> AgentRefusal:
    return AgentRefusal("TOO_LONG", f"content is about {tokens:,} tokens; at most {MAX_TOKENS} are stored. "
                                    "Keep one short claim.")


def check_content(raw: object) -> str:
    """The claim, checked cheapest first: its size bounds every later check (the sentence and
    secret scans are linear, but a 10 MB argument is refused before either reads it)."""
    if not isinstance(raw, str):
        raise AgentRefusal("EMPTY_CONTENT", "content must be text: one sentence, one claim")
    if len(raw) > MAX_RAW_CHARS:
        raise _too_long(approximate_tokens(raw[:MAX_RAW_CHARS * 4]))
    content = collapse(raw)
    if not content:
        raise AgentRefusal("EMPTY_CONTENT", "content is empty after trimming; write one sentence, one claim")
    tokens = approximate_tokens(content)
    if tokens > MAX_TOKENS:
        raise _too_long(tokens)
    if sentence_count(content) > 1:
        raise AgentRefusal("NOT_ONE_SENTENCE", "content holds more than one sentence; store one claim per "
                                               "memory (split it into several memory_create calls)")
    check_not_sensitive(content, "content")
    return content


def check_not_sensitive(text: str, field: str) -> None:
    kinds = sorted({found.kind for found in sensitive.find_secrets(text)})
    if sensitive.email_spans(text):
        kinds.append("e-mail address")
    if kinds:
        raise AgentRefusal("SENSITIVE_CONTENT", f"{field} contains {', '.join(kinds)}; nothing was written. "
                                                "Describe it without the value (keep secrets in a secret "
                                                "manager).")


def _label(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise AgentRefusal("INVALID_FILTER", f"{field} values are text, not {json_type(value)}")
    if len(value) > MAX_LABEL * 4:
        raise AgentRefusal("INVALID_FILTER", f"{field} values have at most {MAX_LABEL} characters; "
                                             f"got {len(value):,}")
    written = unicodedata.normalize("NFKC", collapse(value))
    label = written.lower()
    if not label:
        raise AgentRefusal("INVALID_FILTER", f"{field} values must not be empty")
    if len(label) > MAX_LABEL:
        raise AgentRefusal("INVALID_FILTER", f"{field} values have at most {MAX_LABEL} characters; "
                                             f"got {len(label)}")
    check_not_sensitive(written, field)   # as written: a key's case is what tells it (AKIA…, ghp_…)
    return label


def check_subject(raw: object) -> str:
    if raw is None:
        return ""
    return _label(raw, "subject")


def check_labels(raw: object, field: str) -> tuple[str, ...]:
    """Up to 10 values of up to 64 characters, NFKC-lowercased, duplicates dropped."""
    if raw is None:
        return ()
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        raise AgentRefusal("INVALID_FILTER", f"{field} is a list of up to {MAX_LABELS} values")
    if len(raw) > MAX_LABELS:
        raise AgentRefusal("INVALID_FILTER", f"{field} has {len(raw)} values; at most {MAX_LABELS}")
    return tuple(dict.fromkeys(_label(value, field) for value in raw))


def check_importance(raw: object, *, field: str = "importance") -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not 0 <= raw <= 1 or math.isnan(raw):
        raise AgentRefusal("INVALID_IMPORTANCE", f"{field} must be a number from 0 to 1; got {said(raw)}")
    return float(raw)


@dataclass(frozen=True)
class Labels:
    subject: str = ""
    topics: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    links: tuple[str, ...] = ()


def title_of(content: str, words: int = 10, chars: int = 80) -> str:
    """The content's first words: what a person reads in the window's list."""
    head = " ".join(content.split()[:words])
    if len(head) > chars:
        head = head[:chars - 1].rstrip() + "…"
    elif len(head) < len(content):
        head = head.rstrip(".,;:!?") + "…"
    return head
