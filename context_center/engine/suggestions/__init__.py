"""Memory and skill candidates mined from real agent transcripts (Claude Code, Codex), with
evidence, and the user's decisions on them. Nothing is written without acceptance."""
