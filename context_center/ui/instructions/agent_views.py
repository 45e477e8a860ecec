"""How the Instructions tab shows what one agent receives, or several side by side.

Rows are coloured by status: a cut or dropped file in the warning colour, a file read only on
demand or skipped in grey. Bodies show what the agent receives, and where a cut falls, the rest
of the file struck through.
"""
from __future__ import annotations

import html
from typing import Sequence

from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QTableWidget

from ...engine import (
    AGENT_DISPLAY_NAMES,
    DOCUMENT_STATUS_WORDS,
    AgentComparison,
    AgentDocument,
    AgentView,
    FileRow,
)
from ..theme import tone, tone_color
from ..words import QT_TR_NOOP, tr
from .limit_bars import METERS_ROLE, meter_text

AGENT_HEADERS = ["#", QT_TR_NOOP("Status"), QT_TR_NOOP("File"), QT_TR_NOOP("Bytes received"), QT_TR_NOOP("≈ Tokens"),
                 QT_TR_NOOP("Against the limit"), QT_TR_NOOP("Why")]
METER_COLUMN = 5
WHY_COLUMN = 6
# The engine's statuses in the window's words: short in a table cell (DOCUMENT_STATUS_WORDS), whole in
# a sentence; a status the window does not know is shown as the engine says it.
_SHORT_STATUS = {"loaded": QT_TR_NOOP("loaded"), "truncated": QT_TR_NOOP("CUT"), "dropped": QT_TR_NOOP("DROPPED"),
                 "on_demand": QT_TR_NOOP("on demand"), "skipped": QT_TR_NOOP("skipped")}
_STATUS = {"loaded": QT_TR_NOOP("loaded"), "truncated": QT_TR_NOOP("truncated"), "dropped": QT_TR_NOOP("dropped"),
           "on_demand": QT_TR_NOOP("on demand"), "skipped": QT_TR_NOOP("skipped")}


