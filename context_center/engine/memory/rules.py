"""The rules every write obeys, written once: no secret reaches a file, names and subject keys are
unique in a scope, pinned bodies stay within their budget, and a write that expected a revision
finds it. The memory service applies them holding the lock, against the tables' indexes."""
from __future__ import annotations

from ..errors import (
    InvalidInput,
    NameConflict,
    PinnedBudgetExceeded,
    RevisionConflict,
    SensitiveContent,
    SubjectConflict,
)
from ..records import PINNED_BUDGET_CHARS, Fact
from . import sensitive
from .fact_store import FactStore
from .fields import normalize_subject_key


def check_text(fact: Fact, redact: bool) -> tuple[Fact, tuple[str, ...]]:
    """``fact`` with every secret masked, and the kinds masked; with ``redact`` off, a secret in a
    field the writer typed is refused (SENSITIVE_CONTENT) instead."""
    kinds: set[str] = set()
    changes: dict[str, object] = {}
    for field in ("title", "description", "keywords", "body"):
        cleaned, found = sensitive.redact(getattr(fact, field))
        if found:
            kinds.update(found)
            changes[field] = cleaned
    if sensitive.find_secrets(fact.name):
        raise SensitiveContent("the name looks like a secret; choose a descriptive name")
    if kinds and not redact:
        raise SensitiveContent(
            f"refusing to write a secret to a fact file ({', '.join(sorted(kinds))} in "
            f"{', '.join(sorted(changes))}); keep it in a secret manager", hint="redact_secrets")
    # keys another tool (or a hand) wrote ride along verbatim: a secret in one is masked on the
    # next write rather than carried into every revision (the writer did not type it now)
    for key in ("extra", "metadata_extra"):
        pairs = getattr(fact, key)
        masked = tuple((name, sensitive.redact(text)[0]) for name, text in pairs)
        if masked != pairs:
            changes[key] = masked
            kinds.update(k for _, text in pairs for k in sensitive.redact(text)[1])
    return (fact.evolve(**changes) if changes else fact), tuple(sorted(kinds))


def pinned_total(store: FactStore, *, excluding: Fact | None = None) -> int:
    """Pinned bodies of promoted facts, every scope (``excluding`` one fact), from the tables."""
    total = sum(store.table(scope).pinned_chars for scope in store.paths.scopes)
    if excluding is not None and excluding.scope in store.paths.scopes:
        held = store.table(excluding.scope).kept.get(excluding.id)
        if held is not None and held.pinned and not held.staging:
            total -= len(held.body.strip())
    return total


def check_conflicts(store: FactStore, fact: Fact, previous: Fact | None) -> None:
    """Refuse ``fact`` (the next revision of ``previous``, or a new fact) when its scope is not
    here, its name or subject key is another fact's, or its pin would overrun the budget."""
    def is_self(other: Fact) -> bool:
        return previous is not None and other.id == previous.id and other.scope == previous.scope

    if fact.scope not in store.paths.scopes:
        raise InvalidInput(f"there is no {fact.scope} scope here: no project is bound (only global facts)")
    table = store.table(fact.scope)
    other = table.by_name.get(fact.name)
    if other is not None and not is_self(other):
        raise NameConflict(f"the name {fact.name!r} is already used by {other.id} in the "
                           f"{fact.scope} scope; choose another name or edit that fact")
    if store.fact_path(fact.scope, fact.name).exists() and (previous is None or previous.name != fact.name):
        raise NameConflict(f"{fact.ref} already exists on disk but cannot be read as a fact; "
                           "choose another name", hint="diagnostics")
    subject = normalize_subject_key(fact.subject_key)
    if subject:
        for other in table.by_subject.get(subject, {}).values():
            if not is_self(other):
                raise SubjectConflict(
                    f"subject {subject} is already held in the {fact.scope} scope by {other.id} "
                    f"(revision {other.revision}, name {other.name}: {_said(other)}); "
                    f"update {other.id} instead of adding a second fact for it",
                    holder=other.id, holder_scope=other.scope, holder_ref=other.ref)
    if fact.pinned and not fact.staging:  # a staged fact is not injected: it spends no budget yet
        others = pinned_total(store, excluding=previous or fact)
        total = others + len(fact.body.strip())
        if total > PINNED_BUDGET_CHARS:
            way_out = ("shorten its body" if others == 0 else "unpin another fact, or shorten this one")
            raise PinnedBudgetExceeded(
                f"pinning {fact.ref} would make pinned bodies total {total:,} characters, over the "
                f"{PINNED_BUDGET_CHARS:,}-character budget ({others:,} already pinned). Pinned facts "
                "are background; put always-binding rules in REASONIX.md or AGENTS.md instructions "
                f"instead, or {way_out}.", used=others, budget=PINNED_BUDGET_CHARS)


def check_expected(fact: Fact | None, expected: int | None, ref: str) -> None:
    """Refuse (REVISION_CONFLICT) a write that expected ``fact`` at another revision."""
    if expected is None:
        return
    found = fact.revision if fact else None
    if found != expected:
        raise RevisionConflict(
            f"{ref} was expected at revision {expected} but is at "
            f"{'no revision (it does not exist)' if found is None else f'revision {found}'}; "
            "reload it and apply your change again", expected=expected, found=found)


def _said(fact: Fact) -> str:
    """What a fact says, in a refusal that names it: its description, else its title, else its
    body's start (a fact without a description was named as ``''``)."""
    words = fact.description or fact.title or " ".join(fact.body.split())[:80]
    return repr(words) if words else "(no text)"
