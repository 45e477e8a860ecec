"""What an agent's writes over MCP may do without the user (the three policies), and the setting
that holds the chosen one. A module of its own: the window's settings read it without loading the
agents' room."""
from __future__ import annotations

POLICIES = ("contract", "review", "read-only")
POLICY_SETTING = "mcp.policy"