# Why an agent reads a file, in the window's words, by the engine's code (the engine says it in English:
# the command line's sentence); a reason without a known code is shown as the engine says it.
REASON_WORDS = {
    "reasonix_user": QT_TR_NOOP("the state root's file: your rules for every workspace"),
    "reasonix_project": QT_TR_NOOP("the workspace root's file"),
    "reasonix_ancestor": QT_TR_NOOP("a folder between the workspace root and the target"),
    "reasonix_local": QT_TR_NOOP("a personal .local.md file (not committed)"),
    "reasonix_imported": QT_TR_NOOP("imported into {file}"),
    "claude_managed": QT_TR_NOOP("managed policy: loaded for every user, cannot be excluded"),
    "claude_user": QT_TR_NOOP("your instructions for every project"),
    "claude_cwd": QT_TR_NOOP("the folder Claude Code runs in"),
    "claude_above": QT_TR_NOOP("a folder above cwd"),
    "claude_local_cwd": QT_TR_NOOP("personal notes (the folder Claude Code runs in, not committed)"),
    "claude_local_above": QT_TR_NOOP("personal notes (a folder above cwd, not committed)"),
    "claude_subfolder": QT_TR_NOOP("loaded when Claude reads a file in {folder}"),
    "imported_by": QT_TR_NOOP("imported by {file} (line {line}: @{token})"),
    "empty": QT_TR_NOOP("empty"),
    "codex_global": QT_TR_NOOP("Codex's global instructions ($CODEX_HOME)"),
    "codex_project": QT_TR_NOOP("the project root's file"),
    "codex_ancestor": QT_TR_NOOP("a folder between the project root and cwd"),
    "codex_cwd": QT_TR_NOOP("the folder Codex runs in"),
    "codex_one_per_folder": QT_TR_NOOP("Codex reads one file per folder; {first} comes first ({names})"),
    "codex_empty": QT_TR_NOOP("empty: Codex leaves it out"),
    "copilot_user": QT_TR_NOOP("your instructions for every repository"),
    "copilot_repository": QT_TR_NOOP("repository-wide instructions: every request"),
    "copilot_root_file": QT_TR_NOOP("{name} at the repository's root (the coding agent reads it)"),
    "copilot_ancestor": QT_TR_NOOP("AGENTS.md between the root and the folder Copilot works in"),
    "copilot_subfolder": QT_TR_NOOP("read when Copilot works on a file in {folder}"),
    "gemini_user": QT_TR_NOOP("your context for every project"),
    "gemini_project": QT_TR_NOOP("the project's root"),
    "gemini_ancestor": QT_TR_NOOP("a folder between the root and cwd"),
    "gemini_subfolder": QT_TR_NOOP("read when a tool touches a file in {folder}"),
    "cursor_agents_root": QT_TR_NOOP("AGENTS.md at the workspace's root: every request"),
    "cursor_legacy": QT_TR_NOOP("the deprecated single rules file, still read on every request"),
    "cursor_always": QT_TR_NOOP("alwaysApply: true — every request"),
    "cursor_subfolder": QT_TR_NOOP("read for files in {folder}"),
    "windsurf_global": QT_TR_NOOP("global rules: every conversation in every workspace"),
    "windsurf_agents_root": QT_TR_NOOP("AGENTS.md at the workspace's root: every conversation"),
    "windsurf_legacy": QT_TR_NOOP("the older single rules file: every conversation"),
    "windsurf_always": QT_TR_NOOP("trigger always_on: every conversation"),
    "windsurf_subfolder": QT_TR_NOOP("for files in {folder}"),
    "claude_excluded": QT_TR_NOOP("claudeMdExcludes: {pattern}"),
    "claude_rule_paths": QT_TR_NOOP("a rule with paths: {paths} — loaded when Claude reads a matching file"),
    "claude_rule_launch": QT_TR_NOOP("a rule without paths: loaded at launch"),
    "claude_memory_off": QT_TR_NOOP("auto memory is turned off"),
    "claude_memory_topic": QT_TR_NOOP("a topic file: read when Claude needs it"),
    "claude_memory_index": QT_TR_NOOP("auto memory index: its first {lines} lines / {bytes} bytes load at launch"),
    "claude_memory_index_cut_lines": QT_TR_NOOP("auto memory index past {lines} lines: Claude Code stops before "
                                                "line {line}; the rest is not loaded"),
    "claude_memory_index_cut_bytes": QT_TR_NOOP("auto memory index past {bytes} bytes: Claude Code stops before "
                                                "line {line}; the rest is not loaded"),
    "codex_budget_off": QT_TR_NOOP("{key} = 0 turns project files off"),
    "codex_dropped": QT_TR_NOOP("the {budget}-byte budget was spent by the files above it; Codex leaves it out and "
                                "the model is not told"),
    "codex_cut": QT_TR_NOOP("{why}; cut at byte {kept} of {size} (line {line}) because the {budget}-byte project "
                            "budget ends there — without a marker"),
    "copilot_no_apply_to": QT_TR_NOOP("no applyTo: read only when you attach it to a request"),
    "copilot_every_file": QT_TR_NOOP("applyTo {globs}: every file"),
    "copilot_apply_to": QT_TR_NOOP("applyTo {globs}: read when Copilot works on a matching file"),
    "cursor_globs": QT_TR_NOOP("globs {globs}: attached when a matching file is in the conversation"),
    "cursor_globs_below": QT_TR_NOOP("globs {globs}: attached when a matching file is in the conversation (a rule "
                                     "of {folder}: for files below it)"),
    "cursor_description": QT_TR_NOOP("the agent reads its description and decides: {description}"),
    "cursor_manual": QT_TR_NOOP("no alwaysApply, globs or description: only when you @-mention it"),
    "windsurf_glob": QT_TR_NOOP("trigger glob ({globs}): when a matching file is touched"),
    "windsurf_no_globs": QT_TR_NOOP("trigger glob (no globs): when a matching file is touched"),
    "windsurf_model_decision": QT_TR_NOOP("trigger model_decision: Cascade decides by its description: {description}"),
    "windsurf_manual": QT_TR_NOOP("trigger manual: only when you @-mention it"),
    "windsurf_unknown_trigger": QT_TR_NOOP("trigger {trigger} is none Windsurf knows: it is not applied by itself"),
    "windsurf_no_trigger": QT_TR_NOOP("no trigger: only when you @-mention it"),
    "claude_memory_index_warning": QT_TR_NOOP("{file} is past {lines} lines / {bytes} bytes: Claude Code stops "
                                              "before line {line}"),
    "codex_over_budget": QT_TR_NOOP("the project chain is over project_doc_max_bytes ({budget} bytes): {fates}. "
                                    "Codex does not tell the model (at most a line in its own log)"),
    "codex_file_cut": QT_TR_NOOP("{file} is cut at line {line} ({kept} of {size} bytes kept)"),
    "codex_file_dropped": QT_TR_NOOP("{file} is dropped"),
    "claude_large_file_warning": QT_TR_NOOP("{file} has {chars} characters; Claude Code warns about files over "
                                            "{limit}"),
    "at_line": QT_TR_NOOP("{where}: {problem}"),
    "import_invalid_path": QT_TR_NOOP("import path holds a NUL byte; no file can have that name"),
    "import_absolute_path": QT_TR_NOOP("import {target} is an absolute path; imports are relative to the file"),
    "import_outside_source": QT_TR_NOOP("import {target} leaves {folder}"),
    "import_symlink_escape": QT_TR_NOOP("import {target} is a symlink that leads outside the source directory"),
    "import_cycle": QT_TR_NOOP("import {target} would import a file that is already being expanded"),
    "import_depth_exceeded": QT_TR_NOOP("import {target} is a level {level} import; at most {most} levels are "
                                        "expanded"),
    "import_unreadable": QT_TR_NOOP("import {target} cannot be read: {why}"),
    "duplicate_imported": QT_TR_NOOP("{file} is imported by {importer}; kept once, inside {importer}"),
    "duplicate_identical": QT_TR_NOOP("{file} is identical to {winner}; kept once, from {winner}"),
    "near_duplicate": QT_TR_NOOP("{file} nearly repeats {other} (lines differing: {changed}); both are loaded, so "
                                 "the shared lines are carried twice — consider importing one from the other"),
    "listed": QT_TR_NOOP("{most} and {last}"),
    "only_some": QT_TR_NOOP("{file} reaches {agents}; {fates}"),
    "then": QT_TR_NOOP("{first}; {rest}"),
    "fate_not_read": QT_TR_NOOP("{agent} does not read it ({why})"),
    "fate": QT_TR_NOOP("{agent}: {status} ({reason})"),
    "not_read_codex": QT_TR_NOOP("Codex reads only {names} (and configured fallback names), one per folder"),
    "not_read_claude-code": QT_TR_NOOP("Claude Code reads {names} and rules, not other names"),
    "not_read_reasonix": QT_TR_NOOP("it is not on Reasonix's chain (REASONIX.md, AGENTS.md, CLAUDE.md and "
                                    ".local.md variants)"),
    "not_read_copilot": QT_TR_NOOP("Copilot reads {repository_file}, {folder}, AGENTS.md, and {root_files} at the "
                                   "root"),
    "not_read_gemini": QT_TR_NOOP("Gemini CLI reads {names} (or the names its context.fileName setting gives)"),
    "not_read_cursor": QT_TR_NOOP("Cursor reads {folder}, AGENTS.md and {legacy}"),
    "not_read_windsurf": QT_TR_NOOP("Windsurf reads {folder}, its global rules, AGENTS.md and {legacy}"),
    "rule_reaches_some": QT_TR_NOOP("{file} rule '{rule}' reaches {agents} only"),
    "rules_more": QT_TR_NOOP("… and {more} of {file} that reach only some of the agents"),
    "received_twice": QT_TR_NOOP("{agent} receives it twice: {what}"),
    "same_text": QT_TR_NOOP("{first} and {second} carry the same text"),
    "text_inside": QT_TR_NOOP("the text of {first} is also inside {second}"),
    "import_differs": QT_TR_NOOP("{where} @{token} — {treatments}"),
    "treatment": QT_TR_NOOP("{agent} {treatment}"),
    "shows_literally": QT_TR_NOOP("shows it literally"),
    "expands": QT_TR_NOOP("expands it"),
    "error_comment": QT_TR_NOOP("leaves an error comment (no such file)"),
    "rejects": QT_TR_NOOP("rejects it ({problem})"),
    "shows_literally_missing": QT_TR_NOOP("shows it literally (no such file)"),
    "file_said": QT_TR_NOOP("{file}: {said}"),
    "suggest_said": QT_TR_NOOP("said “{said}” in {sessions}; {kind}"),
    "suggest_reference": QT_TR_NOOP("a link, kept as a reference"),
    "suggest_feedback": QT_TR_NOOP("guidance on how to work"),
    "suggest_user": QT_TR_NOOP("a personal preference, offered as global"),
    "suggest_project": QT_TR_NOOP("a project convention"),
    "suggest_asked": QT_TR_NOOP("asked for in {count} sessions ({times} times)"),
    "suggest_source_unreadable": QT_TR_NOOP("cannot be read: {why}"),
    "align_the_source": QT_TR_NOOP("the source: the text of {name}"),
    "align_reads_already": QT_TR_NOOP("{agent} reads AGENTS.md already: nothing to change"),
    "align_claude_source": QT_TR_NOOP("its text became AGENTS.md: Claude Code imports it from there"),
    "align_claude_imports": QT_TR_NOOP("Claude Code reads CLAUDE.md, not AGENTS.md: it imports AGENTS.md"),
    "align_claude_imports_taken_out": QT_TR_NOOP("Claude Code reads CLAUDE.md, not AGENTS.md: it imports "
                                                 "AGENTS.md; taken out: {lines} AGENTS.md holds too (Claude Code "
                                                 "would read each twice)"),
    "align_claude_imports_already": QT_TR_NOOP("Claude Code imports AGENTS.md from CLAUDE.md already: nothing to "
                                               "change"),
    "align_claude_differs": QT_TR_NOOP("CLAUDE.md and AGENTS.md differ: CLAUDE.md has {lines} AGENTS.md lacks, "
                                       "kept in CLAUDE.md (Claude Code only); to make CLAUDE.md's text the source "
                                       "instead, choose it as the source"),
    "align_gemini_not_json": QT_TR_NOOP("Gemini CLI: {file} is not JSON it can be read as; add {member} to it "
                                        "yourself"),
    "align_gemini_not_object": QT_TR_NOOP("Gemini CLI: {file} is not a JSON object; it is left as it is"),
    "align_gemini_reads_already": QT_TR_NOOP("Gemini CLI reads AGENTS.md already (context.fileName names it): "
                                             "nothing to change"),
    "align_gemini_md_unnamed": QT_TR_NOOP("Gemini CLI: GEMINI.md holds nothing AGENTS.md does not; it is no longer "
                                          "named (the file stays: delete it when you like)"),
    "align_gemini_not_edited": QT_TR_NOOP("Gemini CLI: {file} could not be edited in place; add {member} to it "
                                          "yourself"),
    "align_gemini_names": QT_TR_NOOP("Gemini CLI reads the names of {key}: AGENTS.md first"),
    "cannot_be_read": QT_TR_NOOP("cannot be read"),
    "file_unreadable": QT_TR_NOOP("{file} cannot be read: {why}"),
    "file_not_utf8": QT_TR_NOOP("{file} cannot be read: it is not UTF-8 (byte {byte} is not valid)"),
    "config_unreadable": QT_TR_NOOP("{file} cannot be read ({why})"),
    "codex_config_unreadable": QT_TR_NOOP("{file} cannot be read ({why}); Codex's defaults are shown"),
    "config_not_byte_count": QT_TR_NOOP("{key} = {value} is not a byte count; the default {default} is shown"),
    "config_not_file_names": QT_TR_NOOP("{key} = {value} is not a list of file names; the default is shown"),
    "gemini_file_names": QT_TR_NOOP("{file}: context.fileName gives {names}; {read} are read here (none absolute "
                                    "or with '..', at most {most})"),
    "claude_import_too_deep": QT_TR_NOOP("{where}: @{token} is hop {hop}; Claude Code follows at most {most}, so "
                                         "it is not read"),
    "gemini_import_outside": QT_TR_NOOP("{where} is outside the folders Gemini CLI imports from; it leaves an "
                                        "error comment instead"),
    "gemini_import_missing": QT_TR_NOOP("{where}: no such file; Gemini CLI leaves an error comment"),
    "gemini_import_too_deep": QT_TR_NOOP("{where} is hop {hop}; Gemini CLI follows at most {most}"),
    "target_outside_workspace": QT_TR_NOOP("target {target} is outside the workspace {workspace}; only the "
                                           "workspace root is read"),
    "symlink_out_of_state_root": QT_TR_NOOP("{file} is a symlink that leads outside the state root; not loaded "
                                            "({real})"),
    "symlink_out_of_workspace": QT_TR_NOOP("{file} is a symlink that leads outside the workspace; not loaded "
                                           "({real})"),
    "scan_limit_folders": QT_TR_NOOP("stopped looking for instruction files below {folder} after {count} folders"),
    "scan_limit_holds_folders": QT_TR_NOOP("{folder} holds more than {count} folders; the first found are shown"),
    "scan_limit_holds_files": QT_TR_NOOP("{folder} holds more than {count} rule files; the first found are shown"),
    "claude_skips_large": QT_TR_NOOP("{file} is over {mib} MiB: Claude Code skips it"),
    "cursor_always_text": QT_TR_NOOP("{file}: alwaysApply is the text {value}, not true or false; Cursor does not "
                                     "apply the rule always"),
    "codex_empty_next": QT_TR_NOOP("empty: Codex reads the next name instead"),
    "cut_when_read": QT_TR_NOOP("{reason}; when read, {why}: cut after {limit} of {total} characters"),
    "cut_chars": QT_TR_NOOP("{why}: {total} characters, cut after {limit} (line {line})"),
    "windsurf_global_cap": QT_TR_NOOP("past the global rules' cap of {limit} characters"),
    "windsurf_file_cap": QT_TR_NOOP("past Windsurf's cap of {limit} characters a file"),
    "symlink_to": QT_TR_NOOP("{reason} (a symbolic link to {target})"),
    "a_symlink": QT_TR_NOOP("a symbolic link to {target}"),
    "nested_too_deeply": QT_TR_NOOP("nested too deeply"),
    "not_utf8_text": QT_TR_NOOP("it is not UTF-8 text"),
    "claude_over_limit": QT_TR_NOOP("{size} bytes: over Claude Code's {mib} MiB limit"),
    "codex_read_instead": QT_TR_NOOP("{file} is read instead (the first non-empty of {names})"),
    "codex_memories_off_how": QT_TR_NOOP("Codex memories are off ([features] memories = true in config.toml turns "
                                         "them on)"),
    "codex_memories_off": QT_TR_NOOP("Codex memories are off"),
    "codex_memory_summary": QT_TR_NOOP("Codex injects its memory summary"),
    "codex_memory_summary_cut": QT_TR_NOOP("Codex injects its memory summary cut to about {tokens} tokens"),
    "codex_memory_on_demand": QT_TR_NOOP("read when Codex decides it needs it"),
    "gemini_memories_warning": QT_TR_NOOP("{file} holds memories Gemini CLI saved ({heading}): it loads them as "
                                          "instructions on every prompt"),
    "os_error": QT_TR_NOOP("{text}"),   # the system's words; the common ones worded by OS_ERROR_WORDS
    "unsafe_symlink": QT_TR_NOOP("a symlink; not followed"),
    "unsafe_not_regular": QT_TR_NOOP("not a regular file (a pipe, a device or a folder); not read"),
    "unsafe_over_limit": QT_TR_NOOP("{size} bytes, over the {limit}-byte limit; not read"),
    "unsafe_grew": QT_TR_NOOP("more than {limit} bytes, over the limit; not read"),
}

