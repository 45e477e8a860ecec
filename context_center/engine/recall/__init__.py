"""What reaches an agent's turn: the in-memory recall index, the gates and budget that decide what
is injected, the trace of every decision and the record of every injection."""
