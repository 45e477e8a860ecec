"""The standing rules an agent received, one per line, and which of them a transcript can check.

A rule is a line of an instruction file the agent received (its own view: imports expanded, what
a budget cut left out excluded): a bullet, a numbered item or a line of prose; headings, code
blocks, comments and ``@import`` lines are not rules. It is named by its file and line
(``CLAUDE.md:7``).

A rule is **checkable** only when its words say exactly what breaks it; otherwise it is listed
with no verdict, never a guess:

- ``forbidden_command``: a program it forbids, by name ("Never use npm; use pnpm.", "Use yarn,
  never npm or pnpm.", "Use ripgrep, not grep.", "Do not run `docker compose down -v`.", "`mkdocs
  gh-deploy` must not be run", "don't ever publish the crate: `cargo publish` …", "禁止使用 npm 和
  npx"), with the alternative it gives; a prohibition that holds only somewhere or sometimes
  ("against a shared database", "without a comment") is not one a transcript can decide;
- ``required_command``: a command it names that must run before completion, a commit or a push
  ("Run `go test ./...` before reporting completion.", "`yarn lint` must pass before every
  commit.", "提交前运行 `make lint`。"), and whether it must pass;
- ``forbidden_path``: a file or folder it forbids editing ("Do not edit files under
  src/generated/.", "`benches/baseline/` … Leave it alone.", "vendor/ 目录是第三方代码，请勿改动。").
"""
from __future__ import annotations

import hashlib
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..storage.safe_read import read_regular_bytes
from ..text.analysis import ENGLISH_STOPWORDS
from .shell import Invocation, invocations

KINDS = ("forbidden_command", "required_command", "forbidden_path")
MAX_RULE_CHARS = 400          # a longer line is prose, not a rule a transcript can check
_READ_CAP = 4 * 1024 * 1024

# programs a rule may name bare (backticked, any name is one); what a rule may call them
PROGRAMS = frozenset({
    "npm", "npx", "pnpm", "yarn", "bun", "bunx", "pip", "pip3", "pipx", "poetry", "pipenv", "conda", "uv", "grep",
    "egrep", "fgrep", "rg", "ag", "ack", "find", "fd", "sed", "awk", "curl", "wget", "git", "docker", "podman",
    "kubectl", "helm", "terraform", "make", "gofmt", "goimports", "cargo", "rustc", "python", "python3", "node",
    "deno", "sudo", "rm", "chmod", "chown", "ssh", "scp", "rsync", "brew", "apt", "apt-get", "jest", "vitest",
    "mocha", "pytest", "eslint", "prettier", "tsc", "black", "ruff", "flake8", "pylint", "mypy", "isort", "go",
    "mvn", "gradle", "bazel", "composer", "gem", "bundle", "rake", "nvm", "cat", "less", "vim", "nano", "tox",
    "psql", "mysql", "sqlite3", "mongo", "mongosh", "redis-cli", "pg_dump", "pg_restore", "aws", "gcloud", "az",
    "gh", "heroku", "flyctl", "vercel", "netlify", "ansible", "ansible-playbook", "vagrant", "pulumi", "dotnet",
    "nuget", "mix", "rails", "php", "artisan", "swift", "xcodebuild", "pod", "flutter", "dart", "java", "javac",
    "kill", "pkill", "killall", "dd", "mkfs", "shutdown", "reboot", "systemctl", "crontab",
})
# task runners: the forbidden task may be any of the tasks one line runs (./gradlew clean build publish)
TASK_RUNNERS = frozenset({"gradle", "gradlew", "make", "rake", "mvn", "mvnw", "ant", "just", "task", "invoke"})
ALIASES = {"ripgrep": "rg", "golang": "go", "the silver searcher": "ag", "python 3": "python3", "apt get": "apt-get"}
_TOOL_WORDS = frozenset({"go"})   # a program whose name is a common English word: only backticked
_FORCE_PUSH = re.compile(r"\bforce[- ]push\w*|\bpush\s+--force\b|\bgit push -f\b", re.IGNORECASE)

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_HEADING = re.compile(r"^\s*#{1,6}\s")
_FENCE = re.compile(r"^\s*(```|~~~)")
_IMPORT = re.compile(r"^\s*@\S+\s*$")
_TICKED = re.compile(r"`([^`\n]+)`")
_EMPHASIS = re.compile(r"(?<![\w*`])\*(?=[A-Za-z])([^*`\n]+)\*(?![\w*])")
_COMMAND_NAME = re.compile(r"[\w.+-]+")      # a program's name (`// @ts-ignore` names none)
_NEGATED_USE = re.compile(
    r"\b(?:never|don't|dont|do not|must not|should not|shouldn't|avoid|no)\s*:?\s+(?:ever\s+)?"
    r"(?P<verb>use|run|call|invoke|execute|open|launch|start|using|running|calling|opening|launching)?\s*"
    r"(?P<what>(?:`[^`]*`|[^.;:!?()`])*)"
    r"|(?:不要|不准|禁止|别|严禁|不得|请勿|勿)(?P<zhverb>使用|用|运行|执行|调用)?\s*(?P<zh>[^。；！？，]*)",
    re.IGNORECASE)
