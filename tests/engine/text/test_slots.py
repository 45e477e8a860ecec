"""The one slot two notes differ in, where a sentence gives a thing its value (:mod:`.slots`), and the
review's contradiction that names what each side puts there."""
from __future__ import annotations

import pytest

from context_center.engine.records import Fact
from context_center.engine.review.finders import Usage, duplicates_and_contradictions
from context_center.engine.text.reading import read
from context_center.engine.text.similarity import judge, names_in_its_slot
from context_center.engine.text.slots import swapped


@pytest.mark.parametrize("first, second, slots", [
    ("The Orrery scheduler is owned by Team Halyard.", "The Orrery scheduler is owned by the Driftwood squad.",
     ("Team Halyard", "the Driftwood squad")),
    ("Backend tests are written with pytest.", "Backend tests are written with nose2.", ("pytest", "nose2")),
    ("The default branch for Quillfeather is `main`.", "The default branch for Quillfeather is `trunk`.",
     ("`main`", "`trunk`")),
    ("Python code is formatted with Ruff's formatter.", "Python code is formatted with Black.",
     ("Ruff's formatter", "Black")),
    ("前端代码统一用 Prettier 格式化。", "前端代码统一用 Biome 格式化。", ("Prettier", "Biome")),
    ("生产环境权限申请由运维负责人审批。", "生产环境权限申请由安全组审批。", ("运维负责人", "安全组")),
    ("Renovate opens dependency PRs on Friday afternoons.", "Renovate opens dependency PRs on Monday mornings.",
     ("Friday afternoons", "Monday mornings")),
    ("Production services log at WARN level.", "Production services log at INFO level.", ("WARN", "INFO")),
])
def test_one_sentence_giving_one_thing_two_names_is_read_slot_by_slot(first: str, second: str, slots: tuple):
    assert swapped(first, second) == slots
    assert judge(first, second) == "contradiction"


@pytest.mark.parametrize("first, second", [
    ("The payments API is owned by Kestrel.", "The search API is owned by Marlin."),   # two things, before "by"
    ("Orrery database backups are taken every 6 hours.", "Orrery database backups are kept for 14 days."),
    ("墨砚前端代码用 ESLint 做静态检查。", "墨砚前端代码用 Prettier 格式化。"),   # two jobs: the verb differs
    ("Session cookies are set with the Secure flag.", "Session cookies are set with SameSite=Lax."),   # settings
    ("The build is fast.", "The build is flaky."),                                   # words, no names
    ("Uploads are owned by Kestrel.", "Uploads are owned by Kestrel and Marlin."),    # one said again, one added
    ("Hashed emails may be written to the warehouse.", "Hashed emails may be written to Loki."),  # where, not whose
    ("A changelog entry is required for every change in Halyard.",                 # "in": a scope as often as a
     "A changelog entry is required for every change in Tessellate."),            # value (two projects' rules)
])
def test_two_things_a_setting_a_predicate_or_an_added_name_are_no_slot(first: str, second: str):
    assert swapped(first, second) is None


def test_a_name_said_not_to_be_is_no_value_given_and_a_negation_elsewhere_hides_none():
    assert swapped("Backend tests are written with pytest, not nose.", "Backend tests are written with nose2.")
    assert names_in_its_slot(read("Backend tests are written with pytest, not nose."),
                             read("Backend tests are written with nose2.")) is None
    assert names_in_its_slot(read("Deploys are approved by Halyard; hotfixes are not."),
                             read("Deploys are approved by Wren; hotfixes are not.")) == ("Halyard", "Wren")


def test_the_review_names_what_each_side_puts_in_the_slot():
    stamp = "2026-01-01T00:00:00Z"
    facts = [Fact(id=f"f{n}", revision=1, name=f"f{n}", title="", description="", type="project",
                  scope="project", body=body, created_at=stamp, updated_at=stamp)
             for n, body in enumerate(("Backend tests of the ledger are written with pytest.",
                                       "Backend tests of the ledger are written with nose2."))]
    [item] = duplicates_and_contradictions(facts, lambda _fact: Usage())
    assert item.kind == "contradiction"
    assert "(nose2 against pytest)" in item.reason
    assert item.evidence["values"] == {"project/f1.md": ["nose2"], "project/f0.md": ["pytest"]}
