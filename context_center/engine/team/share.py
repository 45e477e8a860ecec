"""Share with the team: a personal fact copied into the team scope, as an uncommitted change.

The copy gets a new id: ids answer to one memory each (an agent addresses a memory by id, the
store repairs an interrupted move by finding one id in two scopes), and the personal fact is kept
until the user removes it. The two are tied by their name (and title, subject key): the personal
project fact overrides the team copy "by the same name", which the window and the recall trace
explain like any other override; forgetting the personal one lets the team's answer through."""
from __future__ import annotations

from .. import clock
from ..errors import InvalidInput
from ..memory.fields import new_fact_id
from ..records import Fact
from ..storage.paths import TEAM


def shared_copy(fact: Fact, scopes: tuple[str, ...]) -> Fact:
    """The team scope's copy of ``fact``, ready to create (the checks of a create apply)."""
    if TEAM not in scopes:
        raise InvalidInput("no project is bound, so there is no team scope to share with")
    if fact.scope == TEAM:
        raise InvalidInput(f"{fact.ref} is already a team fact")
    if fact.staging:
        raise InvalidInput(f"{fact.ref} is an agent's proposal waiting for review; approve it before sharing it")
    stamp = clock.format_timestamp(clock.now())
    return fact.evolve(id=new_fact_id(), revision=1, scope=TEAM, created_at=stamp, updated_at=stamp,
                       activation=fact.effective_activation, revision_note="", path=None, legacy=False,
                       encoding="", status="" if fact.status == "promoted" else fact.status)
