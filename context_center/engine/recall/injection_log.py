"""The injection record: what a hook gave an agent, turn by turn, and what it held back and why.

One record per injection (a recall block on a user turn, the pinned session context at a
session's start), kept in the catalog as state with no file of its own. Bounded by two
settings, applied on every write: ``injections.keep_days`` (default 30) and
``injections.keep_entries`` (default 2,000, over every workspace); 0 in either turns the
record off. It never holds a secret: the prompt is kept masked as recall masks it (its first
line for the timeline, at most :data:`PROMPT_KEEP_CHARS` of it to ask "why not" later), and no
block text is kept, only ids, revisions, refs, sizes and the trace's reasons.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .. import clock
from ..errors import InvalidInput, NotFound
from ..memory.sensitive import SecretWords, shown_ref
from ..records import Fact, SessionContext
from ..storage.store_lock import StoreLock
from ..text.coded import code_of
from .reasons import SUPPRESSIONS, Note, Reason
from .recall_records import DEFAULT_CHARS, DEFAULT_LIMIT, RecallResult

if TYPE_CHECKING:   # the catalog (SQLAlchemy) is opened by whoever records: a read of facts needs none of it
    from ..storage.catalog import Catalog

KIND_RECALL = "recall"
KIND_SESSION = "session-context"
KEEP_DAYS_SETTING = "injections.keep_days"
KEEP_ENTRIES_SETTING = "injections.keep_entries"
DEFAULT_KEEP_DAYS = 30
DEFAULT_KEEP_ENTRIES = 2000
PROMPT_LINE_CHARS = 200      # the prompt's first line, as the timeline shows it
PROMPT_KEEP_CHARS = 16_000   # of the masked prompt, kept so the gate can be asked again
LABEL_CHARS = 200            # an agent name, a session id, a SessionStart source
# the session of ``doctor``'s live hook run: a test, not a turn an agent was given, so not kept (it
# filled What agents received and lowered what memory cost counts a turn's recall at)
TEST_SESSION = "context-center-doctor"


@dataclass(frozen=True)
class InjectedItem:
    id: str
    revision: int
    ref: str
    chars: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "revision": self.revision, "ref": self.ref, "chars": self.chars}


@dataclass(frozen=True)
class TraceEntry:
    """One fact the hook weighed: ``injected``, or held back (``rejected``, ``overridden``) and why
    (in English, and as the reason's code and values, so a face words it in its own language)."""

    ref: str
    id: str
    revision: int
    decision: str
    reason: str
    score: float | None = None
    reason_code: str | None = None
    reason_args: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.ref, "id": self.id, "revision": self.revision, "decision": self.decision,
                "reason": self.reason, "reason_code": self.reason_code, "reason_args": dict(self.reason_args) or None,
                "score": None if self.score is None else round(self.score, 3)}


@dataclass(frozen=True)
class Injection:
    agent: str
    session_id: str
    time: str
    kind: str                          # recall | session-context
    prompt: str                        # the prompt's first line, masked and cut ("" at a session's start)
    injected: tuple[InjectedItem, ...]
    chars: int                         # everything the agent received, in characters
    suppressed: str | None             # why nothing was injected (None: something was)
    trace: tuple[TraceEntry, ...] = ()
    rejected_count: int = 0            # held back in all (the trace names the best few)
    workspace: str = ""
    source: str = ""                   # SessionStart's source: startup, resume, clear, compact
    char_budget: int = DEFAULT_CHARS
    limit: int = DEFAULT_LIMIT
    query: str = field(default="", repr=False)   # the masked prompt (its first PROMPT_KEEP_CHARS)
    query_cut: bool = False            # the prompt was longer than what is kept
    id: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "agent": self.agent, "session_id": self.session_id, "time": self.time,
                "kind": self.kind, "prompt": self.prompt, "injected": [i.to_json() for i in self.injected],
                "chars": self.chars, "suppressed": self.suppressed, "trace": [t.to_json() for t in self.trace],
                "rejected_count": self.rejected_count, "workspace": self.workspace, "source": self.source,
                "char_budget": self.char_budget, "limit": self.limit}

    def stored(self) -> dict[str, Any]:
        data = self.to_json()
        del data["id"]
        return {**data, "query": self.query, "query_cut": self.query_cut}