# "don't ever publish the crate: `cargo publish` …": a verb other than use or run, forbidden, that a
# backticked command of the same line carries as its subcommand
_NEGATED_ACTION = re.compile(r"\b(?:never|don't|dont|do not|must not|should not|shouldn't)\s+(?:ever\s+)?"
                             r"(?P<action>[a-z]{3,})\b", re.IGNORECASE)
_PASSIVE_RUN = re.compile(r"(?P<bad>`[^`]+`)\s+(?:must|should|may|can|is|are)\s*(?:not|never|n't)\s+(?:ever\s+)?"
                          r"(?:to\s+)?(?:be\s+)?(?:run|used|executed|invoked|called)\b", re.IGNORECASE)
_INSTEAD = re.compile(r"\buse\s+(?P<good>[^,;.]+?)\s*(?:,\s*not|\binstead of|\brather than|\bover)\s+"
                      r"(?P<bad>(?:`[^`]*`|[^.;:!?()`])+)", re.IGNORECASE)
_FORBIDDEN_WORDS = re.compile(r"(?P<bad>`[^`]+`|(?<![\w.-])[\w.-]+)\s+(?:is|are)\s+(?:forbidden|banned|not allowed|"
                              r"prohibited|off[- ]limits)", re.IGNORECASE)
# "never npm (or npx)": a parenthesis that only adds to the list is part of it
_LIST_ASIDE = re.compile(r"\(\s*((?:or|and|nor|including|also)\s+[^()]*)\)", re.IGNORECASE)
_LISTED = re.compile(r"\s*(?P<first>`[^`]+`|[^\s,/、]+)(?P<more>(?:\s*(?:,|/|、|\bor\b|\band\b|\bnor\b|和|或|与|及)\s*"
                     r"(?:`[^`]+`|[^\s,/、]+))*)", re.IGNORECASE)
# a prohibition that holds only somewhere or sometimes ("don't run `alembic downgrade` against a shared
# database", "don't disable ESLint rules without a comment"): a transcript cannot tell when it applies
_CONDITIONAL = re.compile(r"\bagainst\b(?!\s+(?:any|all|every)\b)"   # ("against any database": always)
                          r"|\b(?:unless|except|when|whenever|while|if|without|during|outside|until)\b"
                          r"|\b(?:on|in|to|into)\s+(?:the\s+)?(?:production|prod|staging|shared|a shared|live)\b"
                          r"|除非|如果|的时候|时", re.IGNORECASE)
_EDIT_NEGATED = re.compile(
    r"\b(?:never|don't|dont|do not|must not|should not|shouldn't|avoid)\s*:?\s+(?:ever\s+)?(?:hand[- ])?"
    r"(?:edit|editing|modify|modifying|change|changing|touch|touching|write to|writing to|alter)\b(?P<what>[^;!?]*)"
    r"|(?:不要|禁止|别|不得|严禁|请勿|勿)(?:手动|手工)?(?:修改|编辑|改动|改|动)(?P<zh>[^。；！？，]*)", re.IGNORECASE)
# the path is named before what forbids it: "`site/` … must not be edited", "`benches/` … leave it alone"
_EDIT_PASSIVE = re.compile(
    r"\b(?:must|should|may|can|is|are)\s*(?:not|never|n't)\s+(?:ever\s+)?(?:to\s+)?(?:be\s+)?(?:hand[- ])?"
    r"(?:edited|modified|changed|touched|altered|written to)\b"
    r"|\bleave\s+(?:it|them|this|that|these|those|`[^`]+`|\S+/)\s+alone\b|\b(?:is|are)\s+off[- ]limits\b"
    r"|\bhands off\b", re.IGNORECASE)
