"""How well the review tells duplicates and contradictions: precision and recall on hand-labelled
pairs, and how many duplicates it proposes among LoCoMo's turns (which hold few true repeats).

    .venv/bin/python bench/review_pairs.py [--pairs FILE ...] [--show-errors] [--pairs-only]

The pairs are realistic project notes (a third in Chinese, a third hard negatives that share many
words), each labelled duplicate, contradiction or different, in two files:
``review_pairs.jsonl`` (209 pairs), which the judge's rules were developed against, and
``review_pairs_heldout.jsonl`` (120 pairs), written on 2026-12-04 by a session that had seen
neither the code nor the first file, and only ever measured: its figures are the honest ones;
``review_pairs_v2.jsonl`` (360 pairs) and four stores of 35–50 facts with planted contradictions
and repeats (``review_stores_v2/``), written on 2026-12-04 by another session that had read no
code (issue #50; ``tests/data/README_v2.md``), measured, then developed against on 2026-12-05;
``review_v3/`` (pairs and four stores), written on 2026-12-05 by a third session that had read no
code, after those changes, and measured (only its figures, never its pairs, were looked at, and the
rules of 2026-12-06 were measured on it several times as they were made); ``review_v4/`` (339 pairs,
two stores of 40 facts), written on 2026-12-06 by a fourth session that had read no code, measured
once held out, then developed against; ``review_v5/`` (342 pairs, two stores of 40 facts), written
on 2026-12-06 by a fifth session that had read no code, and measured once the rules of that day
were final, then developed against; ``review_v6/`` (351 pairs, four stores of 40 facts), written
by a sixth session that had read no code while the values of a kind were being developed, and
measured once they were final, then developed against; ``review_v7/`` (354 pairs, four stores of
40 facts), written by a seventh session that had read no code while v6 was being developed against,
measured once, then developed against; ``review_v8/`` (341 pairs, four stores of 40 facts), written
by an eighth session that had read no code while v7 was being developed against, measured once the
rules of that day were final, then developed against; ``review_v9/`` (348 pairs, four stores of 40
facts), written by a ninth session that had read no code while v6–v8 were being developed against,
measured once, then developed against; ``review_v10/`` (355 pairs, four stores of 40 facts), written
by a tenth session that had read no code while v9 was being developed against, measured once, then
developed against; ``review_v11/`` (348 pairs, four stores of 40 facts), written by an eleventh
session that had read no code while v10 was being developed against, measured once, then developed
against; ``review_v12/`` (371 pairs, four stores of 40 facts), written by a twelfth session that
had read no code while v11 was being developed against, measured once, then developed against;
``review_v13/`` (348 pairs, four stores of 40 facts), written by a thirteenth session that had read
no code while v12 was being developed against, measured once, then developed against;
``review_v14/`` (420 pairs, four stores of 40 facts), written by a fourteenth session that had read
no code while v13 was being developed against, measured once, then developed against;
``review_v15/`` (372 pairs, four stores of 40 facts), written by a fifteenth session that had read
no code while v14 was being developed against, measured once, then developed against;
``review_v16/`` (411 pairs, four stores of 40 facts), written by a sixteenth session that had read
no code while v15 was being developed against, measured once, then developed against;
``review_v17/`` (360 pairs, four stores of 40 facts), written by a seventeenth session that had read
no code at the end of the session of v16, measured once (with the rules it was written after), then
developed against; ``review_v18/`` (428 pairs, four stores of 40 facts), written by an eighteenth
session that had read no code while v17 was being developed against, measured once with the rules
of that day (and with those they started from: 0.93 / 0.54, 0.81 / 0.71), then developed against;
``review_v19/`` (366 pairs, four stores of 40 facts), written after that, measured once with the rules
it was written after (0.93 / 0.52, 0.86 / 0.81), then developed against; ``review_v20/`` (361 pairs,
four stores of 40 facts), written by a twentieth session that had read no code while v19 was being
developed against, measured once at the end of that session (0.97 / 0.60, 0.91 / 0.72), then developed
against; ``review_v21/`` (380 pairs, four stores of 40 facts), written by a helper session that had read
no code at the start of the session that developed against v20, measured once at its end (0.87 / 0.54,
0.87 / 0.55), then developed against; ``review_v22/`` (370 pairs, four stores of 40 facts), written by a helper that
had read no code at the end of that session, measured first by the next with the rules it was written
after (0.84 / 0.47, 0.86 / 0.56), then developed against; ``review_v23/`` (387 pairs, four stores of 40
facts), written by a helper that had read no code at that next session's start, measured once at its end
(0.89 / 0.35, 0.92 / 0.47), then developed against; ``review_v24/`` (549 pairs, four stores of 40 facts),
written by a helper that had read no code at that session's end, measured first by the next with the rules
it was written after (0.95 / 0.38, 0.81 / 0.39), then developed against; ``review_v25/`` (375 pairs, four
stores of 40 facts), written by a helper that had read no code at that next session's start, measured once
(0.98 / 0.32, 0.85 / 0.32), then developed against; ``review_v26/`` (372 pairs, four stores of 40 facts),
written by a helper that had read no code in that session, measured once at its end, then developed against;
``review_v27/`` (391 pairs, four stores of 40 facts), written by a helper that had read no code at that
session's end, measured first by the next with the rules it was written after (0.95 / 0.33, 0.83 / 0.46),
then developed against; ``review_v28/`` (378 pairs, four stores of 40 facts), written by a helper that had
read no code at that next session's start, measured once at its end, then developed against; ``review_v29/``
(374 pairs, four stores of 40 facts), written by a helper that had read no code at that session's end, measured
first by the next with the rules it was written after (0.94 / 0.35, 0.93 / 0.58), then developed against;
``review_v30/`` (403 pairs, four stores of 40 facts), written by a helper that had read no code at that next
session's start, measured once at its end, then developed against; ``review_v31/`` (394 pairs, four stores of 40
facts), written by a helper that had read no code at the next session's start, measured once at its end, then
developed against; ``review_v32/`` (386 pairs, four stores of 40 facts), written by a helper that had read no code
at the next session's start, measured once at its end, then developed against; ``review_v33/`` (378 pairs, four
stores of 40 facts), written by a helper that had read no code at that session's end, measured first by the next
with the rules it was written after (0.86 / 0.51, 0.96 / 0.55), then developed against; ``review_v34/`` (380 pairs,
four stores of 40 facts), written by a helper that had read no code at the next session's start, measured once at
its end, then developed against; ``review_v35/`` (378 pairs, four stores of 40 facts), written by a helper that had
read no code at the next session's start, measured once at its end, then developed against; ``review_v36/`` (403
pairs, four stores of 40 facts), written by a helper that had read no code at the next session's start, measured once
at its end, then developed against; ``review_v37/`` (408 pairs, four stores of 40 facts), written by a helper that
had read no code at the next session's start, measured once at its end (held out).
Goals (issue #50): duplicates precision ≥ 0.90 and recall ≥ 0.50, contradictions ≥ 0.90 and
≥ 0.80; in the stores, planted contradictions found ≥ 80 %, planted repeats ≥ 60 %, at most one false item per store.
Words are weighted by their rarity among all the notes of a file, as the review weighs them among
a store's facts. Goals (issue #33): duplicates precision ≥ 0.9 and recall ≥ 0.7; proposed
duplicates among LoCoMo's turns at most 1 % of the turns (each conversation alone, a smaller
store, is printed too). Then ``memory review --json`` at 10,000 facts, as a whole command.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from _results import Results
from _stores import load_locomo, turns, write_facts
from cli_latency import items
from context_center.engine.records import Fact
from context_center.engine.review.finders import Usage, duplicates_and_contradictions
from context_center.engine.storage.paths import StorePaths
from context_center.engine.text.reading import Weights, read
from context_center.engine.text.similarity import judge

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


def scores(pairs: list[dict], label: str, lang: str | None = None) -> tuple[float, float, int]:
    chosen = [p for p in pairs if lang is None or p["lang"] == lang]
    proposed = [p for p in chosen if p["guess"] == label]
    true = [p for p in chosen if p["label"] == label]
    hits = sum(1 for p in proposed if p["label"] == label)
    return hits / max(len(proposed), 1), hits / max(len(true), 1), len(true)


def _facts(bodies: list[str]) -> list[Fact]:
    stamp = "2026-01-01T00:00:00Z"
    return [Fact(id=f"t-{n}", revision=1, name=f"t-{n}", title="", description="", type="project", scope="project",
                 body=body, created_at=stamp, updated_at=stamp) for n, body in enumerate(bodies)]


# how each labelled set was used (else: developed against), with its figures when first measured held out
# (duplicates, then contradictions, precision / recall)
KINDS = {"review_pairs_heldout.jsonl": "held out: only ever measured",
         "review_v3/pairs.jsonl": "its figures watched while rules were made",
         "review_v4/pairs.jsonl": "held out at first (0.70 / 0.17, 0.85 / 0.26), then developed against",
         "review_v5/pairs.jsonl": "held out at first (0.77 / 0.15, 0.85 / 0.25), then developed against",
         "review_v6/pairs.jsonl": "held out at first (0.94 / 0.25, 0.82 / 0.31), then developed against",
         "review_v7/pairs.jsonl": "held out at first (0.81 / 0.11, 0.85 / 0.24), then developed against",
         "review_v8/pairs.jsonl": "held out at first (0.93 / 0.33, 0.88 / 0.32), then developed against",
         "review_v9/pairs.jsonl": "held out at first (0.90 / 0.54, 0.89 / 0.62), then developed against",
         "review_v10/pairs.jsonl": "held out at first (0.94 / 0.38, 0.83 / 0.46), then developed against",
         "review_v11/pairs.jsonl": "held out at first (0.79 / 0.27, 0.91 / 0.44), then developed against",
         "review_v12/pairs.jsonl": "held out at first (0.89 / 0.28, 0.78 / 0.54), then developed against",
         "review_v13/pairs.jsonl": "held out at first (0.93 / 0.33, 0.89 / 0.44), then developed against",
         "review_v14/pairs.jsonl": "held out at first (0.85 / 0.33, 0.85 / 0.52), then developed against",
         "review_v15/pairs.jsonl": "held out at first (0.96 / 0.37, 0.91 / 0.63), then developed against",
         "review_v16/pairs.jsonl": "held out at first (0.86 / 0.35, 0.84 / 0.59), then developed against",
         "review_v17/pairs.jsonl": "held out at first (0.92 / 0.40, 0.96 / 0.76), then developed against",
         "review_v18/pairs.jsonl": "held out at first (0.94 / 0.56, 0.82 / 0.72), then developed against",
         "review_v19/pairs.jsonl": "held out at first (0.93 / 0.52, 0.86 / 0.81), then developed against",
         "review_v20/pairs.jsonl": "held out at first (0.97 / 0.60, 0.91 / 0.72), then developed against",
         "review_v21/pairs.jsonl": "held out at first (0.87 / 0.54, 0.87 / 0.55), then developed against",
         "review_v22/pairs.jsonl": "held out at first (0.84 / 0.47, 0.86 / 0.56), then developed against",
         "review_v23/pairs.jsonl": "held out at first (0.89 / 0.35, 0.92 / 0.47), then developed against",
         "review_v24/pairs.jsonl": "held out at first (0.95 / 0.38, 0.81 / 0.39), then developed against",
         "review_v25/pairs.jsonl": "held out at first (0.98 / 0.32, 0.85 / 0.32), then developed against",
         "review_v26/pairs.jsonl": "held out at first (0.91 / 0.33, 0.84 / 0.35; with the rules its session "
                                   "started from: 0.91 / 0.32, 0.83 / 0.31), then developed against",
         "review_v27/pairs.jsonl": "held out at first (0.95 / 0.33, 0.83 / 0.46), then developed against",
         "review_v28/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(0.92 / 0.46, 0.84 / 0.37; with those it started from: 0.91 / 0.33, "
                                   "0.85 / 0.37), then one false merge it showed mended, then developed against",
         "review_v29/pairs.jsonl": "held out at first (0.94 / 0.35, 0.93 / 0.58), then developed against",
         "review_v30/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(the same with those it started from: no pair moved), then developed against",
         "review_v31/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(0.90 / 0.58, 0.89 / 0.64 with those it started from: 2 pairs moved, both "
                                   "made right), then developed against",
         "review_v32/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(0.86 / 0.48, 0.86 / 0.53 with those it started from: 3 pairs moved, all "
                                   "made right), then developed against",
         "review_v33/pairs.jsonl": "held out at first (0.86 / 0.51, 0.96 / 0.55; with the rules its session "
                                   "started from: 0.86 / 0.51, 0.92 / 0.55), then developed against",
         "review_v34/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(0.87 / 0.46, 0.91 / 0.55 with those it started from: 8 pairs moved, 7 made "
                                   "right, none wrong), then developed against",
         "review_v35/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(0.90 / 0.58, 0.87 / 0.69 with those it started from: 14 pairs moved, all "
                                   "made right), then developed against",
         "review_v36/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(the same with those it started from: no pair moved), then developed against",
         "review_v37/pairs.jsonl": "held out: measured once, with the rules of the session it was written in "
                                   "(0.97 / 0.53, 0.91 / 0.68 with those it started from: 5 pairs moved, 4 made "
                                   "right, 1 wrong)"}
LATER_SETS = range(3, 38)   # review_v3/ … review_v37/, each with pairs.jsonl and stores/
PAIRS_TABLE = "Labelled pairs: precision and recall"
STORES_TABLE = "Stores with planted contradictions and repeats"


def _named(path: Path) -> str:
    """A labelled file as the figures name it: under tests/data/ by its path there, else as given."""
    return str(path.resolve().relative_to(DATA)) if path.resolve().is_relative_to(DATA) else str(path)


def measure(path: Path, show_errors: bool, record: Results | None = None) -> None:
    pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    weights = Weights(read(text) for pair in pairs for text in (pair["a"], pair["b"]))
    for pair in pairs:
        pair["guess"] = judge(pair["a"], pair["b"], weights)
    print(f"{_named(path)}: {len(pairs)} labelled pairs: {dict(Counter(p['label'] for p in pairs))}, "
          f"{dict(Counter(p['lang'] for p in pairs))}")
    for label in ("duplicate", "contradiction"):
        for lang in (None, "en", "zh"):
            precision, recall, n = scores(pairs, label, lang)
            print(f"  {label:13s} {lang or 'all':3s} precision {precision:.2f}  recall {recall:.2f}  ({n} pairs)")
    related = [p for p in pairs if p["guess"] == "related"]
    alike = sum(p["label"] == "duplicate" for p in pairs if p["guess"] in ("duplicate", "related"))
    print(f"  related (shown, no merge proposed): {len(related)}, of which labelled duplicate "
          f"{sum(p['label'] == 'duplicate' for p in related)}; duplicates proposed or shown as related: recall "
          f"{alike / max(sum(p['label'] == 'duplicate' for p in pairs), 1):.2f}")
    if record is not None:
        name = _named(path)
        row = [name, KINDS.get(name, "developed against"), len(pairs)]
        for label in ("duplicate", "contradiction"):
            precision, recall, _n = scores(pairs, label)
            proposed = any(p["guess"] == label for p in pairs)
            row += [round(precision, 2) if proposed else "— (none proposed)", round(recall, 2)]
        record.row(PAIRS_TABLE, *row)
    for label, recall_goal in (("duplicate", 0.5), ("contradiction", 0.8)):
        goal = scores(pairs, label)
        print(f"  {label}s: precision {goal[0]:.2f} (goal ≥ 0.90), recall {goal[1]:.2f} (goal ≥ {recall_goal:.2f}): "
              f"{'met' if goal[0] >= 0.9 and goal[1] >= recall_goal else 'NOT met'}")
    if show_errors:
        for pair in pairs:
            if pair["guess"] != pair["label"]:
                print(f"    {pair['label']:>13s} → {pair['guess']:13s} {pair['a']} | {pair['b']}")


def measure_store(path: Path, show_errors: bool) -> list[int]:
    """A realistic store with planted contradictions and repeats among innocent facts: what the
    review finds of them, and what it proposes that is not there."""
    data = json.loads(path.read_text(encoding="utf-8"))
    stamp = "2026-01-01T00:00:00Z"
    facts = [Fact(id=f"s-{n}", revision=1, name=f["name"], title=f.get("title", ""), description="", type="project",
                  scope="project", body=f["body"], created_at=stamp, updated_at=stamp)
             for n, f in enumerate(data["facts"])]
    found = duplicates_and_contradictions(facts, lambda _fact: Usage())
    planted = {(p["kind"], frozenset(p["facts"])) for p in data["planted"]}
    proposed = {(item.kind, frozenset(f.name for f in item.facts)) for item in found if item.kind != "related"}
    related = {frozenset(f.name for f in item.facts) for item in found if item.kind == "related"}
    counts = []
    for kind in ("contradiction", "duplicate"):
        wanted = {pair for k, pair in planted if k == kind}
        hit = {pair for k, pair in proposed if k == kind} & wanted
        counts += [len(hit), len(wanted)]
        print(f"{_named(path)}: {kind}s found {len(hit)} of {len(wanted)}", end="; ")
    repeats = {pair for k, pair in planted if k == "duplicate"}
    false = proposed - planted
    print(f"false items {len(false)} ({len(facts)} facts); related shown {len(related)}, "
          f"of which planted repeats {len(related & repeats)}")
    if show_errors:
        for kind, pair in sorted(false, key=str):
            print(f"    false {kind}: {' | '.join(sorted(pair))}")
        for pair in sorted(related - repeats, key=str):
            print(f"    related, not planted: {' | '.join(sorted(pair))}")
        for kind, pair in sorted(planted - proposed, key=str):
            print(f"    missed {kind}: {' | '.join(sorted(pair))}")
    return [*counts, len(false)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=Path, nargs="+", default=[DATA / "review_pairs.jsonl",
                                                                  DATA / "review_pairs_heldout.jsonl",
                                                                  DATA / "review_pairs_v2.jsonl",
                                                                  *(DATA / f"review_v{n}" / "pairs.jsonl"
                                                                    for n in LATER_SETS)])
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--pairs-only", action="store_true", help="skip LoCoMo and the 10,000-fact command")
    parser.add_argument("--record", action="store_true", help="also write bench/results/review_pairs.json")
    args = parser.parse_args()
    record = Results("review_pairs", "The memory review: duplicates and contradictions") if args.record else None
    if record is not None:
        record.table(PAIRS_TABLE, ["set", "kind", "pairs", "duplicates precision", "duplicates recall",
                                   "contradictions precision", "contradictions recall"],
                     note="goals: precision ≥ 0.90 for both; recall ≥ 0.50 for duplicates and ≥ 0.80 for "
                          "contradictions. The held-out sets were written by a helper who had not read the code",
                     chart="contradictions recall")
    if record is not None:
        record.table(STORES_TABLE, ["stores", "count", "planted contradictions found", "planted repeats proposed",
                                    "false items", "most in one store"],
                     note="goals: contradictions found ≥ 80 %, repeats ≥ 60 %, at most one false item per store. "
                          "v7's stores held out at first: 2 of 16, 2 of 12, 7 false items (3 in one store); v8's: "
                          "2 of 16, 3 of 12, 2 false items; v9's: 6 of 16, 3 of 12, 5 (5 in one store); v10's: 4 of "
                          "16, 2 of 12, 3; v11's: 5 of 16, 4 of 12, 2; v12's: 5 of 16, 2 of 12, 1; v13's: 3 of 16, "
                          "2 of 12, 1; v14's: 3 of 16, 3 of 12, 3; v15's: 6 of 16, 5 of 12, 1; v16's: 1 of 16, 0 "
                          "of 12, 1; v17's: 9 of 16, 1 of 12, 1; v18's: 7 of 16, 2 of 12, 5 (with their first rules "
                          "too); v19's: 8 of 16, 5 of 12, 4; v20's: 5 of 16, 8 of 12, 2 (the same with the rules "
                          "of the session it was written in and with those that session started from); v21's: 5 of "
                          "16, 4 of 12, 1 (with the rules its session started from: 4 of 16, 3 of 12, 1); v22's: 4 "
                          "of 16, 4 of 12, none; v23's: 4 of 16, 1 of 12, 1 (the same with the rules its session "
                          "started from); v24's: 1 of 16, 3 of 12, none; v25's: 7 of 16, 1 of 12, 3 (2 in one "
                          "store; the same with the rules its session started from); v26's: 2 of 16, 3 of 12, none "
                          "(the same with the rules its session started from); v27's: 4 of 16, 4 of 12, none; "
                          "v28's: 8 of 16, 1 of 12, 4 (2 in each of two stores; the same with the rules its "
                          "session started from); v29's: 5 of 16, 3 of 12, 1; v30's: 3 of 16, 3 of 12, 1 (the same "
                          "with the rules its session started from); v31's: 4 of 16, 5 of 12, 3 (at most 1 in a "
                          "store; the same with the rules its session started from); v32's: 2 of 16, 5 of 12, 1 "
                          "(the same with the rules its session started from); v33's: 5 of 16, 5 of 12, 4 (2 in one "
                          "store; with the rules its session started from: 5 of 16, 5 of 12, 5); v34's: 4 of 16, "
                          "6 of 12, 3 (2 in one store; the same with the rules its session started from); v35's: 13 "
                          "of 16, 5 of 12, 3 (2 in one store; with the rules its session started from: 12 of 16, 3 of "
                          "12, 2; a false merge among the three, of that session's making, mended after); v36's: 13 "
                          "of 16, 8 of 12, 3 (at most 1 in a store; the same with the rules its session started "
                          "from); v37's: 5 of 16, 4 of 12, 2 (at most 1 in a store; the same with the rules its "
                          "session started from)")
    for path in args.pairs:
        if path.exists() or path not in parser.get_default("pairs"):   # (a set not written yet is skipped)
            measure(path, args.show_errors, record)
    for folder in (DATA / "review_stores_v2", *(DATA / f"review_v{n}" / "stores" for n in LATER_SETS)):
        found = [measure_store(path, args.show_errors) for path in sorted(folder.glob("store_*.json"))]
        if record is not None and found:
            hit, planted, repeats, planted_repeats = (sum(counts[i] for counts in found) for i in range(4))
            record.row(STORES_TABLE, _named(folder), len(found), f"{hit} of {planted}",
                       f"{repeats} of {planted_repeats}", sum(counts[4] for counts in found),
                       max(counts[4] for counts in found))

    if args.pairs_only:
        if record is not None:
            record.save()
        return
    if record is not None:
        record.table("LoCoMo turns", ["turns", "duplicate pairs proposed", "turns touched %", "contradictions"],
                     note="conversational turns hold few repeats: a proposal here is most likely wrong "
                          "(goal ≤ 1 % of the turns touched)")
    conversations = [[body for _, body in turns(conversation)] for conversation in load_locomo()]
    for label, bodies in [("LoCoMo sample", [body for turns_ in conversations for body in turns_]),
                          *((f"  conversation {n}", turns_) for n, turns_ in enumerate(conversations, 1))]:
        found = duplicates_and_contradictions(_facts(bodies), lambda _fact: Usage())
        touched = {fact.id for item in found if item.kind == "duplicate" for fact in item.facts}
        shown = {fact.id for item in found if item.kind == "related" for fact in item.facts}
        target = "" if label.startswith(" ") else "; goal ≤ 1 %"
        if record is not None and not label.startswith(" "):
            record.row("LoCoMo turns", len(bodies), sum(i.kind == "duplicate" for i in found),
                       round(100 * len(touched) / len(bodies), 2), sum(i.kind == "contradiction" for i in found))
        print(f"{label}: {len(bodies):,} turns, duplicate pairs proposed {sum(i.kind == 'duplicate' for i in found)}, "
              f"touching {len(touched)} turns ({len(touched) / len(bodies):.2%}{target}); "
              f"contradictions {sum(i.kind == 'contradiction' for i in found)}; related shown "
              f"{sum(i.kind == 'related' for i in found)} (touching {len(shown) / len(bodies):.2%})")

    with tempfile.TemporaryDirectory(prefix="cc-review-") as tmp:
        root, workspace = Path(tmp) / "state", Path(tmp) / "ws"
        (workspace / ".git").mkdir(parents=True)
        write_facts(StorePaths.create(root, workspace), items(args.facts))
        argv = [sys.executable, "-m", "context_center", "--state-root", str(root), "--workspace", str(workspace),
                "memory", "review", "--json"]
        subprocess.run(argv, capture_output=True, check=True)   # (the first open builds the catalog)
        times = []
        for _ in range(3):
            started = time.perf_counter()
            out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
            times.append(time.perf_counter() - started)
        print(f"memory review --json at {args.facts:,} facts: {', '.join(f'{t:.2f}' for t in times)} s as a whole "
              f"command ({len(json.loads(out)['items'])} items; goal < 2 s)")
    if record is not None:
        record.table("memory review --json", ["facts", "median s", "slowest s", "goal s"],
                     note="the whole command, three runs after a first that builds the catalog")
        record.row("memory review --json", args.facts, round(sorted(times)[1], 2), round(max(times), 2), 2)
        record.save()


if __name__ == "__main__":
    main()
