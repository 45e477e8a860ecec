"""The facade: one object per (state root, workspace) that every face talks to."""
from __future__ import annotations

import datetime as dt
import gc
import logging
import os
import re
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable

from . import clock
from .errors import InvalidInput, NotFound, StorageError
from .instructions.agent_rules import AGENTS as AGENT_NAMES
from .instructions.resolver import InstructionResolver, InstructionSet
from .memory.fact_input import FactInput, WriteResult
from .memory.fact_store import FactStore
from .memory.freshness import freshness, freshness_of
from .memory.memory_service import MemoryService, PurgeReport
from .memory.overrides import Overrides
from .memory.project_folder import adopt_legacy_project_folder
from .memory.repair import repair_interrupted_writes
from .memory.sensitive import SecretWords
from .records import ArchivedFact, Diagnostic, Fact, Revision, SessionContext, Subject
from .storage.atomic_write import remove_stale_temp_files
from .storage.catalog_file import CatalogOpener, DirectAccess, aside_diagnostics
from .storage.fact_cache import TABLES as FACT_TABLES
from .storage.fact_cache import FactCache
from .storage.paths import StorePaths
from .storage.store_lock import StoreLock
from .storage.trace_log import TABLES as TRACE_TABLES
from .storage.trace_log import TraceLog
from .sync.conflict_flag import read_flag
from .sync.project_adoption import adopt_project_folder, aliased_paths

if TYPE_CHECKING:  # NumPy and Whoosh load on first recall / search, keeping other commands fast
    from .agents.review import Proposal
    from .importers.records import ImportReport
    from .instructions.agent_compare import AgentComparison
    from .instructions.agent_view import AgentHomes, AgentView
    from .recall.injection_log import Injection, WhyNot
    from .recall.recall_records import RecallResult
    from .recall.search import SearchResult, SearchService
    from .recall.search_index import SyncReport
    from .recall.service import RecallService
    from .storage.catalog import Catalog
    from .storage.file_watch import FileWatcher
    from .suggestions.candidates import Dismissal, SuggestionSet
    from .suggestions.service import Acceptance, SuggestionService
    from .sync.service import SyncResult, SyncService
    from .team.status import TeamStatus

log = logging.getLogger("context_center.engine")
Progress = Callable[[int, int], None]
SEARCH_LIMIT = 8
_LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


