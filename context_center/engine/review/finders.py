"""Where the review finds its work: one function per kind, each reading the store as the engine
shows it and proposing, never writing."""
from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from .. import clock
from ..memory import limits
from ..memory.overrides import one_overrides_the_other, overridden_facts
from ..records import PINNED_BUDGET_CHARS, Fact
from ..storage.bulk_load import ShardedSet, dismantle
from ..text.claims import Claim, conflicts, left_behind, literals_differ
from ..text.reading import Reading, Weights, read
from ..text.similarity import (
    FEW_TERMS,
    OPPOSITES_UNDER_ONE_HEADING_AT,
    another_value_of_its_kind,
    contradicts,
    counted_per_other_things,
    duplicates,
    names_in_its_slot,
    one_heading,
    opposite_words,
    repeats,
    similarity,
    still_says,
    titles_name_two_things,
)
from ..text.values import clashing_kind, shared_kinds, shown_all
from .items import ReviewItem, Step

_SENTENCES = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*")   # "src/app.py" is no sentence end
# the words of a fact short enough to be one tool named for its job, title and all (the repeats that rule found on
# the labelled pairs had at most 6)
_FEW_WORDS = 2 * FEW_TERMS
_MAX_BUCKET = 200        # a word more facts than this share says nothing about which are alike
_MAX_SAME_TITLE = 4      # facts of one title proposed as duplicates (more: a series, not repeats)
MAX_ITEMS_OF_A_KIND = 500   # a queue is for a person: more than this of duplicates at once helps no one
OVERSIZE_CHARS = 2 * 2400   # a body past twice the recall budget is never injected whole
STAGED_DAYS = 30
PINNED_NEAR = 0.9        # of the pinned budget
MAX_SPLIT_PARTS = 20     # a longer body is advised, not split


@dataclass(frozen=True)
class Usage:
    """How often the hook injected a fact and when last; whether an MCP search returned it."""

    injected: int = 0
    last_injected: str = ""
    searched: int = 0
    last_searched: str = ""


def block(fact: Fact, body: str | None = None) -> str:
    """A fact as a preview shows it: its ref (and its limit to a worktree or branch), then its text."""
    limit = f"  (only {limits.describe(fact)})" if limits.limited(fact) else ""
    return f"## {fact.ref}{limit}\n{(fact.body if body is None else body).strip()}\n"


def _sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCES.split(text.strip()) if part.strip()]


def _units(body: str) -> list[str]:
    """What a merge compares and carries: the lines of a body written in lines (a list, a code
    block keep their shape), else its sentences."""
    lines = [line for line in body.strip().splitlines() if line.strip()]
    return lines if len(lines) > 1 else _sentences(body)


def merged_body(kept: Fact, other: Fact) -> str:
    """``kept``'s body with each line (or sentence) of ``other``'s it does not already say (the same
    said in other words, as the review judges duplicates, is not said twice) added at the end, as
    it was written."""
    body = kept.body.rstrip()
    said = [read(unit) for unit in [*_sentences(body), *_units(body)]]
    offered = [(unit, read(unit)) for unit in _units(other.body)]
    weights = Weights([*said, *(reading for _, reading in offered)])
    extra = [unit for unit, reading in offered
             if reading.words and not any(reading.words == known.words or duplicates(reading, known, weights)
                                          for known in said)]
    joiner = "\n" if len(_units(other.body)) > 1 and "\n" in other.body.strip() else " "
    return body + ("\n\n" + joiner.join(extra) if extra else "")


def _pairs(readings: dict[str, Reading], facts: dict[str, Fact]) -> Iterable[tuple[str, str]]:
    """Pairs of facts sharing at least two words (rare enough to tell them apart), those sharing
    the most first. Counted fact by fact: one table of every pair's count grew to millions of
    entries, and each of its resizes held the interpreter (and so the window) for half a second."""
    buckets: dict[str, list[str]] = defaultdict(list)
    for key, reading in readings.items():
        for word in reading.words:
            buckets[word].append(key)
    telling = {word: keys for word, keys in buckets.items() if 1 < len(keys) <= _MAX_BUCKET}
    by_count: dict[int, list[tuple[str, str]]] = defaultdict(list)   # (not one sort of them all: a C call
    for key, reading in readings.items():                            # of a second, the interpreter held)
        shared: dict[str, int] = defaultdict(int)
        for word in reading.words:
            for other in telling.get(word, ()):
                if other > key:
                    shared[other] += 1
        for other, n in shared.items():
            if n >= 2:
                by_count[n].append((key, other))
    pairs = [pair for n in sorted(by_count, reverse=True) for pair in by_count[n]]
    dismantle(buckets, telling, by_count)   # (let go at once, they held the window: see dismantle)
    return pairs


