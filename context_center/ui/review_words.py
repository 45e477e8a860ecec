"""A review item's reason and its evidence's names in the window's language.

The engine words each item's reason in English for the command line and the JSON; the window says
the same from the item's kind, facts and evidence, so a window in Chinese shows no English sentence
of its own (a new user's walk found the Review tab's reasons all in English). What the engine
observed in its own words (a grounding check's detail, a subject key) is quoted as it is. An item
of a shape the window does not know shows the engine's sentence.
"""
from __future__ import annotations

from typing import Any

from ..engine import REVIEW_TEAM_NOTE
from .words import QT_TR_NOOP, tr

# the names of the evidence's fields (one the window does not know is shown with its underscores as spaces)
EVIDENCE_WORDS = {
    "similarity": QT_TR_NOOP("similarity"), "same_title": QT_TR_NOOP("same title"),
    "recalled": QT_TR_NOOP("recalled"), "statements": QT_TR_NOOP("statements"),
    "subject_key": QT_TR_NOOP("subject key"), "last_verified_at": QT_TR_NOOP("last verified"),
    "updated_at": QT_TR_NOOP("updated"), "volatility": QT_TR_NOOP("volatility"),
    "expires_at": QT_TR_NOOP("expires"), "state": QT_TR_NOOP("state"), "worktree": QT_TR_NOOP("worktree"),
    "worktrees": QT_TR_NOOP("worktrees"), "injected": QT_TR_NOOP("injected"),
    "last_injected": QT_TR_NOOP("last injected"), "searched": QT_TR_NOOP("searched"),
    "last_searched": QT_TR_NOOP("last searched"), "days": QT_TR_NOOP("days"), "chars": QT_TR_NOOP("characters"),
    "parts": QT_TR_NOOP("parts"), "limit": QT_TR_NOOP("limit"), "times": QT_TR_NOOP("times"),
    "pinned_chars": QT_TR_NOOP("pinned characters"), "budget": QT_TR_NOOP("budget"),
    "agent": QT_TR_NOOP("agent"), "label": QT_TR_NOOP("file"), "bytes": QT_TR_NOOP("bytes"),
    "kept_bytes": QT_TR_NOOP("bytes received"), "cut_line": QT_TR_NOOP("cut at line"),
    "written_at": QT_TR_NOOP("written"), "imported_from": QT_TR_NOOP("imported from"),
    "claims": QT_TR_NOOP("what each says"), "judge": QT_TR_NOOP("judge"), "asked": QT_TR_NOOP("asked"),
    "yes": QT_TR_NOOP("yes, with probability"), "why": QT_TR_NOOP("why not asked"),
    "left_behind": QT_TR_NOOP("left behind"), "shared_id": QT_TR_NOOP("same id"),
    "shared_name": QT_TR_NOOP("same name"), "shared_title": QT_TR_NOOP("same title"),
    "values": QT_TR_NOOP("values given"), "counted_per": QT_TR_NOOP("counted per"),
    "shared": QT_TR_NOOP("what both give"),
}


def evidence_word(key: str) -> str:
    return tr(EVIDENCE_WORDS[key]) if key in EVIDENCE_WORDS else key.replace("_", " ")


def inner_word(key: object) -> str:
    """A key of the evidence's nested mapping: a word the window knows, else as it is (a fact's ref)."""
    return tr(EVIDENCE_WORDS[key]) if isinstance(key, str) and key in EVIDENCE_WORDS else str(key)


def reason(item: Any) -> str:
    """``item``'s reason, in the window's language."""
    said = _reason(item)
    if said is None:
        return str(item.reason)
    if item.reason.endswith(REVIEW_TEAM_NOTE):
        said += tr(" (team facts change by a commit: edit their files in the repository and commit them)")
    return said


