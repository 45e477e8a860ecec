"""The facade: one object per (state root, workspace) that every face talks to.

It owns the rooms' services and delegates to them, grouped as the window's tabs are; it holds no
rule of its own. :mod:`.opening` builds what it is made of. A service whose import is heavy
(NumPy for recall, Whoosh for search, git for sync) is made on first use, so a command that reads
or writes facts never loads it.
"""
from __future__ import annotations

import datetime as dt
import logging
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Sequence, TypeVar

from . import clock
from .errors import InvalidInput, NotFound, StorageError
from .fact_views import FactView, fact_views
from .grounding.check import Grounding
from .grounding.service import GroundingService
from .instructions.agent_rules import AGENTS as AGENT_NAMES
from .instructions.resolver import InstructionResolver, InstructionSet
from .memory import proposals as proposal_review
from .memory.concerns import Concerns
from .memory.fact_input import FactInput, WriteResult
from .memory.freshness import freshness, freshness_of
from .memory.history import is_git_entry
from .memory.limits import Place, lost_worktree
from .memory.limits import describe as limit_text
from .memory.memory_service import MemoryService
from .memory.purge import PurgeReport
from .memory.sensitive import findings_of, mask_fact_json
from .memory.settled import SettledDisputes
from .records import ArchivedFact, Change, Diagnostic, Fact, Progress, Revision, SessionContext, Snapshot, Subject
from .storage import worktrees
from .storage.catalog_opener import CatalogOpener
from .storage.kept import KeptRows
from .storage.paths import StorePaths, project_key
from .storage.search_returns import SearchReturns
from .storage.store_lock import StoreLock
from .storage.trace_log import TraceLog
from .storage.worktrees import Worktree
from .team.repository import TeamRepository
from .text import claims

if TYPE_CHECKING:  # each loads on first use, keeping other commands fast
    from .adherence.enforcement import Decision, Enforced, Enforcement, EnforcementPlan
    from .adherence.report import AdherenceReport
    from .adherence.rules import Rule
    from .costs.overview import StoreOverview
    from .costs.report import ContextCosts
    from .importers.records import ImportReport
    from .instructions.agent_compare import AgentComparison
    from .instructions.agent_view import AgentHomes, AgentView
    from .instructions.align import AlignPlan
    from .memory.archive_deletion import ArchiveDeletion
    from .memory.proposals import Proposal
    from .recall.found_disputes import FoundDisputes
    from .recall.injection_log import Injection, InjectionRecord, WhyNot
    from .recall.recall_records import RecallResult
    from .recall.service import RecallService
    from .recall.traces import RecallTraces
    from .review.service import MemoryReview
    from .search.index import SyncReport
    from .search.service import SearchResult, SearchService
    from .storage.catalog import Catalog
    from .storage.file_watch import FileWatcher
    from .suggestions.candidates import Dismissal, SuggestionSet
    from .suggestions.service import Acceptance, SuggestionService
    from .sync.service import SyncResult, SyncService
    from .team.commit import TeamChange, TeamCommit
    from .team.service import TeamService
    from .team.status import TeamStatus

SEARCH_LIMIT = 8
_Written = TypeVar("_Written")



@dataclass(frozen=True)
class EngineParts:
    """What one open of a store is made of (see :mod:`.opening`)."""

    paths: StorePaths
    lock: StoreLock
    catalogs: CatalogOpener      # the catalog (SQLAlchemy), opened when first needed
    grounding: GroundingService  # the facts' refs against the work tree (also the memory's writes)
    memory: MemoryService
    traces: TraceLog
    instructions: InstructionResolver
    team: TeamRepository | None   # the repository holding the team folder; None with no project bound


