"""The facade's recall: what an agent's next turn would be given (and its trace), the record of
what hooks gave agents, and explicit search over the Whoosh index."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import clock
from .errors import NotFound
from .facade_base import EngineBase, Progress
from .memory.sensitive import SecretWords
from .records import SessionContext
from .storage.trace_log import TraceLog

if TYPE_CHECKING:  # NumPy and Whoosh load on first recall / search, keeping other commands fast
    from .recall.injection_log import Injection, WhyNot
    from .recall.recall_records import RecallResult
    from .recall.service import RecallService
    from .search.index import SyncReport
    from .search.service import SearchResult, SearchService

SEARCH_LIMIT = 8


class RecallPart(EngineBase):
    _traces: TraceLog
    _recall: RecallService | None
    _search: SearchService | None

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
            from .search.service import SearchService

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
