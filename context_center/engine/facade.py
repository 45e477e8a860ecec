"""The facade: one object per (state root, workspace) that every face talks to."""
from __future__ import annotations

import datetime as dt
import gc
import logging
import os
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable

from . import clock
from .errors import InvalidInput, StorageError
from .facade_recall import RecallPart
from .facade_shared import SharedPart
from .facade_suggestions import SuggestionsPart
from .instructions.agent_rules import AGENTS as AGENT_NAMES
from .instructions.resolver import InstructionResolver, InstructionSet
from .memory.fact_input import FactInput, WriteResult
from .memory.fact_store import FactStore
from .memory.freshness import freshness, freshness_of
from .memory.memory_service import MemoryService, PurgeReport
from .memory.overrides import Overrides
from .memory.project_folder import adopt_legacy_project_folder
from .memory.repair import repair_interrupted_writes
from .memory.sensitive import findings_of, mask_fact_json
from .records import ArchivedFact, Diagnostic, Fact, Revision, Subject
from .storage.atomic_write import remove_stale_temp_files
from .storage.catalog_file import DirectAccess, aside_diagnostics
from .storage.catalog_opener import CatalogOpener
from .storage.fact_cache import TABLES as FACT_TABLES
from .storage.fact_cache import FactCache
from .storage.paths import StorePaths
from .storage.store_lock import StoreLock
from .storage.trace_log import TABLES as TRACE_TABLES
from .storage.trace_log import TraceLog
from .sync.conflict_flag import read_flag
from .sync.project_adoption import aliased_paths

if TYPE_CHECKING:  # each loads on first use, keeping other commands fast
    from .agents.review import Proposal
    from .importers.records import ImportReport
    from .instructions.agent_compare import AgentComparison
    from .instructions.agent_view import AgentHomes, AgentView
    from .storage.file_watch import FileWatcher

log = logging.getLogger("context_center.engine")