# Why the system could not read a file, by its errno (the rarer ones are shown in the system's words).
OS_ERROR_WORDS = {
    "EACCES": QT_TR_NOOP("Permission denied"),
    "EPERM": QT_TR_NOOP("Operation not permitted"),
    "ENOENT": QT_TR_NOOP("No such file or directory"),
    "EISDIR": QT_TR_NOOP("Is a directory"),
    "ENOTDIR": QT_TR_NOOP("Not a directory"),
    "ELOOP": QT_TR_NOOP("Too many levels of symbolic links"),
    "EIO": QT_TR_NOOP("Input/output error"),
}


def reason_words(document: AgentDocument) -> str:
    """Why the agent reads ``document``, in the window's language (the engine's English sentence
    when its reason has no code the window knows)."""
    return worded(document.reason)


def worded(said: str) -> str:
    """What the engine ``said`` (a reason, a warning, a diagnostic, a difference: an English sentence
    that carries its code and values), in the window's language; a value that is itself such a
    sentence is worded too. A sentence without a code the window knows is shown as it is."""
    code, fields = getattr(said, "code", ""), dict(getattr(said, "fields", ()))
    if code not in REASON_WORDS:
        return str(said)
    values = {name: worded(value) for name, value in fields.items()}
    if code == "fate":   # the status as the engine names it ("on demand"), in a sentence
        values["status"] = status_name(fields["status"].replace(" ", "_"))
    elif code == "rules_more":
        count = int(fields["count"])
        values["more"] = tr("1 more rule") if count == 1 else tr("{count} more rules").format(count=f"{count:,}")
    elif code == "suggest_said":
        count = int(fields["count"])
        values["sessions"] = tr("1 session") if count == 1 else tr("{count} sessions").format(count=f"{count:,}")
    elif code in ("align_claude_differs", "align_claude_imports_taken_out"):
        count = int(fields["count"])
        values["lines"] = tr("1 line") if count == 1 else tr("{count} lines").format(count=f"{count:,}")
    elif code == "gemini_file_names":
        count = int(fields["count"])
        values["names"] = tr("1 name") if count == 1 else tr("{count} names").format(count=f"{count:,}")
    elif code == "os_error":
        words = OS_ERROR_WORDS.get(fields.get("errno", ""))
        values["text"] = tr(words) if words else fields["text"]
    elif code == "import_outside_source" and fields["folder"] == "the source directory":
        values["folder"] = tr("the source directory")
    text = tr(REASON_WORDS[code]).format_map(values)
    if fields.get("imports"):
        text += tr("; imports {files}").format(files=fields["imports"])
    return text


