"""A store never opened before is read by worker processes (#30's cold open): the same facts,
problems and stamps as one process reads, the snapshot saved from their pieces, and anything amiss
with a worker read here instead."""
from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from context_center.engine import open_engine
from context_center.engine.memory import bulk_read, fact_store
from context_center.engine.memory.fact_file import render_fact
from context_center.engine.memory.fact_reading import read_fact_file
from context_center.engine.memory.fields import new_fact_id
from context_center.engine.memory.sensitive import secret_findings
from context_center.engine.records import Fact
from context_center.engine.storage import worker_processes
from context_center.engine.storage.folder_snapshot import CHUNK_ROWS

FILES = 2 * CHUNK_ROWS + 100   # three pieces: two workers' slices, the second one short
ODD = {   # name → bytes: what a user, an agent or a merge leaves in a fact folder
    "broken-yaml.md": b"---\nid: [unclosed\n---\nbody\n",
    "never-closed.md": b"---\nid: x\nbody without an end\n",
    "gb18030.md": "---\nname: gb18030\n---\n\u90e8\u7f72\u7f13\u5b58\n".encode("gb18030"),
    "not-text.md": b"---\nname: x\n---\n\xff\xfe\xfd\x00\x81",
    "warned.md": b"---\nname: other-name\nvolatility: high\nactivation: sometimes\n---\nthe cache\n",
    "conflict.md": b"---\nname: conflict\n---\n<<<<<<< HEAD\nuse npm\n=======\nuse pnpm\n>>>>>>> main\n",
    "secret.md": b"---\nname: secret\n---\nthe deploy token ghs_" + b"a1B2" * 9 + b"\n",
    "no-front-matter.md": b"just a body, as a hand-written note\n",
}


