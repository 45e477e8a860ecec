"""Which command lines the service answers: the hook and the commands that only read.

Read from the raw arguments, without argparse (the client must stay small): the global options
in their plain spellings, then the command's words, then only the options of that command that
read, spelled out (``tests/resident/test_routes.py`` holds them against the parser). Anything else
(an abbreviated option, ``--help``, a command or an option that writes: ``memory recall
--keep-days``) runs in its own process as always.
"""
from __future__ import annotations

HOOK = ("hook", "claude-code")
# the command words the service answers, each with the options it may carry there (an option not
# named here, or one that takes a value but is given none, sends the command to its own process).
# The summary (``memory``) is not among them: it asks git about the team folder, which a
# workspace's configuration can make take minutes, and no hook may wait behind that.
ANSWERED: dict[tuple[str, ...], frozenset[str]] = {
    HOOK: frozenset({"--session-start", "--pre-tool-use"}),
    ("memory", "recall"): frozenset({"--json", "--max-chars", "--limit", "--last", "--history", "--session"}),
    ("memory", "show"): frozenset({"--json", "--scope"}),
    ("memory", "session-context"): frozenset({"--json"}),
    ("memory", "list"): frozenset({"--json"}),
}
_GLOBAL = ("--state-root", "--workspace")
_NEVER = frozenset({"-h", "--version"})
# the options a noun takes before its subcommand (``memory --json``: the summary)
_NOUN_OPTIONS = {"memory": frozenset({"--json"}), "hook": frozenset()}
_SUBCOMMANDS = {"memory": frozenset(words[1] for words in ANSWERED if words[0] == "memory" and len(words) > 1),
                "hook": frozenset({"claude-code"})}


def _asks_for_help(word: str) -> bool:
    """``--help`` or any abbreviation argparse takes for it (``--he``)."""
    return word in _NEVER or (len(word) >= 3 and "--help".startswith(word))


def route(argv: list[str]) -> tuple[str, ...] | None:
    """The command words of ``argv`` when the service answers it, else None."""
    if any(_asks_for_help(word) for word in argv):
        return None
    index = _after_options(argv, 0, _GLOBAL)
    if index is None or index >= len(argv) or argv[index] not in _SUBCOMMANDS:
        return None
    noun = argv[index]
    index += 1
    while index < len(argv) and argv[index] in _NOUN_OPTIONS[noun]:
        index += 1
    if index == len(argv):
        words: tuple[str, ...] = (noun,)
    elif argv[index] in _SUBCOMMANDS[noun]:
        words = (noun, argv[index])
    else:
        return None   # `memory --json pin X`, `memory remember …`: a command that writes, or a stray word
    allowed = ANSWERED.get(words)
    if allowed is None:
        return None
    for word in argv[index + 1:]:
        if word == "--":
            break
        if word.startswith("-") and len(word) > 1 and word.split("=", 1)[0] not in allowed:
            return None   # an option that writes, or an abbreviation argparse would read as one
    return words


_SERVER_OPTIONS = ("--project", "--policy")


def mcp_stdio(argv: list[str]) -> bool:
    """Whether ``argv`` serves MCP over stdio (``[--state-root DIR] mcp [--project DIR] [--policy P]``,
    in the plain spellings): a server the service's zygote can start (:mod:`.zygote`)."""
    index = _after_options(argv, 0, _GLOBAL)
    if index is None or index >= len(argv) or argv[index] != "mcp":
        return False
    # --http, --help, a subcommand (`mcp token …`), anything unusual: its own process
    return _after_options(argv, index + 1, _SERVER_OPTIONS) == len(argv)


def _after_options(argv: list[str], index: int, names: tuple[str, ...]) -> int | None:
    """Where the options ``names`` (``--name VALUE`` or ``--name=VALUE``) starting at ``index`` end;
    None when another option stands among them."""
    while index < len(argv) and argv[index].startswith("-"):
        option = argv[index]
        if option in names and index + 1 < len(argv):
            index += 2
        elif option.split("=", 1)[0] in names and "=" in option:
            index += 1
        else:
            return None
    return index
