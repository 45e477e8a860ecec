"""The front matter as Context Center and Reasonix write it, read without YAML's machinery.

A first open of 100,000 facts spent a third of its time in PyYAML building nodes and resolving
scalars for front matters that are, nearly always, a flat list of ``key: value`` lines and one
``metadata:`` block. :func:`read_plain` reads exactly that shape, and returns None for anything
else (a comment, a block scalar, an escape, a nested list, a character YAML refuses…), which the
caller then hands to YAML. What it returns is what the string loader of
:func:`.fact_file.load_yaml` returns for the same text: every plain scalar a string, ``~``,
``null`` and an empty value None; a test holds the two to each other on generated and
hand-written front matters.
"""
from __future__ import annotations

import json
import re
from typing import Any

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
# what YAML's reader refuses (it is not printable there), or this reader leaves to YAML (tabs)
_UNSUPPORTED = re.compile("[^\x0a\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NOT_FIRST = frozenset("-?:,[]{}#&*!|>'\"%@`")


class _NotPlain(Exception):
    pass


def _value(raw: str | None) -> Any:
    if raw is None or raw in _NULLS:
        return None
    first = raw[0]
    if first == '"':
        inner = raw[1:-1]
        if len(raw) < 2 or raw[-1] != '"' or '"' in inner or "\\" in inner:
            raise _NotPlain
        return inner
    if first == "[":
        if "\\" in raw:
            raise _NotPlain
        try:
            items = json.loads(raw)
        except (ValueError, RecursionError):   # (deep nesting: YAML's reader bounds it and says so)
            raise _NotPlain from None
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise _NotPlain
        return items
    if first in _NOT_FIRST or ": " in raw or " #" in raw or raw.endswith(":"):
        raise _NotPlain
    return raw


def _key_value(line: str) -> tuple[str, str | None]:
    """``key: value`` (the value without the spaces around it; None when nothing follows the
    colon), as a line of the plain shape holds them."""
    key, colon, rest = line.partition(":")
    if not colon or not _KEY.fullmatch(key) or key in _NULLS:   # (a key YAML reads as null)
        raise _NotPlain
    if not rest:
        return key, None
    if rest[0] != " ":   # "key:value" is one scalar to YAML, not a key
        raise _NotPlain
    return key, rest.strip(" ")


def read_plain(text: str) -> dict[str, Any] | None:
    """The mapping in ``text`` when it has the plain shape described above, else None."""
    if _UNSUPPORTED.search(text):
        return None
    data: dict[str, Any] = {}
    nested: dict[str, Any] | None = None
    try:
        for line in text.split("\n"):
            if not line.strip():
                continue
            if line[0] == " ":
                if nested is None or line[:2] != "  " or line[2:3] == " ":   # two spaces deep, no other
                    return None
                key, raw = _key_value(line[2:])
                nested[key] = _value(raw)
                continue
            key, raw = _key_value(line)
            if raw is None and key == "metadata":
                nested = data[key] = {}
                continue
            nested = None
            data[key] = _value(raw)
    except _NotPlain:
        return None
    for key, value in data.items():   # a block opened with nothing under it is null, as YAML reads it
        if key == "metadata" and value == {}:
            data[key] = None
    return data
