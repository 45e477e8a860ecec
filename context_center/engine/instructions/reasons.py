"""Why an agent reads a document, as a code and the values its words name.

A reason is the English sentence the command line prints (a :class:`Reason` is that ``str``) and
carries its ``code`` and ``fields``, so a face in another language words it itself (the window
does, with its translations). A reason written as a plain string has no code: it is shown as it is.
"""
from __future__ import annotations

from typing import Any

REASONS: dict[str, str] = {
    # Reasonix (Context Center's own chain)
    "reasonix_user": "the state root's file: your rules for every workspace",
    "reasonix_project": "the workspace root's file",
    "reasonix_ancestor": "a folder between the workspace root and the target",
    "reasonix_local": "a personal .local.md file (not committed)",
    "reasonix_imported": "imported into {file}",
    # Claude Code
    "claude_managed": "managed policy: loaded for every user, cannot be excluded",
    "claude_user": "your instructions for every project",
    "claude_cwd": "the folder Claude Code runs in",
    "claude_above": "a folder above cwd",
    "claude_local_cwd": "personal notes (the folder Claude Code runs in, not committed)",
    "claude_local_above": "personal notes (a folder above cwd, not committed)",
    "claude_subfolder": "loaded when Claude reads a file in {folder}",
    "imported_by": "imported by {file} (line {line}: @{token})",
    "empty": "empty",
    # Codex
    "codex_global": "Codex's global instructions ($CODEX_HOME)",
    "codex_project": "the project root's file",
    "codex_ancestor": "a folder between the project root and cwd",
    "codex_cwd": "the folder Codex runs in",
    "codex_one_per_folder": "Codex reads one file per folder; {first} comes first ({names})",
    "codex_empty": "empty: Codex leaves it out",
    # GitHub Copilot
    "copilot_user": "your instructions for every repository",
    "copilot_repository": "repository-wide instructions: every request",
    "copilot_root_file": "{name} at the repository's root (the coding agent reads it)",
    "copilot_ancestor": "AGENTS.md between the root and the folder Copilot works in",
    "copilot_subfolder": "read when Copilot works on a file in {folder}",
    # Gemini CLI
    "gemini_user": "your context for every project",
    "gemini_project": "the project's root",
    "gemini_ancestor": "a folder between the root and cwd",
    "gemini_subfolder": "read when a tool touches a file in {folder}",
    # Cursor
    "cursor_agents_root": "AGENTS.md at the workspace's root: every request",
    "cursor_legacy": "the deprecated single rules file, still read on every request",
    "cursor_always": "alwaysApply: true — every request",
    "cursor_subfolder": "read for files in {folder}",
    # Windsurf
    "windsurf_global": "global rules: every conversation in every workspace",
    "windsurf_agents_root": "AGENTS.md at the workspace's root: every conversation",
    "windsurf_legacy": "the older single rules file: every conversation",
    "windsurf_always": "trigger always_on: every conversation",
    "windsurf_subfolder": "for files in {folder}",
}
IMPORTS_SUFFIX = "; imports {imports}"   # after a Reasonix document's reason, naming the files it imports


class Reason(str):
    """The English sentence of :data:`REASONS` ``[code]`` with ``fields`` put in (``imports``, when
    given, adds :data:`IMPORTS_SUFFIX`); ``code`` and ``fields`` say it again for another language."""
    code: str
    fields: tuple[tuple[str, str], ...]

    def __new__(cls, code: str, **fields: Any) -> Reason:
        values = {name: str(value) for name, value in fields.items()}
        text = REASONS[code].format_map(values)
        if values.get("imports"):
            text += IMPORTS_SUFFIX.format_map(values)
        reason = super().__new__(cls, text)
        reason.code, reason.fields = code, tuple(values.items())
        return reason

    def __reduce__(self) -> tuple[Any, ...]:   # (a copy or a pickle is made again from its code)
        return _reason, (self.code, self.fields)


def _reason(code: str, fields: tuple[tuple[str, str], ...]) -> Reason:
    return Reason(code, **dict(fields))


def reason_code(reason: str) -> tuple[str, dict[str, str]]:
    """``reason``'s code and fields; ``("", {})`` for a reason written as plain text."""
    if isinstance(reason, Reason):
        return reason.code, dict(reason.fields)
    return "", {}
