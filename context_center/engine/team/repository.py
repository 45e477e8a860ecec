"""The git repository holding the team folder, found once, and the few questions asked of it."""
from __future__ import annotations

import os
from pathlib import Path

from ..storage.git_command import GitError, read_git, repository_root

NO_GIT_NOTE = ("the team folder is not in a git repository (or git is not installed): its facts work as plain "
               "files, and their history is just the current file")


class TeamRepository:
    """``folder`` (the team scope's) in the work tree of the repository that holds ``workspace``."""

    def __init__(self, workspace: Path, folder: Path) -> None:
        self.workspace, self.folder = workspace, folder
        self._root: Path | None = None
        self._looked = False

    @property
    def root(self) -> Path | None:
        """The work tree's top, or None without git or outside a repository (looked up once)."""
        if not self._looked:
            self._root = repository_root(self.workspace)
            self._looked = True
        return self._root

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
        assert self.root is not None
        return read_git(list(args), self.root, check=check, work_tree=work_tree).stdout

    def show(self, commit: str, relative: str) -> str | None:
        """The file's text at ``commit``, or None when that commit has no such file."""
        assert self.root is not None
        result = read_git(["show", f"{commit}:{relative}"], self.root, check=False)
        return result.stdout if result.returncode == 0 else None

    def short(self, commit: str) -> str | None:
        """``commit`` resolved to a short hash, or None when it names no commit."""
        assert self.root is not None
        result = read_git(["rev-parse", "--short", "--verify", "--quiet", f"{commit}^{{commit}}"], self.root,
                         check=False)
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
