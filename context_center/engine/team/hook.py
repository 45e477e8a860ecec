"""The git pre-commit hook that runs the staged check (:mod:`.staged_check`).

Where: ``git rev-parse --git-path hooks``, so ``core.hooksPath`` and linked worktrees are
respected. A hook already there that is not ours is kept and still runs: it is moved to
``pre-commit.local`` and ours runs it first (with the same arguments), then the check. Moving
rather than appending to it works whatever language the user's hook is written in, and whether
or not it ends in ``exec``. Installing again changes nothing; uninstalling puts the user's hook
back where it was.

The hook calls the check by the absolute path of the interpreter that installed it (a venv's
included), so it runs the same Context Center whatever PATH a commit runs with; if that
interpreter is gone the hook says so and refuses, rather than letting every commit through.
"""
from __future__ import annotations

import os
import shlex
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidInput, RefusedError
from ..storage.atomic_write import write_atomic
from ..storage.git_command import run_git
from ..storage.safe_read import read_regular_bytes

MARKER = "# context-center pre-commit hook"
HOOK = "pre-commit"
CHAINED = "pre-commit.local"


class HookConflict(RefusedError):
    """A pre-commit hook of someone else's is in the way; nothing of it was replaced."""

    code = "HOOK_CONFLICT"


@dataclass(frozen=True)
class HookReport:
    path: Path                 # the pre-commit hook
    changed: bool
    action: str                # "installed", "updated", "unchanged", "removed", "absent"
    chained: Path | None       # the user's own hook, run before the check

    def to_json(self) -> dict[str, object]:
        return {"path": str(self.path), "changed": self.changed, "action": self.action,
                "chained": str(self.chained) if self.chained else None}


def hooks_folder(start: Path) -> Path:
    """The folder git runs hooks from, for the repository holding ``start``."""
    found = run_git(["rev-parse", "--git-path", "hooks"], start, check=False)
    if found.returncode != 0:
        raise InvalidInput(f"{start} is not in a git repository: the hook belongs to the workspace's repository "
                           "(run it inside one, or give the workspace)")
    return (start / found.stdout.strip()).resolve()


def hook_text(command: Sequence[str]) -> str:
    program = shlex.quote(command[0])
    run = " ".join(shlex.quote(part) for part in command)
    return f"""#!/bin/sh
{MARKER}: refuses a commit that adds a secret, a merge conflict or an
# unparseable fact under .context-center/memory/. Written by `context-center team install-hook`;
# `context-center team install-hook --uninstall` removes it (and puts back a hook it chained).
# Skip it once, knowingly: git commit --no-verify
here=$(dirname "$0")
if [ -x "$here/{CHAINED}" ]; then
    "$here/{CHAINED}" "$@" || exit $?
fi
if [ ! -x {program} ]; then
    echo "context-center: the pre-commit check cannot run; this interpreter is gone:" {program} >&2
    echo "  Reinstall the hook with: context-center team install-hook (or skip it once: git commit --no-verify)" >&2
    exit 1
fi
exec {run}
"""


def _is_ours(path: Path) -> bool:
    try:
        return MARKER in read_regular_bytes(path).decode("utf-8", errors="replace")   # never a FIFO's wait
    except OSError:
        return False


def _write_executable(path: Path, text: str) -> None:
    write_atomic(path, text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def install_hook(start: Path, command: Sequence[str]) -> HookReport:
    """Install (or bring up to date) the hook running ``command`` in the repository of ``start``."""
    folder = hooks_folder(start)
    hook, chained = folder / HOOK, folder / CHAINED
    wanted = hook_text(command)
    kept = chained if os.path.lexists(chained) else None
    if os.path.lexists(hook) and _is_ours(hook):
        if read_regular_bytes(hook).decode("utf-8", "replace") == wanted and os.access(hook, os.X_OK):
            return HookReport(hook, False, "unchanged", kept)
        _write_executable(hook, wanted)
        return HookReport(hook, True, "updated", kept)
    folder.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(hook):
        if kept is not None:
            raise HookConflict(f"{hook} and {chained} both exist; the hook keeps yours as {CHAINED}: "
                               "merge them into one first")
        os.replace(hook, chained)
        kept = chained
    _write_executable(hook, wanted)
    return HookReport(hook, True, "installed", kept)


def uninstall_hook(start: Path) -> HookReport:
    """Remove our hook and put back the one it chained; a hook that is not ours is left alone."""
    folder = hooks_folder(start)
    hook, chained = folder / HOOK, folder / CHAINED
    if not (os.path.lexists(hook) and _is_ours(hook)):
        return HookReport(hook, False, "absent", None)
    if os.path.lexists(chained):
        os.replace(chained, hook)
        return HookReport(hook, True, "removed", None)
    hook.unlink()
    return HookReport(hook, True, "removed", None)
