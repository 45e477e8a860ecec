"""``memory recall`` and ``memory search``: what an agent would be told, and finding facts."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..engine import Engine, InvalidInput
from .output import Output, Subcommands, add_json_option, table


def register(memory_sub: Subcommands) -> None:
    recall = memory_sub.add_parser(
        "recall", help="what automatic recall would append to MESSAGE, with the trace",
        description="Run automatic recall on MESSAGE, show the last recall trace (--last), or what the "
                    "hooks gave agents in this workspace (--history).")
    recall.add_argument("message", metavar="MESSAGE", nargs="?", help="the prompt, as an agent would receive it")
    recall.add_argument("--max-chars", type=int, metavar="N", help="character budget of the block (default 2400)")
    recall.add_argument("--limit", type=int, metavar="N", help="most facts to recall (default 4, at most 8)")
    recall.add_argument("--last", action="store_true", help="show the last recall trace of any process")
    history = recall.add_argument_group("the injection record")
    history.add_argument("--history", action="store_true",
                         help="what the hooks gave agents in this workspace, newest first")
    history.add_argument("--session", metavar="ID", help="with --history: one agent session only (its id, or "
                                                         "the start of it)")
    history.add_argument("--keep-days", type=int, metavar="N",
                         help="with --history: keep records for N days (default 30; 0 turns the record off)")
    history.add_argument("--keep-entries", type=int, metavar="N",
                         help="with --history: keep at most N records (default 2000; 0 turns the record off)")
    add_json_option(recall)
    recall.set_defaults(handler=recall_command, usage=recall)

    search = memory_sub.add_parser("search", help="find facts (stale and expired included)",
                                   description="Explicit search over every promoted fact of both scopes.")
    search.add_argument("query", metavar="QUERY", help="words to look for (any language)")
    search.add_argument("--limit", type=int, default=8, metavar="N", help="most results (default 8, at most 20)")
    add_json_option(search)
    search.set_defaults(handler=search_command)

    index = memory_sub.add_parser(
        "index", help="bring the search index in step now (it also keeps itself in step on use)",
        description="Sync the Whoosh search index with the facts, then (with the meaning leg installed: "
                    "pip install 'context-center[semantic]') embed the facts that are new or changed, "
                    "reporting progress. Never required for words: search syncs by itself; the window runs "
                    "this in a separate process.")
    index.add_argument("--rebuild", action="store_true", help="build it again from scratch")
    add_json_option(index, "JSON lines: progress, then the report")
    index.set_defaults(handler=index_command)


def _trace_text(trace: dict[str, Any]) -> str:
    lines = [f"Query      {trace['query']!r}"]
    if trace.get("created_at"):
        lines.append(f"When       {trace['created_at']}")
    lines.append(f"Outcome    {'suppressed: ' + trace['suppressed'] if trace['suppressed'] else 'recalled'}")
    lines.append(f"Budget     {trace['used_chars']:,} / {trace['char_budget']:,} characters; "
                 f"{len(trace['hits'])} of at most {trace['limit']} facts; omitted {trace['omitted']}")
    if trace["hits"]:
        lines += ["", "Selected:", table(("REF", "REV", "SCORE", "FRESHNESS", "REASON"),
                                         [(h["ref"], str(h["revision"]), f"{h['score']:.3f}", h["freshness"],
                                           h["reason"]) for h in trace["hits"]], max_width=70)]
    if trace.get("rejected"):
        lines += ["", "Rejected:", table(("REF", "SCORE", "WHY"),
                                         [(r["ref"], "-" if r["score"] is None else f"{r['score']:.3f}",
                                           r["reason"]) for r in trace["rejected"]], max_width=70)]
    if trace.get("block"):
        lines += ["", trace["block"]]
    return "\n".join(lines)


def _history_text(records: list[dict[str, Any]], days: int, entries: int, session: str | None,
                  pruned: int | None) -> str:
    kept = (f"The record keeps the last {days:,} days, at most {entries:,} records "
            "(change with: memory recall --history --keep-days N --keep-entries N)." if days and entries
            else "The injection record is off: nothing is kept (turn it back on with: memory recall --history "
                 "--keep-days 30 --keep-entries 2000).")
    if pruned:
        kept = f"{pruned:,} record(s) beyond the new bounds were removed. " + kept
    if not records:
        where = f"for a session starting {session!r}" if session else "for this workspace"
        return f"No injection has been recorded {where}.\n" + kept
    rows = []
    for r in records:
        given = ", ".join(i["ref"] for i in r["injected"]) or "-"
        what = r["prompt"] if r["kind"] == "recall" else f"session start ({r['source'] or 'unknown source'})"
        outcome = f"suppressed: {r['suppressed']}" if r["suppressed"] else given
        rows.append((str(r["id"]), r["time"], r["session_id"] or "-", r["kind"], f"{r['chars']:,}", outcome, what))
    return table(("ID", "TIME (UTC)", "SESSION", "KIND", "CHARS", "INJECTED", "PROMPT"), rows, max_width=40) \
        + "\n\n" + kept


def history_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    pruned = None
    if args.keep_days is not None or args.keep_entries is not None:
        pruned = engine.set_injection_bounds(args.keep_days, args.keep_entries)
    records = [r.to_json() for r in engine.injections(args.session)]
    days, entries = engine.injection_bounds()
    return out.emit({"injections": records},
                    lambda: _history_text(records, days, entries, args.session, pruned))


def recall_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    if args.history:
        if args.message is not None or args.last or args.max_chars is not None or args.limit is not None:
            args.usage.error("--history takes no MESSAGE, --last, --max-chars or --limit")
        return history_command(engine, args, out)
    if args.session is not None or args.keep_days is not None or args.keep_entries is not None:
        args.usage.error("--session, --keep-days and --keep-entries go with --history")
    if args.last:
        if args.message is not None:
            raise InvalidInput("give MESSAGE or --last, not both")
        trace = engine.last_recall()
        if trace is None:
            return out.emit({"trace": None}, "No recall has run for this workspace yet.")
        return out.emit(trace, lambda: _trace_text(trace))
    if args.message is None:
        raise InvalidInput("give a MESSAGE to recall for, or --last for the last trace")
    result = engine.recall(args.message, max_chars=args.max_chars, limit=args.limit)
    data = result.to_json()
    return out.emit(data, lambda: _trace_text(data))


def search_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    result = engine.search(args.query, limit=args.limit)
    hits = [{**engine.fact_json(h.fact), "score": round(h.score, 3), "snippet": h.snippet, "found_by": list(h.legs)}
            for h in result.hits]

    def human() -> str:
        if not hits:
            return f"No fact matches {args.query!r}."
        blocks = []
        for hit in hits:
            limit = ", ".join(f"{key} {hit[key]}" for key in ("worktree", "branch") if hit.get(key))
            found_by = "" if hit["found_by"] == ["words"] else f"  found by {' and '.join(hit['found_by'])}"
            blocks.append(f"{hit['ref']}  score {hit['score']:.3f}  {hit['type']}, {hit['freshness']}"
                          + (f", only {limit}" if limit else "") + found_by + f"\n  {hit['title']}\n  {hit['snippet']}")
        return "\n\n".join(blocks)

    return out.emit({"query": args.query, "hits": hits}, human)


def index_command(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    def progress(stage: str, done: int, total: int) -> None:
        if args.json:
            sys.stdout.write(json.dumps({"progress": [done, total], "stage": stage}) + "\n")
            sys.stdout.flush()
        else:
            what = "indexed" if stage == "words" else "embedded"
            sys.stderr.write(f"\r{what} {done:,} of {total:,} facts")
            if done == total:
                sys.stderr.write("\n")

    report = (engine.rebuild_search_index if args.rebuild else engine.sync_search_index)(
        lambda done, total: progress("words", done, total))
    embedded = engine.sync_meaning(lambda done, total: progress("meaning", done, total))
    legs = engine.search_legs()
    data = {"added": report.added, "updated": report.updated, "removed": report.removed, "rebuilt": report.rebuilt,
            "embedded": embedded, "meaning": legs["meaning"]}
    return out.emit(data, f"Search index in step: {report.added} added, {report.updated} updated, "
                          f"{report.removed} removed" + (" (rebuilt)" if report.rebuilt else "")
                    + (f"; meaning vectors: {embedded:,} made, {legs['embedded'] or 0:,} of {legs['facts']:,} facts"
                       if legs["meaning"] else f"; {legs['describe']}"))
