"""What a shell command line runs: each program it starts, after the wrappers that only start it.

``cd web && sudo -E env CI=1 npm ci | tee log`` runs ``cd``, ``npm`` and ``tee``; ``echo "npm
install"`` runs ``echo`` (a program named in an argument, a quoted string, a comment or a search
pattern runs nothing); ``bash -lc "npm test"`` runs what its script runs; ``npx eslint`` runs ``npx``
and ``eslint``. A heredoc's body is data. Separators: newlines, ``;``, ``&``, ``|``, ``&&``,
``||``, parentheses (subshells, ``$(…)``) and braces.
"""
from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass

_SEPARATORS = frozenset({"\n", ";", "&", "|", "&&", "||", "(", ")", ";;", "|&", "{", "}", "!", "$"})
_REDIRECTS = frozenset({">", ">>", "<", "<<", "<<<", ">&", "<&", "&>", "&>>", ">|", "<>"})
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][\w-]*)\1")
# the command a heredoc is given to, when it is a shell reading its script from standard input
_FEEDS_SHELL = re.compile(r"(?:^|[;&|(]\s*)(?:(?:sudo|env|command|exec)(?:\s+-\S+)*\s+)?(?:\S*/)?"
                          r"(?:bash|sh|zsh|dash|ksh)(?:\s+-[a-zA-Z]+)*\s*$")
# wrappers that start the command after them: (options that take a value)
_WRAPPERS = {"sudo": {"-u", "-g", "-C", "-h", "-p", "-r", "-t", "-T", "-U", "-D", "-R"}, "env": {"-u", "-C", "-S"},
             "time": {"-f", "-o"}, "nohup": set(), "nice": {"-n"}, "exec": {"-a"}, "builtin": set(),
             "timeout": {"-s", "-k", "--signal", "--kill-after"}, "xargs": {"-I", "-L", "-n", "-P", "-s", "-d", "-E",
                                                                               "-a"},
             "stdbuf": {"-i", "-o", "-e"}, "ionice": {"-c", "-n"}, "doas": {"-u"}}
_RUNNERS = {"npx": 0, "bunx": 0, "pnpx": 0}           # npx X: X runs too
_SUB_RUNNERS = {("pnpm", "dlx"), ("pnpm", "exec"), ("yarn", "dlx"), ("npm", "exec"), ("bun", "x"), ("uvx", ""),
                ("bundle", "exec")}
_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh"})
MAX_DEPTH = 4


@dataclass(frozen=True)
class Invocation:
    """One program a command line starts, with its arguments as the shell passes them."""

    program: str              # its name (a path's last part: /usr/bin/gofmt is gofmt)
    args: tuple[str, ...]


def invocations(script: str, depth: int = 0) -> list[Invocation]:
    """Every program ``script`` starts, in order."""
    found: list[Invocation] = []
    for words in _simple_commands(_tokens(_without_heredocs(script))):
        found += _started(words, depth)
    return found


def _without_heredocs(script: str) -> str:
    """A heredoc's body is data for the command (``cat > x.sh <<EOF``), never commands: dropped, its
    delimiter too; unless it feeds a shell (``bash <<'EOF'``, ``sudo sh -s <<EOF``), which runs it."""
    lines = script.split("\n")
    kept: list[str] = []
    waiting: list[tuple[str, bool]] = []
    for line in lines:
        if waiting:
            if line.strip() == waiting[0][0]:
                waiting.pop(0)
            elif waiting[0][1]:
                kept.append(line)
            continue
        kept.append(_HEREDOC.sub(" ", line))
        waiting += [(m.group(2), bool(_FEEDS_SHELL.search(line[:m.start()]))) for m in _HEREDOC.finditer(line)]
    return "\n".join(kept)


def _tokens(script: str) -> list[str]:
    for attempt in (script, script + "'", script + '"'):   # an unclosed quote: read as if closed
        try:
            lexer = shlex.shlex(attempt, posix=True, punctuation_chars=True)
            lexer.whitespace = " \t\r"
            lexer.wordchars += "+:@%,^"   # one word each: cargo +stable, pnpm test:unit, npm i @scope/pkg
            lexer.commenters = ""
            return list(lexer)
        except ValueError:
            continue
    return script.split()


def _simple_commands(tokens: list[str]) -> list[list[str]]:
    commands: list[list[str]] = []
    current: list[str] = []
    skip_next = comment = False
    for token in tokens:
        if comment:
            comment = token != "\n"
            if comment:
                continue
        if token == "#" and not current:
            comment = True
            continue
        if token == "#":
            comment = True
            commands.append(current)
            current = []
            continue
        if skip_next:
            skip_next = False
            continue
        if token in _REDIRECTS:
            skip_next = True
            if current and current[-1].isdigit():
                current.pop()   # "2>&1": the descriptor is the redirect's
            continue
        if token in _SEPARATORS:
            commands.append(current)
            current = []
            continue
        current.append(token)
    commands.append(current)
    return [words for words in commands if words]


def _started(words: list[str], depth: int) -> list[Invocation]:
    while words and _ASSIGNMENT.match(words[0]):
        words = words[1:]
    if not words:
        return []
    program = posixpath.basename(words[0]) or words[0]
    args = words[1:]
    found = [Invocation(program, tuple(args))]
    if program in _WRAPPERS:
        return found + _started(_after_options(args, _WRAPPERS[program], program == "env"), depth)
    if program == "command" and args and not args[0].startswith("-"):
        return found + _started(args, depth)
    if program in _SHELLS and depth < MAX_DEPTH:
        script = _script_of(args)
        if script is not None:
            return found + invocations(script, depth + 1)
    if program in _RUNNERS and args:
        return found + _started(_after_options(args, set(), False), depth)
    if args and ((program, args[0]) in _SUB_RUNNERS or (program, "") in _SUB_RUNNERS):
        rest = args[1:] if (program, args[0]) in _SUB_RUNNERS else args
        return found + _started(_after_options(rest, set(), False), depth)
    return found


def _after_options(args: list[str], valued: set[str], assignments: bool) -> list[str]:
    """The words after a wrapper's own options (and, for ``env``, its assignments)."""
    index = 0
    while index < len(args):
        word = args[index]
        if word == "--":
            return args[index + 1:]
        if word in valued:
            index += 2
        elif word.startswith("-") and len(word) > 1:
            index += 1
        elif assignments and _ASSIGNMENT.match(word):
            index += 1
        else:
            break
    return args[index:]


def _script_of(args: list[str]) -> str | None:
    """The script of ``bash -c SCRIPT`` (``-lc``, ``-ec``… too), else None."""
    for index, word in enumerate(args):
        if word.startswith("-") and not word.startswith("--") and "c" in word[1:]:
            return args[index + 1] if index + 1 < len(args) else None
        if not word.startswith("-"):
            return None   # bash script.sh: a file we do not read
    return None
