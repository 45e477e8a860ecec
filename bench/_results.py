"""Benchmarks as data: a script's figures, beside their references, kept in ``bench/results/NAME.json``.

A script run with ``--record`` writes what it printed as tables (each row its figures and, in
the same row, the reference measured in the same run: the interpreter's floor, SQLite FTS5, BM25
alone), with the machine, the date and the commit. ``docs/gen_reference.py`` turns the latest of
each into the manual's benchmarks page, so the page says what was measured, not a diary of it.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "bench" / "results"


def _commit() -> str:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              timeout=10)
        # (figures recorded, and the pages made from them, are no change to what was measured)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                                ":!bench/results", ":!docs/benchmarks", ":!docs/benchmarks.md"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return done.stdout.strip() + (" (with changes)" if dirty else "")
    except OSError:
        return "unknown"


def _machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores{', ' + model if model else ''}; {platform.system()} {platform.release()}; " \
           f"Python {platform.python_version()}"


class Results:
    """The figures of one run of one script."""

    def __init__(self, name: str, title: str) -> None:
        # the command as it was run, its options with it (a figure means little without its sizes)
        script = Path(sys.argv[0]).resolve()
        shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else Path(script.name)
        self.name, self.title, self.command = name, title, shlex.join([str(shown), *sys.argv[1:]])
        self.tables: dict[str, dict[str, Any]] = {}

    def table(self, name: str, columns: list[str], note: str = "", chart: str | None = None,
              reference: str | None = None) -> None:
        """A table; ``chart``: the column drawn as bars beside the ``reference`` column."""
        self.tables[name] = {"columns": columns, "rows": [], "note": note, "chart": chart, "reference": reference}

    def row(self, table: str, *values: Any) -> None:
        self.tables[table]["rows"].append(list(values))

    def save(self) -> Path:
        FOLDER.mkdir(parents=True, exist_ok=True)
        path = FOLDER / f"{self.name}.json"
        data = {"name": self.name, "title": self.title, "command": self.command,
                "date": dt.date.today().isoformat(), "commit": _commit(), "machine": _machine(),
                "tables": self.tables}
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"recorded {path.relative_to(ROOT)}")
        return path
