"""The selected fact as the Facts tab's detail pane shows it, in Markdown."""
from __future__ import annotations

from typing import Any

from .model import FactRow


def _provenance_lines(found: dict[str, Any] | None) -> tuple[str, ...]:
    if not found:
        return ()
    lines = [f"**Suggested:** {found.get('why', '')}  ", f"**How to apply:** {found.get('how_to_apply', '')}  "]
    for item in found.get("evidence") or []:
        if isinstance(item, dict):
            lines.append(f"- {item.get('source', '')} session `{str(item.get('session', ''))[:8]}` at "
                         f"{item.get('timestamp') or 'unknown time'}: “{item.get('text', '')}”")
    return tuple(lines)


def detail_markdown(row: FactRow) -> str:
    """The selected fact in full: what the engine says of it (its override, its team status, a sync
    conflict, where an accepted suggestion came from), its fields, its body."""
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
            ("Created", fact.created_at), ("Updated", fact.updated_at)]
    lines += [f"**{k}:** {v}  " for k, v in meta]
    provenance = _provenance_lines(view.provenance)
    if provenance:
        lines += ["", *provenance]
    lines += ["", f"<small>{fact.path}</small>" if fact.path else "", "", "---", "", fact.body]
    return "\n".join(lines)