@dataclass(frozen=True)
class WhyNot:
    """The gate's decision for one fact and one recorded prompt, asked again now."""

    injection_id: int
    ref: str
    id: str
    revision: int
    decision: str          # recalled | rejected | suppressed (recall); included | left out (session context)
    reason: str            # a :class:`Reason`: its code and values go into the JSON too
    recorded: str | None   # what the record says about this fact, if its trace named it
    notes: tuple[Note, ...]   # what the answer is based on (the facts now; a prompt kept in part)
    recorded_entry: TraceEntry | None = None   # the record's trace entry for this fact, if it named it

    @property
    def note(self) -> str:
        return "; ".join(self.notes)

    def to_json(self) -> dict[str, Any]:
        code, args = code_of(self.reason)
        return {"injection_id": self.injection_id, "ref": self.ref, "id": self.id, "revision": self.revision,
                "decision": self.decision, "reason": str(self.reason), "reason_code": code or None,
                "reason_args": args or None, "recorded": self.recorded,
                "recorded_entry": None if self.recorded_entry is None else self.recorded_entry.to_json(),
                "note": self.note, "notes": [{"code": n.code, "args": dict(n.fields)} for n in self.notes]}


# making records ----------------------------------------------------------------------------------

def _label(value: object) -> str:
    return " ".join(value.split())[:LABEL_CHARS] if isinstance(value, str) else ""


def first_line(text: str) -> str:
    """The first line with words in it, its whitespace compacted, cut to :data:`PROMPT_LINE_CHARS`."""
    for line in text.splitlines():
        line = " ".join(line.split())
        if line:
            return line if len(line) <= PROMPT_LINE_CHARS else line[:PROMPT_LINE_CHARS - 1] + "…"
    return ""


def _entry(ref: str, fact_id: str, revision: int, decision: str, reason: str, score: float | None = None,
           secrets: SecretWords | None = None) -> TraceEntry:
    """A trace entry, its reason's words masked of ``secrets`` in the sentence and in its values."""
    code, args = code_of(reason)
    if secrets is not None:
        reason, args = secrets.scrub(str(reason)), {name: secrets.scrub(str(value)) for name, value in args.items()}
    return TraceEntry(ref, fact_id, revision, decision, str(reason), score, code or None,
                      tuple((name, str(value)) for name, value in args.items()))


def from_recall(result: RecallResult, *, agent: str, session_id: str, workspace: Path, time: str) -> Injection:
    secrets = SecretWords.of(result.query)   # the whole prompt first: a cut must not split a secret out of sight
    masked = secrets.masked                  # (and a reason naming a word cut from a secret is masked too)
    trace = [_entry(h.ref, h.fact.id, h.fact.revision, "injected", h.reason, h.score, secrets) for h in result.hits]
    trace += [_entry(r.ref, r.id, r.revision, "rejected", r.reason, r.score, secrets) for r in result.rejected]
    return Injection(
        agent=_label(agent), session_id=_label(session_id), time=time, kind=KIND_RECALL,
        prompt=first_line(masked),
        injected=tuple(InjectedItem(h.fact.id, h.fact.revision, h.ref, h.chars) for h in result.hits),
        chars=len(result.block), suppressed=result.suppressed, trace=tuple(trace),
        rejected_count=result.rejected_count, workspace=str(workspace), char_budget=result.char_budget,
        limit=result.limit, query=masked[:PROMPT_KEEP_CHARS], query_cut=len(masked) > PROMPT_KEEP_CHARS)


def from_session_context(context: SessionContext, *, agent: str, session_id: str, source: str,
                         workspace: Path, time: str) -> Injection:
    trace = [_entry(shown_ref(f.ref), f.id, f.revision, "injected", Reason("in_context")) for f in context.facts]
    trace += [_entry(shown_ref(g.ref), g.id, g.revision, "overridden", Reason("overridden_here", ref=shown_ref(p.ref)))
              for g, p in context.suppressed]
    return Injection(
        agent=_label(agent), session_id=_label(session_id), time=time, kind=KIND_SESSION, prompt="",
        injected=tuple(InjectedItem(f.id, f.revision, shown_ref(f.ref), len(f.body.strip())) for f in context.facts),
        chars=len(context.text), suppressed=None if context.text else SUPPRESSIONS["no_pinned"],
        trace=tuple(trace), rejected_count=len(context.suppressed), workspace=str(workspace),
        source=_label(source), char_budget=context.budget, limit=0)


