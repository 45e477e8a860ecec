"""Claude Code and Codex transcripts whose sessions run commands and edit files, written in each
agent's own layout (what `instructions adherence` reads)."""
from __future__ import annotations

import json
import re
from pathlib import Path


def _write(path: Path, lines: list) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines),
                    encoding="utf-8")
    return path


def claude(home: Path, cwd: Path, session: str, steps: list[tuple]) -> Path:
    """``steps``: ("bash", stamp, command[, failed]) or ("edit"|"write", stamp, path) or ("read", stamp, path)."""
    lines: list = [{"type": "user", "cwd": str(cwd), "sessionId": session, "timestamp": steps[0][1],
                    "message": {"role": "user", "content": "please fix the build"}}]
    for n, step in enumerate(steps):
        kind, stamp, value = step[:3]
        call = f"toolu_{n:04d}"
        name, given = {"bash": ("Bash", {"command": value, "description": "run"}),
                       "edit": ("Edit", {"file_path": value, "old_string": "a", "new_string": "b"}),
                       "write": ("Write", {"file_path": value, "content": "x"}),
                       "read": ("Read", {"file_path": value})}[kind]
        lines.append({"type": "assistant", "cwd": str(cwd), "sessionId": session, "timestamp": stamp,
                      "message": {"role": "assistant", "content": [{"type": "tool_use", "id": call, "name": name,
                                                                    "input": given}]}})
        failed = bool(step[3]) if len(step) > 3 else False
        lines.append({"type": "user", "cwd": str(cwd), "sessionId": session, "timestamp": stamp,
                      "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call,
                                                               "content": "exit 1" if failed else "ok",
                                                               "is_error": failed}]}})
    folder = home / ".claude" / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(cwd.resolve()))
    return _write(folder / f"{session}.jsonl", lines)


def codex(home: Path, cwd: Path, session: str, steps: list[tuple]) -> Path:
    """``steps``: ("bash", stamp, script[, exit code]) or ("patch", stamp, path)."""
    first = steps[0][1]
    lines: list = [{"timestamp": first, "type": "session_meta",
                    "payload": {"id": session, "timestamp": first, "cwd": str(cwd), "originator": "codex_cli_rs",
                                "cli_version": "0.63.0"}}]
    for n, step in enumerate(steps):
        kind, stamp, value = step[:3]
        call = f"call_{n}"
        if kind == "bash":
            arguments = {"command": ["bash", "-lc", value], "workdir": str(cwd)}
            lines.append({"timestamp": stamp, "type": "response_item", "payload": {
                "type": "function_call", "name": "shell", "arguments": json.dumps(arguments), "call_id": call}})
            code = step[3] if len(step) > 3 else 0
            lines.append({"timestamp": stamp, "type": "response_item", "payload": {
                "type": "function_call_output", "call_id": call,
                "output": json.dumps({"output": "", "metadata": {"exit_code": code, "duration_seconds": 0.1}})}})
        else:
            patch = f"*** Begin Patch\n*** Update File: {value}\n@@\n-a\n+b\n*** End Patch\n"
            lines.append({"timestamp": stamp, "type": "response_item", "payload": {
                "type": "custom_tool_call", "name": "apply_patch", "input": patch, "call_id": call}})
    day = first[:10].replace("-", "/")
    return _write(home / ".codex" / "sessions" / day / f"rollout-{first[:19].replace(':', '-')}-{session}.jsonl", lines)