def _within(groups: Iterable[list[str]], most: int) -> list[tuple[str, str]]:
    """Every pair of facts in each group of at most ``most`` facts (a larger group says nothing of which
    are alike)."""
    return [(keys[i], keys[j]) for keys in groups if len(keys) <= most
            for i in range(len(keys)) for j in range(i + 1, len(keys))]


def _claimed_pairs(readings: dict[str, Reading]) -> list[tuple[str, str]]:
    """Pairs of facts that speak of one subject (a package manager, Node's version, the API's
    port…), however few words they share ("Always use pnpm, never npm." / "Use npm to install
    dependencies.")."""
    holders: dict[str, list[str]] = defaultdict(list)
    for key, reading in readings.items():
        for subject in {claim.subject for claim in reading.claims} - {"time"}:
            holders[subject].append(key)
    return _within(holders.values(), _MAX_BUCKET)


def _tool_pairs(readings: dict[str, Reading]) -> list[tuple[str, str]]:
    """Pairs of short facts naming tools for one job, however few other words they share: one tool
    ("Bugs are tracked in Linear." / "Log defects as Linear issues.": one word in common) or two
    ("The docs site is generated by Sphinx." / "Our docs are built with MkDocs.", seen walking a
    fresh store; measured on the 120 labelled stores, no item moved). Only facts of few words are
    read for their tools, so a large store of long facts costs nothing more."""
    holders: dict[str, list[str]] = defaultdict(list)
    for key, reading in readings.items():
        if len(reading.words) > _FEW_WORDS:
            continue
        for kind in reading.values.kinds:
            if kind.startswith("tool:"):
                holders[kind].append(key)
    return _within(holders.values(), _MAX_BUCKET)


def _title_key(fact: Fact) -> str:
    return " ".join(fact.title.casefold().split())


def _active(facts: list[Fact]) -> list[Fact]:
    return [fact for fact in facts if not fact.staging]


