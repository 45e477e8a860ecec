"""What a caller asks to write: the fields given (``None`` = keep), their validation, and a ref."""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from typing import TypedDict

from .. import clock
from ..errors import InvalidInput, SensitiveContent
from ..records import Change, Fact
from . import sensitive
from .fields import (
    ACTIVATIONS,
    SCOPES,
    TYPES,
    VOLATILITIES,
    check_choice,
    check_name,
    check_subject_key,
    check_text,
    normalize_keywords,
)
from .limits import check_branch, check_scope, check_worktree

MAX_BODY_CHARS = 60_000


class FactFields(TypedDict, total=False):
    """The text fields of :class:`FactInput` by name, as a form or the command line gathers them:
    ``FactInput(**fields)``."""

    name: str | None
    title: str | None
    description: str | None
    type: str | None
    scope: str | None
    keywords: str | None
    subject_key: str | None
    activation: str | None
    volatility: str | None
    expires_at: str | None
    worktree: str | None
    branch: str | None
    body: str | None


@dataclass(frozen=True)
class FactInput:
    """What a caller gives to remember or edit; ``None`` means "not given" (inherit)."""

    name: str | None = None
    title: str | None = None
    description: str | None = None
    type: str | None = None
    scope: str | None = None
    keywords: str | None = None
    subject_key: str | None = None
    activation: str | None = None
    volatility: str | None = None
    expires_at: str | None = None
    worktree: str | None = None   # kept to this worktree ("" clears it): memory/limits.py
    branch: str | None = None     # … or to the branches matching this glob
    body: str | None = None
    refs: tuple[str, ...] | None = None   # the code it cites (workspace-relative); () clears them
    # evidence carried from another fact (a merge unites two facts' refs): kept as it was recorded, the
    # code not read again, so a drift either fact had still shows
    carried_evidence: tuple[tuple[object, ...], ...] | None = None
    expected_revision: int | None = None
    redact_secrets: bool = False
    # keys written under the front matter's ``metadata:`` when the fact is created, as
    # (key, verbatim YAML) like ``Fact.metadata_extra``: kept, shown, never recalled
    metadata_extra: tuple[tuple[str, str], ...] = ()

    def given(self) -> dict[str, str]:
        skip = {"expected_revision", "redact_secrets", "metadata_extra", "refs", "carried_evidence"}
        return {f.name: getattr(self, f.name) for f in dataclass_fields(self)
                if f.name not in skip and getattr(self, f.name) is not None}


@dataclass(frozen=True)
class WriteResult:
    fact: Fact
    changed: bool = True
    redacted: tuple[str, ...] = ()
    from_archive: bool = False      # a recovery: an archive entry was consumed
    reencoded_from: str = ""        # the file was GB18030 or UTF-16 and is now written in UTF-8

    @property
    def change(self) -> Change:
        """What this write changed (nothing, when ``changed`` is False)."""
        return Change(facts=self.changed, archive=self.from_archive,
                      scopes=(self.fact.scope,) if self.changed else ())


def parse_ref(ref: str) -> tuple[str | None, str]:
    """``project/x.md`` → ("project", "x"); anything else → (None, ref)."""
    text = ref.strip().replace("\\", "/")
    for scope in SCOPES:
        if text.startswith(scope + "/"):
            rest = text[len(scope) + 1:]
            return scope, rest[:-3] if rest.endswith(".md") else rest
    return None, text


def validate_fact_input(request: FactInput, *, creating: bool) -> dict[str, str]:
    """Field → problem, for a form that validates as the user types (no I/O, no conflicts:
    those are checked against the store when saving)."""
    problems: dict[str, str] = {}
    checks = {"name": check_name, "type": lambda v: check_choice("type", v, TYPES),
              "scope": lambda v: check_choice("scope", v, SCOPES),
              "activation": lambda v: check_choice("activation", v, ACTIVATIONS),
              "volatility": lambda v: v.strip() and check_choice("volatility", v, VOLATILITIES),
              "subject_key": check_subject_key, "expires_at": clock.parse_expiry,
              "worktree": check_worktree, "branch": check_branch}
    for field, value in request.given().items():
        check = checks.get(field)
        if check is None or (field == "name" and not value.strip()):
            continue
        try:
            check(value)
        except InvalidInput as exc:
            problems[field] = exc.message
    if (request.scope or "").strip().lower() == "global" and ((request.worktree or "").strip()
                                                                or (request.branch or "").strip()):
        problems.setdefault("worktree" if (request.worktree or "").strip() else "branch",
                            "a global fact belongs to no repository: it cannot be kept to a worktree or branch")
    if creating and not (request.title or request.name or "").strip():
        problems["title"] = "a fact needs a title"
    if creating and not (request.body or "").strip():
        problems["body"] = "a fact needs a body"
    for field in ("name", "title", "description", "keywords", "subject_key", "body"):   # as typed: before any
        value = getattr(request, field)                                                  # lower-casing
        if value and sensitive.find_secrets(value):
            kinds = ", ".join(sorted({f.kind for f in sensitive.find_secrets(value)}))
            problems.setdefault(field, f"contains a secret ({kinds}); it will not be written")
    return problems


def apply_input(base: Fact, given: dict[str, str]) -> Fact:
    """``base`` with the caller's fields validated and applied."""
    changes: dict[str, object] = {}
    for key, value in given.items():
        check_text(key, value)
        if key == "name":  # an unchanged name is whatever is on disk (Reasonix writes longer ones)
            changes["name"] = base.name if value.strip() == base.name else check_name(value)
        elif key == "type":
            changes["type"] = check_choice("type", value, TYPES)
        elif key == "scope":
            changes["scope"] = check_choice("scope", value, SCOPES)
        elif key == "activation":
            changes["activation"] = check_choice("activation", value, ACTIVATIONS)
        elif key == "volatility":
            changes["volatility"] = "" if not value.strip() else check_choice(
                "volatility", value, VOLATILITIES)
        elif key == "subject_key":
            # looked at as typed: lower-cased, an AKIA… key id is no longer one any rule finds
            if sensitive.find_secrets(value):
                raise SensitiveContent("the subject key looks like a secret; choose a descriptive key "
                                       "such as project.package_manager")
            changes["subject_key"] = check_subject_key(value)
        elif key == "expires_at":
            changes["expires_at"] = clock.parse_expiry(value)
        elif key == "keywords":
            changes["keywords"] = normalize_keywords(value)
        elif key == "worktree":
            changes["worktree"] = check_worktree(value)
        elif key == "branch":
            changes["branch"] = check_branch(value)
        elif key == "body":
            if len(value) > MAX_BODY_CHARS:
                raise InvalidInput(f"body is {len(value):,} characters; the limit is {MAX_BODY_CHARS:,}")
            changes["body"] = value.strip("\n").rstrip()
        else:
            changes[key] = " ".join(value.split())
    applied = base.evolve(**changes)
    check_scope(applied)
    return applied
