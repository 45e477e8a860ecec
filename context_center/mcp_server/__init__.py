"""The MCP face: the context-eng memory tools served over stdio with the official ``mcp`` SDK."""