def duplicates_and_contradictions(facts: list[Fact], usage: Callable[[Fact], Usage]) -> list[ReviewItem]:
    live = _active(facts)
    by_key = {f"{f.scope}/{f.id}": f for f in live}
    readings = {key: read(f"{f.title}. {f.body}") for key, f in by_key.items()}
    weights = Weights(readings.values())
    items: list[ReviewItem] = []
    seen = ShardedSet()   # (millions of pairs at 100,000 facts: one set's resizes held the window)
    titled: dict[tuple[str, str], list[str]] = defaultdict(list)
    for key, fact in by_key.items():
        if _title_key(fact):
            titled[(fact.scope, _title_key(fact))].append(key)
    # the same title in a few facts is a repeat; in many, a pattern of names (generated, or a series)
    candidates = list(_pairs(readings, by_key)) + _claimed_pairs(readings) + _tool_pairs(readings) \
        + _within(titled.values(), _MAX_SAME_TITLE)
    apart = _Apart(by_key)
    counted = {"duplicate": 0, "contradiction": 0, "related": 0}
    for first, second in candidates:
        pair = (first, second) if first < second else (second, first)
        if not seen.add_new(pair):
            continue
        a, b = by_key[pair[0]], by_key[pair[1]]
        if one_overrides_the_other(a, b):
            continue   # the override's item (overrides, below) says which stands; a contradiction kept the newer
        one, two = readings[pair[0]], readings[pair[1]]
        contradiction = contradicts(one, two, weights)
        bodies = apart.bodies(pair)   # (None where a fact has no title)
        bodies_contradict = not contradiction and bodies is not None and contradicts(*bodies, weights)
        headed = False   # (a contradiction of the bodies, under titles naming one thing)
        if bodies is not None and not contradiction \
                and _contradict_under_one_heading(bodies, apart.titles(pair), weights, bodies_contradict):
            contradiction, headed, (one, two) = True, True, bodies
        if contradiction:
            if counted["contradiction"] < MAX_ITEMS_OF_A_KIND:
                counted["contradiction"] += 1
                leaver = b if still_says(one, two) else a if still_says(two, one) else None
                kind = clashing_kind(one.values, two.values) \
                    if another_value_of_its_kind(one, two, weights, under_one_heading=headed) else None
                given = {a.ref: shown_all(kind, one.values.kinds[kind]),
                         b.ref: shown_all(kind, two.values.kinds[kind])} if kind else {}
                names = None if kind else names_in_its_slot(one, two)
                if names:   # ("Team Halyard" / "the Driftwood squad")
                    given = {a.ref: [names[0]], b.ref: [names[1]]}
                items.append(_contradiction(a, b, conflicts(one.claims, two.claims), leaver, given))
            continue
        if a.scope != b.scope:
            continue
        if a.subject_key and b.subject_key and a.subject_key != b.subject_key:
            continue   # two subjects by their keys: not one fact said twice
        same_title = bool(_title_key(a)) and _title_key(a) == _title_key(b) \
            and not literals_differ(one.claims, two.claims)   # "Nightly job": backups at 2am, vacuum at 2am
        kind = "duplicate" if same_title else repeats(one, two, weights)
        if kind == "duplicate" and not same_title and bodies is not None \
                and titles_name_two_things(apart.titles(pair), (one, two), weights):
            kind = "related"   # ("Nightly vacuum" / "Nightly backup": the bodies alone say whether one fact)
        if kind != "duplicate" and bodies is not None and not bodies_contradict \
                and repeats(*bodies, weights) == "duplicate":
            kind, (one, two) = "duplicate", bodies   # ("Lint rule" / "Pre-commit check": one fact, two titles)
        if kind is None or counted[kind] >= MAX_ITEMS_OF_A_KIND:
            continue
        counted[kind] += 1
        score = similarity(one, two, weights)
        if kind == "duplicate":
            items.append(_duplicate(a, b, usage, score, same_title, said_by_both(one, two)))
        else:   # (two limits, each true: what each counts per is why they are two)
            per = {a.ref: sorted(one.scopes), b.ref: sorted(two.scopes)} if counted_per_other_things(one, two) else {}
            items.append(_related(a, b, score, per))
    # millions of objects: let go a slice at a time
    dismantle(candidates, *seen.shards, readings, titled, by_key, apart.readings)
    return items


def _contradict_under_one_heading(bodies: tuple[Reading, Reading], titles: tuple[Reading, Reading], weights: Weights,
                                  bodies_contradict: bool) -> bool:
    """Whether two titled facts contradict under titles naming one thing (:func:`one_heading`):
    their bodies contradicting ("Export time" / "Export schedule": 01:00 / 03:30); saying a word
    and its opposite, with less said alike (:data:`OPPOSITES_UNDER_ONE_HEADING_AT`: "Production
    deploys" / "Production deploy trigger", automatically / by hand); or giving two values of one
    kind however worded, under titles differing only by words saying what kind of fact it is or by
    words added ("Scanner image retention" / "… for audits"; 心跳上报间隔 / 心跳上报频率). Measured on
    the 72 labelled stores: planted contradictions 130 → 138 of 289 by the last, one false item added."""
    if bodies_contradict or opposite_words(*bodies, weights, OPPOSITES_UNDER_ONE_HEADING_AT):
        return one_heading(*titles, weights)
    return another_value_of_its_kind(*bodies, weights, under_one_heading=True) \
        and one_heading(*titles, weights, aspects_only=True)


