"""An import: read a source, check each memory, write the accepted ones as staged facts.

Checks, in order, for each memory a source found:

1. a secret (the same detector as every write) → skipped, never written, in a dry run too;
2. already imported → skipped. The import key is the source, the source path and the hash of
   the whitespace-collapsed body; it is kept in the fact's ``metadata.imported_from`` and in the
   catalog, so importing twice adds nothing, even after the user deleted the suggestion. A
   source changed since is imported again as a new item (its hash differs) unless:
3. the same text as an existing fact or an earlier item of this run (case and spacing aside) →
   skipped, naming it;
4. the overlap rule of the Suggestions room (``suggestions.candidates.overlaps``), on the bodies,
   flags an item that an existing fact (staged ones, earlier imports included) or an item found
   earlier in this run seems to say already: ``duplicate_of`` names it, in the report and in the
   staged fact, and the user decides. A flag, not a verdict: an edited source file overlaps its
   earlier import and still carries something new, and the rule is made for one-line statements.

Every item is written through the store (names, lock, revisions and the secret check apply)
as a staged fact: ``status: staging``, never recalled, injected or searched by default, listed
under "From agents" in the Suggestions tab for the user to promote or delete. The source's
timestamps are kept as ``created_at`` / ``updated_at``.

The importers use only the facade's public methods (engine.import_memories makes them per use).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from .. import clock
from ..errors import InvalidInput, RefusedError
from ..memory import sensitive
from ..memory.fact_file import metadata_entry, metadata_value
from ..memory.fields import MAX_NEW_NAME_BYTES, new_fact_id, portable_name, slug
from ..records import Fact
from ..storage.paths import cut_utf8
from ..suggestions.candidates import overlaps
from ..text.snippets import collapse
from . import claude_code, codex, context_eng, copilot, cursor, gemini, windsurf
from .labels import SOURCE_LABELS
from .records import IMPORTED, WOULD_IMPORT, Found, ImportItem, ImportReport, Skip

if TYPE_CHECKING:
    from ..facade import Engine

SOURCES: dict[str, ModuleType] = {module.NAME: module for module in (claude_code, codex, context_eng, gemini, cursor,
                                                                         windsurf, copilot)}
assert list(SOURCES) == list(SOURCE_LABELS), "every source reader is listed in labels.py"
NAME_CHARS = 60
IMPORTED_FROM = "imported_from"


def content_hash(found: Found) -> str:
    return hashlib.sha256(collapse(found.body).encode("utf-8", "replace")).hexdigest()[:16]


def import_key(source: str, found: Found) -> str:
    seed = f"{source}\0{found.source_path}\0{content_hash(found)}"
    return "imp-" + hashlib.sha256(seed.encode("utf-8", "replace")).hexdigest()[:24]


def import_memories(engine: Engine, source: str, *, dry_run: bool = False,
                    home: str | os.PathLike[str] | None = None) -> ImportReport:
    """Import ``source``'s memories (``claude-code``, ``codex``, ``context-eng``) of the engine's
    workspace and global as staged facts waiting in Suggestions; ``dry_run`` writes nothing.
    ``home`` stands for ``~`` ($CLAUDE_CONFIG_DIR, $CODEX_HOME and $CONTEXT_ENG_HOME still win)."""
    reader = SOURCES.get(source)
    if reader is None:
        raise InvalidInput(f"unknown source {source!r}: choose one of {', '.join(SOURCES)}")
    bound = engine.paths.bound
    # a source path is the key of an import: never relative
    home = (Path(home) if home else Path.home()).expanduser().absolute()
    reading = reader.read(engine.paths.workspace if bound else None, home)
    report = ImportReport(source, reading.location, dry_run, skipped=list(reading.skipped), message=reading.message)
    engine.refresh()
    facts = engine.facts()
    known = _known(engine, facts)
    accepted: list[Found] = []
    for found in reading.found:
        key = import_key(source, found)
        kinds = sorted({f.kind for text in (found.title, found.description, found.body)
                        for f in sensitive.find_secrets(text)})
        if kinds:
            report.skipped.append(Skip(found.source_path, f"contains a secret ({', '.join(kinds)}); not imported"))
            continue
        if found.scope == "project" and not bound:
            report.skipped.append(Skip(found.source_path, "a project memory, and no project is open"))
            continue
        if key in known:
            report.skipped.append(Skip(found.source_path, f"already imported ({known[key]})"))
            continue
        same = _same_text_as(found, facts, accepted)
        if same:
            report.skipped.append(Skip(found.source_path, f"the same text as {same}, word for word"))
            continue
        duplicate = _duplicate_of(found, facts, accepted)
        accepted.append(found)
        if dry_run:
            report.items.append(ImportItem(key, found, WOULD_IMPORT, duplicate_of=duplicate))
            continue
        try:
            fact = _write(engine, source, key, found, duplicate)
        except RefusedError as exc:   # a refusal of the store (a secret in a label, a name…): this one only;
            # a disk that says no (StorageError) ends the import: what was written so far stays recorded
            report.skipped.append(Skip(found.source_path, f"refused by the store: {exc.message}"))
            continue
        engine.record_import(_scope_key(engine, found.scope), key, fact.id)
        report.items.append(ImportItem(fact.id, found, IMPORTED, ref=fact.ref, duplicate_of=duplicate))
    report.found = len(report.items) + len(report.skipped)
    return report


def _scope_key(engine: Engine, scope: str) -> str:
    return "global" if scope == "global" else f"project:{engine.paths.project_key}"


def _known(engine: Engine, facts: list[Fact]) -> dict[str, str]:
    """Import key → what became of it: the fact's ref, or that it was deleted since."""
    known: dict[str, str] = {}
    by_id = {fact.id: fact for fact in facts}
    for scope in engine.paths.scopes:
        for key, fact_id in engine.imported_keys(_scope_key(engine, scope)).items():
            fact = by_id.get(fact_id)
            known[key] = f"as {fact.ref}" if fact else "its suggestion was deleted since"
    for fact in facts:
        origin = metadata_value(fact, IMPORTED_FROM)
        if isinstance(origin, dict) and isinstance(origin.get("key"), str):
            known[origin["key"]] = f"as {fact.ref}"
    return known


