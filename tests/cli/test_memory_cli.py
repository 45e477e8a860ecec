"""``context-center memory …`` as scripts see it: JSON shapes, exit codes, human output."""
import json
import re
import unicodedata

import pytest

FACT_KEYS = {"id", "revision", "name", "title", "description", "type", "scope", "keywords", "subject_key",
             "activation", "volatility", "expires_at", "last_verified_at", "created_at", "updated_at",
             "freshness", "ref"}


def test_every_changing_command_prints_the_resulting_fact_with_its_body(cli):
    fact = cli.remember("shape", "body one")
    assert FACT_KEYS | {"body"} <= fact.keys()
    for args in (("edit", fact["id"], "--title", "Shape two"), ("pin", fact["id"]), ("unpin", fact["id"]),
                 ("verify", fact["id"]), ("restore", fact["id"], "1")):
        result = cli.ok("memory", *args)
        assert FACT_KEYS | {"body"} <= result.keys(), args


def test_list_has_facts_and_diagnostics(cli):
    cli.remember("listed", "x")
    listed = cli.ok("memory", "list")
    assert set(listed) >= {"facts", "diagnostics"} and FACT_KEYS <= listed["facts"][0].keys()


def test_refusals_exit_1_with_a_json_error_and_the_code_on_stderr(cli_process):
    cli = cli_process
    cli.refused("memory", "show", "nothing-here", code="NOT_FOUND")
    cli.refused("memory", "remember", "--title", "t", "--body", "b", "--type", "opinion", code="INVALID_INPUT")
    cli.refused("memory", "remember", "--title", "t", "--body", "b", "--subject-key", "。。", code="INVALID_INPUT")


def test_name_scope_and_activity_conflicts_have_their_codes(cli):
    fact = cli.remember("taken", "x")
    cli.refused("memory", "remember", "--name", "taken", "--title", "t", "--body", "y", code="NAME_CONFLICT")
    cli.refused("memory", "show", "global/taken.md", "--scope", "project", code="SCOPE_CONFLICT")
    entry = cli.ok("memory", "forget", fact["id"])["forgotten"]
    cli.remember("taken", "a new one")
    cli.refused("memory", "recover", entry["path"], code="ALREADY_ACTIVE")


def test_a_secret_is_refused_without_being_echoed(cli):
    token = "ghp_" + "Z" * 36
    refusal = cli.refused("memory", "remember", "--title", "t", "--body", f"token {token}",
                          code="SENSITIVE_CONTENT")
    assert token not in refusal["message"]
    stored = cli.ok("memory", "remember", "--title", "t", "--body", f"token {token}", "--redact-secrets")
    assert stored["redacted"] == ["GitHub token"] and token not in stored["body"]


def test_usage_errors_exit_2(cli, cli_process):
    assert cli_process.run("memory", "show").code == 2  # the real exit code of a process
    assert cli.run("memory", "restore", "x").code == 2   # REV is missing (a number, or a team fact's commit)
    assert cli.run("memory", "frobnicate").code == 2


def test_the_body_can_come_from_stdin_or_a_file(cli, tmp_path):
    piped = cli.ok("memory", "remember", "--title", "Piped", stdin="from stdin\n")
    assert piped["body"] == "from stdin"
    body_file = tmp_path / "body.md"
    body_file.write_text("from a file\n")
    filed = cli.ok("memory", "edit", piped["id"], "--body-file", str(body_file))
    assert filed["body"] == "from a file" and filed["revision"] == 2
    kept = cli.ok("memory", "edit", piped["id"], "--title", "Renamed title")
    assert kept["body"] == "from a file"


def test_list_without_json_is_a_table(cli):
    cli.remember("table-row", "x")
    result = cli.run("memory", "list")
    assert result.code == 0
    header, rule, row = result.out.splitlines()[:3]
    assert header.split() == ["REF", "TYPE", "ACTIVATION", "FRESHNESS", "REV", "TITLE"]
    assert set(rule.replace(" ", "")) == {"-"} and row.startswith("project/table-row.md")


