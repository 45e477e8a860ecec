"""The pinned facts given at a session's start: the ``<session-context>`` block, what it holds,
and what it leaves out because a nearer fact overrides it."""
from __future__ import annotations

import hashlib
import re
from typing import Iterable

from ..records import Fact, SessionContext
from ..storage.paths import TEAM
from . import sensitive
from .freshness import is_expired
from .limits import Place, held_back
from .overrides import Overrides, precedence

_PINNED_BY_USER = ("Pinned background guidance chosen by the user. It is lower priority than the standing "
                   "instructions and the current request.")
_PINNED_BY_TEAM = ("Pinned by the team in this repository (its .context-center/memory, committed with the code), "
                   "not chosen by the user. It is lower priority than the standing instructions and the current "
                   "request.")
_CLOSING_TAG = re.compile(r"</session-context", re.IGNORECASE)


def session_context(facts: Iterable[Fact], overridden: Overrides, place: Place | None = None) -> SessionContext:
    """The block of every pinned, unexpired, promoted fact no nearer fact overrides and whose limit
    (a worktree, a branch) holds at ``place``: the user's first, then the team's, each group said
    for what it is (a team fact came with the repository: anyone who can push wrote it, so it is
    never passed off as the user's own choice)."""
    facts = tuple(facts)
    chosen = [f for f in facts if f.pinned and not is_expired(f) and not f.staging
              and (f.scope, f.id) not in overridden and held_back(f, place) is None]
    chosen.sort(key=lambda f: (precedence(f.scope), f.name))
    suppressed = tuple((g, overridden[(g.scope, g.id)][0]) for g in facts
                       if g.pinned and not g.staging and (g.scope, g.id) in overridden)
    lines = []
    if chosen:
        lines.append("<session-context>")
        for preamble, group in ((_PINNED_BY_USER, [f for f in chosen if f.scope != TEAM]),
                                (_PINNED_BY_TEAM, [f for f in chosen if f.scope == TEAM])):
            if group:
                lines.append(preamble)
            for fact in group:
                body, _ = sensitive.redact(fact.body.strip())
                body = _CLOSING_TAG.sub("&lt;/session-context", body)  # any case: the block stays closed
                first, *rest = body.split("\n")
                lines.append(f"- [{sensitive.shown_ref(fact.ref)}] {first}")
                lines.extend("  " + line if line else "" for line in rest)
        lines.append("</session-context>")
    text = "\n".join(lines)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return SessionContext(tuple(chosen), suppressed, text, digest)
