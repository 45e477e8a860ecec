"""Memory and skill candidates mined from recent user turns; nothing is written without acceptance.

Better than upstream's substring markers: markers match whole words (``pr`` is not
``prefer``) at the clause level; negated or questioning clauses ("I don't
remember…", "do you always…?") are not requests; type and scope are inferred
(a URL is a reference; always/never is feedback; a repository convention is
project-scoped; a personal preference is a user fact offered as global); and
duplicates of facts and instructions are found by word overlap, not containment.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..errors import InvalidInput
from ..instructions.reasons import Reason
from ..memory import sensitive
from ..memory.fact_file import yaml_scalar
from ..memory.fields import check_name, free_name, slug
from ..text.analysis import tokenize
from ..text.claims import claims_of, restates
from ..text.counting import counted
from .transcripts import Session, SourceStatus, UserTurn

MAX_SESSIONS = 12
MAX_MEMORIES = 6
MAX_SKILLS = 4
MIN_CHARS, MAX_CHARS = 8, 420
MAX_SKILL_NAME = 64

_EN_MARKERS = re.compile(r"\b(remember|always|never|prefer|preferred|preference|by default|from now on|"
                         r"going forward|make sure (?:to|you)|must|convention|rule)\b", re.IGNORECASE)
_ZH_MARKERS = re.compile(r"(记住|以后|今后|始终|总是|每次|默认|不要|别再|偏好|规则|约定|务必|一律|必须)")
_NEGATED = re.compile(r"\b(?:i|we|you)\s+(?:do\s*n[o']t|don't|didn't|did not|can't|cannot|can not|couldn't|"
                      r"won't|never)\s+(?:\w+\s+){0,2}?(?:remember|recall|prefer)\b|\bnever\s*mind\b|"
                      r"\bnot sure (?:if|whether)\b|\bforgot\b|\bforget (?:it|that)\b",
                      re.IGNORECASE)
_ZH_NEGATED = re.compile(r"(不记得|记不住|忘了|记不清|不确定)")
# a prohibition about the project said in English ("Don't commit directly to main; open a branch
# first.", "Do not use moment.js in this repo."): a marker only where it names something of the
# project or of code, never chatter ("don't worry about it")
_PROHIBITION = re.compile(r"^(?:please\s+)?(don't|dont|do not|never|avoid)\s+(?!worry|bother|mind|know|think|"
                          r"care|understand|see|get|need|have|want|like|remember|forget\b)[a-z]", re.IGNORECASE)
_CODE_WORD = re.compile(r"`[^`]+`|(?<![\w-])[\w-]+\.(?:js|ts|py|go|rs|json|toml|ya?ml|lock|md)\b|\b(?:main|master|"
                        r"npm|pnpm|yarn|git|docker|sudo|force[- ]push|--[\w-]+)\b", re.IGNORECASE)
# a fact stated about the project: the host, address, path or port where one of its parts is
# ("the staging DB is at db-staging.internal", "our API runs on port 8080")
_STATED = re.compile(r"^(?:fyi[,:]?\s+)?(?:the|our)\s+[\w -]{2,40}?\s+(?:is|are|lives?|runs?|sits?|listens|is hosted)"
                     r"\s+(?:at|in|on)\s+(?:port\s+\d{2,5}\b|https?://\S+|[a-z0-9][\w-]*(?:\.[\w-]+)+(?::\d+)?"
                     r"|/[\w.-]+(?:/[\w.-]+)+|[a-z][\w-]*:\d{2,5}\b)", re.IGNORECASE)
_QUESTION_START = re.compile(r"^(?:do|does|did|can|could|would|will|is|are|was|were|what|why|how|when|where|which|"
                             r"who|should|shall)\b(?!\s+not\b)", re.IGNORECASE)   # "Do not use…" asks nothing
_URL = re.compile(r"https?://\S+")
_PERSONAL = re.compile(r"\b(i|i'm|i am|me|my|mine)\b|\b(reply|respond|answer|talk|write to me|address me)\b|"
                       r"(我|回复|回答|称呼)", re.IGNORECASE)
_PROJECT = re.compile(r"\b(this|the|our) (repo|repository|project|codebase|monorepo|service|app)\b|"
                      r"\b(ci|pr|prs|branch|commit|tests?|lint|build|deploy|release|lockfile|migrations?)\b|"
                      r"(?<![\w./-])[\w./-]+\.(py|ts|js|go|rs|md|json|toml|ya?ml)\b|(项目|仓库|代码库|分支|提交|测试|部署|发布)",
                      re.IGNORECASE)
_FEEDBACK = re.compile(r"\b(always|never|don't|do not|must|make sure|by default|from now on)\b|"
                       r"(始终|总是|每次|不要|别再|务必|一律|必须|默认|以后)", re.IGNORECASE)
_REQUEST_PREFIX = re.compile(r"^(?:please\s+)?(?:remember(?:\s+that)?|note(?:\s+that)?|fyi)[:,]?\s+"
                             r"|^请?记住[：:，,]?\s*", re.IGNORECASE)
_REQUEST_SUFFIX = re.compile(r"(?<![\s,;:，；])[,;:，；]?\s*(?:please\s+)?(?:remember|note|keep in mind)\s+"
                             r"(?:it|this|that)\W*$", re.IGNORECASE)
_SPLIT = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")  # "x.example" is not a sentence end
_SEMICOLON = re.compile(r"(?<=;)\s+|(?<=；)\s*")
# a sentence that carries on the request before it rather than asking anew ("Always use date-fns.
# Don't use moment.js."): it has no marker of its own, so alone it would be lost
_CONTINUATION = re.compile(r"^(?:(?:but|and|so)\s+)?(?:don't|do not|not|avoid|instead|rather than)\b|"
                           r"^(?:而不是|而非|不用|别用)", re.IGNORECASE)
# words that change nothing a statement says: two statements differing only by them are the same
_FILLERS = frozenset({"please", "pls", "plz", "again", "also", "just", "kindly", "really", "ok", "okay"})
_ZH_PLEASE = re.compile(r"(?:^|(?<=以后)|(?<=今后)|(?<=也)|(?<=都)|(?<=再))请")
_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CJK_END = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]$")
_IMPERATIVE = re.compile(r"^(?:please\s+|can you\s+|could you\s+|pls\s+|请|帮我|麻烦)?"
                         r"(run|fix|update|bump|add|write|create|generate|refactor|review|check|deploy|release|"
                         r"publish|tag|rebase|merge|format|lint|test|document|migrate|upgrade|clean|build|"
                         r"运行|修复|更新|添加|生成|重构|检查|部署|发布|测试|升级|清理|构建)", re.IGNORECASE)


@dataclass(frozen=True)
class Evidence:
    source: str
    session: str
    timestamp: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "session": self.session, "timestamp": self.timestamp, "text": self.text}


@dataclass(frozen=True)
class MemoryCandidate:
    id: str
    name: str
    title: str
    description: str
    type: str
    scope: str
    body: str           # the statement only: what recall injects
    reason: str
    statement: str
    evidence: tuple[Evidence, ...]
    how_to_apply: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "title": self.title, "description": self.description,
                "type": self.type, "scope": self.scope, "body": self.body, "reason": self.reason,
                "how_to_apply": self.how_to_apply, "evidence": [e.to_json() for e in self.evidence]}

    def provenance(self) -> dict[str, Any]:
        """Why it was suggested, how to apply it and its evidence (secrets masked): kept in the
        accepted fact's front matter, never in its body, so recall does not inject it."""
        return {"id": self.id, "why": str(self.reason), "how_to_apply": self.how_to_apply,
                "evidence": [{**e.to_json(), "text": sensitive.redact(e.text)[0]} for e in self.evidence[:3]]}


