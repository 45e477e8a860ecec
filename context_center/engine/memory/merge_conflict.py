"""Merge conflict markers in a fact file: two branches edited it, and git left both sides.

Such a file is never read as a fact (YAML could take one side, or both, as a value): it becomes
a diagnostic that names the conflict's lines and shows both sides, so the user keeps one."""
from __future__ import annotations

from dataclasses import dataclass

SIDE_CHARS = 1_000   # of each side, in the diagnostic (the file keeps all of it)


@dataclass(frozen=True)
class MergeConflict:
    line: int          # 1-based, of the first "<<<<<<<"
    end_line: int      # of the last ">>>>>>>"
    ours_label: str
    theirs_label: str
    ours: str
    theirs: str
    count: int         # conflicts in the file

    @property
    def reason(self) -> str:
        def side(text: str) -> str:
            text = text.strip("\n")
            return (text if len(text) <= SIDE_CHARS else text[:SIDE_CHARS] + " …") or "(nothing)"

        more = f" ({self.count} conflicting parts, joined by …)" if self.count > 1 else ""
        return (f"unresolved merge conflict, lines {self.line}–{self.end_line}{more}: edit the file to keep one "
                f"side, then commit. Ours ({self.ours_label or 'HEAD'}):\n{side(self.ours)}\n"
                f"Theirs ({self.theirs_label or 'the other branch'}):\n{side(self.theirs)}")


def find_merge_conflict(text: str) -> MergeConflict | None:
    """The conflicts of ``text``, as one (``<<<<<<<``, optional ``|||||||`` base, ``=======``,
    ``>>>>>>>``, each at a line's start), or None."""
    if "<<<<<<<" not in text:
        return None
    lines = text.replace("\r\n", "\n").split("\n")
    found: list[MergeConflict] = []
    index = 0
    while index < len(lines):
        if not lines[index].startswith("<<<<<<<"):
            index += 1
            continue
        start, ours_label = index, lines[index][7:].strip()
        ours: list[str] = []
        theirs: list[str] = []
        part = ours
        index += 1
        while index < len(lines) and not lines[index].startswith(">>>>>>>"):
            line = lines[index]
            if line.startswith("|||||||"):
                part = []          # the common base (diff3): neither side
            elif line.startswith("=======") and part is not theirs:
                part = theirs
            else:
                part.append(line)
            index += 1
        if index >= len(lines):
            break   # never closed: not a conflict git made
        found.append(MergeConflict(start + 1, index + 1, ours_label, lines[index][7:].strip(),
                                   "\n".join(ours), "\n".join(theirs), 0))
        index += 1
    if not found:
        return None
    first = found[0]   # where it starts; each side shows every hunk of that side, in order
    return MergeConflict(first.line, found[-1].end_line, first.ours_label, first.theirs_label,
                         "\n…\n".join(c.ours for c in found), "\n…\n".join(c.theirs for c in found), len(found))
