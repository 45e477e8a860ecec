"""Refs a fact's text suggests: the workspace paths it names, and the backticked identifiers found
in them. Only proposed (the user confirms); never added to a fact silently."""
from __future__ import annotations

import re
from pathlib import Path

from ..memory.fact_refs import MAX_REFS, RefProblem, parse_ref, resolve
from .code_files import CodeFiles

# a path: words joined by "/" (at least one) or a file name with an extension, optionally in backticks
_PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]*|[\w-]+\.[A-Za-z][\w]{0,9})(?![\w/])")
_BACKTICKED = re.compile(r"`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)`")
_MAX_PROPOSED = 8


def proposed_refs(text: str, workspace: Path, files: CodeFiles, cited: tuple[str, ...] = ()) -> list[str]:
    """Refs ``text`` names that exist in ``workspace`` and ``cited`` does not hold yet: each path
    that is there (a directory with its ``/``), and ``path#name`` for a backticked name found in one
    of those files."""
    found: list[str] = []
    named_files: list[tuple[str, Path]] = []
    for match in _PATH.finditer(text):
        candidate = match.group(1).rstrip(".")
        try:
            ref = parse_ref(candidate)
        except RefProblem:
            continue
        where = resolve(ref, workspace)
        if where is None or not where.exists():
            continue
        if where.is_dir():
            found.append(ref.path + "/")
        else:
            found.append(ref.path)
            named_files.append((ref.path, where))
    for match in _BACKTICKED.finditer(text):
        name = match.group(1).split(".")[-1]
        for path, where in named_files:
            code = files.read(where)
            if code is not None and code.find_word(name):
                found.append(f"{path}#{name}")
                break
    fresh = [ref for ref in dict.fromkeys(found) if ref not in cited]
    return fresh[:min(_MAX_PROPOSED, MAX_REFS)]
