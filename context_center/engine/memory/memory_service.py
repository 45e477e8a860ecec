"""The use cases of background memory: reading the facts, and every write.

Each write takes the store lock, brings the tables in step with the folders (another process
may have written since we looked: a folder whose mtime moved is listed again, and the fact
being changed is looked at again itself), checks the rules (:mod:`.rules`) against the tables'
indexes, and writes. A write costs the same at 100 facts and at 100,000. ``MEMORY.md`` is
rewritten shortly after (:mod:`.index_writer`); a team fact's history is git's (:mod:`.history`).
Use it from one thread: the index writer's timer is the only other, and shares the tables with
it through the store's guard.
"""
from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterator

from .. import clock
from ..errors import AlreadyActive, InvalidInput, NotFound, RevisionConflict, ScopeConflict
from ..records import ArchivedFact, Fact, Progress, Revision, SessionContext, Snapshot, Subject
from ..storage.paths import TEAM, versioned_by_git
from ..storage.store_lock import StoreLock
from . import archive_deletion, sensitive
from .fact_file import render_fact
from .fact_input import FactInput, WriteResult, apply_input, parse_ref
from .fact_refs import check_refs
from .fact_store import FactStore
from .fields import (
    MAX_STEM_BYTES,
    SCOPES,
    check_choice,
    check_name,
    free_name,
    new_fact_id,
    normalize_subject_key,
    portable_name,
    slug,
)
from .history import UNCOMMITTED, GitHistory, git_with_active, is_git_entry, with_active
from .index_writer import IndexWriter
from .limits import Place, check_scope, held_back
from .lost_keys import LostKeys, lost_keys
from .overrides import Overrides, overridden_facts, precedence
from .purge import PurgeReport, purge_files
from .repair import recovered_note
from .revision_changes import describe_change
from .rules import check_conflicts, check_expected, check_text, pinned_total
from .session_context import session_context

log = logging.getLogger("context_center.memory")


Grounder = Callable[[Fact, bool], Fact]
# what the fact says or cites: a change of either records the evidence afresh (a title or a pin
# says nothing new about the code, and must not make a changed fact look checked)
_GROUNDED_BY = ("body", "refs")
SAVE_BY_NAME_SECONDS = 5   # an archive entry this close to a same-named save in the other scope came from it


def name_from_title(title: str) -> str:
    """The name (and file name, with ``.md``) a fact made without one gets from its title, as it
    will be stored: a masked secret never reaches a file name."""
    return portable_name(slug(sensitive.redact(title)[0])[:80])


