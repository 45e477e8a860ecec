"""What a user can act on in an agent's context: the source that dominates it, files cut or
dropped (they cost nothing and do nothing), text the agent receives twice, paragraphs that state
discoverable facts rather than rules, and pinned facts no recorded prompt ever touched — each with
the tokens acting on it would save, or that never arrive."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from ..instructions.agent_view import AgentView
from ..memory.sensitive import shown_ref
from ..text.analysis import tokenize
from ..text.tokens import approximate_tokens
from .sources import MEMORY_INDEX_SCOPES, CostSource

if TYPE_CHECKING:
    from ..records import SessionContext

DOMINANT_SHARE = 0.5          # one source past half of a turn's context is worth a word
DOMINANT_LEAST = 200          # ... when the turn's context is worth talking about
REPEAT_LEAST_CHARS = 60       # a paragraph shorter than this (a heading, "## Tests") repeating is no waste
FACT_LEAST_CHARS = 30         # "The API server lives in services/api and is written in Go." (58) is a fact too
QUOTED_CHARS = 60             # of the first such paragraph, quoted so the user finds it
PROMPTS_LEAST = 10            # so few recorded prompts say nothing about what a pinned fact is for
PROMPT_CHARS = 1_000          # of each recorded prompt (the record keeps up to 16,000): 2,000 long ones stay cheap


@dataclass(frozen=True)
class Asked:
    """What the recorded prompts asked about: how many, and their words (analyzed once a report)."""
    prompts: int
    terms: frozenset[str]


def asked(prompts: list[str]) -> Asked:
    terms: set[str] = set()
    for prompt in prompts:
        terms.update(tokenize(prompt[:PROMPT_CHARS], drop_stopwords=True))
    return Asked(len(prompts), frozenset(terms))
_PARAGRAPHS = re.compile(r"\n\s*\n")


@dataclass(frozen=True)
class Advice:
    kind: str                    # dominant, cut, dropped, repeated, discoverable, unmatched_pinned
    text: str                    # one sentence
    tokens: int                  # saved per turn (repeated, discoverable) or per session (unmatched_pinned); never
                                 # received (cut, dropped); the source's own (dominant)
    paths: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "tokens": self.tokens, "paths": list(self.paths),
                "refs": list(self.refs)}


def advise(sources: list[CostSource], view: AgentView, context: SessionContext | None,
           prompts: Asked) -> list[Advice]:
    """``sources``: the agent's, largest first; ``context``: the pinned facts when the agent gets
    them; ``prompts``: the recorded prompts of this workspace."""
    found = _dominant(view.agent, sources) + _cut_and_dropped(view) + _repeated(view) + _discoverable(view)
    if context is not None:
        found += _unmatched_pinned(context, prompts)
    return found


def _dominant(agent: str, sources: list[CostSource]) -> list[Advice]:
    every_turn = [s for s in sources if s.when == "every_turn"]
    total = sum(s.tokens for s in every_turn)
    if total < DOMINANT_LEAST or not every_turn:
        return []
    top = every_turn[0]   # (the sources come largest first)
    if top.tokens / total < DOMINANT_SHARE:
        return []
    return [Advice("dominant", f"{top.label or top.kind} is {top.tokens / total:.0%} of what {agent} reads "
                               f"every turn (~{top.tokens:,} of ~{total:,} tokens)", top.tokens,
                   (top.path,) if top.path else (), (top.ref,) if top.ref else ())]


def _cut_and_dropped(view: AgentView) -> list[Advice]:
    found = []
    for document in view.documents:
        if document.status == "truncated":
            lost = max(0, approximate_tokens(document.text) - approximate_tokens(document.body))
            found.append(Advice("cut", f"{document.label} is cut at line {document.cut_line}: ~{lost:,} tokens after "
                                       f"it never reach {view.agent}; shorten it, or keep what is discoverable as "
                                       "memory", lost, (str(document.path),)))
        elif document.status == "dropped":
            lost = approximate_tokens(document.text)
            found.append(Advice("dropped", f"{document.label} is dropped ({document.reason}): its ~{lost:,} tokens "
                                           f"never reach {view.agent}", lost, (str(document.path),)))
    return found


def paragraphs(text: str, least: int = REPEAT_LEAST_CHARS) -> Iterable[str]:
    for paragraph in _PARAGRAPHS.split(text):
        normal = " ".join(paragraph.split())
        if len(normal) >= least:
            yield normal


def _repeated(view: AgentView) -> list[Advice]:
    """Paragraphs the agent receives more than once (in two files, or twice in one): every repeat
    after the first is paid for every turn."""
    seen: dict[str, str] = {}   # a paragraph → the label of the file that gave it first
    repeats: dict[tuple[str, str], list[int]] = {}
    paths: dict[str, str] = {}
    for label, path, text in _received_parts(view):
        paths[label] = str(path)
        for paragraph in paragraphs(text):
            origin = seen.get(paragraph)
            if origin is None:
                seen[paragraph] = label
            else:   # said before: in another file, or earlier in this one
                repeats.setdefault((origin, label), []).append(approximate_tokens(paragraph))
    found = []
    for (origin, again), tokens in repeats.items():
        count, saving = len(tokens), sum(tokens)
        said = "paragraph" if count == 1 else "paragraphs"
        where = f"{origin} and {again} both say the same {count} {said}" if again != origin else \
            f"{origin} says {count} {said} twice"
        found.append(Advice("repeated", f"{where}: ~{saving:,} tokens every turn for nothing new",
                            saving, tuple(dict.fromkeys((paths[origin], paths[again])))))
    return found


# A paragraph that states how things are, not what to do: no word of a rule, and a word of a
# description. The seed: keep instruction files short, keep discoverable facts as memory.
_RULE_WORDS = frozenset("""must never always don't dont should shouldn't avoid prefer use run ensure only keep follow
instead require required please remember do not make sure check write add remove"""
                        .split())
_RULE_PHRASES = ("do not", "make sure")
_DESCRIPTION_WORDS = frozenset("is are was lives live uses contains holds has have located version runs built written "
                               "stored served deployed".split())
_WORDS = re.compile(r"[a-z']+")


def states_a_fact(paragraph: str) -> bool:
    lowered = paragraph.lower()
    if lowered.startswith(("#", "```", "@")) or any(phrase in lowered for phrase in _RULE_PHRASES):
        return False
    words = set(_WORDS.findall(lowered))
    return not words & _RULE_WORDS and bool(words & _DESCRIPTION_WORDS)


_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+", re.MULTILINE)


def statements(text: str, least: int = FACT_LEAST_CHARS) -> Iterable[str]:
    """The paragraphs of ``text``, a list's items each on its own (a bullet list is one paragraph,
    and one rule among its items hid every fact beside it), whitespace collapsed."""
    for paragraph in _PARAGRAPHS.split(text):
        starts = [m.start() for m in _LIST_ITEM.finditer(paragraph)]
        pieces = [paragraph] if not starts else [paragraph[:starts[0]]] + [
            _LIST_ITEM.sub("", paragraph[a:b], count=1) for a, b in zip(starts, [*starts[1:], len(paragraph)])]
        for piece in pieces:
            normal = " ".join(piece.split())
            if len(normal) >= least:
                yield normal


def _discoverable(view: AgentView) -> list[Advice]:
    """Per instruction file: the paragraphs (and list items) that state discoverable facts, not
    rules — as memory, recalled when a prompt needs them, they would cost nothing on the other turns."""
    facts: dict[tuple[str, Path], list[str]] = {}   # per file (an imported one apart from its importer)
    for label, path, text in _received_parts(view, without=MEMORY_INDEX_SCOPES):
        facts.setdefault((label, path), []).extend(p for p in statements(text) if states_a_fact(p))
    found = []
    for (label, path), said_facts in facts.items():
        if said_facts:
            saving = sum(approximate_tokens(p) for p in said_facts)
            said = "1 paragraph states a discoverable fact, not a rule" if len(said_facts) == 1 else \
                f"{len(said_facts)} paragraphs state discoverable facts, not rules"
            first = said_facts[0] if len(said_facts[0]) <= QUOTED_CHARS else said_facts[0][:QUOTED_CHARS - 1] + "…"
            found.append(Advice("discoverable", f"{label}: {said} (“{first}”" + (", …" if len(said_facts) > 1 else "")
                                + f"): as memory {'it' if len(said_facts) == 1 else 'they'} would save ~{saving:,} "
                                "tokens per turn", saving, (str(path),)))
    return found


def _received_parts(view: AgentView, without: Iterable[str] = ()) -> Iterable[tuple[str, Path, str]]:
    """What the agent receives, in runs each with the file it came from (an import is its own file:
    a paragraph never runs across one, and is named by the file that says it)."""
    for document in view.documents:
        if document.received and document.scope not in without:
            yield from document.parts()


def _unmatched_pinned(context: SessionContext, prompts: Asked) -> list[Advice]:
    """A pinned fact whose words met no recorded prompt: as a relevant fact it would come when a
    prompt asks for it, and cost nothing otherwise."""
    if prompts.prompts < PROMPTS_LEAST:
        return []
    found = []
    for fact in context.facts:
        terms = set(tokenize(" ".join((fact.title, fact.keywords, fact.subject_key.replace(".", " "))),
                             drop_stopwords=True))
        if terms and not terms & prompts.terms:
            tokens = approximate_tokens(f"- [{fact.ref}] {fact.body.strip()}")
            ref = shown_ref(fact.ref)
            found.append(Advice("unmatched_pinned", f"{ref} is pinned, but none of its words came up in the "
                                                    f"{prompts.prompts:,} recorded prompts: as a relevant fact it "
                                                    f"would save ~{tokens:,} tokens every session", tokens,
                                refs=(ref,)))
    return found
