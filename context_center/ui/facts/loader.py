"""The Facts tab's listing, made on the worker: every promoted fact as the engine shows it (a
:class:`~context_center.engine.FactView`, git's word on team facts included), sorted as the table
is, with the problems, the subject conflicts and the pinned budget."""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt

from ...engine import PINNED_BUDGET_CHARS, Engine, paused_gc
from ..words import tr
from .model import FactRow, FactsTableModel, haystack_of, value_word


@dataclass(frozen=True)
class FactsView:
    generation: int
    rows: list[FactRow]
    problems: list[tuple[str, int, str]]     # (file, line, what is wrong)
    pinned_total: int
    pinned_budget: int
    conflicts: list[str] = field(default_factory=list)
    waiting: int = 0                         # staged memories from agents (listed in Suggestions, not here)
    sorted_by: tuple[int, Qt.SortOrder] | None = None   # how the worker sorted ``rows``
    has_team: bool = False                   # some row is a team fact (the git column is shown)
    workspace: str = ""                      # what the facts' refs are relative to
    broken: list[str] = field(default_factory=list)   # refs of facts whose cited code is gone
    longest_names: list[str] | None = None   # FactsTableModel.longest_of(rows), found here


def load_facts_view(engine: Engine, sort: tuple[int, Qt.SortOrder] | None = None) -> FactsView:
    """Runs on the worker; ``sort`` (the table's order) sorts the rows here rather than on the GUI thread."""
    facts = engine.facts()
    rows = []
    make = tuple.__new__   # a FactRow from its values, made in C
    # A row per fact, none in a reference cycle: the cyclic collector would walk them all (a full
    # pass of about 30 ms at 100,000 facts, on either thread: the window waits for it), so it
    # waits while they are made, and they join the objects it no longer walks (as the engine's
    # facts do on open); each is still freed by its reference count when the list is replaced.
    # The window's collector waits too (paused, not only disabled here: its tick on the GUI thread
    # walked the half-made rows, 60 ms at 100,000 facts, seen with perf after F5).
    with paused_gc(freeze=True):
        for view in engine.fact_views(facts, team=True):   # (git, for the team facts: on the worker)
            if not view.fact.staging:
                rows.append(make(FactRow, (view, haystack_of(view.fact))))
    if sort is not None:
        rows = FactsTableModel.sorted_rows(rows, *sort)
    # (QCoreApplication.translate is thread-safe: the words are made here, on the worker)
    conflicts = [tr("Subject {subject} is held by {count} {scope} facts: {refs} — keep one, edit or forget the "
                    "others").format(subject=subject, count=len(facts), scope=value_word(scope),
                                     refs=", ".join(f.ref for f in facts))
                 for scope, subject, facts in engine.subject_conflicts()]
    problems = [(str(d.path), d.line, d.reason) for d in engine.diagnostics()]
    return FactsView(engine.generation, rows, problems, engine.pinned_total(), PINNED_BUDGET_CHARS, conflicts,
                     waiting=len(facts) - len(rows), sorted_by=sort,
                     has_team=any(row.view.team is not None for row in rows),
                     workspace=str(engine.paths.workspace),
                     broken=[row.fact.ref for row in rows if row.view.grounding.state == "broken"],
                     longest_names=FactsTableModel.longest_of(rows))