class Engine:
    """Facts, instructions, recall, search and suggestions for one state root and workspace.

    Not thread-safe: use it from one thread (the window runs it on one worker thread)."""

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
        with self._lock:
            if paths.bound:
                moved = adopt_legacy_project_folder(paths)
                paths, adopted = self._adopt_synced_folder(paths)
                self.paths, moved = paths, (*moved, *adopted)
            for scope in paths.scopes:   # what a kill or a full disk left behind
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
            with self._lock:
                repairs = self._repair()
                for repair in repairs:
                    log.warning("context-center: %s", repair)
                if repairs:
                    self.memory.reload(full=True)
        # The facts just loaded live as long as the engine: the cyclic collector need not walk them on
        # every full collection (at 100,000 facts each took most of a second). They are still freed
        # by their reference counts.
        gc.freeze()
        self._instructions = InstructionResolver(paths.root, paths.workspace, self._lock)
        self._recall: RecallService | None = None
        self._search: SearchService | None = None
        self._watcher: FileWatcher | None = None
        self._suggestions: SuggestionService | None = None
        self._archive_seen: frozenset[str] | None = None   # the archive as last reported to a face
        self._sync: SyncService | None = None

    # lifecycle ---------------------------------------------------------------------

    def _repair(self) -> list[str]:
        try:
            return repair_interrupted_writes(self._store)
        except Exception as exc:  # noqa: BLE001 - a full disk, or anything odd: the repair must never brick the
            # store; it waits for the next open, and every read works meanwhile
            log.warning("context-center: an interrupted write could not be finished yet (%s: %s)",
                        type(exc).__name__, exc)
            return []

    @property
    def _catalog(self) -> Catalog:
        """The catalog's state with no file of its own (settings, decisions, the injection
        record…), opened on first use: SQLAlchemy takes 0.13 s to import, and a command that
        reads or writes facts needs none of it (their rows and the recall traces go through
        :class:`DirectAccess`)."""
        return self._catalogs()

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

    def facts(self) -> list[Fact]:
        return list(self.memory.snapshot.facts)

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
        data = fact.to_json(freshness=told, body=body)
        overridden = overrides.get((fact.scope, fact.id)) if overrides else None
        data["overridden_by"] = overridden[0].ref if overridden else None
        if overridden:
            data["overridden_why"] = overridden[1]
        flag = read_flag(fact) if fact.extra else None   # (a flag is an extra key: most facts have none)
        if flag is not None:
            data["sync_conflict"] = flag.to_json(self._sync_service().machine)
        return data

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

    def session_context(self) -> SessionContext:
        return self.memory.session_context()

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

    # recall -------------------------------------------------------------------------------

    def recall(self, message: str, max_chars: int | None = None, limit: int | None = None,
               *, record: bool = True) -> RecallResult:
        """What would be appended to the user turn ``message``; the decision is traced."""
        result = self._recall_service().recall(message, self.memory.snapshot, self.memory.overrides(),
                                     max_chars=max_chars, limit=limit)
        if record:
            self.record_recall(result)
        return result

    def _recall_service(self) -> RecallService:
        if self._recall is None:
            from .recall.service import RecallService

            self._recall = RecallService(self.paths.recall_cache_file)
        return self._recall

    def record_recall(self, result: RecallResult) -> None:
        """Keep ``result``'s trace for ``memory recall --last`` and the window; a secret the user
        pasted into the prompt is kept masked, never verbatim."""
        secrets = SecretWords.of(result.query)   # the terms cut from a secret go too, not only the query
        trace = secrets.scrub({**result.to_json(), "query": secrets.masked})
        self._traces.add(self.paths.workspace, clock.format_timestamp(clock.now()), trace)

    def last_recall(self, *, any_workspace: bool = False) -> dict[str, Any] | None:
        """The last recall trace recorded by any process for this workspace (or any)."""
        return self._traces.last(None if any_workspace else self.paths.workspace)

    # the injection record: what a hook gave an agent (recall/injection_log.py) ------------------

    def record_injection(self, given: RecallResult | SessionContext, *, agent: str, session_id: str = "",
                         source: str = "") -> int | None:
        """Keep what a hook gave ``agent`` (a recall result, or the session context at a session's
        start), secrets masked; returns its id, or None when nothing is kept (a read-only store, or
        the record turned off by its settings)."""
        from .recall import injection_log as log_

        if self._lock.read_only or self._catalog.read_only:
            return None
        now = clock.now()
        time, workspace = clock.format_timestamp(now), self.paths.workspace
        record = (log_.from_session_context(given, agent=agent, session_id=session_id, source=source,
                                            workspace=workspace, time=time) if isinstance(given, SessionContext)
                  else log_.from_recall(given, agent=agent, session_id=session_id, workspace=workspace, time=time))
        return log_.record(self._catalog, record, now)

    def injections(self, session: str | None = None, limit: int | None = None) -> list[Injection]:
        """What the hooks gave agents in this workspace, newest first (one ``session`` if given)."""
        from .recall.injection_log import recorded

        return recorded(self._catalog, self.paths.workspace, session, limit)

    def injection_sessions(self) -> list[str]:
        """The session ids with an injection record in this workspace, most recently active first."""
        return self._catalog.injection_sessions(self.paths.workspace)

    def injection(self, injection_id: int) -> Injection:
        from .recall.injection_log import recorded

        found = recorded(self._catalog, self.paths.workspace, injection_id=injection_id)
        if not found:
            raise NotFound(f"no injection record {injection_id} in this workspace (records are kept "
                           "for a while, then pruned)")
        return found[0]

    def why_not(self, fact_ref: str, injection_id: int, scope: str | None = None) -> WhyNot:
        """Ask the gate again about one fact for one recorded injection: its decision and reason."""
        from .recall.injection_log import why_not

        record, fact = self.injection(injection_id), self.memory.resolve(fact_ref, scope)
        return why_not(record, fact, lambda query, f, chars, limit: self._recall_service().explain(
            query, f, self.memory.snapshot, self.memory.overrides(), max_chars=chars, limit=limit),
            self.session_context)

    def injection_bounds(self) -> tuple[int, int]:
        """(days, entries) the injection record keeps (``injections.keep_days`` / ``keep_entries``)."""
        from .recall.injection_log import bounds

        return bounds(self._catalog.setting)

    def set_injection_bounds(self, days: int | None = None, entries: int | None = None) -> int:
        """Change what the injection record keeps (0 turns it off and removes what it held); applied
        at once. Returns how many records went."""
        from .recall.injection_log import KEEP_DAYS_SETTING, KEEP_ENTRIES_SETTING, check_bounds

        check_bounds(days, entries)
        for key, value in ((KEEP_DAYS_SETTING, days), (KEEP_ENTRIES_SETTING, entries)):
            if value is not None:
                self._catalog.set_setting(key, value)
        return self.prune_injections()

    def prune_injections(self) -> int:
        """Apply the record's bounds now (not only on the next write); returns how many records went.
        A bound of 0 turns the record off and removes what it held."""
        from .recall.injection_log import bounds, keep_from

        days, entries = bounds(self._catalog.setting)
        return self._catalog.prune_injections(keep_entries=entries if days else 0,
                                              keep_from=keep_from(clock.now(), days))

    # search ---------------------------------------------------------------------------------

    def _search_service(self) -> SearchService:
        if self._search is None:
            from .recall.search import SearchService

            self._search = SearchService(self.paths.search_index_dir)
        return self._search

    def sync_search_index(self, progress: Progress | None = None) -> SyncReport:
        """Bring the Whoosh index in step with the facts (a cold build reports progress)."""
        return self._search_service().sync(self.memory.snapshot, progress)

    def rebuild_search_index(self, progress: Progress | None = None) -> SyncReport:
        return self._search_service().rebuild(self.memory.snapshot, progress)

    def search(self, query: str, limit: int = SEARCH_LIMIT) -> SearchResult:
        """Explicit search over every promoted fact (stale and expired included)."""
        return self._search_service().search(query, self.memory.snapshot, limit)

    # suggestions ------------------------------------------------------------------------------

    def _suggestion_service(self) -> SuggestionService:
        if self._suggestions is None:
            from .suggestions.service import SuggestionService

            self._suggestions = SuggestionService(self.paths.workspace, self._catalog, self._known_texts,
                                                  lambda request: self.remember(request).fact)
        return self._suggestions

    def _known_texts(self) -> list[str]:
        """What is already known: every fact's title, description and body lines, every instruction line."""
        texts: list[str] = []
        for fact in self.facts():
            texts += [fact.title, fact.description, *fact.body.splitlines()]
        # resolved without touching what the watcher follows (that is the Instructions tab's target)
        for document in self._instructions.resolve(self.paths.workspace).documents:
            texts += [_LIST_MARKER.sub("", line) for line in document.body.splitlines()]
        return [t.strip() for t in texts if len(t.strip()) >= 4]

    @staticmethod
    def _home(home: str | os.PathLike[str] | None) -> Path:
        return Path(home) if home else Path.home()

    def suggestions(self, home: str | os.PathLike[str] | None = None,
                    progress: Progress | None = None) -> SuggestionSet:
        """Scan recent local transcripts of this workspace for memory and skill candidates."""
        return self._suggestion_service().scan(self._home(home), progress)

    def current_suggestions(self, home: str | os.PathLike[str] | None = None) -> SuggestionSet:
        """The last scan with every decision since applied (no transcript is read again)."""
        return self._suggestion_service().current(self._home(home))

    def accept_suggestion(self, candidate_id: str, edits: FactInput | None = None,
                          skill_dir: str | os.PathLike[str] | None = None,
                          home: str | os.PathLike[str] | None = None, skill_body: str | None = None,
                          skill_name: str | None = None) -> Acceptance:
        """Store a memory candidate (edited first if ``edits``) through the normal store, or write
        a skill candidate's SKILL.md (``skill_body`` if edited, named ``skill_name`` if given) at
        ``skill_file(skill_dir, name)``, creating the folders (default: ``default_skill_folder``).
        Works on the last scan (scanning once if there is none)."""
        return self._suggestion_service().accept(self._home(home), candidate_id, edits, skill_dir, skill_body,
                                                 skill_name)

    def dismiss_suggestion(self, candidate_id: str, home: str | os.PathLike[str] | None = None) -> None:
        """Never suggest this candidate again in this workspace (remembered in the catalog)."""
        self._suggestion_service().dismiss(self._home(home), candidate_id)

    def dismissed_suggestions(self, home: str | os.PathLike[str] | None = None) -> list[Dismissal]:
        """The candidates dismissed in this workspace, newest first, each with its candidate when
        the recent transcripts still hold it."""
        return self._suggestion_service().current(self._home(home)).dismissed

    def undismiss_suggestion(self, candidate_id: str) -> None:
        """Undo a dismissal: the candidate is suggested again when the transcripts still hold it."""
        self._suggestion_service().undismiss(candidate_id)

    def suggestion_provenance(self, fact: Fact) -> dict[str, Any] | None:
        """For a fact stored by accepting a suggestion: ``{"id", "why", "how_to_apply",
        "evidence": [{"source", "session", "timestamp", "text"}]}`` from its front matter; else None."""
        if not fact.metadata_extra:   # nearly every fact: no import, no YAML (the Facts tab asks for each)
            return None
        from .suggestions.service import provenance

        return provenance(fact)

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

    def _archive_listing(self) -> frozenset[str]:
        """The names in both archive folders: tells another process's archive change from our own."""
        names: set[str] = set()
        for scope in self.paths.scopes:
            folder = self.paths.archive_dir(self.paths.memory_dir(scope))
            try:
                names.update(f"{scope}/{name}" for name in os.listdir(folder))
            except OSError:
                continue
        return frozenset(names)

    # team scope (engine/team/): facts in the repository, history and archive by git ---------------

    def team_history_note(self) -> str:
        """Why team facts have no git history here ("" when they do)."""
        from .team.repository import NO_GIT_NOTE

        team = self.memory.team
        return NO_GIT_NOTE if team is not None and not team.available else ""

    def team_statuses(self, facts: list[Fact] | None = None) -> dict[Path, TeamStatus]:
        """Fact path → who changed it last (git author, date) and whether it has uncommitted
        changes, for every team fact (of ``facts`` if given). Runs git: off the GUI thread."""
        from .team.status import team_statuses

        team = self.memory.team
        chosen = self.facts() if facts is None else facts
        return team_statuses(team, chosen) if team is not None else {}

    def share_with_team(self, ref: str, scope: str | None = None) -> WriteResult:
        """Copy a personal fact into the team scope (a new id, an uncommitted change); the personal
        one is kept, and overrides the copy until it is removed."""
        from .team.share import shared_copy

        fact = self.memory.resolve(ref, scope)
        return WriteResult(self.memory.create(shared_copy(fact, self.paths.scopes)))

    def team_archived_text(self, path: str) -> str:
        """The text of a forgotten team fact, ``git:<commit>:<file>``, as that commit holds it."""
        from .team.archive import read_git_entry

        team = self.memory.team
        if team is None:
            raise NotFound(f"{path} names a team fact, but no project is bound", hint="archived_paths")
        commit, relative, _fact = read_git_entry(team, path)
        return team.show(commit, relative) or ""

    # end of the team scope -----------------------------------------------------------------

    def purge_secrets(self, ref: str, scope: str | None = None) -> PurgeReport:
        """Mask every secret in the fact's active file, revisions and archive entries, in place."""
        return self.memory.purge_secrets(ref, scope)

    def migrate(self) -> int:
        return self.memory.migrate()


    # sync: the personal store on several machines (engine/sync/) ---------------------------------

    @staticmethod
    def _adopt_synced_folder(paths: StorePaths) -> tuple[StorePaths, tuple[Diagnostic, ...]]:
        """In a synced state root, join the project folder every machine uses for this repository."""
        if not (paths.root / ".git").is_dir():
            return paths, ()
        try:
            return adopt_project_folder(paths)
        except (OSError, StorageError) as exc:   # a read-only root: the folder is joined next time
            log.warning("context-center: the synced project folder could not be adopted (%s)", exc)
            return paths, ()

    def _sync_service(self) -> SyncService:
        if self._sync is None:
            from .sync.service import SyncService

            self._sync = SyncService(self.paths, self._lock)
        return self._sync

    def sync_init(self, remote: str) -> SyncResult:
        """Make the state root's facts a git work tree with ``remote`` and sync it (a remote that
        already has history is merged with the facts here)."""
        return self._synced(self._sync_service().init(remote))

    def sync(self) -> SyncResult:
        """Pull, commit the local changes, push. Offline is ``.offline`` with a ``.warning``."""
        return self._synced(self._sync_service().sync())

    def _synced(self, result: SyncResult) -> SyncResult:
        self.memory.reload(full=True)
        self._catalog.set_setting("sync.last_result", result.to_json())
        return result

    def sync_status(self) -> dict[str, Any]:
        """``{"initialised", "remote", "machine", "interval_minutes", "last"}`` (``last``: the last
        sync's JSON on this machine, or None)."""
        from .sync.service import last_result

        service = self._sync_service()
        ready = service.initialised()
        return {"initialised": ready, "remote": service.tree.remote_url() if ready else None,
                "machine": service.machine if ready else None, "interval_minutes": self.sync_interval(),
                "last": last_result(self._catalog.setting("sync.last_result"))}

    def sync_interval(self) -> int:
        """Minutes between background syncs in the window: 0 (off) until sync is set up, then the
        setting (default 15)."""
        from .sync.service import DEFAULT_INTERVAL_MINUTES, INTERVAL_SETTING

        if not (self.paths.root / ".git").is_dir():
            return 0
        value = self._catalog.setting(INTERVAL_SETTING)
        return value if isinstance(value, int) and value >= 0 else DEFAULT_INTERVAL_MINUTES

    def set_sync_interval(self, minutes: int) -> None:
        from .sync.service import INTERVAL_SETTING

        if not isinstance(minutes, int) or minutes < 0:
            raise InvalidInput("the sync interval is a number of minutes, 0 for off")
        self._catalog.set_setting(INTERVAL_SETTING, minutes)

    def sync_conflicts(self) -> list[tuple[Fact, dict[str, Any]]]:
        """Every fact a sync flagged, with its flag as seen from this machine."""
        machine = self._sync_service().machine
        return [(fact, flag.to_json(machine)) for fact in self.memory.snapshot.facts
                if (flag := read_flag(fact)) is not None]

    def resolve_sync_conflict(self, ref: str, keep: str, scope: str | None = None,
                              edits: FactInput | None = None) -> WriteResult | ArchivedFact:
        """Keep ``mine`` / ``theirs`` (a forget when that side had forgotten it) or ``edit``."""
        from .sync.resolution import resolve

        result = resolve(self.memory, self._sync_service().machine, ref, keep, scope, edits)
        if isinstance(result, ArchivedFact):
            self._archive_seen = self._archive_listing()
        return result

    # end of sync ----------------------------------------------------------------------------------

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
