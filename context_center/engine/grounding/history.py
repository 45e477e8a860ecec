"""Who changed or removed what a fact cites: git's answer, looked up off the hot path.

Never run by recall or the hook (a prompt must not wait on git): by ``memory grounding`` and the
window's worker. For a ``changed`` ref, the last commit that touched the file (when it is newer
than the evidence; an older one means the change is not committed yet); for a ``missing`` one,
the commit that deleted the file and, when git sees a rename there, where it went. git is run as
the engine always runs it (non-interactive, bounded), reading only: ``log`` and ``show`` with no
external diff or text conversion, so a cloned repository's configuration runs nothing.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..memory.fact_refs import RefProblem, parse_ref
from ..storage.git_command import GitError, read_git, read_git_bytes, repository_root
from ..storage.safe_read import read_regular_bytes
from .check import Grounding, RefCheck
from .code_files import MAX_CODE_BYTES, CodeFile

_TIMEOUT = 20.0
_FORMAT = "--format=%H%x1f%an%x1f%aI"


class History:
    """git's view of one workspace (nothing, outside a repository or without git)."""

    def __init__(self, workspace: Path) -> None:
        self.workspace = workspace
        self._root = repository_root(workspace)
        self._asked: dict[tuple[str, str], tuple[str, str, str, str | None] | None] = {}

    @property
    def available(self) -> bool:
        return self._root is not None

    def explain(self, grounding: Grounding) -> Grounding:
        """``grounding`` with commit, author and date filled where git knows them."""
        if self._root is None or grounding.state in ("grounded", "none"):
            return grounding
        return grounding.with_refs(tuple(self._one(check) for check in grounding.refs))

    def _one(self, check: RefCheck) -> RefCheck:
        if check.state not in ("changed", "missing"):
            return check
        try:
            ref = parse_ref(check.ref)
        except RefProblem:
            return check
        path = ref.path
        if check.state == "missing" and self.workspace.joinpath(*path.split("/")).is_file():
            # the file is there: the symbol or the lines went in a commit that changed it, or in an
            # edit not committed yet (HEAD still has the symbol; the file differs from HEAD's)
            if self._head_has_word(path, ref.symbol) if ref.kind == "symbol" else self._uncommitted(path):
                return replace(check, detail=check.detail + "; the change is not committed yet")
            found = self._look("symbol", f"{path}#{ref.symbol}") if ref.kind == "symbol" else \
                self._look("changed", path)
        else:
            found = self._look(check.state, path)
        if found is None:
            return check
        commit, author, date, renamed = found
        if check.state == "changed" and self._uncommitted(path):
            return replace(check, detail=check.detail + "; the change is not committed yet")
        detail = check.detail
        if renamed:
            detail = f"{path} was renamed to {renamed} in commit {commit[:10]}"
        return replace(check, commit=commit, author=author, date=date, renamed_to=renamed, detail=detail)

    def _look(self, state: str, path: str) -> tuple[str, str, str, str | None] | None:
        key = (state, path)
        if key not in self._asked:
            try:
                if state == "symbol":
                    file, symbol = path.split("#", 1)
                    self._asked[key] = self._symbol_removed(file, symbol)
                else:
                    self._asked[key] = self._changed(path) if state == "changed" else self._removed(path)
            except GitError:
                self._asked[key] = None
        return self._asked[key]

    def _git(self, *args: str) -> str:
        assert self._root is not None
        return read_git(["--literal-pathspecs", *args], self._root, timeout=_TIMEOUT).stdout   # paths as written

    def _uncommitted(self, path: str) -> bool:
        """Whether the file in the work tree differs from HEAD's (compared here, not by ``git diff``,
        which refreshes the index and so would run a repository's fsmonitor command)."""
        committed = self._at_head(path)
        if committed is None:
            return False
        try:
            where = self.workspace.joinpath(*path.split("/"))
            return read_regular_bytes(where, MAX_CODE_BYTES, follow_symlinks=False) != committed   # never a FIFO
        except OSError:
            return False

    def _head_has_word(self, path: str, word: str) -> bool:
        """Whether HEAD's version of the file holds ``word`` as the check looks for it."""
        committed = self._at_head(path)
        return committed is not None and bool(CodeFile.of(committed).find_word(word))

    def _at_head(self, path: str) -> bytes | None:
        assert self._root is not None
        try:
            return read_git_bytes(["cat-file", "blob", f"HEAD:{self._relative(path)}"], self._root, timeout=_TIMEOUT)
        except GitError:
            return None

    def _relative(self, path: str) -> str:
        assert self._root is not None
        absolute = self.workspace.joinpath(*path.split("/"))
        try:
            return absolute.resolve().relative_to(self._root.resolve()).as_posix()
        except (ValueError, OSError):
            return path

    def _changed(self, path: str) -> tuple[str, str, str, str | None] | None:
        out = self._git("log", "-1", "--no-ext-diff", "--no-textconv", "--no-show-signature", _FORMAT, "--",
                        self._relative(path))
        return _parse(out)

    def _symbol_removed(self, path: str, symbol: str) -> tuple[str, str, str, str | None] | None:
        """The last commit that changed how often ``symbol`` occurs in the file (git's pickaxe)."""
        out = self._git("log", "-1", "--no-ext-diff", "--no-textconv", "--no-show-signature", f"-S{symbol}",
                        _FORMAT, "--", self._relative(path))
        return _parse(out)

    def _removed(self, path: str) -> tuple[str, str, str, str | None] | None:
        relative = self._relative(path)
        out = self._git("log", "-1", "--no-ext-diff", "--no-textconv", "--no-show-signature", "--diff-filter=D",
                        _FORMAT, "--", relative)
        found = _parse(out)
        if found is None:
            return None
        commit = found[0]
        shown = self._git("show", "--no-ext-diff", "--no-textconv", "--no-show-signature", "-M", "--name-status",
                          "--format=", commit)
        for line in shown.splitlines():
            parts = line.split("\t")
            if len(parts) == 3 and parts[0].startswith("R") and parts[1] == relative:
                return (*found[:3], parts[2])
        return found


def _parse(out: str) -> tuple[str, str, str, str | None] | None:
    line = out.strip().splitlines()[0] if out.strip() else ""
    parts = line.split("\x1f")
    if len(parts) != 3:
        return None
    return parts[0], parts[1], parts[2], None
