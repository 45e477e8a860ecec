"""Files put where Context Center looks: FIFOs, devices, huge or broken files, NUL bytes in an
import line. Each is a diagnostic or a clear refusal; nothing hangs, nothing crashes (#13)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine import InvalidInput, open_engine
from context_center.engine.storage.safe_read import MAX_TEXT_BYTES

pytestmark = pytest.mark.adversarial


def codes(resolved) -> list[str]:
    return [d.code for d in resolved.diagnostics]


@pytest.fixture
def engine_on(state_root: Path, workspace: Path):
    def opened():
        return open_engine(state_root, workspace)
    return opened


def test_a_fifo_named_agents_md_is_a_diagnostic_not_a_hang(engine_on, workspace: Path, cli_process):
    os.mkfifo(workspace / "AGENTS.md")
    (workspace / "CLAUDE.md").write_text("Use pnpm.\n", encoding="utf-8")
    with engine_on() as engine:
        resolved = engine.instructions()
        assert "document_unreadable" in codes(resolved)
        assert [d.body for d in resolved.documents] == ["Use pnpm."]
        with pytest.raises(InvalidInput, match="not a regular file"):
            engine.add_instruction_note("Run the linter first.", file=workspace / "AGENTS.md")
    for args in (["memory", "instructions", "--json"], ["memory", "--json"]):
        result = cli_process.run(*args)   # a real process: a hang would hit the 60 s timeout
        assert result.code == 0, result.err


def test_a_device_import_and_an_oversized_import_are_refused(engine_on, workspace: Path):
    (workspace / "big.md").write_bytes(b"x" * (MAX_TEXT_BYTES + 1))
    (workspace / "zero.md").symlink_to("/dev/zero")
    (workspace / "AGENTS.md").write_text("Rules.\n@big.md\n@zero.md\n", encoding="utf-8")
    with engine_on() as engine:
        resolved = engine.instructions()
    [document] = resolved.documents
    assert document.body.count("<!-- rejected: import_") == 2
    messages = " ".join(d.message for d in resolved.diagnostics)
    assert "over the" in messages and ("symlink" in messages or "regular" in messages)


def test_a_nul_byte_in_an_import_line_and_bad_utf8_are_diagnostics(engine_on, workspace: Path):
    (workspace / "AGENTS.md").write_text("Rules.\n@no\0pe.md\n", encoding="utf-8")
    (workspace / "CLAUDE.md").write_bytes(b"Bad \xff\xfe bytes.\n")
    with engine_on() as engine:
        resolved = engine.instructions()
    assert "import_invalid_path" in codes(resolved) and "document_unreadable" in codes(resolved)
    assert any("not UTF-8" in d.message for d in resolved.diagnostics)


def test_a_quick_add_never_copies_what_a_symlink_outside_points_to(engine_on, workspace: Path, tmp_path: Path):
    outside = tmp_path / "outside.md"
    outside.write_text("secret outside text\n", encoding="utf-8")
    (workspace / "AGENTS.md").symlink_to(outside)
    with engine_on() as engine:
        with pytest.raises(InvalidInput, match="symlink that leads outside"):
            engine.add_instruction_note("Run the linter first.")
    assert (workspace / "AGENTS.md").is_symlink() and outside.read_text(encoding="utf-8") == "secret outside text\n"
