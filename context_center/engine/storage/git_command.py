"""The ``git`` command, run the one way the engine runs it.

Team facts and the synced personal store live in git repositories. We drive the
``git`` executable rather than a library: it is what the user already has and
trusts, and it brings their credential helper, SSH agent, hooks and config with
it, so nothing of ours ever stores a password. dulwich has no real merge, and
pygit2 would need its own credential callbacks.

Every call is non-interactive (``GIT_TERMINAL_PROMPT=0``, no editor, no pager),
bounded by a timeout, and returns its output as text; a failure raises
:class:`GitError` with git's own message.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..errors import StorageError

TIMEOUT_SECONDS = 120.0
# A read answers a summary, a listing or a lookup: it gives up long before a network operation would
# (a workspace's config can include a FIFO or a file on a hung mount: git then waits for ever).
READ_TIMEOUT_SECONDS = 10.0
_QUIET_ENV = {
    "GIT_TERMINAL_PROMPT": "0",   # never ask for a password on a terminal we do not have
    "GIT_EDITOR": "true",         # a merge never opens an editor
    "GIT_PAGER": "cat",
    "LC_ALL": "C",                # messages we may read are git's English ones
}
# Variables that point git at another repository, index or object store: a repository of our own
# (the sync repository) is reached by its explicit --git-dir alone, whatever process started us
# (a git hook sets GIT_DIR and GIT_INDEX_FILE for everything it runs).
_REPOSITORY_ENV = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                   "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_CONFIG",
                   "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_PREFIX")


# What a call that only reads passes before its command, so that nothing a repository's own
# configuration names runs (a downloaded archive or a shared folder carries its .git/config): no
# fsmonitor command, pager, external diff, signature program, hook, SSH command or transport (a
# partial clone's lazy fetch), and no index written behind the user's back.
READ_ONLY_OPTIONS = (
    "--no-pager", "--no-optional-locks",
    "-c", "core.fsmonitor=false", "-c", "core.pager=cat", "-c", "core.hooksPath=/dev/null",
    "-c", "diff.external=", "-c", "log.showSignature=false",
    "-c", "gpg.program=false", "-c", "gpg.ssh.program=false", "-c", "gpg.x509.program=false",
    "-c", "core.sshCommand=false", "-c", "protocol.allow=never", "-c", "credential.helper=",
    "-c", "core.quotePath=false",
)
_FILTER_KEYS = ("clean", "smudge", "process")


def _environment(extra: dict[str, str] | None, isolated: bool) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not (isolated and k in _REPOSITORY_ENV)}
    return {**base, **_QUIET_ENV, **(extra or {})}


class GitError(StorageError):
    """git failed or is missing; ``stderr`` is git's own message."""

    code = "GIT_FAILED"

    def __init__(self, message: str, *, returncode: int | None = None, stderr: str = "",
                 timed_out: bool = False) -> None:
        super().__init__(message)
        self.returncode = returncode
        self.stderr = stderr
        self.timed_out = timed_out   # git gave no answer in time and was stopped


@dataclass(frozen=True)
class GitResult:
    returncode: int
    stdout: str
    stderr: str


def _command(args: list[str]) -> str:
    """The git command ``args`` run (its first word that is no option nor an option's value)."""
    skip = False
    for word in args:
        if skip:
            skip = False
        elif word in ("-c", "--git-dir", "-C"):
            skip = True
        elif not word.startswith("-"):
            return word
    return args[0] if args else "git"


def git_executable() -> str:
    found = shutil.which("git")
    if found is None:
        raise GitError("git is not installed (or not on PATH); install git to use this")
    return found