def agent_headers() -> list[str]:
    """:data:`AGENT_HEADERS` in the window's language."""
    return [tr(header) for header in AGENT_HEADERS]


def short_status(status: str) -> str:
    """A status in a table cell: ``loaded``, ``CUT``, ``DROPPED``, ``on demand``, ``skipped``."""
    return tr(_SHORT_STATUS[status]) if status in _SHORT_STATUS else DOCUMENT_STATUS_WORDS.get(status, status)


def status_name(status: str) -> str:
    """A status in a sentence: ``loaded``, ``truncated``, ``dropped``, ``on demand``, ``skipped``."""
    return tr(_STATUS[status]) if status in _STATUS else status.replace("_", " ")


def compare_headers(comparison: AgentComparison) -> list[str]:
    return [tr("File"), *(AGENT_DISPLAY_NAMES[a] for a in comparison.views)]
_BACKGROUND = {"truncated": "removed_bg", "dropped": "removed_bg", "on_demand": "quiet_bg", "skipped": "quiet_bg"}


def agent_rows(view: AgentView) -> tuple[list[Sequence[object]], list[str]]:
    rows: list[Sequence[object]] = []
    tips: list[str] = []
    for d in view.documents:
        received = tr("{kept} of {total}").format(kept=f"{d.kept_bytes:,}", total=f"{d.bytes:,}") \
            if d.status == "truncated" else f"{d.bytes:,}" if d.status == "loaded" else "—"
        tokens = f"{d.tokens:,}" if d.received or d.status == "on_demand" else "—"
        rows.append((d.order, short_status(d.status), d.label, received, tokens, meter_text(d.meters),
                     reason_words(d)))
        tips.append(f"{d.path}\n{d.status}: {d.reason}")   # (the engine's code and its reason)
    return rows, tips


