"""A fact is text from outside (a teammate's synced file, an import): reading it must not stall.

Hand-written facts are read up to 64 MB. Several of the reading's patterns could start anywhere
inside a long run of letters, digits or hyphens and read to its end from each start, so a fact of
one long word took time growing with its square (100,000 characters: minutes in the left-behind
reading, in a name before "port", in the values' numbers; a number before 20,000 spaces: 15 s in
money and rates). Each case runs in a process of its own
with a time limit far above the seconds it takes, far below the minutes it took."""
from __future__ import annotations

import subprocess
import sys

import pytest

READ_ALL = """
import sys
from context_center.engine.text.claims import claims_of, left_behind
from context_center.engine.text.reading import read
from context_center.engine.text.similarity import judge
text = {text}
reading = read(text)
_ = reading.topic(frozenset()), reading.qualifiers, reading.alone, reading.code
claims_of(text)
left_behind(text)
judge(text, text[:1000] + " 5 days")
judge("The `dark_mode` flag is on. " + text, "The `bulk_export` flag is on. " + text)   # (two flags' names looked for)
print("read")
"""

LONG = 100_000


@pytest.mark.parametrize("text", [
    f"'a' * {LONG}", f"'1' * {LONG}", f"'a-' * {LONG // 2}", f"'a.' * {LONG // 2}", f"'a_' * {LONG // 2}",
    f"'moved from ' + 'a' * {LONG} + ' was retired'", f"'x' * {LONG} + ' port 8080'", f"'a' * {LONG} + '@b.io'",
    f"'only ' + 'a-' * {LONG // 2} + ' is the only one'", f"'每' * {LONG} + '十' * {LONG}",
    f"'migrated off ' + 'a-' * {LONG // 2} + ' in Q2'", f"'Go ' + 'a ' * {LONG // 2} + 'pinned at 1.21'",
    f"'Commit messages use npm (' + 'a,' * {LONG // 2}",   # (a bracket never closed: a list looked for once)
    f"'A-' * {LONG // 2}",   # (capitals after hyphens: a team's name looked for from each)
    f"'Branches are named ' + 'a' * {LONG}", f"'分支命名' + '分' * {LONG}",
    f"'1' + ' ' * {LONG}", f"' ' * {LONG} + '1'",   # (a number after or before a run of spaces: money, a rate, degrees)
    f"'端口' + ' ' * {LONG} + 'x'",   # (spaces on either side of 是 before a port: tried at each split)
    f"'a-' * {LONG // 2} + ' 桶 s3://' + 'a.' * {LONG // 2}",   # (a bucket's name: hyphens and dots, no end)
    f"'moved from x' + ' ' * {LONG} + 'y'", f"'moved off x' + ' ' * {LONG} + 'y'",   # (a name before "to": 78 s)
    f"'Jenkins' + ' ' * {LONG} + 'x 从'",   # (spaces before 下线 or 废弃, tried at each split: 20 s at 1,000)
    f"'minSdk`' + ' ' * {LONG}", f"'targetSdkVersion' + ' ' * {LONG} + 'x'",   # (spaces on either side of "is":
    f"'connection pool' + ' ' * {LONG} + 'x'", f"'max ' + 'a' * {LONG}",      # 277 s at 100,000)
    f"'hotfix 分支从 master' + ' ' * {LONG} + 'x'", f"'从最新的' + ' ' * {LONG} + 'x'",   # (a branch's base: spaces
    f"'branch off main' + ' ' * {LONG} + 'x'",   # before 分支, 上, 拉 or "rather than", each read once)
    f"'1,' * {LONG // 2} + ' * * * *'", f"'1 ' * {LONG // 2} + '*'", f"'* ' * {LONG // 2}",   # (a crontab's fields)
])
def test_a_fact_of_one_long_word_is_read_in_seconds_not_minutes(text: str):
    done = subprocess.run([sys.executable, "-c", READ_ALL.format(text=text)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "read", done.stderr[-2000:]


READ_ELSEWHERE = """
from context_center.engine.adherence.rules import classify
from context_center.engine.agents.claims import sentence_count
from context_center.engine.suggestions.candidates import is_request
text = {text}
classify(text + " is generated, do not edit it")
classify(text + " is forbidden")
sentence_count(text + ". Next")
is_request(text + ".py is broken" + " " * 50000 + "please remember this")
print("read")
"""


@pytest.mark.parametrize("text", [f"'a/' * {LONG // 2}", f"'a.' * {LONG // 2}", f"'a-' * {LONG // 2}",
                                  f"'a' * {LONG}"])
def test_an_instruction_file_a_transcript_or_an_agents_memory_of_one_long_word_is_read_in_seconds(text: str):
    """A rule line of an AGENTS.md from a cloned repository ("… is generated, do not edit it" after
    a path of a few thousand slashes took minutes), a request in a transcript, an agent's memory."""
    done = subprocess.run([sys.executable, "-c", READ_ELSEWHERE.format(text=text)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "read", done.stderr[-2000:]
