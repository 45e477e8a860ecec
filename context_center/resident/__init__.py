"""The resident service's client: how every process reaches the one warm process per user that
answers the hook and the read commands (the service itself is :mod:`context_center.service`).

Claude Code starts ``context-center hook claude-code`` as a new process on every prompt. Opening a
store and importing what recall needs costs a new process most of a second; the service pays it
once and keeps the store open and current (watchdog's inotify events, and the fact folders'
mtimes on every request). A command that can be answered by it (:mod:`.routes`) is sent over a
Unix socket in a private folder (:mod:`.address`) by :mod:`.client`, which imports nothing beyond
the standard library; the service (:mod:`context_center.service.server`) runs the very same
command-line code in its own process (:mod:`context_center.service.runner`) with the caller's
arguments, folder, environment and standard input,
and sends back its output and exit code. Anything amiss (no service, another user's socket, a
garbled answer, a service built from other code) and the command runs in its own process as it
always did: the same answer either way, only slower.

An MCP server (``context-center mcp`` over stdio) is not run in the service: it is forked for its
caller from the service's zygote (:mod:`context_center.service.zygote`), a process that has imported the SDK and the
engine and nothing else, and it becomes the caller's own server (:func:`.client.relay`).
"""
