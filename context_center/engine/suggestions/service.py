"""The suggestions of one workspace: scan, decide (accept, dismiss, undo), and remember the last scan.

A scan reads the recent transcripts (the slow part); the decisions that follow it work on
that scan and keep it in step, so accepting or dismissing one candidate never reads every
transcript again. The service holds no reference to the facade: it is given what it needs
(what is already known, and how to store a fact) when it is made.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .. import clock
from ..errors import InvalidInput, NameConflict, NotFound, SensitiveContent, StorageError
from ..memory import sensitive
from ..memory.fact_file import metadata_entry, metadata_value
from ..memory.fact_input import FactInput
from ..records import Change, Fact, Progress
from ..storage.atomic_write import create_exclusive
from .candidates import (
    MAX_SESSIONS,
    Dismissal,
    MemoryCandidate,
    SkillCandidate,
    SuggestionSet,
    default_skill_folder,
    free_name,
    mine,
    rename_skill,
    skill_file,
)
from .transcripts import recent_sessions

if TYPE_CHECKING:   # the engine hands its catalog in: importing SQLAlchemy here would load it with the records
    from ..storage.catalog import Catalog

Candidate = MemoryCandidate | SkillCandidate
PROVENANCE_KEY = "suggestion"   # under the accepted fact's metadata:
_NAME_TRIES = 50   # a candidate's short name and its -2 … -50 before a conflict is said


@dataclass(frozen=True)
class Acceptance:
    """What accepting a candidate stored: a fact (a memory) or a SKILL.md file (a skill)."""

    candidate_id: str
    kind: str                  # "memory" | "skill"
    path: Path                 # the fact's file or the SKILL.md
    fact: Fact | None = None   # the stored fact, for a memory

    @property
    def ref(self) -> str:
        return self.fact.ref if self.fact is not None else str(self.path)

    @property
    def change(self) -> Change:
        """A memory is a new fact; a skill is a SKILL.md file, none of the store's."""
        return Change(facts=True, scopes=(self.fact.scope,)) if self.fact is not None else Change()


_LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def known_texts(facts: Iterable[Fact], instructions: Iterable[str]) -> list[str]:
    """What is already known, as the miner compares a candidate with it: every fact's title,
    description and body lines, and every line of the standing instructions (``instructions``:
    each document's body), list markers dropped; lines under four characters say nothing."""
    texts: list[str] = []
    for fact in facts:
        texts += [fact.title, fact.description, *fact.body.splitlines()]
    for body in instructions:
        texts += [_LIST_MARKER.sub("", line) for line in body.splitlines()]
    return [t.strip() for t in texts if len(t.strip()) >= 4]


