"""The sources an import reads, by name, with what a person calls them (light: the command line's
parser loads it)."""
SOURCE_LABELS = {"claude-code": "Claude Code", "codex": "Codex", "context-eng": "context-eng", "gemini": "Gemini CLI",
                 "cursor": "Cursor", "windsurf": "Windsurf", "copilot": "GitHub Copilot"}
