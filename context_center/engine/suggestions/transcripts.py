"""Recent user turns from local agent transcripts: Claude Code and Codex, read-only.

Only what the user typed: not tool results, not the agent's text, not context the
agent injected (environment blocks, command wrappers, system reminders). Sessions
belong to a workspace by the working directory they recorded; there is never a
fallback to another workspace's history. A line that cannot be understood is
skipped; a source that cannot be read is reported unavailable (it fails closed).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..instructions.reasons import Reason, why_not_read
from ..memory.sensitive import redact
from ..transcripts.files import (
    claude_files,
    claude_projects,
    codex_sessions,
    json_lines,
    newest_first,
    within,
)

_INJECTED = re.compile(r"^\s*(<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|"
                       r"system-reminder|environment_context|user_instructions|user-prompt-submit-hook|"
                       r"memory-recall|session-context|bash-input|bash-stdout|bash-stderr)\b|"
                       r"Caveat: The messages below were generated|\[Request interrupted)")


@dataclass(frozen=True)
class UserTurn:
    """One turn the user typed, its secrets masked as it is read: a key pasted into a prompt
    (plain, full-width, split by zero-width characters) never reaches a candidate's title, body,
    evidence or skill draft, whichever face shows them."""
    source: str         # "claude-code" | "codex"
    session: str        # the session id
    timestamp: str      # as recorded (RFC 3339)
    text: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", redact(self.text)[0])


@dataclass
class Session:
    source: str
    session: str
    path: Path
    cwd: str
    last: str                                   # timestamp of the last turn
    turns: list[UserTurn] = field(default_factory=list)


@dataclass(frozen=True)
class SourceStatus:
    name: str
    available: bool
    sessions: int
    detail: str = ""
    missing: str = ""    # the folder of transcripts that is not there (a face words it in its own language)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "available": self.available, "sessions": self.sessions, "detail": self.detail}


_within = within
_lines = json_lines


def _typed(text: object) -> str | None:
    """The text if a person typed it, else None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or _INJECTED.match(text):
        return None
    return text


class TranscriptSource:
    """A folder of JSONL session files; subclasses read one file into a :class:`Session`."""

    name = ""
    pattern = "*.jsonl"
    root: Path

    def sessions(self, workspace: Path, limit: int | None = None) -> list[Session]:
        """This workspace's sessions, newest files first, at most ``limit`` of them (a session
        recorded elsewhere is not read past the line that says where it was recorded)."""
        if not self.root.is_dir():
            return []
        found: list[Session] = []
        for path in self._files(workspace):
            session = self._read(path, workspace)
            if session is not None:
                found.append(session)
                if limit is not None and len(found) >= limit:
                    break
        return found

    def _files(self, workspace: Path) -> list[Path]:
        return newest_first(self.root, self.pattern)

    def _read(self, path: Path, workspace: Path) -> Session | None:
        raise NotImplementedError


class ClaudeCodeSource(TranscriptSource):
    """``~/.claude/projects/<project>/<session>.jsonl`` (``$CLAUDE_CONFIG_DIR`` honoured)."""

    name = "claude-code"
    pattern = "*/*.jsonl"

    def __init__(self, home: Path) -> None:
        self.root = claude_projects(home)

    def _files(self, workspace: Path) -> list[Path]:
        return claude_files(self.root, workspace)

    def _read(self, path: Path, workspace: Path) -> Session | None:
        session: Session | None = None
        for entry in _lines(path):
            cwd = entry.get("cwd")
            if session is None:
                if not isinstance(cwd, str):
                    continue
                if not _within(cwd, workspace):
                    return None  # another workspace's history: never read further
                session = Session(self.name, str(entry.get("sessionId") or path.stem), path, cwd, "")
            text = self._user_text(entry)
            stamp = str(entry.get("timestamp") or "")
            if text is not None:
                session.turns.append(UserTurn(self.name, session.session, stamp, text))
                session.last = max(session.last, stamp)
        return session if session and session.turns else None

    @staticmethod
    def _user_text(entry: dict[str, Any]) -> str | None:
        if entry.get("type") != "user" or entry.get("isMeta") or entry.get("isSidechain"):
            return None
        if "toolUseResult" in entry:
            return None
        message = entry.get("message")
        if not isinstance(message, dict) or message.get("role") != "user":
            return None
        content = message.get("content")
        if isinstance(content, str):
            return _typed(content)
        if isinstance(content, list):
            if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
                return None
            texts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
            typed = [t for t in (_typed(x) for x in texts) if t]
            return "\n".join(typed) or None
        return None