def put_meters(table: QTableWidget, view: AgentView) -> None:
    """Each file's meters on its cell of the limit column, which draws them as bars."""
    for number, document in enumerate(view.documents):
        item = table.item(number, METER_COLUMN)
        if item is not None and document.meters:
            item.setData(METERS_ROLE, document.meters)


def cell(row: FileRow, agent: str) -> str:
    """What ``agent`` does with the file, in a few words (the engine's ``FileRow.cell``, in the
    window's language): ``loaded 87 B``, ``CUT 3,913 of 40,069 B``, ``DROPPED``, ``on demand``,
    ``skipped``, or ``—`` (not read)."""
    d = row.per_agent[agent]
    if d is None:
        return "—"
    if d.status == "truncated":
        return tr("CUT {kept} of {total} B").format(kept=f"{d.kept_bytes:,}", total=f"{d.bytes:,}")
    if d.status == "loaded":
        if agent == "reasonix" and d.imports:
            return tr("loaded {bytes} B + imports").format(bytes=f"{d.bytes:,}")
        return tr("loaded {bytes} B").format(bytes=f"{d.bytes:,}")
    return short_status(d.status)


def comparison_rows(comparison: AgentComparison) -> tuple[list[Sequence[object]], list[str]]:
    rows: list[Sequence[object]] = []
    tips: list[str] = []
    for row in comparison.rows:
        rows.append((row.label, *(cell(row, a) for a in comparison.views)))
        tips.append(str(row.path))
    return rows, tips


