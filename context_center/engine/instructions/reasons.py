"""Why an agent reads a document, as a code and the values its words name.

A reason is the English sentence the command line prints (a :class:`Reason` is that ``str``) and
carries its ``code`` and ``fields``, so a face in another language words it itself (the window
does, with its translations). A reason written as a plain string has no code: it is shown as it is.
"""
from __future__ import annotations

import errno

from ..storage.safe_read import UnsafeFile
from ..text.coded import Coded

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
    # reasons built from values: a rule's globs, a budget, a cap
    "claude_excluded": "claudeMdExcludes: {pattern}",
    "claude_rule_paths": "a rule with paths: {paths} — loaded when Claude reads a matching file",
    "claude_rule_launch": "a rule without paths: loaded at launch",
    "claude_memory_off": "auto memory is turned off",
    "claude_memory_topic": "a topic file: read when Claude needs it",
    "claude_memory_index": "auto memory index: its first {lines} lines / {bytes} bytes load at launch",
    "claude_memory_index_cut_lines": "auto memory index past {lines} lines: Claude Code stops before line {line}; "
                                     "the rest is not loaded",
    "claude_memory_index_cut_bytes": "auto memory index past {bytes} bytes: Claude Code stops before line {line}; "
                                     "the rest is not loaded",
    "codex_budget_off": "{key} = 0 turns project files off",
    "codex_dropped": "the {budget}-byte budget was spent by the files above it; Codex leaves it out and the model "
                     "is not told",
    "codex_cut": "{why}; cut at byte {kept} of {size} (line {line}) because the {budget}-byte project budget ends "
                 "there — without a marker",
    "copilot_no_apply_to": "no applyTo: read only when you attach it to a request",
    "copilot_every_file": "applyTo {globs}: every file",
    "copilot_apply_to": "applyTo {globs}: read when Copilot works on a matching file",
    "cursor_globs": "globs {globs}: attached when a matching file is in the conversation",
    "cursor_globs_below": "globs {globs}: attached when a matching file is in the conversation (a rule of "
                          "{folder}: for files below it)",
    "cursor_description": "the agent reads its description and decides: {description}",
    "cursor_manual": "no alwaysApply, globs or description: only when you @-mention it",
    "windsurf_glob": "trigger glob ({globs}): when a matching file is touched",
    "windsurf_no_globs": "trigger glob (no globs): when a matching file is touched",
    "windsurf_model_decision": "trigger model_decision: Cascade decides by its description: {description}",
    "windsurf_manual": "trigger manual: only when you @-mention it",
    "windsurf_unknown_trigger": "trigger {trigger} is none Windsurf knows: it is not applied by itself",
    "windsurf_no_trigger": "no trigger: only when you @-mention it",
    # what an agent is warned of (above its table)
    "claude_memory_index_warning": "{file} is past {lines} lines / {bytes} bytes: Claude Code stops before line "
                                   "{line}",
    "codex_over_budget": "the project chain is over project_doc_max_bytes ({budget} bytes): {fates}. Codex does not "
                         "tell the model (at most a line in its own log)",
    "codex_file_cut": "{file} is cut at line {line} ({kept} of {size} bytes kept)",
    "codex_file_dropped": "{file} is dropped",
    "claude_large_file_warning": "{file} has {chars} characters; Claude Code warns about files over {limit}",
    # a problem with an @import (the file and line it is on, then what is wrong)
    "at_line": "{where}: {problem}",
    "import_invalid_path": "import path holds a NUL byte; no file can have that name",
    "import_absolute_path": "import {target} is an absolute path; imports are relative to the file",
    "import_outside_source": "import {target} leaves {folder}",
    "import_symlink_escape": "import {target} is a symlink that leads outside the source directory",
    "import_cycle": "import {target} would import a file that is already being expanded",
    "import_depth_exceeded": "import {target} is a level {level} import; at most {most} levels are expanded",
    "import_unreadable": "import {target} cannot be read: {why}",
    "duplicate_imported": "{file} is imported by {importer}; kept once, inside {importer}",
    "duplicate_identical": "{file} is identical to {winner}; kept once, from {winner}",
    "near_duplicate": "{file} nearly repeats {other} (lines differing: {changed}); both are loaded, so the shared "
                      "lines are carried twice — consider importing one from the other",
    # the side by side's differences
    "listed": "{most} and {last}",
    "only_some": "{file} reaches {agents}; {fates}",
    "then": "{first}; {rest}",
    "fate_not_read": "{agent} does not read it ({why})",
    "fate": "{agent}: {status} ({reason})",
    "not_read_codex": "Codex reads only {names} (and configured fallback names), one per folder",
    "not_read_claude-code": "Claude Code reads {names} and rules, not other names",
    "not_read_reasonix": "it is not on Reasonix's chain (REASONIX.md, AGENTS.md, CLAUDE.md and .local.md variants)",
    "not_read_copilot": "Copilot reads {repository_file}, {folder}, AGENTS.md, and {root_files} at the root",
    "not_read_gemini": "Gemini CLI reads {names} (or the names its context.fileName setting gives)",
    "not_read_cursor": "Cursor reads {folder}, AGENTS.md and {legacy}",
    "not_read_windsurf": "Windsurf reads {folder}, its global rules, AGENTS.md and {legacy}",
    "rule_reaches_some": "{file} rule '{rule}' reaches {agents} only",
    "rules_more": "… and {more} of {file} that reach only some of the agents",
    "received_twice": "{agent} receives it twice: {what}",
    "same_text": "{first} and {second} carry the same text",
    "text_inside": "the text of {first} is also inside {second}",
    "import_differs": "{where} @{token} — {treatments}",
    "treatment": "{agent} {treatment}",
    "shows_literally": "shows it literally",
    "expands": "expands it",
    "error_comment": "leaves an error comment (no such file)",
    "rejects": "rejects it ({problem})",
    "shows_literally_missing": "shows it literally (no such file)",
    # suggestions (why a candidate is offered)
    "suggest_said": "said “{said}” in {sessions}; {kind}",
    "suggest_reference": "a link, kept as a reference",
    "suggest_feedback": "guidance on how to work",
    "suggest_user": "a personal preference, offered as global",
    "suggest_project": "a project convention",
    "suggest_asked": "asked for in {count} sessions ({times} times)",
    "suggest_source_unreadable": "cannot be read: {why}",
    # instructions align
    "align_the_source": "the source: the text of {name}",
    "align_reads_already": "{agent} reads AGENTS.md already: nothing to change",
    "align_claude_source": "its text became AGENTS.md: Claude Code imports it from there",
    "align_claude_imports": "Claude Code reads CLAUDE.md, not AGENTS.md: it imports AGENTS.md",
    "align_claude_imports_taken_out": "Claude Code reads CLAUDE.md, not AGENTS.md: it imports AGENTS.md; taken "
                                      "out: {lines} AGENTS.md holds too (Claude Code would read each twice)",
    "align_claude_imports_already": "Claude Code imports AGENTS.md from CLAUDE.md already: nothing to change",
    "align_claude_differs": "CLAUDE.md and AGENTS.md differ: CLAUDE.md has {lines} AGENTS.md lacks, kept in "
                            "CLAUDE.md (Claude Code only); to make CLAUDE.md's text the source instead, choose it "
                            "as the source",
    "align_gemini_not_json": "Gemini CLI: {file} is not JSON it can be read as; add {member} to it yourself",
    "align_gemini_not_object": "Gemini CLI: {file} is not a JSON object; it is left as it is",
    "align_gemini_reads_already": "Gemini CLI reads AGENTS.md already (context.fileName names it): nothing to "
                                  "change",
    "align_gemini_md_unnamed": "Gemini CLI: GEMINI.md holds nothing AGENTS.md does not; it is no longer named (the "
                               "file stays: delete it when you like)",
    "align_gemini_not_edited": "Gemini CLI: {file} could not be edited in place; add {member} to it yourself",
    "align_gemini_names": "Gemini CLI reads the names of {key}: AGENTS.md first",
    # diagnostics and warnings
    "file_said": "{file}: {said}",
    "cannot_be_read": "cannot be read",
    "file_unreadable": "{file} cannot be read: {why}",
    "file_not_utf8": "{file} cannot be read: it is not UTF-8 (byte {byte} is not valid)",
    "config_unreadable": "{file} cannot be read ({why})",
    "codex_config_unreadable": "{file} cannot be read ({why}); Codex's defaults are shown",
    "config_not_byte_count": "{key} = {value} is not a byte count; the default {default} is shown",
    "config_not_file_names": "{key} = {value} is not a list of file names; the default is shown",
    "gemini_file_names": "{file}: context.fileName gives {names}; {read} are read here (none absolute or with "
                         "'..', at most {most})",
    "claude_import_too_deep": "{where}: @{token} is hop {hop}; Claude Code follows at most {most}, so it is not read",
    "gemini_import_outside": "{where} is outside the folders Gemini CLI imports from; it leaves an error comment "
                             "instead",
    "gemini_import_missing": "{where}: no such file; Gemini CLI leaves an error comment",
    "gemini_import_too_deep": "{where} is hop {hop}; Gemini CLI follows at most {most}",
    "target_outside_workspace": "target {target} is outside the workspace {workspace}; only the workspace root is "
                                "read",
    "symlink_out_of_state_root": "{file} is a symlink that leads outside the state root; not loaded ({real})",
    "symlink_out_of_workspace": "{file} is a symlink that leads outside the workspace; not loaded ({real})",
    "scan_limit_folders": "stopped looking for instruction files below {folder} after {count} folders",
    "scan_limit_holds_folders": "{folder} holds more than {count} folders; the first found are shown",
    "scan_limit_holds_files": "{folder} holds more than {count} rule files; the first found are shown",
    "claude_skips_large": "{file} is over {mib} MiB: Claude Code skips it",
    "cursor_always_text": "{file}: alwaysApply is the text {value}, not true or false; Cursor does not apply the "
                          "rule always",
    "codex_empty_next": "empty: Codex reads the next name instead",
    "cut_when_read": "{reason}; when read, {why}: cut after {limit} of {total} characters",
    "cut_chars": "{why}: {total} characters, cut after {limit} (line {line})",
    "windsurf_global_cap": "past the global rules' cap of {limit} characters",
    "windsurf_file_cap": "past Windsurf's cap of {limit} characters a file",
    "symlink_to": "{reason} (a symbolic link to {target})",
    "a_symlink": "a symbolic link to {target}",
    "nested_too_deeply": "nested too deeply",
    "not_utf8_text": "it is not UTF-8 text",
    "claude_over_limit": "{size} bytes: over Claude Code's {mib} MiB limit",
    "codex_read_instead": "{file} is read instead (the first non-empty of {names})",
    "codex_memories_off_how": "Codex memories are off ([features] memories = true in config.toml turns them on)",
    "codex_memories_off": "Codex memories are off",
    "codex_memory_summary": "Codex injects its memory summary",
    "codex_memory_summary_cut": "Codex injects its memory summary cut to about {tokens} tokens",
    "codex_memory_on_demand": "read when Codex decides it needs it",
    "gemini_memories_warning": "{file} holds memories Gemini CLI saved ({heading}): it loads them as instructions "
                               "on every prompt",
    # why a file is not read (the system's words, or the safe reader's)
    "os_error": "{text}",   # the system's own words (strerror); a face words the common ones by ``errno``
    "unsafe_symlink": "a symlink; not followed",
    "unsafe_not_regular": "not a regular file (a pipe, a device or a folder); not read",
    "unsafe_over_limit": "{size} bytes, over the {limit}-byte limit; not read",
    "unsafe_grew": "more than {limit} bytes, over the limit; not read",
}
IMPORTS_SUFFIX = "; imports {imports}"   # after a Reasonix document's reason, naming the files it imports