def _write(folder: Path, count: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    stamp = "2026-12-03T00:00:00Z"
    for i in range(count):
        fact = Fact(id=new_fact_id(), revision=1, name=f"fact-{i:05d}", title=f"fact {i}", description="",
                    type="project", scope="project", body=f"the deploy number {i} waits for the cache token",
                    created_at=stamp, updated_at=stamp, activation="relevant",
                    keywords="deploy cache" if i % 3 else "", tags=("ops",) if i % 5 == 0 else ())
        (folder / f"fact-{i:05d}.md").write_text(render_fact(fact), encoding="utf-8")
    for name, raw in ODD.items():
        (folder / name).write_bytes(raw)
    for name in (b"not-utf8-\xff\xfe.md", "a line\nbreak.md".encode(), "中文 名字.md".encode()):   # odd names
        with open(os.path.join(os.fsencode(folder), name), "wb") as out:
            out.write(b"---\nname: odd\n---\nthe deploy cache\n")
    os.symlink(folder / "fact-00001.md", folder / "a-link.md")   # listed (it is said why), never followed
    os.mkfifo(folder / "a-fifo.md")          # never listed, never waited on
    (folder / "a-folder.md").mkdir()
    (folder / "MEMORY.md").write_text("# index\n", encoding="utf-8")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bulk") / "memory"
    _write(path, FILES)
    return path


def _listed(folder: Path) -> list[str]:
    return sorted(text for text, _ in fact_store._names(folder))


def _same(read: dict, expected: dict) -> None:
    assert list(read) == list(expected)
    for text, item in expected.items():
        got = read[text]
        assert got.stamp == item.stamp and got.diagnostics == item.diagnostics, text
        assert got.fact == item.fact, text
        if item.fact is not None:
            assert got.fact.path == item.fact.path and got.fact.content_digest == item.fact.content_digest
            assert got.fact.__dict__["secret_findings"] == secret_findings(item.fact)   # derived, carried


def test_workers_read_what_one_process_reads(folder: Path):
    texts = _listed(folder)
    assert len(texts) == FILES + len(ODD) + 4   # odd names, the symlink; not the FIFO, the folder, MEMORY.md
    expected = {text: read_fact_file(Path(text), "project") for text in texts}
    heard: list[tuple[int, int]] = []
    names = [Path(text).name for text in texts]
    read = bulk_read.read_in_workers(folder, names, "project", 2, lambda done, total: heard.append((done, total)))
    assert read is not None
    _same(read.files, expected)
    assert any(item.diagnostics for item in read.files.values())   # the odd files said what is wrong
    assert len(read.pieces) == 3
    assert [done for done, _ in heard] == sorted({done for done, _ in heard}) and heard[-1] == (len(texts),) * 2


def _cold(state_root: Path) -> None:
    for part in state_root.glob("catalog.sqlite*"):
        part.unlink()
    shutil.rmtree(state_root / "cache", ignore_errors=True)


def _facts_of(state_root: Path, workspace: Path) -> dict[str, tuple]:
    with open_engine(state_root, workspace) as engine:
        snapshot = engine.snapshot()
        return {f.name: (f, f.__dict__.get("secret_findings")) for f in snapshot.facts} | {
            f"problem {d.path.name}:{d.line}": (d.reason, d.severity) for d in snapshot.diagnostics}


@pytest.fixture
def cold_store(state_root: Path, workspace: Path) -> tuple[Path, Path]:
    with open_engine(state_root, workspace) as engine:
        _write(engine.paths.memory_dir("project"), FILES)
    _cold(state_root)
    return state_root, workspace


def test_a_first_open_reads_in_workers_saves_their_snapshot_and_no_row_per_file(
        cold_store, monkeypatch, caplog):
    state_root, workspace = cold_store
    monkeypatch.setattr(bulk_read, "worker_count", lambda files: 0)
    alone = _facts_of(state_root, workspace)
    _cold(state_root)
    monkeypatch.undo()
    with caplog.at_level(logging.INFO, logger="context_center.memory"):
        by_workers = _facts_of(state_root, workspace)
    assert f"{FILES + len(ODD) + 4:,} fact files read by 2 worker processes" in caplog.text
    assert by_workers == alone and len(alone) > FILES
    with sqlite3.connect(state_root / "catalog.sqlite") as db:
        assert db.execute("SELECT count(*) FROM fact_files").fetchone() == (0,)   # the snapshot holds them
        assert db.execute("SELECT count(*) FROM folder_snapshots").fetchone()[0] >= 1
    monkeypatch.setattr(fact_store, "read_fact_file", lambda *a, **k: pytest.fail("a warm open read a file"))
    assert _facts_of(state_root, workspace) == alone   # the next open reads the saved snapshot


BROKEN_WORKERS = {
    "dies": "import os; os._exit(3)",
    "says nonsense": "import sys; sys.stdout.buffer.write(b'\\x05\\x00\\x00\\x00hello')",
    "stops half-way": ("from context_center.engine.memory import bulk_read as b; import io; out = io.BytesIO(); "
                       "b.serve(sys.stdin.buffer, out); sys.stdout.buffer.write(out.getvalue()[:100000])"),
    "cannot start": None,
}


@pytest.mark.parametrize("how", sorted(BROKEN_WORKERS))
def test_a_worker_that_fails_leaves_the_files_to_this_process(cold_store, monkeypatch, caplog, how):
    state_root, workspace = cold_store
    monkeypatch.setattr(bulk_read, "worker_count", lambda files: 0)
    alone = _facts_of(state_root, workspace)
    _cold(state_root)
    monkeypatch.undo()
    if BROKEN_WORKERS[how] is None:
        monkeypatch.setattr(worker_processes.sys, "executable", str(state_root / "no-such-python"))
    else:
        monkeypatch.setattr(bulk_read, "_BOOT", BROKEN_WORKERS[how])
    with caplog.at_level(logging.WARNING, logger="context_center.memory"):
        assert _facts_of(state_root, workspace) == alone
    assert "read here instead" in caplog.text


def test_a_worker_imports_nothing_from_the_folder_it_starts_in(folder: Path, tmp_path: Path, monkeypatch):
    """A workspace is not trusted: a ``context_center`` package or a ``json.py`` in the current
    folder (where a user runs the CLI) is not what a worker runs."""
    planted = tmp_path / "planted"
    (planted / "context_center").mkdir(parents=True)
    marker = tmp_path / "ran"
    code = f"open({str(marker)!r}, 'w').write('ran')\n"
    (planted / "context_center" / "__init__.py").write_text(code, encoding="utf-8")
    (planted / "json.py").write_text(code, encoding="utf-8")
    monkeypatch.chdir(planted)
    monkeypatch.setenv("PYTHONPATH", str(planted))
    monkeypatch.setenv("PYTHONSTARTUP", str(planted / "json.py"))
    names = [Path(text).name for text in _listed(folder)][:CHUNK_ROWS + 1]
    assert bulk_read.read_in_workers(folder, names, "project", 2) is not None
    assert not marker.exists()


def test_workers_only_where_they_pay(monkeypatch):
    assert bulk_read.worker_count(bulk_read.PARALLEL_FROM - 1) == 0
    monkeypatch.setattr(worker_processes.os, "sched_getaffinity", lambda pid: {0})
    assert bulk_read.worker_count(100_000) == 0   # one core: nothing to share
    monkeypatch.setattr(worker_processes.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3, 4, 5, 6, 7})
    assert bulk_read.worker_count(100_000) == worker_processes.MAX_WORKERS
    assert bulk_read.worker_count(bulk_read.PARALLEL_FROM) == 2   # a worker has a piece at least
    monkeypatch.setattr(worker_processes.sys, "frozen", True, raising=False)
    assert bulk_read.worker_count(100_000) == 0


