"""Which repository a workspace's work tree belongs to, and which of its worktrees it is.

``git worktree add`` makes a folder whose ``.git`` is a file, ``gitdir: <common>/worktrees/<name>``;
that folder (the worktree's own git dir) holds ``commondir`` (the repository's common git dir,
relative to it) and ``gitdir`` (git's pointer back to the worktree's ``.git`` file). Read here
without running git (three small files: the hook pays for this on every prompt):

* the main worktree (``.git`` a folder) is its own repository, named ``main``;
* a linked worktree belongs to the folder holding its common dir (``<main>/.git``), or to the
  common dir itself for a bare repository's worktrees; named as git names it;
* a linked worktree whose pointers do not hold (the main checkout moved, the worktree moved, or a
  ``.git`` file that names another repository's worktree without that worktree pointing back: a
  downloaded folder must not read another project's memory) is its own repository, with the
  problem said: ``git worktree repair`` mends it;
* a ``.git`` file without ``commondir`` (a submodule, ``--separate-git-dir``) is its own repository.

The branch is read from the worktree's ``HEAD`` each time it is asked (a checkout changes it).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .safe_read import read_regular_bytes

MAIN = "main"               # the name of a repository's main worktree, as a fact's limit says it
_SMALL = 64 * 1024          # a pointer file is one line


@dataclass(frozen=True)
class Worktree:
    path: Path               # the work tree's top folder (the one holding ``.git``)
    name: str                # ``main``, or git's name for a linked worktree
    repository: Path         # whose project folder it uses: the main worktree's path (bare: the common dir)
    git_dir: Path | None     # where its HEAD is (None: no usable git dir)
    common_dir: Path | None  # the repository's common git dir (None: unknown)
    problem: str = ""        # why it falls back to its own path, in words

    @property
    def linked(self) -> bool:
        return self.name != MAIN


def _line(path: Path) -> str | None:
    try:
        return read_regular_bytes(path, _SMALL).decode("utf-8", "surrogateescape").strip()
    except (OSError, ValueError):
        return None


def _absolute(text: str, relative_to: Path) -> Path:
    return Path(os.path.normpath(os.path.join(relative_to, text)))


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def locate(start: Path) -> Worktree | None:
    """The work tree holding ``start`` (the nearest folder up from it with a ``.git``); None when
    there is none."""
    here = Path(os.path.abspath(start))
    for folder in (here, *here.parents):
        dot_git = folder / ".git"
        try:
            if dot_git.is_dir():
                return Worktree(folder, MAIN, folder, dot_git, dot_git)
            if dot_git.exists():
                return _linked(folder, dot_git)
        except OSError:
            continue
    return None


def _linked(folder: Path, dot_git: Path) -> Worktree:
    alone = Worktree(folder, MAIN, folder, None, None)
    text = _line(dot_git)
    if text is None or not text.startswith("gitdir:"):
        return Worktree(folder, MAIN, folder, None, None, f"{dot_git} is not a git pointer (gitdir: …)")
    git_dir = _absolute(text[len("gitdir:"):].strip(), folder)
    if not git_dir.is_dir():
        return Worktree(folder, git_dir.name or MAIN, folder, None, None,
                        f"its git dir {git_dir} is gone (the main checkout moved?): run `git worktree repair` "
                        "in the main checkout, or here with the main checkout's path")
    common_text = _line(git_dir / "commondir")
    if common_text is None:   # a submodule, or a separate git dir: a repository of its own
        return Worktree(folder, MAIN, folder, git_dir, git_dir)
    common = _absolute(common_text, git_dir)
    back = _line(git_dir / "gitdir")
    if back is None or not _same(_absolute(back, git_dir), dot_git) or git_dir.parent.name != "worktrees" \
            or not _same(git_dir.parent.parent, common):
        return Worktree(folder, git_dir.name, folder, git_dir, common,
                        f"{git_dir} does not point back to this worktree (it moved?): run `git worktree repair` here")
    repository = common.parent if common.name == ".git" else common
    if not repository.is_dir():
        return alone
    return Worktree(folder, git_dir.name, repository, git_dir, common)


def branch(tree: Worktree | None) -> str | None:
    """The branch checked out in ``tree`` (``feature/x``); None for a detached HEAD or no git."""
    if tree is None or tree.git_dir is None:
        return None
    head = _line(tree.git_dir / "HEAD")
    if head is None or not head.startswith("ref:"):
        return None
    ref = head[len("ref:"):].strip()
    return ref[len("refs/heads/"):] if ref.startswith("refs/heads/") else None


def names(tree: Worktree | None) -> frozenset[str] | None:
    """The names of the repository's worktrees (``main`` among them unless it is bare), as git keeps
    them; None when they cannot be read."""
    if tree is None or tree.common_dir is None:
        return None
    found = set()
    if tree.common_dir.name == ".git" or (tree.common_dir / "index").exists():
        found.add(MAIN)
    try:
        with os.scandir(tree.common_dir / "worktrees") as entries:
            found.update(entry.name for entry in entries if entry.is_dir(follow_symlinks=False))
    except FileNotFoundError:
        pass
    except OSError:
        return None
    return frozenset(found)
