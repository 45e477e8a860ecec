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
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from .safe_read import read_regular_bytes

MAIN = "main"               # the name of a repository's main worktree, as a fact's limit says it
_SMALL = 64 * 1024          # a pointer file is one line


@dataclass(frozen=True)
class Worktree:
    path: Path               # the work tree's top folder (the one holding ``.git``)
    name: str                # ``main`` for the main worktree, or git's name for a linked one (which may be main too)
    repository: Path         # whose project folder it uses: the main worktree's path (bare: the common dir)
    git_dir: Path | None     # where its HEAD is (None: no usable git dir)
    common_dir: Path | None  # the repository's common git dir (None: unknown)
    problem: str = ""        # why it falls back to its own path, in words
    linked: bool = False     # a linked worktree (``git worktree add``) whose pointers hold


def _line(path: Path) -> str | None:
    """A pointer file's text: a regular file, not a symlink, small."""
    try:
        return read_regular_bytes(path, _SMALL, follow_symlinks=False).decode("utf-8", "surrogateescape").strip()
    except (OSError, ValueError):
        return None


def _absolute(text: str, relative_to: Path) -> Path:
    return Path(os.path.normpath(os.path.join(relative_to, text)))


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):   # (a NUL in a path written into a pointer file)
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def shown(text: object) -> str:
    """A path or text read from a pointer file, as a diagnostic may print it: one line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text))


def locate(start: Path) -> Worktree | None:
    """The work tree holding ``start`` (the nearest folder up from it with a ``.git``); None when
    there is none. A ``.git`` that cannot be read ends the search there (it is that folder's)."""
    here = Path(os.path.abspath(start))
    for folder in (here, *here.parents):
        dot_git = folder / ".git"
        try:
            found = os.lstat(dot_git)
        except FileNotFoundError:
            continue
        except (OSError, ValueError):
            return Worktree(folder, MAIN, folder, None, None, f"{shown(dot_git)} cannot be read")
        if stat.S_ISDIR(found.st_mode):
            return Worktree(folder, MAIN, folder, dot_git, dot_git)
        if stat.S_ISLNK(found.st_mode):
            if _is_dir(dot_git):   # a main checkout whose git dir lives elsewhere: its own, as before
                return Worktree(folder, MAIN, folder, dot_git, dot_git)
            return Worktree(folder, MAIN, folder, None, None, f"{shown(dot_git)} is a symlink; not followed")
        return _linked(folder, dot_git)
    return None


def _linked(folder: Path, dot_git: Path) -> Worktree:
    text = _line(dot_git)
    if text is None or not text.startswith("gitdir:"):
        return Worktree(folder, MAIN, folder, None, None, f"{shown(dot_git)} is not a git pointer (gitdir: …)")
    git_dir = _absolute(text[len("gitdir:"):].strip(), folder)
    if not _is_dir(git_dir):
        return Worktree(folder, shown(git_dir.name) or MAIN, folder, None, None,
                        f"its git dir {shown(git_dir)} is gone (the main checkout moved?): run `git worktree repair` "
                        "in the main checkout, or here with the main checkout's path")
    common_text = _line(git_dir / "commondir")
    if common_text is None:   # a submodule, or a separate git dir: a repository of its own
        return Worktree(folder, MAIN, folder, git_dir, git_dir)
    common = _absolute(common_text, git_dir)
    back = _line(git_dir / "gitdir")
    if back is None or not _same(_absolute(back, git_dir), dot_git) or git_dir.parent.name != "worktrees" \
            or not _same(git_dir.parent.parent, common):
        return Worktree(folder, git_dir.name, folder, git_dir, common,
                        f"{shown(git_dir)} does not point back to this worktree (it moved?): run "
                        "`git worktree repair` here")
    repository, problem = _main_worktree(common)
    if repository is None:
        return Worktree(folder, git_dir.name, folder, git_dir, common, problem)
    return Worktree(folder, git_dir.name, repository, git_dir, common, linked=True)


_CORE_KEY = re.compile(r"^\s*(bare|worktree)\s*=\s*(.*?)\s*$", re.IGNORECASE)


def _main_worktree(common: Path) -> tuple[Path | None, str]:
    """The repository's main worktree for a common git dir: ``<main>/.git``'s folder; a bare
    repository is its own; else ``core.worktree`` (a submodule's), and when none says, unknown."""
    if common.name == ".git":
        return (common.parent, "") if _is_dir(common.parent) else (None, f"{shown(common.parent)} is gone")
    bare, worktree, in_core = False, None, False
    for line in (_line(common / "config") or "").splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            in_core = stripped.lower().startswith("[core]")
            continue
        match = _CORE_KEY.match(line) if in_core else None
        if match is not None and match.group(1).lower() == "bare":
            bare = match.group(2).strip('"').lower() in ("true", "yes", "on", "1")
        elif match is not None:
            worktree = match.group(2).strip('"')
    if bare:
        return common, ""
    if worktree:
        main = _absolute(worktree, common)
        if _is_dir(main):
            return main, ""
    return None, (f"the main checkout of {shown(common)} cannot be told (its git dir lives apart from it): "
                  "this worktree uses its own project folder")


def branch(tree: Worktree | None) -> str | None:
    """The branch checked out in ``tree`` (``feature/x``); during a rebase, the branch being
    rebased; None for a detached HEAD, no git, or a HEAD that does not say (a reftable repository)."""
    if tree is None or tree.git_dir is None:
        return None
    head = _line(tree.git_dir / "HEAD")
    if head is None:
        return None
    if not head.startswith("ref:"):
        for folder in ("rebase-merge", "rebase-apply"):   # git detaches HEAD while it rebases a branch
            name = _line(tree.git_dir / folder / "head-name")
            if name and name.startswith("refs/heads/"):
                return name[len("refs/heads/"):]
        return None
    ref = head[len("ref:"):].strip()
    if ref == "refs/heads/.invalid":   # reftable's stub: the branch is in the tables, which are not read here
        return None
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
