"""``context-center memory review …``: the queue of what to merge, fix or let go, and the decisions."""
from __future__ import annotations

import argparse
from typing import Any

from ..engine import Engine
from .output import Output, Subcommands, add_json_option, table


def register(memory_sub: Subcommands) -> None:
    review = memory_sub.add_parser(
        "review", help="what to merge, fix or let go: each item with its reason, evidence and preview",
        description="The review queue: duplicates, contradictions, overrides, stale, expired, broken and changed "
                    "facts, unused ones, oversize ones and long-waiting staged memories. Nothing is applied "
                    "unless you apply it, and every apply can be undone.")
    add_json_option(review)
    review.set_defaults(handler=listing)
    sub = review.add_subparsers(dest="review_command", metavar="SUBCOMMAND")
    apply = _verb(sub, "apply", "carry one item's action out (ordinary writes: undo takes it back)", apply_item, "ID")
    apply.add_argument("--edit-text", metavar="T", help="write this text instead of the proposed one (merge, verify)")
    apply.add_argument("--keep", metavar="REF", help="for a contradiction or an override: the fact that stands")
    _verb(sub, "dismiss", "do not propose it again until its facts change", dismiss_item, "ID")
    _verb(sub, "dismissed", "the items dismissed (while their facts are unchanged)", dismissed_items)
    _verb(sub, "undismiss", "propose a dismissed item again", undismiss_item, "ID")
    _verb(sub, "undo", "take a whole decision back, as new revisions", undo_decision, "TOKEN")
    _verb(sub, "history", "what was decided, newest first", decision_history)


_OPERANDS = {"ID": "the item's id (memory review lists them)", "TOKEN": "the decision's undo token (memory review "
             "history lists them)"}


def _verb(sub: Any, name: str, help: str, handler: Any, operand: str = "") -> argparse.ArgumentParser:
    """One ``memory review`` subcommand: its help, its operand (an item's id, a token) if any, --json."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help)
    if operand:
        parser.add_argument(operand.lower(), metavar=operand, help=_OPERANDS[operand])
    add_json_option(parser)
    parser.set_defaults(handler=handler)
    return parser


def _diff(before: str, after: str) -> str:
    import difflib

    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), "before", "after", lineterm="", n=2)
    return "\n".join(f"    {line}" for line in lines)


def listing(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    items = engine.review.items()
    data = {"items": [item.to_json() for item in items]}

    def human() -> str:
        if not items:
            return "Nothing to review: no duplicates, contradictions, stale or broken facts."
        lines = []
        for item in items:
            lines.append(f"{item.id}  [{item.kind}] {item.reason}")
            if item.before or item.after:
                lines.append(_diff(item.before, item.after))
        lines.append("Apply one: context-center memory review apply ID (it prints the undo token that takes it back); "
                     "dismiss: context-center memory review dismiss ID")
        return "\n".join(lines)

    return out.emit(data, human)


def _changes(changes: list[dict[str, Any]]) -> str:
    return "\n".join(f"  {change['op']} {change['ref']}" for change in changes)


def apply_item(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    done = engine.review.apply(args.id, edit_text=args.edit_text, keep=args.keep)
    return out.emit(done, lambda: f"Applied {done['applied']}:\n{_changes(done['changes'])}\n"
                                  f"Take it back with: context-center memory review undo {done['undo']}")


def dismiss_item(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    engine.review.dismiss(args.id)
    return out.emit({"dismissed": args.id}, f"Dismissed {args.id}: not proposed again until its facts change.")


def dismissed_items(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    items = engine.review.dismissed()
    return out.emit({"items": [item.to_json() for item in items]}, lambda: "\n".join(
        [f"{item.id}  [{item.kind}] {item.reason}" for item in items]
        + ["Propose one again: context-center memory review undismiss ID"]) if items else "Nothing is dismissed.")


def undismiss_item(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    engine.review.undismiss(args.id)
    return out.emit({"undismissed": args.id}, f"{args.id} is proposed again.")


def undo_decision(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    done = engine.review.undo(args.token)
    return out.emit(done, lambda: f"Undid {done['item']}:\n{_changes(done['changes'])}")


def decision_history(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    entries = engine.review.history()
    return out.emit({"decisions": entries}, lambda: table(
        ("APPLIED", "ITEM", "ACTION", "FACTS", "UNDO"),
        [(e["applied_at"][:19], e["item"], e["action"], ", ".join(e["facts"]),
          "undone" if e.get("undone_at") else e["token"]) for e in entries], max_width=60)
        if entries else "No review decision yet.")
