"""Forgotten team facts are the files' deletions, and git keeps what they held.

An entry's path is ``git:<commit>:<file>``: the last commit that had the file (HEAD, for a
deletion not committed yet; the deleting commit's parent, for one committed). ``recover`` reads
it back from there. Nothing is archived in the repository by us."""
from __future__ import annotations

from pathlib import Path

from ..errors import NotCommitted, NotFound
from ..memory.history import GIT_ENTRY_PREFIX as PREFIX
from ..records import ArchivedFact, Fact
from ..storage.git_command import GitError
from .history import LOG_FORMAT, fact_at, parse_log
from .repository import NO_GIT_NOTE, TeamRepository

_DELETED_NOW = "deleted in the work tree, not committed yet: commit the deletion to share it, or recover it"


def git_path(commit: str, relative: str) -> Path:
    return Path(f"{PREFIX}{commit}:{relative}")


def _is_team_file(repo: TeamRepository, relative: str) -> bool:
    folder = repo.folder_relative + "/"
    rest = relative[len(folder):] if relative.startswith(folder) else ""
    return bool(rest) and "/" not in rest and rest.endswith(".md") and not rest.startswith(".") \
        and rest != "MEMORY.md"


def _entry(repo: TeamRepository, commit: str, relative: str, archived_at: str, reason: str) -> ArchivedFact | None:
    fact = fact_at(repo, commit, relative)
    if fact is None:
        return None
    return ArchivedFact(path=git_path(commit, relative), id=fact.id, name=Path(relative).stem, scope="team",
                        revision=fact.revision, archived_at=archived_at, title=fact.label, reason=reason)


def deleted_team_facts(repo: TeamRepository) -> list[ArchivedFact]:
    """Every team fact file deleted and not back: first the deletions not committed yet, then those
    committed, newest first (each file once, at its last deletion)."""
    if not repo.available:
        return []
    entries: list[ArchivedFact] = []
    seen: set[str] = set()
    head = repo.short("HEAD")
    if head is not None:
        for relative, code in sorted(repo.uncommitted().items()):
            if "D" in code and _is_team_file(repo, relative):
                entry = _entry(repo, head, relative, "", _DELETED_NOW)
                if entry is not None:
                    entries.append(entry)
                    seen.add(relative)
    try:
        out = repo.git("log", "--topo-order", "--diff-filter=D", LOG_FORMAT.replace("%h", "%h %p"), "--name-only", "--",
                       repo.folder_relative, check=False)
    except GitError:
        return entries
    root = repo.root
    assert root is not None
    for commit in parse_log(out):
        deleting, _, parents = commit.short.partition(" ")
        parent = parents.split()[0] if parents.split() else ""
        for relative in commit.paths:
            if relative in seen or not parent or not _is_team_file(repo, relative) or (root / relative).exists():
                continue
            entry = _entry(repo, parent, relative, commit.date,
                           f"deleted by {deleting} ({commit.author}: {commit.message})")
            if entry is not None:
                entries.append(entry)
                seen.add(relative)
    return entries


def read_git_entry(repo: TeamRepository, raw: str) -> tuple[str, str, Fact]:
    """(commit, file, fact) of a ``git:<commit>:<file>`` path naming a team fact; NOT_FOUND otherwise."""
    not_found = NotFound(f"{raw} is not a forgotten team fact of this repository", hint="archived_paths")
    if not repo.available:
        raise NotFound(f"{raw} names a git commit, but {NO_GIT_NOTE}")
    commit, sep, relative = raw[len(PREFIX):].partition(":")
    if not sep or not commit or not _is_team_file(repo, relative):
        raise not_found
    short = repo.short(commit)
    fact = fact_at(repo, short, relative) if short else None
    if short is None or fact is None:
        raise not_found
    return short, relative, fact.evolve(name=Path(relative).stem)


def check_forgettable(repo: TeamRepository, fact: Fact) -> None:
    """A forgotten team fact is its file's deletion, so git must hold what the file holds: a fact
    never committed, or with changes not committed, is refused (forgetting it would lose them)."""
    assert fact.path is not None
    if not repo.available:
        raise NotCommitted(f"{fact.ref} cannot be forgotten here: {NO_GIT_NOTE}, so deleting it would lose it "
                           "for good; delete the file yourself if you mean it")
    relative = repo.relative(fact.path)
    head = repo.short("HEAD")
    if head is None or repo.show(head, relative) is None:
        raise NotCommitted(f"{fact.ref} was never committed: git has no copy, so forgetting it would lose it. "
                           "Commit it first, or move it to the project scope and forget it there")
    if repo.uncommitted(relative):
        raise NotCommitted(f"{fact.ref} has changes not committed: git has no copy of them, so forgetting it "
                           "would lose them. Commit them first, or restore the last commit's version")


def forgotten_entry(repo: TeamRepository, fact: Fact, archived_at: str) -> ArchivedFact:
    """The entry a forget of ``fact`` (just deleted) leaves: HEAD still has the file."""
    assert fact.path is not None
    head = repo.short("HEAD") or "HEAD"
    return ArchivedFact(path=git_path(head, repo.relative(fact.path)), id=fact.id, name=fact.name, scope="team",
                        revision=fact.revision, archived_at=archived_at, title=fact.title, reason=_DELETED_NOW)
