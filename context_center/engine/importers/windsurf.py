"""Windsurf's memories: Cascade keeps the ones it generates in ``~/.codeium/windsurf/memories/``
(docs.windsurf.com/windsurf/cascade/memories), in a format Windsurf does not document. Markdown
files there (other than ``global_rules.md``, which is rules: instructions, not memories) are read
one item per bullet or paragraph; any other file is listed as skipped, never guessed at.
"""
from __future__ import annotations

from pathlib import Path

from ..suggestions.candidates import classify
from .codex import split
from .records import Found, Reading, Skip
from .sources import FrontMatterError, file_stamp, front_matter, linked_folder, read_text, regular_files

NAME = "windsurf"
RULES_FILE = "global_rules.md"


def read(_workspace: Path | None, home: Path) -> Reading:
    folder = home / ".codeium" / "windsurf" / "memories"
    if not folder.is_dir():
        return Reading(str(folder), message=f"No Windsurf memories on this machine (looked in {folder}).")
    if linked_folder(folder):
        return Reading(str(folder), message=linked_folder(folder))
    reading = Reading(str(folder))
    for path in sorted(folder.iterdir()):
        if path.name == RULES_FILE or path.is_dir() or path.suffix == ".md":
            continue
        reading.skipped.append(Skip(str(path), "not Markdown: Windsurf does not document this format, so it "
                                               "is not read"))
    for path in regular_files(folder, "*.md", reading.skipped):
        if path.name == RULES_FILE:
            continue
        try:
            _keys, body = front_matter(read_text(path))
        except (OSError, FrontMatterError) as exc:
            reading.skipped.append(Skip(str(path), f"cannot be read: {exc}"))
            continue
        stamp = file_stamp(path)
        for item in split(body):
            fact_type, _scope = classify(" ".join(item.split()))
            words = " ".join(item.split()).split(" ")
            reading.found.append(Found(source_path=str(path), title=" ".join(words[:10]) + ("…" if len(words) > 10
                                                                                            else ""),
                                       body=item, type=fact_type, scope="global", created_at=stamp,
                                       updated_at=stamp, description=" ".join(item.split())[:160]))
    if not reading.found and not reading.skipped:
        reading = Reading(str(folder), message=f"No Windsurf memories in {folder} (its rules file is "
                                               "instructions, not memories).")
    return reading
