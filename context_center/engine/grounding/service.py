"""One workspace's grounding: evidence recorded when a fact is written, checks when it is read, and
git's account of what changed, each reading the work tree through one cache of files."""
from __future__ import annotations

from pathlib import Path

from ..memory.fact_refs import MAX_REFS, Evidence, RefProblem, parse_ref, resolve
from ..records import Fact
from ..storage.git_command import GitError, read_git
from .check import NONE, Checker, Grounding
from .code_files import CodeFiles
from .evidence import record
from .history import History
from .proposal import proposed_refs


class GroundingService:
    """``workspace`` None: no project bound (a global store), where no fact may cite code."""

    def __init__(self, workspace: Path | None) -> None:
        self.workspace = workspace
        self._files = CodeFiles()
        self._checker = Checker(workspace, self._files) if workspace is not None else None

    def record(self, fact: Fact, renew: bool) -> Fact:
        """``fact`` with the evidence of its refs as the work tree is now: of every ref when
        ``renew`` (created, verified, its text or refs edited), else of those that have none. A
        ref whose cited lines moved is written at their new place (a verify follows them), unless
        the fact cites that place already. Evidence that cannot be recorded now (the file is gone
        for a while) is kept as it was: what the code said is never lost by a write."""
        if self.workspace is None or not fact.refs:
            return fact
        kept = {entry[0]: entry for entry in fact.refs_evidence}
        refs: list[str] = []
        entries: dict[str, tuple] = {}
        for text in fact.refs:
            if not renew and text in kept:
                refs.append(text)
                entries[text] = kept[text]
                continue
            try:
                followed = self._followed(text, kept.get(text))
                ref = parse_ref(followed if followed not in fact.refs else text)
            except RefProblem:   # a hand-written ref of no known form, kept as written (never renewed:
                refs.append(text)   # the memory service refuses to renew what it cannot read)
                continue
            found = record(ref, self.workspace, self._files, private=self._ignored(ref.path))
            refs.append(ref.text)
            if found is not None:
                entries[ref.text] = found.entry()
            elif text in kept:
                entries[ref.text] = kept[text]
        unique = tuple(dict.fromkeys(refs))
        return fact.evolve(refs=unique, refs_evidence=tuple(entries[ref] for ref in unique if ref in entries))

    def _ignored(self, path: str) -> bool:
        """Whether git ignores ``path`` (asked when evidence is recorded, never on a prompt's path):
        such a file (a local .env, a build output) keeps only its being there as evidence."""
        if self.workspace is None:
            return False
        try:
            return read_git(["check-ignore", "-q", "--no-index", "--", path], self.workspace,
                            check=False, timeout=10).returncode == 0
        except GitError:
            return False

    def _followed(self, text: str, entry: tuple | None) -> str:
        """``text``, or the same lines at the place they moved to."""
        if entry is None or self._checker is None:
            return text
        parse_ref(text)   # (RefProblem for a ref of no known form)
        check = self._checker.check_ref(text, Evidence.of(entry))
        if check.state != "moved":
            return text
        ref = parse_ref(text)
        return f"{ref.path}:{check.moved_to}" + (
            f"-{check.moved_to + ref.end - ref.start}" if ref.end != ref.start else "")

    def check(self, fact: Fact) -> Grounding:
        """What the work tree says of ``fact``'s refs now (files only: no git)."""
        if self._checker is None or not fact.refs or fact.scope == "global":
            return NONE
        return self._checker.check(fact)

    def history(self) -> History | None:
        """git's account of this workspace as it is now (runs git; its answers are kept for one
        report: a new commit is seen by the next one)."""
        return History(self.workspace) if self.workspace is not None else None

    def proposed(self, text: str, cited: tuple[str, ...] = ()) -> list[str]:
        """Refs ``text`` names that exist in the workspace and ``cited`` does not hold yet (to
        propose: never added without the user)."""
        if self.workspace is None:
            return []
        return proposed_refs(text, self.workspace, self._files, cited)

    def existing(self, texts: tuple[str, ...]) -> tuple[str, ...]:
        """Those of ``texts`` that are refs to something in the workspace now (an agent's ``links``
        that name code), as refs; the others are not refs (they stay what they were)."""
        if self.workspace is None:
            return ()
        found = []
        for text in texts:
            try:
                ref = parse_ref(text)
            except RefProblem:
                continue
            where = resolve(ref, self.workspace)
            if where is not None and (where.is_dir() if ref.kind == "directory" else where.is_file()):
                found.append(ref.text)
        return tuple(dict.fromkeys(found))[:MAX_REFS]
