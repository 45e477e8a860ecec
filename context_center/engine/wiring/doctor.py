"""``doctor``: for one workspace, which store each face uses and why, what the agents' files register
of ours, whether it all reaches one store, and a live run of the registered hook.

The live run starts the registered ``UserPromptSubmit`` command as Claude Code would (the event on
stdin, in the workspace), but only a command that is a plain list of words whose program is this
install's ``context-center``: anything else is reported and never run. It runs without a shell.
Each problem comes with the one command that fixes it.
"""
from __future__ import annotations

import json
import os
import shlex
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import EngineError
from ..recall.injection_log import TEST_SESSION as LIVE_SESSION
from ..storage.user_config import StateRootChoice, choose_state_root
from .agent_files import AGENT_NAMES, CLAUDE, CODEX, agent_files, installed, load
from .registrations import HOOK_EVENTS, MCP, Registration, find, program, resolved_program

SAMPLE_PROMPT = "What do you remember about this project? (a test prompt from context-center doctor)"
LIVE_TIMEOUT = 30.0          # Claude Code's own default for a UserPromptSubmit hook
MAX_SHOWN_OUTPUT = 4000


@dataclass(frozen=True)
class Problem:
    what: str
    fix: str            # the command to run ("" when there is nothing to run)
    # what it is, for a face that words it in another language: a code and the values its words name
    # (``what`` is the English sentence, as the command line says it)
    code: str = ""
    fields: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, str]:
        return {"problem": self.what, "fix": self.fix}


@dataclass(frozen=True)
class LiveRun:
    command: str
    exit_code: int | None      # None: it did not finish in time
    seconds: float
    output: str
    stderr: str

    def to_json(self) -> dict[str, Any]:
        return {"command": self.command, "exit_code": self.exit_code, "seconds": round(self.seconds, 3),
                "output": self.output, "stderr": self.stderr}


