"""A write costs the same at 100 facts and at 100,000: it does not read, list or parse every fact
file; and a change by another process is still seen before a write that it conflicts with."""
from __future__ import annotations

import builtins
import os
from pathlib import Path

import pytest

from context_center.engine import FactInput, NameConflict, RevisionConflict, SubjectConflict, open_engine
from context_center.engine.memory import fact_store

FACTS = 2_000


@pytest.fixture
def big(state_root: Path, workspace: Path):
    from context_center.engine.clock import format_timestamp, now
    from context_center.engine.memory.fact_file import render_fact
    from context_center.engine.memory.fields import new_fact_id
    from context_center.engine.records import Fact

    folder = None
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    stamp = format_timestamp(now())
    for i in range(FACTS):
        fact = Fact(id=new_fact_id(), revision=1, name=f"fact-{i:05d}", title=f"Fact {i}", description="",
                    type="project", scope="project", body=f"Body of fact {i}.", created_at=stamp, updated_at=stamp,
                    activation="relevant", subject_key=f"area.{i}")
        (folder / f"fact-{i:05d}.md").write_text(render_fact(fact), encoding="utf-8")
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        yield engine


class Counter:
    """Counts what a write does to the fact folder: files opened or parsed, entries listed."""

    def __init__(self, monkeypatch, folder: Path) -> None:
        self.folder = str(folder)
        self.opened: list[str] = []
        self.parsed: list[Path] = []
        self.listed = 0
        real_open, real_os_open, real_read = builtins.open, os.open, fact_store.read_fact_file
        real_scandir = os.scandir

        def counting_open(file, *args, **kwargs):
            self._note(file)
            return real_open(file, *args, **kwargs)

        def counting_os_open(path, *args, **kwargs):
            self._note(path)
            return real_os_open(path, *args, **kwargs)

        def counting_read(path, *args, **kwargs):
            self.parsed.append(path)
            return real_read(path, *args, **kwargs)

        def counting_scandir(path=".", *args, **kwargs):
            if str(path) == self.folder:
                self.listed += 1
            return real_scandir(path, *args, **kwargs)

        monkeypatch.setattr(builtins, "open", counting_open)
        monkeypatch.setattr(os, "open", counting_os_open)
        monkeypatch.setattr(os, "scandir", counting_scandir)
        monkeypatch.setattr(fact_store, "read_fact_file", counting_read)

    def _note(self, file) -> None:
        text = os.fsdecode(file) if isinstance(file, (str, bytes, os.PathLike)) else ""
        if text.startswith(self.folder) and text.endswith(".md") and "/." not in text[len(self.folder):]:
            self.opened.append(text)


@pytest.mark.parametrize("write", ["remember", "edit", "pin", "verify", "forget", "restore"])
def test_a_write_opens_a_handful_of_files_not_every_fact(big, monkeypatch, write):
    engine = big
    engine.edit("fact-00100", FactInput(body="A second revision."))
    engine.flush()
    counter = Counter(monkeypatch, engine.paths.memory_dir("project"))
    {"remember": lambda: engine.remember(FactInput(name="new-one", title="New one", body="New.")),
     "edit": lambda: engine.edit("fact-00200", FactInput(body="Edited.")),
     "pin": lambda: engine.pin("fact-00300"),
     "verify": lambda: engine.verify("fact-00400"),
     "forget": lambda: engine.forget("fact-00500"),
     "restore": lambda: engine.restore("fact-00100", 1)}[write]()
    assert counter.listed == 0, "the fact folder was listed again"
    assert len(counter.parsed) <= 3 and len(counter.opened) <= 6, (counter.parsed, counter.opened)


def test_memory_md_follows_without_reading_the_facts_again(big, monkeypatch):
    engine = big
    engine.flush()
    counter = Counter(monkeypatch, engine.paths.memory_dir("project"))
    engine.remember(FactInput(name="indexed-now", title="Indexed now", body="New."))
    engine.flush()
    assert counter.parsed and all(p.name == "indexed-now.md" for p in counter.parsed)
    index = (engine.paths.memory_dir("project") / "MEMORY.md").read_text()
    assert "(indexed-now.md)" in index and index.count("](fact-") == FACTS


def test_another_process_change_is_seen_before_a_conflicting_write(big, state_root, workspace):
    engine = big
    with open_engine(state_root=state_root, workspace=workspace) as other:   # another process, as it were
        other.remember(FactInput(name="taken", title="Taken", body="By the other.", subject_key="deploy.target"))
        other.edit("fact-00007", FactInput(body="Changed by the other."))
    with pytest.raises(NameConflict):
        engine.remember(FactInput(name="taken", title="Taken", body="Mine."))
    with pytest.raises(SubjectConflict):
        engine.remember(FactInput(name="mine", title="Mine", body="Mine.", subject_key="Deploy.Target"))
    with pytest.raises(RevisionConflict):
        engine.edit("fact-00007", FactInput(body="Mine.", expected_revision=1))
    assert engine.fact("fact-00007").body == "Changed by the other."


def test_an_edit_in_place_by_an_editor_is_seen_before_the_next_write_of_that_fact(big):
    engine = big
    path = engine.fact("fact-00042").path
    text = path.read_text()
    with open(path, "r+", encoding="utf-8") as handle:   # in place: the folder's mtime does not move
        handle.write(text.replace("Body of fact 42.", "Edited by hand!!"))
    with pytest.raises(RevisionConflict):
        engine.edit("fact-00042", FactInput(body="Mine.", expected_revision=2))
    written = engine.edit("fact-00042", FactInput(title="Retitled")).fact
    assert written.body == "Edited by hand!!" and written.revision == 2
