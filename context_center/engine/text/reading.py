"""A note as the review compares it: its words, what it asserts and what it negates.

A note is read as clauses (cut at punctuation and "but"); a clause holding a negation ("never",
"don't", 不要, 禁止…), or following "instead of" or "rather than", is negated, and its words, the
negation taken out, are what it says must not be; a limit said with one ("must not exceed 10 MB",
不超过 10MB) is a limit. Words are the engine's tokens (Snowball stems, stopwords out) and, in
Chinese, characters (function characters aside); a short name is read as its long form ("k8s" is
Kubernetes, "PR" a pull request). Beside its words a reading holds its claims (:mod:`.claims`), the
amounts it gives, what it says was left behind, the names it writes as code, and, worked out when a
comparison needs them, its values of each kind (:mod:`.values`), its words in order, what it says is
alone and what its values are said to be of. :class:`Weights` weigh words by how rare they are among
the notes compared, so "pnpm" counts for more than "use"; :mod:`.similarity` judges two readings.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Collection, Iterable

from . import slots
from .analysis import stem, tokenize
from .claims import (
    CHINESE_DONT,
    CHINESE_NEGATION,
    NEGATION_WORDS,
    ONLINE,
    Claim,
    amounts_of,
    claims_of,
    is_an_exception,
    left_behind,
)
from .values import Values, as_named, values_of

_CLAUSES = re.compile(r"[.;:!?,。；：！？，、]+|\s[-–—]+\s|\bbut\b|\binstead\b|但是|但|而是|而")
_NEGATION = re.compile(rf"\b(?:{NEGATION_WORDS}|omit|without|stop|disallow\w*|nobody|none)\b|n't\b"
                       rf"|{CHINESE_NEGATION}|不可|不许|{CHINESE_DONT}|勿|无需|不", re.IGNORECASE)
# the rest of a list after a comma: a few words, "or"/"and"/"nor" before the last ("names or bank details")
_LIST_END = re.compile(r"\s*(?:[\w-]+\s+){0,3}(?:or|and|nor)\s+(?:[\w-]+\s+){0,2}[\w-]+\s*", re.IGNORECASE)
_NOBODY_BEFORE = re.compile(r"\b(?:nobody|no one),([^.;!?。；！？]*)", re.IGNORECASE)
# "no more than", "must not exceed", 不超过, 不得大于: a limit, not a negation ("Attachments may not exceed 10 MB."
# says what "Attachments are capped at 10 MB." says)
_AT_MOST = re.compile(r"\b(?:no|not)\s+(?:more|longer|later|larger|bigger|greater|higher)\s+than\b"
                      r"|\b(?:(?:must|should|may|can|does|do|will|shall)\s+)?not\s+exceed\b|\bnever\s+exceeds?\b"
                      r"|(?<![\w'])(?:mustn't|shouldn't|can't|doesn't|won't)\s+exceed\b", re.IGNORECASE)
_NO_CHARGE = re.compile(r"\b(?:at|for|with)\s+no\s+(?:extra\s+)?(?:charge|cost|fee)\b", re.IGNORECASE)
_NON = re.compile(r"\bnon-(?=[a-z])", re.IGNORECASE)
_CHINESE_AT_MOST = re.compile(r"不(?:得|能|可|应|要|准)?(?:超过|超出|大于|多于|高于|晚于|长于)")
_CHINESE_AT_LEAST = re.compile(r"不(?:得|能|可|应|要|准)?(?:低于|少于|短于|小于)")   # (不低于 80%: at least 80 %)
_CHINESE_BELOW = re.compile(r"不(?:足|满|到)(?=\s*[\d一二两三四五六七八九十半])")   # (不足 3 天: under three days)
# "X instead of Y", "X rather than Y": Y is what must not be (the clause after them is negated)
_ALTERNATIVE = re.compile(r"\b(?:instead of|rather than)\b", re.IGNORECASE)
# One name written two ways is one word ("TS" / "TypeScript", "k8s" / "Kubernetes", "PR" / "pull
# request", "Postgres" / "PostgreSQL"): read as its long form before the words are compared.
_ALIASES = {"ts": ("typescript",), "js": ("javascript",), "k8s": ("kubernetes",), "pr": ("pull", "request"),
            "prs": ("pull", "requests"), "mr": ("merge", "request"), "mrs": ("merge", "requests"),
            "postgres": ("postgresql",), "pg": ("postgresql",), "repo": ("repository",), "repos": ("repositories",),
            "db": ("database",), "dbs": ("databases",), "deps": ("dependencies",), "dep": ("dependency",),
            "env": ("environment",), "envs": ("environments",), "prod": ("production",), "config": ("configuration",),
            "configs": ("configurations",), "docs": ("documentation",), "doc": ("documentation",),
            "py": ("python",), "gh": ("github",), "infra": ("infrastructure",), "nodejs": ("node",),
            "golang": ("go",), "mins": ("minutes",), "min": ("minutes",), "secs": ("seconds",), "sec": ("seconds",),
            "msgs": ("messages",), "msg": ("message",), "ci": ("continuous", "integration"),
            "2fa": ("two", "factor"), "mfa": ("multi", "factor"), "fe": ("frontend",), "gha": ("github", "actions"),
            "tf": ("terraform",), "app": ("application",), "apps": ("applications",), "svc": ("service",),
            "pkg": ("package",), "pkgs": ("packages",), "lib": ("library",), "libs": ("libraries",)}
# A name written as code: a path (/etc/app.yaml, db/migrations, ~/.config), a dotted or hyphenated
# identifier (acme-tf-state, cn-shanghai, config.yaml, orders.created); not a number or a version
# (a value: :func:`another_value`), not "e.g."; a URL whole.
_LITERAL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?://[^\s<>()\[\]'\"`]*[^\s<>()\[\]'\"`.,;:!?]"
                      r"|(?<![\w/.~-])(?!(?:e\.g|i\.e|etc)\b)(?:~?/)?[A-Za-z_]\w*(?:[/.:_-][\w*]+)+/?"
                      r"|(?<![\w/])/[A-Za-z_]\w*"
                      r"|(?<![\w/.~-])[A-Za-z]\w*_(?![\w/:-]|\.\w)", re.IGNORECASE)   # (a prefix: "HERON_", "APP_")
# a change said to be planned, not made ("scheduled to move to Kubernetes 1.30 in Q2", 计划升级): what
# holds now is not contradicted by it
_PLANNED = re.compile(r"\b(?:scheduled|planned|planning|plans?|going)\s+to\b|\bwill\s+(?:move|upgrade|switch|migrate|"
                      r"be\s+(?:moved|upgraded|switched|migrated))\b|计划|将于|准备(?:迁移|升级|切换)", re.IGNORECASE)
# a span of time written as one word ("one-week sprints", "a 30-day trial"): an amount, no name
_SPAN_WORD = re.compile(r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|"
                        r"thirty|sixty|ninety|half)-(?:second|sec|minute|min|hour|hr|day|week|month|quarter|year)s?",
                        re.IGNORECASE)
# what a value is counted per: a client's address, its key, a user, an app, a tenant, an instance
_PER = re.compile(r"\b(?:per|each)[\s-]+(?:(?:single|individual)\s+)?((?:client\s+)?ip(?:\s+address)?|api[\s-]+key|"
                  r"key|token|user|account|app|application|client|tenant|instance|pod|node)s?\b"
                  r"|(?:每个|单个|每|单)\s*(ip|api[\s-]*key|key|token|用户|账号|账户|应用|租户|客户端|实例|节点|pod)",
                  re.IGNORECASE)
_PER_HINT = re.compile(r"\bper\b|\beach\b|每|单", re.IGNORECASE)
_SCOPE_OF = {"ip address": "ip", "client ip": "ip", "client ip address": "ip", "api key": "key", "api-key": "key",
             "token": "key", "account": "user", "用户": "user", "账号": "user", "账户": "user", "application": "app",
             "应用": "app", "租户": "tenant", "客户端": "client", "pod": "instance", "node": "instance",
             "实例": "instance", "节点": "instance"}
# what every literal holds: most notes have none, and are not searched
_LITERAL_HINT = re.compile(r"[/_:.@-][\w*]|_\b")
# "only", "solely", 只有, 仅: a note saying one thing alone is not one saying it among others
_EXCLUSIVE = re.compile(r"\b(?:only|solely|exclusively)\b|只(?![是要好])|仅", re.IGNORECASE)
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
# whose a thing is, by a name written as one: "Pipewren's metrics port", "the API's health check" (not a
# person's or a team's say, which is a value: "Dana's approval", "Falcon's team")
_WHOSE = re.compile(r"(?<![\w.-])([A-Z][\w-]+)['’]s\b(?!\s+(?i:approv|sign|ok\b|say|call|consent|permission|"
                    r"review|team|squad|group|desk|inbox|calendar))")
_NAME_WORD = re.compile(r"(?<=[a-z,;:]\s)([A-Z][a-z][\w-]*)")   # (after a word in lower case: not a sentence's first)
_ALONE = re.compile(r"\bonly\s+(?:(?:the|a|an|as|as a|as an|during|for|on|in|to|with|via|by)\s+)?"
                    r"([\w-]+(?:\s+(?!can\b|may\b|must\b|should\b|will\b|is\b|are\b|does\b|do\b)[\w-]+)?)"
                    r"|(?<![\w-])([\w-]+(?:\s+[\w-]+)?)\s+(?:is|are)\s+the\s+only\s+(?:one|ones|person|people|team)\b"
                    r"|(?:只有|只能由|仅由|只由|只用|只(?![是要好]))\s*([\u4e00-\u9fff]{1,4}|[A-Za-z][\w-]*)",
                    re.IGNORECASE)   # (只是, 只要, 只好: "merely", "as long as", "had to")
_FOR = re.compile(r"\b(?:for|of)\s+(?:the\s+|all\s+|our\s+|every\s+)?([A-Za-z][\w-]*)")
_ACRONYM = re.compile(r"\b[A-Z]{2,5}\b")
_SENTENCE = re.compile(r"(?<=[.;!?。；！？])\s*")
# words a note may write for one term, as the notes' words read them (stems): "retained for 35 days"
# and "retention period: 90 days" speak of one thing
_TERMS = {stem(word): group.split()[0] for group in (
    "keep retain retained retention kept keeps preserve preserved delete deletes deleted purge purges purged",
    "expire expires expiry expiration expired ttl valid validity lifetime timeout timeouts kill kills killed",
    "refresh refreshes refreshed reset resets reload reloads reloaded",
    "minimum least",
    "limit limits limited max maximum cap capped ceiling",
    "deploy deploys deployed deployment deployments release releases released ship ships shipped publish "
    "published rollout",
    "own owns owned owner owners ownership responsible maintain maintains maintained maintainer",
    "schedule scheduled scheduler cron",
    "start starts started begin begins began",
    "host hosted hosts live lives reside resides",
    "build builds built compile compiles compiled",
    "store stores stored persist persisted save saved",
    "error errors exception exceptions",
    "track tracks tracked tracker tracking report reports reported",
    "manage manages managed handle handles handled",
    "format formats formatted formatter formatting",
    "lint lints linted linter linters linting",
    "bundle bundles bundled bundler bundling") for word in group.split()}
# (not after a count: 一周一个迭代 is a week, one iteration)
_CHINESE_WEEKDAY = re.compile(r"(?<![一二两三四五六七八九十几\d])(?<!\d\s)(?:周|星期|礼拜)([一二三四五六日天])(?!次)")
# (words of their own, not the English ones: a word's weight is its rarity among notes of one language)
_WEEKDAY_NAMES = dict(zip("一二三四五六日天", ("zhou1", "zhou2", "zhou3", "zhou4", "zhou5", "zhou6", "zhou7", "zhou7")))
# (not 一: 一个, 一位 are mostly "a", 每一个 "every")
_CHINESE_COUNT = re.compile(r"([二两三四五六七八九])(?=[个位次名人台条张份倍]|空格)")
_CHINESE_DIGITS = dict(zip("二两三四五六七八九", "223456789"))
_RUNS = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[^\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_SNAKE = re.compile(r"_+")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_FUNCTION_CHARACTERS = frozenset("的了是在和与或也都就要把被将为对这那个一")
# a character written where another is meant, as the notes' words read them: 保留 / 保存 (kept) are
# one term (measured: six labelled repeats and one planted contradiction found, one pair lost)
_SAME_CHARACTER = {"留": "存"}
# A repeat or an opposite shares a word few notes hold: at most this many notes, or this share of
# them in a large store (at 100,000 facts, the 200 past which a word is not even a candidate's).
# Two "Take care, talk soon!" in a chat share only words hundreds of its turns say, and are no fact
# said twice (measured: LoCoMo's turns proposed as duplicates 6.7 % → 0.83 %, its contradictions
# 86 → 9, the labelled pairs' figures unchanged).
SPECIFIC_NOTES = 8
SPECIFIC_SHARE = 0.002
# Words that are a value (a weekday, a time of day, a Chinese numeral) or a value's unit.
_VALUE_WORDS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "noon",
                          "midnight", *"二三四五六七八九十两", *_WEEKDAY_NAMES.values()})
UNITS = frozenset({"am", "pm", "ms", "s", "sec", "second", "minut", "min", "hour", "hr", "h", "day", "d", "week",
                   "month", "year", "b", "byte", "kb", "mb", "gb", "tb", "kilobyt", "megabyt", "gigabyt", "percent",
                   "毫", "秒", "分", "钟", "小", "时", "天", "兆"})
_TIME_OUT = re.compile(r"\btim(?:e|es|ed|ing)[ -]out\b", re.IGNORECASE)   # ("sessions time out": a timeout)
_BACKED_UP = re.compile(r"\bback(?:s|ed|ing)?[ -]up\b", re.IGNORECASE)   # ("is backed up nightly": a backup)
_TIME_TO_LIVE = re.compile(r"\btime[ -]to[ -]live\b", re.IGNORECASE)   # (a TTL: "a time-to-live of 14 days")
# ("tokens live for 15 minutes": valid, not hosted; "refresh tokens last 30 days", not "the last 30 days")
_LIVES_FOR = re.compile(r"\blive[sd]?\s+for\b|(?<!the )\blast(?:s|ed)?(?:\s+for)?(?=\s+\d)", re.IGNORECASE)


@dataclass(frozen=True)
class Reading:
    """A note as compared: its words, what it asserts and what it negates."""

    words: frozenset[str]
    asserted: frozenset[str]
    negated: frozenset[str]
    claims: frozenset[Claim] = frozenset()   # what it says of a subject (:mod:`.claims`)
    amounts: frozenset[str] = frozenset()    # the numbers it gives, each in one unit
    left: frozenset[str] = frozenset()       # the words of what it says was left behind (moved from…)
    literals: frozenset[str] = frozenset()   # the names it writes as code: paths, buckets, hosts (:data:`_LITERAL`)
    bare: frozenset[str] = frozenset()       # its words but those of its literals (when it has any)
    text: str = field(default="", repr=False)   # as written

    @cached_property
    def sequence(self) -> tuple[str, ...]:
        """Its words in the order written (:func:`rephrased`; worked out for the few notes alike)."""
        return _sequence(self.text)

    @cached_property
    def slot_words(self) -> slots.Words:
        """Its words as :mod:`.slots` compares them."""
        return slots.words(self.text)

    @cached_property
    def values(self) -> Values:
        """The values it gives, by kind, and what is left of it (:mod:`.values`)."""
        return values_of(self.text)

    def topic(self, kinds: frozenset[str]) -> tuple[frozenset[str], tuple[str, ...]]:
        """The words of what it gives values of ``kinds`` of (those another note gives too), and
        the same in the order written: its words but those values and their units, a word of a
        few said many ways as one (:data:`_TERMS`: "retained" / "retention" / "kept"). A value of
        another kind is part of what it speaks of ("Dependabot's GitHub Actions PRs…")."""
        return _topic(self.text, kinds)

    @cached_property
    def qualifiers(self) -> frozenset[str]:
        """What its values are said to be of, besides its terms: a word after "for" or "of" ("the
        sample rate for errors"), an acronym ("the EU cluster"): another on each side, another thing."""
        found: set[str] = set()
        for written, rest in zip(_SENTENCE.split(self.text), _SENTENCE.split(self.values.rest)):
            if written != rest:   # (a sentence giving a value: "The upgrade is planned for Q3." says no more)
                found |= {f"for:{word}" for match in _FOR.finditer(rest) for word in words_of(match.group(1))}
                found |= {f"acronym:{match.group(0).lower()}" for match in _ACRONYM.finditer(rest)}
        return frozenset(found)

    @cached_property
    def owners(self) -> frozenset[str]:
        """The names it says its things are of ("Pipewren's metrics port", "the API's health check"),
        tools aside."""
        tools = {word for tool in self.values.tools() for word in tool.split("-")}
        return frozenset(match.group(1).lower() for match in _WHOSE.finditer(self.text)) - tools

    @cached_property
    def scopes(self) -> frozenset[str]:
        """What each of its values is counted per ("100 requests a minute per IP", "per API key",
        每个应用, 单个 IP): two notes counting per two things give two limits, both true."""
        return frozenset(_SCOPE_OF.get(found.lower(), found.lower()) for match in _PER.finditer(self.text)
                         for found in match.groups() if found) if _PER_HINT.search(self.text) else frozenset()

    @cached_property
    def names(self) -> frozenset[str]:
        """The words it writes as names: capitalised inside a sentence ("on Slurm", "the Clinical Ops
        team"), or a tool's (as its words read them)."""
        found = {word for match in _NAME_WORD.finditer(self.text) for word in words_of(match.group(1))}
        return frozenset(found | {word for tool in self.values.tools() for word in words_of(tool)})

    @cached_property
    def code(self) -> frozenset[str]:
        """What it writes in backticks (`make build`)."""
        return frozenset(span.lower() for span in _CODE_SPAN.findall(self.text))

    @cached_property
    def alone(self) -> frozenset[str]:
        """The words of what it says is alone: "only the release manager" (release, manager), "the
        release manager is the only one", "used only as a cache" (cache), 只有发布负责人 (its first
        characters); empty when it says "only" of nothing it names."""
        found: set[str] = set()
        for match in _ALONE.finditer(self.text):
            found |= words_of(next(group for group in match.groups() if group))
        return frozenset(found)

    @cached_property
    def exclusive(self) -> bool:
        """Whether it says "only", 只有… (:data:`_EXCLUSIVE`)."""
        return bool(_EXCLUSIVE.search(self.text))

    @cached_property
    def an_exception(self) -> bool:
        """Whether it says it is an exception to a rule (:func:`..claims.is_an_exception`)."""
        return is_an_exception(self.text)

    @cached_property
    def planned(self) -> bool:
        """Whether it says a change is planned, not made (:data:`_PLANNED`)."""
        return bool(_PLANNED.search(self.text))


def as_terms(words: str) -> frozenset[str]:
    """Words as a note's terms read them: each stem, and the term it is one of (:data:`_TERMS`:
    "managed" is the term "manage")."""
    stems = frozenset(map(stem, words.split()))
    return stems | frozenset(_TERMS.get(word, word) for word in stems)


@lru_cache(maxsize=4096)
def _topic(text: str, kinds: frozenset[str]) -> tuple[frozenset[str], tuple[str, ...]]:
    rest = values_of(text).rest_of(kinds)
    words = words_of(rest)
    topic = frozenset(_TERMS.get(word, word) for word in words - values_in(frozenset(words)) - UNITS)
    return topic, tuple(term for term in (_TERMS.get(word, word) for word in _sequence(rest)) if term in topic)


def words_of(clause: str) -> set[str]:
    """The clause's words: the engine's tokens for Latin text; for Chinese, its characters (function
    characters aside), which tell paraphrases apart better than bigrams spanning word boundaries
    (measured on the labelled pairs: contradictions found 0.47 → 0.84 of the time in Chinese).
    A short name is read as its long form (:data:`_ALIASES`)."""
    clause = _as_read(clause)
    if not _HAN.search(clause):
        return _stemmed(tokenize(clause, stemmed=False, drop_stopwords=True), "_" in clause)
    clause = _chinese_values(clause)
    latin = _stemmed(tokenize(_HAN.sub(" ", clause), stemmed=False, drop_stopwords=True), "_" in clause)
    return latin | {_SAME_CHARACTER.get(ch, ch) for ch in clause if _HAN.match(ch) and ch not in _FUNCTION_CHARACTERS}


def _as_read(text: str) -> str:
    """The text with a few phrases read as one word: "times out" a timeout, "backed up" a backup,
    "lives for" valid for, "time-to-live" a TTL."""
    if " out" in text or "-out" in text:
        text = _TIME_OUT.sub("timeout", text)
    if "up" in text:
        text = _BACKED_UP.sub("backup", text)
    if "ive" in text or "last" in text:
        text = _LIVES_FOR.sub("valid for", _TIME_TO_LIVE.sub("ttl", text))
    return text


def _chinese_values(clause: str) -> str:
    """A weekday or a small count written in Chinese as a value: 周一 one word (周三 and 周一 were
    one character apart, 一 being a function character), 两个人 2 people."""
    clause = _CHINESE_WEEKDAY.sub(lambda m: f" {_WEEKDAY_NAMES[m.group(1)]} ", clause)
    if "线上" in clause:   # (线上 is production, as the claims read it: 生产环境)
        clause = ONLINE.sub("生产", clause)
    if "持续集成" in clause:   # (持续集成 is CI, as the English words read it: continuous integration)
        clause = clause.replace("持续集成", " CI ")
    return _CHINESE_COUNT.sub(lambda m: f" {_CHINESE_DIGITS[m.group(1)]} ", clause)


def _pieces_of(word: str) -> list[str]:
    """A name in snake case as its words ("scrape_interval: 60s" speaks of a scrape interval; measured
    on the labelled sets: 22 pairs judged right that were not, one lost), a style's name whole
    ("snake_case")."""
    if "_" not in word or word.endswith("_case"):
        return [word]
    return list(filter(None, _SNAKE.split(word)))


def _stemmed(words: list[str], snake: bool) -> set[str]:
    unique = set(words)
    if snake:   # (a name in snake case in the clause: most clauses hold none)
        unique = {piece for word in unique for piece in _pieces_of(word)}
    if unique.isdisjoint(_ALIASES):
        return set(map(stem, unique))
    return {stem(long) for word in unique for long in _ALIASES.get(word, (word,))}


def read(text: str) -> Reading:
    asserted: set[str] = set()
    negated: set[str] = set()
    limits = text
    lowered = text.lower()
    if "exceed" in lowered or "than" in lowered:   # (most notes hold neither: not searched, at 10,000 facts)
        limits = _AT_MOST.sub(" max ", limits)
    if "non-" in lowered:   # ("non-secret config": one word, not "secret" said of what it is not)
        limits = _NON.sub("non", limits)
    if "不" in text:
        limits = _CHINESE_BELOW.sub("低于", _CHINESE_AT_LEAST.sub("下限", _CHINESE_AT_MOST.sub("上限", limits)))
    if "no " in lowered:   # ("at no charge": free, nothing negated)
        limits = _NO_CHARGE.sub(" free ", limits)
    if "nobody," in lowered or "no one," in lowered:   # ("Nobody, admins included, may force-push": the rest
        limits = _NOBODY_BEFORE.sub(lambda m: "nobody " + m.group(1).replace(",", " "), limits)   # of no one)
    listed = False   # (a clause negating a list: "Do not log emails, names or bank details")
    for clause in _CLAUSES.split(_ALTERNATIVE.sub(" ; not ", limits)):
        if not clause.strip():
            continue
        if _NEGATION.search(clause) or (listed and _LIST_END.fullmatch(clause)):
            negated |= words_of(_NEGATION.sub(" ", clause))
            listed = True
        else:
            asserted |= words_of(clause)
            listed = False
    left = frozenset(word for gone in left_behind(text) for word in words_of(gone))
    literals = frozenset(as_named(literal) for literal in _LITERAL.findall(text) if not _SPAN_WORD.fullmatch(literal)) \
        if _LITERAL_HINT.search(text) else frozenset()
    bare = frozenset(words_of(_LITERAL.sub(" ", text))) if literals else frozenset()
    return Reading(frozenset(asserted | negated), frozenset(asserted), frozenset(negated), claims_of(text),
                   amounts_of(text), left, literals, bare, text)


def _sequence(text: str) -> tuple[str, ...]:
    """The note's words as :func:`words_of` reads them, in the order written."""
    found: list[str] = []
    text = _as_read(text)
    for run in _RUNS.findall(_chinese_values(text) if _HAN.search(text) else text):
        if _HAN.match(run):
            found.extend(_SAME_CHARACTER.get(ch, ch) for ch in run if ch not in _FUNCTION_CHARACTERS)
        else:
            found.extend(stem(long) for word in tokenize(run, stemmed=False, drop_stopwords=True)
                         for piece in _pieces_of(word) for long in _ALIASES.get(piece, (piece,)))
    return tuple(found)


class Weights:
    """How rare each word is among the notes compared (inverse document frequency)."""

    def __init__(self, readings: Iterable[Reading]) -> None:
        counts: Counter[str] = Counter()
        said: list[frozenset[str]] = []
        for reading in readings:
            counts.update(reading.words)
            said.append(reading.words)
        total = len(said)
        self._counts = counts
        self._said = said
        self._idf = {word: math.log(1 + total / n) for word, n in counts.items()}
        self._unseen = math.log(1 + max(total, 1))
        self._specific_below = max(SPECIFIC_NOTES, SPECIFIC_SHARE * total)

    def of(self, words: Iterable[str]) -> float:
        return sum(self._idf.get(word, self._unseen) for word in words)

    def any_specific(self, words: Iterable[str]) -> bool:
        """Whether one of ``words`` is held by few of the notes (see :data:`SPECIFIC_NOTES`)."""
        return any(self._counts.get(word, 0) <= self._specific_below for word in words)

    def specific_together(self, words: Collection[str]) -> bool:
        """Whether two words or more of ``words`` are each said by many notes but all together by few
        ("the nightly backup" in a store where many notes say "nightly" and many "backup")."""
        if len(words) < 2:
            return False
        held = [self._holders.get(word, frozenset()) for word in words]
        return len(frozenset.intersection(*held)) <= self._specific_below

    @cached_property
    def _holders(self) -> dict[str, frozenset[int]]:
        """Each word → the notes saying it, by their place (worked out once, for the few pairs asking)."""
        found: dict[str, set[int]] = {}
        for place, words in enumerate(self._said):
            for word in words:
                found.setdefault(word, set()).add(place)
        return {word: frozenset(places) for word, places in found.items()}


def values_in(words: frozenset[str]) -> frozenset[str]:
    """The words of ``words`` that are values: numbers, clock times, versions, weekdays (and
    Chinese numerals, as in 周二)."""
    return frozenset(word for word in words if word[:1].isdigit() or word in _VALUE_WORDS)
