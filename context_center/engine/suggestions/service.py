"""Scanning, accepting and dismissing suggestions for one engine (the use cases behind the tab)."""
from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .. import clock
from ..errors import InvalidInput, NameConflict, NotFound, StorageError
from ..memory.fact_file import metadata_entry, metadata_value
from ..memory.fact_input import FactInput
from ..records import Fact
from ..storage.atomic_write import create_exclusive
from ..storage.catalog import Catalog
from .candidates import (
    MAX_SESSIONS,
    Dismissal,
    MemoryCandidate,
    SkillCandidate,
    SuggestionSet,
    default_skill_folder,
    mine,
    rename_skill,
    skill_file,
)
from .transcripts import recent_sessions

if TYPE_CHECKING:
    from ..facade import Engine

Progress = Callable[[int, int], None]
PROVENANCE_KEY = "suggestion"   # under the accepted fact's metadata:


def _existing_texts(engine: "Engine") -> list[str]:
    """What is already known: every fact's title, description and body lines, every instruction line."""
    texts: list[str] = []
    for fact in engine.facts():
        texts += [fact.title, fact.description, *fact.body.splitlines()]
    for document in engine.instructions(engine.paths.workspace).documents:
        texts += [re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", line) for line in document.body.splitlines()]
    return [t.strip() for t in texts if len(t.strip()) >= 4]


def scan(engine: "Engine", home: Path, catalog: Catalog, progress: Progress | None = None) -> SuggestionSet:
    if progress:
        progress(0, 3)
    sessions, statuses = recent_sessions(engine.paths.workspace, home, MAX_SESSIONS)
    if progress:
        progress(1, 3)
    decided = catalog.decisions(engine.paths.workspace)
    existing = _existing_texts(engine)
    if progress:
        progress(2, 3)
    found_dismissed: dict[str, MemoryCandidate | SkillCandidate] = {}
    result = mine(sessions, existing, decided, found_dismissed)
    result.sources = statuses
    dismissed_at = catalog.decided_at(engine.paths.workspace, "dismissed")
    result.dismissed = [Dismissal(cid, when, found_dismissed.get(cid))
                        for cid, when in sorted(dismissed_at.items(), key=lambda kv: kv[1], reverse=True)]
    if progress:
        progress(3, 3)
    return result


def _open_candidate(engine: "Engine", home: Path, catalog: Catalog,
                    candidate_id: str) -> MemoryCandidate | SkillCandidate:
    candidate = scan(engine, home, catalog).find(candidate_id)
    if candidate is None:
        raise NotFound(f"no open suggestion {candidate_id!r} (it may have been accepted or dismissed, "
                       "or its transcript is gone); run `context-center suggestions` to list them")
    return candidate


def dismiss(engine: "Engine", home: Path, catalog: Catalog, candidate_id: str) -> None:
    _open_candidate(engine, home, catalog, candidate_id)
    catalog.decide(engine.paths.workspace, candidate_id, "dismissed", clock.format_timestamp(clock.now()))


def undismiss(engine: "Engine", catalog: Catalog, candidate_id: str) -> None:
    if not catalog.undecide(engine.paths.workspace, candidate_id, "dismissed"):
        raise NotFound(f"{candidate_id!r} is not a dismissed suggestion of this workspace; "
                       "run `context-center suggestions dismissed` to list them")


def accept(engine: "Engine", home: Path, catalog: Catalog, candidate_id: str, edits: FactInput | None,
           skill_dir: str | os.PathLike[str] | None, skill_body: str | None = None,
           skill_name: str | None = None) -> Fact | Path:
    candidate = _open_candidate(engine, home, catalog, candidate_id)
    stamp = clock.format_timestamp(clock.now())
    if isinstance(candidate, MemoryCandidate):
        request = edits or FactInput()
        given = request.given()
        merged = FactInput(
            name=given.get("name", candidate.name), title=given.get("title", candidate.title),
            description=given.get("description", candidate.description), type=given.get("type", candidate.type),
            scope=given.get("scope", candidate.scope), keywords=request.keywords,
            subject_key=request.subject_key, activation=request.activation, volatility=request.volatility,
            expires_at=request.expires_at, body=given.get("body", candidate.body),
            redact_secrets=request.redact_secrets,
            metadata_extra=(metadata_entry(PROVENANCE_KEY, candidate.provenance()),))
        fact = engine.remember(merged).fact   # every refusal of the store applies
        catalog.decide(engine.paths.workspace, candidate_id, "accepted", stamp, fact.ref)
        return fact
    assert isinstance(candidate, SkillCandidate)
    if skill_body is not None:
        if not skill_body.strip():
            raise InvalidInput("the SKILL.md is empty")
        candidate = replace(candidate, body=skill_body.rstrip() + "\n")
    if skill_name is not None and skill_name.strip() != candidate.name:
        candidate = rename_skill(candidate, skill_name)
    path = write_skill(candidate, Path(skill_dir) if skill_dir else default_skill_folder(engine.paths.workspace))
    catalog.decide(engine.paths.workspace, candidate_id, "accepted", stamp, str(path))
    return path


def provenance(fact: Fact) -> dict[str, Any] | None:
    """Where an accepted memory came from (see :meth:`MemoryCandidate.provenance`), or None."""
    value = metadata_value(fact, PROVENANCE_KEY)
    return value if isinstance(value, dict) else None


def write_skill(candidate: SkillCandidate, folder: Path) -> Path:
    """``<folder>/<name>/SKILL.md``, never over an existing one; the folders are created."""
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
