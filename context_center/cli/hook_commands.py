"""``context-center hook claude-code``: automatic recall inside Claude Code.

Claude Code runs the command on every ``UserPromptSubmit`` with the event as JSON
on stdin, and adds what the command prints (exit 0) to the prompt. We print the
recall block, or nothing when recall is suppressed. With ``--session-start``
(a ``SessionStart`` hook) we print the pinned session context. A hook must never
break the user's turn: any problem is reported on stderr and the exit is 0.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..engine import EngineError, detect_workspace, open_engine


def register(commands: Any) -> None:
    hook = commands.add_parser("hook", help="agent hooks (automatic recall)")
    sub = hook.add_subparsers(dest="hook_command", metavar="AGENT", required=True)
    claude = sub.add_parser("claude-code", help="Claude Code UserPromptSubmit / SessionStart hook",
                            description="Reads a Claude Code hook event on stdin; prints what Claude Code "
                                        "adds to the prompt.")
    claude.add_argument("--session-start", action="store_true",
                        help="SessionStart hook: print the pinned session context")
    claude.set_defaults(handler=claude_code, opens_engine=False)


def _read_event() -> dict[str, Any]:
    raw = sys.stdin.read() if sys.stdin is not None else ""
    if not raw.strip():
        return {}
    event = json.loads(raw)
    if not isinstance(event, dict):
        raise ValueError("the hook event is not a JSON object")
    return event


def claude_code(args: argparse.Namespace) -> int:
    try:
        event = _read_event()
    except (ValueError, UnicodeDecodeError) as exc:
        sys.stderr.write(f"context-center hook: ignoring an unreadable event: {exc}\n")
        return 0
    workspace = args.workspace or detect_workspace(event.get("cwd") or None)
    try:
        with open_engine(state_root=args.state_root, workspace=workspace) as engine:
            if args.session_start:
                _emit(engine.session_context().text)
                return 0
            prompt = event.get("prompt")
            if not isinstance(prompt, str) or not prompt.strip():
                return 0
            result = engine.recall(prompt, record=False)
            _emit(result.block)  # the turn gets its recall even if keeping the trace fails below
            engine.record_recall(result)
    except (EngineError, OSError) as exc:
        sys.stderr.write(f"context-center hook: {exc}\n")
    except Exception as exc:  # noqa: BLE001 - a database error, a bug: still never break the turn
        sys.stderr.write(f"context-center hook: an unexpected error ({type(exc).__name__}): {exc}\n")
    return 0


def _emit(text: str) -> None:
    if text:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
