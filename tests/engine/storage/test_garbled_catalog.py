"""The catalog holds derived rows (rebuilt from the files) and state with no file of its own
(kept wherever it can still be read). Garbled, it never breaks a command (#13)."""
from __future__ import annotations

import sqlite3

import pytest

from context_center.engine import open_engine

pytestmark = pytest.mark.adversarial


@pytest.fixture
def stored(cli):
    cli.remember("deploys", "Deploys go through the staging cluster first.")
    cli.remember("releases", "Releases are cut on Mondays.")
    cli.ok("memory", "recall", "how do deploys work?")
    with open_engine(cli.root, cli.workspace) as engine:
        engine.set_setting("mcp.policy", "review")
    return cli


def sql(cli, *statements: str) -> None:
    db = sqlite3.connect(cli.root / "catalog.sqlite")
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def names(cli) -> list[str]:
    return sorted(f["name"] for f in cli.ok("memory", "list")["facts"])


@pytest.mark.parametrize("garble", [
    "UPDATE fact_files SET fact = '{not json' WHERE path LIKE '%deploys.md'",
    "UPDATE fact_files SET fact = '{\"id\": 1}' WHERE path LIKE '%deploys.md'",
    "UPDATE fact_files SET problems = '[[1]]', size = 'big' WHERE path LIKE '%releases.md'",
    "UPDATE recall_traces SET trace = 'nope'",
    "UPDATE settings SET value = '{broken'",
])
def test_a_garbled_row_is_a_cache_miss_or_a_default(stored, garble: str):
    sql(stored, garble)
    assert names(stored) == ["deploys", "releases"]
    assert stored.ok("memory", "search", "staging")["hits"]
    assert stored.run("memory", "recall", "--last", "--json").code in (0, 1)
    assert "Traceback" not in stored.run("memory", "recall", "--last").err


def test_a_dropped_table_is_recreated_and_the_rest_kept(stored):
    sql(stored, "DROP TABLE fact_files", "DROP TABLE recall_traces")
    assert names(stored) == ["deploys", "releases"]
    with open_engine(stored.root, stored.workspace) as engine:
        assert engine.setting("mcp.policy") == "review"   # state with no file survives


def test_a_folder_where_the_catalog_belongs_is_set_aside(stored):
    catalog = stored.root / "catalog.sqlite"
    for part in stored.root.glob("catalog.sqlite*"):
        part.unlink()
    catalog.mkdir()
    (catalog / "something.txt").write_text("kept", encoding="utf-8")
    assert names(stored) == ["deploys", "releases"]
    assert (stored.root / "catalog.sqlite.corrupt" / "something.txt").read_text(encoding="utf-8") == "kept"


def test_a_catalog_too_garbled_to_open_names_what_was_lost_with_it(stored):
    stored.run("hook", "claude-code", stdin='{"prompt": "how do deploys work?", "session_id": "s"}')
    assert stored.ok("memory", "recall", "--history")["injections"]
    for part in stored.root.glob("catalog.sqlite*"):
        part.unlink()
    (stored.root / "catalog.sqlite").write_bytes(b"this is not a database" * 100)
    listed = stored.ok("memory", "list")
    assert sorted(f["name"] for f in listed["facts"]) == ["deploys", "releases"]
    [warning] = [d for d in listed["diagnostics"] if d["path"].endswith("catalog.sqlite.corrupt")]
    assert warning["severity"] == "warning" and "the injection record" in warning["reason"]
    assert "the settings" in warning["reason"]
    assert stored.ok("memory", "recall", "--history")["injections"] == []   # lost, and said so
    (stored.root / "catalog.sqlite.corrupt").unlink()
    assert not [d for d in stored.ok("memory", "list")["diagnostics"] if "corrupt" in d["path"]]