def _same_text_as(found: Found, facts: list[Fact], earlier: list[Found]) -> str:
    """An existing fact or an item found earlier in this run with exactly this text (case and spacing
    aside): nothing to review, so nothing is written (a Codex summary repeating MEMORY.md)."""
    text = collapse(found.body).casefold()
    return next((fact.ref for fact in facts if collapse(fact.body).casefold() == text), "") or next(
        (item.source_path for item in earlier if collapse(item.body).casefold() == text), "")


def _duplicate_of(found: Found, facts: list[Fact], earlier: list[Found]) -> str:
    """What ``found`` seems to repeat, by the overlap rule on the bodies (a fact's description is a
    few words that any longer text may contain: not compared)."""
    text = collapse(found.body)
    for fact in facts:
        if overlaps(text, collapse(fact.body)):
            return fact.ref
    return next((item.source_path for item in earlier if overlaps(text, collapse(item.body))), "")


def _write(engine: Engine, source: str, key: str, found: Found, duplicate_of: str) -> Fact:
    now = clock.format_timestamp(clock.now())
    origin = {"source": source, "path": found.source_path, "key": key, "content_hash": content_hash(found),
              "imported_at": now}
    if found.upstream_status:
        origin["upstream_status"] = found.upstream_status
    if found.upstream_id:
        origin["upstream_id"] = found.upstream_id
    if duplicate_of:
        origin["duplicate_of"] = duplicate_of
    name = portable_name(cut_utf8(slug(found.title)[:NAME_CHARS], MAX_NEW_NAME_BYTES - 10) or "memory")
    draft = Fact(id=new_fact_id(), revision=1, name=name, title=found.title,
                 description=found.description or collapse(found.body)[:160], type=found.type, scope=found.scope,
                 body=found.body, created_at=found.created_at, updated_at=found.updated_at, activation="relevant",
                 category=found.category, status="staging", importance=found.importance, subject=found.subject,
                 topics=found.topics, tags=found.tags, links=found.links,
                 metadata_extra=(metadata_entry("written_by", {"agent": source, "via": "import"}),
                                 metadata_entry(IMPORTED_FROM, origin)))
    return engine.create_fact(draft, unique_name=True).fact