def colour_rows(table: QTableWidget, statuses: Sequence[Sequence[str | None]]) -> None:
    """Colour each cell by the status it shows (``statuses[row][column]``; None leaves it plain)."""
    for r, row in enumerate(statuses):
        for c, status in enumerate(row):
            item = table.item(r, c)
            if item is None or status not in _BACKGROUND:
                continue
            item.setBackground(QBrush(tone_color(_BACKGROUND[status])))
            if status in ("truncated", "dropped"):
                item.setForeground(QBrush(tone_color("removed_fg")))


def agent_statuses(view: AgentView) -> list[list[str | None]]:
    return [[d.status] * len(AGENT_HEADERS) for d in view.documents]


def comparison_statuses(comparison: AgentComparison) -> list[list[str | None]]:
    return [[None, *(None if (d := row.per_agent[a]) is None else d.status for a in comparison.views)]
            for row in comparison.rows]


def summary(view: AgentView) -> str:
    name = AGENT_DISPLAY_NAMES[view.agent]
    received = sum(1 for d in view.documents if d.received)
    where = view.target.relative_to(view.workspace).as_posix() if view.target.is_relative_to(view.workspace) \
        else str(view.target)
    text = tr("{agent}, started in {folder}, receives {received} of {count} file(s): {bytes} bytes, "
              "≈{tokens} tokens").format(agent=name, folder=tr("the workspace root") if where == "." else where,
                                         received=received, count=len(view.documents),
                                         bytes=f"{view.total_bytes:,}", tokens=f"{view.total_tokens:,}")
    limit = view.limits.get("project_doc_max_bytes")
    if limit is not None:
        text += tr("; project budget {limit} bytes ({source})").format(limit=f"{limit:,}",
                                                                       source=view.limits.get("source"))
    elif "memory_index_lines" in view.limits:
        text += tr("; auto memory index: {lines} lines / {bytes} bytes").format(
            lines=view.limits["memory_index_lines"], bytes=f"{view.limits['memory_index_bytes']:,}")
    return text