class Reason(Coded):
    """The English sentence of :data:`REASONS` ``[code]`` with ``fields`` put in (``imports``, when
    given, adds :data:`IMPORTS_SUFFIX`); ``code`` and ``fields`` say it again for another language."""

    TABLE = REASONS

    @classmethod
    def sentence(cls, code: str, values: dict[str, str]) -> str:
        text = REASONS[code].format_map(values)
        return text + IMPORTS_SUFFIX.format_map(values) if values.get("imports") else text


def why_not_read(exc: BaseException) -> str:
    """Why a file could not be read, as the command line says it (``exc.strerror``, else ``exc``),
    with its code: the safe reader's refusal, or the system's error and its ``errno``."""
    if isinstance(exc, UnsafeFile) and exc.code in REASONS:
        return Reason(exc.code, **exc.fields)
    if isinstance(exc, OSError) and exc.strerror and exc.errno is not None and exc.errno in errno.errorcode:
        return Reason("os_error", text=exc.strerror, errno=errno.errorcode[exc.errno])
    return str(getattr(exc, "strerror", None) or exc)


def then(parts: list[str]) -> str:
    """``parts`` joined by "; ", as a reason a face can word part by part."""
    return parts[0] if len(parts) == 1 else Reason("then", first=parts[0], rest=then(parts[1:]))


def listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: the "and" a reason, the names as they are."""
    return names[0] if len(names) == 1 else Reason("listed", most=", ".join(names[:-1]), last=names[-1])
