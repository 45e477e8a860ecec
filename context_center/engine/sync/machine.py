"""What belongs to this machine alone, kept outside the synced tree: its id and its aliases.

``<root>/sync-machine.json`` (the tree's ``.gitignore`` leaves every top-level file out)::

    {"machine": "laptop-3f9c", "aliases": {"<this machine's project key>": "<the folder in use>"}}

The machine id names this machine in conflict flags and commit trailers (two state roots on one
host are two machines). An alias says that this machine's project key for a workspace is served
by the project folder another machine made for the same repository (see project_adoption.py).
"""
from __future__ import annotations

import json
import re
import secrets
import socket
from pathlib import Path
from typing import Any

from ..storage.atomic_write import write_atomic

MACHINE_FILE = "sync-machine.json"


def _load(root: Path) -> dict[str, Any]:
    try:
        data = json.loads((root / MACHINE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(root: Path, data: dict[str, Any]) -> None:
    write_atomic(root / MACHINE_FILE, json.dumps(data, indent=2, sort_keys=True) + "\n")


def machine_id(root: Path) -> str:
    """This machine's id for the store at ``root`` (made once: host name + 4 random hex digits)."""
    data = _load(root)
    found = data.get("machine")
    if isinstance(found, str) and found:
        return found
    host = re.sub(r"[^A-Za-z0-9.-]+", "-", socket.gethostname()).strip("-") or "machine"
    data["machine"] = f"{host[:40]}-{secrets.token_hex(2)}"
    _save(root, data)
    return str(data["machine"])


def aliases(root: Path) -> dict[str, str]:
    found = _load(root).get("aliases")
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def set_alias(root: Path, local_key: str, folder_key: str) -> None:
    data = _load(root)
    table = data.get("aliases") if isinstance(data.get("aliases"), dict) else {}
    assert isinstance(table, dict)
    if folder_key == local_key:
        table.pop(local_key, None)
    else:
        table[local_key] = folder_key
    data["aliases"] = table
    _save(root, data)
