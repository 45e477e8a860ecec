"""The agents' search index saved beside the recall index: a new server process loads the words
it saved and tokenizes only the memories new or changed since, with the same answers."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine import open_agent_memory
from context_center.engine.agents import agent_index
from context_center.engine.clock import format_timestamp, now
from context_center.engine.memory.fact_file import render_fact
from context_center.engine.memory.fields import new_fact_id
from context_center.engine.records import Fact
from context_center.engine.storage.paths import StorePaths

COUNT = 1200   # past recall_base.PERSIST_FROM: below it nothing is saved
QUERIES = ["which cluster runs the billing worker", "retry budget of the importer", "部署 数据库 迁移", "tag-zebra"]
Store = tuple[StorePaths, Path]   # (the paths, the workspace)


def write_memories(paths: StorePaths, count: int = COUNT) -> None:
    stamp = format_timestamp(now())
    for scope in ("project", "global"):
        paths.memory_dir(scope).mkdir(parents=True, exist_ok=True)
    for i in range(count):
        content = (f"The billing worker number {i} runs on cluster c{i % 17} with a retry budget of {i % 9} "
                   f"attempts" + (" 部署前先运行数据库迁移" if i % 10 == 0 else ""))
        scope = "global" if i % 3 == 0 else "project"
        fact = Fact(id=new_fact_id(), revision=1, name=f"memory-{i:05d}", title=content[:40], description=content,
                    type="project", scope=scope, body=content, created_at=stamp, updated_at=stamp,
                    activation="relevant", category="decision", status="promoted", importance=0.5,
                    tags=(f"tag-{i % 5}",))
        (paths.memory_dir(scope) / f"{fact.name}.md").write_text(render_fact(fact), encoding="utf-8")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the memories tokenized by each index made from now on."""
    seen: list[str] = []
    original = agent_index.memory_terms

    def memory_terms(fact: Fact) -> dict[str, float]:
        seen.append(fact.name)
        return original(fact)

    monkeypatch.setattr(agent_index, "memory_terms", memory_terms)
    return seen


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A store of COUNT memories written as files, and its workspace."""
    workspace = tmp_path / "project"
    workspace.mkdir()
    paths = StorePaths.create(tmp_path / "state", workspace)
    write_memories(paths)
    return paths, workspace


def answers(root: Path, workspace: Path) -> list[str]:
    service = open_agent_memory(root, workspace, "contract", use_judge=False)
    try:
        return [service.search({"query": q, "limit": 20, "hints": {"tags": ["tag-3"]}}) if q == "tag-zebra"
                else service.search({"query": q, "limit": 20}) for q in QUERIES]
    finally:
        service.close()


def test_a_new_process_starts_from_the_saved_words_and_answers_the_same(store: Store, counted: list[str]):
    paths, workspace = store
    first = answers(paths.root, workspace)
    assert len(counted) == COUNT and paths.agent_index_cache_file.is_file()
    counted.clear()
    assert answers(paths.root, workspace) == first
    assert counted == []   # nothing tokenized again


def test_a_memory_changed_on_disk_is_tokenized_again_and_found_by_its_new_words(store: Store, counted: list[str]):
    paths, workspace = store
    answers(paths.root, workspace)
    changed = paths.memory_dir("project") / "memory-00001.md"
    text = changed.read_text(encoding="utf-8")
    changed.write_text(text.replace("tag-1", "tag-zebra-hoof"), encoding="utf-8")   # a tag only: the body is the same
    counted.clear()
    service = open_agent_memory(paths.root, workspace, "contract", use_judge=False)
    try:
        found = service.search({"query": "zebra hoof", "limit": 5})
    finally:
        service.close()
    assert counted == ["memory-00001"]
    assert "memory number 1 " not in found and "worker number 1 runs" in found


def test_words_saved_under_other_secret_rules_are_not_trusted(store: Store, counted: list[str],
                                                               monkeypatch: pytest.MonkeyPatch):
    """What the rules mask is not searchable: a base saved before they changed may hold a secret's words."""
    paths, workspace = store
    first = answers(paths.root, workspace)
    monkeypatch.setattr(agent_index, "RULES_VERSION", agent_index.RULES_VERSION + 1)
    counted.clear()
    assert answers(paths.root, workspace) == first
    assert len(counted) == COUNT


def test_a_damaged_saved_index_is_a_rebuild(store: Store, counted: list[str]):
    paths, workspace = store
    first = answers(paths.root, workspace)
    data = bytearray(paths.agent_index_cache_file.read_bytes())
    data[len(data) // 2: len(data) // 2 + 64] = b"\0" * 64
    paths.agent_index_cache_file.write_bytes(bytes(data))
    counted.clear()
    assert answers(paths.root, workspace) == first
    assert len(counted) == COUNT
