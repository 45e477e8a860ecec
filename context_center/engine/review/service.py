"""The review queue of one store and workspace: list, apply, dismiss, undo.

Beside the facade, reached as ``engine.review`` (made per use, holding nothing): it reads the store
through the engine's public methods (its one import of the facade is for types) and every
apply is ordinary writes (new revisions, forgets to the archive), so nothing is lost and one undo
takes a whole decision back. Nothing is ever applied without being asked; an item is found again
(its facts unchanged) before it is applied, so a stale preview is never written.
"""
from __future__ import annotations

import datetime as dt
import logging
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import clock
from ..errors import InvalidInput, NotFound, RevisionConflict
from ..judge.config import open_judge
from ..memory.fact_input import FactInput
from ..memory.fields import free_name
from ..memory.settled import SettledDisputes, said_digest
from ..storage.bulk_load import paused_gc
from . import finders
from .decisions import Decisions
from .finders import Usage
from .items import ITEM_ID, ReviewItem, Step
from .second_opinion import SecondOpinion

if TYPE_CHECKING:
    from ..facade import Engine
    from ..records import Fact


log = logging.getLogger("context_center.review")
MIN_OBSERVED_DAYS = 7   # the record must have watched this long before a fact is called unused


class MemoryReview:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.decisions = Decisions(engine.kept_rows)
        self.settled = SettledDisputes(engine.kept_rows)

    # listing ------------------------------------------------------------------------------------

    def items(self, *, include_dismissed: bool = False) -> list[ReviewItem]:
        engine = self.engine
        facts = engine.facts()
        records = self._records()   # the injection record, read once for both uses
        usage = self._usage(records)
        found: list[ReviewItem] = []
        # millions of short-lived pairs and none in a cycle: without the collector, whose passes held
        # the interpreter for a third of a second each (the window froze), and what survives is
        # frozen, so that its first pass after it does not walk everything made meanwhile
        with paused_gc(freeze=True):
            found += finders.duplicates_and_contradictions(facts, usage)
        found += finders.overrides(facts)
        found += finders.freshness_items(facts, engine.freshness_of(facts))
        found += finders.grounding_items(facts, engine.grounding)
        found += finders.worktree_items(facts, engine.worktree_names())
        since, days = self._observed_since(records)
        if since is not None:
            found += finders.unused_items(facts, usage, since, days)
        found += finders.oversize_items(facts, engine.pinned_total(), self._truncated_instructions())
        found += finders.staged_items(engine.agent_proposals())
        dismissed = set() if include_dismissed else self.decisions.dismissed()
        found = [item for item in found if item.id not in dismissed]
        judge = open_judge(engine)
        if judge is not None:   # the user's judge confirms each pair before it is proposed
            found = SecondOpinion(judge.confirm, engine.kept_rows).judged(found)
        if not include_dismissed:   # what recall names beside each side (a dismissed pair is settled there)
            engine.keep_found_disputes([(item.facts[0], item.facts[1]) for item in found
                                        if item.kind == "contradiction" and len(item.facts) == 2])
        unique = {item.id: _team_advice(item) for item in found}
        order = {kind: n for n, kind in enumerate(("broken", "worktree", "contradiction", "duplicate", "related",
                                                    "changed", "expired", "stale", "override", "oversize", "staged",
                                                    "unused"))}
        return sorted(unique.values(), key=lambda item: (order.get(item.kind, 99), item.refs, item.id))

    def item(self, item_id: str) -> ReviewItem:
        """The item as it is now; NotFound when its facts changed since it was listed (never apply a
        stale preview), or it was applied or dismissed."""
        if not ITEM_ID.fullmatch(item_id):
            raise NotFound(f"{item_id!r} is not a review item's id (a kind and ten hex digits, like "
                           "duplicate-1a2b3c4d5e)", hint="review")
        found = next((item for item in self.items(include_dismissed=True) if item.id == item_id), None)
        if found is None:
            raise NotFound(f"no review item {item_id}: its facts changed since it was listed, or it was applied; "
                           "decide on what the review shows now", hint="review")
        return found

    def _records(self) -> list[Any]:
        try:
            return self.engine.injections(traces=False)
        except Exception as exc:   # noqa: BLE001 - a catalog that cannot be read: nothing was seen
            log.warning("the review reads no injection record (%s): nothing counts as recalled", exc)
            return []

    def _usage(self, records: list[Any]) -> Any:
        injected: Counter[str] = Counter()
        last: dict[str, str] = {}
        for record in records:
            for item in record.injected:
                injected[item.id] += 1
                last[item.id] = max(last.get(item.id, ""), record.time)
        searched = self.engine.search_returns()

        def usage(fact: Fact) -> Usage:
            seen = searched.get(fact.id, (0, ""))
            return Usage(injected[fact.id], last.get(fact.id, ""), seen[0], seen[1])

        return usage

    def _observed_since(self, records: list[Any]) -> tuple[dt.datetime | None, int]:
        """From when the record has seen the hook at work (its oldest entry), and how many days it keeps."""
        days, _entries = self.engine.injection_bounds()
        times = [clock.parse_timestamp(record.time) for record in records]
        known = [t for t in times if t is not None]
        if not known or not days or clock.now() - min(known) < dt.timedelta(days=MIN_OBSERVED_DAYS):
            return None, days   # seen too little yet to call anything unused
        return max(min(known), clock.now() - dt.timedelta(days=days)), days

    def _truncated_instructions(self) -> list[dict[str, Any]]:
        from ..instructions.agent_rules import AGENTS as INSTRUCTION_AGENTS

        found = []
        for agent in INSTRUCTION_AGENTS:
            try:
                view = self.engine.agent_instructions(agent)
            except Exception as exc:   # noqa: BLE001 - a view that cannot be made (a folder gone): no advice
                log.warning("the review could not make %s's view of the instructions: %s", agent, exc)
                continue
            for document in view.documents:
                if document.status == "truncated" and document.cut_line:
                    found.append({"agent": agent, "label": document.label, "bytes": document.bytes,
                                  "kept_bytes": document.kept_bytes or 0, "cut_line": document.cut_line})
        return found

    # deciding -----------------------------------------------------------------------------------

    def dismiss(self, item_id: str) -> None:
        """Not proposed again until its facts change; a contradiction dismissed ("both are right") is
        no longer named beside either fact in recall."""
        item = self.item(item_id)
        self.decisions.dismiss(item.id)
        if item.kind == "contradiction":
            self.settled.settle(*item.facts)

    def dismissed(self) -> list[ReviewItem]:
        """The items dismissed whose facts are unchanged since (a change proposes them again anyway)."""
        ids = self.decisions.dismissed()
        return [item for item in self.items(include_dismissed=True) if item.id in ids]

    def undismiss(self, item_id: str) -> None:
        """Propose a dismissed item again (one whose facts changed since is gone: nothing to propose)."""
        item = next((item for item in self.dismissed() if item.id == item_id), None)
        if item is None or not self.decisions.undismiss(item_id):
            raise NotFound(f"{item_id} is not dismissed (an item whose facts changed since is proposed again "
                           "already, under a new id)", hint="review_dismissed")
        if item.kind == "contradiction":
            self.settled.unsettle(*item.facts)

    def apply(self, item_id: str, *, edit_text: str | None = None, keep: str | None = None) -> dict[str, Any]:
        """Carry the item's action out as ordinary writes; returns ``{"applied", "undo", "changes"}``.
        ``edit_text``: the text written instead of the proposed one (merge, verify, keep);
        ``keep``: for a contradiction or an override, the ref of the fact that stands."""
        self.engine.refresh()   # re-checked against the files as they are now, written by anyone
        item = self.item(item_id)
        if item.action == "advice":
            raise InvalidInput(f"{item.id} is advice, not a change: {item.reason}")
        steps = list(item.steps)
        if keep is not None:
            steps = self._kept(item, keep)
        if edit_text is not None:
            steps = self._edited(item, steps, edit_text)
        done: list[dict[str, Any]] = []
        try:
            for step in steps:
                if not step.changes_nothing:   # said as it is: not "edited" (nor "restored" by an undo)
                    done.append(self._write(step))
        except Exception:
            self._take_back(done)   # all or nothing: what was written is taken back
            raise
        token = self.decisions.record(item.to_json(), done)
        return {"applied": item.id, "undo": token, "changes": done}

    def _kept(self, item: ReviewItem, keep: str) -> list[Step]:
        if item.kind not in ("contradiction", "override"):
            raise InvalidInput(f"choosing the fact that stands is for a contradiction or an override; {item.id} "
                               f"is a {item.kind}")
        chosen = [fact for fact in item.facts if keep in (fact.ref, fact.id, fact.name)]
        if not chosen:
            raise InvalidInput(f"{keep} is none of {', '.join(item.refs)}")
        if len(chosen) > 1:
            raise InvalidInput(f"{keep} names {' and '.join(f.ref for f in chosen)}: give the ref or the id")
        return [Step("forget", fact) for fact in item.facts if fact is not chosen[0]]

    def _edited(self, item: ReviewItem, steps: list[Step], text: str) -> list[Step]:
        if not text.strip():
            raise InvalidInput("the edited text is empty; to let a fact go, forget it")
        if item.kind in ("contradiction", "override"):
            kept = next(fact for fact in item.facts if all(s.fact is not fact for s in steps))
            return [Step("edit", kept, body=text), *steps]
        if item.action not in ("merge", "verify"):
            raise InvalidInput(f"an edited text replaces what a merge or a verify writes; {item.id} would "
                               f"{item.action}: edit the fact itself instead")
        first = steps[0]
        return [Step("edit", first.fact, body=text, keywords=first.keywords, refs=first.refs,
                     evidence=first.evidence), *steps[1:]]

    def _write(self, step: Step) -> dict[str, Any]:
        engine = self.engine
        fact = step.fact
        if step.op == "create":
            taken = {f.name for f in engine.facts() if f.scope == step.scope}
            name = free_name(step.name, taken.__contains__)   # a part of that name exists already: the next free one
            made = engine.remember(FactInput(name=name, title=step.title, body=step.body, scope=step.scope or None,
                                             type=step.type or None, keywords=step.keywords)).fact
            return {"op": "created", "ref": made.ref, "id": made.id, "scope": made.scope, "revision": made.revision,
                    "digest": said_digest(made)}
        assert fact is not None
        if step.op == "forget":
            archived = engine.forget(fact.id, fact.scope, expected_revision=fact.revision)
            return {"op": "forgot", "ref": fact.ref, "id": fact.id, "scope": fact.scope, "archive": str(archived.path)}
        if step.op == "verify":
            written = engine.verify(fact.id, fact.scope).fact
        else:
            written = engine.edit(fact.id, FactInput(body=step.body, keywords=step.keywords, refs=step.refs,
                                                     carried_evidence=step.evidence, worktree=step.worktree,
                                                     expected_revision=fact.revision), fact.scope).fact
        return {"op": "verified" if step.op == "verify" else "edited", "ref": written.ref, "id": written.id,
                "scope": written.scope, "before": fact.revision, "after": written.revision,
                "digest": said_digest(written)}

    def _take_back(self, changes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        engine = self.engine
        undone = []
        for change in reversed(changes):
            if change["op"] == "forgot":
                recovered = engine.recover(change["archive"]).fact
                undone.append({"op": "recovered", "ref": recovered.ref, "revision": recovered.revision})
            elif change["op"] == "created":
                engine.forget(change["id"], change["scope"], expected_revision=change["revision"])
                undone.append({"op": "forgot", "ref": change["ref"]})
            else:
                restored = engine.restore(change["id"], change["before"], change["scope"]).fact
                undone.append({"op": "restored", "ref": restored.ref, "revision": restored.revision,
                               "from_revision": change["before"]})
        return undone

    def undo(self, token: str) -> dict[str, Any]:
        """Take a whole decision back, as new revisions; refused when a fact it wrote changed since."""
        entry = self.decisions.find(token)
        if entry is None:
            raise NotFound(f"no review decision {token}", hint="review_history")
        if entry.get("undone_at"):
            raise InvalidInput(f"{token} was undone already, at {entry['undone_at']}")
        self.engine.refresh()
        for change in entry["changes"]:
            if change["op"] in ("edited", "verified", "created"):
                try:
                    now = self.engine.fact(change["id"], change["scope"])
                except NotFound:
                    raise RevisionConflict(f"{change['ref']} is gone since this decision; recover it from the "
                                           "archive first", hint="archived_paths") from None
                # what it says, not its revision number: a hand edit that left the revision alone is a
                # change, and a later decision undone first leaves the text as this one wrote it
                if said_digest(now) != change.get("digest"):
                    raise RevisionConflict(
                        f"{change['ref']} changed since this decision (it is at revision {now.revision}): undo "
                        "would overwrite that change; restore the revision you want by hand", hint="revisions",
                        ref=change["ref"])
        undone = self._take_back(entry["changes"])
        self.decisions.mark_undone(token)
        return {"undone": token, "item": entry["item"], "changes": undone}

    def history(self) -> list[dict[str, Any]]:
        """Each decision applied, newest first."""
        return list(reversed(self.decisions.history()))


TEAM_NOTE = " (team facts change by a commit: edit their files in the repository and commit them)"


def _team_advice(item: ReviewItem) -> ReviewItem:
    """An item that would write a team fact is advice: team facts are committed with the code and
    their history is git's (a forget needs a commit, a restore names one), so the review never
    writes them half-way."""
    if item.action == "advice" or not any(fact.scope == "team" for fact in item.facts):
        return item
    return replace(item, action="advice", steps=(), reason=item.reason + TEAM_NOTE)
