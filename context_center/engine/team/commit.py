"""The team folder's changes not committed yet, and one commit of them (and of nothing else).

What a git GUI shows of ``.context-center/memory/``: each file that differs from ``HEAD`` in the
work tree (added, modified, deleted), its diff, who changed it last, and what the pre-commit
check finds in it. The commit checks the files first, as the hook does
(:func:`.staged_check.check_content` on the text that will be committed), then runs
``git commit --only`` on those paths: git commits their work-tree text from an index of its own,
so whatever else the user staged stays staged and stays out of this commit. The user's hooks and
signing run as they would for a commit made in a terminal.

A file the user saw in the list and that changed since (``expected``) refuses the commit: what is
committed is what was shown.
"""
from __future__ import annotations

import difflib
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InvalidInput, RefusedError, RevisionConflict
from ..memory.fact_file import decode_fact_bytes
from ..storage.git_command import GitError, read_git, read_git_bytes, run_git
from ..storage.safe_read import read_regular_bytes
from ..text.counting import counted
from .history import Commit, last_changes
from .repository import NO_GIT_NOTE, TeamRepository
from .staged_check import StagedProblem, check_content

MAX_CHANGES = 2000   # listed at most (a folder of more is committed from a terminal)


class TeamCheckFailed(RefusedError):
    """A team file would be committed with a problem the pre-commit check finds."""

    code = "TEAM_CHECK_FAILED"


@dataclass(frozen=True)
class TeamChange:
    """One file of the team folder whose work-tree text differs from ``HEAD``'s."""

    path: str            # relative to the top of the work tree, as git names it
    state: str           # "added", "modified" or "deleted"
    before: str          # HEAD's text ("" when added)
    after: str           # the work tree's text ("" when deleted)
    digest: str          # of the work tree's bytes ("" when deleted): what ``expected`` names
    last: Commit | None  # the last commit that changed it (None: never committed)
    problems: tuple[StagedProblem, ...]   # what the pre-commit check finds in ``after``

    @property
    def diff(self) -> str:
        """A unified diff from HEAD to the work tree."""
        lines = difflib.unified_diff(self.before.splitlines(keepends=True), self.after.splitlines(keepends=True),
                                     "/dev/null" if self.state == "added" else f"a/{self.path}",
                                     "/dev/null" if self.state == "deleted" else f"b/{self.path}")
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "state": self.state, "digest": self.digest or None, "diff": self.diff,
                "last": None if self.last is None else {"commit": self.last.short, "author": self.last.author,
                                                        "date": self.last.date, "message": self.last.message},
                "problems": [problem.to_json() for problem in self.problems]}


@dataclass(frozen=True)
class TeamCommit:
    commit: str              # the new commit, short
    paths: tuple[str, ...]   # what it holds

    def to_json(self) -> dict[str, Any]:
        return {"commit": self.commit, "paths": list(self.paths)}


NO_IDENTITY = ("git does not know who you are, so it cannot commit: set your name and email once, with "
               "git config --global user.name \"Your Name\" and git config --global user.email you@example.com")


def team_changes(repo: TeamRepository) -> list[TeamChange]:
    """Every file of the team folder whose work-tree text is not ``HEAD``'s, by path."""
    if not repo.available:
        raise InvalidInput(repo.problem or NO_GIT_NOTE)
    top = repo.root
    assert top is not None
    try:
        listed = read_git(["--literal-pathspecs", "status", "--porcelain=v1", "-z", "--no-renames",
                           "--untracked-files=all", "--", repo.folder_relative], top, work_tree=True).stdout.split("\0")
    except GitError as exc:   # (a team folder reached through a link, among others: git will not look)
        raise RefusedError(f"git could not list the team folder's changes: {(exc.stderr or str(exc)).strip()}") \
            from None
    paths = sorted({entry[3:] for entry in listed if len(entry) > 3})
    if len(paths) > MAX_CHANGES:
        raise InvalidInput(f"the team folder has {len(paths):,} changed files; more than {MAX_CHANGES:,} are "
                           "committed from a terminal, where each can be looked at")
    last = last_changes(repo) if paths else {}
    found = []
    for path in paths:
        change = _change(top, path, last.get(path))
        if change is not None:
            found.append(change)
    return found


