"""The judge's second opinion on a pair the review is about to propose.

When the user has configured a judge (``mcp judge set``), each duplicate or contradiction the local
rules find is put to it as one short question with the two texts before it is proposed: a pair the
judge says no to (a yes-probability of 0.5 or less) is not proposed; one it confirms carries its
word in the evidence. An answer is kept by the item's id (its facts as they stand), so a pair is
asked once until one of its facts changes. A judge that fails (unreachable, too slow, a reply of
another shape) is asked nothing more in that listing, and the pairs stand on the local rules, each
saying why the judge did not answer. Without a judge, nothing here runs.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Callable

from ..judge.client import JudgeError
from ..storage.kept import KeptRows
from .items import ReviewItem

QUESTIONS = {
    "duplicate": "Do these two notes state the same fact, so that one of them can replace both?",
    "contradiction": "Do these two notes contradict each other, so that both cannot be true of the same thing?",
}
OPINIONS_KEY = "review.judged"
KEPT_OPINIONS = 2000
MAX_ASKED = 20        # new pairs asked in one listing; the others are asked at the next
KEEP_ABOVE = 0.5      # as the search's judge: a pair is kept when its yes is strictly above this

Ask = Callable[[str, str, str], float]   # (question, first text, second text) -> yes-probability
log = logging.getLogger("context_center.review")


def text_of(item: ReviewItem, index: int) -> str:
    fact = item.facts[index]
    return f"{fact.title}. {fact.body}" if fact.title else fact.body


class SecondOpinion:
    """The judge's answers kept row by row (``rows``: :meth:`..facade.Engine.kept_rows`)."""

    def __init__(self, ask: Ask, rows: Callable[[str, int], KeptRows]) -> None:
        self._ask = ask
        self._rows = rows(OPINIONS_KEY, KEPT_OPINIONS)

    def judged(self, items: list[ReviewItem]) -> list[ReviewItem]:
        """``items`` with each pair the judge said no to left out, and its word (or why it gave none)
        in the evidence of the others it was asked about."""
        known = self._known()
        new: dict[str, float] = {}
        failure: str | None = None
        asked = 0
        kept: list[ReviewItem] = []
        for item in items:
            question = QUESTIONS.get(item.kind)
            if question is None or len(item.facts) != 2:
                kept.append(item)
                continue
            yes = known.get(item.id)
            if yes is None and failure is None and asked < MAX_ASKED:
                asked += 1
                try:
                    yes = self._ask(question, text_of(item, 0), text_of(item, 1))
                    new[item.id] = yes
                except JudgeError as exc:
                    failure = str(exc)
                    log.warning("the judge did not confirm the review's pairs (%s); proposing from local rules",
                                failure)
            if yes is None:
                why = failure or f"more than {MAX_ASKED} new pairs in one listing: asked at the next"
                kept.append(replace(item, evidence={**item.evidence, "judge": {"asked": False, "why": why}}))
            elif yes > KEEP_ABOVE:
                kept.append(replace(item, evidence={**item.evidence, "judge": {"asked": True, "yes": round(yes, 2)}}))
        if new:
            self._remember(known, new)
        return kept

    def _known(self) -> dict[str, float]:
        found = {}
        for key, _, body in self._rows.rows():
            yes = body.get("yes") if isinstance(body, dict) else None
            if isinstance(yes, (int, float)) and not isinstance(yes, bool) and 0 <= yes <= 1:
                found[key] = float(yes)
        return found

    def _remember(self, known: dict[str, float], new: dict[str, float]) -> None:
        try:
            for key, yes in new.items():
                self._rows.put(key, {"yes": yes})
        except Exception as exc:   # noqa: BLE001 - a read-only store: the answers are asked again next time
            log.warning("could not keep the judge's answers: %s", exc)