@dataclass(frozen=True)
class SkillCandidate:
    id: str
    name: str
    title: str
    description: str
    body: str           # the drafted SKILL.md
    reason: str
    evidence: tuple[Evidence, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "title": self.title, "description": self.description,
                "body": self.body, "reason": self.reason, "evidence": [e.to_json() for e in self.evidence]}


@dataclass(frozen=True)
class Dismissal:
    """A candidate dismissed in this workspace; ``candidate`` is None when the recent sessions
    no longer hold it (it can still be restored: it comes back if it is said again)."""

    id: str
    dismissed_at: str
    candidate: MemoryCandidate | SkillCandidate | None = None

    @property
    def title(self) -> str:
        return self.candidate.title if self.candidate is not None else self.id

    def to_json(self) -> dict[str, Any]:
        kind = None if self.candidate is None else ("memory" if isinstance(self.candidate, MemoryCandidate)
                                                    else "skill")
        return {"id": self.id, "dismissed_at": self.dismissed_at, "kind": kind, "title": self.title,
                "candidate": self.candidate.to_json() if self.candidate is not None else None}


@dataclass(frozen=True)
class LeftOut:
    """A statement left out because the store or the instructions already say it: which, and what
    says it (a new user read "Left out: 2 already a fact or an instruction" and could not tell)."""

    statement: str
    matches: str   # the fact's or the instruction's text that already says it (its first 160 characters)

    def to_json(self) -> dict[str, str]:
        return {"statement": self.statement, "matches": self.matches}