def run_git(
    args: list[str],
    cwd: Path,
    *,
    check: bool = True,
    input_text: str | None = None,
    timeout: float = TIMEOUT_SECONDS,
    env: dict[str, str] | None = None,
    isolated: bool = False,
) -> GitResult:
    """``git ARGS`` in ``cwd``; raises :class:`GitError` on a non-zero exit when ``check``.
    ``isolated``: no repository named by the environment (see ``_REPOSITORY_ENV``)."""
    full_env = _environment(env, isolated)
    try:
        proc = subprocess.run(
            [git_executable(), *args], cwd=cwd, env=full_env, input=input_text,
            capture_output=True, text=True, encoding="utf-8", errors="replace", timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {_command(args)} took longer than {timeout:.0f} s and was stopped", timed_out=True) \
            from exc
    except OSError as exc:
        raise GitError(f"git could not be started: {exc}") from exc
    result = GitResult(proc.returncode, proc.stdout, proc.stderr)
    if check and proc.returncode != 0:
        message = proc.stderr.strip() or proc.stdout.strip() or f"exit status {proc.returncode}"
        raise GitError(f"git {_command(args)} failed: {message}", returncode=proc.returncode, stderr=proc.stderr)
    return result


def git_bytes(args: list[str], cwd: Path, *, timeout: float = TIMEOUT_SECONDS, input_bytes: bytes | None = None,
              isolated: bool = False) -> bytes:
    """``git ARGS``'s stdout as bytes (a blob, in whatever encoding it was written); raises
    :class:`GitError` on a non-zero exit."""
    try:
        proc = subprocess.run([git_executable(), *args], cwd=cwd, env=_environment(None, isolated),
                              input=input_bytes, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {_command(args)} took longer than {timeout:.0f} s and was stopped", timed_out=True) \
            from exc
    except OSError as exc:
        raise GitError(f"git could not be started: {exc}") from exc
    if proc.returncode != 0:
        stderr = proc.stderr.decode("utf-8", "replace")
        raise GitError(f"git {_command(args)} failed: {stderr.strip() or f'exit status {proc.returncode}'}",
                       returncode=proc.returncode, stderr=stderr)
    return proc.stdout


def read_git(args: list[str], cwd: Path, *, check: bool = True, timeout: float = READ_TIMEOUT_SECONDS,
             work_tree: bool = False) -> GitResult:
    """``git ARGS`` for a call that only reads (see ``READ_ONLY_OPTIONS``). ``work_tree``: the
    command reads the work tree's files (``status``), so the filters the repository configures
    (a clean filter runs on every file whose stat git doubts) are switched off too."""
    env = _no_filters(cwd, timeout) if work_tree else None
    return run_git([*READ_ONLY_OPTIONS, *args], cwd, check=check, timeout=timeout, env=env)


def read_git_bytes(args: list[str], cwd: Path, *, timeout: float = READ_TIMEOUT_SECONDS) -> bytes:
    """``git ARGS``'s stdout as bytes, for a call that only reads objects (``cat-file``, ``show``)."""
    return git_bytes([*READ_ONLY_OPTIONS, *args], cwd, timeout=timeout)


def _no_filters(cwd: Path, timeout: float) -> dict[str, str]:
    """Every filter driver the repository configures, emptied: git then reads each file as it is on
    disk. Given as GIT_CONFIG_KEY_n/VALUE_n, which take any driver name (``-c`` splits at its '=')."""
    listed = run_git([*READ_ONLY_OPTIONS, "config", "-z", "--name-only", "--get-regexp", r"^filter\."], cwd,
                     check=False, timeout=timeout).stdout
    drivers = sorted({name[len("filter."):].rpartition(".")[0] for name in listed.split("\0")
                      if name.startswith("filter.") and name.count(".") >= 2})
    settings = [(f"filter.{driver}.{key}", "") for driver in drivers for key in _FILTER_KEYS]
    settings += [(f"filter.{driver}.required", "false") for driver in drivers]
    env = {"GIT_CONFIG_COUNT": str(len(settings))}
    for index, (key, value) in enumerate(settings):
        env[f"GIT_CONFIG_KEY_{index}"], env[f"GIT_CONFIG_VALUE_{index}"] = key, value
    return env


def repository_root(start: Path) -> Path | None:
    """The top of the work tree that holds ``start``, or ``None`` outside any (or without git)."""
    if shutil.which("git") is None or not start.exists():
        return None
    result = read_git(["rev-parse", "--show-toplevel"], start, check=False)
    if result.returncode != 0 or not result.stdout.strip():
        return None
    return Path(result.stdout.strip())
