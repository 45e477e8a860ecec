"""The server's options are declared beside it, light enough for ``__main__`` to parse before the
engine is imported; the policies they offer are the engine's, written twice, tied here."""
from __future__ import annotations

import argparse

from context_center.engine import POLICIES
from context_center.mcp_server.arguments import POLICIES as OFFERED
from context_center.mcp_server.arguments import add_server_arguments, server_arguments


def test_the_policies_offered_are_the_engines():
    assert OFFERED == POLICIES


def test_every_policy_parses_and_another_is_refused(capsys):
    parser = argparse.ArgumentParser(prog="mcp")
    add_server_arguments(parser)
    for policy in POLICIES:
        assert parser.parse_args(["--policy", policy]).policy == policy
    try:
        parser.parse_args(["--policy", "anything-goes"])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("an unknown policy was accepted")
    assert "invalid choice" in capsys.readouterr().err


def test_main_parses_a_serving_command_line_without_the_full_parser():
    serving = server_arguments(["--state-root", "/tmp/s", "mcp", "--policy", "review"])
    assert serving is not None and serving.policy == "review"
    assert server_arguments(["memory", "list"]) is None
