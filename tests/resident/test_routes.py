"""The service's reading of a command line, held against the parser that really reads it: each
option the service lets in exists on that command and writes nothing; any other goes elsewhere."""
from __future__ import annotations

import argparse

import pytest

from context_center.cli.main import build_parser
from context_center.resident.routes import ANSWERED, HOOK, route

# what each answered option is for: every one only chooses what is read or how it is printed
READS = {"--json", "--max-chars", "--limit", "--last", "--history", "--session", "--scope", "--session-start",
         "--pre-tool-use"}   # (a hook keeps its record, as the prompt hook keeps what it gave)


def _subparser(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> argparse.ArgumentParser:
    for word in words:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[word]
    return parser


@pytest.mark.parametrize("words", sorted(ANSWERED))
def test_every_option_the_service_lets_in_is_the_commands_own_and_only_reads(words):
    options = {s for action in _subparser(build_parser(), words)._actions for s in action.option_strings}
    assert ANSWERED[words] <= options, f"{words}: {ANSWERED[words] - options} are no options of the command"
    assert ANSWERED[words] <= READS


@pytest.mark.parametrize("argv, words", [
    (["memory", "recall", "deploy", "--json"], ("memory", "recall")),
    (["--state-root", "/s", "memory", "recall", "--history", "--session", "s1"], ("memory", "recall")),
    (["memory", "recall", "--history", "--keep-days", "0"], None),       # writes the record's bounds
    (["memory", "recall", "--history", "--keep-entries=0"], None),
    (["memory", "recall", "--history", "--keep", "0"], None),            # argparse's abbreviation of it
    (["memory", "recall", "--hist"], None),                              # an abbreviation: its own process
    (["memory", "--json"], None),                                        # the summary runs git
    (["memory"], None),
    (["memory", "list", "--json"], ("memory", "list")),
    (["memory", "show", "x", "--scope", "team"], ("memory", "show")),
    (["hook", "claude-code", "--session-start"], HOOK),
    (["memory", "recall", "--", "--keep-days"], ("memory", "recall")),   # after --: the message's words
])
def test_a_command_line_is_answered_only_with_options_that_read(argv, words):
    assert route(argv) == words
