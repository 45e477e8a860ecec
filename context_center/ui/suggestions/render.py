"""The Suggestions tab's detail panes, in HTML: a candidate with its evidence, an agent's proposal,
a dismissal. Every text in them came from a transcript or an agent, so every one is escaped."""
from __future__ import annotations

import html
from typing import TypeAlias

from PySide6.QtWidgets import QLabel

from ...engine import STALE_DAYS, Dismissal, MemoryCandidate, Proposal, SkillCandidate
from ..messages import describe
from ..theme import tone

Candidate: TypeAlias = MemoryCandidate | SkillCandidate


def candidate_html(candidate: Candidate) -> str:
    kind = (f"memory · {candidate.type} · offered as {candidate.scope}" if isinstance(candidate, MemoryCandidate)
            else f"skill · {candidate.name}/SKILL.md")
    evidence = "".join(f"<li><b>{html.escape(e.source)}</b> session <code>{html.escape(e.session[:8])}</code> "
                       f"at {html.escape(e.timestamp or 'unknown time')}<br>“{html.escape(e.text)}”</li>"
                       for e in candidate.evidence)
    how = (f"<p><b>How to apply:</b> {html.escape(candidate.how_to_apply)} <i>(kept with the fact, "
           "not recalled)</i></p>" if isinstance(candidate, MemoryCandidate) else "")
    return (f"<h3>{html.escape(candidate.title)}</h3><p><i>{html.escape(kind)}</i></p>"
            f"<p><b>Why suggested:</b> {html.escape(candidate.reason)}</p>{how}"
            f"<p><b>Evidence</b></p><ul>{evidence}</ul>"
            f"<p><b>{'Fact body' if isinstance(candidate, MemoryCandidate) else 'Draft SKILL.md'}</b></p>"
            f"<pre style='white-space: pre-wrap'>{html.escape(candidate.body)}</pre>")


def when(stamp: str) -> str:
    """``2026-11-20 16:02`` (UTC) from an RFC 3339 timestamp."""
    return stamp[:16].replace("T", " ")


def proposal_html(proposal: Proposal) -> str:
    fact = proposal.fact
    written = (f"imported from {proposal.agent} at {when(proposal.written_at)} UTC (written there "
               f"{when(fact.created_at)} UTC)" if proposal.imported_from else
               f"written by {proposal.agent} at {when(proposal.written_at)} UTC")
    stale = (f"<p style='color:{tone('warning')}'><b>Stale:</b> waiting for more than {STALE_DAYS} days. "
             "Promote it if it still holds; otherwise delete it.</p>" if proposal.stale else "")
    labels = [(name, value) for name, value in (("Subject", fact.subject), ("Topics", ", ".join(fact.topics)),
                                                ("Tags", ", ".join(fact.tags)), ("Links", ", ".join(fact.links)))
              if value]
    extra = "".join(f"<b>{name}:</b> {html.escape(value)}<br>" for name, value in labels)
    return (f"<h3>{html.escape(fact.label)}</h3>"
            f"<p><i>{html.escape(fact.effective_category)} · {fact.scope} · {html.escape(written)}</i></p>{stale}"
            f"<pre style='white-space: pre-wrap'>{html.escape(fact.body)}</pre>"
            + (f"<p><b>Source:</b> <code>{html.escape(proposal.imported_from)}</code></p>"
               if proposal.imported_from else "")
            + (f"<p><b>Possible duplicate</b> of <code>{html.escape(proposal.duplicate_of)}</code> (it overlaps "
               "it): promote it only if it adds something</p>" if proposal.duplicate_of else "") +
            f"<p>{extra}<small>{html.escape(fact.ref)} · revision {fact.revision} · not recalled, injected or "
            "searched until you promote it</small></p>")


def dismissal_html(dismissal: Dismissal) -> str:
    when = (f"<p><b>Dismissed</b> at {html.escape(dismissal.dismissed_at)}: it is not suggested again here "
            "until you undo the dismissal.</p>")
    if dismissal.candidate is None:
        return (f"<h3>{html.escape(dismissal.id)}</h3>{when}<p>The recent sessions no longer hold it; undoing "
                "the dismissal lets it be suggested again if it is said again.</p>")
    return when + candidate_html(dismissal.candidate)


def refused(status: QLabel, error: BaseException) -> None:
    """Say a refusal (a secret, a conflict, a duplicate) in the tab's status line, in words; its
    code in the tooltip (for a bug report, not for reading)."""
    status.setText(f"<span style='color:{tone('error')}'>{html.escape(describe(error))}</span>")
    status.setToolTip(f"Error code: {getattr(error, 'code', 'ERROR')}")