class Engine:
    """Facts, instructions, recall, search, suggestions, the team and sync for one state root and
    workspace. Not thread-safe: use it from one thread (the window runs it on one worker thread)."""

    def __init__(self, parts: EngineParts) -> None:
        self.paths = parts.paths
        self._lock = parts.lock
        self._catalogs = parts.catalogs
        self._memory = parts.memory
        self._traces = parts.traces
        self._instructions = parts.instructions
        self._grounding = parts.grounding
        self._team_repository = parts.team
        self._concerns = Concerns(parts.paths, parts.memory)
        self._watcher: FileWatcher | None = None

    # the rooms made on first use -------------------------------------------------------------

    @property
    def _catalog(self) -> Catalog:
        """The catalog's state with no file of its own (settings, decisions, the injection
        record…), opened on first use: SQLAlchemy takes 0.13 s to import, and a command that
        reads or writes facts needs none of it (their rows and the recall traces go through
        :class:`.storage.catalog_file.DirectAccess`)."""
        return self._catalogs()

    @cached_property
    def _recall(self) -> RecallService:
        from .recall.service import RecallService

        # the grounding service's own check, not a method of this engine: a cached service holding the
        # engine would keep a closed engine alive past its last reference
        return RecallService(self.paths.recall_cache_file, self._grounding.check, self.found_disputes)

    @cached_property
    def _recall_traces(self) -> RecallTraces:
        from .recall.traces import RecallTraces

        return RecallTraces(self._traces, self.paths.workspace)

    @cached_property
    def _injections(self) -> InjectionRecord:
        from .recall.injection_log import InjectionRecord

        return InjectionRecord(self._catalogs, self.paths.workspace, self._lock)

    @cached_property
    def _search(self) -> SearchService:
        from .search.service import SearchService
        from .semantic.meaning import MeaningLeg

        return SearchService(self.paths.search_index_dir, meaning=MeaningLeg(self.paths.vectors_file))

    @cached_property
    def _suggestions(self) -> SuggestionService:
        from .suggestions.service import SuggestionService, known_texts

        def known() -> list[str]:   # resolved without moving what the watcher follows (the Instructions tab's)
            documents = self._instructions.resolve(self.paths.workspace).documents
            return known_texts(self._memory.snapshot.facts, (d.body for d in documents))

        return SuggestionService(self.paths.workspace, self._catalog, known,
                                 lambda request: self._memory.remember(request).fact)

    @cached_property
    def _team(self) -> TeamService:
        from .team.service import TeamService

        return TeamService(self._team_repository, self._memory)

    @cached_property
    def _sync(self) -> SyncService:
        from .sync.service import SyncService

        return SyncService(self.paths, self._lock)

    # lifecycle ---------------------------------------------------------------------------------

    def close(self) -> None:
        if self._watcher is not None:   # a watcher whose owner went away before it heard back stops here
            self._watcher.stop()
            self._watcher = None   # (its callback may hold the owner, which holds this engine: no cycle)
        if not self._lock.read_only:
            self._memory.close()   # MEMORY.md is current when the store is closed
        if "_search" in self.__dict__:
            self._search.close()
        if "_search_returns" in self.__dict__:
            self._search_returns.close()   # (before the catalog it writes to)
        self._catalogs.close()
        # The suggestions call back into this engine: let go of them, so nothing holds the engine
        # in a cycle. The collector no longer walks what an open froze (gc.freeze): an engine in a
        # cycle, and its every fact, would outlive its close for as long as the process runs.
        self.__dict__.pop("_suggestions", None)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def flush(self) -> None:
        """Write now what is derived from the facts and otherwise written shortly after a write
        (``MEMORY.md``); closing the engine does it too."""
        if not self._lock.read_only:
            self._memory.flush_index()

    def refresh(self) -> bool:
        """Bring the in-memory view in step with the files (cheap when nothing changed).
        Returns whether the facts changed."""
        before = self._memory.generation
        self._memory.reload(full=True)
        return self._memory.generation != before

    def refresh_for(self, paths: set[Path]) -> Change:
        """Refresh after the watcher reported ``paths``; returns what changed: the facts (and so
        the archive), an archive folder's entries, the instructions (a file outside the fact folders)."""
        return self._concerns.refresh_for(paths)

    @property
    def read_only(self) -> bool:
        """The store could not be written when it was opened (a read-only root, a full disk)."""
        return self._lock.read_only

    def fact_folders(self) -> tuple[Path, ...]:
        """The folders the facts of this store's scopes live in (and their archives)."""
        folders = [self.paths.memory_dir(scope) for scope in self.paths.scopes]
        return (*folders, *(self.paths.archive_dir(folder) for folder in folders))

    @property
    def generation(self) -> int:
        """Changes whenever the facts change, by a write here or on disk."""
        return self._memory.generation

    def watch(self, on_change: Callable[[set[Path]], None], target: str | os.PathLike[str] | None = None):
        """Start watching the files behind this engine; ``on_change(paths)`` runs on a watchdog
        thread, debounced. Returns the watcher: call ``stop()`` on it. The engine does not
        refresh itself: call :meth:`refresh` from the thread that uses it. While it runs, every
        :meth:`instructions` call makes it follow what that chain reads (documents, imports,
        and the folders from the workspace root to the target)."""
        from .storage.file_watch import FileWatcher, watched_folders

        watcher = FileWatcher(watched_folders(self.paths), on_change)
        watcher.start()
        self._watcher = watcher
        if self.paths.bound:
            self.instructions(target)
        return watcher

    # Facts: reading ----------------------------------------------------------------------------

    def facts(self) -> list[Fact]:
        return list(self._memory.snapshot.facts)

    def snapshot(self) -> Snapshot:
        """The facts and the diagnostics as one immutable record: the same object until they change."""
        return self._memory.snapshot

    def fact(self, ref: str, scope: str | None = None) -> Fact:
        return self._memory.resolve(ref, scope)

    def diagnostics(self) -> list[Diagnostic]:
        """What is wrong with the files (each left alone), and with where the agent works: a linked
        worktree whose pointers do not hold, a fact kept to a worktree the repository no longer has."""
        return [*self._memory.snapshot.diagnostics, *self._place_diagnostics()]

    def _place_diagnostics(self) -> list[Diagnostic]:
        if not self.paths.bound:
            return []
        found = []
        team = self._team_repository
        if team is not None and team.problem:   # git gave no answer in time: said, never waited on again
            found.append(Diagnostic(self.paths.workspace / ".git", 1, team.problem, "warning"))
        tree = self.worktree
        if tree is not None and tree.problem:
            found.append(Diagnostic(tree.path / ".git", 1, f"this worktree uses its own project folder: "
                                                          f"{tree.problem}", "warning"))
        own = self.paths.projects_dir / project_key(self.paths.workspace) / "memory"
        if self.paths.repository is not None and own != self.paths.memory_dir("project") and _holds_files(own):
            found.append(Diagnostic(own, 1, "facts written for this worktree's own path (by an earlier version, or "
                                            "by Reasonix) are not read here: this worktree uses its repository's "
                                            f"project folder, {self.paths.memory_dir('project')}; move their files "
                                            "there to share them", "warning"))
        kept = [f for f in self._memory.limited_facts() if f.path is not None]
        names = self.worktree_names() if kept and tree is not None else None
        for fact in kept:
            assert fact.path is not None
            if tree is None:
                found.append(Diagnostic(fact.path, 1, f"kept to {limit_text(fact)}, but this workspace is no git "
                                                      "worktree: it is recalled nowhere here", "warning"))
            elif lost_worktree(fact, names):
                found.append(Diagnostic(fact.path, 1, f"kept to worktree {fact.worktree}, which this repository no "
                                                      "longer has: it is recalled nowhere (clear its worktree, or "
                                                      "forget it)", "warning"))
        return found

    def freshness(self, fact: Fact) -> str:
        return freshness(fact)

    def freshness_of(self, facts: list[Fact]) -> list[str]:
        """The freshness of each, told at one moment."""
        return freshness_of(facts)

    def fact_views(self, facts: list[Fact] | None = None, *, team: bool = False,
                   now: dt.datetime | None = None) -> list[FactView]:
        """Each fact (every one, by default) as every face shows it; ``team``: with git's word on
        each team fact (it runs git: off the GUI thread)."""
        chosen = self.facts() if facts is None else facts
        statuses = self.team_statuses(chosen) if team else None
        return fact_views(chosen, self._memory.overrides(self.place()), lambda: self._sync.machine, statuses, now,
                          self.grounding)

    def fact_view(self, fact: Fact, *, now: dt.datetime | None = None) -> FactView:
        return self.fact_views([fact], now=now)[0]

    def fact_json(self, fact: Fact, *, body: bool = False, now: dt.datetime | None = None) -> dict[str, Any]:
        """With ``body``: the one fact shown whole, with the subject key its claims propose."""
        data = self.fact_view(fact, now=now).to_json(body=body)
        if body:
            data["proposed_subject_key"] = self.proposed_subject_key(fact)
        return data

    def proposed_subject_key(self, fact: Fact) -> str | None:
        """The subject key a fact with none is proposed from what it claims (``project.package_manager``
        for "Always use pnpm"), for the user to accept; None when it has one or speaks of no single
        subject. Nothing is set without the user (``edit`` with that key sets it)."""
        if fact.subject_key:
            return None
        return claims.proposed_subject_key(f"{fact.title}. {fact.body}")

    def facts_json(self, facts: list[Fact], *, body: bool = False) -> list[dict[str, Any]]:
        """:meth:`fact_json` of each, their freshness told at one moment."""
        return [view.to_json(body=body) for view in self.fact_views(facts)]

    def revision_json(self, revision: Revision) -> dict[str, Any]:
        """A revision as ``memory revisions --json`` gives it: a secret in an old revision masked
        (``"masked"`` says where), the snapshot left as it is until ``purge-secrets``."""
        return mask_fact_json(revision.to_json(), findings_of(revision.fact))

    def revisions(self, ref: str, scope: str | None = None) -> tuple[Fact, list[Revision]]:
        """The active fact and its earlier revisions, newest first, each saying what it changed."""
        fact = self._memory.resolve(ref, scope)
        return fact, self._memory.revisions(fact)

    def history(self, ref: str, scope: str | None = None) -> list[Revision]:
        """Every revision, the active one first, each saying what it changed. For a team fact the
        active one is the work tree's uncommitted change, else the last commit (``.commit`` names it)."""
        fact, earlier = self.revisions(ref, scope)
        return self._memory.history(fact, earlier)

    def lost_keys(self, ref: str, scope: str | None = None) -> list[str]:
        """The keys another tool (Reasonix) dropped when it last rewrote this fact ("status",
        "category", "metadata.suggestion"…); empty when nothing was lost."""
        lost = self._memory.lost_keys(self._memory.resolve(ref, scope))
        return lost.names if lost else []

    def subjects(self) -> list[Subject]:
        return self._memory.subjects()

    def subject_conflicts(self) -> list[tuple[str, str, list[Fact]]]:
        """(scope, normalized subject key, facts) for keys held by several facts of one scope."""
        return self._memory.subject_conflicts()

    def pinned_total(self) -> int:
        return self._memory.pinned_total()

    def overrides(self) -> dict[tuple[str, str], tuple[Fact, str]]:
        """(scope, id) of each team or global fact a nearer one overrides → (that fact, why), where the
        agent works now (a fact kept to another worktree or branch overrides nothing here)."""
        return self._memory.overrides(self.place())

    def session_context(self) -> SessionContext:
        return self._memory.session_context(self.place())

    # Where the agent works: the worktree and branch a fact may be kept to ---------------------

    @property
    def worktree(self) -> Worktree | None:
        """The git worktree the workspace is in (None: none, or no project bound), read now (a few
        small files: a worktree repaired or removed since the open is seen)."""
        return worktrees.locate(self.paths.workspace) if self.paths.bound else None

    def place(self) -> Place:
        """The worktree's name and the branch checked out now (read from git's files: a checkout
        since the last call is seen)."""
        tree = self.worktree
        return Place(tree.name if tree is not None else None, worktrees.branch(tree))

    def worktree_names(self) -> frozenset[str] | None:
        """The names of the repository's worktrees now (None: cannot be told)."""
        return worktrees.names(self.worktree)

    # Facts: writing ----------------------------------------------------------------------------

    def remember(self, request: FactInput) -> WriteResult:
        return self._memory.remember(request)

    def edit(self, ref: str, request: FactInput, scope: str | None = None) -> WriteResult:
        return self._memory.edit(ref, request, scope=scope)

    def create_fact(self, draft: Fact, *, unique_name: bool = False) -> WriteResult:
        """Write a fact built whole by the caller (an agent's memory, an import): the checks of
        :meth:`remember`, secrets refused. ``unique_name``: a taken name gets ``-2``, ``-3``…"""
        return WriteResult(self._memory.create(draft, unique_name=unique_name))

    def update_fact(self, ref: str, scope: str | None, change: Callable[[Fact], Fact], *, note: str = "",
                    expected_revision: int | None = None) -> WriteResult:
        """Write ``change(current)`` as the next revision (nothing when it changes nothing), under
        the lock and with every check; ``note`` says what the revision did."""
        return self._memory.update(ref, scope, change, note=note, expected_revision=expected_revision)

    def pin(self, ref: str, scope: str | None = None) -> WriteResult:
        return self._memory.set_activation(ref, "pinned", scope)

    def unpin(self, ref: str, scope: str | None = None) -> WriteResult:
        return self._memory.set_activation(ref, "relevant", scope)

    # Grounding: the code a fact cites, against the work tree ------------------------------------

    def grounding(self, fact: Fact) -> Grounding:
        """What the work tree says now of the code ``fact`` cites (files only: cheap, no git)."""
        return self._grounding.check(fact)

    def proposed_refs(self, fact: Fact | str, cited: tuple[str, ...] = ()) -> list[str]:
        """Refs a fact's text (or ``text`` being typed, citing ``cited``) suggests: workspace paths it
        names, backticked names found in them, that it does not cite yet. To propose, never to add
        without the user; none for a global fact."""
        if isinstance(fact, Fact):
            if fact.scope == "global":
                return []
            return self._grounding.proposed("\n".join((fact.title, fact.description, fact.body)), fact.refs)
        return self._grounding.proposed(fact, cited)

    def grounding_explained(self, fact: Fact) -> Grounding:
        """:meth:`grounding`, with git's commit, author and date for what changed or went (runs git:
        the window's worker asks it for the fact the user selected)."""
        checked = self._grounding.check(fact)
        history = self._grounding.history() if checked.state in ("changed", "broken") else None
        return history.explain(checked) if history is not None else checked

    def refs_among(self, texts: tuple[str, ...]) -> tuple[str, ...]:
        """Those of ``texts`` that name something in this workspace now, as refs (an agent's links)."""
        return self._grounding.existing(texts)

    def grounding_report(self, states: tuple[str, ...] = ("changed", "broken", "unverified"),
                         progress: Progress | None = None) -> list[tuple[Fact, Grounding]]:
        """Every fact whose grounding is one of ``states``, with git's account of who changed or
        removed what it cites (runs git: the window's worker, ``memory grounding``; never recall)."""
        cited = [fact for fact in self.facts() if fact.refs]
        found = []
        history = self._grounding.history() if cited else None
        for done, fact in enumerate(cited, 1):
            checked = self._grounding.check(fact)
            if checked.state in states:
                found.append((fact, history.explain(checked) if history is not None else checked))
            if progress is not None:
                progress(done, len(cited))
        return found

    def verify(self, ref: str, scope: str | None = None) -> WriteResult:
        return self._memory.verify(ref, scope)

    def restore(self, ref: str, revision: int | str, scope: str | None = None) -> WriteResult:
        """Copy an earlier revision (a number; for a team fact, a commit) into a new one."""
        return self._memory.restore(ref, revision, scope)

    def restore_lost_keys(self, ref: str, scope: str | None = None) -> WriteResult:
        """Put back the keys another tool's rewrite dropped, as a new revision."""
        return self._memory.restore_lost_keys(ref, scope)

    def move(self, ref: str, to_scope: str, scope: str | None = None,
             expected_revision: int | None = None) -> WriteResult:
        """Move a fact to the other scope, keeping its id and history."""
        return self._memory.move(ref, to_scope, scope, expected_revision)

    def forget(self, ref: str, scope: str | None = None,
               expected_revision: int | None = None) -> ArchivedFact:
        return self._shown(self._memory.forget(ref, scope, expected_revision))

    def purge_secrets(self, ref: str, scope: str | None = None, *, dry_run: bool = False) -> PurgeReport:
        """Mask every secret in the fact's active file, revisions and archive entries, in place;
        ``dry_run``: the files that hold one (``rewritten``), none written."""
        return self._memory.purge_secrets(ref, scope, dry_run=dry_run)

    def migrate(self) -> int:
        return self._memory.migrate()

    def _shown(self, result: _Written) -> _Written:
        """A write that changed the archive reported it: the watcher's echo is no news."""
        self._concerns.archive_shown()
        return result

    # Archive -----------------------------------------------------------------------------------

    def archived(self) -> list[ArchivedFact]:
        return self._memory.archived()

    def archived_fact(self, path: str | os.PathLike[str]) -> Fact:
        """One archive entry of this store read as a fact (as the Facts tab shows one); a file that
        is no longer a fact is an InvalidInput naming what is wrong (its text stays readable)."""
        from .memory.fact_file import FactFileError, parse_fact

        text = self.archived_text(path)
        scope = "team" if is_git_entry(str(path)) else self._memory.archive_entry(str(path))[1]
        try:
            return parse_fact(text, path=Path(str(path)), scope=scope, name_from_file=False)[0]
        except FactFileError as exc:
            raise InvalidInput(f"the archive entry is not a fact any more: {exc}") from exc

    def archived_text(self, path: str | os.PathLike[str]) -> str:
        """The file text of one archive entry of this store (NOT_FOUND for anything else); a
        forgotten team fact's (``git:<commit>:<file>``) is git's."""
        if is_git_entry(str(path)):
            return self._team.archived_text(str(path))
        owned, _scope = self._memory.archive_entry(str(path))
        try:
            return owned.read_bytes().decode("utf-8", "replace")
        except OSError as exc:
            raise StorageError(f"cannot read {owned}: {exc.strerror or exc}") from exc

    def recover(self, path: str) -> WriteResult:
        return self._shown(self._memory.recover(path))

    def delete_archived(self, path: str, *, dry_run: bool = False,
                        expected: ArchiveDeletion | None = None) -> ArchiveDeletion:
        """Delete an archive entry for good, and its earlier revisions when no active fact or other
        entry is that fact; ``dry_run`` says what would go, ``expected`` refuses anything else."""
        return self._memory.delete_archived(str(path), dry_run=dry_run, expected=expected)

    # Instructions and what each agent receives -------------------------------------------------

    def instructions(self, target: str | os.PathLike[str] | None = None) -> InstructionSet:
        """The resolved standing instructions for ``target`` (default: cwd inside the workspace)."""
        resolved = self._instructions.resolve(target)
        self._follow(resolved.watch_folders)
        return resolved

    def add_instruction_note(self, note: str, *, local: bool = False,
                             file: str | os.PathLike[str] | None = None) -> Path:
        """Quick add (``/remember <note>``) to ``file``, else to the default project file: returns
        the instruction file written."""
        return self._instructions.quick_add(note, local=local, file=file)

    def quick_add_targets(self, target: str | os.PathLike[str] | None = None) -> list[tuple[Path, bool]]:
        """The files a quick add may write to for ``target`` (default first), with whether each exists."""
        return self._instructions.quick_add_targets(target)

    def agent_instructions(self, agent: str = "reasonix", target: str | os.PathLike[str] | None = None,
                           homes: AgentHomes | None = None) -> AgentView:
        """What ``agent`` (one of :data:`AGENT_NAMES`) receives for ``target``, by its own rules:
        every document with its status (loaded, truncated, dropped, on_demand, skipped) and reason.
        ``homes`` says where the agents keep their files (default: from the environment)."""
        if agent not in AGENT_NAMES:
            raise InvalidInput(f"unknown agent {agent!r}; one of {', '.join(AGENT_NAMES)}")
        from .instructions.agent_compare import agent_view
        from .instructions.agent_view import AgentHomes

        resolved = self._instructions.resolve(_existing_target(target))
        view = agent_view(agent, resolved, homes or AgentHomes.from_environment())
        self._follow((*resolved.watch_folders, *view.watch_folders))
        return view

    def import_memories(self, source: str, *, dry_run: bool = False,
                        home: str | os.PathLike[str] | None = None) -> ImportReport:
        """Another agent's memories (``claude-code``, ``codex``, ``context-eng``) of this workspace and
        global, brought in as staged facts waiting in Suggestions; ``dry_run`` writes nothing."""
        from .importers.service import import_memories

        return import_memories(self, source, dry_run=dry_run, home=home)

    @property
    def costs(self) -> ContextCosts:
        """What context costs each agent here (``memory cost``), made per use like the review."""
        from .costs.report import ContextCosts

        return ContextCosts(self)

    def overview(self) -> StoreOverview:
        """The Overview's figures: facts, what each agent receives and costs, recall's record."""
        from .costs.overview import overview

        return overview(self)

    @property
    def review(self) -> MemoryReview:
        """The review queue of this store and workspace: what to merge, fix or let go, its decisions
        and their undo. Made on each use and holding nothing of its own (its decisions are the
        store's), so the engine keeps no cycle."""
        from .review.service import MemoryReview

        return MemoryReview(self)

    def adherence(self, agent: str | None = None, days: int = 30, target: str | os.PathLike[str] | None = None,
                  home: str | os.PathLike[str] | None = None) -> AdherenceReport:
        """Each standing rule Claude Code and Codex (or ``agent`` alone) received in this workspace,
        and whether each of their sessions of the last ``days`` followed it, read from their own
        transcripts under ``home`` (default: the user's), with the evidence."""
        from .adherence import AGENTS
        from .adherence.report import report
        from .instructions.agent_view import AgentHomes

        if agent is not None and agent not in AGENTS:
            raise InvalidInput(f"adherence reads the transcripts of {' and '.join(AGENTS)}; got {agent!r}")
        if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= 3650:
            raise InvalidInput(f"the days to look back must be a whole number from 1 to 3650; got {days!r}")
        homes = AgentHomes.from_environment() if home is None else \
            AgentHomes.from_environment({**os.environ, "HOME": str(home)})
        views = {name: self.agent_instructions(name, target, homes) for name in ((agent,) if agent else AGENTS)}
        return report(views, self.paths.workspace, _home(home), days, self._enforcement().enforced())

    def received_rules(self, agent: str | None = None, target: str | os.PathLike[str] | None = None) -> list[Rule]:
        """The standing rules Claude Code and Codex (or ``agent``) receive here, each with how a
        transcript or a tool call can check it (none: it cannot be)."""
        from .adherence import AGENTS
        from .adherence.report import received_rules

        if agent is not None and agent not in AGENTS:
            raise InvalidInput(f"rules are read for {' and '.join(AGENTS)}; got {agent!r}")
        return received_rules({name: self.agent_instructions(name, target) for name in ((agent,) if agent else AGENTS)})

    def enforce_plan(self, rule: str, agent: str, *, remove: bool = False,
                     target: str | os.PathLike[str] | None = None) -> EnforcementPlan:
        """What enforcing ``rule`` (its id, or its source: ``CLAUDE.md:7``) for ``agent`` at the tool
        call writes (``remove``: what no longer enforcing it writes), shown before anything is."""
        found = [r for r in self.received_rules(agent, target) if rule in (r.id, r.source)]
        if not found:
            raise NotFound(f"no rule {rule!r} among those {agent} receives here; `instructions adherence` lists "
                           "them with their ids and sources")
        return self._enforcement().plan(found[0], agent, remove)

    def apply_enforcement(self, plan: EnforcementPlan) -> list[Path | None]:
        """Write ``plan`` (each file backed up first); returns the backups."""
        return self._enforcement().apply(plan)

    def enforced(self) -> list[Enforced]:
        """The rules enforced at the tool call in this workspace, since when, and the calls each denied."""
        return self._enforcement().enforced()

    def tool_call_decision(self, event: dict[str, Any]) -> Decision:
        """Whether a Claude Code ``PreToolUse`` event's call breaks a rule enforced here (counted when
        it does); allow when nothing is enforced."""
        from .adherence.enforcement import ALLOW, count_denial, decide

        enforced = self._enforcement().enforced()
        if not enforced:
            return ALLOW
        decision = decide(event, enforced, self.paths.workspace)
        if decision.deny:
            try:
                count_denial(self.kept_rows, self.paths.project_key, decision.rule)
            except Exception as exc:  # noqa: BLE001 - a read-only or locked store: the call is denied all the same
                logging.getLogger("context_center.adherence").warning("could not count a denied call: %s", exc)
        return decision

    def _enforcement(self) -> Enforcement:
        from .adherence.enforcement import Enforcement

        return Enforcement(self.kept_rows, self.paths.project_key, self.paths.workspace, self.paths.root)

    def align_agents(self, agents: Sequence[str] | None = None,
                     source: str | os.PathLike[str] | None = None) -> AlignPlan:
        """What pointing ``agents`` (default: every one) at the workspace's AGENTS.md would change, each by
        its own means; ``source``: a file of the workspace's root whose text becomes AGENTS.md."""
        from .instructions import align

        return align.plan(self.paths.workspace, agents, None if source is None else Path(source))

    def apply_align(self, plan: AlignPlan) -> Path:
        """Write ``plan`` (backed up first); returns the folder of its backups."""
        from .instructions import align

        return align.apply(plan, self._align_backups(), self.paths.root)

    def undo_align(self) -> list[str]:
        """Take the latest align of this workspace back; returns the files restored."""
        from .instructions import align

        return align.undo(self._align_backups(), self.paths.root)

    def align_undoable(self) -> bool:
        """Is there an align of this workspace to take back (the window's Undo last align)?"""
        from .instructions import align

        try:
            return align.latest(self._align_backups()) is not None
        except OSError:
            return False

    def _align_backups(self) -> Path:
        return self.paths.root / "backups" / "align" / project_key(self.paths.workspace)   # (a worktree's own)

    def compare_agents(self, target: str | os.PathLike[str] | None = None, homes: AgentHomes | None = None,
                       agents: Sequence[str] | None = None) -> AgentComparison:
        """``agents`` (default: every one) side by side for ``target``: each file's fate per agent,
        and the differences."""
        from .instructions.agent_compare import compare
        from .instructions.agent_view import AgentHomes

        unknown = [agent for agent in agents or () if agent not in AGENT_NAMES]
        if unknown:
            raise InvalidInput(f"unknown agent {unknown[0]!r}; one of {', '.join(AGENT_NAMES)}")
        resolved = self._instructions.resolve(_existing_target(target))
        comparison = compare(resolved, homes or AgentHomes.from_environment(), agents or AGENT_NAMES)
        self._follow((*resolved.watch_folders, *comparison.watch_folders))
        return comparison

    def _follow(self, folders: tuple[Path, ...]) -> None:
        if self._watcher is not None:
            self._watcher.follow(folders)

    # Recall: what an agent's next turn is given, and the record of what hooks gave ------------

    def recall(self, message: str, max_chars: int | None = None, limit: int | None = None,
               *, record: bool = True) -> RecallResult:
        """What would be appended to the user turn ``message``; the decision is traced."""
        place = self.place()
        result = self._recall.recall(message, self._memory.snapshot, self._memory.overrides(place),
                                     max_chars=max_chars, limit=limit, place=place, settled=self.settled_disputes)
        if record:
            self.record_recall(result)
        return result

    def record_recall(self, result: RecallResult) -> None:
        """Keep ``result``'s trace for ``memory recall --last`` and the window; a secret the user
        pasted into the prompt is kept masked, never verbatim."""
        self._recall_traces.add(result)

    def last_recall(self, *, any_workspace: bool = False) -> dict[str, Any] | None:
        """The last recall trace recorded by any process for this workspace (or any)."""
        return self._recall_traces.last(any_workspace=any_workspace)

    def record_injection(self, given: RecallResult | SessionContext, *, agent: str, session_id: str = "",
                         source: str = "") -> int | None:
        """Keep what a hook gave ``agent`` (a recall result, or the session context at a session's
        start), secrets masked; returns its id, or None when nothing is kept (a read-only store, or
        the record turned off by its settings)."""
        return self._injections.add(given, agent=agent, session_id=session_id, source=source)

    def injections(self, session: str | None = None, limit: int | None = None, *,
                   traces: bool = True) -> list[Injection]:
        """What the hooks gave agents in this workspace, newest first (one ``session`` if given);
        ``traces=False``: each with an empty trace, for a caller that counts or costs them."""
        return self._injections.listed(session, limit, traces)

    def injection_sessions(self) -> list[str]:
        """The session ids with an injection record in this workspace, most recently active first."""
        return self._injections.sessions()

    def injection(self, injection_id: int) -> Injection:
        return self._injections.one(injection_id)

    def why_not(self, fact_ref: str, injection_id: int, scope: str | None = None) -> WhyNot:
        """Ask the gate again about one fact for one recorded injection: its decision and reason."""
        from .recall.injection_log import why_not

        record, fact = self.injection(injection_id), self._memory.resolve(fact_ref, scope)
        place = self.place()
        return why_not(record, fact, lambda query, f, chars, limit: self._recall.explain(
            query, f, self._memory.snapshot, self._memory.overrides(place), max_chars=chars, limit=limit,
            place=place, settled=self.settled_disputes), self.session_context)

    def injection_bounds(self) -> tuple[int, int]:
        """(days, entries) the injection record keeps (``injections.keep_days`` / ``keep_entries``)."""
        return self._injections.bounds()

    def set_injection_bounds(self, days: int | None = None, entries: int | None = None) -> int:
        """Change what the injection record keeps (0 turns it off and removes what it held); applied
        at once. Returns how many records went."""
        return self._injections.set_bounds(days, entries)

    def prune_injections(self) -> int:
        """Apply the record's bounds now (not only on the next write); returns how many records went."""
        return self._injections.prune()

    # Search ------------------------------------------------------------------------------------

    def sync_search_index(self, progress: Progress | None = None) -> SyncReport:
        """Bring the Whoosh index in step with the facts (a cold build reports progress)."""
        return self._search.sync(self._memory.snapshot, progress)

    def rebuild_search_index(self, progress: Progress | None = None) -> SyncReport:
        return self._search.rebuild(self._memory.snapshot, progress)

    def sync_meaning(self, progress: Progress | None = None) -> int:
        """Embed the facts the meaning leg has no vector for (new or changed ones; the first time,
        all: minutes at 10,000 facts, so the window does it in its index child); how many. Nothing
        when the leg is off."""
        meaning = self._search.meaning
        if meaning is None or not meaning.state().on:
            return 0
        return meaning.update([f for f in self._memory.snapshot.facts if f.status != "staging"], progress)

    def nearest_in_meaning(self, query: str, allowed: Callable[[str, str], bool], depth: int) -> list[
            tuple[str, str, float]]:
        """(scope, id, cosine) of the ``depth`` facts ``allowed(scope, id)`` nearest in meaning to
        ``query`` (the agents' search fuses them with its own ranking); none when the leg is off."""
        meaning = self._search.meaning
        if meaning is None:
            return []
        found = meaning.nearest(query, lambda key: allowed(*key.split(":", 1)), depth)
        return [(scope, fact_id, cosine) for key, cosine in found for scope, _, fact_id in [key.partition(":")]]

    def search_legs(self) -> dict[str, Any]:
        """Which legs explicit search runs on: ``{"meaning": bool, "model", "why", "code", "embedded",
        "facts", "describe"}`` (``embedded``: how many facts have a vector, read from the vectors)."""
        meaning = self._search.meaning
        state = meaning.state() if meaning is not None else None
        on = bool(state and state.on)
        facts = sum(1 for f in self._memory.snapshot.facts if f.status != "staging")
        return {"words": "BM25", "meaning": on, "model": state.model if state else "",
                "why": state.why if state else "", "code": state.code if state else "turned_off",
                "embedded": meaning.embedded() if meaning is not None and on else None, "facts": facts,
                "describe": state.describe() if state else "BM25 alone"}

    def search(self, query: str, limit: int = SEARCH_LIMIT) -> SearchResult:
        """Explicit search over every promoted fact (stale and expired included)."""
        return self._search.search(query, self._memory.snapshot, limit)

    # Suggestions: candidates from transcripts, and agents' proposals ---------------------------

    def suggestions(self, home: str | os.PathLike[str] | None = None,
                    progress: Progress | None = None) -> SuggestionSet:
        """Scan recent local transcripts of this workspace for memory and skill candidates."""
        return self._suggestions.scan(_home(home), progress)

    def current_suggestions(self, home: str | os.PathLike[str] | None = None) -> SuggestionSet:
        """The last scan with every decision since applied (no transcript is read again)."""
        return self._suggestions.current(_home(home))

    def accept_suggestion(self, candidate_id: str, edits: FactInput | None = None,
                          skill_dir: str | os.PathLike[str] | None = None,
                          home: str | os.PathLike[str] | None = None, skill_body: str | None = None,
                          skill_name: str | None = None) -> Acceptance:
        """Store a memory candidate (edited first if ``edits``) through the normal store, or write
        a skill candidate's SKILL.md (``skill_body`` if edited, named ``skill_name`` if given) at
        ``skill_file(skill_dir, name)``, creating the folders (default: ``default_skill_folder``).
        Works on the last scan (scanning once if there is none)."""
        return self._suggestions.accept(_home(home), candidate_id, edits, skill_dir, skill_body, skill_name)

    def dismiss_suggestion(self, candidate_id: str, home: str | os.PathLike[str] | None = None) -> None:
        """Never suggest this candidate again in this workspace (remembered in the catalog)."""
        self._suggestions.dismiss(_home(home), candidate_id)

    def dismissed_suggestions(self, home: str | os.PathLike[str] | None = None) -> list[Dismissal]:
        """The candidates dismissed in this workspace, newest first, each with its candidate when
        the recent transcripts still hold it."""
        return self._suggestions.current(_home(home)).dismissed

    def undismiss_suggestion(self, candidate_id: str) -> None:
        """Undo a dismissal: the candidate is suggested again when the transcripts still hold it."""
        self._suggestions.undismiss(candidate_id)

    def suggestion_provenance(self, fact: Fact) -> dict[str, Any] | None:
        """For a fact stored by accepting a suggestion: ``{"id", "why", "how_to_apply",
        "evidence": [{"source", "session", "timestamp", "text"}]}`` from its front matter; else None."""
        return self.fact_view(fact).provenance

    def agent_proposals(self) -> list[Proposal]:
        """Staged memories waiting for the user, newest first (``.stale`` after 30 days)."""
        return proposal_review.proposals(self._memory.snapshot.facts)

    def approve_proposal(self, ref: str, scope: str | None = None, edits: FactInput | None = None) -> WriteResult:
        """Promote a staged memory, edited first if ``edits``; secrets, subject conflicts and
        duplicates are checked again now."""
        return proposal_review.approve_proposal(self._memory, ref, scope, edits)

    def reject_proposal(self, ref: str, scope: str | None = None) -> ArchivedFact:
        """Delete a staged memory to the archive (recoverable)."""
        return self._shown(proposal_review.reject_proposal(self._memory, ref, scope))

    # Team: facts committed with the code, their history and archive by git --------------------

    def team_history_note(self) -> str:
        """Why team facts have no git history here ("" when they do)."""
        return self._team.history_note()

    def team_statuses(self, facts: list[Fact] | None = None) -> dict[Path, TeamStatus]:
        """Fact path → who changed it last (git author, date) and whether it has uncommitted
        changes, for every team fact (of ``facts`` if given). Runs git: off the GUI thread."""
        return self._team.statuses(self.facts() if facts is None else facts)

    def team_changes(self) -> list[TeamChange]:
        """The team folder's files that differ from the last commit: each with its diff, who
        changed it last and what the pre-commit check finds. Runs git: off the GUI thread."""
        return self._team.changes()

    def commit_team_facts(self, message: str, expected: dict[str, str] | None = None) -> TeamCommit:
        """Commit the team folder's changes, checked first, and nothing else the user staged
        (``expected``: path → digest of each change as shown; anything else refuses)."""
        return self._team.commit(message, expected)

    def share_with_team(self, ref: str, scope: str | None = None) -> WriteResult:
        """Copy a personal fact into the team scope (a new id, an uncommitted change); the personal
        one is kept, and overrides the copy until it is removed."""
        return self._team.share(self._memory.resolve(ref, scope))

    def team_archived_text(self, path: str) -> str:
        """The text of a forgotten team fact, ``git:<commit>:<file>``, as that commit holds it."""
        return self._team.archived_text(path)

    # Sync: the personal store on several machines ----------------------------------------------

    def sync_init(self, remote: str) -> SyncResult:
        """Make the state root's facts a git work tree with ``remote`` and sync it (a remote that
        already has history is merged with the facts here)."""
        return self._synced(self._sync.init(remote))

    def sync(self) -> SyncResult:
        """Pull, commit the local changes, push. Offline is ``.offline`` with a ``.warning``."""
        return self._synced(self._sync.sync())

    def _synced(self, result: SyncResult) -> SyncResult:
        from .sync.service import LAST_RESULT_SETTING

        self._memory.reload(full=True)
        self._catalog.set_setting(LAST_RESULT_SETTING, result.to_json())
        return result

    def sync_status(self) -> dict[str, Any]:
        """``{"initialised", "remote", "machine", "interval_minutes", "last"}`` (``last``: the last
        sync's JSON on this machine, or None)."""
        return self._sync.status(self._catalog.setting)

    def sync_interval(self) -> int:
        """Minutes between background syncs in the window: 0 (off) until sync is set up, then the
        setting (default 15)."""
        return self._sync.interval(self._catalog.setting)

    def set_sync_interval(self, minutes: int) -> None:
        from .sync.service import INTERVAL_SETTING

        self._catalog.set_setting(INTERVAL_SETTING, self._sync.checked_interval(minutes))

    def sync_conflicts(self) -> list[tuple[Fact, dict[str, Any]]]:
        """Every fact a sync flagged, with its flag as seen from this machine."""
        return self._sync.conflicts(self._memory.snapshot.facts)

    def resolve_sync_conflict(self, ref: str, keep: str, scope: str | None = None,
                              edits: FactInput | None = None) -> WriteResult | ArchivedFact:
        """Keep ``mine`` / ``theirs`` (a forget when that side had forgotten it) or ``edit``."""
        from .sync.resolution import resolve

        result = resolve(self._memory, self._sync.machine, ref, keep, scope, edits)
        return self._shown(result) if isinstance(result, ArchivedFact) else result

    # Settings, and what the rooms above the facade keep in the catalog -------------------------

    def record_search_returns(self, fact_ids: list[str]) -> None:
        """An agent's search (MCP ``memory_search``) returned these facts: their ids and the time
        only, noted here and written off the search's path (:mod:`.storage.search_returns`)."""
        if fact_ids and not self.read_only:
            self._search_returns.note(fact_ids, clock.format_timestamp(clock.now()))

    def search_returns(self) -> dict[str, tuple[int, str]]:
        """Fact id → (times an agent's search returned it, when last)."""
        return self._search_returns.read()

    @cached_property
    def found_disputes(self) -> FoundDisputes:
        """The contradictions the review last found, named by recall beside each side
        (:mod:`.recall.found_disputes`)."""
        from .recall.found_disputes import FoundDisputes

        return FoundDisputes(self.paths.disputes_cache_file)

    def keep_found_disputes(self, pairs: list[tuple[Fact, Fact]]) -> None:
        """Keep the review's contradictions for recall (not on a read-only store)."""
        if not self.read_only:
            from .recall.found_disputes import save

            save(self.paths.disputes_cache_file, pairs)

    def settled_disputes(self) -> frozenset[str]:
        """The disputes the user settled in review, dismissing a contradiction ("both are right"):
        recall no longer names them (:func:`.memory.settled.pair_key` of each). Made per call: kept on
        the engine, its bound methods would hold the engine in a cycle."""
        return SettledDisputes(self.kept_rows).keys()

    @cached_property
    def _search_returns(self) -> SearchReturns:
        return SearchReturns(self._catalogs, read_only=self.read_only)   # (the opener: no cycle through self)

    def setting(self, key: str, default: Any = None) -> Any:
        """A setting every face reads alike (``mcp.policy``, ``judge.url``…), from the catalog."""
        value = self._catalog.setting(key)
        return default if value is None else value

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting (``None`` removes it). Never a secret: those go to the keyring."""
        self._catalog.set_setting(key, value)

    def kept_rows(self, kind: str, bound: int) -> KeptRows:
        """The rows of what the user decided of one ``kind`` (the review's decisions, dismissals…),
        at most ``bound`` of them; each change writes its row, never the whole kind."""
        return KeptRows(self._catalog, kind, bound)

    def agent_categories(self, scope_key: str) -> dict[str, str]:
        """The context-eng category registry of ``scope_key`` (canonical → display name)."""
        return self._catalog.agent_categories(scope_key)

    def register_agent_category(self, scope_key: str, canonical: str, display: str) -> None:
        self._catalog.register_agent_category(scope_key, canonical, display, clock.format_timestamp(clock.now()))

    def imported_keys(self, scope_key: str) -> dict[str, str]:
        """What an import already brought into ``scope_key``: the source's key → the fact's id."""
        return self._catalog.imported_keys(scope_key)

    def record_import(self, scope_key: str, key: str, fact_id: str) -> None:
        self._catalog.record_import(scope_key, key, fact_id, clock.format_timestamp(clock.now()))


def _existing_target(target: str | os.PathLike[str] | None) -> str | os.PathLike[str] | None:
    """``target`` if it names something that exists (a file stands for its folder); an agent's view
    of a folder that is not there would describe nothing real."""
    if target is not None and not Path(target).expanduser().exists():
        raise InvalidInput(f"the target {target} does not exist")
    return target


def _home(home: str | os.PathLike[str] | None) -> Path:
    return Path(home) if home else Path.home()


def _holds_files(folder: Path) -> bool:
    """Whether ``folder`` holds a fact file (a project folder's memory left behind)."""
    try:
        with os.scandir(folder) as entries:
            return any(entry.name.endswith(".md") and entry.name != "MEMORY.md" for entry in entries)
    except OSError:
        return False


__all__ = ["Engine", "EngineParts"]

