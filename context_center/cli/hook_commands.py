"""``context-center hook claude-code``: automatic recall inside Claude Code, and the rules enforced.

Claude Code runs the command on every ``UserPromptSubmit`` with the event as JSON
on stdin, and adds what the command prints (exit 0) to the prompt. We print the
recall block, or nothing when recall is suppressed. With ``--session-start``
(a ``SessionStart`` hook) we print the pinned session context. With
``--pre-tool-use`` (a ``PreToolUse`` hook) we print a denial for a call that breaks
a rule enforced here, and nothing otherwise: the call goes ahead. A hook must never
break the user's turn: any problem is reported on stderr and the exit is 0.
What was given (or held back, and why) is kept in the injection record after the
answer is out; a record that cannot be kept costs the turn nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from typing import Any, Callable

from ..engine import EngineError, choose_state_root, detect_workspace, open_engine
from ..resident import hook_budget
from ..resident.hook_budget import out_of_time_message
from .output import Opener, Subcommands


def register(commands: Subcommands) -> None:
    hook = commands.add_parser("hook", help="agent hooks (automatic recall)")
    sub = hook.add_subparsers(dest="hook_command", metavar="AGENT", required=True)
    claude = sub.add_parser("claude-code", help="Claude Code UserPromptSubmit / SessionStart hook",
                            description="Reads a Claude Code hook event on stdin; prints what Claude Code "
                                        "adds to the prompt.")
    kind = claude.add_mutually_exclusive_group()
    kind.add_argument("--session-start", action="store_true",
                      help="SessionStart hook: print the pinned session context")
    kind.add_argument("--pre-tool-use", action="store_true",
                      help="PreToolUse hook: deny a tool call that breaks a standing rule enforced here "
                           "(`instructions enforce`); print nothing for every other call")
    claude.set_defaults(handler=claude_code, opens_engine=False)


MAX_CWD = 4096
AGENT = "claude-code"
_emitting = threading.Lock()   # the deadline never cuts a block in half


def _out_of_time(budget: float) -> None:
    with _emitting:
        sys.stderr.write(out_of_time_message(budget))
        sys.stderr.flush()
        os._exit(0)


def _read_event() -> dict[str, Any]:
    stream = sys.stdin
    if stream is None:
        text = ""
    elif hasattr(stream, "buffer"):
        text = stream.buffer.read().decode("utf-8", "replace")   # a stray byte must not cost the turn its recall
    else:
        text = stream.read()
    if not text.strip():
        return {}
    event = json.loads(text)
    if not isinstance(event, dict):
        raise ValueError("the hook event is not a JSON object")
    return event


def _clean(text: str) -> str:
    """Text that can be written anywhere: lone surrogates (valid JSON, invalid UTF-8) replaced."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _workspace(args: argparse.Namespace, event: dict[str, Any]):
    cwd = event.get("cwd")
    if args.workspace or not isinstance(cwd, str) or not cwd or len(cwd) > MAX_CWD or "\0" in cwd:
        return args.workspace or detect_workspace(None)
    return detect_workspace(_clean(cwd))


def claude_code(args: argparse.Namespace) -> int:
    budget = hook_budget.budget()
    deadline = threading.Timer(budget, _out_of_time, (budget,)) if budget is not None else None
    if deadline is not None:
        deadline.daemon = True
        deadline.start()
    try:
        return answer_turn(args, open_engine)
    finally:
        if deadline is not None:
            deadline.cancel()


def answer_turn(args: argparse.Namespace, opener: Opener, deadline: float | None = None) -> int:
    """Answer one hook event from stdin on a store ``opener`` gives (this process's own open, or the
    resident service's warm one); never fails the turn. The budget is the caller's to keep; past
    ``deadline`` (``time.monotonic()``: the resident service's caller has given up) nothing more
    is printed or recorded, as the process's own deadline would have ended it there."""
    try:
        _answer(args, opener, deadline)
    except (EngineError, OSError) as exc:
        sys.stderr.write(f"context-center hook: {exc}\n")
    except Exception as exc:  # noqa: BLE001 - a bad event, a database error, a bug: never break the turn
        sys.stderr.write(f"context-center hook: an unexpected error ({type(exc).__name__}): "
                         f"{_clean(str(exc))[:300]}\n")
    return 0


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() >= deadline


def _answer(args: argparse.Namespace, opener: Opener, deadline: float | None = None) -> None:
    try:
        event = _read_event()
    except (ValueError, RecursionError) as exc:
        sys.stderr.write(f"context-center hook: ignoring an unreadable event: {type(exc).__name__}\n")
        return
    workspace = _workspace(args, event)
    session = _clean(event["session_id"]) if isinstance(event.get("session_id"), str) else ""
    root = choose_state_root(args.state_root).path
    if not root.is_dir():   # a hook never makes a store: a mistyped one would stay empty, silently
        sys.stderr.write(f"context-center hook: no store at {root}, nothing given; `context-center doctor` says "
                         "which store each agent reaches\n")
        return
    with opener(state_root=args.state_root, workspace=workspace) as engine:
        if getattr(args, "pre_tool_use", False):
            decision = engine.tool_call_decision(event)
            if decision.deny and not _late(deadline):   # too late, the call goes ahead: never wedge a session
                _emit(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                                         "permissionDecisionReason": decision.reason}}))
            return
        if args.session_start:
            context = engine.session_context()
            if _late(deadline):
                return
            _emit(context.text)
            source = _clean(event["source"]) if isinstance(event.get("source"), str) else ""
            _keep_record(lambda: engine.record_injection(context, agent=AGENT, session_id=session, source=source))
            return
        prompt = event.get("prompt")
        if not isinstance(prompt, str) or not prompt.strip():
            return
        result = engine.recall(_clean(prompt), record=False)
        if _late(deadline):
            return
        _emit(result.block)  # the turn gets its recall even if keeping the trace fails below
        _keep_record(lambda: engine.record_injection(result, agent=AGENT, session_id=session))
        engine.record_recall(result)


def _keep_record(write: Callable[[], object]) -> None:
    """Write the injection record; a failure is one line on stderr (the answer is already out)."""
    try:
        write()
    except Exception as exc:  # noqa: BLE001 - a locked or garbled catalog, a full disk: the turn goes on
        sys.stderr.write(f"context-center hook: the injection record was not kept ({type(exc).__name__}: "
                         f"{_clean(str(exc)).splitlines()[0][:300] if str(exc) else ''})\n")


def _emit(text: str) -> None:
    if text:
        with _emitting:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
