"""Secret detection: what the issue found missed is caught, and ordinary technical prose (the
LoCoMo turns, this project's own documents) raises nothing (#13)."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from context_center.engine.memory.sensitive import find_secrets, redact

pytestmark = pytest.mark.adversarial

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"

MISSED_BEFORE = [
    "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "SECRET_KEY = 'django-insecure-8x!f#k2$abc'",
    "PRIVATE_KEY=MIIEvQIBADANBgkqhkiG9w0",
    'passphrase: "correct horse battery staple"',
    "post to https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX when done",
    "curl -H 'Authorization: Bearer abcdef0123456789abcdef' https://api.example.test",
    "the token ghp_" + "\u200b".join("Zq8Zq8Zq8Zq8Zq8Zq8Zq8Zq8Zq8Zq8Zq8Zq8"),
    "echo " + base64.b64encode(b"sk-ant-api03-abcdefghijklmnopqrstuvwx").decode() + " | base64 -d",
]


@pytest.mark.parametrize("text", MISSED_BEFORE)
def test_what_was_missed_is_found_and_masked(text: str):
    assert find_secrets(text)
    masked, kinds = redact(text)
    assert "[REDACTED]" in masked and kinds
    for word in ("wJalrXUtnFEMI", "django-insecure", "MIIEvQIBADAN", "battery staple", "XXXXXXXXXXXXXXXXXXXXXXXX",
                 "abcdef0123456789abcdef", "Zq8", "c2stYW50"):
        assert word not in masked


def test_ordinary_prose_raises_nothing():
    texts = []
    locomo = SHARED / "bench" / "locomo-dev.json"
    if locomo.exists():
        for conversation in json.loads(locomo.read_text(encoding="utf-8")):
            for key, turns in conversation["conversation"].items():
                if re.fullmatch(r"session_\d+", key):
                    texts += [turn["text"] for turn in turns]
    documents = [REPO / "README.md", *(SHARED / name for name in ("DESIGN.md", "UPSTREAM.md", "STYLE.md"))]
    texts += [p.read_text(encoding="utf-8") for p in documents if p.exists()]
    texts += ["The token is used for auth.", "Use a secret manager for credentials.",
              "password reset emails go out at noon", "tokens = max(len / 4, words * 1.3)",
              'bearer_token_env_var = "CC_MCP_TOKEN"', "password_file: /run/secrets/db"]   # where, not what
    flagged = [(t[:80], [f.kind for f in find_secrets(t)]) for t in texts if find_secrets(t)]
    assert flagged == []


ONE_OF_EACH_KIND = {
    "private key": "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----",
    "AWS access key": "id AKIAIOSFODNN7EXAMPLQ in the config",
    "GitHub token": "ghs_" + "a1B2" * 9,
    "GitLab token": "glpat-" + "x1Y2z3" * 4,
    "Anthropic API key": "sk-ant-" + "q" * 24,
    "OpenAI API key": "sk-proj-" + "R9" * 12,
    "Google API key": "AIza" + "S" * 35,
    "Slack token": "xoxb-" + "1234567890ab",
    "Stripe key": "rk_live_" + "Z" * 20,
    "npm token": "npm_" + "n" * 36,
    "Hugging Face token": "hf_" + "h" * 32,
    "JSON web token": "eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.SflKxwRJSMeKKF2QT4",
    "credentials in a URL": "https://deploy:s3cr3tpass@git.example.test/repo",
    "Slack webhook": "https://hooks.slack.com/services/T000/B000/" + "X" * 24,
    "bearer token": "Authorization: Bearer " + "t0k" * 8,
    "password or token in an assignment": "db_password = hunter2hunter2",
}


@pytest.mark.parametrize("kind", sorted(ONE_OF_EACH_KIND))
def test_the_quick_look_never_misses_what_the_scan_finds(kind: str):
    """``may_hold_secret`` lets ``find_secrets`` skip most text: it must trip on every kind."""
    from context_center.engine.memory import sensitive

    text = ONE_OF_EACH_KIND[kind]
    assert sensitive.may_hold_secret(text)
    assert kind in {f.kind for f in find_secrets(text)}
    kinds = {k for k, _ in sensitive._PATTERNS} | {"password or token in an assignment"}
    assert set(ONE_OF_EACH_KIND) == kinds   # a new kind of secret gets an example here


# Texts that made one pattern or another scan the rest of the text from each of its positions: a
# 16 KB "eyJ-eyJ-…" took 4.6 s, so a 1 MiB one hours, stalling every face that reads the fact.
STALLS = {
    "name run": "a_" * 2**19 + " key",
    "GitHub prefix": "ghp_" * 2**18,
    "JWT prefix": "eyJ-" * 2**18,
    "secret word": "password_" * 2**17,
    "dashed keys": "key-" * 2**18,
    "URL credentials": "://a:" * 2**18,
    "key blocks": "-----BEGIN RSA PRIVATE KEY-----" * 2**16,
    "prose": "token for a to b is " * 2**16,
    "base64 runs": ("A" * 30 + "=") * 2**16,
}


@pytest.mark.slow
def test_a_mebibyte_of_any_shape_is_scanned_in_one_pass():
    """Every shape at once in a child process with a deadline far above a linear scan's (under a
    second each here) and far below a quadratic one's: a stall fails, a loaded machine does not."""
    import subprocess
    import sys

    script = ("import json, sys\nfrom context_center.engine.memory.sensitive import find_secrets\n"
              "for text in json.load(sys.stdin).values():\n    find_secrets(text)\n")
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(STALLS), capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr
    assert all(len(text) >= 2**20 for text in STALLS.values())