def from_stored(injection_id: int, data: dict[str, Any], traces: bool = True) -> Injection | None:
    """A record as the catalog kept it; None if it cannot be read (a garbled row is left out).
    ``traces=False`` leaves its trace out (``()``): what was counted or costed needs none."""
    try:
        return Injection(
            agent=str(data["agent"]), session_id=str(data["session_id"]), time=str(data["time"]),
            kind=str(data["kind"]), prompt=str(data["prompt"]),
            injected=tuple(InjectedItem(str(i["id"]), int(i["revision"]), str(i["ref"]), int(i["chars"]))
                           for i in data["injected"]),
            chars=int(data["chars"]), suppressed=None if data["suppressed"] is None else str(data["suppressed"]),
            trace=tuple(_stored_entry(t) for t in data["trace"]) if traces else (),
            rejected_count=int(data.get("rejected_count", 0)), workspace=str(data.get("workspace", "")),
            source=str(data.get("source", "")), char_budget=int(data.get("char_budget", DEFAULT_CHARS)),
            limit=int(data.get("limit", DEFAULT_LIMIT)), query=str(data.get("query", "")),
            query_cut=bool(data.get("query_cut", False)), id=injection_id)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _stored_entry(data: dict[str, Any]) -> TraceEntry:
    args = data.get("reason_args") or {}
    return TraceEntry(str(data["ref"]), str(data["id"]), int(data["revision"]), str(data["decision"]),
                      str(data["reason"]), None if data.get("score") is None else float(data["score"]),
                      None if data.get("reason_code") is None else str(data["reason_code"]),
                      tuple((str(name), str(value)) for name, value in args.items()))


# keeping them -------------------------------------------------------------------------------------

