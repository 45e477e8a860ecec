"""Recall's decisions in the window's language.

The engine's trace says each decision in English and carries its code and values
(``reason_code``/``reason_args``, ``suppressed_code``); the window words the same from the code.
The injection record's trace rows and the answers to "Why not this fact?" carry the same codes.
Each sentence here is the engine's own, word for word (a test holds them together); a decision
without a code the window knows (an older record) is shown as the engine said it, and a value the
engine words itself (a grounding check's detail) is quoted as is.
"""
from __future__ import annotations

from typing import Any

from ..words import QT_TR_NOOP, tr

REASON_WORDS = {
    "matched": QT_TR_NOOP("matched {terms}; {scope} scope"),
    "weak_match": QT_TR_NOOP("weak match: only {word} of {count} query terms"),
    "pinned": QT_TR_NOOP("pinned: already in the session context"),
    "overridden": QT_TR_NOOP("overridden by {ref} ({why})"),
    "expired": QT_TR_NOOP("expired"),
    "limited_no_git_worktree": QT_TR_NOOP("limited to worktree {worktree}; this workspace is no git worktree"),
    "limited_no_git_branch": QT_TR_NOOP("limited to branch {branch}; this workspace is no git worktree"),
    "limited_no_git": QT_TR_NOOP("limited to worktree {worktree}, branch {branch}; this workspace is no git worktree"),
    "limited_other_worktree": QT_TR_NOOP("limited to worktree {worktree}; this is worktree {here}"),
    "limited_detached": QT_TR_NOOP("limited to branch {branch}; this worktree has a detached HEAD"),
    "limited_other_branch": QT_TR_NOOP("limited to branch {branch}; this is branch {here}"),
    "below_floor": QT_TR_NOOP("below the relative floor ({floor} × top score)"),
    "broken_grounding": QT_TR_NOOP("broken grounding: {ref} ({detail})"),
    "broken": QT_TR_NOOP("broken grounding"),
    "over_budget": QT_TR_NOOP("does not fit the character budget"),
    "over_limit": QT_TR_NOOP("over the limit of {limit}"),
    "staged": QT_TR_NOOP("a staged proposal: not recalled until it is approved"),
    "not_in_pool": QT_TR_NOOP("not in the recall pool"),
    "no_term": QT_TR_NOOP("no search term of the prompt occurs in it"),
    "turn_suppressed": QT_TR_NOOP("the whole turn was suppressed: {why}"),
    "in_context": QT_TR_NOOP("pinned"),
    "overridden_here": QT_TR_NOOP("overridden by {ref}"),
    "staged_unused": QT_TR_NOOP("a staged proposal: not used until it is approved"),
    "not_pinned": QT_TR_NOOP("not pinned: only pinned facts go into the session context"),
}
SUPPRESSION_WORDS = {
    "generic": QT_TR_NOOP("generic user turn"),
    "empty": QT_TR_NOOP("memory store is empty"),
    "no_terms": QT_TR_NOOP("no searchable terms"),
    "weak": QT_TR_NOOP("no sufficiently distinctive match"),
    "budget": QT_TR_NOOP("matched facts exceeded recall budget"),
    "broken": QT_TR_NOOP("matched facts cite code that is gone"),
    "elsewhere": QT_TR_NOOP("matched facts are kept to another worktree or branch"),
    "expired": QT_TR_NOOP("matched facts have expired"),
    "no_pinned": QT_TR_NOOP("no pinned facts"),
}
NOTE_WORDS = {
    "now": QT_TR_NOOP("decided on the facts as they are now"),
    "asked_again": QT_TR_NOOP("the recorded prompt, secrets masked, asked again on the facts as they are now"),
    "prompt_cut": QT_TR_NOOP("only its first {chars} characters were kept"),
    "revised": QT_TR_NOOP("the fact is at revision {now} now, {then} then"),
}
_SCOPE_WORDS = {"project": QT_TR_NOOP("project"), "global": QT_TR_NOOP("global"), "team": QT_TR_NOOP("team")}
_SUPPRESSION_CODES = {sentence: code for code, sentence in SUPPRESSION_WORDS.items()}


def suppressed(trace: dict[str, Any]) -> str:
    """Why the whole turn injected nothing, in the window's language."""
    return _suppression(str(trace["suppressed"]), trace.get("suppressed_code"))


def suppression(said: str) -> str:
    """A suppression sentence the engine gave without its code (an injection record's), in the
    window's language when it is one the window knows."""
    return _suppression(said, _SUPPRESSION_CODES.get(said))


def notes(answer: dict[str, Any]) -> str:
    """What a "why not" answer rests on, in the window's language (as the engine said it when
    a clause is one the window does not know)."""
    clauses = answer.get("notes")
    if not isinstance(clauses, list) or not all(isinstance(c, dict) and c.get("code") in NOTE_WORDS
                                                for c in clauses):
        return str(answer["note"])
    try:
        return tr("; ").join(tr(NOTE_WORDS[c["code"]]).format(**(c.get("args") or {})) for c in clauses)
    except (KeyError, IndexError, ValueError):
        return str(answer["note"])


def reason(decision: dict[str, Any]) -> str:
    """A hit's or a rejection's reason, in the window's language."""
    code, values = decision.get("reason_code"), dict(decision.get("reason_args") or {})
    if code not in REASON_WORDS:
        return str(decision["reason"])
    if code == "matched" and values.get("scope") in _SCOPE_WORDS:
        values["scope"] = tr(_SCOPE_WORDS[values["scope"]])
    elif code == "turn_suppressed":
        values["why"] = _suppression(values.get("why", ""), _SUPPRESSION_CODES.get(values.get("why", "")))
    try:
        return tr(REASON_WORDS[code]).format(**values)
    except (KeyError, IndexError, ValueError):   # values another version named otherwise
        return str(decision["reason"])


def _suppression(said: str, code: str | None) -> str:
    return tr(SUPPRESSION_WORDS[code]) if code in SUPPRESSION_WORDS else said
