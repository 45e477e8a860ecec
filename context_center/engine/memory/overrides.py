"""Project-over-global: which global facts an equivalent project fact overrides.

A project fact overrides a global one when they share the id, the name, the
normalized title or the subject key. Both stay visible; the override is explained.
"""
from __future__ import annotations

from typing import Iterable

from ..records import Fact
from .fields import normalize_subject_key, normalize_title


def equivalence_keys(fact: Fact) -> set[tuple[str, str]]:
    keys = {("id", fact.id), ("name", fact.name.lower())}
    title = normalize_title(fact.title)
    if title:
        keys.add(("title", title))
    subject = normalize_subject_key(fact.subject_key)
    if subject:
        keys.add(("subject", subject))
    return keys


def overridden_globals(facts: Iterable[Fact]) -> dict[str, tuple[Fact, str]]:
    """global fact id → (the project fact that overrides it, why)."""
    facts = list(facts)
    if not any(fact.scope == "global" for fact in facts):
        return {}   # nothing to override: the project's keys need not be worked out
    project_keys: dict[tuple[str, str], Fact] = {}
    for fact in facts:
        if fact.scope == "project":
            for key in equivalence_keys(fact):
                project_keys.setdefault(key, fact)
    result: dict[str, tuple[Fact, str]] = {}
    for fact in facts:
        if fact.scope != "global":
            continue
        for kind in ("subject", "id", "name", "title"):
            for key in equivalence_keys(fact):
                if key[0] == kind and key in project_keys:
                    result[fact.id] = (project_keys[key], f"same {kind}")
                    break
            if fact.id in result:
                break
    return result
