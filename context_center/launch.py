"""A command run in this process: the MCP server, the command line's parser, or the window when no
command is given. Reached from ``python -m context_center`` when the resident service does not answer
it, and from the service's zygote for a forked MCP server: the one place that knows every face."""
from __future__ import annotations

import os
import sys

NO_DISPLAY = """\
context-center: there is no display to open the window on ({why}).
  On a machine without a screen, run it under Xvfb:   xvfb-run -a {command}
  Over ssh, forward X11 (ssh -X) or set DISPLAY to a running X server.
  Commands need no display: context-center memory list, context-center --help.
"""
_X_DISPLAY = r"^(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?$"


def _display_problem() -> str | None:
    """Why Qt could not open a window here (Linux: no display, or one nobody answers on), else None:
    Qt would abort with a core dump instead of saying so."""
    import re
    import socket
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if os.environ.get("WAYLAND_DISPLAY"):
        return None
    display = os.environ.get("DISPLAY", "")
    if not display:
        return "$DISPLAY and $WAYLAND_DISPLAY are unset"
    match = re.match(_X_DISPLAY, display)
    if match is None:
        return None  # a form we do not know: let Qt try
    host, number = match["host"], int(match["number"])
    try:
        if host in ("", "unix"):
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                probe.settimeout(2)
                probe.connect(f"/tmp/.X11-unix/X{number}")
        else:
            socket.create_connection((host, 6000 + number), timeout=2).close()
    except OSError:
        return f"nothing answers on DISPLAY={display}"
    return None


def _this_command() -> str:
    """The command line that started this process, runnable as it is (``python -m`` included)."""
    import shlex

    program = sys.argv[0] if sys.argv and sys.argv[0] else "context-center"
    if program.endswith(".py"):
        return shlex.join([sys.executable, "-m", "context_center", *sys.argv[1:]])
    return shlex.join([program, *sys.argv[1:]])


def run_here(argv: list[str]) -> int:
    """The command in this process (the window when there is none)."""
    from .mcp_server.arguments import server_arguments

    serving = server_arguments(argv)
    if serving is not None and serving.http is not None:
        from .mcp_server.http_serve import serve_http

        return serve_http(serving.state_root, serving.project, serving.policy, serving.http, serving.no_token,
                          serving.token_file)
    if serving is not None:  # before the command line's parser: it imports the engine
        from .mcp_server.server import serve

        if serving.no_token or serving.token_file:
            sys.stderr.write("context-center mcp: --no-token and --token-file go with --http HOST:PORT\n")
            return 2

        return serve(serving.state_root, serving.project, serving.policy)
    from .cli.main import build_parser, run

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None and not {"-h", "--help"} & set(argv):
        return gui(args.state_root, args.workspace)
    return run(argv, parser)


def gui(state_root: str | None = None, workspace: str | None = None) -> int:
    problem = _display_problem()
    if problem is not None:  # say what to do rather than let Qt abort with a core dump
        sys.stderr.write(NO_DISPLAY.format(why=problem, command=_this_command()))
        return 1
    from .ui.app import run

    return run(state_root, workspace)
