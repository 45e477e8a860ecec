"""The facade's suggestions: memory and skill candidates from the workspace's recent agent
transcripts, and the user's decisions on them."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .facade_base import EngineBase, Progress
from .memory.fact_input import FactInput
from .records import Fact

if TYPE_CHECKING:
    from .suggestions.candidates import Dismissal, SuggestionSet
    from .suggestions.service import Acceptance, SuggestionService

_LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


class SuggestionsPart(EngineBase):
    _suggestions: SuggestionService | None

    def _suggestion_service(self) -> SuggestionService:
        if self._suggestions is None:
            from .suggestions.service import SuggestionService

            self._suggestions = SuggestionService(self.paths.workspace, self._catalog, self._known_texts,
                                                  lambda request: self.memory.remember(request).fact)
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
