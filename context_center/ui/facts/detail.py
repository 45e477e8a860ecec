"""The selected fact as the Facts tab's detail pane shows it, in Markdown."""
from __future__ import annotations

import difflib
from typing import Any

from ...engine import Grounding, RefCheck
from ..words import QT_TR_NOOP, tr
from .model import FactRow, limit_words, value_word

OPEN_SCHEME = "open-ref"
_OPEN = OPEN_SCHEME + ":"


def _provenance_lines(found: dict[str, Any] | None) -> tuple[str, ...]:
    if not found:
        return ()
    lines = [tr("**Suggested:** {why}").format(why=found.get("why", "")) + "  ",
             tr("**How to apply:** {how}").format(how=found.get("how_to_apply", "")) + "  "]
    for item in found.get("evidence") or []:
        if isinstance(item, dict):
            lines.append("- " + tr("{source} session `{session}` at {time}: “{text}”").format(
                source=item.get("source", ""), session=str(item.get("session", ""))[:8],
                time=item.get("timestamp") or tr("unknown time"), text=item.get("text", "")))
    return tuple(lines)


def _open_link(check: RefCheck) -> str:
    """A link that opens the cited file at the line it points at now (a file that is there)."""
    path = check.path
    if check.state not in ("ok", "moved", "changed", "unverified") or check.ref.endswith("/") or not path:
        return ""
    if check.at:
        return " " + tr("[Open at line {line}]({link})").format(line=check.at, link=f"{_OPEN}{path}:{check.at}")
    return " " + tr("[Open]({link})").format(link=f"{_OPEN}{path}:0")


def grounding_lines(grounding: Grounding) -> list[str]:
    """Each cited ref with what the work tree says of it, git's word where it was asked, and for a
    changed range the recorded lines beside today's as a diff."""
    if grounding.state == "none":
        return []
    lines = ["", tr("### Cited code: {state}").format(state=value_word(grounding.state)), ""]
    for check in grounding.refs:
        who = (" — " + tr("commit `{commit}` by **{author}** on {date}").format(
            commit=check.commit[:10], author=check.author, date=(check.date or "")[:10]) if check.commit else "")
        lines.append(f"- `{check.ref}`: **{value_word(check.state)}** — {check.detail}{who}{_open_link(check)}")
        if check.state == "changed" and check.evidence is not None and check.evidence.lines and check.now:
            diff = [line for line in difflib.ndiff(list(check.evidence.lines), list(check.now))
                    if not line.startswith("? ")]
            lines += ["", "```diff", *diff, "```", ""]
    lines += ["", tr("Verify the fact once it is right again (it records the code as it is now); Edit it, "
                     "or Forget it.")]
    return lines


USE_SUBJECT_SCHEME = "use-subject"


def _subject_words(fact_key: str, proposed: str | None) -> str:
    if fact_key:
        return fact_key
    if not proposed:
        return "—"
    return "— " + tr("(proposed from what it says: `{key}` — [Use it]({link}))").format(
        key=proposed, link=f"{USE_SUBJECT_SCHEME}:{proposed}")


# the engine's sentences about an overridden fact (memory/overrides.py), word for word: a test holds
# them together (lupdate reads only literals, so each is written whole)
OVERRIDE_WORDS = {
    "global": QT_TR_NOOP("Overridden by {ref} ({why}): the {scope} fact answers the same question and comes first "
                         "(project, then team, then global), so agents get that one; this global fact stays for "
                         "other projects."),
    "team": QT_TR_NOOP("Overridden by {ref} ({why}): the {scope} fact answers the same question and comes first "
                       "(project, then team, then global), so agents get that one; this team fact stays in the "
                       "repository for the others."),
    "other": QT_TR_NOOP("Overridden by {ref} ({why}): the {scope} fact answers the same question and comes first "
                        "(project, then team, then global), so agents get that one; it stays."),
}
WHY_WORDS = {"same subject": QT_TR_NOOP("same subject"), "same id": QT_TR_NOOP("same id"),
             "same name": QT_TR_NOOP("same name"), "same title": QT_TR_NOOP("same title"),
             "same question": QT_TR_NOOP("same question")}


def override_words(sentence: str, holder: str) -> str:
    """The engine's sentence about an overridden fact in the window's language, the fact that
    answers instead a link to it (a sentence the window does not know is shown as the engine said it)."""
    code, values = getattr(sentence, "code", None), dict(getattr(sentence, "fields", ()))
    link = f"[{holder}](fact:{holder})"
    if code not in OVERRIDE_WORDS or values.keys() != {"ref", "why", "scope"}:
        return sentence.replace(holder, link, 1)
    why = WHY_WORDS.get(values["why"])
    return tr(OVERRIDE_WORDS[code]).format(ref=link, why=tr(why) if why else values["why"],
                                           scope=value_word(values["scope"]))


def detail_markdown(row: FactRow, grounding: Grounding | None = None, proposed: str | None = None) -> str:
    """The selected fact in full: what the engine says of it (its override, its team status, a sync
    conflict, the code it cites, where an accepted suggestion came from), its fields, its body.
    ``grounding``: the same fact's grounding with git's word on it, once the worker asked;
    ``proposed``: the subject key the engine proposes from its claims (one click sets it)."""
    view = row.view
    fact = view.fact
    lines = [f"# {fact.label}", ""]
    if view.overridden_by:   # the engine's sentence, its holder a link to it
        lines += ["> " + override_words(view.override_sentence, view.overridden_by), ""]
    if view.sync_conflict is not None:
        lines += ["> " + tr("**Sync conflict**: another machine changed this fact too; settle it with Sync ▸ "
                            "Conflicts (keep mine, keep theirs, or edit)."), ""]
    if view.team is not None:
        status = view.team
        if status.note:
            lines += ["> " + tr("**Team fact** (in the repository): {note}.").format(note=status.note), ""]
        else:
            last = (tr("last changed by **{author}** on {date} (commit `{commit}`: {message})").format(
                        author=status.author, date=status.date[:10], commit=status.commit, message=status.message)
                    if status.commit else tr("never committed"))
            lines += ["> " + tr("**Team fact**, committed with the code: {last}.").format(last=last)
                      + (" " + tr("**Uncommitted changes** in the work tree: commit them to share them.")
                         if status.uncommitted else ""), ""]
    if fact.description:
        lines += [f"*{fact.description}*", ""]
    meta = [(tr("Reference"), f"`{fact.ref}`"), (tr("Id"), f"`{fact.id}`"), (tr("Revision"), fact.revision),
            (tr("Type"), value_word(fact.type)), (tr("Scope"), value_word(fact.scope)),
            (tr("Activation"), value_word(fact.effective_activation)),
            (tr("Freshness"), value_word(view.freshness)),
            (tr("Volatility"), value_word(fact.volatility) if fact.volatility else tr("by type")),
            (tr("Subject key"), _subject_words(fact.subject_key, proposed)), (tr("Keywords"), fact.keywords or "—"),
            (tr("Expires"), fact.expires_at or tr("never")),
            (tr("Last verified"), fact.last_verified_at or tr("never")),
            (tr("Only in"), limit_words(fact) or tr("every worktree and branch")),
            (tr("Created"), fact.created_at), (tr("Updated"), fact.updated_at)]
    lines += [f"**{k}:** {v}  " for k, v in meta]
    lines += grounding_lines(grounding or view.grounding)
    provenance = _provenance_lines(view.provenance)
    if provenance:
        lines += ["", *provenance]
    lines += ["", f"<small>{fact.path}</small>" if fact.path else "", "", "---", "", fact.body]
    return "\n".join(lines)
