"""What the suites share that is not a fixture: real git repositories and remotes, other agents'
files, transcripts, a judge server, tmpfs mounts, an in-memory keyring backend, the MCP client."""
