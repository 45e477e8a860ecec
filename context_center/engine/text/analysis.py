"""Words for search and recall: the tokenizer, stopwords, and a light English stemmer.

Tokens (as Reasonix makes them): walking code points, a run of CJK (Han, Hiragana, Katakana,
Hangul) yields overlapping bigrams and a lone CJK character stays one token;
letters, digits and ``_`` build lowercased words; everything else separates.
On top of upstream: Latin words are stemmed with Snowball's English stemmer
(``panics`` → ``panic``, ``deploying`` → ``deploy``), and stopwords are known so
they never count as a match by themselves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from .limits import MAX_ANALYZED_CHARS, MAX_WORD_CHARS

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u3131-\u318e"
_TOKEN_RE = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[^\W{_CJK}]+)")
_WORD_RE = re.compile(rf"[^\W{_CJK}]+")
_CJK_RE = re.compile(f"[{_CJK}]")
_QUERY_WORD_RE = re.compile(rf"#?[^\W{_CJK}]+|[{_CJK}]+")

ENGLISH_STOPWORDS = frozenset("""
a about above after again against all am an and any are aren't as at be because been before being
below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here
here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its
itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours
ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than that
that's the their theirs them themselves then there there's these they they'd they'll they're they've
this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what
what's when when's where where's which while who who's whom why why's will with won't would wouldn't
you you'd you'll you're you've your yours yourself yourselves also just get got like make made us
s t d ll m o re ve y im ive dont doesnt didnt isnt wasnt cant wont shall may might must yes ok okay
please thanks thank hi hello hey really much many well still even ever now then
""".split())
# Common Chinese function words (as the bigrams and single characters the tokenizer yields).
CHINESE_STOPWORDS = frozenset("""
的 了 是 在 和 与 或 也 就 都 而 及 着 吗 呢 吧 啊 呀 把 被 给 对 从 向 于 为 以 之 其 这 那 你 我 他 她 它
我们 你们 他们 她们 它们 这个 那个 这些 那些 什么 怎么 如何 为什 么为 哪里 哪个 一个 一下 一些 可以 能够 应该
需要 已经 还是 或者 但是 因为 所以 如果 然后 就是 不是 没有 自己 现在 时候 今天 请问 帮我
""".split())
STOPWORDS = ENGLISH_STOPWORDS | CHINESE_STOPWORDS


def is_cjk(ch: str) -> bool:
    return bool(re.match(f"[{_CJK}]", ch))


_ENGLISH = snowballstemmer.stemmer("english")


@lru_cache(maxsize=131072)
def stem(word: str) -> str:
    """The Snowball (Porter 2) English stem of a lowercased ASCII word; other words as they are."""
    if len(word) <= 3 or len(word) > MAX_WORD_CHARS or not word.isascii() or not word.isalpha():
        return word
    return _ENGLISH.stemWord(word)


def _cjk_tokens(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def tokenize(text: str, *, stemmed: bool = True, drop_stopwords: bool = False) -> list[str]:
    """Every token of ``text`` in order; stopwords are recognised before stemming. Only the first
    :data:`MAX_ANALYZED_CHARS` characters are read, and words are cut at :data:`MAX_WORD_CHARS`."""
    lowered = text[:MAX_ANALYZED_CHARS].lower()
    if _CJK_RE.search(lowered) is None:  # the common case, on a faster path (C loops only)
        words = _WORD_RE.findall(lowered)
        if words and len(max(words, key=len)) > MAX_WORD_CHARS:
            words = [w[:MAX_WORD_CHARS] for w in words]
        if drop_stopwords:
            words = [w for w in words if w not in STOPWORDS]
        return list(map(stem, words)) if stemmed else words
    tokens: list[str] = []
    for match in _TOKEN_RE.finditer(lowered):
        cjk = match.group("cjk")
        if cjk:
            tokens.extend(t for t in _cjk_tokens(cjk) if not (drop_stopwords and t in STOPWORDS))
            continue
        word = match.group("word")[:MAX_WORD_CHARS]
        if drop_stopwords and word in STOPWORDS:
            continue
        tokens.append(stem(word) if stemmed else word)
    return tokens


@dataclass(frozen=True)
class QueryTerm:
    term: str           # the index token
    word: str           # the query word that carried it, as written
    stopword: bool
    distinctive: bool   # the word has a digit, "_", an inner capital, or was written #term


def _distinctive(word: str) -> bool:
    bare = word.lstrip("#")
    return (word.startswith("#") or any(c.isdigit() for c in bare) or "_" in bare
            or any(c.isupper() for c in bare[1:]))


def query_terms(text: str) -> list[QueryTerm]:
    """Distinct terms of a query, each with the word that carried it."""
    seen: dict[str, QueryTerm] = {}
    for match in _QUERY_WORD_RE.finditer(text[:MAX_ANALYZED_CHARS]):
        word = match.group(0)[:MAX_WORD_CHARS]
        bare = word.lstrip("#")
        if not bare:
            continue
        if is_cjk(bare[0]):
            for token in _cjk_tokens(bare):
                seen.setdefault(token, QueryTerm(token, bare, token in STOPWORDS, False))
            continue
        lowered = bare.lower()
        term = stem(lowered)
        if term not in seen:
            seen[term] = QueryTerm(term, word, lowered in STOPWORDS, _distinctive(word))
    return list(seen.values())