class _Apart:
    """Facts' bodies and titles read apart, as a pair needs them (most pairs never do): a title names
    what a fact is of in words of its own, so two facts may say one thing under two titles, or give
    two values of one thing under titles naming it in other words (:func:`one_heading`). Measured on
    the labelled stores developed against (68, their facts titled): planted repeats found 49 → 62 of
    208, planted contradictions 109 → 119 of 273, the same 32 false items."""

    def __init__(self, by_key: dict[str, Fact]) -> None:
        self._by_key = by_key
        self.readings: dict[tuple[str, str], Reading] = {}

    def bodies(self, pair: tuple[str, str]) -> tuple[Reading, Reading] | None:
        """The two bodies read alone, or None where a fact has no title (its reading is its body's)."""
        a, b = self._by_key[pair[0]], self._by_key[pair[1]]
        if not (a.title.strip() and b.title.strip()):
            return None
        return self._of(pair[0], "body", a.body), self._of(pair[1], "body", b.body)

    def titles(self, pair: tuple[str, str]) -> tuple[Reading, Reading]:
        return (self._of(pair[0], "title", self._by_key[pair[0]].title),
                self._of(pair[1], "title", self._by_key[pair[1]].title))

    def _of(self, key: str, part: str, text: str) -> Reading:
        reading = self.readings.get((key, part))
        if reading is None:
            reading = self.readings[(key, part)] = read(text)
        return reading


def _related(a: Fact, b: Fact, score: float, counted_per: dict[str, list[str]] | None = None) -> ReviewItem:
    """Two facts alike but not surely one fact said twice: shown for a look, nothing proposed (no
    Apply archives anything on a guess). ``counted_per``: what each counts its values per, where
    that is why they are two (a limit per IP, one per API key)."""
    first, second = sorted((a, b), key=lambda f: (f.updated_at, f.id), reverse=True)
    score = round(score, 3)   # as the evidence gives it, so a face words the same share
    evidence: dict[str, Any] = {"similarity": round(score, 3)}
    if counted_per:
        evidence["counted_per"] = counted_per
    return ReviewItem(
        "related", (first, second),
        f"{first.ref} and {second.ref} are alike ({score:.0%} of what the shorter says, in other words) but "
        "not surely one fact said twice: have a look; merge them by hand if they are, or dismiss this.",
        evidence, "advice", block(first) + "\n" + block(second), "")


def said_by_both(one: Reading, two: Reading) -> list[str]:
    """What two notes found to say one thing both give, however each writes it: the values of a kind
    ("duration: 14 days" for 保留两周 / 保留 14 天) and the claims ("package-manager: pnpm"), as a
    contradiction's evidence shows what each gives, so a merge shows why it is one."""
    values = [value for kind in shared_kinds(one.values, two.values)
              for value in shown_all(kind, one.values.kinds[kind])]
    claims = sorted({mine.shown() for mine in one.claims for theirs in two.claims if mine.subject != "time"
                     and (mine.subject, mine.value, mine.negated) == (theirs.subject, theirs.value, theirs.negated)})
    return list(dict.fromkeys(values + claims))


def _duplicate(a: Fact, b: Fact, usage: Callable[[Fact], Usage], score: float, same_title: bool,
               shared: Sequence[str] = ()) -> ReviewItem:
    # kept: the one holding what a merge could not carry (a subject key, a pin), then the most
    # recalled, then the newest by creation: an apply and its undo write both facts again (the kept
    # one's text back, the other recovered), so by their last write the proposal flipped to the other
    kept, other = sorted((a, b), key=lambda f: (bool(f.subject_key) or f.pinned, usage(f).injected + usage(f).searched,
                                                f.created_at, f.id), reverse=True)
    body = merged_body(kept, other)
    keywords = " ".join(dict.fromkeys((kept.keywords + " " + other.keywords).split()))
    refs = tuple(dict.fromkeys((*kept.refs, *other.refs)))
    why = "the same title" if same_title else f"{score:.0%} of what the shorter says, in other words"
    if shared:   # (what both give: the value a reader checks first; alone where no other word is alike: "0 % of
        why = f"both give {'; '.join(shared)}" + (f"; {why}" if same_title or f"{score:.0%}" != "0%" else "")   # …")
    evidence: dict[str, Any] = {"similarity": round(score, 3), "same_title": same_title}
    if shared:
        evidence["shared"] = list(shared)
    evidence["recalled"] = {kept.ref: usage(kept).injected, other.ref: usage(other).injected}
    return ReviewItem(
        "duplicate", (kept, other),
        f"{kept.ref} and {other.ref} say the same thing ({why}): keep {kept.ref} with what only the other says, "
        f"and forget {other.ref} to the archive.",
        evidence,
        "merge", block(kept) + "\n" + block(other), block(kept, body),
        (Step("edit", kept, body=body, keywords=keywords if keywords != kept.keywords else None,
              refs=refs if refs != kept.refs else None,
              evidence=(*kept.refs_evidence, *other.refs_evidence) if refs else None), Step("forget", other)))


