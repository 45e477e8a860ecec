"""The git repository holding the team folder, found once, and the few questions asked of it."""
from __future__ import annotations

import os
import time
from pathlib import Path

from ..storage.git_command import READ_TIMEOUT_SECONDS, GitError, GitResult, read_git, repository_root

# After git gave no answer in time, it is not asked again for this long: a summary whose first
# question hung says so and goes on, instead of waiting that long again for each further question.
STALL_SECONDS = 60.0

NO_GIT_NOTE = ("the team folder is not in a git repository (or git is not installed): its facts work as plain "
               "files, and their history is just the current file")


class TeamRepository:
    """``folder`` (the team scope's) in the work tree of the repository that holds ``workspace``."""

    def __init__(self, workspace: Path, folder: Path) -> None:
        self.workspace, self.folder = workspace, folder
        self._root: Path | None = None
        self._looked = False
        self._stalled_until = 0.0
        self.problem = ""   # why git's word is missing (it did not answer in time), "" when it is not

    @property
    def root(self) -> Path | None:
        """The work tree's top, or None without git or outside a repository (looked up once; not at
        all while git is stalled)."""
        if not self._looked:
            if self.stalled:
                return None
            try:
                self._root = repository_root(self.workspace)
            except GitError as exc:   # (a timeout: its config includes a FIFO, a file on a hung mount)
                self._stall(exc)
                return None
            self._looked = True
        return self._root

    @property
    def stalled(self) -> bool:
        """Whether git gave no answer in time a moment ago (it is then not asked)."""
        return time.monotonic() < self._stalled_until

    def _stall(self, exc: GitError) -> None:
        if exc.timed_out:
            self._stalled_until = time.monotonic() + STALL_SECONDS
            self.problem = (f"git did not answer within {READ_TIMEOUT_SECONDS:.0f} s in {self.workspace}; "
                            "the team's git status is unavailable")

    def _read(self, args: list[str], *, check: bool, work_tree: bool = False) -> GitResult:
        """A question that only reads (nothing the repository's configuration names runs), bounded."""
        assert self.root is not None
        if self.stalled:
            raise GitError(self.problem, timed_out=True)
        try:
            return read_git(args, self.root, check=check, work_tree=work_tree)
        except GitError as exc:
            self._stall(exc)
            raise

    @property
    def available(self) -> bool:
        return self.root is not None

    def relative(self, path: Path) -> str:
        """``path`` as git names it: relative to the work tree's top, with ``/``."""
        assert self.root is not None
        real = Path(os.path.realpath(path.parent)) / path.name
        return real.relative_to(os.path.realpath(self.root)).as_posix()

    @property
    def folder_relative(self) -> str:
        assert self.root is not None
        real = Path(os.path.realpath(self.folder)) if self.folder.exists() else \
            Path(os.path.realpath(self.folder.parent)) / self.folder.name
        return real.relative_to(os.path.realpath(self.root)).as_posix()

    def git(self, *args: str, check: bool = True, work_tree: bool = False) -> str:
        """A question that only reads (nothing the repository's configuration names runs)."""
        return self._read(list(args), check=check, work_tree=work_tree).stdout

    def show(self, commit: str, relative: str) -> str | None:
        """The file's text at ``commit``, or None when that commit has no such file."""
        result = self._read(["show", f"{commit}:{relative}"], check=False)
        return result.stdout if result.returncode == 0 else None

    def short(self, commit: str) -> str | None:
        """``commit`` resolved to a short hash, or None when it names no commit."""
        result = self._read(["rev-parse", "--short", "--verify", "--quiet", f"{commit}^{{commit}}"], check=False)
        return result.stdout.strip() or None if result.returncode == 0 else None

    def uncommitted(self, relative: str | None = None) -> dict[str, str]:
        """Work-tree path → git's two-letter status, for what differs from HEAD under ``relative``
        (default: the team folder). Renames are listed under their new name."""
        where = relative or self.folder_relative
        try:
            out = self.git("status", "--porcelain=v1", "-z", "--untracked-files=all", "--", where, work_tree=True)
        except GitError:
            return {}
        found: dict[str, str] = {}
        fields = out.split("\0")
        index = 0
        while index < len(fields):
            entry = fields[index]
            index += 1
            if len(entry) < 4:
                continue
            code, path = entry[:2], entry[3:]
            if code[0] in "RC":
                index += 1   # the old name follows
            found[path] = code
        return found