# "nothing under `envs/prod/` is to be changed"
_NOTHING_UNDER = re.compile(r"\b(?:nothing|no files?|none of the files)\s+(?:under|in|inside|within|below)\s+"
                            r"(?P<what>`[^`]+`|\S+)[^.;]*?\b(?:is|are|may|must|should|can)\s+(?:ever\s+)?(?:to\s+)?"
                            r"(?:be\s+)?(?:hand[- ])?(?:changed|edited|modified|touched|altered|written)\b",
                            re.IGNORECASE)
_PRONOUN = re.compile(r"\s*(?:it|them|this|that|these|those|this folder|this file|those files|these files)\b",
                      re.IGNORECASE)
# (a path starts where a word does and is read once, possessively: "[\w./-]+/[\w./*-]*" could split a
# long path at each of its slashes from each of its characters, minutes for a few thousand)
_GENERATED = re.compile(r"(?P<path>`[^`]+`|(?<![\w./*-])(?=[\w.*-]*/)[\w./*-]++)\s+(?:is|are)\s+"
                        r"(?:generated|auto-?generated|read-only|vendored)\b[^.]*?(?:do not|don't|never)\s+"
                        r"(?:hand[- ])?(?:edit|modify|change|touch)",
                        re.IGNORECASE)
_PATH_CHARS = r"A-Za-z0-9_.\-"
_PATHISH = re.compile(
    rf"`([^`]+)`|(?<![{_PATH_CHARS}@/])((?:\.{{0,2}}/)?[{_PATH_CHARS}]+(?:/[{_PATH_CHARS}*]+)+/?"
    rf"|[{_PATH_CHARS}]+/(?![{_PATH_CHARS}*])|[A-Za-z0-9_-]+\.[a-z]{{1,5}})(?![A-Za-z0-9_/])", re.IGNORECASE)
# where a clause about a path ends: "do not hand-edit `cli.md`: it is generated by `gen.py`"
_CLAUSE_END = re.compile(r"[:;—–]|\.\s|\s-\s|,\s*(?:so|because|since|as|it|they|which|but)\b|[，。；：]",
                         re.IGNORECASE)
_REQUIRED = re.compile(
    r"\b(?:always\s+)?(?:run|execute)\s+(?:(?:the|your|all)\s+[\w-]+\s+(?:with|using|via)\s+)?(?P<cmd>`[^`]+`)"
    r"(?P<rest>[^.;!?]*)"
    r"|(?:make sure|ensure|check that)\s+(?P<cmd2>`[^`]+`)\s+(?P<rest2>(?:passes|succeeds|is green|runs)[^.;!?]*)"
    r"|\bbefore\s+(?P<when3>committing|you commit|every commit|a commit|pushing|you push|reporting\w*|finishing|"
    r"you finish|handing\w*|marking\w*|saying\w*|declaring\w*|you report|you are done|completion|completing)"
    r"[^,]*,\s*(?:always\s+)?(?:run|execute)\s+(?P<cmd3>`[^`]+`)(?P<rest3>[^.;!?]*)"
    r"|(?P<cmd4>`[^`]+`)\s+(?:must|has to|have to|needs? to|should)\s+(?:always\s+)?(?:be\s+)?"
    r"(?P<rest4>(?:pass|succeed|run|come back clean|green|clean|complete)\w*[^.;!?]*)"
    r"|(?P<when5>提交|完成|结束|推送|交付)[^`。；]*?(?:之前|以前|前)[^`。；]*?(?:运行|执行|跑)\s*(?P<cmd5>`[^`]+`)"
    r"(?P<rest5>[^。；]*)",
    re.IGNORECASE)
_BEFORE_COMMIT = re.compile(r"\b(?:commit\w*|push\w*)\b|提交|推送", re.IGNORECASE)
_BEFORE_DONE = re.compile(r"\b(?:complet\w*|finish\w*|done|report\w*|hand\w* (?:\w+ ){0,2}(?:back|off|over)|"
                          r"mark\w* .*done|say\w* .*done|declar\w*|wrap\w* up|end of (?:the|a|each) (?:task|session)|"
                          r"submit\w*|after (?:every|each|any) (?:change|edit)|after changing|after editing)\b"
                          r"|完成|交付",
                          re.IGNORECASE)
