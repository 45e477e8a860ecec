"""Which other facts a recalled fact is disputed by, so that recall never hands an agent one side
of a conflict in silence: one subject of one thing given another value (:mod:`..text.claims`), or
a name one of them says was left behind and the other still says ("The app is deployed on
Heroku." / "We migrated the app from Heroku to Fly.io.", as the review reads it:
:func:`..text.similarity.still_says`).

Asked of the few facts a recall returns, never of the whole store. A fact disputing a claim holds
the words of its subject ("npm", "port"…) and of the thing it belongs to ("cache", "数据库"…): each
claim gathers the facts holding the rarer of those (the index's postings), and only their claims
are read (a few regular expressions each, cached by text). A claim whose every word is in
thousands of facts is not looked into (it says little); the fact's other claims still are. A
name left behind is looked for among the facts holding it, and the facts that may have left one of
the fact's rarer words behind among those holding such a word.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..records import Fact
from ..text.analysis import tokenize
from ..text.claims import LEFT_BEHIND_VERBS, claims_of, conflicts, is_an_exception, left_behind, spellings
from ..text.reading import read
from ..text.similarity import still_says
from .recall_index import RecallIndex

# the words a fact speaking of each subject holds (analysed as the index analyses them)
_VOCABULARY = {
    "package-manager": "npm pnpm yarn bun",
    "deploy-day": "deploy deploys deployed release releases ship 部署 发布 上线",
    "port": "port 端口",
    "ci": "github actions gitlab circleci jenkins travis buildkite azure",
    "indentation": "indent indentation tabs spaces 缩进",
}
MAX_CANDIDATES = 400   # facts read for one claim at most
RARE_NAME = 40         # a word held by at most this many facts may be a name another left behind
MAX_LEFT_READ = 50     # facts read for a name left behind, per hit (about 0.1 ms each)
_LEFT_TERMS = tuple(dict.fromkeys(tokenize(LEFT_BEHIND_VERBS)))
# what may be a name another note left behind: a capitalised word, or one holding a digit, a dot or
# a sign (Heroku, Fly.io, k8s, C#); a note's other words are not looked up
_NAME = re.compile(r"(?<![\w.+#-])(?:[A-Z][\w.+#-]*|[a-z][\w+#-]*[\d.+#][\w.+#-]*)")


def text_of(fact: Fact) -> str:
    """What a fact is read as: its title and its body (as the review reads it)."""
    return f"{fact.title}. {fact.body}"


def disputes(index: RecallIndex, fact: Fact) -> list[Fact]:
    """The live facts of ``index`` whose claims conflict with ``fact``'s, newest first (worked out
    once per fact until the index is next synced: the same hits come back prompt after prompt)."""
    return list(index.remembered(("disputes", fact.scope, fact.id, fact.revision, text_of(fact)),
                                 lambda: tuple(_disputes(index, fact))))


def _disputes(index: RecallIndex, fact: Fact) -> list[Fact]:
    text = text_of(fact)
    if is_an_exception(text):   # an exception to a rule disputes no rule it names
        return []
    claims = claims_of(text)
    slots: set[int] = set()
    for subject, entity in sorted({(c.subject, c.entity) for c in claims if c.subject != "time"}, key=_order):
        slots |= _gathered(index, subject, entity)
    found = {}
    for slot in sorted(slots):
        other = index.fact_at(slot)
        other_text = text_of(other)
        if other.id != fact.id and conflicts(claims, claims_of(other_text), text, other_text) \
                and not is_an_exception(other_text):
            found[other.id] = other
    for other in _left_behind_disputes(index, fact, text):
        found.setdefault(other.id, other)
    return sorted(found.values(), key=lambda f: (f.updated_at, f.id), reverse=True)


def _left_behind_disputes(index: RecallIndex, fact: Fact, text: str) -> list[Fact]:
    """The facts still saying a name ``fact`` says was left behind, and those that left behind a
    rare name ``fact`` still says. The latter are gathered by the index (a rare word of ``fact``
    written as a name is, and a verb every left-behind form holds), and only those whose
    left-behind names ``fact`` holds are read: conversation says "went from … to …" all day, and
    reading every such note took recall from a few milliseconds to 150 ms at 10,000 facts. (A name
    written in lower case, "heroku", is not looked for this way; the review still finds the pair.)"""
    slots: set[int] = set()
    for gone in left_behind(text):
        terms = tokenize(gone)
        if terms and sum(index.document_frequency(term) for term in terms) <= MAX_LEFT_READ:
            slots |= index.slots_with(terms)
    rare = [term for term in _name_terms(text) if index.document_frequency(term) <= RARE_NAME]
    if rare:
        mine_terms = frozenset(tokenize(text))
        verbs = index.holding_any(_LEFT_TERMS)
        leaving = [slot for slot in sorted(index.slots_with(rare)) if verbs[slot]][:MAX_LEFT_READ]
        slots.update(slot for slot in leaving if any(gone <= mine_terms for gone in _left_names(
            text_of(index.fact_at(slot)))))
    if not slots:
        return []
    mine = read(text)
    found = []
    for slot in sorted(slots):
        other = index.fact_at(slot)
        if other.id == fact.id:
            continue
        theirs = read(text_of(other))
        if still_says(mine, theirs) or still_says(theirs, mine):
            found.append(other)
    return found


@lru_cache(maxsize=4096)
def _name_terms(text: str) -> tuple[str, ...]:
    """The index's terms of the words ``text`` writes as names."""
    return tuple(dict.fromkeys(tokenize(" ".join(_NAME.findall(text)))))


@lru_cache(maxsize=4096)
def _left_names(text: str) -> tuple[frozenset[str], ...]:
    """The names ``text`` says were left behind, each as the index's terms."""
    return tuple(terms for gone in left_behind(text) if (terms := frozenset(tokenize(gone))))


def _gathered(index: RecallIndex, subject: str, entity: frozenset[str]) -> set[int]:
    """The slots of the facts that could dispute a claim on ``subject`` of ``entity``: those holding
    a word of its rarest side (counted first: a word thousands of facts hold is not gathered to be
    dropped), or none when every side is that common."""
    sides = [tokenize(_VOCABULARY.get(subject, subject.partition(":")[2]))]
    sides += [tokenize(" ".join(sorted(spellings(word)))) for word in sorted(entity)]
    counted = [(sum(index.document_frequency(term) for term in terms), terms) for terms in sides if terms]
    if not counted:
        return set()
    count, terms = min(counted)
    return index.slots_with(terms) if count <= MAX_CANDIDATES else set()


def _order(pair: tuple[str, frozenset[str]]) -> tuple[str, list[str]]:
    return pair[0], sorted(pair[1])
