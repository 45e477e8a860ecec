"""How well `instructions adherence` judges the rules, on labelled sets written without reading
the implementation (tests/data/adherence_v1 to _v6), and how long judging 30 days takes.

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

import support.adherence_set as sets  # noqa: E402
from _results import Results  # noqa: E402
from context_center.engine import open_engine  # noqa: E402


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


def score(laid, reports: dict[str, dict], show_errors: bool) -> tuple[float, float, float]:
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
    return precision, recall, followed


def denials(laid, state: Path, show_errors: bool) -> tuple[float, int]:
    """Every forbidden command and path of each workspace's CLAUDE.md enforced, then each labelled
    PreToolUse event decided as the hook decides it."""
    os.environ.update(laid.environment())
    from context_center.engine import detect_workspace

    for name in sorted({rule["workspace"] for rule in laid.labels["rules"]}):
        with open_engine(state_root=state, workspace=laid.workspace(name)) as engine:
            for rule in engine.received_rules("claude-code"):
                if rule.check is not None and rule.check.kind in ("forbidden_command", "forbidden_path"):
                    engine.apply_enforcement(engine.enforce_plan(rule.id, "claude-code"))
    counts = Counter()
    errors = []
    started = time.perf_counter()
    for labelled in laid.events():
        event = {k: v for k, v in labelled.items() if k not in ("label", "rule", "why")}
        with open_engine(state_root=state, workspace=detect_workspace(event["cwd"])) as engine:
            decision = engine.tool_call_decision(event)
        guess = "deny" if decision.deny else "allow"
        counts[(labelled["label"], guess)] += 1
        if guess != labelled["label"]:
            errors.append(f"labelled {labelled['label']}, decided {guess}: {labelled['tool_name']} "
                          f"{json.dumps(labelled['tool_input'])[:120]} ({labelled.get('why', '')})")
    took = time.perf_counter() - started
    right = counts[("deny", "deny")] + counts[("allow", "allow")]
    total = sum(counts.values())
    print(f"PreToolUse events: {total}; decided right {right / max(total, 1):.2f} (goal ≥ 0.95); denied "
          f"{counts[('deny', 'deny')]} of {counts[('deny', 'deny')] + counts[('deny', 'allow')]} labelled deny; "
          f"allowed calls denied {counts[('allow', 'deny')]} (goal 0); {took / max(total, 1) * 1000:.1f} ms each "
          "in process (opening the store included)")
    if show_errors:
        for error in errors:
            print("   ", error)
    return right / max(total, 1), counts[("allow", "deny")]


def timing(base: Path, sessions: int = 100, turns: int = 200) -> float:
    """``instructions adherence`` as a whole command over ``sessions`` Claude Code sessions of ``turns``
    tool calls each, beside the same process doing nothing (``python -c pass``)."""
    import subprocess

    from support.agent_actions import claude

    home, workspace, state = base / "t-home", base / "t-ws", base / "t-state"
    workspace.mkdir(parents=True)
    (workspace / "CLAUDE.md").write_text("# Rules\n\n- Never use npm; use pnpm.\n- Use ripgrep, not grep.\n"
                                         "- Run `pnpm test` before reporting completion.\n"
                                         "- Run `pnpm lint` before committing.\n"
                                         "- Do not edit files under src/generated/.\n"
                                         "- Keep public APIs backward compatible.\n")
    commands = ["pnpm test", "rg -n TODO src", "git status", "pnpm lint && git commit -am wip", "ls -la src",
                "cat package.json | head -20", "npm view left-pad version"]
    for n in range(sessions):
        steps: list[tuple] = []
        for t in range(turns):
            stamp = f"2026-11-{10 + n % 18:02d}T{t // 60 % 24:02d}:{t % 60:02d}:00Z"
            steps.append(("edit", stamp, str(workspace / f"src/module{t % 17}.ts")) if t % 3 == 0 else
                         ("bash", stamp, commands[(n + t) % len(commands)]))
        claude(home, workspace, f"session-{n:04d}", steps)
    env = {**os.environ, "HOME": str(home)}
    env.pop("CLAUDE_CONFIG_DIR", None)
    env.pop("CODEX_HOME", None)
    argv = [sys.executable, "-m", "context_center", "--state-root", str(state), "--workspace", str(workspace),
            "instructions", "adherence", "--json", "--days", "60"]
    subprocess.run(argv, env=env, capture_output=True, check=True)   # (the first open builds the store)
    runs, floor = [], []
    for _ in range(3):
        started = time.perf_counter()
        out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout
        runs.append(time.perf_counter() - started)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        floor.append(time.perf_counter() - started)
    report = json.loads(out)
    print(f"instructions adherence over {sum(report['sessions'].values())} sessions of {turns} tool calls: "
          f"{', '.join(f'{t:.2f}' for t in runs)} s as a whole command (goal under 3 s); python -c pass "
          f"{min(floor):.2f} s")
    return sorted(runs)[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--record", action="store_true", help="also write bench/results/adherence.json")
    args = parser.parse_args()
    record = Results("adherence", "Rules followed or broken, from the agents' transcripts") if args.record else None
    table = "Labelled sets"
    if record is not None:
        record.table(table, ["set", "kind", "violated precision", "violated recall", "followed accuracy",
                             "tool calls decided right", "allowed calls denied"],
                     note="goals: violated precision ≥ 0.95 and recall ≥ 0.80; followed ≥ 0.90; tool calls decided "
                          "right ≥ 0.95, allowed calls denied 0", chart="violated precision")
    base = _base()
    try:
        first = "its first run, untouched: violated precision / recall, followed, denials"
        for source, said in (
                (sets.SET, f"developed against; {first} 1.00 / 0.97, 0.94, 0.92"),
                (sets.HELD_OUT, f"developed against after {first} 0.90 / 0.47, 0.52, 0.86"),
                (sets.HELD_OUT_SMALL, f"held out, its misses seen (they were v2's); {first} 0.88 / 0.79, 0.71, 0.90"),
                (sets.HELD_OUT_LAST, f"written after v2's fixes, developed against after {first} "
                                     "1.00 / 0.71, 0.77, 0.75"),
                (sets.HELD_OUT_NEXT, f"written after v4's fixes, developed against after {first} "
                                     "0.64 / 0.78, 0.66, 0.83"),
                (sets.HELD_OUT_SIXTH, f"held out, written after v5's fixes; {first} 1.00 / 0.85, 0.94, 1.00")):
            if not source.is_dir():
                print(f"{source.name}: not there")
                continue
            folder = base / source.name.replace("_", "-")
            folder.mkdir()
            laid = sets.lay_out(folder, source)
            started = time.perf_counter()
            reports = judged(laid, folder / "state")
            took = time.perf_counter() - started
            print(f"\n{source.name} ({said}): judged {len(reports)} workspaces in {took:.2f} s")
            precision, recall, followed = score(laid, reports, args.show_errors)
            right, wrongly_denied = denials(laid, folder / "state-enforced", args.show_errors)
            if record is not None:
                record.row(table, source.name, "held out" if said.startswith("held out") else "developed against",
                           round(precision, 2), round(recall, 2), round(followed, 2), round(right, 2), wrongly_denied)
        took = timing(base)
        if record is not None:
            record.table("instructions adherence", ["sessions", "tool calls each", "median s", "goal s"],
                         note="the whole command, three runs")
            record.row("instructions adherence", 100, 200, round(took, 2), 3)
            record.save()
        (base / "reports.json").write_text(json.dumps(reports, indent=1))
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
