"""Where everything lives. The only module that knows locations on disk.

Layout (Reasonix's, so an existing ``~/.reasonix`` opens as is)::

    <root>/REASONIX.md, AGENTS.md, CLAUDE.md      user-global instructions
    <root>/memory/global/<name>.md                global facts
    <root>/projects/<project-key>/memory/<name>.md  project facts
    <dir>/.archive/<UTC stamp>-<name>.md          forgotten facts
    <dir>/.revisions/<id>/<000000001>.md          earlier revisions
    <dir>/MEMORY.md                               derived index
    <root>/catalog.sqlite                         SQLAlchemy catalog
    <root>/index/                                 Whoosh index
    <root>/sync.git/                              the sync repository (the root is its work tree)
    <workspace>/.context-center/memory/<name>.md  team facts (committed with the code; history is git's)
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from . import worktrees
from .user_config import HOME_ENV, choose_state_root

# In precedence order: a personal project fact overrides a team fact, which overrides a global one.
SCOPES = ("project", "team", "global")
TEAM = "team"
TEAM_FOLDER = (".context-center", "memory")   # under the workspace, committed with the code


def versioned_by_git(scope: str) -> bool:
    """Is this scope's history git's (the team scope: no ``.revisions/``, ``.archive/`` or ``MEMORY.md``
    of ours in the repository)?"""
    return scope == TEAM


def default_state_root() -> Path:
    """The state root when none is given: ``$CONTEXT_CENTER_HOME``, else the user's config file's
    ``state_root``, else the platform's user data directory (user_config.py)."""
    return choose_state_root(None).path


def reasonix_state_roots() -> list[Path]:
    """Reasonix state roots on this machine: ``~/.reasonix``, then ``reasonix`` under the platform's
    config directory; those that exist."""
    import platformdirs  # deferred: only the window asks

    candidates = [Path.home() / ".reasonix", Path(platformdirs.user_config_dir("reasonix", appauthor=False))]
    return [path for path in dict.fromkeys(candidates) if path.is_dir()]


def state_root_from_environment() -> bool:
    """Was the state root chosen by ``$CONTEXT_CENTER_HOME``?"""
    return bool(os.environ.get(HOME_ENV))


def resolve_state_root(state_root: str | os.PathLike[str] | None) -> Path:
    """``state_root`` made absolute; None means the default. An empty one is refused rather than
    silently taken for the default (``--state-root "$UNSET_VARIABLE"`` must not open the real store)."""
    return choose_state_root(state_root).path


def detect_workspace(start: str | os.PathLike[str] | None = None) -> Path:
    """The nearest ancestor of ``start`` (default: cwd) holding ``.git``, else ``start``."""
    here = Path(os.path.abspath(start or os.getcwd()))
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def repository_of(workspace: Path) -> Path | None:
    """The main worktree's path when ``workspace`` is in a linked git worktree whose pointers hold;
    else None (it is its own project)."""
    tree = worktrees.locate(workspace)
    if tree is None or not tree.linked or tree.repository == tree.path:
        return None
    return tree.repository


def workspace_project_key(workspace: Path) -> str:
    """The key of the project folder ``workspace`` uses (its repository's, in a linked worktree)."""
    return project_key(repository_of(workspace) or workspace)


PROJECT_KEY_MAX_BYTES = 255
_PROJECT_KEY_CUT_BYTES = 238  # 238 + "-" + 16 hex digits = 255


