"""The standing rules an agent received, one per line, and which of them a transcript can check.

A rule is a line of an instruction file the agent received (its own view: imports expanded, what
a budget cut left out excluded): a bullet, a numbered item or a line of prose; headings, code
blocks, comments and ``@import`` lines are not rules. It is named by its file and line
(``CLAUDE.md:7``).

A rule is **checkable** only when its words say exactly what breaks it; otherwise it is listed
with no verdict, never a guess:

- ``forbidden_command``: a program it forbids, by name ("Never use npm; use pnpm.", "Use
  ripgrep, not grep.", "Do not run `docker compose down -v`."), with the alternative it gives;
- ``required_command``: a command it names that must run before completion, a commit or a push
  ("Run `go test ./...` before reporting completion.", "Run `make lint` before committing."),
  and whether it must pass;
- ``forbidden_path``: a file or folder it forbids editing ("Do not edit files under src/generated/.").
"""
from __future__ import annotations

import hashlib
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..storage.safe_read import read_regular_bytes
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
})
ALIASES = {"ripgrep": "rg", "golang": "go", "the silver searcher": "ag", "python 3": "python3", "apt get": "apt-get"}
_TOOL_WORDS = frozenset({"go"})   # a program whose name is a common English word: only backticked
_FORCE_PUSH = re.compile(r"\bforce[- ]push\w*|\bpush\s+--force\b|\bgit push -f\b", re.IGNORECASE)

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_HEADING = re.compile(r"^\s*#{1,6}\s")
_FENCE = re.compile(r"^\s*(```|~~~)")
_IMPORT = re.compile(r"^\s*@\S+\s*$")
_TICKED = re.compile(r"`([^`\n]+)`")
_NEGATED_USE = re.compile(
    r"\b(?:never|don't|dont|do not|must not|should not|shouldn't|avoid|no)\s+(?:ever\s+)?"
    r"(?P<verb>use|run|call|invoke|execute|using|running|calling)?\s*(?P<what>(?:`[^`]*`|[^.;:!?()`])*)"
    r"|(?:不要|不准|禁止|别|严禁|不得)(?:使用|用|运行|执行|调用)?\s*(?P<zh>[^。；！？，]*)",
    re.IGNORECASE)
_INSTEAD = re.compile(r"\buse\s+(?P<good>[^,;.]+?)\s*(?:,\s*not|\binstead of|\brather than|\bover)\s+"
                      r"(?P<bad>(?:`[^`]*`|[^.;:!?()`])+)", re.IGNORECASE)
_FORBIDDEN_WORDS = re.compile(r"(?P<bad>`[^`]+`|[\w.-]+)\s+(?:is|are)\s+(?:forbidden|banned|not allowed|prohibited)",
                              re.IGNORECASE)
_EDIT_NEGATED = re.compile(
    r"\b(?:never|don't|dont|do not|must not|should not|shouldn't|avoid)\s+(?:hand[- ])?(?:edit|editing|modify|"
    r"modifying|change|changing|touch|touching|write to|writing to|alter)\b(?P<what>[^;!?]*)"
    r"|(?:不要|禁止|别|不得|严禁)(?:手动|手工)?(?:修改|编辑|改动|改)(?P<zh>[^。；！？，]*)", re.IGNORECASE)
_GENERATED = re.compile(r"(?P<path>`[^`]+`|[\w./-]+/[\w./*-]*)\s+(?:is|are)\s+(?:generated|auto-?generated|"
                        r"read-only|vendored)\b[^.]*?(?:do not|don't|never)\s+(?:hand[- ])?"
                        r"(?:edit|modify|change|touch)",
                        re.IGNORECASE)
_PATHISH = re.compile(r"`([^`]+)`|(?<![\w@])((?:\.{0,2}/)?[\w.-]+(?:/[\w.*-]+)+/?|[\w-]+\.(?:[a-z]{1,5}))(?![\w/])",
                      re.IGNORECASE)
_REQUIRED = re.compile(
    r"\b(?:always\s+)?(?:run|execute)\s+(?P<cmd>`[^`]+`)(?P<rest>[^.;!?]*)"
    r"|(?:make sure|ensure|check that)\s+(?P<cmd2>`[^`]+`)\s+(?P<rest2>(?:passes|succeeds|is green|runs)[^.;!?]*)"
    r"|\bbefore\s+(?P<when3>committing|you commit|every commit|a commit|pushing|you push|reporting\w*|finishing|"
    r"you finish|handing\w*|marking\w*|saying\w*|declaring\w*|you report|you are done|completion|completing)"
    r"[^,]*,\s*(?:always\s+)?(?:run|execute)\s+(?P<cmd3>`[^`]+`)(?P<rest3>[^.;!?]*)",
    re.IGNORECASE)
_BEFORE_COMMIT = re.compile(r"\b(?:commit\w*|push\w*)\b|提交|推送", re.IGNORECASE)
_BEFORE_DONE = re.compile(r"\b(?:complet\w*|finish\w*|done|report\w*|hand\w* (?:back|off|over)|mark\w* .*done|"
                          r"say\w* .*done|declar\w*|wrap\w* up|end of (?:the|a|each) (?:task|session)|submit\w*|"
                          r"after (?:every|each|any) (?:change|edit)|after changing|after editing)\b|完成",
                          re.IGNORECASE)
_MUST_PASS = re.compile(r"\b(?:pass|passes|passing|succeed\w*|green|clean|without (?:errors|failures))\b|通过",
                        re.IGNORECASE)


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
        words = [a for a in invocation.args if not a.startswith("-")]
        if self.subcommand and words[:len(self.subcommand)] != list(self.subcommand):
            return False
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
    return _forbidden_path(text) or _required_command(text) or _forbidden_command(text)


