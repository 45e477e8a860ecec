"""What the pre-commit hook checks: every team fact file a commit adds or changes, as staged
(the index, ``git cat-file blob :path``, not the work tree), must be a regular file (a symlink
would lead every clone of the repository somewhere on its own machine; so would a team folder, or
the ``.context-center`` folder holding it, staged as a link), hold no secret, no
unresolved merge conflict, no control character in a field (it would reach terminals and prompts),
no timestamp a date cannot hold, and parse as a fact. Deleted files are fine: forgetting a team
fact is deleting it.

Problems name the file, the line and the kind of secret, never the secret itself.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..clock import parse_timestamp
from ..memory.fact_file import FactFileError, decode_fact_bytes, parse_fact
from ..memory.sensitive import find_secrets
from ..storage.git_command import read_git, read_git_bytes

# a team fact file at any depth of the repository (a workspace may be a folder of a monorepo), and
# the team folder or its parent staged as a link (git stages a link, never what is behind it)
PATHSPEC = ":(glob)**/.context-center/memory/*.md"
FOLDER_PATHSPECS = (":(glob)**/.context-center", ":(glob)**/.context-center/memory")
NOT_FACTS = ("MEMORY.md",)   # a derived index, if any: checked for secrets, not parsed
_CONFLICT = re.compile(r"^(?:<{7}|\|{7}|>{7})(?: |$)", re.MULTILINE)
# C0 controls but tab and newline, DEL, C1 controls, the line and paragraph separators
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_ONE_LINE_FIELDS = ("id", "name", "title", "description", "keywords", "subject_key", "category", "subject")
_TIMESTAMPS = ("created_at", "updated_at", "last_verified_at")   # expires_at: parse_fact's warning says
_REGULAR = ("100644", "100755")


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


def staged_team_files(top: Path) -> list[tuple[str, str]]:
    """(path, git mode) of each team fact file the next commit adds or changes (deletions left out)."""
    listed = read_git(["diff", "--cached", "--raw", "-z", "--no-renames", "--no-abbrev", "--diff-filter=ACMT", "--",
                       PATHSPEC, *FOLDER_PATHSPECS], top).stdout.split("\0")
    return [(name, info.split()[1]) for info, name in zip(listed[0::2], listed[1::2]) if info.startswith(":")]


def check_staged(start: Path) -> StagedReport:
    """Check what is staged in the repository holding ``start``."""
    top = Path(read_git(["rev-parse", "--show-toplevel"], start).stdout.strip())
    staged = staged_team_files(top)
    problems: list[StagedProblem] = []
    for name, mode in staged:
        if mode not in _REGULAR:
            kind = "a symlink" if mode == "120000" else "not a regular file"
            what = "a team fact must be a file" if name.endswith(".md") else "the team folder must be a folder"
            problems.append(StagedProblem(name, None, "symlink", f"{kind}: {what} of the repository (a link "
                                          "would point every clone somewhere of its own)"))
            continue
        problems.extend(check_content(name, read_git_bytes(["cat-file", "blob", f":{name}"], top)))
    return StagedReport(tuple(name for name, _ in staged), tuple(problems))


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
            fact, warnings = parse_fact(text, path=Path(name), scope="team")
        except FactFileError as exc:
            problems.append(StagedProblem(name, exc.line, "unparseable", f"not a fact file: {exc.reason}"))
        else:
            problems += _field_problems(name, text, fact)
            problems += [StagedProblem(name, _field_line(text, "expires_at"), "timestamp", warning)
                         for warning in warnings if warning.startswith("expires_at")]   # read as unset
    return problems


def _field_line(text: str, field: str) -> int | None:
    found = re.search(rf"^\s*{field}\s*:", text, re.MULTILINE)
    return _line_of(text, found.start()) if found else None


def _field_problems(name: str, text: str, fact: object) -> list[StagedProblem]:
    problems = []
    for field in _ONE_LINE_FIELDS:
        value = getattr(fact, field, "")
        if isinstance(value, str) and _CONTROL.search(value):
            problems.append(StagedProblem(name, _field_line(text, field), "control",
                                          f"{field} holds a control character (it would reach terminals and "
                                          "prompts as it is)"))
    for label in ("topics", "tags", "links"):
        if any(_CONTROL.search(item) for item in getattr(fact, label, ())):
            problems.append(StagedProblem(name, _field_line(text, label), "control",
                                          f"{label} holds a control character"))
    body = getattr(fact, "body", "")
    if isinstance(body, str) and _CONTROL.search(body.replace("\r\n", "\n")):
        problems.append(StagedProblem(name, None, "control", "the body holds a control character (an escape "
                                      "sequence, a NUL or a line separator)"))
    for field in _TIMESTAMPS:
        value = getattr(fact, field, "")
        if value and parse_timestamp(value) is None:
            problems.append(StagedProblem(name, _field_line(text, field), "timestamp",
                                          f"{field} {value!r} is not a date and time a date can hold"))
    return problems