@dataclass
class SuggestionSet:
    memories: list[MemoryCandidate] = field(default_factory=list)
    skills: list[SkillCandidate] = field(default_factory=list)
    sources: list[SourceStatus] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)  # why statements were left out: counts
    dismissed: list[Dismissal] = field(default_factory=list)  # newest first; not in to_json (its own command)
    known: list[LeftOut] = field(default_factory=list)   # the "already a fact or an instruction" of skipped

    def to_json(self) -> dict[str, Any]:
        return {"memories": [m.to_json() for m in self.memories], "skills": [s.to_json() for s in self.skills],
                "sources": [s.to_json() for s in self.sources], "skipped": dict(self.skipped),
                "already_known": [k.to_json() for k in self.known]}

    def find(self, candidate_id: str) -> MemoryCandidate | SkillCandidate | None:
        candidates: list[MemoryCandidate | SkillCandidate] = [*self.memories, *self.skills]
        return next((c for c in candidates if c.id == candidate_id), None)


# the overlap rule (UPSTREAM "safe automatic writes") ------------------------------------------

def _tokens(text: str) -> set[str]:
    return set(tokenize(text, drop_stopwords=True))


ALREADY_KNOWN = "already a fact or an instruction"


def _first_chars(text: str, limit: int = 160) -> str:
    """The start of what a fact or an instruction says, a secret a hand put in it masked (before
    the cut, so no part of one is left to show)."""
    flat = " ".join(sensitive.redact(text)[0].split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def overlaps(a: str, b: str) -> bool:
    """Equal or containing (both ≥ 4 chars), or ≥ 2 shared tokens covering ≥ 2/3 of the smaller set."""
    la, lb = " ".join(a.lower().split()), " ".join(b.lower().split())
    if len(la) >= 4 and len(lb) >= 4 and (la in lb or lb in la):
        return True
    ta, tb = _tokens(a), _tokens(b)
    shared = len(ta & tb)
    return shared >= 2 and shared * 3 >= 2 * min(len(ta), len(tb))


# statements -----------------------------------------------------------------------------------------

def clauses(text: str) -> list[str]:
    """Sentences of a user turn cut at every ``;`` too, whitespace collapsed."""
    return [" ".join(part.split()) for sentence in _SPLIT.split(text) if sentence
            for part in _SEMICOLON.split(sentence) if part and part.strip()]


def statements(text: str) -> list[str]:
    """Statements of a user turn, whitespace collapsed: its sentences, where a clause after
    ``;`` stays with the request before it ("Never push to main; open a PR instead") unless
    it is negated; a request after a clause that is not one stands alone ("I don't remember
    the port; always use 8080"); and a sentence that only carries on the request before it
    ("Always use date-fns. Don't use moment.js.") stays with it."""
    found: list[str] = []
    for sentence in _SPLIT.split(text):
        sentence = " ".join((sentence or "").split())
        if found and sentence and _carries_on(found[-1], sentence):
            found[-1] += " " + sentence
            continue
        parts = [" ".join(p.split()) for p in _SEMICOLON.split(sentence or "") if p and p.strip()]
        current: str | None = None
        for part in parts:
            joins = current is not None and (
                is_request(part) is None if is_request(current) is None
                else not (_NEGATED.search(part) or _ZH_NEGATED.search(part)))
            if joins and current is not None:
                current += ("" if current.endswith("；") else " ") + part
            else:
                if current is not None:
                    found.append(current)
                current = part
        if current is not None:
            found.append(current)
    return found


def _carries_on(before: str, sentence: str) -> bool:
    """Whether ``sentence`` only carries on the request ``before`` it (see :data:`_CONTINUATION`)."""
    return (is_request(before) is not None
            and not (_EN_MARKERS.search(sentence) or _ZH_MARKERS.search(sentence))   # a request of its own
            and bool(_CONTINUATION.match(sentence)) and not sentence.endswith(("?", "？"))
            and len(before) + 1 + len(sentence) <= MAX_CHARS)


def is_request(statement: str) -> str | None:
    """Why ``statement`` asks to keep something (the marker), or None."""
    if not MIN_CHARS <= len(statement) <= MAX_CHARS:
        return None
    if statement.rstrip().endswith(("?", "？")) or _QUESTION_START.match(statement):
        return None
    if _NEGATED.search(statement) or _ZH_NEGATED.search(statement):
        return None
    match = _EN_MARKERS.search(statement) or _ZH_MARKERS.search(statement)
    if match:
        return match.group(0)
    prohibition = _PROHIBITION.match(statement)
    if prohibition and (_PROJECT.search(statement) or _CODE_WORD.search(statement)):
        return prohibition.group(1).lower()
    stated = _STATED.match(statement)
    return "is at" if stated else None


def classify(statement: str) -> tuple[str, str]:
    """(type, scope) of a fact holding ``statement``."""
    if _URL.search(statement):
        return "reference", "project"
    personal = bool(_PERSONAL.search(statement)) and not _PROJECT.search(statement)
    if personal:
        return "user", "global"
    if _FEEDBACK.search(statement):
        return "feedback", "project"
    return "project", "project"


def _candidate_id(kind: str, key: str) -> str:
    return f"{kind}-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


def _core(statement: str) -> str:
    """The statement without the request around it ("please remember that …", "…, remember it")."""
    core = _REQUEST_SUFFIX.sub("", _REQUEST_PREFIX.sub("", statement).strip())
    return core.strip().rstrip(".。!！") or statement


def _cut(text: str, limit: int, space: str = " ") -> str:
    """At most ``limit`` characters of ``text``, ending at a whole word when the words are
    separated by ``space`` (text without separators, such as Chinese, is cut at a character)."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if text[limit] != space:
        boundary = head.rfind(space)
        if boundary >= limit // 3:
            head = head[:boundary]
    return head.rstrip(" ,;:-，；：、")


def _title(statement: str, limit: int = 60) -> str:
    core = _core(statement)
    core = core[:1].upper() + core[1:]
    return core if len(core) <= limit else _cut(core, limit - 1) + "…"


def _name(title: str, limit: int, fallback: str) -> str:
    """A slug of ``title`` of at most ``limit`` characters, cut between words."""
    return _cut(slug(title), limit, "-") or fallback


def _words(statement: str) -> list[str]:
    """The words of ``statement`` that say something: its core (the request around it gone),
    NFKC and casefolded, punctuation gone, without the words that change nothing ("please",
    "again", a Chinese 请)."""
    core = unicodedata.normalize("NFKC", _core(statement)).casefold()
    return [word for word in _WORD.findall(_ZH_PLEASE.sub("", core).replace("_", " "))
            if word not in _FILLERS]


def same_statement(statement: str) -> str:
    """What two statements share when they are the same statement said again: its words, in
    order. Statements that only share words ("always use pnpm", "always use date-fns") differ."""
    return " ".join(_words(statement))


SHORT_NAME_WORDS, SHORT_NAME_CHARS, SHORT_NAME_CJK = 4, 40, 10


def short_name(statement: str, fallback: str) -> str:
    """A fact name of a few words of the statement: its first words that say something (at most
    :data:`SHORT_NAME_WORDS`, :data:`SHORT_NAME_CHARS` characters; a run of Chinese, which has no
    spaces, at most :data:`SHORT_NAME_CJK` characters), never "please"."""
    parts: list[str] = []
    for word in slug(" ".join(_words(statement))).split("-"):
        if not word:
            continue
        if len(word) > SHORT_NAME_CJK and not word.isascii():
            word = word[:SHORT_NAME_CJK]
        if len(parts) == SHORT_NAME_WORDS or len("-".join([*parts, word])) > SHORT_NAME_CHARS:
            break
        parts.append(word)
    return "-".join(parts) or fallback


_HOW_TO_APPLY = {"feedback": "Follow it when working in this project unless the user says otherwise.",
                 "user": "Apply it to every reply; it is a personal preference.",
                 "reference": "Use the link when the topic comes up; check it is still current.",
                 "project": "Take it into account when changing this project."}


def _memory_body(statement: str) -> str:
    """The statement as a sentence, and nothing else (see :meth:`MemoryCandidate.provenance`)."""
    core = _core(statement)
    core = core[:1].upper() + core[1:]   # the request around it gone, a sentence still starts with a capital
    if core.endswith(("。", "！", "？", ".", "!", "?")):
        return core
    return core + ("。" if _CJK_END.search(core) else ".")


def _memory(cid: str, statement: str, items: list[tuple[str, Evidence]]) -> MemoryCandidate:
    core = _core(statement)
    fact_type, scope = classify(core)
    evidence = [e for _, e in items]
    sessions_seen = len({e.session for e in evidence})
    reason = Reason("suggest_said", said=items[0][0], sessions=counted(sessions_seen, 'session'),
                    count=sessions_seen, kind=Reason(f"suggest_{fact_type}"))
    title = _title(statement)
    return MemoryCandidate(
        id=cid, name=short_name(statement, cid), title=title, description=core[:160], type=fact_type, scope=scope,
        body=_memory_body(statement), reason=reason, statement=core,
        evidence=tuple(evidence), how_to_apply=_HOW_TO_APPLY[fact_type])


def said_in_another_language(statement: str, existing: list[str]) -> str | None:
    """The first of ``existing`` in the other language (Chinese / not) that claims what
    ``statement`` claims (:func:`..text.claims.restates`): words cannot match across languages,
    a package manager, a version, a port or a day can."""
    claims = claims_of(statement)
    if not claims:
        return None
    chinese = bool(_CJK.search(statement))
    return next((text for text in existing
                 if bool(_CJK.search(text)) != chinese and restates(claims, claims_of(text))), None)


def mine(sessions: list[Session], existing_texts: Iterable[str], decided: Mapping[str, str],
         found_dismissed: dict[str, MemoryCandidate | SkillCandidate] | None = None) -> SuggestionSet:
    """Candidates from ``sessions`` (newest first), minus what ``existing_texts`` already hold and
    what was ``decided`` (candidate id → "accepted" or "dismissed"), counted by decision.
    Dismissed candidates still found are kept aside in ``found_dismissed`` (id → candidate)."""
    existing = [t for t in existing_texts if t.strip()]
    result = SuggestionSet()
    skipped: dict[str, int] = defaultdict(int)
    grouped: dict[str, list[tuple[str, Evidence]]] = {}
    for session in sessions:
        for turn in session.turns:
            for statement in statements(turn.text):
                marker = is_request(statement)
                if marker is None:
                    continue
                evidence = Evidence(turn.source, turn.session, turn.timestamp, statement)
                # evidence only of the same statement: never of one that merely shares its words
                grouped.setdefault(same_statement(statement), []).append((marker, evidence))
    ranked = [(key, items[0][1].text, items) for key, items in grouped.items()]   # said as it was said last
    # seen in more sessions first, then the most recent
    ranked.sort(key=lambda kv: (len({e.session for _, e in kv[2]}), max(e.timestamp for _, e in kv[2])),
                reverse=True)
    for key, statement, items in ranked:
        cid = _candidate_id("mem", key)
        # an id of the versions before statements were grouped by their words (the text as said)
        earlier = (_candidate_id("mem", " ".join(e.text.lower().split())) for _, e in items)
        decision_id = cid if cid in decided else next((old for old in earlier if old in decided), None)
        if decision_id is not None:
            skipped[decided[decision_id]] += 1
            if decided[decision_id] == "dismissed" and found_dismissed is not None:
                found_dismissed[decision_id] = _memory(decision_id, statement, items)
            continue
        said = next((text for text in existing if overlaps(_core(statement), text)), None) \
            or said_in_another_language(_core(statement), existing)
        if said is not None:
            skipped[ALREADY_KNOWN] += 1
            result.known.append(LeftOut(statement, _first_chars(said)))
            continue
        if len(result.memories) >= MAX_MEMORIES:
            skipped["over the limit of candidates"] += 1
            continue
        candidate = _memory(cid, statement, items)
        taken = {m.name for m in result.memories}
        if candidate.name in taken:   # two statements that start alike: each its own name
            candidate = replace(candidate, name=free_name(candidate.name, taken.__contains__))
        result.memories.append(candidate)
    result.skills = _skills(sessions, existing, decided, skipped, found_dismissed, result.known)
    result.skipped = dict(skipped)
    return result


# skills -----------------------------------------------------------------------------------------------

def default_skill_folder(workspace: Path) -> Path:
    """Where a skill's folder goes unless the user chooses: the workspace's Claude Code skills."""
    return Path(workspace) / ".claude" / "skills"


def check_skill_name(name: str) -> str:
    """A skill name is a slug: lowercase letters and digits in runs joined by single hyphens."""
    name = check_name(name)
    if slug(name) != name or len(name) > MAX_SKILL_NAME:
        raise InvalidInput(f"skill name {name!r} must be lowercase letters and digits joined by hyphens, "
                           f"at most {MAX_SKILL_NAME} characters (for example {slug(name)[:MAX_SKILL_NAME]!r})")
    return name


def skill_file(folder: Path, name: str) -> Path:
    """The SKILL.md that accepting a skill named ``name`` writes under ``folder`` (InvalidInput
    when ``name`` is not a skill name)."""
    return Path(folder) / check_skill_name(name) / "SKILL.md"


def rename_skill(skill: SkillCandidate, name: str) -> SkillCandidate:
    """``skill`` under another name, its SKILL.md front matter's ``name:`` too."""
    name = check_skill_name(name)
    lines = skill.body.split("\n")
    if lines and lines[0].strip() == "---":
        for index, line in enumerate(lines[1:], 1):
            if line.strip() == "---":
                break
            if line.startswith("name:"):
                lines[index] = f"name: {name}"
                break
    return replace(skill, name=name, body="\n".join(lines))


def _first_clause(text: str) -> str:
    parts = clauses(text)
    return parts[0] if parts else ""


def _steps(text: str) -> list[str]:
    pieces = re.split(r"\s*(?:,?\s*(?:and then|then|after that|afterwards)\s+|;|；|然后|再|，然后)\s*", text)
    return [p.strip(" .,。") for p in pieces if p and p.strip(" .,。")]


def _skills(sessions: list[Session], existing: list[str], decided: Mapping[str, str],
            skipped: dict[str, int],
            found_dismissed: dict[str, MemoryCandidate | SkillCandidate] | None,
            known: list[LeftOut]) -> list[SkillCandidate]:
    clusters: list[list[UserTurn]] = []
    for session in sessions:
        for turn in session.turns:
            clause = _first_clause(turn.text)
            if not (MIN_CHARS <= len(clause) <= MAX_CHARS) or not _IMPERATIVE.match(clause):
                continue
            if clause.rstrip().endswith(("?", "？")):
                continue
            for cluster in clusters:
                if overlaps(_first_clause(cluster[0].text), clause):
                    cluster.append(turn)
                    break
            else:
                clusters.append([turn])
    found: list[SkillCandidate] = []
    for cluster in sorted(clusters, key=len, reverse=True):
        sessions_seen = {t.session for t in cluster}
        if len(sessions_seen) < 2:
            continue
        phrasing = max((_first_clause(t.text) for t in cluster), key=len)
        cid = _candidate_id("skill", " ".join(_first_clause(cluster[0].text).lower().split()))
        if cid in decided:
            skipped[decided[cid]] += 1
            if decided[cid] == "dismissed" and found_dismissed is not None:
                found_dismissed[cid] = _skill(cid, cluster, phrasing)
            continue
        said = next((text for text in existing if overlaps(phrasing, text)), None)
        if said is not None:
            skipped[ALREADY_KNOWN] += 1
            known.append(LeftOut(phrasing, _first_chars(said)))
            continue
        if len(found) >= MAX_SKILLS:
            skipped["over the limit of candidates"] += 1
            continue
        found.append(_skill(cid, cluster, phrasing))
    return found


_ASKING = re.compile(r"^(?:please|pls|can you|could you|would you|帮我|请|麻烦)\s*[,，]?\s*", re.IGNORECASE)
_SKILL_FILLERS = frozenset({"the", "a", "an", "our", "my", "this", "that", "these", "those", "for", "of", "to",
                            "in", "on", "at", "with", "from", "into", "again", "also", "just", "now", "some", "me",
                            "us", "all", "every", "please"})
SKILL_NAME_WORDS = 4


def _as_step(text: str) -> str:
    """A step as a skill writes it: the asking gone ("please", "can you"), a capital first."""
    step = _ASKING.sub("", text.strip()).strip(" .,。")
    return step[:1].upper() + step[1:]


def skill_name(phrasing: str, fallback: str) -> str:
    """A skill's name from what it does: the first step's verb and what it acts on, at most
    :data:`SKILL_NAME_WORDS` words, the asking, articles and numbers left out ("Please write the
    release notes for 1.3 and open a PR" → ``write-release-notes``)."""
    first = re.split(r"\s+(?:and|then)\s+|[,:;，：；]|然后", _as_step(phrasing), maxsplit=1)[0]
    words = [word for word in slug(first).split("-")
             if word and word not in _SKILL_FILLERS and not word[0].isdigit()]
    return _cut("-".join(words[:SKILL_NAME_WORDS]), 48, "-") or fallback


def _skill(cid: str, cluster: list[UserTurn], phrasing: str) -> SkillCandidate:
    sessions_seen = {t.session for t in cluster}
    title = _title(_as_step(phrasing))
    name = skill_name(phrasing, cid)
    longest = max((t.text for t in cluster), key=len)
    steps = [_as_step(step) for step in _steps(" ".join(longest.split()))] or [_as_step(phrasing)]
    evidence = tuple(Evidence(t.source, t.session, t.timestamp, t.text) for t in cluster)
    description = f"Use when the user asks to {phrasing[:1].lower() + phrasing[1:]}".rstrip(".")
    body = "\n".join([
        "---", f"name: {yaml_scalar(name)}", f"description: {yaml_scalar(' '.join(description.split()))}", "---",
        "", f"# {title}", "",
        f"Use this skill when the user asks to {phrasing[:1].lower() + phrasing[1:].rstrip('.')}.", "",
        "## Steps", "", *[f"{n}. {step}" for n, step in enumerate(steps, 1)], "",
        "## Where this came from", "",
        *[f"- {e.source} session {e.session[:8]} at {e.timestamp or 'unknown time'}: “{e.text}”"
          for e in evidence[:5]], ""])
    return SkillCandidate(
        id=cid, name=name, title=title, description=description, body=body,
        reason=Reason("suggest_asked", count=len(sessions_seen), times=len(cluster)), evidence=evidence)