class MemoryService:
    """The facts of one store, read and written. ``git`` answers for the team scope's history
    (None when no team scope is open)."""

    def __init__(self, store: FactStore, lock: StoreLock, git: GitHistory | None = None,
                 progress: Progress | None = None, grounder: Grounder | None = None) -> None:
        """``grounder(fact, renew)``: ``fact`` with the evidence of its refs recorded (of each ref
        when ``renew``, else of those without any): the grounding room's, handed in by the opening."""
        self.store = store
        self.lock = lock
        self.git = git
        self._grounder = grounder
        self._mutex = store.guard         # the tables: this thread's reads and writes, and the index writer's
        self.snapshot: Snapshot = store.load(progress)
        self._version = store.version     # the tables' version the snapshot was made from
        self._overrides: tuple[Snapshot, frozenset[tuple[str, str]], Overrides] | None = None
        self._pinned: tuple[Snapshot, tuple[Fact, ...]] | None = None   # (snapshot, its pinned facts)
        self._kept: tuple[Snapshot, tuple[Fact, ...]] | None = None     # (snapshot, its facts kept to a worktree)
        self.generation = 0  # bumped whenever the snapshot changes (a write here, or on disk)
        self._before_write: Callable[[], None] | None = None   # see before_next_write
        self.index = IndexWriter(store, lock)

    def reload(self, *, full: bool = False) -> Snapshot:
        """Bring the snapshot in step with the folders (``full``: every file's stamp compared, for
        an edit made in place; otherwise only folders whose mtime moved are listed again). The
        snapshot object stays the same when nothing changed, so callers can tell a real change
        (another process, an editor) from an echo."""
        with self._mutex:
            if self.store.sync(full=full) or self.store.version != self._version:
                self._changed()
        return self.snapshot

    def reload_paths(self, paths: set[Path]) -> Snapshot:
        """Look again at the files the watcher named, and at any folder whose mtime moved."""
        with self._mutex:
            if self.store.sync_paths(paths) | self.store.sync(full=False) or self.store.version != self._version:
                self._changed()
        return self.snapshot

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """The store lock (other processes, other threads' writes) and the tables (the index writer).
        The first write finishes what an open could not (it found the lock held)."""
        with self.lock:
            task, self._before_write = self._before_write, None
            if task is not None:
                task()
            with self._mutex:
                yield

    def before_next_write(self, task: Callable[[], None]) -> None:
        """Run ``task`` holding the store lock before the next write (an open's repair that found the
        lock held by another process)."""
        self._before_write = task

    def _changed(self) -> None:
        self.snapshot = self.store.snapshot()
        self._version = self.store.version
        self.generation += 1

    def _fresh(self, ref: str, scope: str | None) -> Fact:
        """``ref``'s fact as it is now, its own file looked at again (holding the lock)."""
        self.reload()
        current = self.resolve(ref, scope)
        with self._mutex:
            if self.store.recheck(current):
                self._changed()
                current = self.resolve(ref, scope)
        return current

    def overrides(self, place: Place | None = None) -> Overrides:
        """(scope, id) of an overridden team or global fact → (the nearer fact overriding it, why),
        computed once per snapshot (and place). A fact kept to another worktree or branch than
        ``place``'s overrides nothing there: it is not there."""
        away = frozenset((f.scope, f.id) for f in self.limited_facts() if held_back(f, place) is not None)
        if self._overrides is None or self._overrides[0] is not self.snapshot or self._overrides[1] != away:
            # a staged fact (an agent's proposal) is not knowledge yet: it overrides nothing
            self._overrides = (self.snapshot, away, overridden_facts(
                f for f in self.snapshot.facts if not f.staging and (not away or (f.scope, f.id) not in away)))
        return self._overrides[2]

    # reading ----------------------------------------------------------------------

    def resolve(self, ref: str, scope: str | None = None) -> Fact:
        """A fact by id, name, or ``project/<name>.md``; names prefer the project scope, then team, then
        global. (Looked up in the tables, which the current snapshot was made from.)"""
        if scope is not None:
            scope = check_choice("scope", scope, SCOPES)
        ref_scope, key = parse_ref(ref)
        if ref_scope and scope and ref_scope != scope:
            raise ScopeConflict(f"{ref} names the {ref_scope} scope, but the {scope} scope was asked for")
        wanted = ref_scope or scope
        order = [wanted] if wanted else list(SCOPES)
        for candidate_scope in order:
            if candidate_scope not in self.store.paths.scopes:
                continue
            table = self.store.table(candidate_scope)
            found = None if ref_scope else table.kept.get(key)
            found = found or table.by_name.get(key)
            if found is not None:
                return found
        where = f" in the {wanted} scope" if wanted else ""
        raise NotFound(f"no active fact {ref!r}{where}", hint="find_fact")

    def subjects(self) -> list[Subject]:
        return sorted((Subject(normalize_subject_key(f.subject_key), f.scope, f.id, f.name)
                       for f in self.snapshot.facts if f.subject_key),
                      key=lambda s: (s.subject_key, precedence(s.scope), s.name))

    def subject_conflicts(self) -> list[tuple[str, str, list[Fact]]]:
        """(scope, normalized subject key, facts) for every key held by more than one fact of a
        scope (hand-written files can do that; the store refuses it on write)."""
        found = []
        for scope in self.store.paths.scopes:   # the tables index subject keys: no fact is looked at twice
            for key, holders in self.store.table(scope).by_subject.items():
                facts = sorted((f for f in holders.values() if not f.staging), key=lambda f: str(f.path))
                if len(facts) > 1:
                    found.append((scope, key, facts))
        return sorted(found, key=lambda item: (item[0], item[1]))

    def revisions(self, fact: Fact) -> list[Revision]:
        """Earlier revisions of ``fact``, newest first, each saying what it changed."""
        if versioned_by_git(fact.scope):   # git's: the uncommitted change first, then each commit
            found = self.git.revisions(fact) if self.git is not None else []
        else:
            found = self.store.revisions.of(fact)
        return [replace(r, change=describe_change(found[i + 1].fact if i + 1 < len(found) else None, r.fact))
                for i, r in enumerate(found)]

    def history(self, fact: Fact, earlier: list[Revision]) -> list[Revision]:
        """Every revision of ``fact`` (``earlier``: :meth:`revisions`), the active one first. For a
        team fact the active one is the work tree's uncommitted change, else the last commit."""
        if versioned_by_git(fact.scope):
            return git_with_active(fact, earlier)
        return with_active(fact, earlier, self.change_of(fact, earlier))

    def archived(self) -> list[ArchivedFact]:
        """The archive, newest first. An entry archived when a same-named fact of the other scope was
        saved (Reasonix's save by name archives the other scope's fact, breaking an override pair)
        says so, so the pair is one recovery away from whole again."""
        entries = self.store.archive.entries()
        team_entries = self.git.archived() if self.git is not None else []
        annotated = []
        for entry in entries:
            other_scope = "project" if entry.scope == "global" else "global"   # Reasonix's two scopes
            twin = self._find(other_scope, entry.name)   # (by name in the tables, not a pass over every fact)
            archived, saved = clock.parse_timestamp(entry.archived_at), clock.parse_timestamp(
                twin.updated_at if twin else "")
            if twin and archived and saved and abs((saved - archived).total_seconds()) <= SAVE_BY_NAME_SECONDS:
                entry = replace(entry, reason=f"archived when {twin.ref} was saved by name (by another tool); "
                                              f"recover it to keep both the {entry.scope} and the "
                                              f"{other_scope} fact")
            annotated.append(entry)
        return [*team_entries, *annotated]

    def archive_entry(self, raw_path: str) -> tuple[Path, str]:
        """(file, scope) of one of this store's archive entries; NOT_FOUND for any other path."""
        return self.store.archive.owned_entry(raw_path)

    def lost_keys(self, fact: Fact) -> LostKeys | None:
        """Keys another tool dropped when it rewrote ``fact`` (see :mod:`.lost_keys`)."""
        earlier = self.store.revisions.of(fact)
        if not earlier or earlier[0].revision != fact.revision - 1:
            return None
        return lost_keys(fact, earlier[0].fact, earlier[0].revision)

    def restore_lost_keys(self, ref: str, scope: str | None = None) -> WriteResult:
        """Put back what another tool's rewrite dropped, as a new revision."""
        with self._writing():
            current = self._fresh(ref, scope)
            lost = self.lost_keys(current)
            if lost is None:
                return WriteResult(current, False)
            fact = self._save(current, lost.apply(current),
                              note=f"restored keys lost in a rewrite by another tool: {', '.join(lost.names)}")
        return WriteResult(fact)

    def change_of(self, fact: Fact, revisions: list[Revision]) -> str:
        """What the active revision changed, against the newest earlier one."""
        return describe_change(revisions[0].fact if revisions else None, fact)

    def pinned_total(self, *, excluding: Fact | None = None) -> int:
        """Pinned bodies of promoted facts, every scope (``excluding`` one fact), from the tables."""
        return pinned_total(self.store, excluding=excluding)

    def limited_facts(self) -> tuple[Fact, ...]:
        """The facts kept to a worktree or a branch, found once per snapshot."""
        if self._kept is None or self._kept[0] is not self.snapshot:
            self._kept = (self.snapshot, tuple(f for f in self.snapshot.facts if f.worktree or f.branch))
        return self._kept[1]

    def session_context(self, place: Place | None = None) -> SessionContext:
        """Worked out from the pinned facts alone, found once per snapshot (a pass over 100,000
        facts is most of what a session's start would otherwise cost); expiry, overrides and a
        fact's limit to a worktree or branch (``place``: where the agent works) are judged on every
        call."""
        if self._pinned is None or self._pinned[0] is not self.snapshot:
            self._pinned = (self.snapshot, tuple(f for f in self.snapshot.facts if f.pinned and not f.staging))
        return session_context(self._pinned[1], self.overrides(place), place)

    # writing ----------------------------------------------------------------------

    def remember(self, request: FactInput) -> WriteResult:
        given = request.given()
        if not (given.get("name") or given.get("title")):
            raise InvalidInput("a fact needs a name or a title")
        if not (given.get("body") or "").strip():
            raise InvalidInput("a fact needs a body")
        # named after the title as it will be stored: a masked secret never reaches a file name
        given.setdefault("name", name_from_title(given.get("title", "")))
        stamp = clock.format_timestamp(clock.now())
        blank = Fact(id=new_fact_id(), revision=1, name="", title="", description="", type="project",
                     scope="project", body="", created_at=stamp, updated_at=stamp, activation="relevant")
        draft = self._with_refs(apply_input(blank, given), request.refs)
        if request.metadata_extra:
            if request.expected_revision is not None:
                raise InvalidInput("metadata is written when a fact is created, not when it is replaced")
            draft = draft.evolve(metadata_extra=request.metadata_extra)
        if request.expected_revision is not None:
            with self._writing():
                self.reload()
                existing = self._find(draft.scope, draft.name)
                check_expected(existing, request.expected_revision, draft.ref)
            assert existing is not None
            return self.edit(existing.id, replace(request, name=given["name"], title=given["title"]),
                             scope=draft.scope)
        draft, redacted = check_text(draft, request.redact_secrets)
        with self._writing():
            self.reload()
            check_conflicts(self.store, draft, None)
            fact = self.store.create(self._grounded(draft, renew=True))
            self._after_write(fact.scope)
        return WriteResult(fact, True, redacted)

    def create(self, draft: Fact, *, unique_name: bool = False) -> Fact:
        """Write a fact built whole by the caller (an agent's memory): the same checks as
        :meth:`remember`, secrets refused. ``unique_name``: a taken name gets ``-2``, ``-3``…"""
        draft, _ = check_text(self._with_refs(draft, draft.refs), redact=False)
        with self._writing():
            self.reload()
            if unique_name:
                draft = draft.evolve(name=self._free_name(draft.scope, draft.name))
            check_conflicts(self.store, draft, None)
            fact = self.store.create(self._grounded(draft, renew=True))
            self._after_write(fact.scope)
        return fact

    def _free_name(self, scope: str, name: str) -> str:
        taken = self.store.table(scope).by_name
        return free_name(name, lambda stem: stem in taken or self.store.fact_path(scope, stem).exists())

    def update(self, ref: str, scope: str | None, change: Callable[[Fact], Fact], *, note: str = "",
               expected_revision: int | None = None) -> WriteResult:
        """Write ``change(current)`` as the next revision (nothing when it changes nothing), holding
        the lock over the reload, the check and the write, so a concurrent writer is seen."""
        with self._writing():
            current = self._fresh(ref, scope)
            check_expected(current, expected_revision, current.ref)
            updated = change(current)
            if updated == current:
                return WriteResult(current, False)
            updated, _ = check_text(updated, redact=False)
            fact = self._save(current, updated, note=note)
        return WriteResult(fact, reencoded_from=current.encoding)

    def _find(self, scope: str, name: str) -> Fact | None:
        return self.store.table(scope).by_name.get(name) if scope in self.store.paths.scopes else None

    def edit(self, ref: str, request: FactInput, *, scope: str | None = None,
             touch_updated: bool = True) -> WriteResult:
        given = request.given()
        with self._writing():
            current = self._fresh(ref, scope)
            check_expected(current, request.expected_revision, current.ref)
            if "scope" in given and check_choice("scope", given["scope"], SCOPES) != current.scope:
                raise ScopeConflict(f"{current.ref} is a {current.scope} fact; an edit does not change its "
                                    "scope: move it, which keeps its id and history", hint="move")
            updated = apply_input(current, given)
            if request.refs is not None:
                updated = self._with_refs(updated, request.refs)
            carried = request.carried_evidence
            if carried is not None:   # a merge: the evidence both facts had, for the refs it keeps
                have = {entry[0] for entry in updated.refs_evidence}
                updated = updated.evolve(refs_evidence=updated.refs_evidence + tuple(
                    entry for entry in carried if entry[0] in updated.refs and entry[0] not in have))
            if updated == current:
                return WriteResult(current, False)
            updated, redacted = check_text(updated, request.redact_secrets)
            fact = self._save(current, updated, touch_updated=touch_updated, keep_evidence=carried is not None)
        return WriteResult(fact, True, redacted, reencoded_from=current.encoding)

    def _with_refs(self, fact: Fact, refs: tuple[str, ...] | None) -> Fact:
        """``fact`` citing ``refs`` (None: as it does), each checked and confined to the workspace
        (InvalidInput naming the first that is not; a global fact cites none)."""
        if refs is None:
            return fact
        workspace = None if fact.scope == "global" else self.store.paths.workspace
        checked = tuple(ref.text for ref in check_refs(tuple(refs), workspace))
        kept = tuple(entry for entry in fact.refs_evidence if entry[0] in checked)
        return fact.evolve(refs=checked, refs_evidence=kept)

    def _grounded(self, fact: Fact, *, renew: bool) -> Fact:
        """``fact`` with its refs' evidence recorded (:class:`Grounder`). Renewed (created, verified,
        its text or refs edited), every ref is checked first: InvalidInput naming one that a hand
        may have written but cannot be read, or escapes the workspace."""
        if fact.refs and (renew or fact.scope == "global"):
            check_refs(fact.refs, None if fact.scope == "global" else self.store.paths.workspace)
        if self._grounder is None or not fact.refs:
            return fact.evolve(refs_evidence=()) if not fact.refs else fact
        return self._grounder(fact, renew)

    def _save(self, current: Fact, updated: Fact, *, note: str = "",
              touch_updated: bool = True, renew: bool = False, keep_evidence: bool = False) -> Fact:
        """Write ``updated`` as the next revision of ``current`` (holding the lock): checks, snapshot
        of the previous revision, a new ``updated_at``, ``MEMORY.md``. ``note`` says what the
        revision did when its fields cannot (a restore); it is not inherited."""
        check_conflicts(self.store, updated, current)
        stamp = clock.format_timestamp(clock.now())
        updated = updated.evolve(revision=current.revision + 1,
                                 updated_at=stamp if touch_updated else current.updated_at,
                                 activation=updated.effective_activation, revision_note=note, encoding="")
        # verified, or what it says or cites changed: the evidence is of the code as it is now
        renew = renew or (not keep_evidence
                          and any(getattr(updated, key) != getattr(current, key) for key in _GROUNDED_BY))
        fact = self.store.replace(current, self._grounded(updated, renew=renew))
        self._after_write(fact.scope)
        return fact

    def set_activation(self, ref: str, activation: str, scope: str | None = None) -> WriteResult:
        with self._writing():
            current = self._fresh(ref, scope)
            if current.activation == activation:
                return WriteResult(current, False)
            return self.edit(current.id, FactInput(activation=activation), scope=current.scope)

    def verify(self, ref: str, scope: str | None = None) -> WriteResult:
        """Stamp ``last_verified_at`` (renewing freshness) through the normal save, as Reasonix does:
        a new revision, so the history shows who verified what and when."""
        with self._writing():
            current = self._fresh(ref, scope)
            verified = current.evolve(last_verified_at=clock.format_timestamp(clock.now()))
            fact = self._save(current, verified, renew=True)   # and its refs' evidence, recorded afresh
        return WriteResult(fact, reencoded_from=current.encoding)

    def restore(self, ref: str, revision: int | str, scope: str | None = None) -> WriteResult:
        """Copy an earlier revision into a new one. Its ``last_verified_at`` comes along: the
        restored text was last verified when that revision was; freshness counts from now anyway,
        since the restore is a new revision. A team fact's revision is a commit: its content is
        written as a new uncommitted change."""
        with self._writing():
            current = self._fresh(ref, scope)
            if versioned_by_git(current.scope):
                if str(revision) == UNCOMMITTED:
                    return WriteResult(current, False)
                old, label = self._team_version(current, str(revision))
            else:
                number = _revision_number(revision)
                if number == current.revision:
                    return WriteResult(current, False)
                earlier = next((r.fact for r in self.store.revisions.of(current) if r.revision == number), None)
                if earlier is None:
                    raise NotFound(f"{current.ref} has no revision {number}", hint="revisions", ref=current.ref)
                old, label = earlier, f"revision {number}"
            content = {k: getattr(old, k) for k in ("title", "description", "type", "keywords", "body",
                                                    "activation", "volatility", "subject_key",
                                                    "expires_at", "last_verified_at", "refs", "refs_evidence",
                                                    "worktree", "branch")}
            updated = current.evolve(**content)
            updated, _ = check_text(updated, redact=True)
            fact = self._save(current, updated, note=f"restored from {label}")
        return WriteResult(fact, reencoded_from=current.encoding)

    def _team_version(self, current: Fact, commit: str) -> tuple[Fact, str]:
        """The team fact as ``commit`` held it (its file then, renames followed)."""
        found = self.git.version(current, commit) if self.git is not None else None
        if found is None:
            raise NotFound(f"{current.ref} has no revision {commit!r} (a commit that changed it)",
                           hint="revisions", ref=current.ref)
        return found

    def move(self, ref: str, to_scope: str, scope: str | None = None,
             expected_revision: int | None = None) -> WriteResult:
        """Move a fact to the other scope, keeping its id and history (Reasonix's move by id): the
        next revision is written there; earlier snapshots stay in the folder it leaves and are
        listed with the rest."""
        to_scope = check_choice("scope", to_scope, SCOPES)
        with self._writing():
            current = self._fresh(ref, scope)
            check_expected(current, expected_revision, current.ref)
            if current.scope == to_scope:
                return WriteResult(current, False)
            if to_scope == "global" and current.refs:
                raise InvalidInput(f"{current.ref} cites code ({', '.join(current.refs[:3])}): a global fact has no "
                                   "one workspace to check it against; remove its refs before moving it")
            moved = current.evolve(scope=to_scope)
            check_scope(moved)   # a limit to a worktree or branch stays with the repository
            check_conflicts(self.store, moved, current)  # the other scope: its names and subjects
            stamp = clock.format_timestamp(clock.now())
            moved = moved.evolve(revision=current.revision + 1, updated_at=stamp,
                                 activation=current.effective_activation,
                                 revision_note=f"moved from the {current.scope} scope")
            fact = self.store.move(current, moved)
            self._after_write(current.scope)
            self._after_write(to_scope)
        return WriteResult(fact, reencoded_from=current.encoding)

    def forget(self, ref: str, scope: str | None = None, expected_revision: int | None = None) -> ArchivedFact:
        with self._writing():
            current = self._fresh(ref, scope)
            check_expected(current, expected_revision, current.ref)
            if versioned_by_git(current.scope):   # the file's deletion, left for the user to commit
                assert self.git is not None
                self.git.check_forgettable(current)
                self.store.remove(current)
                self._after_write(current.scope)
                return self.git.forgotten_entry(current, clock.format_timestamp(clock.now()))
            path = self.store.archive_fact(current)
            self._after_write(current.scope)
        return ArchivedFact(path=path, id=current.id, name=current.name, scope=current.scope,
                            revision=current.revision, archived_at=clock.format_timestamp(clock.now()),
                            title=current.title)

    def _check_not_active(self, scope: str, archived: Fact, what: str) -> None:
        table = self.store.table(scope)
        for other in filter(None, (table.kept.get(archived.id), table.by_name.get(archived.name))):
            if other.id == archived.id or other.name == archived.name:
                raise AlreadyActive(
                    f"cannot recover {what}: {other.ref} ({other.id}) is active with the same "
                    f"{'id' if other.id == archived.id else 'name'}; the archive entry is kept")

    def _recover_from_git(self, raw_path: str) -> WriteResult:
        """A forgotten team fact (``git:<commit>:<file>``) written back as a new uncommitted change."""
        if self.git is None:
            raise NotFound(f"{raw_path} names a team fact, but no project is bound", hint="archived_paths")
        with self._writing():
            self.reload()
            commit, _relative, archived = self.git.read_entry(raw_path)
            self._check_not_active(TEAM, archived, raw_path)
            recovered = archived.evolve(revision=archived.revision + 1, scope=TEAM,
                                        updated_at=clock.format_timestamp(clock.now()),
                                        activation=archived.effective_activation,
                                        revision_note=f"recovered from commit {commit}")
            recovered = recovered.evolve(name=check_name(recovered.name, max_bytes=MAX_STEM_BYTES))
            recovered, _ = check_text(recovered, redact=True)
            check_conflicts(self.store, recovered, None)
            fact = self.store.create(recovered)
            self._after_write(TEAM)
        return WriteResult(fact, from_archive=True)

    def recover(self, raw_path: str) -> WriteResult:
        if is_git_entry(raw_path):
            return self._recover_from_git(raw_path)
        with self._writing():
            self.reload()
            path, scope = self.store.archive.owned_entry(raw_path)
            archived = self.store.archive.read(path, scope)
            self._check_not_active(scope, archived, path.name)
            revision = max(archived.revision, self.store.revisions.highest(scope, archived.id)) + 1
            recovered = archived.evolve(revision=revision, scope=scope,
                                        updated_at=clock.format_timestamp(clock.now()),
                                        activation=archived.effective_activation,
                                        revision_note=recovered_note(path.name))
            recovered = recovered.evolve(name=check_name(recovered.name, max_bytes=MAX_STEM_BYTES))
            recovered, _ = check_text(recovered, redact=True)   # a hand-written entry may hold a token
            check_conflicts(self.store, recovered, None)
            clean, masked = check_text(archived, redact=True)
            self.store.revisions.keep(archived.evolve(path=path),
                                         text=render_fact(clean.evolve(path=path)) if masked else None)
            fact = self.store.create(recovered)
            path.unlink()
            self._after_write(scope)
        return WriteResult(fact, from_archive=True)

    def delete_archived(self, raw_path: str, *, dry_run: bool = False,
                        expected: archive_deletion.ArchiveDeletion | None = None) -> archive_deletion.ArchiveDeletion:
        """Delete an archive entry for good, with its earlier revisions when nothing else is that
        fact (:mod:`.archive_deletion`); ``dry_run``: only say what would go. ``expected``: what
        the user was shown; anything else is refused."""
        with self._writing():
            self.reload()
            plan = archive_deletion.plan_deletion(self.store, raw_path)
            if dry_run:
                return plan
            if expected is not None and plan != expected:
                raise RevisionConflict(f"what deleting {plan.entry.name} destroys changed since it was listed; "
                                       "look at it again")
            return archive_deletion.delete(self.store, plan)

    def purge_secrets(self, ref: str, scope: str | None = None, *, dry_run: bool = False) -> PurgeReport:
        """Mask every secret in the fact's files — the active file, each revision snapshot (in both
        scope folders), its archive entries — in place. History is otherwise immutable; this is the
        one rewrite it allows, because a secret must not survive in it. No new revision is made
        (one would snapshot the secret again). ``dry_run``: which files hold a secret, none written."""
        if dry_run:
            return purge_files(self.store, self.resolve(ref, scope), dry_run=True)
        with self._writing():
            current = self._fresh(ref, scope)
            report = purge_files(self.store, current)
            if current.path in report.rewritten:
                self.store.refresh_file(current.path, current.scope)
                self._after_write(current.scope)
        return report

    def migrate(self) -> int:
        """Write full front matter to legacy files, once. Returns how many were rewritten."""
        with self._writing():
            snapshot = self.reload()
            count = 0
            for fact in snapshot.facts:
                if fact.legacy:
                    self.store.rewrite_in_place(fact)
                    count += 1
            for scope in self.store.paths.scopes:
                self._after_write(scope)
        return count


    def _after_write(self, scope: str) -> None:
        """After a write (holding the lock): a new snapshot, in constant time, and MEMORY.md marked
        behind, to be rewritten shortly."""
        self._changed()
        self.index.behind(scope)

    def flush_index(self) -> None:
        """Rewrite now the MEMORY.md of every folder a write changed."""
        self.index.flush()

    def close(self) -> None:
        """Stop the pending MEMORY.md rewrite and do it now: it is current when the store is closed."""
        self._before_write = None   # (a repair left waiting holds the engine: no cycle outlives a close)
        self.index.close()


def _revision_number(revision: int | str) -> int:
    """A personal fact's revision: a number (a commit names a team fact's revision only)."""
    if isinstance(revision, int):
        return revision
    text = str(revision).strip()
    if not text.isdigit():
        raise InvalidInput(f"revision must be a number for a personal fact; got {revision!r} (commits name the "
                           "revisions of team facts)")
    if len(text) > 9:   # revision files are numbered in nine digits; int() of 5,000 digits raises
        raise NotFound(f"there is no revision {text[:12]}… of a fact (revisions are numbered from 1)",
                       hint="revisions")
    return int(text)
