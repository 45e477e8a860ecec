"""The Whoosh index is derived: damaged, or a file where its folder belongs, it is rebuilt by
itself and the rebuild is said on stderr (#13)."""
from __future__ import annotations

import shutil

import pytest

pytestmark = pytest.mark.adversarial


@pytest.fixture
def indexed(cli):
    for number in range(5):
        cli.remember(f"fact-{number}", f"Release train {number} ships the parser fixes.")
    assert cli.ok("memory", "search", "parser")["hits"]
    return cli


def test_a_truncated_segment_is_rebuilt_on_the_next_search(indexed, cli_process):
    index = indexed.root / "index"
    segments = [p for p in index.iterdir() if p.suffix in (".seg", ".trm", ".pst")] or \
        [p for p in index.iterdir() if p.is_file() and not p.name.startswith(("_", "context-center"))]
    assert segments
    for segment in segments:
        segment.write_bytes(segment.read_bytes()[:7])
    result = cli_process.run("memory", "search", "parser", "--json")
    assert result.code == 0, result.err
    assert len(result.json["hits"]) >= 1 and "rebuilding it from the facts" in result.err


def test_a_file_where_the_index_folder_belongs_is_replaced(indexed, cli_process):
    index = indexed.root / "index"
    shutil.rmtree(index)
    index.write_text("not an index", encoding="utf-8")
    result = cli_process.run("memory", "search", "parser", "--json")
    assert result.code == 0 and result.json["hits"], result.err
    assert index.is_dir()


def test_garbage_in_the_table_of_contents_is_rebuilt(indexed, cli_process):
    for toc in (indexed.root / "index").glob("_MAIN_*.toc"):
        toc.write_bytes(b"\x00garbage")
    result = cli_process.run("memory", "search", "parser", "--json")
    assert result.code == 0 and result.json["hits"], result.err
