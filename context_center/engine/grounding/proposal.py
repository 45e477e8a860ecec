"""Refs a fact's text suggests: the workspace paths it names, and the backticked identifiers found
in them. Only proposed (the user confirms); never added to a fact silently."""
from __future__ import annotations

import re
from pathlib import Path

from ..memory.fact_refs import MAX_REFS, RefProblem, parse_ref, resolve
from .code_files import CodeFile, CodeFiles

# a path: words joined by "/" (at least one) or a file name with an extension, optionally in backticks
_PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]*|[\w-]+\.[A-Za-z][\w]{0,9})(?![\w/])")
_BACKTICKED = re.compile(r"`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)`")
_MAX_PROPOSED = 8
_MAX_LOOKED_AT = 40   # distinct paths, and distinct backticked names, looked at in one text


def proposed_refs(text: str, workspace: Path, files: CodeFiles, cited: tuple[str, ...] = ()) -> list[str]:
    """Refs ``text`` names that exist in ``workspace`` and ``cited`` does not hold yet (in any form:
    ``src/a.py`` is not proposed beside ``src/a.py#main``): each path that is there (a directory
    with its ``/``), and ``path#name`` for a backticked name found in one of those files. At most
    :data:`_MAX_LOOKED_AT` paths and names are looked at, each once, whatever the text repeats."""
    cited_paths = {_path_of(ref) for ref in cited}
    found: list[str] = []
    named_files: dict[str, Path] = {}
    candidates = list(dict.fromkeys(match.group(1).rstrip(".") for match in _PATH.finditer(text)))
    for candidate in candidates[:_MAX_LOOKED_AT]:
        try:
            ref = parse_ref(candidate)
        except RefProblem:
            continue
        where = resolve(ref, workspace)
        try:
            if where is None or not where.exists():
                continue
            directory = where.is_dir()
        except OSError:   # a name the system refuses: not there
            continue
        if directory:
            found.append(ref.path + "/")
        else:
            found.append(ref.path)
            named_files.setdefault(ref.path, where)
    names = list(dict.fromkeys(match.group(1).split(".")[-1] for match in _BACKTICKED.finditer(text)))
    for name in names[:_MAX_LOOKED_AT]:
        for path, where in named_files.items():
            code = files.read(where)
            if isinstance(code, CodeFile) and code.find_word(name):
                found.append(f"{path}#{name}")
                break
    fresh = [ref for ref in dict.fromkeys(found) if ref not in cited and _path_of(ref) not in cited_paths]
    return fresh[:min(_MAX_PROPOSED, MAX_REFS)]


def _path_of(ref: str) -> str:
    try:
        return parse_ref(ref).path
    except RefProblem:
        return ref
