"""Whether the agents followed the standing rules they were given: each rule read from what the
agent received, each session's commands and edits read from its own transcript, a verdict with its
evidence; and, for the rules a tool call can break, the call they deny."""

AGENTS = ("claude-code", "codex")   # the agents whose transcripts are read
DEFAULT_DAYS = 30
