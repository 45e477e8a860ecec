"""What kills, full disks and in-place editors leave behind (#13): a rewrite keeping size, mtime
and inode is noticed; stale temp files are cleaned; an unreadable MEMORY.md is left alone; a
MEMORY.md that cannot be rewritten does not turn a done write into a failure."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from context_center.engine import FactInput, open_engine
from support.mounts import tmpfs

pytestmark = pytest.mark.adversarial


def test_a_rewrite_that_keeps_size_mtime_and_inode_is_noticed(state_root: Path, workspace: Path):
    with open_engine(state_root, workspace) as engine:
        path = engine.remember(FactInput(name="port", title="Port", body="The API listens on 8080.")).fact.path
    assert path is not None
    before = path.stat()
    with open(path, "r+b") as handle:   # in place: same inode, same size
        data = handle.read().replace(b"8080", b"9090")
        handle.seek(0)
        handle.write(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))   # and the mtime put back
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    with open_engine(state_root, workspace) as engine:
        assert engine.fact("port").body == "The API listens on 9090."


def test_stale_temp_files_are_cleaned_on_open_and_fresh_ones_kept(state_root: Path, workspace: Path):
    with open_engine(state_root, workspace) as engine:
        folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    stale, fresh = folder / ".atomic-0123456789ab.tmp", folder / ".atomic-ba9876543210.tmp"
    stale.write_bytes(b"x" * 1000)
    fresh.write_bytes(b"y")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    with open_engine(state_root, workspace):
        pass
    assert not stale.exists() and fresh.exists()


def test_an_unreadable_memory_md_is_left_as_it_is(state_root: Path, workspace: Path, caplog):
    with open_engine(state_root, workspace) as engine:
        folder = engine.paths.memory_dir("project")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "MEMORY.md").write_bytes(b"# Hand-written \xff\xfe notes\n")
        engine.remember(FactInput(name="port", title="Port", body="The API listens on 8080."))
    assert (folder / "MEMORY.md").read_bytes() == b"# Hand-written \xff\xfe notes\n"
    assert "MEMORY.md is left as it is" in caplog.text


@pytest.fixture
def tiny_disk(tmp_path: Path):
    with tmpfs(tmp_path / "disk", "1m") as point:
        yield point


def test_a_full_disk_while_memory_md_is_rewritten_is_a_warning(tiny_disk: Path, workspace: Path, caplog):
    with open_engine(tiny_disk / "state", workspace) as engine:
        made = [engine.remember(FactInput(name=f"fact-{n}", title=f"Fact {n}", body=f"Body {n}.")).fact
                for n in range(30)]
        fd = os.open(tiny_disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
        try:   # fill the disk to the last block
            while True:
                os.write(fd, b"\0" * 1024)
        except OSError:
            pass
        finally:
            os.close(fd)
        entry = engine.forget(made[0].id)   # a link and an unlink need no space; MEMORY.md does
        assert entry.path.is_file() and "fact-0" not in [f.name for f in engine.facts()]
    assert "MEMORY.md could not be rewritten" in caplog.text
