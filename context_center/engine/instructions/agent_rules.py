"""How each coding agent loads its standing instructions, as data: one table per agent.

Gathered from the agents' public sources (see ``UPSTREAM.md``, "How other agents load context").
These formats change between releases; a change should be an edit of a table here, not a new
branch in the resolvers that read them (``codex_view``, ``claude_code_view``).
"""
from __future__ import annotations

from dataclasses import dataclass

KIB = 1024
MIB = 1024 * KIB


@dataclass(frozen=True)
class CodexRules:
    """Codex CLI: one file per folder from the project root down to cwd, under one byte budget."""
    display: str = "Codex"
    home_variable: str = "CODEX_HOME"
    home_default: str = "~/.codex"
    config_file: str = "config.toml"
    global_names: tuple[str, ...] = ("AGENTS.override.md", "AGENTS.md")   # the first non-empty one
    project_names: tuple[str, ...] = ("AGENTS.override.md", "AGENTS.md")  # then the configured fallbacks
    fallback_names_key: str = "project_doc_fallback_filenames"
    root_markers_key: str = "project_root_markers"
    root_markers_default: tuple[str, ...] = (".git",)
    budget_key: str = "project_doc_max_bytes"
    budget_default: int = 32 * KIB           # 0 turns project docs off
    separator: str = "--- project-doc ---"   # between the global file and the project chain
    imports: bool = False                    # an @line is text
    memories_folder: str = "memories"
    memory_summary: str = "memory_summary.md"
    memories_feature: tuple[str, str] = ("features", "memories")   # [features] memories = true; off by default
    memory_summary_tokens: int = 5_000       # injected cut to about this many tokens
    bytes_per_token: int = 4
    report_read_cap: int = 4 * MIB           # how much of one file the report reads at most


@dataclass(frozen=True)
class ClaudeCodeRules:
    """Claude Code: managed, user and every folder from / down to cwd; rules; imports; auto memory."""
    display: str = "Claude Code"
    managed_files: tuple[tuple[str, str], ...] = (
        ("linux", "/etc/claude-code/CLAUDE.md"),
        ("darwin", "/Library/Application Support/ClaudeCode/CLAUDE.md"),
        ("win32", "C:\\Program Files\\ClaudeCode\\CLAUDE.md"),
    )
    user_folder: str = "~/.claude"
    folder_names: tuple[str, ...] = ("CLAUDE.md", ".claude/CLAUDE.md")   # in every folder from / to cwd
    local_names: tuple[str, ...] = ("CLAUDE.local.md",)
    rules_folder: str = ".claude/rules"      # **/*.md; with ``paths:`` front matter only on demand
    rules_paths_key: str = "paths"
    settings_files: tuple[str, ...] = (".claude/settings.json", ".claude/settings.local.json")
    user_settings: str = "~/.claude/settings.json"
    excludes_key: str = "claudeMdExcludes"
    auto_memory_key: str = "autoMemoryEnabled"
    auto_memory_off_variable: str = "CLAUDE_CODE_DISABLE_AUTO_MEMORY"
    projects_folder: str = "~/.claude/projects"
    project_root_marker: str = ".git"        # auto memory is keyed by the git root
    folder_name_limit: int = 200             # longer folder names are cut and given a hash suffix
    memory_folder: str = "memory"
    memory_index: str = "MEMORY.md"
    memory_index_lines: int = 200
    memory_index_bytes: int = 25_000
    import_max_depth: int = 5                # documentation has said 5 and, lately, 4
    file_max_bytes: int = 4 * MIB            # larger files are skipped
    large_file_warning_chars: int = 40_000   # Claude Code warns about a file this long
    subfolder_scan_folders: int = 2_000      # how far the report looks for on-demand subfolder files
    subfolder_skip: tuple[str, ...] = (".git", "node_modules", ".venv", "venv", "__pycache__", "dist", "build",
                                       "target", ".tox", ".mypy_cache", ".context-center")


@dataclass(frozen=True)
class ReasonixRules:
    """Reasonix: Context Center's own chain (the seed's rules, confinement included)."""
    display: str = "Reasonix"
    import_max_depth: int = 5


CODEX = CodexRules()
CLAUDE_CODE = ClaudeCodeRules()
REASONIX = ReasonixRules()

AGENTS = ("reasonix", "claude-code", "codex")
DISPLAY_NAMES = {"reasonix": REASONIX.display, "claude-code": CLAUDE_CODE.display, "codex": CODEX.display}
