"""What travels between machines, and the check every path passes before it does.

Only the personal facts travel: both scopes' fact folders (``memory/global`` and
``projects/<key>/memory``) with their ``.archive/`` and ``.revisions/<id>/``, and each project
folder's ``repository.json``. Nothing else a remote offers reaches the state root: not the catalog,
the search index (Whoosh reads it with pickle), the recall cache, the settings, ``sync-machine.json``,
hooks, ``.gitattributes`` or ``.gitignore``, nor a symlink, a submodule, a ``..`` or ``.git``
component, a name no fact file has, or a file over :data:`MAX_TRAVEL_BYTES`. The same check runs on
what this machine commits, so nothing else leaves it either.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ..memory.fact_reading import is_fact_file_name
from ..memory.sensitive import find_secrets

MAX_TRAVEL_BYTES = 4 * 1024 * 1024   # a fact file far beyond any written by hand; a remote's file past it is refused
MAX_PULL_BYTES = 512 * 1024 * 1024   # all a pull writes (100,000 facts are about 100 MB): past it, nothing is merged
REGULAR_MODES = ("100644", "100755")
COMPONENT_MAX_BYTES = 255

# The work tree's ignore rules, in the sync repository's own ``info/exclude`` (never a file a remote
# can replace): ``git add -A`` looks only here. The check below is what decides.
EXCLUDE = """\
# Context Center sync: only the personal facts travel (see the README, "Teams and several machines").
/*
!/memory/
/memory/*
!/memory/global/
!/projects/
/projects/*/*
!/projects/*/memory/
!/projects/*/repository.json
MEMORY.md
.atomic-*.tmp
*.tmp
*.theirs
"""
# ``info/attributes`` outranks every ``.gitattributes``: no filter, no line-ending or encoding
# conversion, no keyword expansion; the bytes committed are the bytes on disk.
ATTRIBUTES = "* -text -eol -filter -ident -diff -merge -working-tree-encoding -export-subst\n"

_REVISION_FILE = re.compile(r"^\d{9}\.md$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\ufffd\\]")
_DOT_GIT = re.compile(r"^(?:\.git[. ]*|git~\d+)$", re.IGNORECASE)   # as git itself guards it (NTFS, HFS+ too)


def component_refusal(part: str) -> str | None:
    """Why one path component may not be written into the state root, or None."""
    if part in ("", ".", ".."):
        return f"the path has a {part or 'empty'!r} component"
    if _DOT_GIT.match(part):
        return "the path names a .git folder"
    if _CONTROL.search(part):
        return "the path holds a control character, a backslash or bytes that are not UTF-8"
    if len(part.encode("utf-8")) > COMPONENT_MAX_BYTES:
        return f"a name of the path is over {COMPONENT_MAX_BYTES} bytes"
    return None


def safe_component(part: str) -> bool:
    """Can ``part`` (a fact's id, read from a file) name a folder of ours?"""
    return component_refusal(part) is None and not part.startswith(".")


def fact_file_refusal(folder: str, name: str, suffix: str = ".md") -> str | None:
    """Why ``folder/<name><suffix>`` may not be a fact file a settlement writes (a name read from a
    remote's front matter: ``../x``, ``MEMORY``, one too long once ``.md`` or ``-2.md`` is added)."""
    if not name or "/" in name:
        return "not a fact's name"
    return path_refusal(f"{folder}/{name}{suffix}")


def placed(root: Path, path: str, *, make: bool) -> Path:
    """``root/path`` once every folder on the way is a real folder of the state root (made when
    ``make``): never a symlink or a file, whatever a remote or a hand put there. ``OSError`` (with
    the reason as its ``strerror``) when one is not."""
    folder = root
    for part in path.split("/")[:-1]:
        folder = folder / part
        try:
            found = os.lstat(folder)
        except FileNotFoundError:
            if not make:
                raise
            os.mkdir(folder)
            continue
        if not stat.S_ISDIR(found.st_mode):
            raise OSError(0, f"{folder} is a symbolic link or a file here: nothing is written through it")
    target = root / path
    if os.path.isdir(target) and not os.path.islink(target):
        raise OSError(0, f"{target} is a folder here")
    return target


def fact_folder(path: str) -> tuple[str, str] | None:
    """(the fact folder, the rest) of a path inside one, else None."""
    parts = path.split("/")
    if parts[:2] == ["memory", "global"] and len(parts) > 2:
        return "memory/global", "/".join(parts[2:])
    if len(parts) > 3 and parts[0] == "projects" and parts[2] == "memory":
        return "/".join(parts[:3]), "/".join(parts[3:])
    return None


def scope_of_folder(folder: str) -> str:
    return "global" if folder == "memory/global" else "project"


def path_refusal(path: str) -> str | None:
    """Why ``path`` (relative to the state root, ``/``-separated) does not travel, or None."""
    parts = path.split("/")
    for part in parts:
        problem = component_refusal(part)
        if problem:
            return problem
    if len(parts) == 3 and parts[0] == "projects" and parts[2] == "repository.json":
        return None if safe_component(parts[1]) else "not a project folder's name"
    if find_secrets(parts[-1]):
        return "the file name holds a secret"
    found = fact_folder(path)
    if found is None:
        return "not a fact folder: only facts travel"
    folder, rest = found
    if folder != "memory/global" and not safe_component(parts[1]):
        return "not a project folder's name"
    inner = rest.split("/")
    if len(inner) == 1:
        return None if _fact_name(inner[0]) else "not the name of a fact file"
    if len(inner) == 2 and inner[0] == ".archive":
        return None if _fact_name(inner[1]) else "not the name of an archive entry"
    if len(inner) == 3 and inner[0] == ".revisions" and safe_component(inner[1]) and _REVISION_FILE.match(inner[2]):
        return None
    return "not a fact, an archive entry or a revision"


def _fact_name(name: str) -> bool:
    """A fact file's name, on every file system: not the derived index in any case (``Memory.md`` is
    ``MEMORY.md`` on macOS and Windows)."""
    return is_fact_file_name(name) and name.lower() != "memory.md"


def mode_refusal(mode: str) -> str | None:
    if mode in REGULAR_MODES:
        return None
    if mode == "120000":
        return "a symbolic link: never followed, never written"
    if mode == "160000":
        return "a submodule"
    return "not a regular file"


def refusal(path: str, mode: str, kind: str | None = "blob", size: int | None = None) -> str | None:
    """Why a path of the given git mode (naming an object of ``kind`` and ``size``) does not travel,
    or None when it does. A mode of a file that names a commit or a tree is no file."""
    problem = path_refusal(path) or mode_refusal(mode)
    if problem is None and kind != "blob":
        problem = f"names a git {kind or 'object that is missing'}, not a file's content"
    if problem is None and size is not None and size > MAX_TRAVEL_BYTES:
        problem = f"{size:,} bytes, over the {MAX_TRAVEL_BYTES:,} a synced file may hold"
    return problem
