"""Secrets that must never be written verbatim to a fact file, nor recalled."""
from __future__ import annotations

import operator
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..records import Fact, memo

MASK = "[REDACTED]"

# (kind, pattern). Each pattern matches the secret itself, so redaction keeps the context.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern)) for kind, pattern in (
        ("private key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
                        r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)"),
        # a run of exactly 20 capitals and digits, wherever it stands: in a name (aws_AKIA…) too
        ("AWS access key", r"(?<![0-9A-Z])(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![0-9A-Z])"),
        ("GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{60,255})\b"),
        ("GitLab token", r"\bglpat-[A-Za-z0-9_-]{20,}\b"),
        ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
        ("OpenAI API key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
        ("Google API key", r"\bAIza[0-9A-Za-z_-]{35}\b"),
        ("Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
        ("Stripe key", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b"),
        ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
        ("Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}\b"),
        # begins only where a run of its characters begins: from inside one ("eyJ-eyJ-…") each
        # start would scan the rest of the run, quadratic in it
        ("JSON web token", r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
        ("credentials in a URL", r"(?<=://)[^\s:/@]+:[^\s/@]{3,}(?=@)"),
        ("Slack webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{20,}"),
        ("bearer token", r"(?<=\bBearer )[A-Za-z0-9._~+/-]{16,}=*"),
    )
)

# password = hunter2, "api_key": "...", TOKEN: abc — the value is the secret.
# ... and any name that says what it holds: AWS_SECRET_ACCESS_KEY, DJANGO_SECRET_KEY, PRIVATE_KEY,
# db_password; a quoted value may hold spaces ("correct horse battery staple").
# Linear in the text, whatever it holds: a name begins only where a run of name characters does
# (begun after each "_" of "a_a_a_…", every start scanned the rest: 2 s for 8 KB), and what may
# follow the word that says "secret" is a few short parts ("password_password_…" each scanned on).
_ASSIGNMENT = re.compile(
    r"""(?ix)
    (?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]*(?:password|passwd|pwd|passphrase|secret|api[_-]?key|access[_-]?key
       |private[_-]?key|access[_-]?token|auth[_-]?token|token|credential)s?(?:[_-][A-Za-z0-9]{1,40}){0,6}
    ["']?\s*[:=]\s*
    (?:(?P<q>["'])(?P<quoted>[^"'\n]{6,}?)(?P=q)|(?P<value>[^\s"',;]{6,}))
    """)
# ``tokens = max(len / 4, ...)``: code, not a secret
_CALL = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*\(")
# A key that names where the secret is, not the secret: bearer_token_env_var = "CC_TOKEN", password_file: …
_NAMING_KEY = re.compile(r"(?i)[_-](?:env(?:[_-]?var)?|var(?:iable)?|name|file|path)[\"']?\s*[:=]\s*[\"']?$")
# Zero-width characters split a key so no pattern sees it; they are looked through.
_INVISIBLE = re.compile("[\u200b-\u200f\u2060-\u2064\ufeff\u00ad]")
# A key hidden in base64 (echo ... | base64 -d): decoded and looked at again.
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=])")
_PLACEHOLDER = re.compile(r"(?i)^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|<[^>]*>|x{4,}|\*{4,}|\.{3,}|changeme|"
                          r"your[_-]?\w*|example\w*|placeholder|redacted|\[redacted\]|none|null|"
                          r"env(?:iron)?\[.*|os\.environ.*|process\.env.*)$")


# A secret said in prose: "the root password is hunter2x", "密码是 hunter2x". The value must mix
# letters and digits, so "the token is used for auth" or "the password is stored in the vault" is
# no secret.
_PROSE = re.compile(
    r"""(?ix)
    \b(?:password|passphrase|passwd|pwd|secret|token|api[ _-]?key)s?\b
    (?:\s+(?:for|of|to|on|at)(?:\s+[\w.@/-]+){1,3})?
    \s+(?:is|was|are|reads|becomes)\s+[\"'`]?
    (?P<value>(?=[^\s\"'`,;]*\d)(?=[^\s\"'`,;]*[a-z])[^\s\"'`,;]{6,}?)[.!?]?(?=[\s\"'`,;]|$)
    |(?:密码|口令|密钥|令牌)\s*(?:是|为|:|=)\s*
    (?P<cjk>(?=[!-~]*\d)(?=[!-~]*[A-Za-z])[!-~]{6,})""")
# An e-mail address: personal, so never kept where an agent or a record would carry it on.
EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


# What each of _PATTERNS cannot match without (in its order): a pattern whose words are not in a
# text is not run over it. Each scan is a pass in C, but 17 of them over every fact that merely
# says "token" were most of a first open's parsing.
_PATTERN_NEEDLES: tuple[tuple[str, ...], ...] = (
    ("PRIVATE KEY",), ("AKIA", "ASIA", "ABIA", "ACCA"), ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    ("glpat-",), ("sk-ant-",), ("sk-",), ("AIza",), ("xox",), ("k_live_", "k_test_"), ("npm_",), ("hf_",),
    ("eyJ",), ("://",), ("hooks.slack.com",), ("Bearer ",))
assert len(_PATTERN_NEEDLES) == len(_PATTERNS)   # one entry per pattern, in its order
_PROSE_NEEDLES = ("pass", "pwd", "secret", "token", "key")   # and one of its verbs, or a CJK word:
# (the pattern ignores case as Python does: a dotless ı or a dotted İ is an i to it, so either one
# in the text skips this quick look)
_PROSE_VERBS = ("is", "was", "are", "reads", "becomes", "\u0131")
_CJK_PROSE_NEEDLES = ("密码", "口令", "密钥", "令牌")


def _direct(text: str) -> list[Finding]:
    found: list[Finding] = []
    for (kind, pattern), needles in zip(_PATTERNS, _PATTERN_NEEDLES):
        if any(needle in text for needle in needles):
            found.extend(Finding(kind, m.start(), m.end()) for m in pattern.finditer(text))
    lowered = text.lower()
    if ("=" in text or ":" in text) and any(needle in lowered for needle in _LOWER_NEEDLES):
        found.extend(_assignments(text))
    if any(needle in text for needle in _CJK_PROSE_NEEDLES) or (
            any(needle in lowered for needle in _PROSE_NEEDLES)
            and (any(verb in lowered for verb in _PROSE_VERBS) or "\u0130" in text)):
        found.extend(_in_prose(text))
    return found


def _assignments(text: str) -> list[Finding]:
    found: list[Finding] = []
    for match in _ASSIGNMENT.finditer(text):
        group = "quoted" if match.group("quoted") is not None else "value"
        value = match.group(group)
        plausible = group == "value" or len(value.split()) <= 6   # a quoted phrase, not a sentence
        if _NAMING_KEY.search(text, match.start(), match.start(group)):
            continue
        if plausible and not _PLACEHOLDER.match(value.strip()) and not _CALL.match(value) and value != MASK:
            found.append(Finding("password or token in an assignment", match.start(group), match.end(group)))
    return found


def _in_prose(text: str) -> list[Finding]:
    found: list[Finding] = []
    for match in _PROSE.finditer(text):
        group = "value" if match.group("value") is not None else "cjk"
        if not _PLACEHOLDER.match(match.group(group)) and not _CALL.match(match.group(group)):
            found.append(Finding("password or token in a sentence", match.start(group), match.end(group)))
    return found


def _in_base64(text: str) -> list[Finding]:
    import base64
    import binascii

    found = []
    for match in _BASE64.finditer(text):
        token = match.group(0)
        try:
            decoded = base64.b64decode(token + "=" * (-len(token) % 4), validate=True).decode("ascii")
        except (binascii.Error, ValueError, UnicodeDecodeError):
            continue
        if _direct(decoded):
            found.append(Finding("secret in base64", match.start(), match.end()))
    return found


# What every pattern above needs to match, as plain substrings: a text holding none of them (nor a
# base64 run, nor a zero-width character) holds no secret, and is told so for the cost of a few
# substring searches in C (3 µs for a title, 7 µs for a LoCoMo turn, against 53 µs for the scan).
# A test holds this list to the patterns: every secret the tests know trips it.
_NEEDLES = ("PRIVATE KEY", "AKIA", "ASIA", "ABIA", "ACCA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
            "glpat-", "sk-", "AIza", "xox", "k_live_", "k_test_", "npm_", "hf_", "eyJ", "://", "Bearer ",
            "密码", "口令", "密钥", "令牌")
# The same needles looked for in fewer passes: a short piece several of them share first ("gh" in
# five GitHub prefixes, "_" in five more), and those needles only where it is found. Each pass
# reads the whole text, so 13 passes instead of 26 halve the quick look over a long body (a first
# open of 100,000 facts looks at every one). A test holds the groups to _NEEDLES.
_NEEDLE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("PRIVATE KEY", ("PRIVATE KEY",)), ("IA", ("AKIA", "ASIA", "ABIA")), ("ACCA", ("ACCA",)),
    ("gh", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_")), ("_", ("github_pat_", "k_live_", "k_test_", "npm_", "hf_")),
    ("glpat-", ("glpat-",)), ("sk-", ("sk-",)), ("AIza", ("AIza",)), ("xox", ("xox",)), ("eyJ", ("eyJ",)),
    ("://", ("://",)), ("Bearer ", ("Bearer ",)))
_CJK_NEEDLES = tuple(needle for needle in _NEEDLES if not needle.isascii())   # (in ASCII text, none)
_LOWER_NEEDLES = ("pass", "pwd", "secret", "key", "token", "credential")   # the assignment's names
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{24}")


def may_hold_secret(text: str) -> bool:
    """False only when ``text`` certainly holds no secret :func:`find_secrets` would find."""
    for piece, needles in _NEEDLE_GROUPS:
        if piece in text and any(needle in text for needle in needles):
            return True
    ascii_only = text.isascii()   # no CJK word, no zero-width character
    if not ascii_only and any(needle in text for needle in _CJK_NEEDLES):
        return True
    lowered = text.lower()
    if any(needle in lowered for needle in _LOWER_NEEDLES) and (   # the gates _direct itself keeps:
            "=" in text or ":" in text                                 # an assignment,
            or any(verb in lowered for verb in _PROSE_VERBS) or "\u0130" in text):   # a sentence
        return True
    return bool(_BASE64_RUN.search(text) or (not ascii_only and _INVISIBLE.search(text)))


def _folded(text: str) -> tuple[str, list[int]]:
    """``text`` as detection reads it — zero-width characters dropped, compatibility forms folded
    by NFKC (a full-width ``ＡＫＩＡ…``, a mathematical 𝐀) — and, for each of its characters, the
    index of the character of ``text`` it came from."""
    chars: list[str] = []
    where: list[int] = []
    for index, char in enumerate(text):
        if _INVISIBLE.match(char):
            continue
        folded = char if char.isascii() else unicodedata.normalize("NFKC", char)
        chars.append(folded)
        where.extend([index] * len(folded))
    return "".join(chars), where


def find_secrets(text: str) -> list[Finding]:
    """Every secret in ``text``, by kind and position (never the secret itself): looked for in the
    text's NFKC form with zero-width characters dropped, so neither a full-width key nor one split
    by invisible characters hides."""
    if text.isascii():   # no zero-width character, nothing to fold: the text is its own form
        if not may_hold_secret(text):
            return []
        found = _direct(text)
    else:
        if not may_hold_secret(unicodedata.normalize("NFKC", _INVISIBLE.sub("", text))):
            return []
        view, where = _folded(text)
        found = [Finding(f.kind, where[f.start], where[f.end - 1] + 1) for f in _direct(view) if f.end > f.start]
    found += _in_base64(text)
    found.sort(key=lambda f: (f.start, -f.end))
    merged: list[Finding] = []
    for finding in found:
        if merged and finding.start < merged[-1].end:
            if finding.end > merged[-1].end:
                merged[-1] = Finding(merged[-1].kind, merged[-1].start, finding.end)
            continue
        merged.append(finding)
    return merged


def redact(text: str) -> tuple[str, list[str]]:
    """``text`` with every secret replaced by ``[REDACTED]``, and the kinds found."""
    findings = find_secrets(text)
    if not findings:
        return text, []
    out, last = [], 0
    for finding in findings:
        out.append(text[last:finding.start])
        out.append(MASK)
        last = finding.end
    out.append(text[last:])
    return "".join(out), sorted({f.kind for f in findings})



# Bumped whenever what is found changes: findings a folder snapshot carries from an earlier rule
# are looked for again.
RULES_VERSION = 3   # 2: NFKC forms, secrets said in prose; 3: an AWS key id after "_" or before a small letter
# The fields of a fact a person or an agent reads, in the order they are reported.
SHOWN_FIELDS = ("name", "title", "description", "keywords", "body", "subject_key", "category", "subject", "topics",
                "tags", "links")


def email_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each e-mail address in ``text``, found as a secret is: in the NFKC form with
    zero-width characters dropped (``alice＠example.com``, ``carol@exa\u200bmple.com``)."""
    if text.isascii():
        return [m.span() for m in EMAIL.finditer(text)] if "@" in text else []
    view, where = _folded(text)
    if "@" not in view:
        return []
    return [(where[m.start()], where[m.end() - 1] + 1) for m in EMAIL.finditer(view)]


def _masked_spans(text: str, spans: list[tuple[int, int]]) -> str:
    out, last = [], 0
    for start, end in sorted(spans):
        if start < last:
            continue
        out += [text[last:start], MASK]
        last = end
    out.append(text[last:])
    return "".join(out)


def shown_ref(ref: str) -> str:
    """A fact's reference as a prompt, a recall answer or a record carries it: a secret in a
    hand-written file name masked (the write rules refuse one in a name we make)."""
    return redact(ref)[0]


def mask_personal(text: str) -> str:
    """``text`` with every secret and e-mail address masked: what may be kept of a name an agent
    gave, or of a prompt in a record."""
    masked = redact(text)[0]
    return _masked_spans(masked, email_spans(masked))


_shown_values = operator.attrgetter(*SHOWN_FIELDS)
MAX_CHECKED_CHARS = 1 << 20   # of one field: a hand-written 50 MB body is checked (and shown) this far
UNCHECKED = "not checked for secrets past its first 1,048,576 characters"


def fact_findings(fact: Fact) -> tuple[int, tuple[tuple[str, str], ...]]:
    """(:data:`RULES_VERSION`, (field, kind) of each secret in a fact's shown fields): what
    :func:`secret_findings` keeps, and the folder snapshot carries. A field longer than
    :data:`MAX_CHECKED_CHARS` is also named, as :data:`UNCHECKED`: it is shown cut there."""
    shown: list[str] = []
    for value in _shown_values(fact):
        if isinstance(value, tuple):
            shown.extend(text for text in value if text and isinstance(text, str))
        elif value and isinstance(value, str):
            shown.append(value)
    whole = "\n".join(shown)
    if len(whole) <= MAX_CHECKED_CHARS and not find_secrets(whole):
        # Nothing in the fields together, so nothing in any one (one scan, not one per field): no
        # pattern needs the start of its text (what precedes a field here is a line break, which
        # every pattern takes as it takes a start), and a match reaching into the next field only
        # finds more. The fields are scanned one by one only to say which holds what.
        return RULES_VERSION, ()
    found: list[tuple[str, str]] = []
    for name in SHOWN_FIELDS:
        value = getattr(fact, name)
        texts = value if isinstance(value, tuple) else (value,)
        for text in texts:
            if text and isinstance(text, str):
                found.extend((name, kind) for kind in dict.fromkeys(
                    f.kind for f in find_secrets(text[:MAX_CHECKED_CHARS])))
                if len(text) > MAX_CHECKED_CHARS:
                    found.append((name, UNCHECKED))
    return RULES_VERSION, tuple(dict.fromkeys(found))


def secret_findings(fact: Fact) -> tuple[int, tuple[tuple[str, str], ...]]:
    """:func:`fact_findings`, looked for once per fact (the folder snapshot carries it, so listing
    10,000 facts scans none of them again)."""
    return memo(fact, "secret_findings", fact_findings)


def findings_of(fact: Fact) -> tuple[tuple[str, str], ...]:
    """(field, kind) of each secret in what ``fact`` shows, by today's rules."""
    version, found = secret_findings(fact)
    return found if version == RULES_VERSION else fact_findings(fact)[1]


def mask_fact_json(data: dict[str, Any], findings: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """A fact's JSON with each secret masked where it stands (the file is left as it is), and
    ``"masked": [{"field", "kind"}]`` saying so; unchanged when nothing was found. The name is
    the fact's reference and is kept; its secret is named all the same."""
    if not findings:
        return data
    masked = dict(data)
    cut = {field for field, kind in findings if kind == UNCHECKED}
    for name in {field for field, _ in findings} - {"name"}:
        value = masked.get(name)
        if isinstance(value, str):
            shown = value[:MAX_CHECKED_CHARS]
            masked[name] = redact(shown)[0] + (f"\n[… {len(value) - len(shown):,} more characters, not shown: "
                                               "never checked for secrets]" if name in cut else "")
        elif isinstance(value, list):
            masked[name] = [redact(v[:MAX_CHECKED_CHARS])[0] if isinstance(v, str) else v for v in value]
    if "title" in {field for field, _ in findings} and "label" in masked:
        masked["label"] = redact(masked["label"])[0]
    masked["masked"] = [{"field": field, "kind": kind} for field, kind in findings]
    return masked


@dataclass(frozen=True)
class SecretWords:
    """The lowercase words (3+ characters) that occur in a text only inside a secret: what a
    tokenizer may have cut out of one (``hunter2secret``, ``api03``), and the text masked."""
    words: frozenset[str]
    masked: str

    @classmethod
    def of(cls, text: str) -> "SecretWords":
        """Secrets, and e-mail addresses (personal: not a record's to keep), are what is masked."""
        findings = find_secrets(text)
        spans = [(f.start, f.end) for f in findings]
        masked = redact(text)[0] if findings else text
        addresses = email_spans(masked)
        if addresses:
            spans += email_spans(text)
            masked = _masked_spans(masked, addresses)
        lowered = masked.lower()
        words = {w for start, end in spans for w in re.findall(r"\w{3,}", text[start:end].lower())}
        return cls(frozenset(w for w in words if w not in lowered), masked)

    def scrub(self, value: Any) -> Any:
        """``value`` (JSON-like) with each secret word masked where it stands as a word, and list
        items cut from a secret (a query term found only inside one) left out."""
        if not self.words:
            return value
        if isinstance(value, str):
            return self._pattern().sub(MASK, value)
        if isinstance(value, dict):
            return {k: self.scrub(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            lowered = self.masked.lower()
            return [self.scrub(v) for v in value if not (isinstance(v, str) and v and v.lower() not in lowered
                                                         and any(v.lower() in w for w in self.words))]
        return value

    def _pattern(self) -> re.Pattern[str]:
        words = sorted(self.words, key=len, reverse=True)
        return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)
