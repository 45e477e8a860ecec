"""Which repository a project folder belongs to, whatever path it is checked out under.

Project folders are keyed by the workspace's path (Reasonix's rule), which differs between
machines. Beside each synced project folder, ``repository.json`` records the workspace's
``origin`` remote, normalized so that every spelling of one repository is one identity:
credentials, ports and a ``.git`` suffix dropped, the host lowercased, and the scp-style
``git@host:org/repo`` equal to ``https://host/org/repo`` (both are ``host/org/repo``).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from ..storage.atomic_write import write_atomic
from ..storage.git_command import GitError, read_git
from ..storage.safe_read import read_regular_bytes

IDENTITY_FILE = "repository.json"
_SCP = re.compile(r"^(?:[^@/]+@)?(?P<host>[^:/]{2,}):(?P<path>[^/].*)$")


def normalize_origin(url: str) -> str:
    """The identity of a remote URL (see the module docstring); ``""`` for an empty one."""
    url = url.strip()
    if not url:
        return ""
    if "://" not in url:
        scp = _SCP.match(url)
        if scp is None:   # a local path: only the same path is the same repository
            return "file:" + _strip_repo(url.replace("\\", "/"))
        host, path = scp.group("host"), scp.group("path")
    else:
        parts = urlsplit(url)
        if parts.scheme == "file" or not parts.hostname:
            return "file:" + _strip_repo(parts.path)
        host, path = parts.hostname, parts.path
    return f"{host.lower()}/{_strip_repo(path).strip('/')}"


def _strip_repo(path: str) -> str:
    path = path.rstrip("/")
    return path[:-4] if path.endswith(".git") else path


def workspace_identity(workspace: Path) -> str:
    """The normalized ``origin`` of the workspace's repository; ``""`` without one (or without git)."""
    if not (workspace / ".git").exists():
        return ""
    try:   # this repository's own config: never a repository above it (a state root may be one)
        result = read_git(["--git-dir", str(workspace / ".git"), "config", "--get", "remote.origin.url"],
                          workspace, check=False, timeout=10)
    except GitError:
        return ""
    return normalize_origin(result.stdout) if result.returncode == 0 else ""


MAX_IDENTITY_BYTES = 4096   # a remote's URL, normalized; the file travels, so it is read as hostile


def read_identity(project_folder: Path) -> str:
    """The identity recorded beside a project folder's facts; ``""`` when none, unreadable, or not
    one (it comes with sync from other machines: a 100 KB nest of brackets must not stop an open)."""
    try:
        raw = read_regular_bytes(project_folder / IDENTITY_FILE, MAX_IDENTITY_BYTES, follow_symlinks=False)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return ""
    origin = data.get("origin") if isinstance(data, dict) else None
    return origin if isinstance(origin, str) and origin.isprintable() and len(origin) <= 1024 else ""


def record_identity(project_folder: Path, identity: str) -> bool:
    """Write ``identity`` beside the folder's facts unless it is there already; returns whether written."""
    if not identity or read_identity(project_folder) == identity:
        return False
    project_folder.mkdir(parents=True, exist_ok=True)
    write_atomic(project_folder / IDENTITY_FILE, json.dumps({"origin": identity}, indent=2) + "\n")
    return True