def _named(fragment: str, ran: bool = False) -> list[Forbidden]:
    """The commands a fragment of a rule names: a backticked command when its program is a known
    one or a script's path, or any when the rule says to run it (``ran``: "do not run
    `deploy-all`"), with the subcommand and flags it writes (`git push --force` forbids that, not
    git); and the known programs it names bare (not a word like "go" unless backticked). "Avoid
    the `any` type" names no command."""
    found: list[Forbidden] = []
    for ticked in _TICKED.findall(fragment):
        started = invocations(ticked)
        if not started:
            continue
        first = started[0]
        program = ALIASES.get(first.program.lower(), first.program)
        if program in PROGRAMS or "/" in ticked.split()[0] or program.endswith((".sh", ".py")) or ran:
            found.append(Forbidden(program, tuple(a for a in first.args if not a.startswith("-")),
                                   frozenset(a for a in first.args if a.startswith("-"))))
    bare = _TICKED.sub(" ", fragment).lower()
    for alias, name in ALIASES.items():
        if re.search(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", bare):
            found.append(Forbidden(name))
    for word in re.findall(r"(?<![\w./-])[a-z][\w.+-]*(?![\w/-])", bare):
        word = word.rstrip(".")
        if word in PROGRAMS and word not in _TOOL_WORDS:
            found.append(Forbidden(word))
    return list(dict.fromkeys(found))


def _program_names(fragment: str) -> list[str]:
    return [f.program for f in _named(fragment)]


def _forbidden_command(text: str) -> Check | None:
    forbidden: list[Forbidden] = []
    alternative = ""
    if _FORCE_PUSH.search(text) and re.search(r"\b(?:never|don't|do not|no|avoid)\b|不要|禁止", text, re.IGNORECASE):
        forbidden.append(Forbidden("git", ("push",), frozenset({"-f", "--force", "--force-with-lease"})))
    instead = _INSTEAD.search(text)
    if instead:
        bad = _named(instead.group("bad"), True)   # "use X, not Y" says both are tools
        good = [f.program for f in _named(instead.group("good"), True)]
        if bad and good:
            forbidden += [f for f in bad if f.program not in good]
            alternative = good[0]
    for match in _NEGATED_USE.finditer(text):
        fragment = match.group("what") or match.group("zh") or ""
        fragment = re.split(r"\b(?:use|prefer|instead|run)\b|用|改用", fragment, maxsplit=1)[0]
        verb = (match.group("verb") or "").lower()
        if not verb:   # "never npm": only what is named first is negated ("don't disable ESLint" forbids no ESLint)
            first = re.match(r"\s*(`[^`]+`|\S+)", fragment)
            fragment = first.group(1) if first else ""
        forbidden += _named(fragment, verb in ("run", "running", "execute", "invoke", "call", "calling"))
    for match in _FORBIDDEN_WORDS.finditer(text):
        forbidden += _named(match.group("bad"))
    if "npx" in text.lower() and any(f.program == "npm" for f in forbidden) and \
            re.search(r"\bnpx\b[^.;]*\b(?:too|also|counts|includ|same)|includ\w*[^.;]*\bnpx\b", text, re.IGNORECASE):
        forbidden.append(Forbidden("npx"))   # "npx counts as npm", as the rule reads it
    if not alternative:
        after = re.search(r"\b(?:use|prefer|instead,? use)\s+(?P<good>.+)$|(?:改用|用)(?P<zh>.+)$", text, re.IGNORECASE)
        good = _program_names((after.group("good") or after.group("zh") or "")) if after else []
        alternative = next((name for name in good if name not in {f.program for f in forbidden}), "")
    forbidden = [f for f in dict.fromkeys(forbidden) if f.program != alternative]
    # "git push --force" named twice (in words and backticked) is one; a bare "git" beside it is the same rule
    narrow = {f.program for f in forbidden if f.subcommand or f.flags}
    forbidden = [f for f in forbidden if f.subcommand or f.flags or f.program not in narrow]
    forbidden = list({f.shown(): f for f in reversed(forbidden)}.values())[::-1]   # the first of one shown
    if not forbidden:
        return None
    return Check("forbidden_command", tuple(forbidden), alternative)


def _forbidden_path(text: str) -> Check | None:
    fragments = [m.group("what") or m.group("zh") or "" for m in _EDIT_NEGATED.finditer(text)]
    fragments += [m.group("path") for m in _GENERATED.finditer(text)]
    paths: list[str] = []
    for fragment in fragments:
        for ticked, bare in _PATHISH.findall(fragment):
            path = (ticked or bare).strip().rstrip(".,")
            if path and ("/" in path or "." in path) and not path.startswith(("http", "-")) and " " not in path:
                paths.append(_normal_rule_path(path))
    paths = [p for p in dict.fromkeys(paths) if p]
    return Check("forbidden_path", paths=tuple(paths)) if paths else None


def _normal_rule_path(path: str) -> str:
    folder = path.endswith("/") or path.endswith("/**") or path.endswith("/*")
    path = path.rstrip("*").rstrip("/")
    path = posixpath.normpath(path.lstrip("./")) if path not in ("", ".") else ""
    return path + "/" if folder and path else path


def _required_command(text: str) -> Check | None:
    match = _REQUIRED.search(text)
    if not match:
        return None
    command = (match.group("cmd") or match.group("cmd2") or match.group("cmd3") or "").strip("`").strip()
    rest = match.group("rest") or match.group("rest2") or match.group("rest3") or ""
    when_said = match.group("when3") or rest or text
    if _BEFORE_COMMIT.search(when_said) and not _BEFORE_DONE.search(when_said):
        when = "commit"
    elif _BEFORE_DONE.search(when_said) or match.group("cmd2"):
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
