"""A fact kept to one task: ``worktree: NAME`` or ``branch: GLOB`` in its front matter.

Every worktree of a repository shares its project memory (storage/worktrees.py); a fact that
holds only for one task says so. ``worktree`` is the name git gives a linked worktree (its folder
under ``.git/worktrees/``; the main worktree is ``main``); ``branch`` is a glob over the branch
checked out (``release/*``; ``*`` crosses ``/``), and a detached HEAD matches no glob. A limited
fact is held back (never injected, never returned by an agent's search, never in the session
context) wherever it does not apply, and the trace says why; lists and explicit search show
every fact with its limit. A project or team fact may be limited; a global fact belongs to no
repository.
"""
from __future__ import annotations

import fnmatch
import unicodedata
from dataclasses import dataclass
from typing import Callable

from ..errors import InvalidInput
from ..records import Fact
from ..text.coded import Coded

MAX_BRANCH_GLOB = 200
MAX_WORKTREE_BYTES = 255   # a folder name under .git/worktrees/


@dataclass(frozen=True)
class Place:
    """Where an agent works: the worktree's name (None: not in a git work tree) and the branch
    checked out (None: a detached HEAD, or no git)."""

    worktree: str | None
    branch: str | None

    def describe(self) -> str:
        where = f"worktree {self.worktree}" if self.worktree else "no git worktree"
        return f"{where}, {f'branch {self.branch}' if self.branch else 'no branch (detached HEAD)'}"


def check_worktree(value: str) -> str:
    """A worktree name as a fact's limit ("" clears it)."""
    name = value.strip()
    if name and (name in (".", "..") or "/" in name or "\\" in name or len(name.encode("utf-8", "replace")) >
                 MAX_WORKTREE_BYTES or any(ch.isspace() or unicodedata.category(ch).startswith("C") for ch in name)):
        raise InvalidInput(f"worktree {value!r} is not a worktree's name (the name git gives it under "
                           ".git/worktrees/, one folder name, or main for the main worktree)")
    return name


def written_limit(value: str, check: Callable[[str], str]) -> tuple[str, str]:
    """A limit as a hand-written file holds it: (the limit, a warning). One that is no name or glob
    is kept with its odd characters made ``?``, so it matches nowhere: a fact meant for one task is
    never let loose in every other (the diagnostic and the review say it applies nowhere)."""
    try:
        return check(value), ""
    except InvalidInput as exc:
        kept = "".join("?" if ch.isspace() or unicodedata.category(ch).startswith("C") or ch in "/\\" else ch
                       for ch in value.strip()) or "?"
        return kept[:MAX_BRANCH_GLOB], f"{exc.message}; kept as {kept[:MAX_BRANCH_GLOB]!r}, which matches nowhere"


def check_branch(value: str) -> str:
    """A branch glob as a fact's limit ("" clears it)."""
    glob = value.strip()
    if len(glob) > MAX_BRANCH_GLOB:
        raise InvalidInput(f"branch glob is {len(glob)} characters; at most {MAX_BRANCH_GLOB}")
    if any(ch.isspace() or unicodedata.category(ch).startswith("C") for ch in glob):
        raise InvalidInput(f"branch {value!r} holds a space or a control character, which no branch name has")
    return glob


def check_scope(fact: Fact) -> None:
    if fact.scope == "global" and (fact.worktree or fact.branch):
        raise InvalidInput(f"{fact.ref} is a global fact: it belongs to no repository, so it cannot be limited "
                           "to a worktree or a branch")


def limited(fact: Fact) -> bool:
    return bool(fact.worktree or fact.branch)


def describe(fact: Fact) -> str:
    """``worktree feature-x``, ``branch release/*``, both, or ""."""
    return ", ".join(part for part in (f"worktree {fact.worktree}" if fact.worktree else "",
                                       f"branch {fact.branch}" if fact.branch else "") if part)


# why a limited fact is held back here: code → its English sentence (a trace's words)
HELD_BACK: dict[str, str] = {
    "limited_no_git_worktree": "limited to worktree {worktree}; this workspace is no git worktree",
    "limited_no_git_branch": "limited to branch {branch}; this workspace is no git worktree",
    "limited_no_git": "limited to worktree {worktree}, branch {branch}; this workspace is no git worktree",
    "limited_other_worktree": "limited to worktree {worktree}; this is worktree {here}",
    "limited_detached": "limited to branch {branch}; this worktree has a detached HEAD",
    "limited_other_branch": "limited to branch {branch}; this is branch {here}",
}


class HeldBack(Coded):
    """Why a fact does not apply here (:data:`HELD_BACK` ``[code]``)."""

    TABLE = HELD_BACK


def held_back(fact: Fact, place: Place | None) -> HeldBack | None:
    """Why ``fact`` does not apply at ``place`` (a trace's words), or None when it does."""
    if not limited(fact):
        return None
    if place is None or place.worktree is None:
        code = ("limited_no_git" if fact.worktree and fact.branch
                else "limited_no_git_worktree" if fact.worktree else "limited_no_git_branch")
        return HeldBack(code, worktree=fact.worktree, branch=fact.branch)
    if fact.worktree and fact.worktree != place.worktree:
        return HeldBack("limited_other_worktree", worktree=fact.worktree, here=place.worktree)
    if fact.branch:
        if place.branch is None:
            return HeldBack("limited_detached", branch=fact.branch)
        if not fnmatch.fnmatchcase(place.branch, fact.branch):
            return HeldBack("limited_other_branch", branch=fact.branch, here=place.branch)
    return None


def lost_worktree(fact: Fact, worktrees: frozenset[str] | None) -> bool:
    """Whether ``fact`` is limited to a worktree the repository no longer has (``worktrees``: the
    names it has; None when they cannot be told)."""
    return bool(fact.worktree) and worktrees is not None and fact.worktree not in worktrees
