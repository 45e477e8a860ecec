"""How long the Claude Code hook may take (``CONTEXT_CENTER_HOOK_BUDGET``), and what it says when the
time is up. Read by the hook itself and by the resident service's client, which waits no longer
than this for the service's answer; standard library only, so the client's import stays small."""
from __future__ import annotations

import os

# Claude Code gives a hook 60 s (30 s in older releases) before it gives up on it; a hook that is
# late delays the user's turn. Past this budget the hook prints nothing and exits 0.
BUDGET_SECONDS = 10.0
BUDGET_ENV = "CONTEXT_CENTER_HOOK_BUDGET"


def budget() -> float | None:
    """Seconds the hook may take; None with ``CONTEXT_CENTER_HOOK_BUDGET=off`` (a test that runs the
    command line inside its own process, which the deadline would end)."""
    value = os.environ.get(BUDGET_ENV, "")
    if value == "off":
        return None
    try:
        return max(0.1, float(value)) if value else BUDGET_SECONDS
    except ValueError:
        return BUDGET_SECONDS


def out_of_time_message(seconds: float) -> str:
    return (f"context-center hook: no answer within {seconds:g} s (the store is busy); "
            "this turn goes without recall\n")
