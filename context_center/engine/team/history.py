"""A team fact's history from git: its commits (author, message, date), and the work tree's
uncommitted change first."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..memory.fact_file import FactFileError, parse_fact
from ..memory.history import UNCOMMITTED
from ..records import Fact, Revision
from ..storage.git_command import GitError
from .repository import TeamRepository

_RECORD, _FIELD = "\x1e", "\x1f"


@dataclass(frozen=True)
class Commit:
    short: str
    author: str
    date: str         # the author's date, ISO 8601
    message: str      # the subject line
    path: str         # the file's name at that commit (a rename is followed)
    paths: tuple[str, ...] = ()   # every file the log listed for that commit


def parse_log(out: str) -> list[Commit]:
    """``git log --format=%x1e%h%x1f%an%x1f%aI%x1f%s --name-only`` → commits, newest first."""
    commits = []
    for record in out.split(_RECORD)[1:]:
        head, _, names = record.partition("\n")
        fields = head.split(_FIELD)
        if len(fields) < 4:
            continue
        paths = [line for line in names.splitlines() if line.strip()]
        commits.append(Commit(fields[0], fields[1], fields[2], fields[3], paths[-1] if paths else "", tuple(paths)))
    return commits


LOG_FORMAT = f"--format={_RECORD}%h{_FIELD}%an{_FIELD}%aI{_FIELD}%s"


def file_commits(repo: TeamRepository, path: Path) -> list[Commit]:
    """The commits that changed ``path`` (following renames), newest first; none without a commit."""
    if not repo.available:
        return []
    try:
        out = repo.git("log", "--topo-order", "--follow", LOG_FORMAT, "--name-only", "--", repo.relative(path),
                       check=False)
    except GitError:
        return []
    return parse_log(out)


def fact_at(repo: TeamRepository, commit: str, relative: str, scope: str = "team") -> Fact | None:
    """The fact as ``commit`` held it at ``relative``; None when absent or unreadable there."""
    text = repo.show(commit, relative)
    if text is None:
        return None
    try:
        fact, _ = parse_fact(text, path=Path(relative), scope=scope, name_from_file=False)
    except FactFileError:
        return None
    return fact


def is_uncommitted(repo: TeamRepository, path: Path) -> bool:
    """Does the work tree's file differ from HEAD (new, edited, or not yet added)?"""
    return repo.available and bool(repo.uncommitted(repo.relative(path)))


def team_revisions(repo: TeamRepository, fact: Fact) -> list[Revision]:
    """The uncommitted change first (the work tree's file, if it differs from HEAD), then each
    commit that changed the file, newest first. Without git: nothing (history is just the file)."""
    assert fact.path is not None
    if not repo.available:
        return []
    found: list[Revision] = []
    if is_uncommitted(repo, fact.path):
        found.append(Revision(fact.revision, fact.updated_at, fact.body, fact, "", commit=UNCOMMITTED,
                              author="", message="not committed yet"))
    for commit in file_commits(repo, fact.path):
        old = fact_at(repo, commit.short, commit.path or repo.relative(fact.path))
        if old is None:
            continue
        found.append(Revision(old.revision, commit.date, old.body, old.evolve(path=fact.path), "",
                              commit=commit.short, author=commit.author, message=commit.message))
    return found


def last_changes(repo: TeamRepository) -> dict[str, Commit]:
    """Work-tree path (relative to the repository) → the last commit that changed it, for every
    file of the team folder, in one ``git log``."""
    if not repo.available:
        return {}
    try:
        out = repo.git("log", "--topo-order", LOG_FORMAT, "--name-only", "--", repo.folder_relative, check=False)
    except GitError:
        return {}
    latest: dict[str, Commit] = {}
    for record in out.split(_RECORD)[1:]:
        head, _, names = record.partition("\n")
        fields = head.split(_FIELD)
        if len(fields) < 4:
            continue
        for name in names.splitlines():
            if name.strip():
                latest.setdefault(name, Commit(fields[0], fields[1], fields[2], fields[3], name))
    return latest
