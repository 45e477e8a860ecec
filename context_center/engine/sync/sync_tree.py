"""The state root as a git working tree: what travels, and the git commands that move it.

What travels (``.gitignore`` below): both personal scopes' fact folders — ``memory/global`` and
``projects/*/memory`` with their ``.archive`` and ``.revisions`` — and each project folder's
``repository.json``. Not the catalog, the search index, the lock, temp files, the user-global
instruction files, anything else of another tool in ``projects/<key>/``, nor ``MEMORY.md``: it
is derived from the facts and rewritten by every write, so two machines would conflict on it at
every sync; each machine rebuilds its own after a pull (hand-written lines in it stay local).

Every call goes through :func:`run_git`: the user's git, with their credential helper or SSH
agent; nothing of ours stores a password. Our commits skip hooks and signing (they run in the
background, where neither could ask for anything).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..storage.atomic_write import write_atomic
from ..storage.git_command import GitResult, run_git

BRANCH = "main"
REMOTE = "origin"
REMOTE_REF = f"refs/remotes/{REMOTE}/{BRANCH}"
NETWORK_TIMEOUT = 60.0
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
GITIGNORE = """\
# Context Center sync: only the personal facts travel (see the README, "Teams and several machines").
/*
!/.gitignore
!/memory/
/memory/*
!/memory/global/
!/projects/
/projects/*/*
!/projects/*/memory/
!/projects/*/repository.json
MEMORY.md
.atomic-*.tmp
*.tmp
"""
_COMMIT = ["-c", "commit.gpgsign=false", "commit", "-q", "--no-verify"]


@dataclass(frozen=True)
class Unmerged:
    """A path git could not merge: which sides have it (stage 2 = ours, 3 = theirs)."""

    path: str
    stages: frozenset[int]


class SyncTree:
    """git in the state root."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def git(self, *args: str, check: bool = True, timeout: float | None = None) -> GitResult:
        if timeout is None:
            return run_git(list(args), self.root, check=check)
        return run_git(list(args), self.root, check=check, timeout=timeout)

    @property
    def initialised(self) -> bool:
        return (self.root / ".git").is_dir()

    def remote_url(self) -> str:
        result = self.git("remote", "get-url", REMOTE, check=False)
        return result.stdout.strip() if result.returncode == 0 else ""

    def init(self, remote: str, machine: str) -> None:
        """Make the root a work tree with ``remote`` as ``origin`` (or point ``origin`` at it)."""
        if not self.initialised:
            self.git("init", "-q")
            self.git("symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
        for key, value in (("core.autocrlf", "false"), ("core.quotepath", "false"), ("merge.renames", "false")):
            self.git("config", key, value)
        for key, fallback in (("user.name", f"Context Center ({machine})"),
                              ("user.email", f"context-center@{machine}.invalid")):
            if self.git("config", key, check=False).returncode != 0:   # git needs one to commit
                self.git("config", key, fallback)
        if self.remote_url():
            self.git("remote", "set-url", REMOTE, remote)
        else:
            self.git("remote", "add", REMOTE, remote)
        gitignore = self.root / ".gitignore"
        if not gitignore.exists() or gitignore.read_text(encoding="utf-8", errors="replace") != GITIGNORE:
            write_atomic(gitignore, GITIGNORE)

    # local -------------------------------------------------------------------------------------

    def head(self) -> str | None:
        result = self.git("rev-parse", "--verify", "-q", "HEAD", check=False)
        return result.stdout.strip() if result.returncode == 0 else None

    def commit_all(self, message: str) -> bool:
        """Stage every change of what travels and commit it; returns whether there was any."""
        self.git("add", "-A")
        if self.head() is not None and self.git("diff", "--cached", "--quiet", check=False).returncode == 0:
            return False
        if self.head() is None and not self.git("ls-files").stdout.strip():
            return False
        self.git(*_COMMIT, "-m", message)
        return True

    def changed_files(self, before: str | None, after: str | None) -> list[str]:
        if after is None or before == after:
            return []
        out = self.git("diff", "--name-only", "-z", "--no-renames", before or EMPTY_TREE, after).stdout
        return [p for p in out.split("\0") if p]

    # the remote ----------------------------------------------------------------------------------

    def reachable(self, remote: str) -> str | None:
        """None when ``remote`` answers as a git repository; else git's reason."""
        result = run_git(["ls-remote", "--heads", remote], self.root, check=False, timeout=NETWORK_TIMEOUT)
        return None if result.returncode == 0 else (result.stderr.strip() or f"exit status {result.returncode}")

    def fetch(self) -> None:
        """Raises :class:`GitError` when the remote cannot be reached (or refuses us)."""
        self.git("fetch", "-q", "--no-tags", REMOTE, check=True, timeout=NETWORK_TIMEOUT)

    def remote_head(self) -> str | None:
        result = self.git("rev-parse", "--verify", "-q", REMOTE_REF, check=False)
        return result.stdout.strip() if result.returncode == 0 else None

    def push(self) -> GitResult:
        return self.git("push", "-q", "--porcelain", REMOTE, f"HEAD:refs/heads/{BRANCH}", check=False,
                        timeout=NETWORK_TIMEOUT)

    def ahead(self) -> bool:
        """Has HEAD commits the remote branch lacks?"""
        head, remote = self.head(), self.remote_head()
        if head is None:
            return False
        return remote is None or self.git("merge-base", "--is-ancestor", head, remote, check=False).returncode != 0

    # merging -------------------------------------------------------------------------------------

    def is_ancestor(self, older: str, newer: str) -> bool:
        return self.git("merge-base", "--is-ancestor", older, newer, check=False).returncode == 0

    def fast_forward(self, target: str) -> None:
        self.git("merge", "-q", "--ff-only", target)

    def start_merge(self, target: str) -> list[Unmerged]:
        """Merge ``target`` path by path, without committing; returns the paths both sides changed
        differently (left as ours in the work tree, for :mod:`.fact_merge` to settle).

        Not git's content merge: it follows renames by similarity (even with ``no-renames`` in
        git 2.39's ort), so a fact forgotten here (moved into ``.archive/``) and edited there came
        out as an edited archive entry with the fact gone. A path changed on one side only takes
        that side; a path both changed alike is merged; every other is the caller's."""
        base = self.git("merge-base", "HEAD", target, check=False).stdout.strip() or EMPTY_TREE
        ours, theirs = self._changes(base, "HEAD"), self._changes(base, target)
        self.git("merge", "-q", "--no-commit", "--allow-unrelated-histories", "-s", "ours", target)
        take: list[str] = []
        drop: list[str] = []
        unmerged: list[Unmerged] = []
        for path, blob in sorted(theirs.items()):
            if path not in ours:
                (take if blob else drop).append(path)
            elif ours[path] != blob:
                stages = ({2} if ours[path] else set()) | ({3} if blob else set())
                unmerged.append(Unmerged(path, frozenset(stages)))
        if take:
            run_git(["checkout", target, "--pathspec-from-file=-", "--pathspec-file-nul"], self.root,
                    input_text="\0".join(take))
        if drop:
            run_git(["rm", "-q", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"], self.root,
                    input_text="\0".join(drop))
        return unmerged

    def _changes(self, base: str, ref: str) -> dict[str, str | None]:
        """path → its blob in ``ref`` (None: deleted) for every path ``ref`` changed since ``base``."""
        out = self.git("diff", "--no-renames", "--raw", "-z", "--no-abbrev", base, ref).stdout.split("\0")
        changes: dict[str, str | None] = {}
        for info, path in zip(out[0::2], out[1::2]):
            if info.startswith(":"):
                fields = info[1:].split()
                changes[path] = None if fields[4].startswith("D") else fields[3]
        return changes

    def finish_merge(self, message: str) -> None:
        self.git("add", "-A")
        self.git(*_COMMIT, "-m", message)

    def abort_merge(self) -> None:
        self.git("merge", "--abort", check=False)

    # reading either side -------------------------------------------------------------------------

    def show(self, ref: str, path: str) -> str | None:
        result = self.git("show", f"{ref}:{path}", check=False)
        return result.stdout if result.returncode == 0 else None

    def list_files(self, ref: str, folder: str) -> list[str]:
        out = self.git("ls-tree", "-r", "-z", "--name-only", ref, "--", folder + "/").stdout
        return [p for p in out.split("\0") if p]

    def files_containing(self, ref: str, needle: str, pattern: str) -> list[str]:
        """Paths in ``ref`` matching the glob ``pattern`` whose text holds ``needle``."""
        result = self.git("grep", "-l", "-F", "-e", needle, ref, "--", f":(glob){pattern}", check=False)
        prefix = f"{ref}:"
        return [line[len(prefix):] if line.startswith(prefix) else line
                for line in result.stdout.splitlines() if line]

    def machine_of(self, ref: str, path: str) -> str:
        """The ``Machine:`` trailer of the last commit of ``ref`` that touched ``path``."""
        out = self.git("log", "-1", "--format=%B", ref, "--", path, check=False).stdout
        found = re.findall(r"^Machine: (\S+)$", out, re.MULTILINE)
        return found[-1] if found else ""