def warnings_html(warnings: Sequence[str]) -> str:
    return "".join(f'<p style="color:{tone("error")}"><b>⚠</b> {html.escape(worded(w))}</p>' for w in warnings)


def document_html(document: AgentDocument) -> str:
    """What the agent receives of ``document``; a cut shows the lost rest struck through."""
    head = (f"<p><b>{html.escape(document.label)}</b> — {html.escape(status_name(document.status))}: "
            f"{html.escape(reason_words(document))}</p>")
    if document.status == "truncated" and document.kept_bytes is not None:
        data = document.text.encode("utf-8")
        kept = data[:document.kept_bytes].decode("utf-8", errors="replace")
        rest = data[document.kept_bytes:].decode("utf-8", errors="replace")
        return (head + '<pre style="white-space: pre-wrap">' + html.escape(kept)
                + f'<span style="background:{tone("removed_bg")};color:{tone("removed_fg")}">'
                + html.escape(tr("✂ the agent stops here (line {line}); what follows is not received").format(
                    line=document.cut_line)) + "</span>"
                + f'<span style="color:{tone("faded")};text-decoration:line-through">{html.escape(rest)}</span></pre>')
    if document.status in ("dropped", "skipped"):
        return head + f'<pre style="white-space: pre-wrap;color:{tone("faded")}">{html.escape(document.text)}</pre>'
    return head + f'<pre style="white-space: pre-wrap">{html.escape(document.body)}</pre>'


