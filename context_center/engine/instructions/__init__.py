"""Standing instructions: the chain of REASONIX.md / AGENTS.md / CLAUDE.md (and .local.md) from the
state root and the workspace root down to a target, confined @imports, and quick add."""
