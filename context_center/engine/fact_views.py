"""A fact as every face shows it, worked out once, by the engine.

The window's Facts tab, ``memory show|list --json`` and an MCP client used to assemble it each in
its own way; now each renders a :class:`FactView`. It crosses rooms — freshness, the override
and its sentence, staging and masking are memory's, a team fact's last change is git's (the team
room), a conflict flag is sync's, where an accepted suggestion came from is the suggestions' —
so it is made here, beside the facade, not in any one of them.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Callable, Iterable, NamedTuple

from .grounding.check import NONE as NO_REFS
from .grounding.check import Grounding
from .memory.freshness import freshness_of
from .memory.overrides import Overrides, why_overridden
from .memory.sensitive import findings_of, mask_fact_json
from .records import Fact
from .sync.conflict_flag import read_flag
from .team.status import TeamStatus


class FactView(NamedTuple):
    """One fact with what is said about it. A named tuple: the window makes one per fact on every
    listing (at 100,000 facts a frozen dataclass, which sets each field through a call, cost a
    quarter of the listing)."""

    fact: Fact
    freshness: str                      # fresh, current, stale or expired, told at one moment
    overridden_by: str | None = None    # the ref of the nearer fact agents get instead
    overridden_why: str = ""            # "same name", "same subject"…
    override_sentence: str = ""         # what a face says about it, in one sentence
    team: TeamStatus | None = None      # a team fact's last commit and uncommitted state (when asked)
    sync_conflict: dict[str, Any] | None = None   # a sync's flag, as seen from this machine
    provenance: dict[str, Any] | None = None      # an accepted suggestion's why, how and evidence
    grounding: Grounding = NO_REFS                # what the work tree says of the code it cites

    @property
    def staged(self) -> bool:
        """An agent's proposal waiting for review: not knowledge yet."""
        return self.fact.staging

    def to_json(self, *, body: bool = False) -> dict[str, Any]:
        """The fact's JSON with a secret masked where it stands (``"masked"`` says where; the file
        is left as it is), and what the view adds."""
        data = mask_fact_json(self.fact.to_json(freshness=self.freshness, body=body), findings_of(self.fact))
        data["overridden_by"] = self.overridden_by
        if self.overridden_by:
            data["overridden_why"] = self.overridden_why
        if self.sync_conflict is not None:
            data["sync_conflict"] = self.sync_conflict
        if self.team is not None:
            data["team"] = self.team.to_json()
        data["grounding"] = self.grounding.to_json()
        if self.fact.refs:
            data["refs"] = list(self.fact.refs)
        return data


def fact_views(facts: Iterable[Fact], overrides: Overrides, machine: Callable[[], str],
               team: dict[Path, TeamStatus] | None = None, now: dt.datetime | None = None,
               grounding: Callable[[Fact], Grounding] | None = None) -> list[FactView]:
    """A view of each of ``facts``, freshness told at one moment (``now``). ``machine()`` names this
    machine, asked only when a fact carries a sync flag; ``team`` is :meth:`TeamService.statuses`
    when the caller wants git's word (it runs git); ``grounding(fact)`` checks a fact that cites
    code against the work tree (files only, never git)."""
    facts = facts if isinstance(facts, (list, tuple)) else list(facts)
    make = tuple.__new__   # a view from its values, made in C
    no_override = (None, "")
    views = []
    provenance_of: Callable[[Fact], dict[str, Any] | None] | None = None
    for fact, told in zip(facts, freshness_of(facts, now)):
        holder, why = overrides.get((fact.scope, fact.id), no_override) if overrides else no_override
        flag = read_flag(fact) if fact.extra else None   # (a flag is an extra key: most facts have none)
        found = None
        if fact.metadata_extra:   # nearly every fact has none: no import, no YAML
            if provenance_of is None:
                from .suggestions.service import provenance

                provenance_of = provenance
            found = provenance_of(fact)
        views.append(make(FactView, (
            fact, told, holder.ref if holder else None, why,
            why_overridden(fact, holder, why) if holder else "",
            # (looked up for team facts only: hashing a Path is slow, 0.1 s per 100,000)
            team.get(fact.path) if team and fact.scope == "team" and fact.path is not None else None,
            flag.to_json(machine()) if flag is not None else None, found,
            grounding(fact) if fact.refs and grounding is not None else NO_REFS)))
    return views
