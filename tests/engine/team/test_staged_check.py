"""The staged check's verdict on one file's bytes (the git side is in tests/cli/test_team_hook.py)."""
from __future__ import annotations

from context_center.engine.team.staged_check import check_content

SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def test_a_secret_is_named_by_kind_and_line_never_shown():
    problems = check_content("m/x.md", f"---\nname: x\n---\nUse {SECRET} to push.\n".encode())
    assert [(p.line, p.kind, p.reason) for p in problems] == [(4, "secret", "a secret (GitHub token)")]
    assert SECRET not in repr(problems)


def test_text_that_is_no_fact_and_bytes_that_are_no_text_are_refused():
    unparseable = check_content("m/x.md", b"---\nname: x\n")
    assert [(p.kind, p.line) for p in unparseable] == [("unparseable", 1)]
    assert "never closed" in unparseable[0].reason
    assert [p.kind for p in check_content("m/x.md", b"\xff\xfe\x00\xd8")] == ["unparseable"]


def test_a_setext_heading_is_not_a_conflict_and_an_index_is_not_parsed():
    assert check_content("m/x.md", "---\nname: x\n---\nTitle\n=======\n\nBody.\n".encode()) == []
    assert check_content("m/MEMORY.md", b"---\n- [x](x.md)\n") == []
    assert check_content("m/y.md", "---\nname: y\n---\n>>>>>>> other\n".encode())[0].kind == "conflict"
