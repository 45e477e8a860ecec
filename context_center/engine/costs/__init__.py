"""What context costs each agent: tokens per source, per turn and per session, and what a user can
act on (the source that dominates, cut or dropped files, repeated text, pinned facts no prompt needs)."""
