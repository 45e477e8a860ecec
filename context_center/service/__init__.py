"""The resident service's own process: the server that answers the hook and the read commands
(:mod:`.server`, running the command line's code in :mod:`.runner` on the stores :mod:`.pool` keeps
open) and the zygote that forks MCP servers (:mod:`.zygote`). Its callers reach it through
:mod:`context_center.resident`, the client every process imports first."""
