"""What the work tree says now of a fact's refs, against the evidence recorded with it.

Per ref: ``ok``; ``moved`` (the cited lines are found, verbatim, elsewhere in the file: still
true, and a verify records the new place); ``changed`` (the file or the cited lines differ from
the evidence); ``missing`` (the file, the directory, the lines or the symbol are gone);
``unverified`` (no evidence yet: hand-written, or from an older version); ``invalid`` (a ref of
no known form, written by hand: said, never checked). Per fact, the worst: ``broken`` (a ref
missing), ``changed``, ``unverified``, else ``grounded``; ``none`` without refs.

Only files are read here (cached by stamp, :mod:`.code_files`): cheap enough for the facts one
prompt recalls. Who changed what is git's to say, looked up elsewhere (:mod:`.history`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .. import clock
from ..memory.fact_refs import KEPT_LINES, MAX_REFS, Evidence, Ref, RefProblem, parse_ref, resolve
from ..memory.sensitive import MASK
from ..records import Fact
from .code_files import CodeFile, CodeFiles, Unreadable
from .evidence import masked_lines, secret_file

FACT_STATES = ("grounded", "changed", "broken", "unverified", "none")
_WORST = ("broken", "changed", "unverified")


@dataclass(frozen=True)
class RefCheck:
    ref: str
    state: str                       # ok | moved | changed | missing | unverified | invalid
    detail: str                      # one sentence a person reads
    evidence: Evidence | None = None
    now: tuple[str, ...] = ()        # the cited lines today (a changed range), for a diff
    moved_to: int = 0                # the first line the cited lines are found at now (moved)
    at: int = 0                      # the line it points at now (lines, a symbol), when the file is there
    commit: str | None = None        # who changed or removed it, when git was asked (history.py)
    author: str | None = None
    date: str | None = None
    renamed_to: str | None = None

    @property
    def path(self) -> str:
        """The workspace-relative file or directory it cites ("" for a ref of no known form)."""
        try:
            return parse_ref(self.ref).path
        except RefProblem:
            return ""

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.ref, "state": self.state, "detail": self.detail,
                "evidence": self.evidence.to_json() if self.evidence else None,
                "now": list(self.now) if self.state == "changed" and self.now else None,
                "moved_to": self.moved_to or None, "line": self.at or None, "commit": self.commit,
                "author": self.author, "date": self.date, "renamed_to": self.renamed_to}


@dataclass(frozen=True)
class Grounding:
    state: str
    checked_at: str
    refs: tuple[RefCheck, ...] = ()

    @property
    def problem(self) -> RefCheck | None:
        """The ref that makes the fact broken or changed, first."""
        for wanted in ("missing", "changed"):
            for check in self.refs:
                if check.state == wanted:
                    return check
        return None

    def to_json(self) -> dict[str, Any]:
        return {"state": self.state, "checked_at": self.checked_at, "refs": [r.to_json() for r in self.refs]}

    def with_refs(self, refs: tuple[RefCheck, ...]) -> Grounding:
        return replace(self, refs=refs)


NONE = Grounding("none", "")


class Checker:
    """Checks facts against one workspace's work tree, reading each file once per change."""

    def __init__(self, workspace: Path, files: CodeFiles | None = None) -> None:
        self.workspace = workspace
        self.files = files or CodeFiles()

    def check(self, fact: Fact) -> Grounding:
        if not fact.refs:
            return NONE
        evidence = {entry[0]: Evidence.of(entry) for entry in fact.refs_evidence[:MAX_REFS]}
        # at most MAX_REFS refs, as a write allows (a hand-written file may hold any number)
        checks = tuple(self.check_ref(text, evidence.get(text)) for text in fact.refs[:MAX_REFS])
        states = {c.state for c in checks}
        state = next((worst for worst, ref_state in zip(_WORST, ("missing", "changed", "unverified"))
                      if ref_state in states), "grounded")
        return Grounding(state, clock.format_timestamp(clock.now()), checks)

    def check_ref(self, text: str, evidence: Evidence | None) -> RefCheck:
        try:
            ref = parse_ref(text)
        except RefProblem as exc:
            return RefCheck(text, "invalid", f"{exc}; not checked")
        where = resolve(ref, self.workspace)
        if where is None:
            return RefCheck(text, "missing", "it leads out of the workspace through a symbolic link", evidence)
        try:
            is_dir = where.is_dir()
        except OSError:   # a name the system refuses: nothing can be there
            is_dir = False
        if ref.kind == "directory" or (ref.kind == "file" and is_dir):   # "src" written without its "/"
            if not is_dir:
                return RefCheck(text, "missing", f"the directory {ref.path}/ is gone", evidence)
            return RefCheck(text, "ok" if evidence else "unverified",
                            "the directory is there" if evidence else "no evidence recorded yet", evidence)
        code = self.files.read(where)
        if code is None:
            return RefCheck(text, "missing", f"the file {ref.path} is gone", evidence)
        if isinstance(code, Unreadable):   # there, but not read: nothing can be said of its lines
            return RefCheck(text, "unverified", f"{ref.path} is not checked: {code.reason}", evidence)
        if secret_file(ref.path) or (evidence is not None and not evidence.digest and not evidence.lines):
            # a file that holds secrets (or that git ignores, as recorded): only its being there counts,
            # and no word is looked for in it (an agent could probe for a guessed secret)
            return RefCheck(text, "ok" if evidence else "unverified", "the file is there", evidence)
        if ref.kind == "symbol":
            line = code.find_word(ref.symbol)
            if not line:
                return RefCheck(text, "missing", f"{ref.symbol} is no longer in {ref.path}", evidence)
            if evidence is None:
                return RefCheck(text, "unverified", "no evidence recorded yet", at=line)
            return RefCheck(text, "ok", f"{ref.symbol} is on line {line}", evidence, at=line)
        if evidence is None:
            if ref.kind == "lines" and code.span(ref.start, ref.end) is None:
                return RefCheck(text, "missing", f"{ref.path} has {len(code.lines)} lines now", None)
            return RefCheck(text, "unverified", "no evidence recorded yet", at=ref.start)
        if ref.kind == "file":
            same = code.digest == evidence.digest
            return RefCheck(text, "ok" if same else "changed",
                            "the file is as recorded" if same else f"{ref.path} changed since it was recorded",
                            evidence)
        return self._lines(ref, code, evidence)

    def _lines(self, ref: Ref, code: CodeFile, evidence: Evidence) -> RefCheck:
        if code.span_digest(ref.start, ref.end) == evidence.digest:
            return RefCheck(ref.text, "ok", "the cited lines are as recorded", evidence, at=ref.start)
        first = evidence.lines[0] if evidence.lines else ""
        # the recorded first line, unless masked (a secret in it): then a move is not looked for
        moved = code.find_span(ref.end - ref.start + 1, evidence.digest, first) \
            if first and MASK not in first else 0
        if moved:
            end = moved + ref.end - ref.start
            return RefCheck(ref.text, "moved", f"the cited lines are now {ref.path}:{moved}-{end}", evidence,
                            moved_to=moved, at=moved)
        span = code.span(ref.start, ref.end)
        if span is None:
            return RefCheck(ref.text, "missing", f"{ref.path} has {len(code.lines)} lines now, the cited "
                                                 "lines are gone", evidence)
        now = masked_lines(span[:len(evidence.lines) or KEPT_LINES])
        return RefCheck(ref.text, "changed", f"lines {ref.start}-{ref.end} of {ref.path} changed since they "
                                             "were recorded", evidence, now=now, at=ref.start)
