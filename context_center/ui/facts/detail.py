"""The selected fact as the Facts tab's detail pane shows it, in Markdown."""
from __future__ import annotations

import difflib
from typing import Any

from ...engine import Grounding, RefCheck, limit_text
from .model import FactRow

OPEN_SCHEME = "open-ref"
_OPEN = OPEN_SCHEME + ":"


def _provenance_lines(found: dict[str, Any] | None) -> tuple[str, ...]:
    if not found:
        return ()
    lines = [f"**Suggested:** {found.get('why', '')}  ", f"**How to apply:** {found.get('how_to_apply', '')}  "]
    for item in found.get("evidence") or []:
        if isinstance(item, dict):
            lines.append(f"- {item.get('source', '')} session `{str(item.get('session', ''))[:8]}` at "
                         f"{item.get('timestamp') or 'unknown time'}: “{item.get('text', '')}”")
    return tuple(lines)


def _open_link(check: RefCheck) -> str:
    """A link that opens the cited file at the line it points at now (a file that is there)."""
    path = check.path
    if check.state not in ("ok", "moved", "changed", "unverified") or check.ref.endswith("/") or not path:
        return ""
    if check.at:
        return f" [Open at line {check.at}]({_OPEN}{path}:{check.at})"
    return f" [Open]({_OPEN}{path}:0)"


def grounding_lines(grounding: Grounding) -> list[str]:
    """Each cited ref with what the work tree says of it, git's word where it was asked, and for a
    changed range the recorded lines beside today's as a diff."""
    if grounding.state == "none":
        return []
    lines = ["", f"### Cited code: {grounding.state}", ""]
    for check in grounding.refs:
        who = (f" — commit `{check.commit[:10]}` by **{check.author}** on {(check.date or '')[:10]}"
               if check.commit else "")
        lines.append(f"- `{check.ref}`: **{check.state}** — {check.detail}{who}{_open_link(check)}")
        if check.state == "changed" and check.evidence is not None and check.evidence.lines and check.now:
            diff = [line for line in difflib.ndiff(list(check.evidence.lines), list(check.now))
                    if not line.startswith("? ")]
            lines += ["", "```diff", *diff, "```", ""]
    lines += ["", "Verify the fact once it is right again (it records the code as it is now); Edit it, "
                  "or Forget it."]
    return lines


def detail_markdown(row: FactRow, grounding: Grounding | None = None) -> str:
    """The selected fact in full: what the engine says of it (its override, its team status, a sync
    conflict, the code it cites, where an accepted suggestion came from), its fields, its body.
    ``grounding``: the same fact's grounding with git's word on it, once the worker asked."""
    view = row.view
    fact = view.fact
    lines = [f"# {fact.label}", ""]
    if view.overridden_by:   # the engine's sentence, its holder a link to it
        holder = view.overridden_by
        lines += ["> " + view.override_sentence.replace("Overridden", "**Overridden**", 1)
                  .replace(holder, f"[{holder}](fact:{holder})", 1), ""]
    if view.sync_conflict is not None:
        lines += ["> **Sync conflict**: another machine changed this fact too; settle it with Sync ▸ Conflicts "
                  "(keep mine, keep theirs, or edit).", ""]
    if view.team is not None:
        status = view.team
        if status.note:
            lines += [f"> **Team fact** (in the repository): {status.note}.", ""]
        else:
            last = (f"last changed by **{status.author}** on {status.date[:10]} (commit `{status.commit}`: "
                    f"{status.message})" if status.commit else "never committed")
            lines += [f"> **Team fact**, committed with the code: {last}."
                      + (" **Uncommitted changes** in the work tree: commit them to share them." if status.uncommitted
                         else ""), ""]
    if fact.description:
        lines += [f"*{fact.description}*", ""]
    meta = [("Reference", f"`{fact.ref}`"), ("Id", f"`{fact.id}`"), ("Revision", fact.revision),
            ("Type", fact.type), ("Scope", fact.scope), ("Activation", fact.effective_activation),
            ("Freshness", view.freshness), ("Volatility", fact.volatility or "by type"),
            ("Subject key", fact.subject_key or "—"), ("Keywords", fact.keywords or "—"),
            ("Expires", fact.expires_at or "never"), ("Last verified", fact.last_verified_at or "never"),
            ("Only in", limit_text(fact) or "every worktree and branch"),
            ("Created", fact.created_at), ("Updated", fact.updated_at)]
    lines += [f"**{k}:** {v}  " for k, v in meta]
    lines += grounding_lines(grounding or view.grounding)
    provenance = _provenance_lines(view.provenance)
    if provenance:
        lines += ["", *provenance]
    lines += ["", f"<small>{fact.path}</small>" if fact.path else "", "", "---", "", fact.body]
    return "\n".join(lines)
