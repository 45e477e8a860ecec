"""Which other facts a recalled fact is disputed by: one subject of one thing, another value
(:mod:`..text.claims`), so that recall never hands an agent one side of a conflict in silence.

Asked of the few facts a recall returns, never of the whole store. A fact disputing a claim holds
the words of its subject ("npm", "port"…) and of the thing it belongs to ("cache", "数据库"…): each
claim gathers the facts holding the rarer of those (the index's postings), and only their claims
are read (a few regular expressions each, cached by text). A claim whose every word is in
thousands of facts is not looked into (it says little); the fact's other claims still are.
"""
from __future__ import annotations

from ..records import Fact
from ..text.analysis import tokenize
from ..text.claims import claims_of, conflicts, spellings
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


def text_of(fact: Fact) -> str:
    """What a fact is read as: its title and its body (as the review reads it)."""
    return f"{fact.title}. {fact.body}"


def disputes(index: RecallIndex, fact: Fact) -> list[Fact]:
    """The live facts of ``index`` whose claims conflict with ``fact``'s, newest first."""
    claims = claims_of(text_of(fact))
    slots: set[int] = set()
    for subject, entity in sorted({(c.subject, c.entity) for c in claims if c.subject != "time"}, key=_order):
        slots |= _gathered(index, subject, entity)
    found = []
    for slot in sorted(slots):
        other = index.fact_at(slot)
        if other.id != fact.id and conflicts(claims, claims_of(text_of(other))):
            found.append(other)
    return sorted(found, key=lambda f: (f.updated_at, f.id), reverse=True)


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
