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