def _contradiction(a: Fact, b: Fact, clashes: Sequence[tuple[Claim, Claim]] = (),
                   leaver: Fact | None = None, given: dict[str, list[str]] | None = None) -> ReviewItem:
    """Keep one: by default the newer; where one says a name was left behind that the other still
    says ("moved from Heroku to Fly.io" / "deployed on Heroku"), the one that says so. ``given``:
    the values of one kind each gives, by ref ("duration: 35 days" / "duration: 90 days")."""
    newer, older = sorted((a, b), key=lambda f: (f.updated_at, f.id), reverse=True)
    if leaver is not None:
        newer, older = (leaver, b if leaver is a else a)
    evidence: dict[str, object] = {"statements": {newer.ref: newer.body[:300], older.ref: older.body[:300]}}
    if clashes:   # what each says of the subject they share ("package-manager: pnpm" / "…: npm")
        said = {a.ref: [first.shown() for first, _ in clashes], b.ref: [second.shown() for _, second in clashes]}
        evidence["claims"] = {newer.ref: said[newer.ref], older.ref: said[older.ref]}
    if given:   # the values of one kind each gives, on the same terms
        evidence["values"] = {newer.ref: given[newer.ref], older.ref: given[older.ref]}
    reason = (f"{newer.ref} and {older.ref} say opposite things on the same terms: keep one (by default the "
              f"newer, {newer.ref}) and forget the other.")
    given_two = evidence.get("claims") or evidence.get("values")
    if isinstance(given_two, dict):   # the values themselves ("clock: 03:30 against clock: 01:00")
        reason = (f"{newer.ref} and {older.ref} give one thing two values ({'; '.join(given_two[newer.ref])} "
                  f"against {'; '.join(given_two[older.ref])}): keep one (by default the newer, {newer.ref}) "
                  "and forget the other.")
    if leaver is not None:   # the names it says were left behind
        gone = list(left_behind(f"{leaver.title}. {leaver.body}"))
        evidence["left_behind"] = gone
        reason = (f"{newer.ref} says {', '.join(gone)} was left behind, which {older.ref} still says: keep "
                  f"{newer.ref} and forget {older.ref}, unless {older.ref} is the one still right.")
    return ReviewItem(
        "contradiction", (newer, older), reason,
        evidence,
        "keep", block(newer) + "\n" + block(older), block(newer), (Step("forget", older),))


def overrides(facts: list[Fact]) -> list[ReviewItem]:
    """A fact that a nearer scope's fact overrides (the same subject key, id, name or title; see
    :mod:`..memory.overrides`) with another text: agents get only the nearer one. Said, so an
    override nobody meant is found; dismissed, it stays until either fact changes."""
    active = _active(facts)
    by_key = {(fact.scope, fact.id): fact for fact in active}
    items = []
    for key, (winner, why) in overridden_facts(active).items():
        other = by_key[key]
        if other.body.strip() == winner.body.strip():
            continue
        kind = why.removeprefix("same ")
        shared = {"subject": winner.subject_key, "id": winner.id, "name": winner.name, "title": winner.title}[kind]
        said = f"subject {shared}" if kind == "subject" else f"the same {kind}, {shared}"
        items.append(ReviewItem(
            "override", (winner, other),
            f"{winner.ref} overrides {other.ref} ({said}) with a different text: agents get only "
            f"{winner.ref}. If that is meant, dismiss this; else forget {other.ref}.",
            {"subject_key" if kind == "subject" else f"shared_{kind}": shared},
            "keep", block(winner) + "\n" + block(other), block(winner), (Step("forget", other),)))
    return items