_MUST_PASS = re.compile(r"\b(?:pass|passes|passing|succeed\w*|green|clean|without (?:errors|failures))\b|通过"
                        r"|\b(?:red|failing|a failure)\b[^.;]*\bis not (?:done|ok|okay|acceptable|allowed)\b",
                        re.IGNORECASE)
_SUBCOMMAND = re.compile(r"(?:[ \t]+[a-z][\w:-]*(?![\w/.-])){1,2}")
_NOT_SUBCOMMANDS = ENGLISH_STOPWORDS | {"directly", "yourself", "here", "there", "locally", "again", "anything",
                                        "everything", "anymore", "ever", "manually", "by", "hand"}
_NEGATION_BEFORE = re.compile(r"\b(?:not|never|n't|don't|avoid)\b\W*$", re.IGNORECASE)
# the verbs that say a command is run ("do not run `deploy-all`": any backticked name is a command)
_RUN_VERBS = frozenset({"run", "running", "execute", "invoke", "call", "calling", "open", "opening", "launch",
                        "launching", "运行", "执行", "调用"})
_DRY_RUN = frozenset({"--dry-run", "--dryrun"})
# verbs _NEGATED_USE and the path rules read, or too common to name a subcommand by
_NOT_ACTIONS = frozenset({"use", "run", "call", "invoke", "execute", "using", "running", "calling", "edit", "editing",
                          "modify", "change", "touch", "alter", "write", "ever", "add", "commit", "the", "any",
                          "let", "make", "leave", "try"})


@dataclass(frozen=True)
class Forbidden:
    """A program a rule forbids, optionally only with a subcommand and one of some flags
    (``git push --force``)."""

    program: str
    subcommand: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()

    def matches(self, invocation: Invocation) -> bool:
        if invocation.program != self.program:
            return False
        words = [a for a in invocation.args if not a.startswith(("-", "+"))]   # (+stable: cargo's toolchain)
        # or a global option's value before the subcommand: helm --kube-context staging uninstall
        valued = [a for n, a in enumerate(invocation.args) if not a.startswith(("-", "+")) and not (
            n and invocation.args[n - 1].startswith("-") and "=" not in invocation.args[n - 1])]
        wanted = list(self.subcommand)
        if wanted and words[:len(wanted)] != wanted and valued[:len(wanted)] != wanted and not (
                self.program in TASK_RUNNERS and len(wanted) == 1 and wanted[0] in words):
            return False
        if self.subcommand and not self.flags & _DRY_RUN and _DRY_RUN & set(invocation.args):
            return False   # an action forbidden (`cargo publish`) is not done by its dry run
        return not self.flags or any(a in self.flags or a.split("=")[0] in self.flags for a in invocation.args)

    def shown(self) -> str:
        return " ".join([self.program, *self.subcommand, *sorted(self.flags)[:1]])


@dataclass(frozen=True)
class Check:
    """How a transcript decides a rule: its kind and what it names."""

    kind: str                                   # one of KINDS
    forbidden: tuple[Forbidden, ...] = ()       # forbidden_command
    alternative: str = ""                       # what the rule says to use instead ("pnpm")
    command: str = ""                           # required_command: the command as the rule writes it
    when: str = ""                              # required_command: "completion" | "commit"
    must_pass: bool = False                     # required_command: it must have succeeded
    paths: tuple[str, ...] = ()                 # forbidden_path: workspace-relative, "dir/" for a folder

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == "forbidden_command":
            out["programs"] = [f.shown() for f in self.forbidden]
            if self.alternative:
                out["alternative"] = self.alternative
        elif self.kind == "required_command":
            out.update(command=self.command, before=self.when, must_pass=self.must_pass)
        else:
            out["paths"] = list(self.paths)
        return out

    def describe(self) -> str:
        if self.kind == "forbidden_command":
            said = ", ".join(f.shown() for f in self.forbidden)
            return f"a shell command running {said}" + (f" (the rule says to use {self.alternative})"
                                                         if self.alternative else "")
        if self.kind == "required_command":
            before = "a commit or push" if self.when == "commit" else "the session ends, after its last edit"
            return f"`{self.command}` run{' and passing' if self.must_pass else ''} before {before}"
        return "an edit (Edit, Write, MultiEdit or apply_patch) of " + ", ".join(self.paths)


