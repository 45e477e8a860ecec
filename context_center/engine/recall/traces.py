"""The recall trace: every recall's decisions, kept for ``memory recall --last`` and the window.
A secret the user pasted into the prompt is kept masked, never verbatim."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import clock
from ..memory.sensitive import SecretWords
from ..storage.trace_log import TraceLog
from .recall_records import RecallResult


class RecallTraces:
    def __init__(self, log: TraceLog, workspace: Path) -> None:
        self._log, self._workspace = log, workspace

    def add(self, result: RecallResult) -> None:
        secrets = SecretWords.of(result.query)   # the terms cut from a secret go too, not only the query
        trace = secrets.scrub({**result.to_json(), "query": secrets.masked})
        self._log.add(self._workspace, clock.format_timestamp(clock.now()), trace)

    def last(self, *, any_workspace: bool = False) -> dict[str, Any] | None:
        """The last trace any process recorded for this workspace (or any)."""
        return self._log.last(None if any_workspace else self._workspace)