def fnv1a64(data: bytes) -> int:
    """The 64-bit FNV-1a hash Reasonix uses to bound long names."""
    digest = 0xCBF29CE484222325
    for byte in data:
        digest = ((digest ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return digest


def cut_utf8(text: str, max_bytes: int) -> str:
    """The longest prefix of ``text`` that fits ``max_bytes`` in UTF-8 (whole characters only)."""
    return text.encode("utf-8")[:max_bytes].decode("utf-8", "ignore")


def project_key(workspace: Path) -> str:
    """Reasonix's workspace slug: the resolved absolute path with ``/``, ``\\`` and ``:``
    replaced by ``-`` (lowercased on Windows), so both tools find the same project facts.
    A slug over 255 bytes keeps its first 238 bytes plus ``-`` and its FNV-1a hash."""
    slug = re.sub(r"[/\\:]", "-", str(workspace.resolve()))
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        slug = slug.lower()
    encoded = slug.encode("utf-8")
    if len(encoded) <= PROJECT_KEY_MAX_BYTES:
        return slug
    return f"{cut_utf8(slug, _PROJECT_KEY_CUT_BYTES)}-{fnv1a64(encoded):016x}"


STEM_MAX_BYTES = 252      # 255 minus ".md"
_STEM_CUT_BYTES = 235     # + "-" + 16 hex digits = 252


def bounded_stem(stem: str) -> str:
    """A file stem that fits 252 bytes, bounded as Reasonix bounds its own: a longer one keeps its
    first 235 bytes (whole characters) plus ``-`` and the FNV-1a hash of the whole stem."""
    encoded = stem.encode("utf-8")
    if len(encoded) <= STEM_MAX_BYTES:
        return stem
    return f"{cut_utf8(stem, _STEM_CUT_BYTES)}-{fnv1a64(encoded):016x}"


def legacy_project_key(workspace: Path) -> str:
    """The key Context Center used before it adopted Reasonix's: name slug + sha1 digest."""
    resolved = workspace.resolve()
    slug = re.sub(r"[^a-z0-9]+", "-", resolved.name.lower()).strip("-")[:40]
    digest = hashlib.sha1(str(resolved).encode("utf-8")).hexdigest()[:10]
    return f"{slug}-{digest}"


@dataclass(frozen=True)
class StorePaths:
    """Every location the engine uses for one state root and one workspace."""

    root: Path
    workspace: Path
    # False: no project is bound (an MCP server started without one). Only the global scope is
    # read or written; ``workspace`` is then the state root, never the process's working directory.
    bound: bool = True
    # The project folder in use when it is not the workspace's own key: a synced store adopted the
    # folder another machine made for the same repository (engine/sync/project_alias.py).
    folder_key: str = ""
    # Whose project folder the workspace uses when it is not its own: a linked git worktree (or a
    # folder inside one) uses its repository's, the main worktree's path (worktrees.py)
    repository: Path | None = None

    @classmethod
    def create(cls, state_root: str | os.PathLike[str] | None = None,
               workspace: str | os.PathLike[str] | None = None) -> "StorePaths":
        ws = Path(os.path.abspath(workspace)) if workspace else detect_workspace()
        return cls(root=resolve_state_root(state_root), workspace=ws, repository=repository_of(ws))

    @classmethod
    def unbound(cls, state_root: str | os.PathLike[str] | None = None) -> "StorePaths":
        """The global scope alone: no workspace, no project folder."""
        root = resolve_state_root(state_root)
        return cls(root=root, workspace=root, bound=False)

    @property
    def scopes(self) -> tuple[str, ...]:
        """The fact scopes this store reads and writes."""
        return SCOPES if self.bound else ("global",)

    @property
    def project_key(self) -> str:
        """The key of the workspace's project folder: its repository's when it is in a linked
        worktree (one repository, one project memory), else its own path's (Reasonix's slug). Sync's
        adoption of a folder by the repository's identity starts from this key (sync/project_adoption.py)."""
        return project_key(self.repository or self.workspace)

    @property
    def project_folder_key(self) -> str:
        """The key of the project folder in use: ``folder_key`` when set, else :attr:`project_key`."""
        return self.folder_key or self.project_key

    @property
    def projects_dir(self) -> Path:
        return self.root / "projects"

    def memory_dir(self, scope: str) -> Path:
        if scope == "global":
            return self.root / "memory" / "global"
        if scope in ("project", TEAM):
            if not self.bound:
                raise ValueError(f"no project is bound: there is no {scope} scope")
            if scope == TEAM:
                return self.workspace.joinpath(*TEAM_FOLDER)
            return self.projects_dir / self.project_folder_key / "memory"
        raise ValueError(f"unknown scope {scope!r}")

    @staticmethod
    def archive_dir(memory_dir: Path) -> Path:
        return memory_dir / ".archive"

    @staticmethod
    def revisions_dir(memory_dir: Path, fact_id: str) -> Path:
        return memory_dir / ".revisions" / fact_id

    @staticmethod
    def revision_file(memory_dir: Path, fact_id: str, revision: int) -> Path:
        return memory_dir / ".revisions" / fact_id / f"{revision:09d}.md"

    def own_folder(self, folder: Path) -> Path:
        """``folder`` (``.archive``, ``.revisions/<id>``) if it is ours to write in: never through a
        symlinked hidden folder, which could lead anywhere outside the state root."""
        from ..errors import StorageError

        for part in (folder, *folder.parents):
            if part == self.root:
                break
            if part.is_symlink() and part.name.startswith("."):
                raise StorageError(f"{part} is a symlink; Context Center does not write through it "
                                   "(remove the link; the folder is created again)")
        return folder

    @property
    def catalog_file(self) -> Path:
        return self.root / "catalog.sqlite"

    @property
    def search_index_dir(self) -> Path:
        return self.root / "index"

    @property
    def recall_cache_file(self) -> Path:
        """The saved recall index of this store's fact set (the workspace's, or the global one alone)."""
        if not self.bound:
            return self.root / "cache" / "recall-global.npz"
        digest = hashlib.sha1(os.fsencode(self.workspace)).hexdigest()[:16]
        return self.root / "cache" / f"recall-{digest}.npz"

    @property
    def disputes_cache_file(self) -> Path:
        """The contradictions the review last found in this fact set, kept for recall."""
        return self.recall_cache_file.with_name(self.recall_cache_file.name.replace("recall-", "disputes-", 1)
                                                ).with_suffix(".json")

    @property
    def vectors_file(self) -> Path:
        """The meaning leg's vectors of the same fact set (derived: made again from the facts)."""
        return self.recall_cache_file.with_name(self.recall_cache_file.name.replace("recall-", "vectors-", 1))

    @property
    def agent_index_cache_file(self) -> Path:
        """The saved index of the agents' search (the MCP server's) over the same fact set."""
        return self.recall_cache_file.with_name(self.recall_cache_file.name.replace("recall-", "agents-", 1))

    @property
    def lock_file(self) -> Path:
        return self.root / ".lock"

    @property
    def sync_git_dir(self) -> Path:
        """The sync repository's git dir; the state root is its work tree (engine/sync/sync_tree.py)."""
        return self.root / "sync.git"

    @property
    def legacy_sync_git_dir(self) -> Path:
        """Where an earlier version kept the sync repository (moved on the first sync)."""
        return self.root / ".git"

    @property
    def sync_lock_file(self) -> Path:
        """Held for a whole sync: one at a time per state root, network included."""
        return self.root / ".sync.lock"

    @property
    def synced(self) -> bool:
        """Is sync set up here (in either layout)?"""
        return self.sync_git_dir.is_dir() or self.legacy_sync_git_dir.is_dir()
