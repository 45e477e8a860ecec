"""Where a scope's history is kept. Personal facts keep theirs here, as revision files beside the
fact (:mod:`..storage` and :class:`.fact_store.FactStore`); the team scope's is git's, since its
folder is committed with the code. This module says what the memory service asks of git's history,
and the team room (:class:`..team.git_history.TeamHistory`) answers it: the composition root
(:mod:`..opening`) hands one to the memory service, which so never imports the team room."""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ..records import ArchivedFact, Fact, Revision

UNCOMMITTED = "uncommitted"   # the revision of a team fact that is the work tree's change, not a commit
GIT_ENTRY_PREFIX = "git:"     # an archive entry of a forgotten team fact: ``git:<commit>:<file>``


def is_git_entry(raw: str) -> bool:
    """Does ``raw`` name a forgotten team fact (git keeps it), not a file in an archive folder?"""
    return raw.startswith(GIT_ENTRY_PREFIX)


def with_active(fact: Fact, earlier: list[Revision], change: str) -> list[Revision]:
    """A personal fact's history: the active revision (saying ``change``) first, then ``earlier``."""
    return [Revision(fact.revision, fact.updated_at, fact.body, fact, change), *earlier]


def git_with_active(fact: Fact, found: list[Revision]) -> list[Revision]:
    """A team fact's history (``found``: :meth:`GitHistory.revisions`) whose first entry is the
    active fact: the uncommitted change, else the last commit (whose content the work tree holds)."""
    if found and found[0].commit == UNCOMMITTED:
        return [replace(found[0], fact=fact), *found[1:]]
    if found:
        return [replace(found[0], fact=fact, body=fact.body, revision=fact.revision), *found[1:]]
    return [Revision(fact.revision, fact.updated_at, fact.body, fact, "")]


class GitHistory(Protocol):
    """The team scope's history, archive and forgetting, by git."""

    @property
    def available(self) -> bool:
        """Is the team folder in a git repository, with git installed?"""

    def revisions(self, fact: Fact) -> list[Revision]:
        """The uncommitted change first (when the file differs from HEAD), then each commit that
        changed the file, newest first; none without git."""

    def version(self, fact: Fact, commit: str) -> tuple[Fact, str] | None:
        """The fact as ``commit`` held it and a label for it ("commit abc1234"); None when
        ``commit`` did not change it (or there is no git)."""

    def archived(self) -> list[ArchivedFact]:
        """The team facts deleted and not back, as archive entries (``git:<commit>:<file>``)."""

    def read_entry(self, raw: str) -> tuple[str, str, Fact]:
        """(commit, file, fact) of an entry :meth:`archived` listed; NOT_FOUND otherwise."""

    def check_forgettable(self, fact: Fact) -> None:
        """Refuse (NOT_COMMITTED) to forget a fact git holds no copy of: it would be lost."""

    def forgotten_entry(self, fact: Fact, archived_at: str) -> ArchivedFact:
        """The archive entry a forget of ``fact`` (its file just deleted) leaves."""
