"""The agents' own session transcripts (Claude Code, Codex), found and read as untrusted input:
read-only, bounded, a garbled line skipped, a session recorded in another folder never read."""