def comparison_html(comparison: AgentComparison, row_index: int | None) -> str:
    parts = []
    if row_index is not None and 0 <= row_index < len(comparison.rows):
        row = comparison.rows[row_index]
        parts.append(f"<p><b>{html.escape(row.label)}</b></p><ul>")
        for agent in comparison.views:
            document = row.per_agent[agent]
            fate = tr("does not read it") if document is None else \
                f"{status_name(document.status)} — {reason_words(document)}"
            parts.append(f"<li><b>{AGENT_DISPLAY_NAMES[agent]}</b>: {html.escape(fate)}</li>")
        parts.append("</ul>")
    totals = ", ".join(tr("{agent} {bytes} bytes").format(agent=AGENT_DISPLAY_NAMES[a],
                                                           bytes=f"{comparison.views[a].total_bytes:,}")
                       for a in comparison.views)
    # (the limits crossed are named above the table)
    parts.append("<p>" + tr("Received in all: {totals}.").format(totals=totals) + "</p>")
    parts += [f"<p>{html.escape(line)}</p>" for line in accounts(comparison)]
    if comparison.differences:
        parts.append("<p><b>" + tr("Differences") + "</b></p><ul>")
        parts += [f"<li>{html.escape(worded(d.message))}</li>" for d in comparison.differences]
        parts.append("</ul>")
    else:
        parts.append("<p>" + tr("The {count} agents receive the same files.").format(count=len(comparison.views))
                     + "</p>")
    return "".join(parts)


def accounts(comparison: AgentComparison) -> list[str]:
    """For each agent whose total is not the sum of its rows (Reasonix frames what it imports and
    trims blank edges), the sum that makes it, in bytes."""
    lines = []
    for agent in comparison.views:
        received = comparison.received(agent)
        if not received.framing and not received.other:
            continue
        said = tr("{agent}: {bytes} bytes in the files of its rows").format(
            agent=AGENT_DISPLAY_NAMES[agent], bytes=f"{received.files:,}")
        if received.framing:
            said += " " + tr("+ {bytes} bytes of import framing (the <instruction-import> lines around each file "
                             "it imports)").format(bytes=f"{received.framing:,}")
        if received.other < 0:
            said += " " + tr("− {bytes} bytes it leaves out (blank lines at the edges, and each @import line the "
                             "file replaces)").format(bytes=f"{-received.other:,}")
        elif received.other > 0:
            said += " " + tr("+ {bytes} bytes of markers it adds (an import it rejects or skips)").format(
                bytes=f"{received.other:,}")
        lines.append(said + " " + tr("= {bytes} bytes received.").format(bytes=f"{received.total:,}"))
    return lines
