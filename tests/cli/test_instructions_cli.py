"""``memory instructions`` and ``instructions add`` through the command line."""


def test_json_shape_and_labels(cli):
    (cli.workspace / "AGENTS.md").write_text("Always run tests.\n@missing.md\n")
    result = cli.ok("memory", "instructions")
    assert result.keys() >= {"workspace", "target", "documents", "diagnostics"}
    [doc] = result["documents"]
    assert doc.keys() >= {"label", "scope", "priority", "order", "body"} and doc["label"] == "workspace/AGENTS.md"
    [diag] = result["diagnostics"]
    assert diag.keys() >= {"code", "label", "source", "line", "message"}
    assert (diag["code"], diag["line"]) == ("import_unreadable", 2)


def test_the_readable_report_lists_order_sizes_imports_and_diagnostics(cli):
    (cli.workspace / "docs").mkdir()
    (cli.workspace / "docs" / "setup.md").write_text("Setup steps.\n")
    (cli.workspace / "AGENTS.md").write_text("Rules.\n@docs/setup.md\n@../x.md\n")
    out = cli.run("memory", "instructions").out
    assert "workspace/AGENTS.md" in out and "workspace/docs/setup.md" in out
    assert "~TOKENS" in out and "Diagnostics:" in out and "import_outside_source" in out
    assert f"{cli.workspace / 'AGENTS.md'}:3  " in out   # the rejected import's line
    # a diagnostic about a whole file names no line (a new user's walk read "AGENTS.md:0")
    (cli.workspace / "CLAUDE.md").write_text("@AGENTS.md\n")
    out = cli.run("memory", "instructions").out
    [line] = [line for line in out.splitlines() if "duplicate_document" in line]
    assert f"{cli.workspace / 'AGENTS.md'}  " in line and ":0" not in line
    assert "1 document," in out


def test_target_option_is_relative_to_the_current_directory(cli):
    (cli.workspace / "pkg").mkdir()
    (cli.workspace / "pkg" / "AGENTS.md").write_text("pkg rule\n")
    result = cli.ok("memory", "instructions", "--target", "pkg")
    assert [d["body"] for d in result["documents"]] == ["pkg rule"]


def test_instructions_add_writes_the_note(cli):
    result = cli.ok("instructions", "add", "Use", "pnpm", "for", "installs")
    assert result["path"].endswith("AGENTS.md")
    assert (cli.workspace / "AGENTS.md").read_text() == "# Project memory\n\n## Notes\n\n- Use pnpm for installs\n"
    local = cli.ok("instructions", "add", "--local", "my machine has 8 cores")
    assert local["path"].endswith("AGENTS.local.md")


def test_agent_views_answer_the_per_agent_shape(cli):
    (cli.workspace / "AGENTS.md").write_text("x" * 40_000 + "\n")
    (cli.workspace / "CLAUDE.md").write_text("Claude rule\n@AGENTS.md\n")
    codex = cli.ok("memory", "instructions", "--agent", "codex")
    assert codex.keys() >= {"agent", "workspace", "target", "documents", "diagnostics", "total_bytes", "limits"}
    [doc] = codex["documents"]
    assert doc.keys() >= {"label", "scope", "priority", "order", "body", "path", "bytes", "tokens", "status",
                          "reason", "kept_bytes"}
    assert (codex["agent"], doc["status"], doc["kept_bytes"], doc["bytes"]) == ("codex", "truncated", 32_768, 40_001)
    assert codex["total_bytes"] == 32_768 and codex["limits"]["project_doc_max_bytes"] == 32_768
    claude = cli.ok("memory", "instructions", "--agent", "claude-code")
    assert [(d["label"], d["status"]) for d in claude["documents"]] == [("workspace/CLAUDE.md", "loaded"),
                                                                         ("workspace/AGENTS.md", "loaded")]
    default = cli.ok("memory", "instructions")
    assert default["agent"] == "reasonix" and {d["status"] for d in default["documents"]} == {"loaded"}


def test_agent_view_report_and_comparison_for_people(cli):
    (cli.workspace / "AGENTS.md").write_text("y" * 33_000 + "\n")
    (cli.workspace / "CLAUDE.md").write_text("Claude rule\n")
    out = cli.run("memory", "instructions", "--agent", "codex").out
    assert "TRUNCATED" in out and "WARNING: the project chain is over project_doc_max_bytes" in out
    compared = cli.run("memory", "instructions", "--compare", "reasonix,claude-code,codex").out
    assert "Reasonix" in compared and "Claude Code" in compared and "CUT 32,768 of 33,001 B" in compared
    assert "workspace/CLAUDE.md reaches Reasonix and Claude Code; Codex does not read it" in compared
    assert "Cursor" not in compared
    data = cli.ok("memory", "instructions", "--compare")
    assert set(data["agents"]) == {"reasonix", "claude-code", "codex", "copilot", "gemini", "cursor", "windsurf"}
    assert "12,000 characters" in data["agents"]["windsurf"]["warnings"][0]   # Windsurf cuts AGENTS.md there


def test_unknown_agent_is_a_usage_error(cli):
    result = cli.run("memory", "instructions", "--agent", "vim")
    assert result.code == 2 and "invalid choice" in result.err
    assert cli.run("memory", "instructions", "--agent", "codex", "--compare").code == 2


def test_a_missing_target_is_refused_by_the_agent_views(cli):
    cli.refused("memory", "instructions", "--agent", "codex", "--target", "nope", code="INVALID_INPUT")
    cli.refused("memory", "instructions", "--compare", "--target", "nope", code="INVALID_INPUT")
