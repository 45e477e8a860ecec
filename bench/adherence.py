"""How well `instructions adherence` judges the rules, on a labelled set written without reading
the implementation (tests/data/adherence_v1), and how long judging 30 days takes.

Prints, for the set: which rules were read as checkable against the labels; precision and recall
of ``violated`` (goals 0.95, 0.80); accuracy of ``followed`` (goal 0.90); for the PreToolUse events,
denials right (goal 0.95, no allowed call denied); then the time to judge 100 sessions of 200 turns
(goal under 3 s) beside reading the same transcripts alone.

    .venv/bin/python bench/adherence.py [--show-errors]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from context_center.engine import open_engine  # noqa: E402
from support.adherence_set import lay_out  # noqa: E402


def _base() -> Path:
    base = Path(tempfile.gettempdir()) / f"ccadh{os.getpid()}"
    shutil.rmtree(base, ignore_errors=True)
    base.mkdir()
    return base


def judged(laid, state: Path) -> dict[str, dict]:
    """Each workspace's report as JSON, by workspace name."""
    os.environ.update(laid.environment())
    reports = {}
    for name in sorted({rule["workspace"] for rule in laid.labels["rules"]}):
        with open_engine(state_root=state, workspace=laid.workspace(name)) as engine:
            reports[name] = engine.adherence(days=30, home=laid.home).to_json()
    return reports


def score(laid, reports: dict[str, dict], show_errors: bool) -> None:
    mine = {(name, rule["source"]): rule for name, report in reports.items() for rule in report["rules"]}
    labelled = laid.labels["rules"]
    checkable = Counter()
    verdicts = Counter()
    errors = []
    for rule in labelled:
        key = (rule["workspace"], rule["source"])
        found = mine.get(key)
        said = found is not None and found["checkable"]
        checkable[(rule["checkable"], said)] += 1
        if not rule["checkable"]:
            if said:
                errors.append(f"judged a rule labelled not checkable: {key} {rule['text']}")
            continue
        if not said:
            errors.append(f"not read as checkable: {key} ({rule['kind']}) {rule['text']}")
        by_session = {(s["agent"], s["session"]): s["verdict"] for s in (found or {}).get("sessions", [])}
        for session in rule["sessions"]:
            if not session["within_30_days"]:
                if (session["agent"], session["session"]) in by_session:
                    errors.append(f"judged a session older than 30 days: {key} {session['session']}")
                continue
            guess = by_session.get((session["agent"], session["session"]), "none")
            verdicts[(session["verdict"], guess)] += 1
            if guess != session["verdict"]:
                errors.append(f"{key} {session['agent']} {session['session'][:8]}: labelled {session['verdict']}, "
                              f"judged {guess} ({session.get('why', '')})")
    print(f"rules labelled: {len(labelled)} ({sum(r['checkable'] for r in labelled)} checkable); "
          f"read as checkable: labelled checkable {checkable[(True, True)]} of "
          f"{checkable[(True, True)] + checkable[(True, False)]}, labelled not checkable "
          f"{checkable[(False, True)]} of {checkable[(False, True)] + checkable[(False, False)]}")
    said_violated = sum(n for (truth, guess), n in verdicts.items() if guess == "violated")
    right_violated = verdicts[("violated", "violated")]
    true_violated = sum(n for (truth, _), n in verdicts.items() if truth == "violated")
    true_followed = sum(n for (truth, _), n in verdicts.items() if truth == "followed")
    precision = right_violated / max(said_violated, 1)
    recall = right_violated / max(true_violated, 1)
    followed = verdicts[("followed", "followed")] / max(true_followed, 1)
    print(f"verdicts in the 30-day window: {sum(verdicts.values())}; violated: precision {precision:.2f} "
          f"(goal ≥ 0.95), recall {recall:.2f} (goal ≥ 0.80); followed: accuracy {followed:.2f} (goal ≥ 0.90); "
          f"not_applicable right {verdicts[('not_applicable', 'not_applicable')]} of "
          f"{sum(n for (t, _), n in verdicts.items() if t == 'not_applicable')}")
    print("  labelled → judged: " + ", ".join(f"{t}→{g} {n}" for (t, g), n in sorted(verdicts.items())))
    if show_errors:
        for error in errors:
            print("   ", error)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show-errors", action="store_true")
    args = parser.parse_args()
    base = _base()
    try:
        laid = lay_out(base)
        state = base / "state"
        started = time.perf_counter()
        reports = judged(laid, state)
        print(f"adherence_v1: judged {len(reports)} workspaces in {time.perf_counter() - started:.2f} s")
        score(laid, reports, args.show_errors)
        (base / "reports.json").write_text(json.dumps(reports, indent=1))
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