@pytest.mark.parametrize("text", ["the password ıs hunter2x9", "the password İS hunter2x9", "THE PASSWORD IS hunter2x9",
                                  "the token was abc123def9", "our api key becomes k3y5ecret1"])
def test_a_secret_said_in_prose_is_found_whatever_the_case_of_its_words(text: str):
    """The quick looks that skip a pattern over text without its words must skip no text it matches
    (it ignores case as Python does: a dotless ı and a dotted İ are both an i to it)."""
    assert "password or token in a sentence" in {f.kind for f in find_secrets(text)}


# What may stand beside a field when a fact's fields are looked at together: the ends of words,
# names, prefixes and the words that begin a pattern.
NEIGHBOURS = ["", "abc", "x_", "9", "-", "=", "eyJ", "Bearer", "password =", "://", "sk-", "ＡＫＩＡ", "\u200b"]


@pytest.mark.parametrize("kind", sorted(ONE_OF_EACH_KIND))
def test_a_fact_is_scanned_whole_without_missing_a_secret_in_any_field(kind: str):
    """A fact's fields are scanned together first, and one by one only when that finds something:
    whatever its neighbours hold, a secret in any one field is found and named with its field."""
    from context_center.engine.memory.sensitive import SHOWN_FIELDS, fact_findings
    from context_center.engine.records import Fact

    secret = ONE_OF_EACH_KIND[kind]
    text_fields = [name for name in SHOWN_FIELDS if name not in ("topics", "tags", "links")]
    for field in text_fields:
        for neighbour in NEIGHBOURS:
            values = {name: neighbour for name in text_fields}
            values[field] = secret
            fact = Fact(id="mem-" + "0" * 32, revision=1, type="project", scope="project",
                        created_at="2026-12-03T00:00:00Z", updated_at="2026-12-03T00:00:00Z", **values)
            assert (field, kind) in fact_findings(fact)[1], (field, neighbour)


def test_the_quick_looks_groups_hold_every_needle_and_each_needle_holds_its_group():
    """The quick look searches a shared piece first, then the needles under it: every needle is
    under exactly one group, and contains that group's piece (else a text holding the needle
    would skip it)."""
    from context_center.engine.memory import sensitive

    grouped = [needle for _piece, needles in sensitive._NEEDLE_GROUPS for needle in needles]
    assert sorted(grouped + list(sensitive._CJK_NEEDLES)) == sorted(sensitive._NEEDLES)
    assert len(grouped) == len(set(grouped))
    assert all(piece in needle for piece, needles in sensitive._NEEDLE_GROUPS for needle in needles)
    for needle in sensitive._NEEDLES:   # each one, alone in plain prose, trips the quick look
        assert sensitive.may_hold_secret(f"the deploy notes mention {needle} once")


def test_the_quick_look_lets_a_word_that_names_a_secret_pass_when_nothing_is_said_of_it():
    """'token' or 'key' alone (no assignment, no sentence saying what it is) cannot be a secret
    the scan finds: the quick look says so, and the scan is skipped."""
    from context_center.engine.memory.sensitive import may_hold_secret

    assert not may_hold_secret("the token budget of the deploy cache keeps the monkey busy")
    assert may_hold_secret("the token budget: 5")        # an assignment may follow
    assert may_hold_secret("the token was abc123def9")   # a sentence may say it


def test_the_quick_look_never_misses_a_secret_in_random_text():
    """Texts made of the pieces the patterns and the quick look read: whenever the scan finds
    something, the quick look (at the text as the scan reads it: NFKC, no zero-width characters)
    said it might."""
    import random
    import unicodedata

    from context_center.engine.memory.sensitive import _INVISIBLE, may_hold_secret

    pieces = ["token", "key", "password", "secret", "pwd", "is", "was", "=", ":", " ", "\n", "'", '"', "hunter2x9",
              "abc123def9", "Bearer", "://", "@", "user", "eyJ", "ghp_", "sk-", "A" * 24, "İ", "ı", "密码", "是",
              "\u200b", "ＡＫＩＡ", "IOSFODNN7EXAMPLQ", "db_", "-", "_", "x" * 8, *ONE_OF_EACH_KIND.values()]
    rng = random.Random(30)
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 9)))
        assert may_hold_secret(unicodedata.normalize("NFKC", _INVISIBLE.sub("", text))) or not find_secrets(text), text
