"""The mark a sync leaves on a fact that two machines changed apart: a front-matter key.

::

    sync_conflict: {"kind": "edited_both", "ours_revision": 2, "ours_machine": "laptop-3f9c",
                    "theirs_revision": 3, "theirs_machine": "desk-81a0", "at": "2026-11-20T16:02:11Z"}

(one line, JSON, which YAML reads). ``ours`` is the machine that merged. Kinds: ``edited_both``
(both versions are revisions, the other machine's is the active one), ``forgotten_here`` (the
merging machine had forgotten it, the other edited it: active again) and ``forgotten_there`` (the
other machine forgot it: still active). A revision of ``null`` is the side that forgot. The key
survives every rewrite (unknown keys are kept) until the conflict is resolved.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..memory.fact_file import load_yaml
from ..records import Fact

FLAG_KEY = "sync_conflict"
KINDS = ("edited_both", "forgotten_here", "forgotten_there")
_FLAG_LINE = re.compile(rf"^{FLAG_KEY}:.*\n", re.MULTILINE)
_REVISION_LINE = re.compile(r"^revision:[^\n]*$", re.MULTILINE)


@dataclass(frozen=True)
class ConflictFlag:
    kind: str
    ours_revision: int | None
    ours_machine: str
    theirs_revision: int | None
    theirs_machine: str
    at: str = ""

    def line(self) -> str:
        return f"{FLAG_KEY}: " + json.dumps({
            "kind": self.kind, "ours_revision": self.ours_revision, "ours_machine": self.ours_machine,
            "theirs_revision": self.theirs_revision, "theirs_machine": self.theirs_machine, "at": self.at,
        }, ensure_ascii=False)

    def kind_seen_from(self, machine: str) -> str:
        """The kind in ``machine``'s words: "forgotten here" on the merging machine is "forgotten
        there" on the other."""
        if machine == self.theirs_machine and machine != self.ours_machine:
            return {"forgotten_here": "forgotten_there", "forgotten_there": "forgotten_here"}.get(self.kind, self.kind)
        return self.kind

    def seen_from(self, machine: str) -> tuple[int | None, int | None]:
        """(this machine's revision, the other's): ``ours`` is the merging machine's, unless this
        is the other one."""
        if machine == self.theirs_machine and machine != self.ours_machine:
            return self.theirs_revision, self.ours_revision
        return self.ours_revision, self.theirs_revision

    def to_json(self, machine: str) -> dict[str, Any]:
        mine, other = self.seen_from(machine)
        return {"kind": self.kind_seen_from(machine), "ours_revision": mine, "theirs_revision": other,
                "merged_on": self.ours_machine, "other_machine": self.theirs_machine, "at": self.at}


def read_flag(fact: Fact) -> ConflictFlag | None:
    """The fact's sync-conflict flag, or None (also when the key is garbled)."""
    text = next((value for key, value in fact.extra if key == FLAG_KEY), None)
    if text is None:
        return None
    import yaml  # (on first use: nearly every fact has no flag, and most commands read no flag)

    try:
        data = load_yaml(text, plain_strings=False)
    except yaml.YAMLError:
        return None
    value = data.get(FLAG_KEY) if isinstance(data, dict) else None
    if not isinstance(value, dict) or value.get("kind") not in KINDS:
        return None

    def revision(key: str) -> int | None:
        found = value.get(key)
        return found if isinstance(found, int) and not isinstance(found, bool) else None

    return ConflictFlag(str(value["kind"]), revision("ours_revision"), str(value.get("ours_machine") or ""),
                        revision("theirs_revision"), str(value.get("theirs_machine") or ""),
                        str(value.get("at") or ""))


def without_flag(fact: Fact) -> Fact:
    return fact.evolve(extra=tuple((k, v) for k, v in fact.extra if k != FLAG_KEY))


def _front_matter(text: str) -> tuple[str, str]:
    """(front matter with its fences, the rest); ("", text) when there is none."""
    if not text.startswith("---"):
        return "", text
    end = text.find("\n---", 3)
    return (text[:end + 1], text[end + 1:]) if end >= 0 else ("", text)


def with_revision(text: str, revision: int) -> str:
    """A fact file's text with its front matter's ``revision:`` line set to ``revision``."""
    front, rest = _front_matter(text)
    return _REVISION_LINE.sub(f"revision: {revision}", front, count=1) + rest


def flagged(text: str, flag: ConflictFlag | None) -> str:
    """A fact file's text with any earlier flag removed and ``flag`` (if any) put after its revision."""
    front, rest = _front_matter(text)
    front = _FLAG_LINE.sub("", front)
    match = _REVISION_LINE.search(front)
    if flag is not None and match is not None:
        front = front[:match.end()] + "\n" + flag.line() + front[match.end():]
    return front + rest
