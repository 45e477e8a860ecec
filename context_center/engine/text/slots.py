"""The one slot two notes differ in, where a sentence gives a thing its value.

"The Orrery scheduler is owned by Team Halyard." / "... by the Driftwood squad."; "Backend tests are
written with pytest." / "... with nose2."; 前端代码统一用 Prettier 格式化 / 用 Biome 格式化;
生产环境权限申请由运维负责人审批 / 由安全组审批: every word the same but a few, just after a word
that gives what follows as the value ("by", "with", "is", "uses", "on", "at", 由, 归, 用, 是, 为), and those few
a name on each side (written with a capital, a digit, a mark of code, a tool, or in Chinese). Two
such notes give one thing two values.

What this does not read, :mod:`.similarity`'s other rules do: the same words swapped before the
value ("The payments API is owned by Kestrel" / "The search API ..." differ before "by": two
things), a whole predicate put in another's place ("backups are taken every 6 hours" / "are kept
for 14 days": more than :data:`WORDS_AT_MOST` words), and Chinese whose verb differs after the name
(ESLint 做静态检查 / Prettier 格式化: two jobs).
"""
from __future__ import annotations

import re

from . import tools

# a word after which a sentence gives a value ("owned by", "written with", "is `main`"; 由, 归, 用…)
_GIVES = frozenset({"by", "with", "is", "are", "use", "uses", "using", "via", "on", "at", "由", "归", "用", "是", "为"})
_CHINESE_GIVES = frozenset({"由", "归", "用", "是", "为"})
_WORD = re.compile(r"`[^`\n]+`|[A-Za-z0-9][\w.+#/:=-]*[\w+#]|[A-Za-z0-9]|[\u4e00-\u9fff]")
FRAME_AT_LEAST = 3    # words the two say alike before the slot, the word giving the value among them
WORDS_AT_MOST = 3     # words in each side's slot (Chinese characters: twice as many)


Words = tuple[tuple[str, int, int], ...]   # each word in lower case, with where it is written


def words(text: str) -> Words:
    """``text``'s words as slots are compared: each in lower case, with where it starts and ends."""
    return tuple((match.group(0).lower(), match.start(), match.end()) for match in _WORD.finditer(text))


def swapped(first: str, second: str, first_words: Words | None = None,
            second_words: Words | None = None) -> tuple[str, str] | None:
    """Each side's slot as written ("Team Halyard", "the Driftwood squad"), where the two notes are
    one sentence giving a thing two names as its value; None where they are not. ``first_words``,
    ``second_words``: their :func:`words`, where already read."""
    found = words(first) if first_words is None else first_words
    other_found = words(second) if second_words is None else second_words
    shortest = min(len(found), len(other_found))
    before = 0
    while before < shortest and found[before][0] == other_found[before][0]:
        before += 1
    if before < FRAME_AT_LEAST or found[before - 1][0] not in _GIVES:   # (most pairs: their first words differ)
        return None
    after = 0
    while after < shortest - before and found[-1 - after][0] == other_found[-1 - after][0]:
        after += 1
    chinese = found[before - 1][0] in _CHINESE_GIVES
    if chinese and not after:   # (the verb after the name differs too: another job)
        return None
    slot = [first[start:end] for _, start, end in found[before:len(found) - after]]
    other_slot = [second[start:end] for _, start, end in other_found[before:len(other_found) - after]]
    most = WORDS_AT_MOST * (2 if chinese else 1)
    if not (0 < len(slot) <= most and 0 < len(other_slot) <= most):
        return None
    if {word.lower() for word in slot} & {word.lower() for word in other_slot}:
        return None
    if any("=" in word for word in (*slot, *other_slot)):   # a setting named ("set with SameSite=Lax"): one of
        return None                                        # several a thing may have, not its one value
    if not (any(map(_names, slot)) and any(map(_names, other_slot))):
        return None
    return (first[found[before][1]:found[len(found) - after - 1][2]],
            second[other_found[before][1]:other_found[len(other_found) - after - 1][2]])


def _names(word: str) -> bool:
    """Whether ``word`` is (part of) a name: a capital, a digit, a mark of code, a tool, Chinese."""
    return word[:1].isupper() or word[:1] == "`" or "\u4e00" <= word[:1] <= "\u9fff" \
        or any(ch.isdigit() or ch in "-_./:=" for ch in word) or tools.named(word.lower()) is not None