def test_workers_that_read_other_files_than_asked_are_not_believed(cold_store, monkeypatch, caplog):
    """A worker decoding names another way (-I drops PYTHONUTF8) would look for other files: its
    answer must name exactly the files asked for, else this process reads them."""
    state_root, workspace = cold_store
    monkeypatch.setattr(bulk_read, "worker_count", lambda files: 0)
    alone = _facts_of(state_root, workspace)
    _cold(state_root)
    monkeypatch.undo()
    real = bulk_read.read_in_workers

    def renamed(folder, names, scope, workers, progress=None):
        read = real(folder, names, scope, workers, progress)
        first = next(iter(read.files))
        files = {(first + "x" if text == first else text): item for text, item in read.files.items()}
        return bulk_read.Read(files, read.pieces)

    monkeypatch.setattr(bulk_read, "read_in_workers", renamed)
    with caplog.at_level(logging.WARNING, logger="context_center.memory"):
        assert _facts_of(state_root, workspace) == alone
    assert "answered for other files than asked" in caplog.text


def test_a_file_name_sqlite_cannot_hold_is_read_again_not_a_crash(state_root, workspace):
    with open_engine(state_root, workspace) as engine:
        folder = engine.paths.memory_dir("project")
        _write(folder, 10)
    with open(os.path.join(os.fsencode(folder), b"note-\xff.md"), "wb") as out:
        out.write(b"---\nname: x\n---\nthe deploy cache\n")
    for _ in range(2):   # the second open finds the name among the files that differ from the snapshot
        with open_engine(state_root, workspace) as engine:
            assert any(f.body == "the deploy cache" for f in engine.facts())


def test_an_unpack_without_a_thread_to_spare(state_root, workspace, monkeypatch):
    """A process limit may allow no thread: the snapshot's pieces are then inflated on this one."""
    import threading

    with open_engine(state_root, workspace) as engine:
        _write(engine.paths.memory_dir("project"), 2 * CHUNK_ROWS + 10)
    with open_engine(state_root, workspace) as engine:   # reads the files, saves their snapshot
        expected = len(engine.facts())
    assert expected > 2 * CHUNK_ROWS

    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    engine = open_engine(state_root, workspace)   # (closing it would start a thread too)
    assert len(engine.facts()) == expected
    monkeypatch.undo()
    engine.close()