def freshness_items(facts: list[Fact], freshness: list[str]) -> list[ReviewItem]:
    items = []
    for fact, told in zip(facts, freshness):
        if fact.staging:
            continue
        if told == "stale":
            items.append(ReviewItem(
                "stale", (fact,), f"{fact.ref} is past its freshness window (last verified "
                                  f"{(fact.last_verified_at or fact.updated_at)[:10]}): verify it if it still holds, "
                                  "else edit or forget it.",
                {"last_verified_at": fact.last_verified_at or None, "updated_at": fact.updated_at,
                 "volatility": fact.volatility or None},
                "verify", block(fact), block(fact), (Step("verify", fact),)))
        elif told == "expired":
            items.append(ReviewItem(
                "expired", (fact,), f"{fact.ref} expired on {fact.expires_at[:10]} and is no longer recalled: "
                                    "forget it, or edit it with a new expiry.",
                {"expires_at": fact.expires_at}, "forget", block(fact), "", (Step("forget", fact),)))
    return items


def grounding_items(facts: list[Fact], grounding: Callable[[Fact], Any]) -> list[ReviewItem]:
    items = []
    for fact in _active(facts):
        if not fact.refs:
            continue
        checked = grounding(fact)
        problem = checked.problem
        if checked.state == "broken" and problem is not None:
            items.append(ReviewItem(
                "broken", (fact,), f"{fact.ref} cites {problem.ref}, which is gone ({problem.detail}); recall holds "
                                   "it back: edit it to cite what is there now, or forget it.",
                checked.to_json(), "forget", block(fact), "", (Step("forget", fact),)))
        elif checked.state == "changed" and problem is not None:
            items.append(ReviewItem(
                "changed", (fact,), f"The code {fact.ref} cites changed ({problem.detail}): verify it if it still "
                                    "holds (the code as it is now is recorded), else edit or forget it.",
                checked.to_json(), "verify", block(fact), block(fact), (Step("verify", fact),)))
    return items


def worktree_items(facts: list[Fact], worktrees: frozenset[str] | None) -> list[ReviewItem]:
    """Facts kept to a worktree the repository no longer has: recalled nowhere."""
    items = []
    for fact in _active(facts):
        if limits.lost_worktree(fact, worktrees):
            items.append(ReviewItem(
                "worktree", (fact,), f"{fact.ref} is kept to worktree {fact.worktree}, which this repository no "
                                     "longer has, so nothing recalls it: clear the limit to share it with every "
                                     "worktree, or forget it.",
                {"worktree": fact.worktree, "worktrees": sorted(worktrees or ())}, "clear", block(fact),
                block(fact.evolve(worktree="")), (Step("edit", fact, worktree=""),)))
    return items


def unused_items(facts: list[Fact], usage: Callable[[Fact], Usage], since: dt.datetime, days: int) -> list[ReviewItem]:
    """Facts older than the oldest record, never injected by the hook nor returned by an MCP search
    in the last ``days`` days (pinned ones reach every session: never unused)."""
    items = []
    for fact in _active(facts):
        created = clock.parse_timestamp(fact.created_at)
        if fact.pinned or created is None or created >= since:
            continue
        used = usage(fact)
        if used.injected or used.searched:
            continue
        items.append(ReviewItem(
            "unused", (fact,), f"{fact.ref} was not injected by the hook nor returned by an MCP search in the last "
                               f"{days} days: forget it, or pin it if every session should have it.",
            {"injected": used.injected, "last_injected": used.last_injected or None, "searched": used.searched,
             "last_searched": used.last_searched or None, "days": days,
             "note": "this rests on what the hook and the MCP server saw; an agent that recalls by other means "
                     "is invisible to it"},
            "forget", block(fact), "", (Step("forget", fact),)))
    return items