class CodexSource(TranscriptSource):
    """``~/.codex/sessions/**/rollout-*.jsonl`` (``$CODEX_HOME`` honoured): the envelope format
    (``session_meta``, ``event_msg``/``user_message``, ``response_item``) and the older direct one."""

    name = "codex"
    pattern = "**/*.jsonl"

    def __init__(self, home: Path) -> None:
        self.root = codex_sessions(home)

    def _read(self, path: Path, workspace: Path) -> Session | None:
        cwd: str | None = None
        session_id = path.stem
        events: list[UserTurn] = []      # event_msg user_message: exactly what was typed
        messages: list[UserTurn] = []    # response_item user messages: a fallback for older files
        for entry in _lines(path):
            kind = entry.get("type")
            raw_payload = entry.get("payload")
            payload: dict[str, Any] = raw_payload if isinstance(raw_payload, dict) else entry
            stamp = str(entry.get("timestamp") or payload.get("timestamp") or "")
            if kind == "session_meta" or (cwd is None and "instructions" in entry and "id" in entry):
                session_id = str(payload.get("id") or session_id)
                if isinstance(payload.get("cwd"), str):
                    cwd = payload["cwd"]
                if cwd is not None and not _within(cwd, workspace):
                    return None
            elif kind == "turn_context" and cwd is None and isinstance(payload.get("cwd"), str):
                cwd = payload["cwd"]
            elif kind == "event_msg" and payload.get("type") == "user_message":
                text = _typed(payload.get("message"))
                if text:
                    events.append(UserTurn(self.name, session_id, stamp, text))
            elif payload.get("type") == "message" and payload.get("role") == "user":
                content = payload.get("content")
                for block in content if isinstance(content, list) else []:
                    if not isinstance(block, dict):
                        continue
                    raw = block.get("text")
                    if cwd is None and isinstance(raw, str):
                        match = re.search(r"<cwd>(.*?)</cwd>", raw)
                        cwd = match.group(1).strip() if match else cwd
                    text = _typed(raw)
                    if text and block.get("type") in ("input_text", "text"):
                        messages.append(UserTurn(self.name, session_id, stamp, text))
        if cwd is None or not _within(cwd, workspace):
            return None
        turns = [UserTurn(t.source, session_id, t.timestamp, t.text) for t in (events or messages)]
        if not turns:
            return None
        return Session(self.name, session_id, path, cwd, max(t.timestamp for t in turns), turns)


def recent_sessions(workspace: Path, home: Path, limit: int) -> tuple[list[Session], list[SourceStatus]]:
    """The ``limit`` most recent sessions of this workspace over every source, and each source's status."""
    sessions: list[Session] = []
    statuses: list[SourceStatus] = []
    sources: tuple[TranscriptSource, ...] = (ClaudeCodeSource(home), CodexSource(home))
    for source in sources:
        try:
            found = source.sessions(workspace, limit)
        except OSError as exc:
            statuses.append(SourceStatus(source.name, False, 0,
                                        Reason("suggest_source_unreadable", why=why_not_read(exc))))
            continue
        if not source.root.is_dir():
            statuses.append(SourceStatus(source.name, False, 0, f"no transcripts at {source.root}", str(source.root)))
            continue
        statuses.append(SourceStatus(source.name, True, len(found)))
        sessions.extend(found)
    sessions.sort(key=lambda s: s.last, reverse=True)
    return sessions[:limit], statuses
