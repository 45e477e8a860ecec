"""Other agents' memories built from their documented shapes (UPSTREAM.md), for the import tests."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

# context-eng's table, as UPSTREAM.md documents it (timestamps in unix seconds)
CONTEXT_ENG_SCHEMA = """
CREATE TABLE memories (
    id TEXT PRIMARY KEY,
    project_id TEXT,
    chat_id TEXT,
    category TEXT NOT NULL,
    content TEXT NOT NULL,
    subject TEXT,
    topics TEXT,
    tags TEXT,
    links TEXT,
    importance REAL NOT NULL DEFAULT 0.5,
    active INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
)"""
MARCH_2026 = 1772618400            # 2026-03-04T10:00:00Z
AWS_KEY = "AKIAIOSFODNN7EXAMPLF"


@pytest.fixture(autouse=True)
def no_agent_homes(monkeypatch):
    """The machine's own agent homes never leak into a test."""
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "CONTEXT_ENG_HOME"):
        monkeypatch.delenv(name, raising=False)


def claude_memory_folder(home: Path, workspace: Path) -> Path:
    """``~/.claude/projects/<git root with non-alphanumerics as ->/memory``."""
    folder = home / ".claude" / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(workspace.resolve())) / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_claude_memory(home: Path, workspace: Path) -> Path:
    """An index, typed topics, a topic without front matter, an empty one and one holding a secret."""
    folder = claude_memory_folder(home, workspace)
    (folder / "MEMORY.md").write_text("- [User role](user_role.md) — who the user is\n"
                                      "- [Testing](feedback_testing.md) — how to test\n", encoding="utf-8")
    (folder / "user_role.md").write_text(
        "---\nname: User role\ndescription: The user is a data scientist new to Rust\ntype: user\n"
        "modified: 2026-03-04T10:00:00Z\n---\n\nThe user is a data scientist, new to Rust; explain "
        "ownership with Python analogies.\n", encoding="utf-8")
    (folder / "feedback_testing.md").write_text(
        "---\nname: Integration tests hit a real database\ndescription: no mocks in integration tests\n"
        "type: feedback\nmodified: 2026-03-05\n---\nIntegration tests must hit a real database, not mocks.\n\n"
        "**Why:** a mocked migration passed while production broke.\n", encoding="utf-8")
    (folder / "release_dashboard.md").write_text(
        "---\nname: Release dashboard\ntype: reference\n---\nRelease status lives at "
        "https://grafana.example.com/d/releases.\n", encoding="utf-8")
    (folder / "build_notes.md").write_text("# Build notes\n\nRun `make check` before every push.\n",
                                           encoding="utf-8")
    (folder / "empty.md").write_text("---\ntype: project\n---\n\n", encoding="utf-8")
    (folder / "deploy.md").write_text(f"---\ntype: project\n---\nDeploy with the key {AWS_KEY}.\n",
                                      encoding="utf-8")
    (folder / "notes.txt").write_text("not Markdown: not a topic\n", encoding="utf-8")
    return folder


def write_codex_memories(home: Path) -> Path:
    folder = home / ".codex" / "memories"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(
        "# Preferences\n\n"
        "- Always answer in British English.\n"
        "- Prefer uv over pip for Python projects,\n"
        "  and pin versions in pyproject.toml.\n"
        "  - nested: keep the lock file committed\n\n"
        "## Tools\n\n"
        "* Docs for the billing API are at https://docs.example.com/billing\n"
        "1. Never run the migrations against production by hand.\n\n"
        "---\n"
        "<!-- written by codex -->\n"
        "The staging cluster is rebuilt every Monday night.\n", encoding="utf-8")
    (folder / "tokens.md").write_text(f"- The CI deploy key is {AWS_KEY}\n- Keep CI under ten minutes.\n",
                                      encoding="utf-8")
    (folder / "headings.md").write_text("# Notes\n\n## Later\n\n", encoding="utf-8")
    (folder / "empty.md").write_text("", encoding="utf-8")
    (folder / "memory_summary.md").write_text("# Summary\n\n- Always answer in British English.\n",
                                              encoding="utf-8")
    return folder


def context_eng_database(path: Path, rows: list[dict]) -> Path:
    """A real SQLite file with context-eng's ``memories`` table holding ``rows``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    with connection:
        connection.execute(CONTEXT_ENG_SCHEMA)
        connection.execute("CREATE TABLE categories (canonical TEXT PRIMARY KEY, display TEXT NOT NULL)")
        for row in rows:
            full = {"project_id": None, "chat_id": None, "subject": None, "topics": "[]", "tags": "[]",
                    "links": "[]", "importance": 0.5, "active": 1, "created_at": MARCH_2026,
                    "updated_at": MARCH_2026, **row}
            columns = ", ".join(full)
            connection.execute(f"INSERT INTO memories ({columns}) VALUES ({', '.join('?' * len(full))})",
                               list(full.values()))
    connection.close()
    return path


def write_context_eng_store(home: Path, workspace: Path) -> Path:
    """A global scope and this workspace's project scope (plus another project's), with rows to
    import and rows to skip."""
    root = home / ".context"
    mine = str(workspace.resolve())
    context_eng_database(root / "global" / "catalog.db", [
        {"id": "g1", "category": "preference", "content": "Answer in short paragraphs.", "chat_id": "staging",
         "topics": '["style"]', "importance": 0.7},
    ])
    project = root / "projects" / "demo-repo-3f2a9c0d1e4b"
    context_eng_database(project / "catalog.db", [])
    context_eng_database(project / "categories" / "decision-0a1b2c3d4e5f.db", [
        {"id": "p1", "project_id": mine, "category": "Decision", "content": "Use SQLite for the local cache.",
         "subject": "cache", "tags": '["storage", "sqlite"]', "created_at": MARCH_2026,
         "updated_at": MARCH_2026 + 3600},
        {"id": "p2", "project_id": mine, "category": "Decision", "content": "Ship weekly on Thursdays.",
         "active": 0},
        {"id": "p3", "project_id": "/elsewhere/other-repo", "category": "Decision",
         "content": "Use Postgres for the other repo."},
    ])
    context_eng_database(project / "categories" / "workflow-5e4d3c2b1a00.db", [
        {"id": "p4", "project_id": mine, "category": "workflow", "content": "Run the linters before committing.",
         "chat_id": "staging"},
        {"id": "p5", "project_id": mine, "category": "workflow", "content": f"Log in with {AWS_KEY} to deploy.",
         "chat_id": "staging"},
    ])
    context_eng_database(root / "projects" / "other-repo-99aa88bb77cc" / "catalog.db", [
        {"id": "o1", "project_id": "/elsewhere/other-repo", "category": "decision", "content": "Never import me."},
    ])
    return root
