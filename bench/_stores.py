"""Shared by the benchmarks: LoCoMo turns as facts, written straight to a state root."""
from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
import statistics
import sys
import time
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from context_center.engine.clock import format_timestamp, now  # noqa: E402
from context_center.engine.memory.fact_file import render_fact  # noqa: E402
from context_center.engine.memory.fields import new_fact_id  # noqa: E402
from context_center.engine.records import Fact  # noqa: E402
from context_center.engine.storage.paths import StorePaths  # noqa: E402
from context_center.engine.text.analysis import tokenize  # noqa: E402

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "bench" / "locomo-dev.json"


def load_locomo(path: Path = LOCOMO) -> list[dict]:
    if not path.exists():
        raise SystemExit(f"{path} is missing: the LoCoMo sample lives in ../shared/bench/")
    return json.loads(path.read_text(encoding="utf-8"))


def turns(conversation: dict) -> Iterator[tuple[str, str]]:
    """(dia_id, body) of every turn: ``speaker: text`` plus the image caption when there is one."""
    talk = conversation["conversation"]
    sessions = sorted((k for k in talk if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k.split("_")[1]))
    for key in sessions:
        for turn in talk[key]:
            body = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                body += f" [image: {turn['blip_caption']}]"
            yield turn["dia_id"], body


def turn_dates(conversation: dict) -> dict[str, str]:
    """dia_id → the ``created_at`` of its turn: its session's date and time ("1:56 pm on 8 May,
    2023"), the moment a memory of it would have been written (the sample's times carry no zone:
    read as UTC)."""
    talk = conversation["conversation"]
    stamps = {}
    for key in (k for k in talk if re.fullmatch(r"session_\d+", k)):
        said = dt.datetime.strptime(talk[f"{key}_date_time"], "%I:%M %p on %d %B, %Y")
        moment = said.replace(tzinfo=dt.timezone.utc)
        stamps.update((turn["dia_id"], format_timestamp(moment)) for turn in talk[key])
    return stamps


def fact_name(dia_id: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", dia_id.lower()).strip("-")


def write_facts(paths: StorePaths, items: list[tuple[str, str, str]], scope: str = "project",
                created: dict[str, str] | None = None) -> None:
    """Write (name, title, body) facts as files, as another tool or `git pull` would; ``created``
    gives some names their ``created_at`` (the others are written now)."""
    folder = paths.memory_dir(scope)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = format_timestamp(now())
    created = created or {}
    for name, title, body in items:
        when = created.get(name, stamp)
        fact = Fact(id=new_fact_id(), revision=1, name=name, title=title, description="", type="project",
                    scope=scope, body=body, created_at=when, updated_at=when, activation="relevant")
        (folder / f"{name}.md").write_text(render_fact(fact), encoding="utf-8")


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p95) in milliseconds of samples in seconds."""
    ordered = sorted(samples)
    return statistics.median(ordered) * 1000, ordered[int(round(0.95 * (len(ordered) - 1)))] * 1000


def fts5_times(columns: tuple[str, ...], rows: list[tuple[str, ...]], queries: list[str], limit: int) -> list[float]:
    """Seconds per query of SQLite FTS5 on ``rows``: an OR of the query's words (stopwords dropped),
    ranked by bm25, ``LIMIT limit`` — the reference every search benchmark prints beside its own."""
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE rows USING fts5({', '.join(columns)})")
    db.executemany(f"INSERT INTO rows VALUES ({', '.join('?' for _ in columns)})", rows)
    db.commit()
    times = []
    for query in queries:
        words = sorted(set(tokenize(query, stemmed=False, drop_stopwords=True)))
        match = " OR ".join(f'"{w}"' for w in words) or '""'
        start = time.perf_counter()
        db.execute("SELECT rowid, bm25(rows) AS s FROM rows WHERE rows MATCH ? ORDER BY s LIMIT ?",
                   (match, limit)).fetchall()
        times.append(time.perf_counter() - start)
    db.close()
    return times
