"""The Suggestions tab's detail panes, in HTML: a candidate with its evidence, an agent's proposal,
a dismissal. Every text in them came from a transcript or an agent, so every one is escaped."""
from __future__ import annotations

import html
from typing import TypeAlias

from PySide6.QtWidgets import QLabel

from ...engine import STALE_DAYS, Dismissal, MemoryCandidate, Proposal, SkillCandidate
from ..instructions.agent_views import worded
from ..messages import describe
from ..theme import tone
from ..words import QT_TR_NOOP, tr

Candidate: TypeAlias = MemoryCandidate | SkillCandidate

# The engine's words for a fact's scope and type, in the window's language where shown (a word the
# window does not know is shown as it is).
SCOPE_WORDS = {"project": QT_TR_NOOP("project"), "team": QT_TR_NOOP("team"), "global": QT_TR_NOOP("global")}
TYPE_WORDS = {"user": QT_TR_NOOP("user"), "feedback": QT_TR_NOOP("feedback"), "project": QT_TR_NOOP("project"),
              "reference": QT_TR_NOOP("reference")}


def scope_word(scope: str) -> str:
    return tr(SCOPE_WORDS[scope]) if scope in SCOPE_WORDS else scope


def type_word(kind: str) -> str:
    return tr(TYPE_WORDS[kind]) if kind in TYPE_WORDS else kind


def candidate_html(candidate: Candidate) -> str:
    kind = (tr("memory · {type} · offered as {scope}").format(type=type_word(candidate.type),
                                                               scope=scope_word(candidate.scope))
            if isinstance(candidate, MemoryCandidate) else tr("skill · {name}/SKILL.md").format(name=candidate.name))
    evidence = "".join("<li>" + tr("<b>{source}</b> session <code>{session}</code> at {time}").format(
                           source=html.escape(e.source), session=html.escape(e.session[:8]),
                           time=html.escape(e.timestamp or tr("unknown time")))
                       + f"<br>“{html.escape(e.text)}”</li>"
                       for e in candidate.evidence)
    how = ("<p>" + tr("<b>How to apply:</b> {how} <i>(kept with the fact, not recalled)</i>").format(
               how=html.escape(candidate.how_to_apply)) + "</p>" if isinstance(candidate, MemoryCandidate) else "")
    body = tr("Fact body") if isinstance(candidate, MemoryCandidate) else tr("Draft SKILL.md")
    return (f"<h3>{html.escape(candidate.title)}</h3><p><i>{html.escape(kind)}</i></p>"
            + "<p>" + tr("<b>Why suggested:</b> {reason}").format(reason=html.escape(worded(candidate.reason)))
            + f"</p>{how}"
            + "<p><b>" + tr("Evidence") + f"</b></p><ul>{evidence}</ul>"
            + f"<p><b>{html.escape(body)}</b></p>"
            f"<pre style='white-space: pre-wrap'>{html.escape(candidate.body)}</pre>")


def when(stamp: str) -> str:
    """``2026-11-20 16:02`` (UTC) from an RFC 3339 timestamp."""
    return stamp[:16].replace("T", " ")


def proposal_html(proposal: Proposal) -> str:
    fact = proposal.fact
    written = (tr("imported from {agent} at {time} UTC (written there {created} UTC)").format(
                   agent=proposal.agent, time=when(proposal.written_at), created=when(fact.created_at))
               if proposal.imported_from else
               tr("written by {agent} at {time} UTC").format(agent=proposal.agent, time=when(proposal.written_at)))
    stale = (f"<p style='color:{tone('warning')}'>"
             + tr("<b>Stale:</b> waiting for more than {days} days. Promote it if it still holds; otherwise delete "
                  "it.").format(days=STALE_DAYS) + "</p>" if proposal.stale else "")
    labels = [(name, value) for name, value in ((tr("Subject:"), fact.subject), (tr("Topics:"), ", ".join(fact.topics)),
                                                (tr("Tags:"), ", ".join(fact.tags)),
                                                (tr("Links:"), ", ".join(fact.links)))
              if value]
    extra = "".join(f"<b>{html.escape(name)}</b> {html.escape(value)}<br>" for name, value in labels)
    return (f"<h3>{html.escape(fact.label)}</h3>"
            f"<p><i>{html.escape(fact.effective_category)} · {html.escape(scope_word(fact.scope))} · "
            f"{html.escape(written)}</i></p>{stale}"
            f"<pre style='white-space: pre-wrap'>{html.escape(fact.body)}</pre>"
            + ("<p>" + tr("<b>Source:</b> <code>{source}</code>").format(source=html.escape(proposal.imported_from))
               + "</p>" if proposal.imported_from else "")
            + ("<p>" + tr("<b>Possible duplicate</b> of <code>{ref}</code> (it overlaps it): promote it only if it "
                          "adds something").format(ref=html.escape(proposal.duplicate_of)) + "</p>"
               if proposal.duplicate_of else "")
            + f"<p>{extra}<small>"
            + tr("{ref} · revision {revision} · not recalled, injected or searched until you promote it").format(
                ref=html.escape(fact.ref), revision=fact.revision)
            + "</small></p>")


def dismissal_html(dismissal: Dismissal) -> str:
    when = ("<p>" + tr("<b>Dismissed</b> at {time}: it is not suggested again here until you undo the "
                       "dismissal.").format(time=html.escape(dismissal.dismissed_at)) + "</p>")
    if dismissal.candidate is None:
        return (f"<h3>{html.escape(dismissal.id)}</h3>{when}<p>"
                + tr("The recent sessions no longer hold it; undoing the dismissal lets it be suggested again if it "
                     "is said again.") + "</p>")
    return when + candidate_html(dismissal.candidate)


def refused(status: QLabel, error: BaseException) -> None:
    """Say a refusal (a secret, a conflict, a duplicate) in the tab's status line, in words; its
    code in the tooltip (for a bug report, not for reading)."""
    status.setText(f"<span style='color:{tone('error')}'>{html.escape(describe(error))}</span>")
    status.setToolTip(tr("Error code: {code}").format(code=getattr(error, "code", "ERROR")))
