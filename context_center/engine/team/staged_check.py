"""What the pre-commit hook checks: every team fact file a commit adds or changes, as staged
(the index, ``git cat-file blob :path``, not the work tree), must hold no secret, no unresolved
merge conflict, and parse as a fact. Deleted files are fine: forgetting a team fact is deleting it.

Problems name the file, the line and the kind of secret, never the secret itself.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..memory.fact_file import FactFileError, decode_fact_bytes, parse_fact
from ..memory.sensitive import find_secrets
from ..storage.git_command import git_bytes, run_git

# a team fact file at any depth of the repository (a workspace may be a folder of a monorepo)
PATHSPEC = ":(glob)**/.context-center/memory/*.md"
NOT_FACTS = ("MEMORY.md",)   # a derived index, if any: checked for secrets, not parsed
_CONFLICT = re.compile(r"^(?:<{7}|\|{7}|>{7})(?: |$)", re.MULTILINE)


@dataclass(frozen=True)
class StagedProblem:
    path: str            # relative to the top of the work tree, as git names it
    line: int | None     # 1-based, when it is known
    kind: str            # "secret", "conflict", "unparseable"
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "kind": self.kind, "reason": self.reason}


@dataclass(frozen=True)
class StagedReport:
    checked: tuple[str, ...]
    problems: tuple[StagedProblem, ...]

    def to_json(self) -> dict[str, object]:
        return {"checked": list(self.checked), "problems": [p.to_json() for p in self.problems]}


def staged_team_files(top: Path) -> list[str]:
    """The team fact files the next commit adds or changes (deletions left out)."""
    listed = run_git(["diff", "--cached", "--name-only", "-z", "--no-renames", "--diff-filter=ACMT", "--",
                      PATHSPEC], top).stdout
    return [name for name in listed.split("\0") if name]


def check_staged(start: Path) -> StagedReport:
    """Check what is staged in the repository holding ``start``."""
    top = Path(run_git(["rev-parse", "--show-toplevel"], start).stdout.strip())
    names = staged_team_files(top)
    problems: list[StagedProblem] = []
    for name in names:
        problems.extend(check_content(name, git_bytes(["cat-file", "blob", f":{name}"], top)))
    return StagedReport(tuple(names), tuple(problems))


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def check_content(name: str, raw: bytes) -> list[StagedProblem]:
    """The problems of one staged file ``name`` holding ``raw``."""
    try:
        text, _encoding = decode_fact_bytes(raw)
    except UnicodeDecodeError:
        return [StagedProblem(name, None, "unparseable", "not text (neither UTF-8, UTF-16 nor GB18030)")]
    problems = [StagedProblem(name, _line_of(text, f.start), "secret", f"a secret ({f.kind})")
                for f in find_secrets(text)]
    conflict = _CONFLICT.search(text)
    if conflict:
        problems.append(StagedProblem(name, _line_of(text, conflict.start()), "conflict",
                                      "an unresolved merge conflict (<<<<<<< … >>>>>>>): keep one side"))
    elif Path(name).name not in NOT_FACTS:
        try:
            parse_fact(text, path=Path(name), scope="team")
        except FactFileError as exc:
            problems.append(StagedProblem(name, exc.line, "unparseable", f"not a fact file: {exc.reason}"))
    return problems