class SuggestionService:
    """Candidates for one workspace, with the user's decisions kept in the catalog."""

    def __init__(self, workspace: Path, catalog: Catalog, known_texts: Callable[[], list[str]],
                 remember: Callable[[FactInput], Fact]) -> None:
        """``known_texts()``: what facts and instructions already say (a candidate repeating it is
        left out); ``remember(request)``: store a fact through the store's every rule."""
        self.workspace = workspace
        self._catalog = catalog
        self._known_texts = known_texts
        self._remember = remember
        self._last: tuple[Path, SuggestionSet] | None = None   # (home, the last scan of it)

    # scanning ---------------------------------------------------------------------------------------

    def scan(self, home: Path, progress: Progress | None = None) -> SuggestionSet:
        """Read the recent transcripts under ``home`` again."""
        if progress:
            progress(0, 3)
        sessions, statuses = recent_sessions(self.workspace, home, MAX_SESSIONS)
        if progress:
            progress(1, 3)
        decided = self._catalog.decisions(self.workspace)
        existing = self._known_texts()
        if progress:
            progress(2, 3)
        found_dismissed: dict[str, Candidate] = {}
        result = mine(sessions, existing, decided, found_dismissed)
        result.sources = statuses
        dismissed_at = self._catalog.decided_at(self.workspace, "dismissed")
        result.dismissed = [Dismissal(cid, when, found_dismissed.get(cid))
                            for cid, when in sorted(dismissed_at.items(), key=lambda kv: kv[1], reverse=True)]
        self._last = (home, result)
        if progress:
            progress(3, 3)
        return _copy(result)

    def current(self, home: Path) -> SuggestionSet:
        """The last scan of ``home`` with every decision since applied; scans only if there is none.
        A copy: what a face holds (on another thread) never changes under it."""
        if self._last is None or self._last[0] != home:
            return self.scan(home)
        return _copy(self._last[1])

    def _found(self, home: Path) -> SuggestionSet:
        """The service's own last scan of ``home`` (scanning once if there is none)."""
        if self._last is None or self._last[0] != home:
            self.scan(home)
        assert self._last is not None
        return self._last[1]

    def _open(self, home: Path, candidate_id: str) -> Candidate:
        candidate = self._found(home).find(candidate_id)
        if candidate is None:
            raise NotFound(f"no open suggestion {candidate_id!r} (it may have been accepted or dismissed, "
                           "or its transcript is gone)", hint="suggestions")
        return candidate

    # deciding ----------------------------------------------------------------------------------------

    def accept(self, home: Path, candidate_id: str, edits: FactInput | None = None,
               skill_dir: str | os.PathLike[str] | None = None, skill_body: str | None = None,
               skill_name: str | None = None) -> Acceptance:
        """Store a memory candidate (``edits`` first) or write a skill candidate's SKILL.md."""
        candidate = self._open(home, candidate_id)
        stamp = clock.format_timestamp(clock.now())
        if isinstance(candidate, MemoryCandidate):
            fact = self._remember_candidate(candidate, edits)   # every refusal of the store applies
            assert fact.path is not None
            self._catalog.decide(self.workspace, candidate_id, "accepted", stamp, fact.ref)
            self._decided(candidate, "accepted")
            return Acceptance(candidate_id, "memory", fact.path, fact)
        if skill_body is not None:
            if not skill_body.strip():
                raise InvalidInput("the SKILL.md is empty")
            candidate = replace(candidate, body=skill_body.rstrip() + "\n")
        if skill_name is not None and skill_name.strip() != candidate.name:
            candidate = rename_skill(candidate, skill_name)
        path = write_skill(candidate, Path(skill_dir) if skill_dir else default_skill_folder(self.workspace))
        self._catalog.decide(self.workspace, candidate_id, "accepted", stamp, str(path))
        self._decided(candidate, "accepted")
        return Acceptance(candidate_id, "skill", path)

    def _remember_candidate(self, candidate: MemoryCandidate, edits: FactInput | None) -> Fact:
        """Store the candidate. Its own short name, when a fact has it already, becomes the first
        free ``name-N`` (a name the user gave is theirs: a conflict is said)."""
        request = self._memory_request(candidate, edits)
        if "name" in (edits.given() if edits is not None else {}):
            return self._remember(request)
        tried: set[str] = set()
        while True:
            try:
                return self._remember(request)
            except NameConflict:
                tried.add(request.name or "")
                if len(tried) >= _NAME_TRIES:
                    raise
                request = replace(request, name=free_name(candidate.name, tried.__contains__))

    @staticmethod
    def _memory_request(candidate: MemoryCandidate, edits: FactInput | None) -> FactInput:
        request = edits or FactInput()
        given = request.given()
        return FactInput(
            name=given.get("name", candidate.name), title=given.get("title", candidate.title),
            description=given.get("description", candidate.description), type=given.get("type", candidate.type),
            scope=given.get("scope", candidate.scope), keywords=request.keywords,
            subject_key=request.subject_key, activation=request.activation, volatility=request.volatility,
            expires_at=request.expires_at, body=given.get("body", candidate.body),
            redact_secrets=request.redact_secrets,
            metadata_extra=(metadata_entry(PROVENANCE_KEY, candidate.provenance()),))

    def dismiss(self, home: Path, candidate_id: str) -> None:
        """Never suggest this candidate again in this workspace."""
        candidate = self._open(home, candidate_id)
        stamp = clock.format_timestamp(clock.now())
        self._catalog.decide(self.workspace, candidate_id, "dismissed", stamp)
        self._decided(candidate, "dismissed")
        if self._last is not None:
            self._last[1].dismissed.insert(0, Dismissal(candidate_id, stamp, candidate))

    def undismiss(self, candidate_id: str) -> None:
        """Undo a dismissal: the candidate is offered again while the transcripts hold it."""
        if not self._catalog.undecide(self.workspace, candidate_id, "dismissed"):
            raise NotFound(f"{candidate_id!r} is not a dismissed suggestion of this workspace",
                           hint="dismissed_suggestions")
        if self._last is None:
            return
        found = self._last[1]
        dismissal = next((d for d in found.dismissed if d.id == candidate_id), None)
        found.dismissed = [d for d in found.dismissed if d.id != candidate_id]
        _count(found, "dismissed", -1)
        if dismissal is not None and isinstance(dismissal.candidate, MemoryCandidate):
            found.memories.insert(0, dismissal.candidate)
        elif dismissal is not None and isinstance(dismissal.candidate, SkillCandidate):
            found.skills.insert(0, dismissal.candidate)

    def _decided(self, candidate: Candidate, decision: str) -> None:
        """Keep the last scan in step with a decision, as a new scan would see it."""
        if self._last is None:
            return
        found = self._last[1]
        found.memories = [m for m in found.memories if m.id != candidate.id]
        found.skills = [s for s in found.skills if s.id != candidate.id]
        _count(found, decision, +1)


def _copy(found: SuggestionSet) -> SuggestionSet:
    return replace(found, memories=list(found.memories), skills=list(found.skills), sources=list(found.sources),
                   skipped=dict(found.skipped), dismissed=list(found.dismissed))


def _count(found: SuggestionSet, reason: str, delta: int) -> None:
    found.skipped[reason] = found.skipped.get(reason, 0) + delta
    if found.skipped[reason] <= 0:
        del found.skipped[reason]


def provenance(fact: Fact) -> dict[str, Any] | None:
    """Where an accepted memory came from (see :meth:`MemoryCandidate.provenance`), or None."""
    value = metadata_value(fact, PROVENANCE_KEY)
    return value if isinstance(value, dict) else None


def write_skill(candidate: SkillCandidate, folder: Path) -> Path:
    """``<folder>/<name>/SKILL.md``, never over an existing one; the folders are created. A secret in
    it is refused: a skill lives in the workspace, where it is likely committed."""
    kinds = sorted({found.kind for found in sensitive.find_secrets(candidate.body)})
    if kinds:
        raise SensitiveContent(f"the SKILL.md holds a secret ({', '.join(kinds)}); skills live in the workspace "
                               "and are often committed, so it was not written: take the value out")
    try:
        path = skill_file(folder, candidate.name)
    except InvalidInput:
        path = skill_file(folder, candidate.id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the folder {path.parent}: {exc.strerror or exc}") from exc
    if not create_exclusive(path, candidate.body):
        raise NameConflict(f"{path} already exists; choose another folder or remove it first")
    return path
