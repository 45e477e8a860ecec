"""What one revision of a fact changed, in words a person reads in a history list.

A change that cannot be seen in the fields (a restore, a recovery) is written by the
store as the revision's ``revision_note``; everything else is read from the fields.
"""
from __future__ import annotations

from ..records import Fact

# field → how a change of it is named; activation and verification have their own words
_FIELDS = (("name", "name"), ("title", "title"), ("description", "description"), ("body", "text"),
           ("keywords", "keywords"), ("type", "type"), ("volatility", "volatility"),
           ("subject_key", "subject key"), ("expires_at", "expiry"), ("category", "category"),
           ("importance", "importance"), ("subject", "subject"), ("topics", "topics"), ("tags", "tags"),
           ("links", "links"), ("refs", "cited code"), ("worktree", "worktree"), ("branch", "branch"))


def describe_change(older: Fact | None, newer: Fact) -> str:
    """``"created"``, ``"pinned"``, ``"verified"``, ``"restored from revision 1"``,
    ``"edited title, text"``… for ``newer`` against the revision before it."""
    if newer.revision_note:
        return newer.revision_note
    if older is None:
        return "created" if newer.revision == 1 else "first revision kept"
    words = []
    if older.effective_activation != newer.effective_activation:
        words.append("pinned" if newer.pinned else "unpinned")
    if older.last_verified_at != newer.last_verified_at and newer.last_verified_at:
        words.append("verified")
    if older.staging != newer.staging:
        words.append("moved to staging" if newer.staging else "promoted")
    edited = [label for key, label in _FIELDS if getattr(older, key) != getattr(newer, key)]
    if edited:
        words.append("edited " + ", ".join(edited))
    return "; ".join(words) or "saved without a visible change"


def changed_fields(fact: Fact) -> str:
    """Every field a person can change, one per line, then the body: what a history diff compares."""
    lines = [f"Name: {fact.name}", f"Title: {fact.title}", f"Description: {fact.description}",
             f"Keywords: {fact.keywords}", f"Type: {fact.type}", f"Activation: {fact.effective_activation}",
             f"Volatility: {fact.volatility or 'by type'}", f"Subject key: {fact.subject_key or '—'}",
             f"Expires: {fact.expires_at or 'never'}", f"Last verified: {fact.last_verified_at or 'never'}"]
    if fact.category or fact.status:
        lines.append(f"Category: {fact.effective_category} ({'staging' if fact.staging else 'promoted'})")
    return "\n".join(lines) + "\n\n" + fact.body