def _reason(item: Any) -> str | None:   # one sentence per kind
    refs, evidence = list(item.refs), item.evidence
    first = refs[0] if refs else ""
    second = refs[1] if len(refs) > 1 else ""
    if item.kind == "duplicate" and second:
        why = tr("the same title") if evidence.get("same_title") else \
            tr("{share} of what the shorter says, in other words").format(share=f"{evidence.get('similarity', 0):.0%}")
        if evidence.get("shared"):   # (the values both give, as the engine shows them: "duration: 14 days"; alone
            values = "; ".join(map(str, evidence["shared"]))   # where no other word is alike)
            alike = evidence.get("same_title") or f"{evidence.get('similarity', 0):.0%}" != "0%"
            why = tr("both give {values}; {why}").format(values=values, why=why) if alike else \
                tr("both give {values}").format(values=values)
        return tr("{kept} and {other} say the same thing ({why}): keep {kept} with what only the other says, and "
                  "forget {other} to the archive.").format(kept=first, other=second, why=why)
    if item.kind == "related" and second:
        return tr("{first} and {second} are alike ({share} of what the shorter says, in other words) but not surely "
                  "one fact said twice: have a look; merge them by hand if they are, or dismiss this.").format(
            first=first, second=second, share=f"{evidence.get('similarity', 0):.0%}")
    if item.kind == "contradiction" and second and evidence.get("left_behind"):
        return tr("{newer} says {names} was left behind, which {older} still says: keep {newer} and forget "
                  "{older}, unless {older} is the one still right.").format(
            newer=first, older=second, names=", ".join(map(str, evidence["left_behind"])))
    given_two = evidence.get("claims") or evidence.get("values")
    if item.kind == "contradiction" and second and isinstance(given_two, dict):
        return tr("{newer} and {older} give one thing two values ({mine} against {theirs}): keep one (by default "
                  "the newer, {newer}) and forget the other.").format(
            newer=first, older=second, mine="; ".join(given_two.get(first, [])),
            theirs="; ".join(given_two.get(second, [])))
    if item.kind == "contradiction" and second:
        return tr("{newer} and {older} say opposite things on the same terms: keep one (by default the newer, "
                  "{newer}) and forget the other.").format(newer=first, older=second)
    if item.kind == "override" and second:
        shared = {"shared_id": tr("the same id, {value}"), "shared_name": tr("the same name, {value}"),
                  "shared_title": tr("the same title, {value}"), "subject_key": tr("subject {value}")}
        key = next((key for key in shared if key in evidence), "subject_key")
        said = shared[key].format(value=evidence.get(key, ""))
        return tr("{winner} overrides {other} ({said}) with a different text: agents get only {winner}. "
                  "If that is meant, dismiss this; else forget {other}.").format(
            winner=first, other=second, said=said)
    if item.kind == "stale" and first:
        when = str(evidence.get("last_verified_at") or evidence.get("updated_at") or "")[:10]
        return tr("{fact} is past its freshness window (last verified {date}): verify it if it still holds, else "
                  "edit or forget it.").format(fact=first, date=when)
    if item.kind == "expired" and first:
        return tr("{fact} expired on {date} and is no longer recalled: forget it, or edit it with a new "
                  "expiry.").format(fact=first, date=str(evidence.get("expires_at", ""))[:10])
    if item.kind in ("broken", "changed") and first:
        problem = next((r for r in evidence.get("refs", []) if isinstance(r, dict)
                        and r.get("state") in ("missing", "changed")), None)
        if problem is None:
            return None
        if item.kind == "broken":
            return tr("{fact} cites {ref}, which is gone ({detail}); recall holds it back: edit it to cite what is "
                      "there now, or forget it.").format(fact=first, ref=problem.get("ref", ""),
                                                         detail=problem.get("detail", ""))
        return tr("The code {fact} cites changed ({detail}): verify it if it still holds (the code as it is now is "
                  "recorded), else edit or forget it.").format(fact=first, detail=problem.get("detail", ""))
    if item.kind == "worktree" and first:
        return tr("{fact} is kept to worktree {worktree}, which this repository no longer has, so nothing recalls "
                  "it: clear the limit to share it with every worktree, or forget it.").format(
            fact=first, worktree=evidence.get("worktree", ""))
    if item.kind == "unused" and first:
        return tr("{fact} was not injected by the hook nor returned by an MCP search in the last {days} days: "
                  "forget it, or pin it if every session should have it.").format(fact=first, days=evidence.get("days"))
    if item.kind == "staged" and first:
        return tr("{fact}, written by {agent}, has waited since {date} (over {days} days): promote it "
                  "(Suggestions) or forget it.").format(fact=first, agent=evidence.get("agent", ""),
                                                        date=str(evidence.get("written_at", ""))[:10],
                                                        days=evidence.get("days", ""))
    if item.kind == "oversize":
        return _oversize(item, first, evidence)
    return None


def _oversize(item: Any, first: str, evidence: dict[str, Any]) -> str | None:
    if "pinned_chars" in evidence:
        return tr("The pinned facts use {used} of {budget} characters: unpin one that need not reach every "
                  "session, or shorten one.").format(used=f"{evidence['pinned_chars']:,}",
                                                     budget=f"{evidence.get('budget', 0):,}")
    if "cut_line" in evidence:
        return tr("{file} is {bytes} bytes; {agent} receives the first {kept}: the rest, from line {line}, never "
                  "reaches it. Move what matters above the cut, or into an imported file.").format(
            file=evidence.get("label", ""), bytes=f"{evidence.get('bytes', 0):,}", agent=evidence.get("agent", ""),
            kept=f"{evidence.get('kept_bytes', 0):,}", line=evidence.get("cut_line"))
    if first and "parts" in evidence:
        return tr("{fact} is {chars} characters, past what recall injects at once ({limit}): split it into {count} "
                  "facts at its paragraphs.").format(fact=first, chars=f"{evidence.get('chars', 0):,}",
                                                     limit=f"{evidence.get('limit', 0):,}",
                                                     count=len(evidence["parts"]))
    if first and "times" in evidence:
        return tr("{fact} is {chars} characters, {times} times what recall injects at once: keep the document in "
                  "the repository and a fact that points to it (a ref), or forget it.").format(
            fact=first, chars=f"{evidence['chars']:,}", times=evidence["times"])
    return None
