"""Which command lines the service answers: the hook and the commands that only read.

Read from the raw arguments, without argparse (the client must stay small): the global options
in their plain spellings, then the command's words. Anything else (an abbreviated option,
``--help``, a command that writes) runs in its own process as always.
"""
from __future__ import annotations

HOOK = ("hook", "claude-code")
# the command words the service answers; everything after them is the command's own business
ANSWERED = frozenset({
    HOOK,
    ("memory",),                      # the summary
    ("memory", "recall"),
    ("memory", "show"),
    ("memory", "session-context"),
    ("memory", "list"),
})
_GLOBAL = ("--state-root", "--workspace")
_NEVER = frozenset({"-h", "--help", "--version"})
_SUBCOMMANDS = {"memory": frozenset(words[1] for words in ANSWERED if words[0] == "memory" and len(words) > 1),
                "hook": frozenset({"claude-code"})}


def route(argv: list[str]) -> tuple[str, ...] | None:
    """The command words of ``argv`` when the service answers it, else None."""
    if _NEVER.intersection(argv):
        return None
    index = 0
    while index < len(argv) and argv[index].startswith("-"):
        option = argv[index]
        if option in _GLOBAL:
            index += 2
        elif option.split("=", 1)[0] in _GLOBAL and "=" in option:
            index += 1
        else:
            return None
    if index >= len(argv) or argv[index] not in _SUBCOMMANDS:
        return None
    words: tuple[str, ...] = (argv[index],)
    following = argv[index + 1] if index + 1 < len(argv) else None
    if following is not None and following in _SUBCOMMANDS[words[0]]:
        words = (*words, following)
    elif following is not None and not following.startswith("-"):
        return None   # `memory remember …`, `memory edit …`: a command that writes
    return words if words in ANSWERED else None