def test_a_table_lines_up_chinese_names_by_the_columns_they_take(cli):
    """A new user's walk: rows after project/数据库迁移.md were shifted, padded by character count
    while each Chinese character takes two columns of a terminal."""
    def display_width(text: str) -> int:   # as a terminal shows it: a Chinese character is two columns
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    cli.remember("数据库迁移", "数据库迁移用 Alembic")
    cli.remember("deploy-day", "Deploys go out on Tuesdays.")
    header, _, *rows = cli.run("memory", "list").out.splitlines()
    column = header.index("TYPE")
    for row in rows:   # TYPE starts at one terminal column on every line
        cut = next(i for i in range(len(row) + 1) if display_width(row[:i]) >= column)
        assert display_width(row[:cut]) == column and row[cut:].startswith("project"), row


def test_the_archive_listing_shows_each_path_whole_for_recover(cli):
    """A second walk: the PATH column was cut at 120 characters, and recover takes only the whole path."""
    fact = cli.remember("package-manager-again-with-a-rather-long-name-that-makes-the-archive-path-long", "pnpm.")
    cli.ok("memory", "forget", fact["id"])
    [entry] = cli.ok("memory", "archived")["archived"]
    assert len(entry["path"]) > 120 and entry["path"] in cli.run("memory", "archived").out
    assert cli.ok("memory", "recover", entry["path"])["name"].startswith("package-manager-again")


def test_a_fact_written_already_expired_says_so_and_how_to_clear_it(cli):
    """An expiry in the past is taken (a hand-written or imported fact may carry one) but never in
    silence: recall will not inject the fact."""
    out = cli.run("memory", "remember", "--title", "Beta", "--body", "The beta ends.", "--expires-at",
                  "2020-01-01").out
    assert "Expired: its expiry (2020-01-01T23:59:59Z) has passed, so recall will not inject it" in out
    assert "context-center memory edit project/beta.md --expires-at never" in out
    assert "Expired" not in cli.run("memory", "edit", "beta", "--expires-at", "never").out


def test_show_without_json_is_markdown(cli):
    cli.remember("readable", "The **body**.")
    out = cli.run("memory", "show", "readable").out
    assert out.startswith("# readable\n") and "- **ref**: project/readable.md" in out and "The **body**." in out


def test_revisions_archived_subjects_and_migrate_shapes(cli):
    fact = cli.remember("hist", "one", "--subject-key", "Project.History")
    cli.ok("memory", "edit", fact["id"], "--body", "two")
    history = cli.ok("memory", "revisions", fact["id"])
    assert history["active"]["revision"] == 2 and history["revisions"][0].keys() >= {"revision", "updated_at", "body"}
    assert cli.ok("memory", "subjects")["subjects"] == [
        {"subject_key": "project.history", "scope": "project", "id": fact["id"], "name": "hist"}]
    entry = cli.ok("memory", "forget", "hist")["forgotten"]
    [archived] = cli.ok("memory", "archived")["archived"]
    assert archived.keys() >= {"path", "id", "name", "scope", "revision", "archived_at"}
    assert archived["path"] == entry["path"] and re.match(r"\d{4}-\d\d-\d\dT", archived["archived_at"])
    assert cli.ok("memory", "migrate") == {"migrated": 0}


def test_session_context_prints_the_pinned_snapshot(cli):
    cli.remember("pinned-rule", "Prefer small commits.", "--activation", "pinned")
    cli.remember("background", "Not pinned.")
    text = cli.run("memory", "session-context").out
    assert "<session-context>" in text and "Prefer small commits." in text and "Not pinned." not in text
    data = cli.ok("memory", "session-context")
    assert data["refs"] == ["project/pinned-rule.md"] and data["used_chars"] == len("Prefer small commits.")


def test_bare_memory_is_a_summary(cli):
    cli.remember("counted", "x")
    summary = cli.ok("memory")
    assert summary["facts"] == {"project": 1, "team": 0, "global": 0} and summary["pinned"]["budget"] == 1500
    assert "Facts        1 project, 0 team, 0 global" in cli.run("memory").out