def _change(top: Path, path: str, last: Commit | None) -> TeamChange | None:
    before_raw = _at_head(top, path)
    after_raw, problems = _in_work_tree(top, path)
    if after_raw == before_raw and not problems:   # staged, then put back as it was: nothing to commit
        return None
    state = "added" if before_raw is None else "deleted" if after_raw is None and not problems else "modified"
    if not problems and after_raw is not None:
        problems = check_content(path, after_raw)
    return TeamChange(path, state, _text(before_raw), _text(after_raw),
                      hashlib.sha256(after_raw).hexdigest() if after_raw is not None else "", last, tuple(problems))


def _at_head(top: Path, path: str) -> bytes | None:
    try:
        return read_git_bytes(["cat-file", "blob", f"HEAD:{path}"], top)
    except GitError:   # not in HEAD (added), or no HEAD yet
        return None


def _in_work_tree(top: Path, path: str) -> tuple[bytes | None, list[StagedProblem]]:
    """The file's bytes (None: gone), or why it cannot be committed (a link, a folder, too large)."""
    where = top / path
    try:
        return read_regular_bytes(where, follow_symlinks=False), []
    except FileNotFoundError:
        return None, []
    except OSError as exc:
        kind = "symlink" if os.path.islink(where) else "unreadable"
        what = "a link (a team fact must be a file of the repository)" if kind == "symlink" else \
            f"not a file that can be read ({exc.strerror or exc})"
        return b"", [StagedProblem(path, None, kind, what)]


def _text(raw: bytes | None) -> str:
    if not raw:
        return ""
    try:
        return decode_fact_bytes(raw)[0]
    except UnicodeDecodeError:
        return raw.decode("utf-8", "replace")


def commit_team_changes(repo: TeamRepository, message: str, expected: dict[str, str] | None = None) -> TeamCommit:
    """Commit every change of the team folder, checked first, with ``message``; nothing else the
    user staged goes in. ``expected``: path → digest of each change as the user saw it (``""`` for a
    deletion); any other change, or one whose text moved since, refuses the commit."""
    message = message.strip()
    if not message:
        raise InvalidInput("a commit needs a message: say what changed in the team's facts")
    changes = team_changes(repo)
    if not changes:
        raise InvalidInput("the team folder has no changes to commit")
    if expected is not None:
        now = {change.path: change.digest for change in changes}
        moved = sorted(path for path in now.keys() | expected.keys() if now.get(path) != expected.get(path))
        if moved:
            raise RevisionConflict(f"{', '.join(moved[:3])}{' …' if len(moved) > 3 else ''} changed since the "
                                   "list was shown; look at the changes again before committing")
    problems = [problem for change in changes for problem in change.problems]
    if problems:
        raise TeamCheckFailed(
            f"the pre-commit check refused {counted(len({p.path for p in problems}), 'file')}: "
            + "; ".join(f"{p.path}{f':{p.line}' if p.line else ''}: {p.reason}" for p in problems[:5])
            + (" …" if len(problems) > 5 else ""), problems=[p.to_json() for p in problems])
    top = repo.root
    assert top is not None
    paths = [change.path for change in changes]
    new = [change.path for change in changes if change.state == "added"]
    if new:   # git commits only paths it knows: the new files are added first (and only they)
        run_git(["--literal-pathspecs", "add", "--", *new], top)
    try:
        run_git(["--literal-pathspecs", "commit", "--only", "--quiet", "-m", message, "--", *paths], top)
    except GitError as exc:
        if new:   # put the index back as it was for the new files
            run_git(["--literal-pathspecs", "rm", "--cached", "--quiet", "--ignore-unmatch", "--", *new], top,
                    check=False)
        said = (exc.stderr or str(exc)).strip()
        if "Author identity unknown" in said or "empty ident name" in said or "unable to auto-detect email" in said:
            raise RefusedError(NO_IDENTITY) from None   # (git's own words run to a dozen lines)
        raise RefusedError(f"git refused the commit: {said}") from None
    commit = run_git(["rev-parse", "--short", "HEAD"], top).stdout.strip()
    return TeamCommit(commit, tuple(paths))
