"""The sync repository: a git dir of its own beside the facts, and the git commands that move them.

The repository is ``<root>/sync.git`` with the state root as its work tree, reached by an explicit
``--git-dir`` and ``--work-tree`` on every call; there is no ``.git`` in the state root and no
tracked ``.gitignore``. git never writes into the state root here: no checkout, merge or reset
runs against it. What comes from the remote is read from git's objects, checked path by path
(travel.py), and written by us (service.py); what goes out is what ``git add`` finds under the
ignore rules of ``info/exclude``, checked by the same rule before it is committed. Hooks, the
file-system monitor and every attribute (filters, line endings, encodings) are switched off for
this repository, whatever the user's configuration says.

Every call goes through :func:`run_git`: the user's git, with their credential helper or SSH
agent; nothing of ours stores a password. Our commits skip hooks and signing (they run in the
background, where neither could ask for anything).
"""
from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..storage.atomic_write import write_atomic
from ..storage.git_command import GitResult, git_bytes, read_git, run_git
from .travel import ATTRIBUTES, EXCLUDE, refusal

BRANCH = "main"
REMOTE = "origin"
REMOTE_REF = f"refs/remotes/{REMOTE}/{BRANCH}"
NETWORK_TIMEOUT = 60.0
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
LEGACY_IGNORE_PATH = ".gitignore"
# The ``.gitignore`` an earlier version kept in the tree and read from the state root. It stays in
# the tree, word for word, for machines still on that version (their checkout keeps ignoring the
# catalog and the index); this version never writes it to disk, never reads it, and never takes a
# remote's change to it.
LEGACY_GITIGNORE = """\
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
_OWN_CONFIG = ("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.autocrlf=false",
               "-c", "core.quotepath=false", "-c", "core.attributesFile=/dev/null", "-c", "commit.gpgsign=false",
               "-c", "merge.renames=false", "-c", "diff.renames=false")
_COMMIT = ["commit", "-q", "--no-verify"]
_BATCH = 2000   # objects per cat-file call


@dataclass(frozen=True)
class Unmerged:
    """A path both sides changed differently: which sides have it (stage 2 = ours, 3 = theirs)."""

    path: str
    stages: frozenset[int]


@dataclass(frozen=True)
class Change:
    """A path one side changed since the merge base: its new mode and blob (``None``: deleted)."""

    path: str
    mode: str
    blob: str | None


class SyncTree:
    """git in the sync repository, with the state root as its work tree."""

    def __init__(self, root: Path, git_dir: Path) -> None:
        self.root = root
        self.git_dir = git_dir
        self._legacy_blob: str | None = None

    def git(self, *args: str, check: bool = True, timeout: float | None = None,
            input_text: str | None = None) -> GitResult:
        # --literal-pathspecs: a path is itself, never a pattern (a project key of "*" matched them all)
        full = ["--git-dir", str(self.git_dir), "--work-tree", str(self.root), "--literal-pathspecs", *_OWN_CONFIG,
                *args]
        if timeout is None:
            return run_git(full, self.root, check=check, input_text=input_text, isolated=True)
        return run_git(full, self.root, check=check, input_text=input_text, timeout=timeout, isolated=True)

    def _bytes(self, *args: str, input_bytes: bytes | None = None) -> bytes:
        return git_bytes(["--git-dir", str(self.git_dir), *_OWN_CONFIG, *args], self.root,
                         input_bytes=input_bytes, isolated=True)

    @property
    def initialised(self) -> bool:
        return self.git_dir.is_dir()

    def remote_url(self) -> str:
        result = self.git("config", "--get", f"remote.{REMOTE}.url", check=False)
        return result.stdout.strip() if result.returncode == 0 else ""

    def init(self, remote: str, machine: str) -> None:
        """Make the sync repository with ``remote`` as ``origin`` (or point ``origin`` at it)."""
        if not self.initialised:
            # no template: a user's init.templateDir could bring hooks
            run_git(["init", "-q", "--bare", "--template=", str(self.git_dir)], self.root, isolated=True)
            self.git("symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
        for key, value in (("core.bare", "false"), ("status.showUntrackedFiles", "no")):
            self.git("config", key, value)
        for key, fallback in (("user.name", f"Context Center ({machine})"),
                              ("user.email", f"context-center@{machine}.invalid")):
            if self.git("config", key, check=False).returncode != 0:   # git needs one to commit
                self.git("config", key, fallback)
        if self.remote_url():
            self.git("remote", "set-url", REMOTE, remote)
        else:
            self.git("remote", "add", REMOTE, remote)
        self.write_rules()

    def write_rules(self) -> None:
        """The ignore rules and the attributes that switch every conversion off, in the repository."""
        for name, text in (("exclude", EXCLUDE), ("attributes", ATTRIBUTES)):
            path = self.git_dir / "info" / name
            with contextlib.suppress(OSError):
                if path.read_text(encoding="utf-8") == text:
                    continue
            write_atomic(path, text)

    def clear_stale_locks(self) -> list[str]:
        """Remove the lock files a killed git left (``index.lock``, ``HEAD.lock``, a ref's lock):
        call it holding the sync lock, under which no other git of ours runs here. Returns them."""
        candidates = [self.git_dir / name for name in _names(self.git_dir) if name.endswith(".lock")]
        for parent, _dirs, files in os.walk(self.git_dir / "refs"):
            candidates += [Path(parent) / name for name in files if name.endswith(".lock")]
        found: list[str] = []
        for path in candidates:
            with contextlib.suppress(OSError):
                path.unlink()
                found.append(str(path.relative_to(self.git_dir)))
        return found

    # local -------------------------------------------------------------------------------------

    def head(self) -> str | None:
        result = self.git("rev-parse", "--verify", "-q", "HEAD", check=False)
        return result.stdout.strip() if result.returncode == 0 else None

    def tree_of(self, ref: str) -> str:
        return self.git("rev-parse", f"{ref}^{{tree}}").stdout.strip()

    def stage(self) -> list[tuple[str, str]]:
        """Stage every change of what travels; returns (path, reason) of each local file left out
        (a symlink, a name no fact has, a file too large)."""
        self.git("add", "-A")
        changed = self._raw_diff(["--cached", self.head() or EMPTY_TREE])
        sizes = self.sizes([c.blob for c in changed.values() if c.blob])
        left = [(path, reason) for path, change in changed.items() if change.blob and path != LEGACY_IGNORE_PATH
                and (reason := refusal(path, change.mode, *sizes.get(change.blob, (None, None))))]
        self.untrack([path for path, _ in left])
        self.keep_legacy_ignore()
        return left

    def untrack(self, paths: list[str]) -> None:
        if paths:
            self.git("rm", "-q", "--cached", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul",
                     input_text="\0".join(paths))

    def keep_legacy_ignore(self) -> None:
        """The tree keeps :data:`LEGACY_GITIGNORE` for earlier versions; it has no file on disk, and
        ``skip-worktree`` tells ``git add -A`` not to take that for a deletion."""
        if self._legacy_blob is None:
            self._legacy_blob = self.git("hash-object", "-w", "--stdin", input_text=LEGACY_GITIGNORE).stdout.strip()
        staged = self.git("ls-files", "-s", "-v", "--", LEGACY_IGNORE_PATH).stdout.split()
        # ``-v`` marks a skip-worktree entry with "S": "S 100644 <blob> 0 .gitignore"
        if staged[:3] != ["S", "100644", self._legacy_blob]:
            self.git("update-index", "--add", "--cacheinfo", f"100644,{self._legacy_blob},{LEGACY_IGNORE_PATH}")
            self.git("update-index", "--skip-worktree", LEGACY_IGNORE_PATH)

    def legacy_blob(self) -> str:
        self.keep_legacy_ignore()
        assert self._legacy_blob is not None
        return self._legacy_blob

    def commit_all(self, message: str) -> tuple[bool, list[tuple[str, str]]]:
        """Stage and commit what travels; returns whether there was anything, and what was left out."""
        left = self.stage()
        head = self.head()
        if head is not None and self.git("diff", "--cached", "--quiet", check=False).returncode == 0:
            return False, left
        if head is None and self.git("ls-files").stdout.strip() in ("", LEGACY_IGNORE_PATH):
            return False, left
        self.git(*_COMMIT, "-m", message)
        return True, left

    def record_merge(self, remote: str, message: str) -> None:
        """Commit the staged tree as the merge of HEAD and ``remote``; when it is exactly the remote's
        tree and HEAD is behind it, move HEAD there instead (a fast-forward, without a commit)."""
        tree = self.git("write-tree").stdout.strip()
        head = self.head()
        if (head is None or self.is_ancestor(head, remote)) and tree == self.tree_of(remote):
            self.git("update-ref", "HEAD", remote)
            return
        parents = ["-p", head] if head is not None else []
        commit = self.git("commit-tree", tree, *parents, "-p", remote, "-m", message).stdout.strip()
        self.git("update-ref", "HEAD", commit)

    def changed_files(self, before: str | None, after: str | None) -> list[str]:
        if after is None or before == after:
            return []
        out = self.git("diff", "--name-only", "-z", "--no-renames", before or EMPTY_TREE, after).stdout
        return [p for p in out.split("\0") if p]

    # the remote ----------------------------------------------------------------------------------

    def reachable(self, remote: str) -> str | None:
        """None when ``remote`` answers as a git repository; else git's reason."""
        result = run_git(["ls-remote", "--heads", remote], self.root, check=False, timeout=NETWORK_TIMEOUT,
                         isolated=True)
        return None if result.returncode == 0 else (result.stderr.strip() or f"exit status {result.returncode}")

    def fetch(self) -> None:
        """Raises :class:`GitError` when the remote cannot be reached (or refuses us)."""
        # --prune: a branch deleted on the remote is gone here too, so the next push puts it back.
        # No fsck of what arrives, whatever the user's transfer.fsckObjects says: it refuses a tree
        # with a ".." entry, so one hostile push would stop every later sync; nothing here checks a
        # tree out, and travel.py checks each path before anything is written.
        self.git("-c", "fetch.fsckObjects=false", "-c", "transfer.fsckObjects=false", "fetch", "-q", "--prune",
                 "--no-tags", "--no-recurse-submodules", REMOTE, check=True, timeout=NETWORK_TIMEOUT)

    def remote_head(self) -> str | None:
        result = self.git("rev-parse", "--verify", "-q", REMOTE_REF, check=False)
        return result.stdout.strip() if result.returncode == 0 else None

    def push(self) -> GitResult:
        return self.git("push", "-q", "--porcelain", "--no-recurse-submodules", REMOTE,
                        f"HEAD:refs/heads/{BRANCH}", check=False, timeout=NETWORK_TIMEOUT)

    def point_local_remote_head(self) -> None:
        """A remote that is a repository on this machine, whose HEAD names a branch it does not have
        (``git init --bare`` names ``master``), is pointed at ours: a plain clone of it then checks
        the facts out instead of nothing. A remote elsewhere keeps its HEAD (its host sets it)."""
        url = self.remote_url()
        local = url[len("file://"):] if url.startswith("file://") else url
        if not os.path.isabs(local) or not os.path.isdir(local):
            return
        remote = Path(local)
        answer = read_git(["--git-dir", str(remote), "symbolic-ref", "-q", "HEAD"], self.root, check=False)
        named = answer.stdout.strip()
        if answer.returncode != 0 or named == f"refs/heads/{BRANCH}":
            return
        if read_git(["--git-dir", str(remote), "rev-parse", "-q", "--verify", f"{named}^{{commit}}"], self.root,
                    check=False).returncode == 0:
            return   # its HEAD names a branch it has: the remote's owner chose it
        run_git(["--git-dir", str(remote), "symbolic-ref", "HEAD", f"refs/heads/{BRANCH}"], self.root, check=False,
                isolated=True)

    def ahead(self) -> bool:
        """Has HEAD commits the remote branch lacks?"""
        head, remote = self.head(), self.remote_head()
        if head is None:
            return False
        return remote is None or not self.is_ancestor(head, remote)

    # reading git's objects ---------------------------------------------------------------------------

    def is_ancestor(self, older: str, newer: str) -> bool:
        return self.git("merge-base", "--is-ancestor", older, newer, check=False).returncode == 0

    def merge_base(self, one: str, other: str) -> str | None:
        found = self.git("merge-base", one, other, check=False).stdout.strip()
        return found or None

    def changes(self, base: str | None, ref: str) -> dict[str, Change]:
        """Every path ``ref`` changed since ``base`` (None: since nothing), with its new mode and blob."""
        return self._raw_diff([base or EMPTY_TREE, ref])

    def _raw_diff(self, revisions: list[str]) -> dict[str, Change]:
        out = self.git("diff", "--no-renames", "--raw", "-z", "--no-abbrev", *revisions).stdout.split("\0")
        found: dict[str, Change] = {}
        for info, path in zip(out[0::2], out[1::2]):
            if info.startswith(":"):
                _old_mode, mode, _old, blob, status = info[1:].split()[:5]
                found[path] = Change(path, mode, None if status.startswith("D") else blob)
        return found

    def sizes(self, objects: list[str]) -> dict[str, tuple[str, int]]:
        """object → (its type, its size in bytes), for each of ``objects`` git has (a tree entry of a
        file's mode may name a commit or a tree: its type says so)."""
        found: dict[str, tuple[str, int]] = {}
        unique = list(dict.fromkeys(objects))
        for start in range(0, len(unique), _BATCH):
            chunk = unique[start:start + _BATCH]
            out = self.git("cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)",
                           input_text="\n".join(chunk) + "\n").stdout
            for line in out.splitlines():
                parts = line.split()
                if len(parts) == 3 and parts[2].isdigit():
                    found[parts[0]] = (parts[1], int(parts[2]))
        return found

    def blobs(self, blobs: list[str]) -> dict[str, bytes]:
        """blob → its bytes (one ``cat-file --batch`` per thousands of files, not a process each).
        The caller bounds how many bytes one call asks for."""
        found: dict[str, bytes] = {}
        unique = list(dict.fromkeys(blobs))
        for start in range(0, len(unique), _BATCH):
            chunk = unique[start:start + _BATCH]
            out = self._bytes("cat-file", "--batch", input_bytes=("\n".join(chunk) + "\n").encode())
            at = 0
            while at < len(out):
                end = out.index(b"\n", at)
                header = out[at:end].split()
                at = end + 1
                if len(header) != 3:   # "<name> missing"
                    continue
                size = int(header[2])
                found[header[0].decode()] = out[at:at + size]
                at += size + 1
        return found

    def show(self, ref: str, path: str) -> str | None:
        result = self.git("show", f"{ref}:{path}", check=False)
        return result.stdout if result.returncode == 0 else None

    def list_files(self, ref: str, folder: str) -> list[str]:
        out = self.git("ls-tree", "-r", "-z", "--name-only", ref, "--", folder + "/").stdout
        return [p for p in out.split("\0") if p]

    def files_containing(self, ref: str, needle: str, folder: str) -> list[str]:
        """The ``*.md`` files right inside ``folder`` (no deeper) in ``ref`` whose text holds ``needle``."""
        result = self.git("grep", "-l", "-z", "-F", "-e", needle, ref, "--", folder + "/", check=False)
        prefix, inside = f"{ref}:", folder + "/"
        found = [name[len(prefix):] if name.startswith(prefix) else name for name in result.stdout.split("\0") if name]
        return [path for path in found if path.startswith(inside) and "/" not in path[len(inside):]
                and path.endswith(".md")]

    def machine_of(self, ref: str, path: str) -> str:
        """The ``Machine:`` trailer of the last commit of ``ref`` that touched ``path``."""
        out = self.git("log", "-1", "--format=%B", ref, "--", path, check=False).stdout
        found = re.findall(r"^Machine: (\S+)$", out, re.MULTILINE)
        return found[-1] if found else ""

    def tracked(self) -> list[tuple[str, str]]:
        """(mode, path) of every file in the index."""
        out = self.git("ls-files", "-s", "-z").stdout.split("\0")
        found = []
        for entry in out:
            if "\t" in entry:
                info, path = entry.split("\t", 1)
                found.append((info.split()[0], path))
        return found


def _names(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []
