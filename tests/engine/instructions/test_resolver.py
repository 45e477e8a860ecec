"""Instruction resolution: chain, precedence, imports, dedupe, diagnostics, quick add."""
import os
from pathlib import Path

import pytest

from context_center.engine.instructions.imports import import_target
from context_center.engine.instructions.resolver import add_note


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def resolve(engine, target=None):
    return engine.instructions(target if target is not None else engine.paths.workspace)


def codes(resolved):
    return [d.code for d in resolved.diagnostics]


# the chain ----------------------------------------------------------------------------------

def test_precedence_scopes_and_labels(engine, state_root, workspace):
    write(state_root / "REASONIX.md", "user reasonix")
    write(state_root / "AGENTS.local.md", "user local is not a user file")
    write(workspace / "AGENTS.md", "root agents")
    write(workspace / "CLAUDE.local.md", "root local")
    write(workspace / "pkg" / "AGENTS.md", "pkg agents")
    write(workspace / "pkg" / "REASONIX.local.md", "pkg local")
    docs = resolve(engine, workspace / "pkg").documents
    assert [(d.label, d.scope, d.priority, d.order) for d in docs] == [
        ("user/REASONIX.md", "user", 0, 0),
        ("workspace/AGENTS.md", "project", 10, 1),
        ("workspace/CLAUDE.local.md", "local", 11, 2),
        ("workspace/pkg/AGENTS.md", "ancestor", 12, 3),
        ("workspace/pkg/REASONIX.local.md", "local", 13, 4)]


def test_siblings_and_parents_of_the_workspace_are_not_read(engine, workspace):
    write(workspace.parent / "AGENTS.md", "above")
    write(workspace / "a" / "AGENTS.md", "sibling a")
    write(workspace / "b" / "c" / "AGENTS.md", "target")
    assert [d.body for d in resolve(engine, workspace / "b" / "c").documents] == ["target"]


def test_a_file_target_uses_its_directory(engine, workspace):
    write(workspace / "src" / "AGENTS.md", "src rules")
    source = write(workspace / "src" / "main.py", "print()")
    assert [d.body for d in resolve(engine, source).documents] == ["src rules"]


def test_a_target_outside_the_workspace_is_a_diagnostic(engine, workspace, tmp_path):
    write(workspace / "AGENTS.md", "root")
    resolved = resolve(engine, tmp_path)
    assert codes(resolved) == ["target_outside_workspace"]
    assert [d.body for d in resolved.documents] == ["root"] and resolved.target == workspace


def test_empty_files_are_skipped_and_bodies_trimmed(engine, workspace):
    write(workspace / "AGENTS.md", "\n\n   \n")
    write(workspace / "CLAUDE.md", "\n  keep me  \n\n")
    assert [d.body for d in resolve(engine).documents] == ["keep me"]


# dedupe ------------------------------------------------------------------------------------------

def test_identical_bodies_are_kept_once_from_the_more_specific_source(engine, state_root, workspace):
    write(state_root / "AGENTS.md", "Run the tests.")
    write(workspace / "pkg" / "CLAUDE.md", "Run the tests.\n")
    resolved = resolve(engine, workspace / "pkg")
    assert [d.label for d in resolved.documents] == ["workspace/pkg/CLAUDE.md"]
    assert codes(resolved) == ["duplicate_document"]


def test_near_duplicates_are_both_kept_and_flagged(engine, workspace):
    rules = [f"- rule {i}: do thing {i}" for i in range(12)]
    write(workspace / "AGENTS.md", "\n".join(rules))
    write(workspace / "CLAUDE.md", "\n".join(rules[:-1] + ["- rule 11: do another thing"]))
    resolved = resolve(engine)
    assert len(resolved.documents) == 2
    [near] = [d for d in resolved.diagnostics if d.code == "near_duplicate"]
    assert near.label == "workspace/CLAUDE.md" and "workspace/AGENTS.md" in near.message


def test_different_documents_are_not_near_duplicates(engine, workspace):
    write(workspace / "AGENTS.md", "- use pnpm\n- run vitest")
    write(workspace / "CLAUDE.md", "- write docs in English\n- keep PRs small")
    assert codes(resolve(engine)) == []


# imports -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line, target", [("@docs/setup.md", "docs/setup.md"), ("  @./notes.txt ", "./notes.txt"),
                                          ("@mention", None), ("@", None), ("@a/b and more", None),
                                          ("email me @ home", None)])
def test_what_counts_as_an_import_line(line, target):
    assert import_target(line) == target


def test_imports_resolve_from_the_importing_file_and_are_wrapped_with_the_documents_relative_path(
        engine, workspace):
    """As Reasonix writes it: the nested import is found beside docs/setup.md, and its wrapper
    names it from the workspace root, where AGENTS.md is."""
    write(workspace / "docs" / "setup.md", "SETUP\n@steps/one.md")
    write(workspace / "docs" / "steps" / "one.md", "ONE")
    write(workspace / "AGENTS.md", "Intro\n@docs/setup.md\nOutro")
    [doc] = resolve(engine).documents
    assert doc.body == ('Intro\n<instruction-import path="docs/setup.md">\nSETUP\n'
                        '<instruction-import path="docs/steps/one.md">\nONE\n</instruction-import>\n'
                        '</instruction-import>\nOutro')
    assert doc.imports == ("workspace/docs/setup.md", "workspace/docs/steps/one.md")


def test_a_deeper_documents_wrappers_are_relative_to_its_own_folder(engine, workspace):
    target = workspace / "pkg" / "api"
    write(workspace / "pkg" / "AGENTS.md", "PKG\n@notes/style.md")
    write(workspace / "pkg" / "notes" / "style.md", "STYLE\n@../shared/lint.md")
    write(workspace / "pkg" / "shared" / "lint.md", "LINT")
    target.mkdir(parents=True)
    [doc] = [d for d in resolve(engine, target).documents if d.body.startswith("PKG")]
    assert doc.body == ('PKG\n<instruction-import path="notes/style.md">\nSTYLE\n'
                        '<instruction-import path="shared/lint.md">\nLINT\n</instruction-import>\n'
                        '</instruction-import>')


def test_five_levels_expand_and_a_sixth_is_a_diagnostic(engine, workspace):
    for level in range(1, 7):
        write(workspace / f"l{level}.md", f"level {level}\n@l{level + 1}.md" if level < 6 else "level 6")
    write(workspace / "AGENTS.md", "@l1.md")
    resolved = resolve(engine)
    body = resolved.documents[0].body
    assert "level 5" in body and "level 6" not in body
    [problem] = resolved.diagnostics
    assert problem.code == "import_depth_exceeded" and problem.source == workspace / "l5.md" and problem.line == 2
    assert "@l6.md  <!-- rejected: import_depth_exceeded -->" in body   # two spaces, as Reasonix's markers


def test_a_file_imported_twice_is_expanded_once_and_the_repeat_keeps_its_line_marked(engine, workspace):
    write(workspace / "shared.md", "SHARED")
    write(workspace / "a.md", "@shared.md")
    write(workspace / "AGENTS.md", "@shared.md\n@a.md\n@./shared.md")
    body = resolve(engine).documents[0].body
    assert body.count("SHARED") == 1
    assert "@./shared.md  <!-- skipped: duplicate import -->" in body
    assert "@shared.md  <!-- skipped: duplicate import -->" in body  # the repeat inside a.md


def test_each_rejected_import_keeps_its_line_and_says_where(engine, workspace, tmp_path):
    outside = write(tmp_path / "outside.md", "OUTSIDE")
    os.symlink(outside, workspace / "escape.md")
    write(workspace / "binary.md", "").write_bytes(b"\xff\xfe\x00bad")
    write(workspace / "a.md", "@b.md")
    write(workspace / "b.md", "@a.md")
    (workspace / "folder.md").mkdir()
    write(workspace / "AGENTS.md", "\n".join([
        "@../outside.md", "@/etc/passwd", "@~/secrets.md", "@escape.md", "@missing.md", "@binary.md",
        "@folder.md", "@a.md"]))
    resolved = resolve(engine)
    found = {(d.code, d.source.name, d.line) for d in resolved.diagnostics}
    assert found == {("import_outside_source", "AGENTS.md", 1), ("import_absolute_path", "AGENTS.md", 2),
                     ("import_absolute_path", "AGENTS.md", 3), ("import_symlink_escape", "AGENTS.md", 4),
                     ("import_unreadable", "AGENTS.md", 5), ("import_unreadable", "AGENTS.md", 6),
                     ("import_unreadable", "AGENTS.md", 7), ("import_cycle", "b.md", 1)}
    body = resolved.documents[0].body
    assert "OUTSIDE" not in body and "@../outside.md  <!-- rejected: import_outside_source -->" in body
    assert "@a.md  <!-- skipped: import cycle -->" in body  # Reasonix's marker; the diagnostic is ours
    assert all(d.label == "workspace/AGENTS.md" for d in resolved.diagnostics)


def test_imports_are_confined_to_the_directory_of_the_instruction_file(engine, workspace):
    write(workspace / "docs" / "style.md", "STYLE")
    write(workspace / "pkg" / "AGENTS.md", "@../docs/style.md")
    resolved = resolve(engine, workspace / "pkg")
    assert codes(resolved) == ["import_outside_source"] and "STYLE" not in resolved.documents[0].body


def test_import_lines_inside_code_fences_are_text(engine, workspace):
    write(workspace / "AGENTS.md", "```\n@docs/example.md\n```")
    resolved = resolve(engine)
    assert codes(resolved) == [] and "@docs/example.md" in resolved.documents[0].body


def test_a_document_symlinked_from_outside_is_refused(engine, workspace, tmp_path):
    os.symlink(write(tmp_path / "elsewhere.md", "FOREIGN"), workspace / "AGENTS.md")
    resolved = resolve(engine)
    assert resolved.documents == () and codes(resolved) == ["document_symlink_escape"]


def test_a_realistic_monorepo(engine, workspace, tmp_path):
    """Nested packages with their own AGENTS.md, a CLAUDE.md that only imports AGENTS.md,
    and a docs folder symlinked into a package."""
    write(workspace / "AGENTS.md", "# Repo\n- pnpm only\n@docs/testing.md")
    write(workspace / "CLAUDE.md", "@AGENTS.md")
    write(workspace / "docs" / "testing.md", "- run pnpm test")
    api = workspace / "packages" / "api"
    write(api / "AGENTS.md", "# API\n- keep handlers pure\n@docs/handlers.md\n@shared-docs/testing.md")
    write(api / "CLAUDE.md", "@AGENTS.md")
    write(api / "docs" / "handlers.md", "- handlers live in src/handlers")
    os.symlink(workspace / "docs", api / "shared-docs")
    write(workspace / "packages" / "web" / "AGENTS.md", "# Web")
    resolved = resolve(engine, api / "src")
    # each CLAUDE.md carries exactly its AGENTS.md, so each pair is kept once (the later CLAUDE.md,
    # which shows the import); nothing from the sibling package; the symlinked docs folder leads
    # outside the package, so that import is refused.
    assert [d.label for d in resolved.documents] == ["workspace/CLAUDE.md", "workspace/packages/api/CLAUDE.md"]
    assert [d.code for d in resolved.diagnostics].count("duplicate_document") == 2
    bodies = "".join(d.body for d in resolved.documents)
    assert "# Web" not in bodies and bodies.count("- pnpm only") == 1
    assert resolved.documents[0].imports == ("workspace/AGENTS.md", "workspace/docs/testing.md")
    assert "- handlers live in src/handlers" in resolved.documents[1].body
    assert [(d.code, d.source.name, d.line) for d in resolved.diagnostics if d.code.startswith("import")] == [
        ("import_symlink_escape", "AGENTS.md", 4)]


def test_the_digest_changes_with_the_content_only(engine, workspace):
    write(workspace / "AGENTS.md", "one")
    first = resolve(engine).digest
    assert resolve(engine).digest == first
    write(workspace / "AGENTS.md", "two")
    assert resolve(engine).digest != first


# quick add ---------------------------------------------------------------------------------------------

def test_quick_add_prefers_reasonix_then_agents_then_claude(engine, workspace):
    write(workspace / "CLAUDE.md", "# Claude")
    assert engine.add_instruction_note("first note").name == "CLAUDE.md"
    write(workspace / "AGENTS.md", "# Agents")
    assert engine.add_instruction_note("second").name == "AGENTS.md"
    assert "## Notes\n\n- first note" in (workspace / "CLAUDE.md").read_text()


def test_quick_add_creates_agents_md_or_the_local_variant_with_reasonix_heading(engine, workspace):
    assert engine.add_instruction_note("/remember   use  pnpm ").read_text() == (
        "# Project memory\n\n## Notes\n\n- use pnpm\n")
    assert engine.add_instruction_note("# private note", local=True) == workspace / "AGENTS.local.md"
    assert (workspace / "AGENTS.local.md").read_text() == "# Project memory\n\n## Notes\n\n- private note\n"


def test_quick_add_writes_to_the_file_the_user_chose(engine, workspace, state_root):
    write(workspace / "REASONIX.md", "# Reasonix")
    write(workspace / "AGENTS.md", "# Agents")
    (workspace / "web").mkdir()
    targets = engine.quick_add_targets(workspace / "web")
    assert targets[0] == (workspace / "REASONIX.md", True)  # the default, as /remember picks it
    assert (workspace / "AGENTS.md", True) in targets and (workspace / "web" / "AGENTS.md", False) in targets
    assert (state_root / "AGENTS.md", False) in targets and (state_root / "AGENTS.local.md", False) not in targets
    assert engine.add_instruction_note("agents only", file=workspace / "AGENTS.md") == workspace / "AGENTS.md"
    assert "- agents only" in (workspace / "AGENTS.md").read_text()
    assert "agents only" not in (workspace / "REASONIX.md").read_text()
    assert engine.add_instruction_note("web rule", file=workspace / "web" / "CLAUDE.local.md").is_file()


def test_quick_add_refuses_a_file_that_is_not_an_instruction_file_of_this_store(engine, workspace, tmp_path):
    from context_center.engine import InvalidInput
    for bad in (workspace / "README.md", tmp_path / "elsewhere" / "AGENTS.md", workspace / "missing" / "AGENTS.md"):
        with pytest.raises(InvalidInput):
            engine.add_instruction_note("note", file=bad)


def test_notes_go_at_the_end_of_the_notes_section():
    document = "# Title\n\n## Notes\n\n- one\n\n## Other\n\ntext\n"
    assert add_note(document, "two") == "# Title\n\n## Notes\n\n- one\n- two\n\n## Other\n\ntext\n"


def test_quick_add_refuses_empty_notes_and_secrets(engine):
    from context_center.engine import InvalidInput, SensitiveContent
    with pytest.raises(InvalidInput):
        engine.add_instruction_note("  ")
    with pytest.raises(SensitiveContent):
        engine.add_instruction_note("deploy with password=hunter2hunter2")
