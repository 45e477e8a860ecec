"""The plain front matter reader gives what YAML gives, or leaves the text to YAML."""
from __future__ import annotations

import itertools
import random

import pytest

from context_center.engine import Fact
from context_center.engine.memory.fact_file import load_yaml, render_fact, split_front_matter
from context_center.engine.memory.front_matter import read_plain

VALUES = ["plain words", "", '""', "~", "null", "NULL", "Null", "nil", "yes", "no", "0755", "1.5", "1e3",
          "2026-12-03T09:31:59.254Z", "2026-02-30", "a:b", "http://host/x", "a: b", "C#", "a #b", "#x", "- x",
          "-5", "?x", ":x", "x:", "[a, b]", '["a", "b"]', '["a","b"]', "[]", '["a", 1]', '[["a"]]', "{a: b}",
          '"quoted: text"', '"with \\"escape"', '"tab\\there"', "'single'", "'it''s'", "&anchor x", "*alias",
          "!tag x", "|", ">", "%x", "@x", "`x", "R&D", "a*b", "a  b", "  lead", "trail  ", "中文 值", "emoji 😀",
          "=", "<<", "x\ty", "é", "\u0085", "\u00a0nbsp", "\x7f", "\ufeffbom", '"unterminated', '"a"b"', "a'b"]
KEYS = ["id", "title", "description", "null", "~", "a b", "k-1", "_k", "1k", "é"]


def _same(text: str) -> None:
    fast = read_plain(text)
    if fast is None:
        return
    try:
        slow = load_yaml(text)
    except Exception as exc:  # noqa: BLE001 - YAML refusing what the fast reader read would be a bug
        pytest.fail(f"the fast reader read what YAML refuses ({exc}): {text!r}")
    assert fast == (slow if slow is not None else {}), text


@pytest.mark.parametrize("value", VALUES)
def test_each_value_reads_as_yaml_reads_it_or_is_left_to_yaml(value):
    for template in ("title: {v}", "title:{v}", "title:  {v}  ", "metadata:\n  type: {v}\n  scope: project",
                     "a: 1\ntitle: {v}\n\nb: 2", "title: {v}\n  continued", "metadata:\n  k: {v}\n    deeper: x"):
        _same(template.format(v=value))


@pytest.mark.parametrize("key", KEYS)
def test_each_key_reads_as_yaml_reads_it_or_is_left_to_yaml(key):
    for template in ("{k}: value", "{k}:", "metadata:\n  {k}: value", "{k}: a\n{k}: b", "metadata:\n {k}: one deep",
                     "metadata:\n   {k}: three deep", "metadata:\n  {k}:value", "metadata:\n  {k}:  "):
        _same(template.format(k=key))


def test_random_front_matters_from_the_pieces():
    rng = random.Random(30)
    lines = [f"{k}: {v}" for k, v in itertools.product(KEYS[:4], VALUES)] + [
        "metadata:", "  type: project", "  scope: global", "  written_by:", "    agent: codex", "# a comment",
        "", "   ", "- item", "key", "tags:", "  - one", " type: one space deep", "   type: three deep", "  : x",
        "  type:project", "type:project", ":", "  ~: x", "scope:  ", "  k-1:"]
    for _ in range(3000):
        _same("\n".join(rng.choice(lines) for _ in range(rng.randint(1, 8))))


def test_what_context_center_writes_is_read_without_yaml():
    fact = Fact(id="mem-0123456789abcdef0123456789abcdef", revision=3, name="deploy-cache",
                title="Deploy: the cache", description="", type="reference", scope="project",
                body="x", created_at="2026-12-03T09:31:59.254Z", updated_at="2026-12-03T09:31:59.254Z",
                activation="pinned", keywords="deploy, cache", topics=("ops", "部署"), importance=0.5,
                category="Release Trains", status="promoted")
    front, _body, _line = split_front_matter(render_fact(fact))
    assert front is not None
    fast = read_plain(front)
    assert fast is not None and fast == load_yaml(front)
    assert fast["title"] == "Deploy: the cache" and fast["topics"] == ["ops", "部署"]