@dataclass
class DoctorReport:
    workspace: Path
    store: StateRootChoice | None              # what this command line, the window and an unpinned hook open
    store_problem: str
    agents: dict[str, bool]                    # agent → its configuration is on this machine
    files: list[dict[str, Any]]
    registrations: list[Registration]
    live: LiveRun | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def wired(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {"workspace": str(self.workspace), "wired": self.wired,
                "store": self.store.to_json() if self.store is not None else None,
                "store_problem": self.store_problem or None, "agents": self.agents, "files": self.files,
                "registrations": [r.to_json() for r in self.registrations],
                "live_hook": self.live.to_json() if self.live is not None else None,
                "problems": [p.to_json() for p in self.problems]}


def doctor(workspace: Path, home: Path | None = None, *, state_root: str | None = None,
           live: bool = True, prompt: str = SAMPLE_PROMPT) -> DoctorReport:
    """The report for ``workspace``; ``state_root``: the store this face was told to use; ``prompt``:
    what the live hook run asks (a face may take words of a fact, so the run shows a recall)."""
    home = home or Path.home()
    store, store_problem = None, ""
    try:
        store = choose_state_root(state_root)
    except EngineError as exc:
        store_problem = exc.message
    loaded = [load(f) for f in agent_files(home, workspace)]
    agents = {agent: installed(agent, home) for agent in (CLAUDE, CODEX)}
    report = DoctorReport(workspace, store, store_problem, agents,
                          [{"agent": i.file.agent, "scope": i.file.scope, "holds": i.file.holds,
                            "path": str(i.file.path), "exists": i.exists, "problem": i.problem or None}
                           for i in loaded],
                          find(loaded, workspace))
    report.problems = _problems(report, [i for i in loaded if i.problem])
    codex = next((i.data for i in loaded if i.file.agent == CODEX and i.data is not None), {})
    if codex.get("approval_policy") == "never":
        report.problems += [Problem(f"Codex runs with approval_policy = \"never\", which refuses every call to the "
                                    f"MCP server {r.name!r} unless its entry says default_tools_approval_mode = "
                                    "\"approve\"", fix_command("connect", "codex"), "codex_never",
                                    (("name", r.name),))
                            for r in report.registrations if r.agent == CODEX and r.kind == MCP
                            and r.entry.get("default_tools_approval_mode") != "approve"]
    hook = next((r for r in report.registrations if r.kind == "UserPromptSubmit" and r.this_install and r.argv), None)
    if live and hook is not None:
        report.live = run_hook(hook, workspace, prompt)
        if report.live.exit_code != 0:
            report.problems.append(Problem(
                f"the registered hook ({hook.file}) " + ("did not answer within 30 s" if report.live.exit_code is None
                                                         else f"exited {report.live.exit_code}"),
                fix_command("connect", "claude-code"),
                "hook_timed_out" if report.live.exit_code is None else "hook_failed",
                (("file", str(hook.file)), ("code", str(report.live.exit_code)))))
    return report


def fix_command(*words: str) -> str:
    """A fix as a command this install runs from any directory, PATH or not (copied as it is)."""
    return shlex.join([*program(), *words])


def sample_prompt(facts: list[Any]) -> str:
    """A prompt in the words of the newest fact (its title, else its description or its name, and
    its body's first words), so the live run shows a recall; :data:`SAMPLE_PROMPT` without one. A
    title alone was too little: "Remind me about pnpm?" matched one word of two, and recall's gate
    held it back, so the run proved the hook starts, not that it recalls."""
    for fact in sorted(facts, key=lambda f: f.updated_at, reverse=True):
        if fact.staging:
            continue   # recall never gives a staged memory
        named = fact.title.strip() or fact.description.strip() or fact.name.replace("-", " ").strip()
        said = " ".join(fact.body.split()[:12])
        words = ": ".join(part for part in (named, said) if part)
        if words:
            return f"Remind me about {words[:300]}?"
    return SAMPLE_PROMPT


def run_hook(hook: Registration, workspace: Path, prompt: str = SAMPLE_PROMPT) -> LiveRun:
    """Run ``hook`` as Claude Code would, on ``prompt``; only for a command of this install."""
    assert hook.this_install and hook.argv, "only this install's own plain command is ever run"
    event = {"session_id": LIVE_SESSION, "hook_event_name": hook.kind, "cwd": str(workspace),
             "prompt": prompt, "source": "startup"}
    program_file = resolved_program(hook.argv[0])
    assert program_file is not None
    started = time.perf_counter()
    try:   # the very file judged to be this install's, not whatever PATH finds from the workspace
        done = subprocess.run([program_file, *hook.argv[1:]], input=json.dumps(event), capture_output=True, text=True,
                              cwd=workspace if workspace.is_dir() else None, timeout=LIVE_TIMEOUT,
                              env={**os.environ, **dict(hook.env)}, errors="replace")
    except subprocess.TimeoutExpired:
        return LiveRun(hook.command, None, time.perf_counter() - started, "", "")
    except OSError as exc:
        return LiveRun(hook.command, 127, time.perf_counter() - started, "", str(exc))
    return LiveRun(hook.command, done.returncode, time.perf_counter() - started, done.stdout[:MAX_SHOWN_OUTPUT],
                   done.stderr[:MAX_SHOWN_OUTPUT])


def _problems(report: DoctorReport, unreadable: list) -> list[Problem]:
    found: list[Problem] = []
    if report.store_problem:   # a bad value is mended by unset; a file that is not TOML only by hand
        by_hand = "fix it by hand" in report.store_problem or "not valid TOML" in report.store_problem or \
            "not UTF-8" in report.store_problem
        found.append(Problem(report.store_problem, "" if by_hand else fix_command("config", "unset", "state-root"),
                             "store"))
    for item in unreadable:
        found.append(Problem(f"{item.file.path} {item.problem}: left as it is", "", "unreadable",
                             (("path", str(item.file.path)),)))
    if not any(report.agents.values()):
        found.append(Problem("neither Claude Code (~/.claude) nor Codex (~/.codex) is set up on this machine", "",
                             "no_agents"))
    mine = report.store.path if report.store is not None else None
    if report.agents[CLAUDE]:
        for event in HOOK_EVENTS:
            if not any(r.kind == event and r.agent == CLAUDE for r in report.registrations):
                flag = "" if event == "UserPromptSubmit" else " (the pinned facts at a session's start)"
                found.append(Problem(f"no Claude Code {event} hook of Context Center is registered{flag}",
                                     fix_command("connect", "claude-code"),
                                     "no_hook" if event == "UserPromptSubmit" else "no_start_hook",
                                     (("event", event),)))
    for agent in (CLAUDE, CODEX):
        if report.agents[agent] and not any(r.kind == MCP and r.agent == agent for r in report.registrations):
            found.append(Problem(f"the MCP server is not registered for {AGENT_NAMES[agent]}",
                                 fix_command("connect", agent), "no_mcp", (("agent", AGENT_NAMES[agent]),)))
    for item in report.registrations:
        found += _registration_problems(item, mine)
    return found


def _registration_problems(item: Registration, mine: Path | None) -> list[Problem]:
    where = f"{AGENT_NAMES[item.agent]}'s {item.kind} entry {item.name!r} in {item.file}" if item.kind == MCP \
        else f"{AGENT_NAMES[item.agent]}'s {item.kind} entry in {item.file}"
    # connect writes the user's own files only: an entry in a project's file is the project's to edit
    fix = fix_command("connect", item.agent) if item.scope == "user" else ""
    if item.scope != "user":
        where += f" (the {item.scope} file: edit it, connect does not)"
    # the entry, for a face's own words: its agent, kind, name, file, and the file's scope
    entry = (("agent", AGENT_NAMES[item.agent]), ("kind", item.kind), ("name", item.name or ""),
             ("file", str(item.file)), ("scope", item.scope))
    if item.url:
        return []   # over HTTP the store is the server's: `doctor` on that machine says which
    if not item.argv:
        return [Problem(f"{where} is a shell line, not a plain command: it is not run here", fix, "shell_line", entry)]
    if not item.this_install:
        what = "this install's hook command" if item.kind in HOOK_EVENTS else "this install's context-center"
        return [Problem(f"{where} runs {shlex.join(item.argv)[:300]}, not {what}: it is reported, never run", fix,
                        "not_this_install", (*entry, ("command", shlex.join(item.argv)[:300])))]
    if item.problem:
        return [Problem(f"{where}: {item.problem}", fix, "entry", (*entry, ("problem", item.problem)))]
    if item.agent == CODEX and item.store_source not in ("flag", "env"):
        return [Problem(f"{where} has no state root of its own (it reaches {item.store}): Codex does not pass "
                        "the environment on, so pin it", fix, "codex_unpinned", (*entry, ("store", str(item.store))))]
    if mine is not None and item.store != mine:
        return [Problem(f"{where} reaches the store {item.store} (by {item.store_source}), not {mine}", fix,
                        "other_store", (*entry, ("store", str(item.store)), ("mine", str(mine))))]
    return []
