"""A labelled adherence set (tests/data/adherence_v*), laid out for real: its workspaces copied
under a root of its own, its Claude Code and Codex transcripts in their agents' folders with the
placeholders filled in, each file's time set to its last line's (as a live agent leaves it)."""
from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "data"
SET = DATA / "adherence_v1"          # developed against (after its first, untouched run)
HELD_OUT = DATA / "adherence_v2"     # written later by another session; developed against after its first run
HELD_OUT_SMALL = DATA / "adherence_v3"   # a third, smaller one by yet another session: held out
HELD_OUT_LAST = DATA / "adherence_v4"    # a fourth, written after v2's fixes; developed against after its first run
HELD_OUT_NEXT = DATA / "adherence_v5"    # a fifth, written after v4's fixes; developed against after its first run
HELD_OUT_SIXTH = DATA / "adherence_v6"   # a sixth, written after v5's fixes: held out
_STAMP = re.compile(r'"timestamp"\s*:\s*"([^"]+)"')


@dataclass(frozen=True)
class LaidOut:
    root: Path            # {ROOT}: the workspaces' folder
    claude: Path          # what plays ~/.claude
    codex: Path           # what plays ~/.codex
    home: Path            # an empty home (no user-level instruction files)
    labels: dict[str, Any]
    source: Path = SET

    def workspace(self, name: str) -> Path:
        return self.root / name

    def environment(self) -> dict[str, str]:
        return {"HOME": str(self.home), "CLAUDE_CONFIG_DIR": str(self.claude), "CODEX_HOME": str(self.codex)}

    def events(self) -> list[dict[str, Any]]:
        """The PreToolUse events with their labels (``label``, ``rule``, ``why``)."""
        text = _filled((self.source / "pre_tool_use.jsonl").read_text(encoding="utf-8"), self)
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def lay_out(base: Path, source: Path = SET) -> LaidOut:
    """The set under ``base`` (a folder whose path holds only letters, digits, ``/``, ``-`` and
    ``.``, so that Claude Code's folder names and the set's agree)."""
    if not re.fullmatch(r"[A-Za-z0-9/.-]+", str(base)):
        raise ValueError(f"{base} holds characters Claude Code's folder names would change")
    laid = LaidOut(base / "w", base / "claude", base / "codex", base / "home",
                   json.loads((source / "labels.json").read_text(encoding="utf-8")), source)
    shutil.copytree(source / "workspaces", laid.root)
    laid.home.mkdir()
    for agent, target in (("claude", laid.claude), ("codex", laid.codex)):
        for found in (source / agent).rglob("*.jsonl"):
            relative = _filled(str(found.relative_to(source / agent)), laid)
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            raw = found.read_bytes()
            text = _filled(raw.decode("utf-8", "surrogateescape"), laid)
            destination.write_bytes(text.encode("utf-8", "surrogateescape"))
            stamps = _STAMP.findall(text)
            if stamps:
                from context_center.engine.clock import parse_timestamp

                last = parse_timestamp(max(stamps))
                if last is not None:
                    os.utime(destination, (last.timestamp(), last.timestamp()))
    return laid


def _filled(text: str, laid: LaidOut) -> str:
    text = re.sub(r"\{SLUG:([\w-]+)\}", lambda m: re.sub(r"[/.]", "-", f"{laid.root}/{m.group(1)}"), text)
    return text.replace("{ROOT}", str(laid.root)).replace("{CLAUDE_DIR}", str(laid.claude))
