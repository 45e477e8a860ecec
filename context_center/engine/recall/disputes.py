"""Which other facts a recalled fact is disputed by: one subject of one thing, another value
(:mod:`..text.claims`), so that recall never hands an agent one side of a conflict in silence.

Asked of the few facts a recall returns, never of the whole store: the facts that could dispute
one are those holding the words of its subjects (the index's postings: "npm", "node", "port"…),
and only their claims are read (a few regular expressions each, cached by text).
"""
from __future__ import annotations

from ..records import Fact
from ..text.analysis import tokenize
from ..text.claims import claims_of, conflicts
from .recall_index import RecallIndex

# the words a fact speaking of each subject holds (analysed as the index analyses them)
_VOCABULARY = {
    "package-manager": "npm pnpm yarn bun",
    "deploy-day": "deploy deploys deployed release releases ship 部署 发布 上线",
    "port": "port 端口",
    "ci": "github actions gitlab circleci jenkins travis buildkite azure",
    "indentation": "indent indentation tabs spaces 缩进",
}
MAX_CANDIDATES = 400   # facts read for one hit at most (a subject in thousands of facts says little)


def text_of(fact: Fact) -> str:
    """What a fact is read as: its title and its body (as the review reads it)."""
    return f"{fact.title}. {fact.body}"


def disputes(index: RecallIndex, fact: Fact) -> list[Fact]:
    """The live facts of ``index`` whose claims conflict with ``fact``'s, newest first."""
    claims = claims_of(text_of(fact))
    subjects = {claim.subject for claim in claims} - {"time"}
    if not subjects:
        return []
    words = " ".join(_VOCABULARY.get(subject, subject.partition(":")[2]) for subject in subjects)
    terms = tokenize(words)
    if sum(index.document_frequency(term) for term in terms) > 4 * MAX_CANDIDATES or \
            any(index.document_frequency(term) > MAX_CANDIDATES for term in terms):
        return []   # counted first: a subject thousands of facts name is not gathered to be dropped
    slots = index.slots_with(terms)
    if len(slots) > MAX_CANDIDATES:
        return []
    found = []
    for slot in sorted(slots):
        other = index.fact_at(slot)
        if other.id != fact.id and conflicts(claims, claims_of(text_of(other))):
            found.append(other)
    return sorted(found, key=lambda f: (f.updated_at, f.id), reverse=True)
