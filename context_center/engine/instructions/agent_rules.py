"""How each coding agent loads its standing instructions, as data: one table per agent.

Gathered from the agents' own public documentation of how they load context.
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


@dataclass(frozen=True)
class ReasonixRules:
    """Reasonix: Context Center's own chain (Reasonix's rules, confinement included)."""
    display: str = "Reasonix"
    import_max_depth: int = 5


@dataclass(frozen=True)
class CopilotRules:
    """GitHub Copilot: repository-wide and path-specific instructions, AGENTS.md.
    https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions
    https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-custom-instructions"""
    display: str = "GitHub Copilot"
    repository_file: str = ".github/copilot-instructions.md"
    instructions_folder: str = ".github/instructions"
    instructions_suffix: str = ".instructions.md"
    apply_to_key: str = "applyTo"
    every_file: tuple[str, ...] = ("**", "**/*")        # an applyTo that matches every file
    agent_files: tuple[str, ...] = ("AGENTS.md",)       # the root, the folders down to cwd, and below on demand
    root_files: tuple[str, ...] = ("AGENTS.md", "CLAUDE.md", "GEMINI.md")   # the coding agent reads these at the root
    user_file: str = "~/.copilot/copilot-instructions.md"
    user_instructions_folder: str = "~/.copilot/instructions"


@dataclass(frozen=True)
class GeminiRules:
    """Gemini CLI: context files up and down the tree, imports, configurable names.
    https://github.com/google-gemini/gemini-cli/blob/main/docs/cli/gemini-md.md
    https://github.com/google-gemini/gemini-cli/blob/main/docs/core/memport.md
    https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/memory.md (save_memory's section)"""
    display: str = "Gemini CLI"
    home_folder: str = "~/.gemini"
    default_names: tuple[str, ...] = ("GEMINI.md",)
    user_settings: str = "~/.gemini/settings.json"
    project_settings: str = ".gemini/settings.json"      # over the user's
    file_name_key: tuple[str, str] = ("context", "fileName")   # a name or a list of names
    import_max_depth: int = 5
    memory_heading: str = "## Gemini Added Memories"


@dataclass(frozen=True)
class CursorRules:
    """Cursor: project rules (.mdc) by alwaysApply / globs / description, AGENTS.md, .cursorrules.
    https://docs.cursor.com/context/rules"""
    display: str = "Cursor"
    rules_folder: str = ".cursor/rules"
    rule_suffixes: tuple[str, ...] = (".mdc", ".md")
    always_key: str = "alwaysApply"
    globs_key: str = "globs"
    description_key: str = "description"
    agent_files: tuple[str, ...] = ("AGENTS.md",)
    legacy_file: str = ".cursorrules"


@dataclass(frozen=True)
class WindsurfRules:
    """Windsurf (Cascade): global rules, workspace rules by trigger, AGENTS.md, character caps.
    https://docs.windsurf.com/windsurf/cascade/memories"""
    display: str = "Windsurf"
    global_file: str = "~/.codeium/windsurf/memories/global_rules.md"
    global_chars: int = 6_000
    rules_folder: str = ".windsurf/rules"
    rule_chars: int = 12_000                 # a workspace rule file past this is cut
    trigger_key: str = "trigger"             # always_on | model_decision | glob | manual
    globs_key: str = "globs"
    description_key: str = "description"
    agent_files: tuple[str, ...] = ("AGENTS.md",)
    legacy_file: str = ".windsurfrules"


CODEX = CodexRules()
CLAUDE_CODE = ClaudeCodeRules()
REASONIX = ReasonixRules()
COPILOT = CopilotRules()
GEMINI = GeminiRules()
CURSOR = CursorRules()
WINDSURF = WindsurfRules()

AGENTS = ("reasonix", "claude-code", "codex", "copilot", "gemini", "cursor", "windsurf")
DISPLAY_NAMES = {"reasonix": REASONIX.display, "claude-code": CLAUDE_CODE.display, "codex": CODEX.display,
                 "copilot": COPILOT.display, "gemini": GEMINI.display, "cursor": CURSOR.display,
                 "windsurf": WINDSURF.display}
