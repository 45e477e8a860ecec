"""A JSON file changed only where its data changes: every other byte of it stays as it was.

``connect`` adds, replaces or removes a few entries of an agent's file. Written back whole, the
file would change everywhere else too: ``1.50e3`` would read ``1500.0``, a duplicate key would be
dropped, an escaped ``\\u2028`` unescaped, a compact object expanded. Instead each value that
differs is replaced where it stands, an entry gone is cut out with its comma, and a new entry is
added after the last one, laid out as its neighbours are. A key the change touches that stands
twice in one object is refused: which of the two an agent reads is its parser's choice.
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from typing import Any

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_STRUCTURE = re.compile(r'[{}\[\]"]')
_SCALAR = re.compile(r"[^\s,\]}]+")
_SPACE = re.compile(r"[ \t\r\n]*")
_INDENT = re.compile(r"[ \t]*")


class SpliceError(ValueError):
    """The text cannot be changed in place: a key the change touches stands twice."""


@dataclass(frozen=True)
class _Item:
    key: str | None   # an object's member's key; None for an array's element
    start: int        # where the member begins (its key), or the element
    colon: str        # what stands between the key and the value (": "), "" in an array
    value: int        # where the value begins
    end: int          # where it ends


@dataclass(frozen=True)
class _Node:
    start: int
    end: int
    items: tuple[_Item, ...]


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


def _value_end(text: str, at: int) -> int:
    first = text[at]
    if first == '"':
        found = _STRING.match(text, at)
        assert found is not None
        return found.end()
    if first not in "{[":
        scalar = _SCALAR.match(text, at)
        assert scalar is not None
        return scalar.end()
    depth, position = 0, at
    while True:
        mark = _STRUCTURE.search(text, position)
        assert mark is not None
        if mark.group() == '"':
            string = _STRING.match(text, mark.start())
            assert string is not None
            position = string.end()
            continue
        depth += 1 if mark.group() in "{[" else -1
        position = mark.end()
        if depth == 0:
            return position


def _space(text: str, at: int) -> int:
    found = _SPACE.match(text, at)
    return found.end() if found is not None else at


def _node(text: str, at: int) -> _Node:
    """The container at ``at`` with its items, one level deep (what is inside them only skipped)."""
    close = "}" if text[at] == "{" else "]"
    position = _space(text, at + 1)
    items: list[_Item] = []
    if text[position] == close:
        return _Node(at, position + 1, ())
    while True:
        start, key, colon = position, None, ""
        if close == "}":
            string = _STRING.match(text, position)
            assert string is not None
            key = json.loads(string.group())
            position = _space(text, string.end())
            position = _space(text, position + 1)   # past the ":"
            colon = text[string.end():position]
        end = _value_end(text, position)
        items.append(_Item(key, start, colon, position, end))
        position = _space(text, end)
        if text[position] == ",":
            position = _space(text, position + 1)
            continue
        return _Node(at, position + 1, tuple(items))


@dataclass(frozen=True)
class _Layout:
    unit: int | str        # one level of indentation, for a value written on several lines
    newline: str


def splice(text: str, old: Any, new: Any, unit: int | str | None) -> str:
    """``text`` (JSON that parses to ``old``) changed so that it parses to ``new``, where they
    differ and nowhere else; ``unit``: the file's indentation for what is written new."""
    layout = _Layout(unit if unit is not None else 2, "\r\n" if "\r\n" in text else "\n")
    start = _space(text, 0)
    return text[:start] + _replace(text, start, old, new, layout, "\n" in text.strip()) + \
        text[_value_end(text, start):]


def _line_indent(text: str, at: int) -> str:
    found = _INDENT.match(text, text.rfind("\n", 0, at) + 1)
    return found.group() if found is not None else ""


def _dump(value: Any, layout: _Layout, indent: str, multiline: bool) -> str:
    if not multiline:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    return json.dumps(value, indent=layout.unit, ensure_ascii=False, allow_nan=False).replace(
        "\n", layout.newline + indent)


def _replace(text: str, at: int, old: Any, new: Any, layout: _Layout, multiline: bool) -> str:
    """The new text of the value at ``at``; ``multiline``: whether its container is laid out on
    several lines (a value written new is laid out as its container is)."""
    end = _value_end(text, at)
    if _canonical(old) == _canonical(new):
        return text[at:end]
    kinds = {"{": dict, "[": list}
    if kinds.get(text[at]) is type(old) is type(new):
        node = _node(text, at)
        if node.items:
            return _container(text, node, old, new, layout)
    return _dump(new, layout, _line_indent(text, at), multiline)


def _container(text: str, node: _Node, old: Any, new: Any, layout: _Layout) -> str:
    items = node.items
    opening, closing = text[node.start], text[node.end - 1]
    leading = text[node.start + 1:items[0].start]
    trailing = text[items[-1].end:node.end - 1]
    separators = [text[a.end:b.start] for a, b in zip(items, items[1:])]
    multiline = "\n" in leading
    colon = items[0].colon or ": "
    default = separators[-1] if separators else ("," + leading if multiline else "," + " " * (" " in colon))
    indent = leading.rsplit("\n", 1)[-1] if multiline else ""
    pieces: list[tuple[int | None, str]] = []   # (the original item's index or None, its text)
    if isinstance(old, dict):
        keys = [str(item.key) for item in items]
        twice = {key for key in keys if keys.count(key) > 1}
        touched = {key for key in set(old) | set(new)
                   if key not in old or key not in new or _canonical(old[key]) != _canonical(new[key])}
        if twice & touched:
            raise SpliceError(f"its key {json.dumps(sorted(twice & touched)[0], ensure_ascii=False)} stands twice "
                              "in one object, and which one an agent reads is its parser's choice")
        for index, item in enumerate(items):
            if item.key in new:
                written = _replace(text, item.value, old[item.key], new[item.key], layout, multiline)
                pieces.append((index, text[item.start:item.value] + written))
        pieces += [(None, json.dumps(key, ensure_ascii=False) + colon + _dump(value, layout, indent, multiline))
                   for key, value in new.items() if key not in old]
    else:
        matcher = difflib.SequenceMatcher(None, [_canonical(v) for v in old], [_canonical(v) for v in new],
                                          autojunk=False)
        for tag, first, last, new_first, new_last in matcher.get_opcodes():
            if tag == "equal" or (tag == "replace" and last - first == new_last - new_first):
                for offset in range(last - first):
                    item = items[first + offset]
                    pieces.append((first + offset, _replace(text, item.value, old[first + offset],
                                                            new[new_first + offset], layout, multiline)))
            elif tag in ("replace", "insert"):
                pieces += [(None, _dump(value, layout, indent, multiline)) for value in new[new_first:new_last]]
    if not pieces:
        return opening + closing
    out = [pieces[0][1]]
    for (before, _), (after, piece) in zip(pieces, pieces[1:]):
        together = before is not None and after == before + 1   # neighbours as they were: their own comma
        out.append((separators[before] if together and before is not None else default) + piece)
    return opening + leading + "".join(out) + trailing + closing