@dataclass(frozen=True)
class Rule:
    """One line of an instruction file an agent received."""

    text: str
    source: str                  # "CLAUDE.md:7" (the file as the view labels it, and its line)
    path: Path
    line: int
    agents: tuple[str, ...]      # the agents that received it
    check: Check | None = field(default=None)

    @property
    def id(self) -> str:
        return "r-" + hashlib.sha1(f"{self.source}\0{self.text}".encode("utf-8")).hexdigest()[:10]

    @property
    def checkable(self) -> bool:
        return self.check is not None


def rule_lines(text: str) -> list[tuple[int, str]]:
    """(line, text) of each line of ``text`` that is a rule (1-based lines; bullets' marks gone)."""
    found: list[tuple[int, str]] = []
    fenced = commented = False
    for number, raw in enumerate(text.split("\n"), 1):
        if _FENCE.match(raw):
            fenced = not fenced
            continue
        if fenced:
            continue
        if "<!--" in raw and "-->" not in raw:
            commented = True
            continue
        if commented:
            commented = "-->" not in raw
            continue
        if not raw.strip() or _HEADING.match(raw) or _IMPORT.match(raw) or raw.strip().startswith(("<!--", "|", ">")):
            continue
        line = _BULLET.sub("", raw).strip()
        if len(line) >= 8 and len(line) <= MAX_RULE_CHARS and re.search(r"[A-Za-z\u4e00-\u9fff]", line):
            found.append((number, line))
    return found


def classify(text: str) -> Check | None:
    """How a transcript can decide ``text``, or None when it cannot (see the module docstring)."""
    text = _EMPHASIS.sub(r"\1", text.replace("**", ""))   # "**Never** open `psql`", "*never* npm"
    return _forbidden_path(text) or _required_command(text) or _forbidden_command(text)