class Engine(RecallPart, SuggestionsPart, SharedPart):
    """Facts, instructions, recall, search and suggestions for one state root and workspace.

    Not thread-safe: use it from one thread (the window runs it on one worker thread). The facts,
    instructions and agents' views are here; recall, suggestions, and the team and sync are parts
    of their own (:class:`.facade_base.EngineBase` says what they share)."""

    def __init__(self, paths: StorePaths) -> None:
        paths = aliased_paths(paths)   # a synced store may serve this workspace from another machine's folder
        self.paths = paths
        if paths.bound and not paths.workspace.is_dir():
            raise InvalidInput(f"the workspace {paths.workspace} is not an existing folder")
        if paths.root.exists() and not paths.root.is_dir():
            raise StorageError(f"the state root {paths.root} is a file, not a folder")
        try:
            paths.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create the state root {paths.root}: {exc.strerror or exc}") from exc
        self._lock = StoreLock(paths.lock_file)
        moved: tuple[Diagnostic, ...] = ()
        # An open reads: it never waits for another process's write. What it would tidy under the lock
        # (an earlier key's folder adopted, temp files a kill left, a kill's half-done write) waits
        # for the next open that finds the lock free, or for the next write here.
        with self._lock.attempt() as tidying:
            if paths.bound and tidying:
                moved = adopt_legacy_project_folder(paths)
                paths, adopted = self._adopt_synced_folder(paths)
                self.paths, moved = paths, (*moved, *adopted)
            for scope in paths.scopes if tidying else ():   # what a kill or a full disk left behind
                folder = paths.memory_dir(scope)
                for where in (folder, paths.archive_dir(folder), folder.parent):   # (a staged MEMORY.md)
                    remove_stale_temp_files(where)
        catalog_file = paths.catalog_file
        self._catalogs = CatalogOpener(catalog_file, self._lock)   # opened when first needed
        direct = DirectAccess(catalog_file, self._lock, self._catalogs, (*FACT_TABLES, *TRACE_TABLES))
        self._traces = TraceLog(direct)
        self._store = FactStore(paths, FactCache(direct), lambda: (*moved, *aside_diagnostics(catalog_file)))
        self.memory = MemoryService(self._store, self._lock)
        if not self._lock.read_only:
            with self._lock.attempt() as held:
                if held:
                    self._report_repairs(self._repair())
                else:   # the write that holds the lock, or the next one here, finishes it
                    self.memory.before_next_write(lambda: self._report_repairs(self._repair()))
        # The facts just loaded live as long as the engine: the cyclic collector need not walk them on
        # every full collection (at 100,000 facts each took most of a second). They are still freed
        # by their reference counts.
        gc.freeze()
        self._instructions = InstructionResolver(paths.root, paths.workspace, self._lock)
        self._watcher: FileWatcher | None = None
        self._recall = self._search = self._suggestions = self._sync = None   # each made on first use
        self._archive_seen = None

    # lifecycle ---------------------------------------------------------------------

    def _report_repairs(self, repairs: list[str]) -> None:
        for repair in repairs:
            log.warning("context-center: %s", repair)
        if repairs:
            self.memory.reload(full=True)

    def _repair(self) -> list[str]:
        try:
            return repair_interrupted_writes(self._store)
        except Exception as exc:  # noqa: BLE001 - a full disk, or anything odd: the repair must never brick the
            # store; it waits for the next open, and every read works meanwhile
            log.warning("context-center: an interrupted write could not be finished yet (%s: %s)",
                        type(exc).__name__, exc)
            return []

    def close(self) -> None:
        if not self._lock.read_only:
            self.memory.close()   # MEMORY.md is current when the store is closed
        if self._search is not None:
            self._search.close()
        self._catalogs.close()
        # The suggestions call back into this engine: let go of them, so nothing holds the engine
        # in a cycle. The collector no longer walks what an open froze (gc.freeze): an engine in a
        # cycle, and its every fact, would outlive its close for as long as the process runs.
        self._suggestions = None

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def flush(self) -> None:
        """Write now what is derived from the facts and otherwise written shortly after a write
        (``MEMORY.md``); closing the engine does it too."""
        if not self._lock.read_only:
            self.memory.flush_index()

    def refresh(self) -> bool:
        """Bring the in-memory view in step with the files (cheap when nothing changed).
        Returns whether the facts changed."""
        before = self.memory.generation
        self.memory.reload(full=True)
        return self.memory.generation != before

    def refresh_for(self, paths: set[Path]) -> set[str]:
        """Refresh after the watcher reported ``paths``; returns what they concern: ``"facts"``
        (the facts changed), ``"archive"`` (a file in an archive folder) and ``"instructions"``
        (a file outside the fact folders)."""
        before = self.memory.generation
        self.memory.reload_paths(paths)   # the files named, and any folder whose mtime moved
        concerns = {"facts"} if self.memory.generation != before else set()
        fact_folders = [self.paths.memory_dir(scope) for scope in self.paths.scopes]
        archives = [self.paths.archive_dir(folder) for folder in fact_folders]
        if any(p.parent in archives for p in paths):
            listing = self._archive_listing()
            if listing != self._archive_seen:  # our own forget or recover already showed its entry
                concerns.add("archive")
                self._archive_seen = listing
        if any(not any(folder == p.parent or folder in p.parents for folder in fact_folders) for p in paths):
            concerns.add("instructions")
        return concerns

    @property
    def generation(self) -> int:
        """Changes whenever the facts change, by a write here or on disk."""
        return self.memory.generation

    # facts: reading ------------------------------------------------------------------

    def diagnostics(self) -> list[Diagnostic]:
        return list(self.memory.snapshot.diagnostics)

    def fact(self, ref: str, scope: str | None = None) -> Fact:
        return self.memory.resolve(ref, scope)

    def freshness(self, fact: Fact) -> str:
        return freshness(fact)

    def freshness_of(self, facts: list[Fact]) -> list[str]:
        """The freshness of each, told at one moment."""
        return freshness_of(facts)

    def fact_json(self, fact: Fact, *, body: bool = False, now: dt.datetime | None = None) -> dict[str, Any]:
        return self._fact_json(fact, freshness(fact, now), self.memory.overrides(), body)

    def _fact_json(self, fact: Fact, told: str, overrides: Overrides, body: bool) -> dict[str, Any]:
        data = mask_fact_json(fact.to_json(freshness=told, body=body), findings_of(fact))
        overridden = overrides.get((fact.scope, fact.id)) if overrides else None
        data["overridden_by"] = overridden[0].ref if overridden else None
        if overridden:
            data["overridden_why"] = overridden[1]
        flag = read_flag(fact) if fact.extra else None   # (a flag is an extra key: most facts have none)
        if flag is not None:
            data["sync_conflict"] = flag.to_json(self._sync_service().machine)
        return data

    def revision_json(self, revision: Revision) -> dict[str, Any]:
        """A revision as ``memory revisions --json`` gives it: a secret in an old revision masked
        (``"masked"`` says where), the snapshot left as it is until ``purge-secrets``."""
        return mask_fact_json(revision.to_json(), findings_of(revision.fact))

    def facts_json(self, facts: list[Fact], *, body: bool = False) -> list[dict[str, Any]]:
        """:meth:`fact_json` of each, their freshness told at one moment."""
        overrides = self.memory.overrides()
        return [self._fact_json(fact, told, overrides, body) for fact, told in zip(facts, freshness_of(facts))]

    def revisions(self, ref: str, scope: str | None = None) -> tuple[Fact, list[Revision]]:
        """The active fact and its earlier revisions, newest first, each saying what it changed."""
        fact = self.memory.resolve(ref, scope)
        return fact, self.memory.revisions(fact)

    def lost_keys(self, ref: str, scope: str | None = None) -> list[str]:
        """The keys another tool (Reasonix) dropped when it last rewrote this fact ("status",
        "category", "metadata.suggestion"…); empty when nothing was lost."""
        lost = self.memory.lost_keys(self.memory.resolve(ref, scope))
        return lost.names if lost else []

    def restore_lost_keys(self, ref: str, scope: str | None = None) -> WriteResult:
        """Put back the keys another tool's rewrite dropped, as a new revision."""
        return self.memory.restore_lost_keys(ref, scope)

    def history(self, ref: str, scope: str | None = None) -> list[Revision]:
        """Every revision, the active one first, each saying what it changed. For a team fact the
        active one is the work tree's uncommitted change, else the last commit (``.commit`` names it)."""
        fact, earlier = self.revisions(ref, scope)
        if fact.scope == "team":
            from .team.history import active_revision

            return active_revision(fact, earlier)
        active = Revision(fact.revision, fact.updated_at, fact.body, fact, self.memory.change_of(fact, earlier))
        return [active, *earlier]

    def archived(self) -> list[ArchivedFact]:
        return self.memory.archived()

    def archived_text(self, path: str | os.PathLike[str]) -> str:
        """The file text of one archive entry of this store (NOT_FOUND for anything else); a
        forgotten team fact's (``git:<commit>:<file>``) is git's."""
        if str(path).startswith("git:"):
            return self.team_archived_text(str(path))
        owned, _scope = self._store.owned_archive_entry(str(path))
        try:
            return owned.read_bytes().decode("utf-8", "replace")
        except OSError as exc:
            raise StorageError(f"cannot read {owned}: {exc.strerror or exc}") from exc

    def subjects(self) -> list[Subject]:
        return self.memory.subjects()

    def subject_conflicts(self) -> list[tuple[str, str, list[Fact]]]:
        """(scope, normalized subject key, facts) for keys held by several facts of one scope."""
        return self.memory.subject_conflicts()

    def pinned_total(self) -> int:
        return self.memory.pinned_total()

    def overrides(self) -> dict[tuple[str, str], tuple[Fact, str]]:
        """(scope, id) of each team or global fact a nearer one overrides → (that fact, why)."""
        return self.memory.overrides()

    # settings and the agents' category registry ----------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        """A setting every face reads alike (``mcp.policy``, ``judge.url``…), from the catalog."""
        value = self._catalog.setting(key)
        return default if value is None else value

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting (``None`` removes it). Never a secret: those go to the keyring."""
        self._catalog.set_setting(key, value)

    def agent_categories(self, scope_key: str) -> dict[str, str]:
        return self._catalog.agent_categories(scope_key)

    def register_agent_category(self, scope_key: str, canonical: str, display: str) -> None:
        self._catalog.register_agent_category(scope_key, canonical, display, clock.format_timestamp(clock.now()))

    # watching --------------------------------------------------------------------------------

    def watch(self, on_change: Callable[[set[Path]], None], target: str | os.PathLike[str] | None = None):
        """Start watching the files behind this engine; ``on_change(paths)`` runs on a watchdog
        thread, debounced. Returns the watcher: call ``stop()`` on it. The engine does not
        refresh itself: call :meth:`refresh` from the thread that uses it. While it runs, every
        :meth:`instructions` call makes it follow what that chain reads (documents, imports,
        and the folders from the workspace root to the target)."""
        from .storage.file_watch import FileWatcher

        folders = [(self.paths.root, False)]
        for scope in self.paths.scopes:  # not recursive: .revisions/ is ours and never needs watching
            memory = self.paths.memory_dir(scope)
            if scope == "team":   # in the user's repository: watched when there, never created by watching
                folders += [(memory, False)] if memory.is_dir() else []
                continue
            folders += [(memory, False), (self.paths.archive_dir(memory), False)]
        watcher = FileWatcher(folders, on_change)
        watcher.start()
        self._watcher = watcher
        if self.paths.bound:
            self.instructions(target)
        return watcher

    # instructions ---------------------------------------------------------------------

    def instructions(self, target: str | os.PathLike[str] | None = None) -> InstructionSet:
        """The resolved standing instructions for ``target`` (default: cwd inside the workspace)."""
        resolved = self._instructions.resolve(target)
        if self._watcher is not None:
            self._watcher.follow(resolved.watch_folders)
        return resolved

    # what each agent receives ---------------------------------------------------------------

    def agent_instructions(self, agent: str = "reasonix", target: str | os.PathLike[str] | None = None,
                           homes: AgentHomes | None = None) -> AgentView:
        """What ``agent`` (reasonix, claude-code or codex) receives for ``target``, by its own rules:
        every document with its status (loaded, truncated, dropped, on_demand, skipped) and reason.
        ``homes`` says where the agents keep their files (default: from the environment)."""
        if agent not in AGENT_NAMES:
            raise InvalidInput(f"unknown agent {agent!r}; one of {', '.join(AGENT_NAMES)}")
        from .instructions.agent_compare import agent_view
        from .instructions.agent_view import AgentHomes

        resolved = self._instructions.resolve(_existing_target(target))
        view = agent_view(agent, resolved, homes or AgentHomes.from_environment())
        if self._watcher is not None:
            self._watcher.follow((*resolved.watch_folders, *view.watch_folders))
        return view

    def compare_agents(self, target: str | os.PathLike[str] | None = None,
                       homes: AgentHomes | None = None) -> AgentComparison:
        """The three agents side by side for ``target``: each file's fate per agent, and the differences."""
        from .instructions.agent_compare import compare
        from .instructions.agent_view import AgentHomes

        resolved = self._instructions.resolve(_existing_target(target))
        comparison = compare(resolved, homes or AgentHomes.from_environment())
        if self._watcher is not None:
            self._watcher.follow((*resolved.watch_folders, *comparison.watch_folders))
        return comparison

    def add_instruction_note(self, note: str, *, local: bool = False,
                             file: str | os.PathLike[str] | None = None) -> Path:
        """Quick add (``/remember <note>``) to ``file``, else to the default project file: returns
        the instruction file written."""
        return self._instructions.quick_add(note, local=local, file=file)

    def quick_add_targets(self, target: str | os.PathLike[str] | None = None) -> list[tuple[Path, bool]]:
        """The files a quick add may write to for ``target`` (default first), with whether each exists."""
        return self._instructions.quick_add_targets(target)

    # agents' proposals (staged memories written over MCP) ----------------------------------

    def agent_proposals(self) -> list[Proposal]:
        """Staged memories waiting for the user, newest first (``.stale`` after 30 days)."""
        from .agents.review import proposals

        return proposals(self)

    def approve_proposal(self, ref: str, scope: str | None = None, edits: FactInput | None = None) -> WriteResult:
        """Promote a staged memory, edited first if ``edits``; secrets, subject conflicts and
        duplicates are checked again now."""
        from .agents.review import approve_proposal

        return approve_proposal(self, ref, scope, edits)

    def reject_proposal(self, ref: str, scope: str | None = None) -> ArchivedFact:
        """Delete a staged memory to the archive (recoverable)."""
        from .agents.review import reject_proposal

        return reject_proposal(self, ref, scope)

    # imports: what other agents already remember (staged, for review) -------------------------

    def import_memories(self, source: str, dry_run: bool = False,
                        home: str | os.PathLike[str] | None = None) -> ImportReport:
        """Import ``source``'s memories (``claude-code``, ``codex``, ``context-eng``) of this workspace
        and global as staged facts waiting in Suggestions; ``dry_run`` writes nothing. ``home``
        stands for ``~`` ($CLAUDE_CONFIG_DIR, $CODEX_HOME and $CONTEXT_ENG_HOME still win)."""
        from .importers.service import import_memories

        return import_memories(self, self._catalog, source, dry_run=dry_run, home=self._home(home))

    # facts: writing ---------------------------------------------------------------------

    def remember(self, request: FactInput) -> WriteResult:
        return self.memory.remember(request)

    def edit(self, ref: str, request: FactInput, scope: str | None = None) -> WriteResult:
        return self.memory.edit(ref, request, scope=scope)

    def pin(self, ref: str, scope: str | None = None) -> WriteResult:
        return self.memory.set_activation(ref, "pinned", scope)

    def unpin(self, ref: str, scope: str | None = None) -> WriteResult:
        return self.memory.set_activation(ref, "relevant", scope)

    def verify(self, ref: str, scope: str | None = None) -> WriteResult:
        return self.memory.verify(ref, scope)

    def restore(self, ref: str, revision: int | str, scope: str | None = None) -> WriteResult:
        """Copy an earlier revision (a number; for a team fact, a commit) into a new one."""
        return self.memory.restore(ref, revision, scope)

    def move(self, ref: str, to_scope: str, scope: str | None = None,
             expected_revision: int | None = None) -> WriteResult:
        """Move a fact to the other scope, keeping its id and history."""
        return self.memory.move(ref, to_scope, scope, expected_revision)

    def forget(self, ref: str, scope: str | None = None,
               expected_revision: int | None = None) -> ArchivedFact:
        entry = self.memory.forget(ref, scope, expected_revision)
        self._archive_seen = self._archive_listing()
        return entry

    def recover(self, path: str) -> WriteResult:
        result = self.memory.recover(path)
        self._archive_seen = self._archive_listing()
        return result

    def purge_secrets(self, ref: str, scope: str | None = None) -> PurgeReport:
        """Mask every secret in the fact's active file, revisions and archive entries, in place."""
        return self.memory.purge_secrets(ref, scope)

    def migrate(self) -> int:
        return self.memory.migrate()


def _existing_target(target: str | os.PathLike[str] | None) -> str | os.PathLike[str] | None:
    """``target`` if it names something that exists (a file stands for its folder); an agent's view
    of a folder that is not there would describe nothing real."""
    if target is not None and not Path(target).expanduser().exists():
        raise InvalidInput(f"the target {target} does not exist")
    return target


def open_engine(state_root: str | os.PathLike[str] | None = None,
                workspace: str | os.PathLike[str] | None = None) -> Engine:
    """Open the store at ``state_root`` for ``workspace`` (defaults: DESIGN.md's rules)."""
    return Engine(StorePaths.create(state_root, workspace))


def open_global_engine(state_root: str | os.PathLike[str] | None = None) -> Engine:
    """Open the store at ``state_root`` with no project bound: the global scope alone (an MCP
    server started without ``--project``). The working directory is never taken for a project."""
    return Engine(StorePaths.unbound(state_root))


__all__ = ["Engine", "open_engine", "open_global_engine"]