def test_the_memory_path_imports_no_qt_mcp_or_keyring(cli):
    probe = ("import sys, runpy; sys.argv=['context-center','--state-root',%r,'memory','list','--json'];"
             "import context_center.__main__ as m\ntry: m.main()\nexcept SystemExit: pass\n"
             "bad=[n for n in sys.modules if n.split('.')[0] in ('PySide6','mcp','keyring','whoosh')]\n"
             "print('LOADED', bad)") % str(cli.root)
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=cli.workspace,
                         env=cli.env(), timeout=60).stdout
    assert out.strip().endswith("LOADED []"), out


def _modules_loaded_by(cli, *argv: str) -> set[str]:
    """The top-level packages a real process loaded to run ``context-center argv`` (a second run:
    the first one on a new root creates the catalog, which needs SQLAlchemy)."""
    import subprocess
    import sys
    probe = ("import sys; import context_center.__main__ as m\ncode = m.main(sys.argv[1:])\n"
             "import json; print('LOADED', json.dumps(sorted({n.split('.')[0] for n in sys.modules})))\n"
             "sys.exit(code)")
    args = [sys.executable, "-c", probe, "--state-root", str(cli.root), "--workspace", str(cli.workspace), *argv]
    proc = subprocess.run(args, capture_output=True, text=True, cwd=cli.workspace, env=cli.env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout.rsplit("LOADED", 1)[1]))


@pytest.mark.parametrize("argv", [
    ("memory", "list", "--json"), ("memory", "show", "deploys", "--json"), ("memory", "--json"),
    ("memory", "session-context", "--json"), ("memory", "recall", "how do deploys work?", "--json"),
    ("memory", "recall", "--last", "--json"),
    ("memory", "remember", "--title", "Second", "--body", "Releases are cut on Mondays.", "--json"),
], ids=lambda argv: " ".join(argv[:2]) + (" --last" if "--last" in argv else ""))
def test_reading_and_writing_facts_needs_no_sqlalchemy(cli, argv):
    """Its import alone is a quarter of a command's budget at 10,000 facts (bench/cli_latency.py): the
    fact rows, the folder snapshots and the recall traces are read and written through sqlite3."""
    cli.remember("deploys", "Deploys go through the staging cluster first.")
    cli.ok("memory", "recall", "how do deploys work?")
    loaded = _modules_loaded_by(cli, *argv)
    assert "sqlalchemy" not in loaded
    # the facts come from the catalog's snapshot, already parsed: a read imports no YAML either
    assert ("yaml" in loaded) == (argv[1] == "remember")


def test_the_state_with_no_file_still_comes_through_sqlalchemy(cli):
    cli.remember("deploys", "Deploys go through the staging cluster first.")
    assert "sqlalchemy" in _modules_loaded_by(cli, "memory", "recall", "--history", "--json")


def test_a_state_root_that_is_a_file_is_a_clear_storage_error(cli, tmp_path):
    afile = tmp_path / "not-a-folder"
    afile.write_text("x")
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(afile), "--workspace",
                           str(cli.workspace), "memory", "list", "--json"], capture_output=True, text=True,
                          env=cli.env(), timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("STORAGE_ERROR: ") and "is a file" in proc.stderr


def test_a_missing_workspace_is_refused(cli, tmp_path):
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(cli.root), "--workspace",
                           str(tmp_path / "missing"), "memory", "list", "--json"], capture_output=True, text=True,
                          env=cli.env(), timeout=60)
    assert proc.returncode == 1 and proc.stderr.startswith("INVALID_INPUT: ")


def test_the_command_line_words_the_hint_its_own_way(cli):
    refused = cli.refused("memory", "show", "nothing-here", code="NOT_FOUND")
    assert refused["hint"] == "find_fact" and "`memory list`" in refused["message"]


def test_memory_move_prints_the_moved_fact(cli):
    fact = cli.remember("style", "Short answers.")
    moved = cli.ok("memory", "move", fact["id"], "--to", "global")
    assert (moved["id"], moved["scope"], moved["revision"]) == (fact["id"], "global", 2)
    assert cli.run("memory", "move", fact["id"], "--to", "company").code == 2