def _named(fragment: str, ran: bool = False) -> list[Forbidden]:
    """The commands a fragment of a rule names, in the order it names them: a backticked command
    when its program is a known one or a script's path, or any when the rule says to run it
    (``ran``: "do not run `deploy-all`"), with the subcommand and flags it writes (`git push
    --force` forbids that, not git); and the known programs it names bare (not a word like "go"
    unless backticked). "Avoid the `any` type" names no command, nor does `// @ts-ignore`."""
    found: list[tuple[int, Forbidden]] = []
    for ticked in _TICKED.finditer(fragment):
        started = invocations(ticked.group(1))
        if not started or not _COMMAND_NAME.fullmatch(started[0].program):
            continue
        first = started[0]
        program = ALIASES.get(first.program.lower(), first.program)
        head = ticked.group(1).split()[0]
        if program in PROGRAMS or "/" in head or program.endswith((".sh", ".py")) or ran:
            found.append((ticked.start(), Forbidden(program, tuple(a for a in first.args if not a.startswith("-")),
                                                    frozenset(a for a in first.args if a.startswith("-")))))
    bare = _TICKED.sub(lambda m: " " * len(m.group(0)), fragment).lower()
    for alias, name in ALIASES.items():
        for match in re.finditer(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", bare):
            found.append((match.start(), Forbidden(name)))
    for match in re.finditer(r"(?<![\w./-])[a-z][\w.+-]*(?![\w/-])", bare):
        word = match.group(0).rstrip(".")
        if word in PROGRAMS and word not in _TOOL_WORDS:
            # "don't run bundle update", "do not run docker system prune": what it runs, as written
            words = _SUBCOMMAND.match(bare, match.end()) if ran and not word.endswith(".") else None
            sub = tuple(words.group(0).split()) if words else ()
            sub = sub[:next((i for i, w in enumerate(sub) if w in _NOT_SUBCOMMANDS or w in PROGRAMS), len(sub))]
            found.append((match.start(), Forbidden(word, sub)))
    return list(dict.fromkeys(f for _, f in sorted(found, key=lambda pair: pair[0])))


def _conditional(fragment: str) -> bool:
    """Whether a prohibition holds only somewhere or sometimes (what follows what it names says so)."""
    last = max((m.end() for m in _TICKED.finditer(fragment)), default=0)
    return bool(_CONDITIONAL.search(fragment[last:] if last else fragment))


def _forbidden_command(text: str) -> Check | None:
    text = _LIST_ASIDE.sub(r" \1", text)
    forbidden: list[Forbidden] = []
    alternatives: list[str] = []
    if _FORCE_PUSH.search(text) and re.search(r"\b(?:never|don't|do not|no|avoid)\b|不要|禁止", text, re.IGNORECASE):
        forbidden.append(Forbidden("git", ("push",), frozenset({"-f", "--force", "--force-with-lease"})))
    for instead in _INSTEAD.finditer(text):
        # "use X, not Y": Y a program known as one ("use AssertJ's `assertThat`, not `assertEquals`" names none)
        bad = _named(instead.group("bad"))
        good = _named(instead.group("good"), True)
        if bad and good:
            forbidden += [f for f in bad if f.program not in {g.program for g in good}]
            alternatives.append(good[0].shown())
    for match in _NEGATED_USE.finditer(text):
        fragment = match.group("what") or match.group("zh") or ""
        fragment = re.split(r"\b(?:use|prefer|instead|run)\b|(?<![不要别勿止])(?:使用|用)|改用|，|,", fragment,
                            maxsplit=1)[0] if match.group("zh") is not None else \
            re.split(r"\b(?:use|prefer|instead|run)\b", fragment, maxsplit=1)[0]
        if _conditional(fragment):
            continue
        verb = (match.group("verb") or match.group("zhverb") or "").lower()
        if not verb:   # "never npm or pnpm": only what is named first, and listed with it, is negated
            listed = _LISTED.match(fragment)     # ("don't disable ESLint rules" forbids no ESLint)
            fragment = listed.group(0) if listed else ""
        forbidden += _named(fragment, verb in _RUN_VERBS)
    for match in _PASSIVE_RUN.finditer(text):
        if not _conditional(_CLAUSE_END.split(text[match.end():], maxsplit=1)[0]):
            forbidden += _named(match.group("bad"), True)
    for match in _NEGATED_ACTION.finditer(text):
        action = match.group("action").lower()
        if action in _NOT_ACTIONS or _conditional(_CLAUSE_END.split(text[match.end():], maxsplit=1)[0]):
            continue
        for ticked in _TICKED.findall(text):   # the command that does it: `cargo publish` for "publish"
            started = invocations(ticked)
            words = [a for a in started[0].args if not a.startswith("-")] if started else []
            if words and words[-1] == action and _COMMAND_NAME.fullmatch(started[0].program):
                forbidden.append(Forbidden(started[0].program, tuple(words)))
    for match in _FORBIDDEN_WORDS.finditer(text):
        if not _conditional(_CLAUSE_END.split(text[match.end():], maxsplit=1)[0]):
            forbidden += _named(match.group("bad"))
    if "npx" in text.lower() and any(f.program == "npm" for f in forbidden) and \
            re.search(r"\bnpx\b[^.;]*\b(?:too|also|counts|includ|same)|includ\w*[^.;]*\bnpx\b"
                      r"|npx[^。；.;]*(?:也算|也属于|算作|等同|同样)", text, re.IGNORECASE):
        forbidden.append(Forbidden("npx"))   # "npx counts as npm", as the rule reads it
    if not alternatives:
        after = re.search(r"(?<!not )(?<!never )(?<!n't )\b(?:use|prefer|instead,? use)\s+(?P<good>.+)$"
                          r"|(?<![不要别勿止禁使])(?:改用|使用|用)(?P<zh>.+)$", text, re.IGNORECASE)
        good = _named((after.group("good") or after.group("zh") or "")) if after else []
        alternatives = [g.shown() for g in good if g not in forbidden and g.program not in
                        {f.program for f in forbidden if not f.subcommand and not f.flags}][:1]
    alternative = alternatives[0] if alternatives else ""
    forbidden = [f for f in dict.fromkeys(forbidden)
                 if f.shown() != alternative and (f.subcommand or f.flags or f.program != alternative.split(" ")[0])]
    # "git push --force" named twice (in words and backticked) is one; a bare "git" beside it is the same rule
    # (so is "git push" read bare beside the backticked "git push --force": the narrower one holds)
    forbidden = [f for f in forbidden if not any(
        g.program == f.program and g.subcommand[:len(f.subcommand)] == f.subcommand and g.flags >= f.flags and
        (len(g.subcommand) > len(f.subcommand) or g.flags > f.flags) for g in forbidden)]
    forbidden = list({f.shown(): f for f in reversed(forbidden)}.values())[::-1]   # the first of one shown
    if not forbidden:
        return None
    return Check("forbidden_command", tuple(forbidden), alternative)


def _forbidden_path(text: str) -> Check | None:
    paths: list[str] = []
    for match in _EDIT_NEGATED.finditer(text):
        fragment = _CLAUSE_END.split(match.group("what") or match.group("zh") or "", maxsplit=1)[0]
        if _conditional(fragment):
            continue
        named = _paths(fragment)
        if not named and (_PRONOUN.match(fragment) or match.group("zh") is not None):
            named = _paths(text[:match.start()], first=True)   # "`gen/` is generated. Never edit it by hand."
        paths += named
    for match in _EDIT_PASSIVE.finditer(text):
        after = _CLAUSE_END.split(text[match.end():], maxsplit=1)[0]
        if not _conditional(after):   # "hands off `x/`": named after; "`x/` … leave it alone": before
            paths += _paths(text[:match.end()], first=True) or _paths(after, first=True)
    for match in _GENERATED.finditer(text):
        paths += _paths(match.group("path"))
    for match in _NOTHING_UNDER.finditer(text):
        if not _conditional(_CLAUSE_END.split(text[match.end():], maxsplit=1)[0]):
            paths += _paths(match.group("what"))
    paths = [p for p in dict.fromkeys(paths) if p]
    return Check("forbidden_path", paths=tuple(paths)) if paths else None


def _paths(fragment: str, first: bool = False) -> list[str]:
    """The paths a fragment names (``first``: only the first, and those listed with it)."""
    found: list[str] = []
    end = 0
    for match in _PATHISH.finditer(fragment):
        if first and found and not re.fullmatch(r"\s*(?:,|、|\band\b|\bor\b|和|或|及)?\s*", fragment[end:match.start()],
                                                re.IGNORECASE):
            break
        path = (match.group(1) or match.group(2)).strip().rstrip(".,")
        if path and ("/" in path or "." in path) and not path.startswith(("http", "-")) and " " not in path:
            found.append(_normal_rule_path(path))
            end = match.end()
    return found


def _normal_rule_path(path: str) -> str:
    folder = path.endswith("/") or path.endswith("/**") or path.endswith("/*")
    path = path.rstrip("*").rstrip("/")
    path = posixpath.normpath(path.lstrip("./")) if path not in ("", ".") else ""
    return path + "/" if folder and path else path


def _required_command(text: str) -> Check | None:
    match = _REQUIRED.search(text)
    if not match or _NEGATION_BEFORE.search(text[:match.start()]):
        return None   # ("must not: run `dotnet nuget push`" forbids it)
    command = next(match.group(g) for g in ("cmd", "cmd2", "cmd3", "cmd4", "cmd5") if match.group(g)).strip("`").strip()
    rest = next((match.group(g) for g in ("rest", "rest2", "rest3", "rest4", "rest5") if match.group(g)), "")
    moment = match.group("when3") or match.group("when5")
    if not moment:   # "before every commit" in what follows the command, else anywhere in the line;
        # the words after "before" when it is there ("before committing, and fix what it reports")
        plain = _TICKED.sub(" ", rest if (_BEFORE_COMMIT.search(_TICKED.sub(" ", rest)) or
                                          _BEFORE_DONE.search(_TICKED.sub(" ", rest))) else text)
        before = re.search(r"\bbefore\s+([^,;.]+)", plain, re.IGNORECASE)
        moment = before.group(1) if before else plain
    if _BEFORE_COMMIT.search(moment) and not _BEFORE_DONE.search(moment):
        when = "commit"
    elif _BEFORE_DONE.search(moment) or match.group("cmd2"):
        when = "completion"
    else:
        return None   # "run `x`" with no moment it must come before: nothing a transcript can decide
    if not invocations(command):
        return None
    return Check("required_command", command=command, when=when, must_pass=bool(_MUST_PASS.search(rest + " " + text)))


def file_lines(path: Path) -> list[str]:
    try:
        return read_regular_bytes(path, _READ_CAP).decode("utf-8", "replace").split("\n")
    except OSError:
        return []
