"""An open reads each fact folder's snapshot (one blob), not a catalog row per file, and is still
right when the snapshot is behind the files: only the files that differ from it are looked at."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine
from context_center.engine.memory import fact_store
from context_center.engine.records import Fact
from context_center.engine.storage import folder_snapshot
from context_center.engine.storage.fact_cache import CachedFile, FactCache, FileStamp

FACTS = 300


@pytest.fixture
def store(state_root: Path, workspace: Path) -> Path:
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        for i in range(FACTS):
            engine.remember(FactInput(name=f"fact-{i:03d}", title=f"Fact {i}", body=f"Body {i}.",
                                      type="project", scope="project"))
        return engine.paths.memory_dir("project")


class Looks:
    """What an open asks the catalog and the disk."""

    def __init__(self, monkeypatch) -> None:
        self.rows_of_folder = 0
        self.rows_of_paths: list[str] = []
        self.parsed: list[Path] = []
        self.saved = 0
        real_rows, real_paths = FactCache.cached_files, FactCache.cached_paths
        real_save, real_read = FactCache.save_folder_snapshot, fact_store.read_fact_file

        def rows(catalog, directory):
            self.rows_of_folder += 1
            return real_rows(catalog, directory)

        def paths(catalog, wanted):
            self.rows_of_paths.extend(wanted)
            return real_paths(catalog, wanted)

        def save(catalog, directory, files, payload):
            self.saved += 1
            return real_save(catalog, directory, files, payload)

        def read(path, *args, **kwargs):
            self.parsed.append(path)
            return real_read(path, *args, **kwargs)

        monkeypatch.setattr(FactCache, "cached_files", rows)
        monkeypatch.setattr(FactCache, "cached_paths", paths)
        monkeypatch.setattr(FactCache, "save_folder_snapshot", save)
        monkeypatch.setattr(fact_store, "read_fact_file", read)


def _facts(state_root: Path, workspace: Path) -> dict[str, Fact]:
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        return {f.name: f for f in engine.facts()}


def test_an_unchanged_store_opens_from_the_snapshot_alone(store, state_root, workspace, monkeypatch):
    expected = _facts(state_root, workspace)   # after the writes: the snapshot is saved here if missing
    looks = Looks(monkeypatch)
    assert _facts(state_root, workspace) == expected
    assert looks.rows_of_folder == 0 and looks.rows_of_paths == [] and looks.parsed == []
    assert looks.saved == 0
    assert len(expected) == FACTS


@pytest.mark.parametrize("by_path", [False, True], ids=["stat in the folder", "stat by path"])
def test_files_changed_behind_its_back_are_seen_and_only_they_are_looked_at(store, state_root, workspace,
                                                                            monkeypatch, by_path: bool):
    if by_path:   # a platform whose os.stat takes no dir_fd
        monkeypatch.setattr(fact_store, "_STAT_IN_FOLDER", False)
    _facts(state_root, workspace)
    edited = store / "fact-007.md"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Body 7.", "Body seven, edited by hand."),
                      encoding="utf-8")
    (store / "fact-008.md").unlink()
    (store / "by-hand.md").write_text("---\nname: by-hand\ntitle: By hand\n---\n\nWritten by hand.\n",
                                      encoding="utf-8")
    looks = Looks(monkeypatch)
    facts = _facts(state_root, workspace)
    assert facts["fact-007"].body.strip() == "Body seven, edited by hand."
    assert "fact-008" not in facts and facts["by-hand"].body.strip() == "Written by hand."
    assert sorted(Path(p).name for p in looks.rows_of_paths) == ["by-hand.md", "fact-007.md"]
    assert sorted(p.name for p in looks.parsed) == ["by-hand.md", "fact-007.md"]
    assert looks.rows_of_folder == 0
    assert looks.saved == 0    # three files of drift: not worth writing the whole folder again


def test_a_write_by_another_process_is_found_in_its_row_not_parsed_again(store, state_root, workspace,
                                                                        monkeypatch):
    _facts(state_root, workspace)
    with open_engine(state_root=state_root, workspace=workspace) as other:   # another process, in effect
        other.edit("fact-010", FactInput(body="Changed elsewhere."))
    looks = Looks(monkeypatch)
    facts = _facts(state_root, workspace)
    assert facts["fact-010"].body.strip() == "Changed elsewhere." and facts["fact-010"].revision == 2
    assert [Path(p).name for p in looks.rows_of_paths] == ["fact-010.md"]
    assert looks.parsed == []


def test_a_damaged_snapshot_is_a_miss_and_is_written_again(store, state_root, workspace, monkeypatch):
    expected = _facts(state_root, workspace)
    import sqlite3
    with sqlite3.connect(state_root / "catalog.sqlite") as db:
        db.execute("UPDATE folder_snapshots SET payload = x'00ff00ff'")
    looks = Looks(monkeypatch)
    assert _facts(state_root, workspace) == expected
    assert looks.rows_of_folder >= 1 and looks.saved >= 1
    looks = Looks(monkeypatch)
    assert _facts(state_root, workspace) == expected
    assert looks.rows_of_folder == 0


def test_much_drift_writes_the_snapshot_again(store, state_root, workspace, monkeypatch):
    _facts(state_root, workspace)
    for i in range(0, 100):
        os.utime(store / f"fact-{i:03d}.md", ns=(1, 1_000_000_000 + i))
    looks = Looks(monkeypatch)
    _facts(state_root, workspace)
    assert looks.saved == 1
    looks = Looks(monkeypatch)
    _facts(state_root, workspace)
    assert looks.saved == 0 and looks.rows_of_paths == []


def test_pack_and_unpack_keep_every_field(tmp_path: Path):
    folder = tmp_path / "memory"
    path = folder / "a.md"
    fact = Fact(id="mem-1", revision=3, name="a", title="A", description="d", type="project", scope="project",
                body="B 包管理", created_at="2026-01-01T00:00:00Z", updated_at="2026-01-02T00:00:00Z",
                importance=0.5, topics=("x", "y"), extra=(("k", "v: 1"),), metadata_extra=(("m", "n"),),
                path=path, legacy=True, encoding="GB18030")
    from context_center.engine.records import Diagnostic
    files = {str(path): CachedFile(FileStamp(10, 20, 30, 40), fact, (Diagnostic(path, 2, "odd", "warning"),)),
             str(folder / "b.md"): CachedFile(FileStamp(1, 2, 3, 4), None, (Diagnostic(folder / "b.md", 1, "bad"),))}
    back = folder_snapshot.unpack(folder, folder_snapshot.pack(folder, files))
    assert back == files
    assert back[str(path)].fact.topics == ("x", "y") and back[str(path)].fact.path == path
    assert folder_snapshot.unpack(folder, b"not a snapshot") is None


@pytest.mark.parametrize("public_only", [False, True])
def test_unpacked_paths_are_the_folders_children_whichever_way_they_are_made(tmp_path: Path, monkeypatch,
                                                                            public_only: bool):
    folder = tmp_path / "memory"
    if public_only:   # a Python whose pathlib lacks the private shortcut
        monkeypatch.setattr(folder_snapshot, "_child_maker", lambda folder: folder.joinpath)
    names = ["a.md", "with space.md", "ünïcode-包.md", ".hidden.md"]
    paths = [folder / name for name in names] + [tmp_path / "elsewhere" / "x.md"]   # the last packed as absolute
    files = {str(path): CachedFile(FileStamp(1, 2, 3, 4), Fact(
        id=f"mem-{i}", revision=1, name=path.stem, title="T", description="", type="project", scope="project",
        body="b", created_at="2026-01-01T00:00:00Z", updated_at="2026-01-01T00:00:00Z", path=path), ())
        for i, path in enumerate(paths)}
    back = folder_snapshot.unpack(folder, folder_snapshot.pack(folder, files))
    assert back == files
    for path in paths:
        unpacked = back[str(path)].fact.path
        assert unpacked == path and str(unpacked) == str(path) and unpacked.parent == path.parent
    made = folder_snapshot._child_maker(folder)
    for name in names:
        child = made(name)
        assert child == folder / name and str(child) == str(folder / name) and type(child) is type(folder / name)
        assert child.name == name and child.parent == folder and child.suffix == ".md"


def test_a_snapshot_in_several_pieces_reads_back_whole(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(folder_snapshot, "CHUNK_ROWS", 2)
    folder = tmp_path / "memory"
    files = {}
    for i in range(5):
        path = folder / f"f{i}.md"
        fact = Fact(id=f"mem-{i}", revision=1, name=f"f{i}", title="T", description="", type="project",
                    scope="project", body=f"body {i}", created_at="2026-01-01T00:00:00Z",
                    updated_at="2026-01-01T00:00:00Z", path=path)
        files[str(path)] = CachedFile(FileStamp(i, i, i, i), fact, ())
    blob = folder_snapshot.pack(folder, files)
    back = folder_snapshot.unpack(folder, blob)
    assert back == files
    assert [f.content_digest for f in (item.fact for item in back.values())] == \
        [f.content_digest for f in (item.fact for item in files.values())]
    assert folder_snapshot.unpack(folder, blob[:-7]) is None     # cut short: a miss, not an error


def test_what_scopes_are_compared_by_comes_with_the_snapshot(store, state_root, workspace, monkeypatch):
    """Overrides compare every fact's identity keys on every change: worked out once per fact, and
    carried by the snapshot, so a new process works them out only for files the snapshot lacks."""
    from context_center.engine.memory import overrides

    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="shared-title", title="Fact 1", body="The global one.", type="project",
                                  scope="global"))
    _facts(state_root, workspace)
    calls = []
    real = overrides.identity_keys_of
    monkeypatch.setattr(overrides, "identity_keys_of", lambda fact: calls.append(fact.name) or real(fact))
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        found = engine.overrides()
        assert [(key[0], holder.ref, why) for key, (holder, why) in found.items()] == [
            ("global", "project/fact-001.md", "same title")]
        engine.overrides()
    assert calls == ["shared-title"]   # not in a snapshot yet (one file of drift); the 300 others were


def test_a_field_left_at_its_default_is_not_packed_and_reads_back_from_the_class(tmp_path: Path):
    """The snapshot writes only what differs from Fact's defaults (each lives on the class):
    what comes back is equal, hashes the same, evolves and renders like the original."""
    import dataclasses

    from context_center.engine.memory.fact_file import render_fact

    for field in dataclasses.fields(Fact):   # the rule the format relies on, checked for every field
        if field.default is not dataclasses.MISSING:
            assert getattr(Fact, field.name) == field.default, field.name
    folder = tmp_path / "memory"
    plain = Fact(id="mem-1", revision=1, name="a", title="A", description="", type="project", scope="project",
                 body="b", created_at="2026-01-01T00:00:00Z", updated_at="2026-01-01T00:00:00Z",
                 path=folder / "a.md")
    odd = dataclasses.replace(plain, id="mem-2", name="b", path=folder / "b.md", importance=0.0, legacy=True,
                              activation="pinned", tags=("t",))
    files = {str(f.path): CachedFile(FileStamp(1, 2, 3, 4), f, ()) for f in (plain, odd)}
    blob = folder_snapshot.pack(folder, files)
    back = folder_snapshot.unpack(folder, blob)
    assert back == files
    for original in (plain, odd):
        copy = back[str(original.path)].fact
        assert hash(copy) == hash(original) and render_fact(copy) == render_fact(original)
        assert copy.evolve(body="changed") == original.evolve(body="changed")
    unpacked = back[str(plain.path)].fact
    assert "keywords" not in vars(unpacked) and unpacked.keywords == "" and unpacked.importance is None
    assert back[str(odd.path)].fact.importance == 0.0 and back[str(odd.path)].fact.legacy is True


def test_a_row_without_a_required_field_is_a_miss(tmp_path: Path):
    import marshal
    import zlib

    folder = tmp_path / "memory"
    row = ("a.md", (1, 2, 3, 4), {"name": "a"}, ())   # no id, no body…: not a fact this version can make
    piece = marshal.dumps([row])
    blob = marshal.dumps((folder_snapshot.FORMAT, folder_snapshot._KEYS, [(len(piece), zlib.compress(piece))]))
    assert folder_snapshot.unpack(folder, blob) is None


class _LosingOs:
    """The fact store's ``os``, whose ``scandir`` of ``folder`` names a file that is removed before it
    is looked at (another process's forget, between the directory read and the stat)."""

    def __init__(self, folder: Path, lost: str) -> None:
        self._folder, self._lost = folder, lost

    def __getattr__(self, name: str):
        return getattr(os, name)

    def _lose(self, path) -> None:
        if Path(path) == self._folder and (self._folder / self._lost).exists():
            (self._folder / self._lost).unlink()

    def scandir(self, path):
        entries = list(os.scandir(path))
        self._lose(path)
        return _Entries(entries)

    def listdir(self, path):
        names = os.listdir(path)
        self._lose(path)
        return names


class _Entries(list):
    def __enter__(self):
        return iter(self)

    def __exit__(self, *exc) -> None:
        return None


@pytest.mark.parametrize("opened", [False, True], ids=["on open", "on refresh"])
def test_a_file_gone_between_the_listing_and_its_stat_takes_only_itself_away(store, state_root, workspace,
                                                                              monkeypatch, opened: bool):
    _facts(state_root, workspace)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        if opened:
            os.utime(store, ns=(1, 1))   # the folder looks changed: refresh lists it again
        monkeypatch.setattr(fact_store, "os", _LosingOs(store, "fact-150.md"))
        if opened:
            engine.refresh()
        else:
            engine = open_engine(state_root=state_root, workspace=workspace)
        names = {f.name for f in engine.facts()}
        engine.close()
    assert len(names) == FACTS - 1 and "fact-150" not in names
    monkeypatch.undo()
    assert {f.name for f in _facts(state_root, workspace).values()} == names