def _count(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def bounds(setting: Callable[[str], Any]) -> tuple[int, int]:
    """(days, entries) the record keeps; a missing or unreadable setting is the default."""
    return (_count(setting(KEEP_DAYS_SETTING), DEFAULT_KEEP_DAYS),
            _count(setting(KEEP_ENTRIES_SETTING), DEFAULT_KEEP_ENTRIES))


def check_bounds(days: int | None, entries: int | None) -> None:
    for name, value in (("days", days), ("entries", entries)):
        if value is not None and not 0 <= value <= 1_000_000:
            raise InvalidInput(f"the injection record keeps between 0 and 1,000,000 {name}; got {value}")


def keep_from(now: dt.datetime, days: int) -> str:
    """The oldest time a record may have and stay."""
    return clock.format_timestamp(now - dt.timedelta(days=days))


def record(catalog: Catalog, injection: Injection, now: dt.datetime) -> int | None:
    """Keep ``injection`` and prune to the bounds; None when the record is turned off."""
    days, entries = bounds(catalog.setting)
    if not days or not entries:
        return None
    return catalog.add_injection(Path(injection.workspace), injection.time, injection.session_id,
                                 injection.stored(), keep_entries=entries, keep_from=keep_from(now, days))


def recorded(catalog: Catalog, workspace: Path, session_id: str | None = None, limit: int | None = None,
             injection_id: int | None = None, traces: bool = True) -> list[Injection]:
    """The records of ``workspace``, newest first (a garbled one is left out); ``traces=False``:
    without their traces (a record's trace names a score and a reason for each of about twenty
    facts, and reading them was two thirds of the Overview's time at 2,000 records)."""
    found = (from_stored(key, data, traces) for key, _, data in
             catalog.injections(workspace, session_id, limit, injection_id))
    return [injection for injection in found if injection is not None]


# asking again --------------------------------------------------------------------------------------

Explain = Callable[[str, Fact, int, int], tuple[str, str]]


def why_not(record: Injection, fact: Fact, explain: Explain, context: Callable[[], SessionContext]) -> WhyNot:
    """Ask the gate again about ``fact`` for ``record``'s prompt (a recall) or the session context's
    choice (a session start), on the facts as they are now."""
    assert record.id is not None
    entry = next((t for t in record.trace if t.id == fact.id), None)
    recorded = f"{entry.decision}: {entry.reason}" if entry is not None else None
    if recorded is None and any(i.id == fact.id for i in record.injected):
        recorded = "injected"
    notes: list[Note] = []
    if record.kind == KIND_SESSION:
        decision, reason = _in_context(fact, context())
        notes.append(Note("now"))
    else:
        decision, reason = explain(record.query, fact, record.char_budget, record.limit or DEFAULT_LIMIT)
        notes.append(Note("asked_again"))
        if record.query_cut:
            notes.append(Note("prompt_cut", chars=f"{PROMPT_KEEP_CHARS:,}"))
    if entry is not None and entry.revision != fact.revision:
        notes.append(Note("revised", now=fact.revision, then=entry.revision))
    return WhyNot(record.id, fact.ref, fact.id, fact.revision, decision, reason, recorded, tuple(notes), entry)


def _in_context(fact: Fact, context: SessionContext) -> tuple[str, str]:
    """Why the session context includes ``fact`` or leaves it out (the choice itself is the memory
    service's; this names which of its rules applied)."""
    if any(f.id == fact.id and f.scope == fact.scope for f in context.facts):
        return "included", Reason("in_context")
    for overridden, holder in context.suppressed:
        if overridden.id == fact.id and overridden.scope == fact.scope:
            return "left out", Reason("overridden_here", ref=holder.ref)
    if fact.staging:
        return "left out", Reason("staged_unused")
    if not fact.pinned:
        return "left out", Reason("not_pinned")
    return "left out", Reason("expired")


# the record of one workspace ---------------------------------------------------------------------

class InjectionRecord:
    """The injection record as one workspace sees it. ``catalog`` opens the catalog on first use
    (SQLAlchemy loads then); a store whose ``lock`` is read-only keeps no record."""

    def __init__(self, catalog: Callable[[], Catalog], workspace: Path, lock: StoreLock) -> None:
        self._catalog, self._workspace, self._lock = catalog, workspace, lock

    def add(self, given: RecallResult | SessionContext, *, agent: str, session_id: str = "",
            source: str = "") -> int | None:
        """Keep what a hook gave ``agent``; its id, or None when nothing is kept (a read-only store,
        the record turned off, or doctor's test run)."""
        if session_id == TEST_SESSION or self._lock.read_only or self._catalog().read_only:
            return None
        now = clock.now()
        time = clock.format_timestamp(now)
        injection = (from_session_context(given, agent=agent, session_id=session_id, source=source,
                                          workspace=self._workspace, time=time)
                     if isinstance(given, SessionContext)
                     else from_recall(given, agent=agent, session_id=session_id, workspace=self._workspace,
                                      time=time))
        return record(self._catalog(), injection, now)

    def listed(self, session: str | None = None, limit: int | None = None, traces: bool = True) -> list[Injection]:
        """This workspace's records, newest first (one ``session`` if given)."""
        return recorded(self._catalog(), self._workspace, session, limit, traces=traces)

    def sessions(self) -> list[str]:
        """The session ids with a record here, most recently active first."""
        return self._catalog().injection_sessions(self._workspace)

    def one(self, injection_id: int) -> Injection:
        found = recorded(self._catalog(), self._workspace, injection_id=injection_id)
        if not found:
            raise NotFound(f"no injection record {injection_id} in this workspace (records are kept "
                           "for a while, then pruned)")
        return found[0]

    def bounds(self) -> tuple[int, int]:
        """(days, entries) kept (``injections.keep_days`` / ``keep_entries``)."""
        return bounds(self._catalog().setting)

    def set_bounds(self, days: int | None = None, entries: int | None = None) -> int:
        """Change what is kept (0 turns the record off and removes what it held), applied at once;
        how many records went."""
        check_bounds(days, entries)
        for key, value in ((KEEP_DAYS_SETTING, days), (KEEP_ENTRIES_SETTING, entries)):
            if value is not None:
                self._catalog().set_setting(key, value)
        return self.prune()

    def prune(self) -> int:
        """Apply the bounds now (not only on the next write); how many records went."""
        days, entries = self.bounds()
        return self._catalog().prune_injections(keep_entries=entries if days else 0,
                                                keep_from=keep_from(clock.now(), days))
