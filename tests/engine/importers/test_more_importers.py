"""``import gemini|windsurf|cursor|copilot``: what each keeps as memory on this machine, where it
does; staged, secrets refused, links never followed; and said plainly where nothing is local (#35)."""
from __future__ import annotations

import os

from support.agent_memories import AWS_KEY, no_agent_homes  # noqa: F401 - no_agent_homes is an autouse fixture

GEMINI_MD = f"""# My instructions

- Answer in English.

## Gemini Added Memories
- My preferred programming language is Python.
- The project I am working on is called 'billing'.
- The deploy key is {AWS_KEY}
- The staging database listens on port 5432,
  behind the VPN.

## Other notes
- Not a memory: the user's own instruction.
"""


def test_gemini_imports_the_saved_memories_section_and_says_it_still_loads_them(engine, tmp_path, workspace):
    home = tmp_path / "home"
    (home / ".gemini").mkdir(parents=True)
    (home / ".gemini" / "GEMINI.md").write_text(GEMINI_MD, encoding="utf-8")
    (workspace / "GEMINI.md").write_text("## Gemini Added Memories\n- This repo deploys on Fridays.\n",
                                         encoding="utf-8")
    report = engine.import_memories("gemini", home=home)
    imported = {item.found.body: item.found for item in report.items if item.status == "imported"}
    assert set(imported) == {"My preferred programming language is Python.",
                             "The project I am working on is called 'billing'.",
                             "The staging database listens on port 5432,\n  behind the VPN.",
                             "This repo deploys on Fridays."}
    assert imported["This repo deploys on Fridays."].scope == "project"
    assert imported["My preferred programming language is Python."].scope == "global"
    assert any("secret" in s.reason for s in report.skipped)   # the key is refused, never stored
    assert "still loads these lines as instructions" in report.message
    assert all(f.staging for f in engine.facts())
    assert engine.import_memories("gemini", home=home).imported == 0   # twice adds nothing


def test_gemini_without_the_section_or_through_a_link(engine, tmp_path):
    home = tmp_path / "home"
    (home / ".gemini").mkdir(parents=True)
    (home / ".gemini" / "GEMINI.md").write_text("# only instructions\n- Be brief.\n", encoding="utf-8")
    assert "No memories Gemini CLI saved" in engine.import_memories("gemini", home=home).message
    secret = tmp_path / "elsewhere.md"
    secret.write_text("## Gemini Added Memories\n- from outside\n", encoding="utf-8")
    (home / ".gemini" / "GEMINI.md").unlink()
    os.symlink(secret, home / ".gemini" / "GEMINI.md")
    report = engine.import_memories("gemini", home=home)
    assert report.items == [] and "symbolic link" in report.skipped[0].reason


def test_windsurf_reads_markdown_memories_and_lists_what_it_cannot(engine, tmp_path):
    home = tmp_path / "home"
    folder = home / ".codeium" / "windsurf" / "memories"
    folder.mkdir(parents=True)
    (folder / "global_rules.md").write_text("- a rule, not a memory\n", encoding="utf-8")
    (folder / "notes.md").write_text("- The API runs on port 8080.\n\nUse pnpm in this workspace.\n", encoding="utf-8")
    (folder / "a1b2.pb").write_bytes(b"\x0a\x03abc")
    report = engine.import_memories("windsurf", home=home)
    assert {item.found.body for item in report.items} == {"The API runs on port 8080.", "Use pnpm in this workspace."}
    assert [s.reason for s in report.skipped] == ["not Markdown: Windsurf does not document this format, so it is "
                                                  "not read"]


def test_cursor_and_copilot_say_there_is_nothing_local(engine, tmp_path):
    for source, words in (("cursor", "its own settings"), ("copilot", "GitHub's servers")):
        report = engine.import_memories(source, home=tmp_path)
        assert report.items == [] and words in report.message
    assert engine.facts() == []