def oversize_items(facts: list[Fact], pinned_total: int, instructions: list[dict[str, Any]]) -> list[ReviewItem]:
    items = []
    for fact in _active(facts):
        if len(fact.body) <= OVERSIZE_CHARS:
            continue
        parts = split_body(fact.body)
        if len(parts) < 2:
            continue
        if len(parts) > MAX_SPLIT_PARTS:   # a document, not a fact: no one wants a hundred facts of it
            items.append(ReviewItem(
                "oversize", (fact,), f"{fact.ref} is {len(fact.body):,} characters, {len(parts)} times what recall "
                                     "injects at once: keep the document in the repository and a fact that "
                                     "points to it (a ref), or forget it.",
                {"chars": len(fact.body), "times": len(parts)}, "advice", "", ""))
            continue
        steps = [Step("edit", fact, body=parts[0])]
        steps += [Step("create", None, body=part, name=f"{fact.name}-part-{n}", title=f"{fact.label} ({n})",
                       keywords=fact.keywords or None, scope=fact.scope, type=fact.type)
                  for n, part in enumerate(parts[1:], 2)]
        items.append(ReviewItem(
            "oversize", (fact,), f"{fact.ref} is {len(fact.body):,} characters, past what recall injects at once "
                                 f"({OVERSIZE_CHARS // 2:,}): split it into {len(parts)} facts at its paragraphs.",
            {"chars": len(fact.body), "parts": [len(p) for p in parts], "limit": OVERSIZE_CHARS // 2}, "split",
            block(fact),
            "\n".join(block(fact, part) if n == 0 else f"## (new) {fact.name}-part-{n + 1}\n{part}\n"
                      for n, part in enumerate(parts)), tuple(steps)))
    if pinned_total >= PINNED_NEAR * PINNED_BUDGET_CHARS:
        pinned = tuple(f for f in _active(facts) if f.pinned)
        items.append(ReviewItem(
            "oversize", pinned, f"The pinned facts use {pinned_total:,} of {PINNED_BUDGET_CHARS:,} characters: unpin "
                                "one that need not reach every session, or shorten one.",
            {"pinned_chars": pinned_total, "budget": PINNED_BUDGET_CHARS}, "advice", "", "", (), "pinned"))
    for document in instructions:
        items.append(ReviewItem(
            "oversize", (), f"{document['label']} is {document['bytes']:,} bytes; {document['agent']} receives the "
                            f"first {document['kept_bytes']:,}: the rest, from line {document['cut_line']}, never "
                            "reaches it. Move what matters above the cut, or into an imported file.",
            document, "advice", "", "", (), f"{document['agent']}:{document['label']}"))
    return items


def split_body(body: str, limit: int = OVERSIZE_CHARS // 2) -> list[str]:
    """``body`` in parts of at most ``limit`` characters, cut between paragraphs where they allow;
    a paragraph longer than that between its sentences, and a sentence longer than that at the
    limit (nothing is lost: the parts joined hold every word)."""
    pieces: list[tuple[str, str]] = []   # (text, what joins it to the piece before)
    for paragraph in re.split(r"\n\s*\n", body.strip()):
        if len(paragraph) <= limit:
            pieces.append((paragraph, "\n\n"))
            continue
        joiner = "\n\n"
        for sentence in _sentences(paragraph):
            while len(sentence) > limit:
                pieces.append((sentence[:limit], joiner))
                sentence, joiner = sentence[limit:], ""
            pieces.append((sentence, joiner))
            joiner = " "
    parts: list[str] = []
    current = ""
    for piece, joiner in pieces:
        if current and len(current) + len(joiner) + len(piece) > limit:
            parts.append(current)
            current = piece
        else:
            current = f"{current}{joiner}{piece}" if current else piece
    if current:
        parts.append(current)
    return parts


def staged_items(proposals: list[Any]) -> list[ReviewItem]:
    items = []
    for proposal in proposals:
        if not proposal.stale:
            continue
        fact = proposal.fact
        items.append(ReviewItem(
            "staged", (fact,), f"{fact.ref}, written by {proposal.agent}, has waited since "
                               f"{proposal.written_at[:10]} (over {STAGED_DAYS} days): promote it (Suggestions) or "
                               "forget it.",
            {"agent": proposal.agent, "written_at": proposal.written_at, "days": STAGED_DAYS,
             "imported_from": proposal.imported_from or None}, "forget", block(fact), "", (Step("forget", fact),)))
    return items
