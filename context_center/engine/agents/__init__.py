"""What agents reach over MCP: the context-eng memory contract on the one store."""
